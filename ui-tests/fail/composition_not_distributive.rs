// (4,8):(1,10) ∘ (4,2):(1,2): composing mode by mode gives (4,2):(1,2), but
// A(B(0,1)) = A(2) = 2 while A(B(3,1)) = A(5) = 11 ≠ 3 + 2: B's modes overlap in A's first digit.
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P8], HList![P1, P10]>;
    type B = Layout<HList![P4, P2], HList![P1, P2]>;
    let _ = composition(A::default(), B::default());
}
