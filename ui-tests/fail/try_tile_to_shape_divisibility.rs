// try_tile_to_shape takes run-time extents, but a static violation is still a
// compile error, and the only one: the block's mode of size 2 does not divide
// the static 5, whatever the run-time extent of the other mode; nor does the
// mode of size 4 divide the static 2 (a count below 1, which leaves no other
// error behind).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = try_tile_to_shape(layout!((2,2):(1,2)), hlist![Dyn(8), _5], _0);
    let _ = try_tile_to_shape(layout!((4,2):(1,4)), hlist![_2, Dyn(8)], _0);
}
