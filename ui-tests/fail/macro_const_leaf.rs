// Identifier leaves: an upper-case name is a `usize` constant in scope (a
// const generic parameter or `const` item); anything else is an error at the
// name.
use layout_algebra::typelevel::{layout, tile, Layout};

const MR: usize = 4;
const SIGNED: i64 = 3;

fn main() {
    let _ = layout!((4, k):(1, 4)); // lower case: a run-time value is `{k}`
    let _ = layout!((-MR, 4)); // an extent is positive
    let _ = layout!((4, 4):(MR@0, 1)); // a basis's scale is a literal
    let _ = layout!((NR, 4)); // no such constant
    let _: Layout![(SIGNED, 4)]; // not a `usize`
    let _ = tile!(MR, Mr); // not in upper case
}
