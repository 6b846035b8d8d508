// copy between static tensors of 6 and 8 elements: a size mismatch is a
// compile error naming both sizes.
use layout_algebra::typelevel::*;

fn main() {
    let (a, mut b) = ([0.0f32; 6], [0.0f32; 8]);
    let src = make_tensor(&a[..], layout!((2,3))).unwrap();
    let mut dst = make_tensor(&mut b[..], layout!((2,4))).unwrap();
    copy(&src, &mut dst);
}
