// Threads 1 and 2 of a 2 x 2 thread layout of strides (1, 1) meet.
use layout_algebra::typelevel::*;

fn main() {
    let _ = make_tiled_mma(MmaPortable::<f32>::new(), layout!((2, 2):(1, 1)), layout!((1, 1)));
}
