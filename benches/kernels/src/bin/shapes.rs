//! The other figures of the kernel benchmarks, each side by side in one
//! process (interleaved, medians), f32, one thread:
//!
//! - `peak`: one core's FMA peak (16 independent chains, registers only),
//!   AVX-512 and AVX2;
//! - `shapes`: GETT (grouped M and K modes, offset tables), a batch of 4
//!   products 512 x 512 x 1024 and a
//!   convolution through an im2col layout, each against the plain GEMM of
//!   the same FLOP count (2·1024³);
//! - `static`: products of static tensors N×N×N, N ≤ 64, against
//!   matrixmultiply;
//! - `tiled`: a CuTe-style kernel a user writes (blocks of A and B staged by
//!   `copy` into packed panels, `gemm` on static register tiles of the
//!   staged panels into each tile of C) and the same on the tiled MMA
//!   (fragments, `TiledMma::gemm`), against matrixmultiply at N = 1024.
//!
//! Run: `cargo run --release --bin shapes [peak|shapes|static|tiled]`

use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use layout_algebra_kernels_bench::{medians, mm_f32, reps_for};

#[cfg(target_arch = "x86_64")]
mod peak {
    use std::arch::x86_64::*;
    /// GFLOP/s of `n` rounds of 16 independent zmm FMAs.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn avx512(n: usize) -> f32 {
        let mut acc = [_mm512_set1_ps(0.0); 16];
        let (a, b) = (_mm512_set1_ps(0.999_999), _mm512_set1_ps(1e-7));
        for _ in 0..n {
            for x in acc.iter_mut() {
                *x = _mm512_fmadd_ps(a, *x, b);
            }
        }
        acc.iter().map(|&x| _mm512_reduce_add_ps(x)).sum()
    }
    /// The same with 12 ymm chains.
    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn avx2(n: usize) -> f32 {
        let mut acc = [_mm256_set1_ps(0.0); 12];
        let (a, b) = (_mm256_set1_ps(0.999_999), _mm256_set1_ps(1e-7));
        for _ in 0..n {
            for x in acc.iter_mut() {
                *x = _mm256_fmadd_ps(a, *x, b);
            }
        }
        let mut o = [0.0f32; 8];
        acc.iter().for_each(|&x| {
            _mm256_storeu_ps(
                o.as_mut_ptr(),
                _mm256_add_ps(x, _mm256_loadu_ps(o.as_ptr())),
            )
        });
        o.iter().sum()
    }
}

fn peak() {
    let n = 20_000_000;
    let (mut s1, mut s2) = (0.0, 0.0);
    let avx512 = is_x86_feature_detected!("avx512f");
    if !is_x86_feature_detected!("avx2") || !is_x86_feature_detected!("fma") {
        println!("FMA peak: this CPU has neither AVX2+FMA nor AVX-512");
        return;
    }
    let t = medians(
        7,
        &mut [
            &mut || {
                if avx512 {
                    s1 += unsafe { peak::avx512(n) }
                }
            },
            &mut || s2 += unsafe { peak::avx2(n) },
        ],
    );
    let avx512 = if avx512 {
        format!("{:.1} GFLOP/s", (n * 16 * 32) as f64 / t[0] / 1e9)
    } else {
        "not on this CPU".to_string()
    };
    println!(
        "FMA peak of one core: AVX-512 {avx512}, AVX2 {:.1} GFLOP/s ({s1:.0} {s2:.0})",
        (n * 12 * 16) as f64 / t[1] / 1e9
    );
}

fn shapes() {
    let (nn, flops) = (1024usize, 2.0 * 1024f64.powi(3));
    let a: Vec<f32> = (0..nn * nn).map(|i| (i % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..nn * nn).map(|i| (i % 5) as f32 - 2.0).collect();
    let (mut c, mut c2) = (vec![0.0f32; nn * nn], vec![0.0f32; nn * nn]);
    let d = Dyn(nn as i64);
    let l = Layout::try_new(hlist![d, d], hlist![_1, d]).unwrap();
    // GETT: M = (64,16) and K = (64,16), neither equally spaced (offset tables).
    let la = Layout::try_new(
        hlist![hlist![_64, Dyn(16)], hlist![_64, Dyn(16)]],
        hlist![hlist![_1, Dyn(4096)], hlist![_64, Dyn(65536)]],
    )
    .unwrap();
    let lb = Layout::try_new(
        hlist![d, hlist![_64, Dyn(16)]],
        hlist![_1, hlist![d, Dyn(65536)]],
    )
    .unwrap();
    // A batch of 4 products 512 x 512 x 1024 (the same FLOP count).
    let ab: Vec<f32> = (0..512 * 1024 * 4).map(|i| (i % 7) as f32 - 3.0).collect();
    let bb: Vec<f32> = (0..512 * 1024 * 4).map(|i| (i % 5) as f32 - 2.0).collect();
    let mut cb = vec![0.0f32; 512 * 512 * 4];
    let bl = Layout::try_new(
        hlist![Dyn(512), Dyn(1024), Dyn(4)],
        hlist![_1, Dyn(512), Dyn(512 * 1024)],
    )
    .unwrap();
    let lcb = Layout::try_new(
        hlist![Dyn(512), Dyn(512), Dyn(4)],
        hlist![_1, Dyn(512), Dyn(512 * 512)],
    )
    .unwrap();
    // CONV: a 66 x 66 image of 256 channels (W, H, C), 3 x 3 filters, 114
    // outputs: M = 64·64 pixels, K = 3·3·256 taps, N = 114 (2.15 GFLOP).
    let image: Vec<f32> = (0..66 * 66 * 256).map(|i| (i % 3) as f32).collect();
    let filters: Vec<f32> = (0..114 * 2304).map(|i| (i % 4) as f32).collect();
    let mut out = vec![0.0f32; 4096 * 114];
    let x = layout!((66, 66, 256):(1, 66, 4356));
    let taps = layout!(((64, 64), (3, 3, 256)):((1, 66), (1, 66, 4356)));
    let im2col = composition(x, taps);
    let conv_flops = 2.0 * 4096.0 * 114.0 * 2304.0;
    let t = medians(
        reps_for(flops, 1.5),
        &mut [
            &mut || {
                try_gemm(
                    &make_tensor(&a[..], l).unwrap(),
                    &make_tensor(&b[..], l).unwrap(),
                    &mut make_tensor(&mut c[..], l).unwrap(),
                )
                .unwrap()
            },
            &mut || {
                try_gemm(
                    &make_tensor(&a[..], la).unwrap(),
                    &make_tensor(&b[..], lb).unwrap(),
                    &mut make_tensor(&mut c2[..], l).unwrap(),
                )
                .unwrap()
            },
            &mut || {
                try_gemm_batched(
                    &make_tensor(&ab[..], bl).unwrap(),
                    &make_tensor(&bb[..], bl).unwrap(),
                    &mut make_tensor(&mut cb[..], lcb).unwrap(),
                )
                .unwrap()
            },
            &mut || {
                gemm(
                    &make_tensor(&image[..], im2col).unwrap(),
                    &make_tensor(&filters[..], layout!((114, (3, 3, 256)):(2304, (1, 3, 9))))
                        .unwrap(),
                    &mut make_tensor(&mut out[..], layout!(((64, 64), 114))).unwrap(),
                )
            },
        ],
    );
    let g = [flops / t[0], flops / t[1], flops / t[2], conv_flops / t[3]].map(|x| x / 1e9);
    println!("plain 1024^3 {:.1} GFLOP/s; GETT {:.1} ({:.2}); batch 4 x 512x512x1024 {:.1} ({:.2}); CONV im2col 4096x114x2304 {:.1} ({:.2})",
        g[0], g[1], g[1] / g[0], g[2], g[2] / g[0], g[3], g[3] / g[0]);
}

macro_rules! static_size {
    ($n:literal) => {{
        let a: Vec<f32> = (0..$n * $n).map(|i| (i % 7) as f32 - 3.0).collect();
        let b: Vec<f32> = (0..$n * $n).map(|i| (i % 5) as f32 - 2.0).collect();
        let (mut c1, mut c2) = (vec![0.0f32; $n * $n], vec![0.0f32; $n * $n]);
        let flops = 2.0 * ($n * $n * $n) as f64;
        let t = medians(
            reps_for(flops, 0.5),
            &mut [
                &mut || {
                    gemm(
                        &make_tensor(&a[..], layout!(($n, $n))).unwrap(),
                        &make_tensor(&b[..], layout!(($n, $n))).unwrap(),
                        &mut make_tensor(&mut c1[..], layout!(($n, $n))).unwrap(),
                    )
                },
                &mut || mm_f32($n, $n, $n, &a, (1, $n), &b, (1, $n), &mut c2, (1, $n)),
            ],
        );
        println!(
            "static {0}x{0}x{0}: ours {1:.1} GFLOP/s, mm {2:.1}, ratio {3:.2}",
            $n,
            flops / t[0] / 1e9,
            flops / t[1] / 1e9,
            t[1] / t[0]
        );
    }};
}

/// A CuTe-style kernel as a user writes it, stamped for one register tile
/// `$mt x $nt` (the atom's tile) and cache blocks of `$mc` rows of A and
/// `$nc` rows of B by 256 of K: for each 256-deep slab, `copy` each block of
/// B, then each block of A, into a staging buffer of packed panels
/// (`($mt, 256, $mc / $mt)`: panel after panel, `k` inside each), then `gemm`
/// on the static register tiles of the staged panels into each `$mt x $nt`
/// tile of C (its accumulators stay in registers for the whole slab). The
/// same loops on the tiled MMA of `$atom` stage the blocks into its
/// fragments (`partition_fragment_A/B`) and call `TiledMma::gemm` on them.
macro_rules! cute_style {
    ($user:ident, $tiled:ident, $atom:ty, $mt:literal, $nt:literal, $mc:literal, $nc:literal) => {
        fn $user(n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
            const PA: usize = $mc / $mt; // panels per block of A
            const PB: usize = $nc / $nt; // and of B
            let dn = div_by::<256>(n as i64).unwrap();
            let l = Layout::try_new(hlist![dn, dn], hlist![_1, dn]).unwrap();
            let (ga, gb) = (make_tensor(a, l).unwrap(), make_tensor(b, l).unwrap());
            let mut gc = make_tensor(c, l).unwrap();
            // The staging buffers: panels of `$mt` (`$nt`) rows, `k` inside each.
            let (mut bufa, mut bufb) = (vec![0.0f32; $mc * 256], vec![0.0f32; $nc * 256]);
            let mut sa = make_tensor(&mut bufa[..], layout!(($mt, 256, PA))).unwrap();
            let mut sb = make_tensor(&mut bufb[..], layout!(($nt, 256, PB))).unwrap();
            for jc in 0..n / $nc {
                for kb in 0..n / 256 {
                    for j in 0..PB {
                        let gbj = try_local_tile(gb, tile!($nt, 256), (jc * PB + j, kb)).unwrap();
                        copy(&gbj, &mut sb.view_mut().into_slice((__, __, j)));
                    }
                    for ic in 0..n / $mc {
                        for i in 0..PA {
                            let gai =
                                try_local_tile(ga, tile!($mt, 256), (ic * PA + i, kb)).unwrap();
                            copy(&gai, &mut sa.view_mut().into_slice((__, __, i)));
                        }
                        for j in 0..PB {
                            for i in 0..PA {
                                let tile = (ic * PA + i, jc * PB + j);
                                let mut tc =
                                    try_local_tile(gc.view_mut(), tile!($mt, $nt), tile).unwrap();
                                gemm(&sa.slice((__, __, i)), &sb.slice((__, __, j)), &mut tc);
                            }
                        }
                    }
                }
            }
        }

        #[cfg(target_arch = "x86_64")]
        fn $tiled(atom: $atom, n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
            let dn = div_by::<256>(n as i64).unwrap();
            let l = Layout::try_new(hlist![dn, dn], hlist![_1, dn]).unwrap();
            let (ga, gb) = (make_tensor(a, l).unwrap(), make_tensor(b, l).unwrap());
            let mut gc = make_tensor(c, l).unwrap();
            let mma = make_tiled_mma(atom, layout!((1, 1)), layout!((1, 1)));
            let thr = mma.get_slice(0);
            // The staging buffers: fragments in the atom's packed panels.
            let mut fa = thr.partition_fragment_A::<f32, _, _>(
                &try_local_tile(ga, tile!($mc, 256), (0usize, 0usize)).unwrap(),
            );
            let mut fb = thr.partition_fragment_B::<f32, _, _>(
                &try_local_tile(gb, tile!($nc, 256), (0usize, 0usize)).unwrap(),
            );
            for jc in 0..n / $nc {
                for kb in 0..n / 256 {
                    copy(
                        &thr.partition_B(try_local_tile(gb, tile!($nc, 256), (jc, kb)).unwrap()),
                        &mut fb,
                    );
                    for ic in 0..n / $mc {
                        copy(
                            &thr.partition_A(
                                try_local_tile(ga, tile!($mc, 256), (ic, kb)).unwrap(),
                            ),
                            &mut fa,
                        );
                        let tc = try_local_tile(gc.view_mut(), tile!($mc, $nc), (ic, jc)).unwrap();
                        mma.gemm(&fa, &fb, &mut thr.partition_C(tc));
                    }
                }
            }
        }
    };
}
cute_style!(user_512, tiled_512, MmaAvx512F32, 32, 8, 128, 512);
cute_style!(user_avx2, tiled_avx2, MmaAvx2F32, 16, 6, 128, 384);

/// The CuTe-style kernels beside matrixmultiply: 1024^3 on AVX-512 (tiles
/// 32 x 8), 768^3 on AVX2 (tiles 32 x 6, two 16 x 6 atoms down).
fn tiled() {
    #[cfg(target_arch = "x86_64")]
    {
        let simd = Simd::detect();
        let n = if matches!(simd, Simd::Avx512(_)) {
            1024
        } else {
            768
        };
        let a: Vec<f32> = (0..n * n).map(|i| (i % 7) as f32 - 3.0).collect();
        let b: Vec<f32> = (0..n * n).map(|i| (i % 5) as f32 - 2.0).collect();
        let (mut c1, mut c2, mut c3) = (
            vec![0.0f32; n * n],
            vec![0.0f32; n * n],
            vec![0.0f32; n * n],
        );
        let flops = 2.0 * (n * n * n) as f64;
        let s = (1, n as isize);
        let t = match simd {
            Simd::Avx512(tok) => medians(
                reps_for(flops, 1.5),
                &mut [
                    &mut || user_512(n, &a, &b, &mut c1),
                    &mut || tiled_512(MmaAvx512F32::new(tok), n, &a, &b, &mut c2),
                    &mut || mm_f32(n, n, n, &a, s, &b, s, &mut c3, s),
                ],
            ),
            Simd::Avx2Fma(tok) => medians(
                reps_for(flops, 1.5),
                &mut [
                    &mut || user_avx2(n, &a, &b, &mut c1),
                    &mut || tiled_avx2(MmaAvx2F32::new(tok), n, &a, &b, &mut c2),
                    &mut || mm_f32(n, n, n, &a, s, &b, s, &mut c3, s),
                ],
            ),
            _ => {
                println!("CuTe-style kernels: need AVX2 + FMA or AVX-512");
                return;
            }
        };
        assert!(
            c1 == c3 && c2 == c3,
            "the CuTe-style kernels disagree with matrixmultiply"
        );
        let g: Vec<f64> = t.iter().map(|t| flops / t / 1e9).collect();
        println!("CuTe-style kernel {n}^3: gemm on register tiles {:.1} GFLOP/s ({:.2} of mm), on the tiled MMA {:.1} ({:.2} of mm), mm {:.1}",
            g[0], g[0] / g[2], g[1], g[1] / g[2], g[2]);
    }
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    println!("simd: {:?}", Simd::detect());
    if what.is_empty() || what == "peak" {
        peak()
    }
    if what.is_empty() || what == "shapes" {
        shapes()
    }
    if what.is_empty() || what == "static" {
        static_size!(8);
        static_size!(16);
        static_size!(32);
        static_size!(64);
    }
    if what.is_empty() || what == "tiled" {
        tiled()
    }
}
