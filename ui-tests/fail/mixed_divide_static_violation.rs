// A divide of a layout with dynamic leaves still checks its static parts at compile
// time: the static mode (2,3):(1,36) cannot be split by a tile of 3 (3 is neither a
// multiple nor a divisor of 2, the size of the first of the modes it spans).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let a = Layout::try_new(hlist![Dyn(200), hlist![_2, _3]], hlist![_1, hlist![_1, _36]]);
    let _ = try_zipped_divide(a.unwrap(), tile!(8, 3));
}
