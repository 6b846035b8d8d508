// Dividing by the tiler (2,2):(1,1), which revisits offsets, has no rest mode.
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type T = Layout<HList![P2, P2], HList![P1, P1]>;
    let _ = logical_divide(Layout::<P16, P1>::default(), T::default());
}
