// The stride (1,4,32) has three leaves for the two modes of the shape (4,8).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = crd2idx(hlist![_1, _2], hlist![_4, _8], hlist![_1, _4, _32]);
}
