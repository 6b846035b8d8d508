// A static thread index outside a static thread layout: 4 threads, index 4.
use layout_algebra::typelevel::*;

fn main() {
    let data = [0i32; 64];
    let a = make_tensor(&data[..], layout!((8,8))).unwrap();
    let _ = local_partition(a, layout!((2,2)), _4);
}
