// An integer B is the layout n:_1: a static 6 crosses the static first mode 4:1 of
// (4,n):(1,4n) after 4 elements, and 4 does not divide 6, whatever n is.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_4, Dyn(n)], hlist![_1, Dyn(4 * n)]).unwrap();
    let _ = try_composition(a, _6);
}
