// The profile (1,1,1) has three entries for a layout of two modes.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = coalesce_profile(layout!((2,(2,4)):(1,(2,4))), hlist![_1, _1, _1]);
}
