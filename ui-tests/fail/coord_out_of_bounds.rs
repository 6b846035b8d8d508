// A static coordinate outside its extent (or outside the size, as a 1-D
// index), negative, or outside the shape in a slice.
use layout_algebra::typelevel::{int, layout, _0, _1, _4, _8, __};

fn main() {
    let l = layout!((4, 8):(1, 4));
    let _ = l.call((_4, _1));
    let _ = l.call(int!(32));
    let _ = l.call((int!(-1), _0));
    let _ = l.slice((__, _8));
}
