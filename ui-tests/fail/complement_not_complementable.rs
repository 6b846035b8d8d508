// (4,8):(1,5): the gap between extent 4 and stride 5 is not a whole number of copies
// of the first mode (CuTe C++ and pycute silently return a complement that misses offsets).
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P4, P8], HList![P1, P5]>;
    let _ = complement(A::default(), P64::default());
}
