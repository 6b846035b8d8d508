// tile! modes must be separated by commas; int!/Int! take one literal.
use layout_algebra::typelevel::{int, tile, Int};

fn main() {
    let _ = tile!(4:1 8:2);
    let n = 4;
    let _ = int!(n);
    let _: Int![1.5];
}
