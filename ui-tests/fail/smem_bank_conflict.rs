// A kernel that requires its shared-memory reads to be conflict-free. Swizzled,
// the f16 tile passes; unswizzled, 16-byte reads down 8 rows of 128 bytes all
// start on the same 4 banks: instruction 0 takes 32 wavefronts instead of 4.
use layout_algebra::typelevel::*;

type Rows = Layout![(8,64):(64,1)];
type ReadDownRows = Layout![((8,4),8):((1,64),8)];

fn kernel<Tile: SmemLayout>() {
    let () = SmemAccess::<Tile, ReadDownRows, 2, 16>::ASSERT_CONFLICT_FREE;
}

fn main() {
    kernel::<ComposedLayout<Swizzle<3, 3, 3>, Z0, Rows>>();
    kernel::<Rows>();
}
