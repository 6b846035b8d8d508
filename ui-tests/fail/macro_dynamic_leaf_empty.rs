// A dynamic leaf `{..}` holds an `i64` expression: an empty one is an error
// at its braces.
use layout_algebra::typelevel::{layout, Layout};

fn main() {
    let _ = layout!((4, {}):(1, 4));
    let _: Layout![(4, {}):(1, 4)];
}
