// (2,2):(2,3) maps (1,0) and (0,1) near each other: the mode of stride 3 starts inside
// the extent 4 of the mode below it, so the layout is not injective and has no complement.
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

fn main() {
    type A = Layout<HList![P2, P2], HList![P2, P3]>;
    let _ = complement(A::default(), P12::default());
}
