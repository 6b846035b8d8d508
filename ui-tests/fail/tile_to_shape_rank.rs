// A block of rank 3 cannot be tiled to a shape of rank 2 (it is padded, never truncated).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = tile_to_shape(layout!((2,2,2):(1,2,4)), hlist![_8, _8], _0);
}
