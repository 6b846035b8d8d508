// A rank-2 coordinate and source shape, a rank-3 target shape: mode by mode
// needs one rank.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = crd2crd(hlist![_1, _2], hlist![_4, _8], hlist![_2, _2, _8]);
}
