// A dynamic extent does not defer a rule its static strides decide: sorted by stride,
// (4,n):(1,6) has the mode 4:1 below stride 6, and 6 is not a multiple of the extent 4,
// whatever n is.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_4, Dyn(n)], hlist![_1, _6]).unwrap();
    let _ = try_complement(a, Dyn(64));
}
