// A static extent is decided at compile time: the rows of (12,K) hold one
// and a half tiles of 8 (12 is no multiple of 8), whatever K is.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let a = Layout::try_new(hlist![_12, div_by::<4>(8).unwrap()], hlist![_1, _12]).unwrap();
    assert_evenly_divides(&a, tile!(4, 4));
    assert_evenly_divides(&a, tile!(8, 4));
}
