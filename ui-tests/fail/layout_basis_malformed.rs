// Scaled bases are strides: not shape extents; at most 4 indices, each below 256.
use layout_algebra::typelevel::*;

fn main() {
    let _ = layout!((4@0,8):(1,4));
    let _ = layout!((4,8):(1@0@0@0@0@0,1@1));
    let _ = layout!((4,8):(1@256,1@1));
    let _ = layout!((4,8):(1@,1@1));
}
