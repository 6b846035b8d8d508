// CuTe C++ composes (4,2,6):(1@0,1@1,1@2) with (10,12,2):(4,4,4) mode by mode
// and returns a layout whose value at 11 is 2@1, while A(B(11)) is 1@2: the
// modes of B interfere in A, so left distributivity is refused.
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,2,6):(1@0,1@1,1@2)), layout!((10,12,2):(4,4,4)));
}
