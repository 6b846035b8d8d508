// The products of a layout with dynamic leaves take a layout or a tile, not an integer.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![Dyn(4 * n), Dyn(8)], hlist![_1, Dyn(4 * n)]).unwrap();
    let _ = try_logical_product(a, _3);
}
