// try_tile_to_shape takes run-time extents, but a static violation is still a
// compile error: the block's mode of size 2 does not divide the static 5,
// whatever the run-time extent of the other mode.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = try_tile_to_shape(layout!((2,2):(1,2)), hlist![Dyn(8), _5], _0);
}
