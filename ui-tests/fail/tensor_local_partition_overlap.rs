// 32 threads laid out (4,8):(8,2): thread 1 (stride 8) and thread 8 (stride 2 ×
// 4) meet, and half the tile positions have no thread. CuTe would partition
// anyway; the exactly-once rule refuses it at compile time.
use layout_algebra::typelevel::*;

fn main() {
    let data = [0i32; 64];
    let a = make_tensor(&data[..], layout!((8,8))).unwrap();
    let _ = local_partition(a, layout!((4,8):(8,2)), 9);
}
