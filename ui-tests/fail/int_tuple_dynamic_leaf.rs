// The int-tuple functions compute at compile time: a run-time leaf in any
// operand is refused by name, the operand shown in decimal.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let shape = hlist![_4, Dyn(6)];
    let _ = idx2crd(_5, shape);
    let _ = shape_div(hlist![_8, _6], hlist![Dyn(2), _1]);
}
