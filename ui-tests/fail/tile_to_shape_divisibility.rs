// The block (2,2) cannot fill (8,5): its mode of size 2 does not divide 5.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = tile_to_shape(layout!((2,2):(1,2)), hlist![_8, _5], _0);
}
