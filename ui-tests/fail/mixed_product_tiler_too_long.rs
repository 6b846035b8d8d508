// A product by a tiler multiplies mode by mode: a tiler with more entries than the layout has
// modes is refused at compile time, whatever the dynamic extent is.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![Dyn(n), _2], hlist![_1, Dyn(n)]).unwrap();
    let _ = try_zipped_product(a, tile!(2, 3, 4));
}
