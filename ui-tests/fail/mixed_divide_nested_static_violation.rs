// A mode that nests a dynamic leaf, (2,M):(1,2), is divided by composing it
// with the tile: the static parts still decide at compile time that a tile of
// 3 cannot start with the static leaf 2 (3 elements cross it off its boundary;
// CuTe C++ refuses it too).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let a = Layout::try_new(hlist![hlist![_2, Dyn(6)], Dyn(5)], hlist![hlist![_1, _2], Dyn(12)]);
    let _ = try_logical_divide(a.unwrap(), tile!(3));
}
