// A thread-value layout whose value mode has stride 0: every value of a thread
// is one element, and half the tile is never written.
use layout_algebra::typelevel::*;

fn main() {
    let data = [0i32; 64];
    let tile = make_tensor(&data[..], layout!((8,8))).unwrap();
    let _ = tv_partition(tile, layout!((32,2):(1,0)), 5);
}
