// A tiler with more entries than the layout has modes is refused, with dynamic
// leaves as without.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
    let _ = try_zipped_divide(a, tile!(8, 4, 2));
}
