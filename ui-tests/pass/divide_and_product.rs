// The paper's tiling examples (3.5.1, 3.5.2) compile to the expected types.
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P8, P16], HList![P20, P1]>;
    type T = Tile<HList![Layout<P4, P1>, Layout<P8, P2>]>;
    let _: Layout<HList![HList![P4, P8], HList![P2, P2]], HList![HList![P20, P2], HList![P80, P1]]> =
        zipped_divide(A::default(), T::default());
    type Tl = Layout<HList![P3, P4], HList![P4, P1]>;
    type G = Layout<HList![P2, P5], HList![P1, P2]>;
    let _: Layout<HList![HList![P2, P3], HList![P5, P4]], HList![HList![P12, P4], HList![P24, P1]]> =
        raked_product(Tl::default(), G::default());
}
