// Tokens that are not integers, `{expr}` or tuples; a non-integer literal;
// an integer too large for i64; a missing comma.
use layout_algebra::typelevel::{layout, Layout};

fn main() {
    let _ = layout!((4, x):(1, 4));
    let _ = layout!((4, 2.5));
    let _ = layout!((4, 9223372036854775808));
    let _ = layout!((4 8));
    let _: Layout![(4, 8):(1, 4) extra];
}
