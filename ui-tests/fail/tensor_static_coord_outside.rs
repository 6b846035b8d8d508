// A static coordinate outside a static shape: t[(3, 0)] in a 3×4 tensor.
use layout_algebra::typelevel::*;

fn main() {
    let buf = [0i32; 12];
    let t = make_tensor(&buf[..], layout!((3,4):(4,1))).unwrap();
    let _ = t[(_3, _0)];
}
