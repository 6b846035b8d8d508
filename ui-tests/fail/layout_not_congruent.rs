// A stride whose tree differs from the shape's: reported at the stride.
use layout_algebra::typelevel::layout;

fn main() {
    let _ = layout!((4, 8):(1, 4, 32));
    let _ = layout!((4, (2, 2)):(1, 4));
}
