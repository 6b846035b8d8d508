// A tiler with three entries for a rank-2 layout.
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P8, P16], HList![P20, P1]>;
    type T = Tile<HList![Layout<P4, P1>, Layout<P8, P2>, Layout<P2, P1>]>;
    let _ = zipped_divide(A::default(), T::default());
}
