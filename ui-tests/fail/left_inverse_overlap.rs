// (4,2):(1,2): the mode 4:1 reaches past the next stride 2, so the layout is not
// injective. Its generalized left inverse (A(R(A(k))) = A(k), CuTe C++'s (_2,_2):(_1,_4))
// is not proven by the types: try_left_inverse checks it point by point at run time.
use layout_algebra::typelevel::*;

fn main() {
    let _ = left_inverse(layout!((4,2):(1,2)));
}
