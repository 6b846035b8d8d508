// A dynamic leaf is an `i64`: a `usize` is a type error at the expression.
use layout_algebra::typelevel::layout;

fn main() {
    let n: usize = 4;
    let _ = layout!((4, {n}):(1, 4));
    let _ = layout!((4, 8):(1, { let s = 4u32; s }));
}
