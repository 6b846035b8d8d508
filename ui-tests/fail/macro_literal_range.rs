// Every leaf is an `i64`: a literal out of the range of its suffix's type or
// of `i64`, or with a pointer-width suffix, is an error at the literal.
use layout_algebra::typelevel::{int, layout, tile, Int};

fn main() {
    let _ = int!(5000000000u32);
    let _ = int!(-4u64);
    let _ = int!(100000000000000000000000000000000000000000);
    let _: Int![9223372036854775808];
    let _ = int!(-9223372036854775809);
    let _ = int!(4usize);
    let _ = layout!((4, 300u8):(1, 4));
    let _ = layout!((4, 8):(1, 10000000000000000000000000000000000000000));
    let _ = tile!(4:-4u64);
}
