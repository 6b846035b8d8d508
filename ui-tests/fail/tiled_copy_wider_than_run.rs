// A copy atom of 4 floats on a row-major tile: the partition's runs have
// stride 6, so 4 elements of a run are not consecutive in memory.
use layout_algebra::typelevel::*;

fn main() {
    let cp = make_tiled_copy(UniversalCopy::<f32, _4>::new(), layout!((1, 1)), layout!((4, 6)));
    let (src, mut dst) = ([0.0f32; 24], [0.0f32; 24]);
    let ts = make_tensor(&src[..], layout!((4, 6):(6, 1))).unwrap();
    let mut td = make_tensor(&mut dst[..], layout!((4, 6))).unwrap();
    let thr = cp.get_slice(0);
    cp.copy(&thr.partition_S(ts), &mut thr.partition_D(td.view_mut()));
}
