// Zero and negative extents: reported at the extent.
use layout_algebra::typelevel::layout;

fn main() {
    let _ = layout!((4, 0):(1, 4));
    let _ = layout!((4, (-2, 3)));
}
