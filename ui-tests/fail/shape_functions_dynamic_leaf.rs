// Functions that build a static layout from a shape refuse a run-time leaf
// by name: make_identity_layout and make_ordered_layout (their try_* forms
// accept it), and tile_to_shape's target shape.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let shape = hlist![_4, Dyn(6)];
    let _ = make_identity_layout(shape);
    let _ = make_ordered_layout(shape, hlist![_1, _0]);
    let _ = tile_to_shape(layout!((2,2):(1,2)), shape, _0);
}
