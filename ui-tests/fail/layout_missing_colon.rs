// Shape and stride must be separated by `:`, and a `:` must be followed by a stride.
use layout_algebra::typelevel::layout;

fn main() {
    let _ = layout!((4, 8) (1, 4));
    let _ = layout!((4, 8):);
}
