// (4,8):(1,5): the stride 5 is not a multiple of the extent 4 below it, so no
// layout maps the offsets back (CuTe C++ fails with a static_assert in its headers).
use layout_algebra::typelevel::*;

fn main() {
    let _ = left_inverse(layout!((4,8):(1,5)));
}
