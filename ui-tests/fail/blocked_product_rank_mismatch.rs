// blocked_product pairs modes: a rank-3 tile cannot be blocked over a rank-2 grid
// (CuTe C++ silently pads the grid with 1:0).
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P3, P4, P2], HList![P4, P1, P12]>;
    type B = Layout<HList![P2, P5], HList![P1, P2]>;
    let _ = blocked_product(A::default(), B::default());
}
