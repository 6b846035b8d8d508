// blocked_product pairs modes: a rank-3 tile cannot be blocked over a rank-2 grid
// (paper 3.5.1; CuTe C++ and the runtime layer pad the grid with 1:0 modes).
use layout_algebra::typelevel::*;

fn main() {
    let _ = blocked_product(layout!((3,4,2):(4,1,12)), layout!((2,5):(1,2)));
}
