// A mode index past the rank of the layout: mode 3 of a rank-3 layout.
use layout_algebra::typelevel::*;

fn main() {
    let a = layout!((2, 3, 5):(1, 2, 6));
    let _ = get(a, _3);
}
