// complement_default((4,12):(16,1)): sorted by stride, (12:1, 4:16); stride 16 is not a
// multiple of the extent 12 of the mode below it, so no layout fills the gaps.
use layout_algebra::typelevel::*;

fn main() {
    let _ = complement_default(layout!((4,12):(16,1)));
}
