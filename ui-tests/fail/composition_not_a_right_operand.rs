// The right operand of composition is a layout, a tile or an integer of the library
// (`int!(n)`, `Dyn`, `DivBy<N>`), not a plain `usize`.
use layout_algebra::typelevel::*;

fn main() {
    let _ = try_composition(layout!((4,8):(9,2)), 6usize);
}
