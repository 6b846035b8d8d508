// Shape and stride must be separated by `:`.
use layout_algebra::typelevel::layout;

fn main() {
    let _ = layout!((4, 8) (1, 4));
}
