// 8:1 ∘ 4:-1 would read offsets below zero.
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    let _ = composition(Layout::<P8, P1>::default(), Layout::<P4, N1>::default());
}
