// (4,8):(1,5): the stride 5 is not a multiple of the extent 4 below it, so no
// layout maps the offsets back (CuTe C++ fails with a static_assert deep in its headers).
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P8], HList![P1, P5]>;
    let _ = left_inverse(A::default());
}
