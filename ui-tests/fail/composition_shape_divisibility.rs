// (4,6,8):(2,3,5) ∘ 6:1: the first 6 elements span the first mode (4) which does not divide 6.
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P6, P8], HList![P2, P3, P5]>;
    let _ = composition(A::default(), Layout::<P6, P1>::default());
}
