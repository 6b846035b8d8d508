//! A tiled CPU GEMM in CuTe's style, `C = A·Bᵀ` with `A` (M,K), `B` (N,K) and
//! `C` (M,N) column-major: block tiles of `C` with `local_tile`, a 4×4 grid of
//! (simulated) threads each owning an 8×8 register tile through
//! `local_partition`, register fragments in `GenericArray`s, and the K loop
//! over 8-wide slabs. Every shape is static, so a mismatch is a compile error
//! and the index arithmetic folds; checked against a naive triple loop.
//!
//! Run: `cargo run --release --example gemm`

use layout_algebra::typelevel::*;

/// `C += A·Bᵀ`, block 32×32, K slab 8, 16 threads × (8×8) registers.
fn tiled_gemm(a: &[f32], b: &[f32], c: &mut [f32]) {
    let ga = make_tensor(a, layout!((128, 64))).unwrap(); // (M,K)
    let gb = make_tensor(b, layout!((96, 64))).unwrap(); // (N,K)
    let mut gc = make_tensor(c, layout!((128, 96))).unwrap(); // (M,N)
    let threads = layout!((4, 4)); // thread t at (t mod 4, t / 4)
    for bm in 0..4usize {
        for bn in 0..3usize {
            // Block tiles: A (32,8,k), B (32,8,k), C (32,32).
            let ba = local_tile(ga, tile!(32, 8), (bm, __));
            let bb = local_tile(gb, tile!(32, 8), (bn, __));
            for t in 0..16 {
                let bc = local_tile(gc.view_mut(), tile!(32, 32), (bm, bn));
                let mut tc = local_partition(bc, threads, t); // (8,8) of C
                let mut acc = make_fragment::<f32, _, _>(layout!((8, 8)));
                for k in 0..8usize {
                    // This thread's rows of A and of B in slab k, into registers.
                    let ta = local_partition(ba.slice((__, __, k)), layout!((4, 1)), t % 4);
                    let tb = local_partition(bb.slice((__, __, k)), layout!((4, 1)), t / 4);
                    let (mut ra, mut rb) = (make_fragment_like(&ta), make_fragment_like(&tb));
                    copy(&ta, &mut ra);
                    copy(&tb, &mut rb);
                    gemm(&ra, &rb, &mut acc);
                }
                axpby(1.0, &acc, 1.0, &mut tc);
            }
        }
    }
}

fn main() {
    let (m, n, k) = (128, 96, 64);
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let mut c = vec![0.0f32; m * n];
    tiled_gemm(&a, &b, &mut c);
    let mut want = vec![0.0f32; m * n];
    for j in 0..n {
        for i in 0..m {
            want[i + m * j] = (0..k).map(|p| a[i + m * p] * b[j + n * p]).sum();
        }
    }
    let worst = c
        .iter()
        .zip(&want)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max);
    println!("tiled gemm {m}x{n}x{k} (blocks 32x32x8, 16 threads x 8x8 registers): max |C - naive| = {worst}");
    assert_eq!(worst, 0.0, "small integers: the sums are exact");
    println!("ok: equal to the naive triple loop");
}
