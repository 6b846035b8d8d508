// (4,8):(3,8): the stride 3 does not divide the next stride 8, so offsets cannot be
// read back in a mixed radix (CuTe C++ fails with a static_assert in its headers).
use layout_algebra::typelevel::*;

fn main() {
    let _ = left_inverse(layout!((4,8):(3,8)));
}
