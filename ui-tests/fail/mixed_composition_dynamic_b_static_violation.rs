// A dynamic leaf of B does not defer a rule the static parts decide: B's static leaf 2:6
// meets the static first mode 4:1 of A = (4,8):(1,5), and 4 and 6 divide neither way.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let b = Layout::try_new(hlist![Dyn(n), _2], hlist![_1, _6]).unwrap();
    let _ = try_composition(layout!((4, 8):(1, 5)), b);
}
