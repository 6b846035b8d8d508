// (4,8):(2,8) has no stride-1 mode to split into narrower elements
// (CuTe C++: "Downcast requires adjacent elements").
use layout_algebra::typelevel::*;

fn main() {
    let _ = downcast(layout!((4,8):(2,8)), int!(2));
}
