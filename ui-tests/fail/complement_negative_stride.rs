// A layout with a negative stride has no complement (CuTe C++ returns garbage:
// complement(4:-2, 24) = (-2,-1):(1,-8)).
use layout_algebra::typelevel::*;

fn main() {
    let _ = complement(layout!(4:-2), int!(24));
}
