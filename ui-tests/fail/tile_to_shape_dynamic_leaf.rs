// tile_to_shape computes its result as a type: a block with a run-time leaf
// is refused at the front door, naming the form that takes it.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64 * 4;
    let a = Layout::try_new(hlist![Dyn(n), _2], hlist![_1, Dyn(n)]).unwrap();
    let _ = tile_to_shape(a, hlist![_8, _8], _0);
}
