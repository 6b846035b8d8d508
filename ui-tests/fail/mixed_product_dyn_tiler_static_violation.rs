// A tiler with a run-time entry keeps the static checks of the product: the block (4,n):(1,6)
// of mode 0 has no complement (6 is not a multiple of the extent 4 below it), whatever the
// run-time tile size and n are.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![hlist![_4, Dyn(n)], Dyn(n)], hlist![hlist![_1, _6], _32]);
    let _ = try_zipped_product(a.unwrap(), Tile(hlist![Dyn(n + 1)]));
}
