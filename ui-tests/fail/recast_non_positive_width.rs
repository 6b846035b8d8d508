// An element width of 0 bits: no layout reads elements of no width.
use layout_algebra::typelevel::*;

fn main() {
    let _ = recast_layout(layout!((4,8):(1,4)), int!(0), int!(16));
}
