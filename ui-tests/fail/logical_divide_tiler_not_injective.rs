// Dividing by the tiler (2,2):(1,1), which revisits offsets, has no rest mode.
use layout_algebra::typelevel::*;

fn main() {
    let _ = logical_divide(layout!(16:1), layout!((2,2):(1,1)));
}
