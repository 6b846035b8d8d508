// ceil_div by a divisor of size 0: every divisor must be positive.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = ceil_div(hlist![_4, _6], _0);
}
