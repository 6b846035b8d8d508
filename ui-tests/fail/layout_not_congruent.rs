// A stride whose tree differs from the shape's: reported at the stride, once
// (using the failed layout afterwards adds no further errors).
use layout_algebra::typelevel::{layout, Layout};

struct Holder {
    tile: Layout![(4, (2, 2)):(1, 4)],
}

fn main() {
    let a = layout!((4, 8):(1, 4, 32));
    assert_eq!(a.call((1usize, 2usize)), 9);
    let b: Layout![(4, (2, 2)):(1, 4)] = layout!((4, (2, 2)):(1, (4, 8)));
    println!("{:?}", Holder { tile: b }.tile);
}
