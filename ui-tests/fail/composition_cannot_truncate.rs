// (4,2,8):(3,12,97) ∘ 4:3: A coalesces to (8,8):(3,97), but offsets 0..9 reach past
// its first mode, and 3 and 8 do not divide each other (paper 3.3.3).
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,2,8):(3,12,97)), layout!(4:3));
}
