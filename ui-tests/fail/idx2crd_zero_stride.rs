// The 3-argument idx2crd divides the index by each stride: a zero stride is refused.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = idx2crd_strided(_7, hlist![_4, _8], hlist![_1, _0]);
}
