// (4,2,8):(3,15,97) ∘ 3:3: A does not coalesce, offsets 0..6 cross its first mode (4),
// and 3 and 4 do not divide each other (paper 3.3.3).
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,2,8):(3,15,97)), layout!(3:3));
}
