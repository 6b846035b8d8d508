// (4,2,8):(3,15,97) ∘ 3:3: A does not coalesce, offsets 0..6 cross its first mode (4),
// and 3 and 4 do not divide each other (paper 3.3.3).
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P2, P8], HList![P3, P15, P97]>;
    let _ = composition(A::default(), Layout::<P3, P3>::default());
}
