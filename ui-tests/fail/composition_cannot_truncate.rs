// (4,2,8):(3,12,97) ∘ 4:3: A coalesces to (8,8):(3,97), but offsets 0..9 reach past
// its first mode, and 3 and 8 do not divide each other (paper 3.3.3).
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P2, P8], HList![P3, P12, P97]>;
    let _ = composition(A::default(), Layout::<P4, P3>::default());
}
