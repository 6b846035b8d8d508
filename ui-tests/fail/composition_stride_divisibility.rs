// (4,6,8):(2,3,5) ∘ 6:3: the stride 3 and the prefix size 4 do not divide each
// other; no layout selects every third element (CuTe C++ 4.2 wrongly returns (2,3):(6,3)).
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P6, P8], HList![P2, P3, P5]>;
    let _ = composition(A::default(), Layout::<P6, P3>::default());
}
