// A static local_tile on a tensor of run-time size: the type-level algebra
// cannot divide a `Dyn` extent; try_local_tile divides it at run time.
use layout_algebra::typelevel::*;

fn main() {
    let n = 64;
    let data = vec![0i32; n];
    let t = make_tensor(&data[..], layout!(({n as i64}, 8):(8, 1)).unwrap()).unwrap();
    let _ = local_tile(t, tile!(4, 2), (1usize, 3usize));
}
