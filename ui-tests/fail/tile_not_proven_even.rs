// A kernel that drops predication requires its tiles to fill the matrix: with
// M a DivBy<32> (checked once when made) and K = 16 the (32,8) tiles of (M,K)
// provably do; with K a DivBy<4> under a tile of 8 they are not proven to.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let (m, k) = (div_by::<32>(96).unwrap(), div_by::<4>(12).unwrap());
    let a = Layout::try_new(hlist![m, _16], hlist![_1, m]).unwrap();
    assert_evenly_divides(&a, tile!(32, 8));
    let b = Layout::try_new(hlist![m, k], hlist![_1, m]).unwrap();
    assert_evenly_divides(&b, tile!(32, 8));
}
