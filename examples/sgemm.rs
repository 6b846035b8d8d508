//! A blocked, packed, multi-threaded SGEMM written with the public API, as
//! BLIS structures one and CuTe expresses it: `C += A·Bᵀ`, `A` (M,K), `B`
//! (N,K), `C` (M,N), column-major.
//!
//! - cache blocks by `try_local_tile`: `C` in 128 × 96 blocks, `K` in slabs
//!   of 256 (M, N, K are multiples of them: `DivBy` facts checked once, and
//!   `assert_evenly_divides` proves at compile time that the tiles fill the
//!   matrices);
//! - threads (cores) over the column blocks of `C`, each with its own
//!   columns (`chunks_mut`: disjoint by construction);
//! - packing by `copy` into the tiled MMA's fragments, whose layouts are the
//!   atom's packed panels;
//! - the tiled MMA (`make_tiled_mma`) of the widest FMA atom the CPU has,
//!   one atom call per register tile over the whole slab.
//!
//! Run: `cargo run --release --example sgemm [N] [threads]` (N a multiple of 768).

use layout_algebra::runtime::LayoutError;
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use std::time::Instant;

/// Sizes that are multiples of the blocks: M of 128, N of 96, K of 256.
type Sizes = (
    DivBy<typenum::U128>,
    DivBy<typenum::U96>,
    DivBy<typenum::U256>,
);

/// The blocked kernel for one atom; `$values` atoms per thread make its
/// 128 × 96 register-tile block (the atoms differ in MR × NR).
macro_rules! sgemm_with {
    ($name:ident, $atom:ty, $values:expr) => {
        fn $name(
            atom: $atom,
            threads: usize,
            (m, n, k): Sizes,
            a: &[f32],
            b: &[f32],
            c: &mut [f32],
        ) -> Result<(), LayoutError> {
            let ga = make_tensor(a, Layout::try_new(hlist![m, k], hlist![_1, m])?)?; // (M,K):(1,M)
            let gb = make_tensor(b, Layout::try_new(hlist![n, k], hlist![_1, n])?)?; // (N,K):(1,N)
            assert_evenly_divides(ga.layout(), tile!(128, 256));
            assert_evenly_divides(gb.layout(), tile!(96, 256));
            let mma = make_tiled_mma(atom, layout!((1, 1)), $values); // one core per block
            let (mb, kb) = (m.get() as usize / 128, k.get() as usize / 256);
            // Column blocks of C, dealt to the threads in contiguous runs.
            let blocks: Vec<&mut [f32]> = c.chunks_mut(m.get() as usize * 96).collect();
            let per = blocks.len().div_ceil(threads);
            let mut parts: Vec<Vec<(usize, &mut [f32])>> =
                (0..threads).map(|_| Vec::new()).collect();
            for (j, blk) in blocks.into_iter().enumerate() {
                parts[j / per].push((j, blk));
            }
            // One thread's columns: for each of its blocks, every K slab.
            let run = |part: Vec<(usize, &mut [f32])>| -> Result<(), LayoutError> {
                let thr = mma.get_slice(0);
                // The packed panels, made once and refilled for every block.
                let ta0 = try_local_tile(ga, tile!(128, 256), (0usize, 0usize))?;
                let tb0 = try_local_tile(gb, tile!(96, 256), (0usize, 0usize))?;
                let mut fa = thr.partition_fragment_A::<f32, _, _>(&ta0);
                let mut fb = thr.partition_fragment_B::<f32, _, _>(&tb0);
                for (jb, cols) in part {
                    let mut gc =
                        make_tensor(cols, Layout::try_new(hlist![m, int!(96)], hlist![_1, m])?)?;
                    for pc in 0..kb {
                        copy(
                            &thr.partition_B(try_local_tile(gb, tile!(96, 256), (jb, pc))?),
                            &mut fb,
                        );
                        for ic in 0..mb {
                            copy(
                                &thr.partition_A(try_local_tile(ga, tile!(128, 256), (ic, pc))?),
                                &mut fa,
                            );
                            let tc = try_local_tile(gc.view_mut(), tile!(128, 96), (ic, 0usize))?;
                            mma.gemm(&fa, &fb, &mut thr.partition_C(tc));
                        }
                    }
                }
                Ok(())
            };
            std::thread::scope(|s| {
                let run = &run;
                let handles: Vec<_> = parts
                    .into_iter()
                    .map(|part| s.spawn(move || run(part)))
                    .collect();
                handles
                    .into_iter()
                    .try_for_each(|h| h.join().expect("a thread panicked"))
            })
        }
    };
}

sgemm_with!(sgemm_avx512, MmaAvx512F32, layout!((4, 12)));
sgemm_with!(sgemm_avx2, MmaAvx2F32, layout!((8, 16)));
sgemm_with!(sgemm_portable, MmaPortable<f32>, layout!((16, 24)));

/// `C += A·Bᵀ` on the widest atom the CPU has.
fn sgemm(
    threads: usize,
    sizes: Sizes,
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
) -> Result<(), LayoutError> {
    match Simd::detect() {
        Simd::Avx512(t) => sgemm_avx512(MmaAvx512F32::new(t), threads, sizes, a, b, c),
        Simd::Avx2Fma(t) => sgemm_avx2(MmaAvx2F32::new(t), threads, sizes, a, b, c),
        Simd::Portable => sgemm_portable(MmaPortable::new(), threads, sizes, a, b, c),
    }
}

fn main() -> Result<(), LayoutError> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let n = args.first().copied().unwrap_or(768);
    let threads = args.get(1).copied().unwrap_or(2).max(1);
    let a: Vec<f32> = (0..n * n).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * n).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let d = n as i64;
    let sizes = (div_by::<128>(d)?, div_by::<96>(d)?, div_by::<256>(d)?);
    let mut c = vec![0.0f32; n * n];
    let t = Instant::now();
    sgemm(threads, sizes, &a, &b, &mut c)?;
    let secs = t.elapsed().as_secs_f64();
    // Against the library's gemm (small integers: every sum is exact).
    let mut want = vec![0.0f32; n * n];
    let l = Layout::try_new(hlist![Dyn(d), Dyn(d)], hlist![_1, Dyn(d)])?;
    try_gemm(
        &make_tensor(&a[..], l)?,
        &make_tensor(&b[..], l)?,
        &mut make_tensor(&mut want[..], l)?,
    )?;
    assert!(c == want, "the blocked SGEMM differs from gemm");
    let gflops = 2.0 * (n * n * n) as f64 / secs / 1e9;
    println!(
        "sgemm {n}x{n}x{n} on {threads} threads, {:?}: {gflops:.1} GFLOP/s, equal to gemm",
        Simd::detect()
    );
    Ok(())
}
