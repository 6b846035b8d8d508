// A dynamic mode does not defer a rule the static parts decide: the stride 6 of 2:6 meets
// the static first mode 4:1 of (4,n):(1,4n), and 4 and 6 divide neither way, whatever n is.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_4, Dyn(n)], hlist![_1, Dyn(4 * n)]).unwrap();
    let _ = try_composition(a, layout!(2:6));
}
