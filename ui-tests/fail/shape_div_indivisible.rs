// shape_div((6,2), 4): neither of 6 and 4 divides the other.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = shape_div(hlist![_6, _2], _4);
}
