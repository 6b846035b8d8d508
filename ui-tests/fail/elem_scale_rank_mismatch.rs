// elem_scale of a rank-2 tuple by a rank-3 tuple: the ranks must match.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = elem_scale(hlist![_2, _3], hlist![_4, _5, _6]);
}
