// (4,8):(1,10) ∘ (4,2):(1,2): composing mode by mode would give (4,2):(1,2), but
// A(B(3,1)) = A(5) = 11, not 3 + 2: B's modes overlap in A's first mode.
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,8):(1,10)), layout!((4,2):(1,2)));
}
