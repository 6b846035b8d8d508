// (4,2,8):(3,12,97) ∘ 3:3 = 3:9: 4 and 3 do not divide each other, but A coalesces to
// (8,8):(3,97) and the offsets 0, 3, 6 stay inside its first mode (paper 3.3.3).
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P2, P8], HList![P3, P12, P97]>;
    let r: Layout<P3, P9> = composition(A::default(), Layout::<P3, P3>::default());
    let _ = r;
    // Truncation inside one mode: (4,8):(1,10) ∘ 3:1 = 3:1 (3 does not divide 4).
    type B = Layout<HList![P4, P8], HList![P1, P10]>;
    let _: Layout<P3, P1> = composition(B::default(), Layout::<P3, P1>::default());
    // Beyond A's domain: 7:11 ∘ 3:4 = 3:44 (paper 3.3.3).
    let _: Layout<P3, P44> = composition(Layout::<P7, P11>::default(), Layout::<P3, P4>::default());
}
