// (4,4):(1,5) ∘ (2,2):(-1,4): B(1,1) = -1 + 4 = 3 and A(3) = 3, but composing
// mode by mode gives (2,2):(-1,5), whose offset there is 4 (CuTe C++'s
// answer): the positive leaf leaves A's first mode, and -1 borrows from it.
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,4):(1,5)), layout!((2,2):(-1,4)));
}
