// shape_div(3, 0): a division by zero.
use layout_algebra::typelevel::*;

fn main() {
    let _ = shape_div(_3, _0);
}
