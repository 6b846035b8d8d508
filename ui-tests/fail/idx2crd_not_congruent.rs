// A rank-3 coordinate for the rank-2 shape (4,8).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = idx2crd(hlist![_1, _2, _3], hlist![_4, _8]);
}
