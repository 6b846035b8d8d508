// elem_scale of a tuple by an integer: a tuple is scaled only by a tuple.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = elem_scale(hlist![_2, _3], _4);
}
