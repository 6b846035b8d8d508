// A tiled MMA of 2 threads x 2 atoms of 8 rows (a 32-row tile) partitions a
// tile of 24 rows, which is not a multiple of 32.
use layout_algebra::typelevel::*;

fn main() {
    let mma = make_tiled_mma(MmaPortable::<f32>::new(), layout!((2, 1)), layout!((2, 1)));
    let c = [0.0f32; 24 * 4];
    let tc = make_tensor(&c[..], layout!((24, 4))).unwrap();
    let _ = mma.get_slice(0).partition_C(tc);
}
