// local_tile of a static tensor by the layout (2,2):(1,6): its stride 6 steps
// across the first extent 4 of ((4,5),6):((1,8),40), and neither divides the
// other, so no layout selects those elements (CuTe C++ stops on a static
// assertion too). Refused at compile time, under local_tile's own name.
use layout_algebra::typelevel::*;

fn main() {
    let data = [0i32; 240];
    let a = make_tensor(&data[..], layout!(((4,5),6):((1,8),40))).unwrap();
    let _ = local_tile(a, layout!((2,2):(1,6)), 0usize);
}
