// A block whose modes overlap, (2,2):(1,1), leaves no complement to place its
// copies in; operands of unequal rank are fine (the grid is padded with 1:0).
use layout_algebra::typelevel::*;

fn main() {
    let _ = blocked_product(layout!((2,2):(1,1)), layout!(3:1));
}
