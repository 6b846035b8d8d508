// (4,6,8):(2,3,5) ∘ 6:1: the first 6 elements span the first mode (4), which does not divide 6.
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,6,8):(2,3,5)), layout!(6:1));
}
