// A scaled-basis stride of B must name a mode of A, run-time leaves or not:
// (4,n):(1,4) has modes 0 and 1, and 2:1@2 names mode 2.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_4, Dyn(n)], hlist![_1, Dyn(4)]).unwrap();
    let _ = try_composition(a, layout!(2:1@2));
}
