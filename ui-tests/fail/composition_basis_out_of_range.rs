// A scaled-basis stride v@i of B composes mode i of A with s:v; A = (4,8):(1,4)
// has no mode 2, so `2:1@2` names none (the runtime layer: out_of_bounds).
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,8):(1,4)), layout!(2:1@2));
}
