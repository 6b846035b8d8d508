// The order (0,1) has two entries for the three leaves of (4,8,2).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = make_ordered_layout(hlist![_4, _8, _2], hlist![_0, _1]);
}
