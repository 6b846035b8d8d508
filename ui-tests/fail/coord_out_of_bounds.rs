// A static coordinate outside its extent (or outside the size, as a 1-D index).
use layout_algebra::typelevel::{int, layout, _1, _4};

fn main() {
    let l = layout!((4, 8):(1, 4));
    let _ = l.call((_4, _1));
    let _ = l.call(int!(32));
}
