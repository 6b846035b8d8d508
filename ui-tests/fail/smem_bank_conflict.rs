// A kernel's requirement that its shared-memory reads be conflict-free. Swizzled,
// the f16 tile passes; unswizzled, 16-byte reads down 8 rows of 128 bytes all
// start on the same 4 banks: instruction 0 takes 32 wavefronts instead of 4.
use layout_algebra::typelevel::*;

type Rows = Layout![(8,64):(64,1)];
type ReadDownRows = Layout![((8,4),8):((1,64),8)];
type Swizzled = ComposedLayout<Swizzle<3, 3, 3>, Z0, Rows>;

const _: () = assert_conflict_free(SmemAccess::<Swizzled, ReadDownRows, 2, 16>::VERDICT);
const _: () = assert_conflict_free(SmemAccess::<Rows, ReadDownRows, 2, 16>::VERDICT);

fn main() {}
