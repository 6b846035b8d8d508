//! Criterion benchmark of the example's tiled GEMM (`examples/gemm.rs`'s
//! structure: 32×32×8 block tiles, 16 threads × 8×8 register fragments) at
//! N = 256 and 512, f32, one thread, against a naive triple loop and against
//! `matrixmultiply` (ndarray's GEMM) as a reference point. Criterion's
//! throughput is in FLOP (2·N³ per multiply): its "elem/s" are FLOP/s.
//!
//! Run: `cargo bench --bench gemm`

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use layout_algebra::typelevel::*;

/// `C += A·Bᵀ`, `A`, `B`, `C` column-major `N×N`, tiled as in the example:
/// written once over `N`, stamped for the benchmarked sizes.
#[for_sizes(256, 512)]
fn tiled<const N: usize>(a: &[f32], b: &[f32], c: &mut [f32]) {
    let ga = make_tensor(a, layout!((N, N))).unwrap();
    let gb = make_tensor(b, layout!((N, N))).unwrap();
    let mut gc = make_tensor(c, layout!((N, N))).unwrap();
    let threads = layout!((4, 4));
    for bm in 0..N / 32 {
        for bn in 0..N / 32 {
            let ba = local_tile(ga, tile!(32, 8), (bm, __));
            let bb = local_tile(gb, tile!(32, 8), (bn, __));
            let mut bc = local_tile(gc.view_mut(), tile!(32, 32), (bm, bn));
            for t in 0..16 {
                let mut tc = local_partition(bc.view_mut(), threads, t);
                let mut acc = make_fragment::<f32, _, _>(layout!((8, 8)));
                for k in 0..N / 8 {
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

/// The naive triple loop, column-major, `C += A·Bᵀ`.
fn naive(n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    for j in 0..n {
        for p in 0..n {
            let bv = b[j + n * p];
            for i in 0..n {
                c[i + n * j] += a[i + n * p] * bv;
            }
        }
    }
}

/// `matrixmultiply::sgemm`, `C += A·Bᵀ` in the same storage.
fn reference(n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    let n1 = n as isize;
    // SAFETY: each matrix is n×n, column-major (row stride 1, column stride n);
    // Bᵀ reads B with the strides swapped.
    unsafe {
        matrixmultiply::sgemm(
            n,
            n,
            n,
            1.0,
            a.as_ptr(),
            1,
            n1,
            b.as_ptr(),
            n1,
            1,
            1.0,
            c.as_mut_ptr(),
            1,
            n1,
        )
    }
}

fn bench(cr: &mut Criterion) {
    for n in [256usize, 512] {
        let a: Vec<f32> = (0..n * n).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
        let b: Vec<f32> = (0..n * n).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
        // The three agree (small integers: exact sums).
        let (mut c1, mut c2, mut c3) = (vec![0.0; n * n], vec![0.0; n * n], vec![0.0; n * n]);
        if n == 256 {
            tiled::<256>(&a, &b, &mut c1)
        } else {
            tiled::<512>(&a, &b, &mut c1)
        }
        naive(n, &a, &b, &mut c2);
        reference(n, &a, &b, &mut c3);
        assert!(c1 == c2 && c2 == c3, "the three GEMMs disagree at N = {n}");

        let mut g = cr.benchmark_group(format!("gemm {n}"));
        g.sample_size(10)
            .throughput(Throughput::Elements(2 * (n * n * n) as u64));
        let mut c = vec![0.0f32; n * n];
        g.bench_function("tiled (layout-algebra tensors)", |bch| {
            bch.iter(|| {
                if n == 256 {
                    tiled::<256>(black_box(&a), black_box(&b), &mut c)
                } else {
                    tiled::<512>(black_box(&a), black_box(&b), &mut c)
                }
            })
        });
        g.bench_function("naive triple loop", |bch| {
            bch.iter(|| naive(n, black_box(&a), black_box(&b), &mut c))
        });
        g.bench_function("matrixmultiply::sgemm", |bch| {
            bch.iter(|| reference(n, black_box(&a), black_box(&b), &mut c))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
