// (4,8):(1,5): the gap between extent 4 and stride 5 is not a whole number of copies
// of the first mode (CuTe C++ and pycute silently return a complement that misses offsets).
use layout_algebra::typelevel::*;

fn main() {
    let _ = complement(layout!((4,8):(1,5)), int!(64));
}
