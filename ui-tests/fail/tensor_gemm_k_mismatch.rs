// gemm(A (M,K), B (N,K), C (M,N)) with A's K = 3 and B's K = 4.
use layout_algebra::typelevel::*;

fn main() {
    let (a, b, mut c) = ([0; 6], [0; 8], [0; 4]);
    let ta = make_tensor(&a[..], layout!((2,3))).unwrap();
    let tb = make_tensor(&b[..], layout!((2,4))).unwrap();
    let mut tc = make_tensor(&mut c[..], layout!((2,2))).unwrap();
    gemm(&ta, &tb, &mut tc);
}
