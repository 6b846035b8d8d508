// A layout with a negative stride has no complement (CuTe C++ returns garbage:
// complement(4:-2, 24) = (-2,-1):(1,-8)).
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    let _ = complement(Layout::<P4, N2>::default(), P24::default());
}
