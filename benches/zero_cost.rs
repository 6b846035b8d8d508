//! Zero-cost check: indexing through static layouts, plain and swizzled,
//! tensor kernels (copy, a tiled transpose, a register-tile GEMM, gather and
//! scatter, tiles and thread partitions of run-time-strided matrices: by a
//! thread-value layout, a thread grid, a tiled MMA) and the MMA atoms (`atom`: AVX2 + FMA, 16×6; `atom512`: AVX-512F,
//! 32×8; on packed panels), against hand-written code on the same loops (the
//! atoms' in `core::arch` intrinsics, the GEMM kernels' multiply-adds fused
//! where the build enables FMA, as the library's). Each pair of
//! `#[inline(never)]` functions below computes the same result.
//! `benches/zero_cost.sh` runs this binary under callgrind once per case and
//! variant (`zero_cost 1d static`, `zero_cost 1d hand`, and `zero_cost 1d
//! none` for the start-up baseline), prints the ratio of instructions
//! executed in the loops (target 1.00), then compares the functions' machine
//! code (LLVM may merge a pair into one function when they compile to the
//! same code); a case the CPU cannot run prints `skipped: ...` instead.
//! valgrind cannot execute AVX-512: the script compares `atom512`'s machine
//! code only.
//!
//! Run without arguments (`cargo bench --bench zero_cost`) it runs every pair
//! the CPU can run and checks that they agree.

use layout_algebra::typelevel::*;
use std::hint::black_box;

/// Folds an offset into a running hash (keeps LLVM from summing a loop in closed form).
#[inline(always)]
fn mix(acc: i64, off: i64) -> i64 {
    acc.wrapping_mul(31).wrapping_add(off)
}

/// `a·b + c` as the library's `gemm` computes it in this build
/// (`GemmScalar::mul_add`): one fused multiply-add where the build enables
/// FMA, a product and a sum otherwise.
#[inline(always)]
fn mul_add(a: f32, b: f32, c: f32) -> f32 {
    if cfg!(target_feature = "fma") {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

/// `(4,(3,2)):(2,(8,1))` at every 1-D index.
#[inline(never)]
fn static_1d(n: usize) -> i64 {
    let l = layout!((4,(3,2)):(2,(8,1)));
    let mut acc = 0i64;
    for i in 0..n {
        acc = mix(acc, l.call(i));
    }
    acc
}
#[inline(never)]
fn hand_1d(n: usize) -> i64 {
    let mut acc = 0i64;
    for i in 0..n {
        let off = (i % 4) as i64 * 2 + ((i / 4) % 3) as i64 * 8 + (i / 12) as i64;
        acc = mix(acc, off);
    }
    acc
}

/// `(32,64):(64,1)` (row-major tile) at every `(i, j)`.
#[inline(never)]
fn static_2d(m: usize, n: usize) -> i64 {
    let l = layout!((32,64):row_major);
    let mut acc = 0i64;
    for i in 0..m {
        for j in 0..n {
            acc = mix(acc, l.call((i, j)));
        }
    }
    acc
}
#[inline(never)]
fn hand_2d(m: usize, n: usize) -> i64 {
    let mut acc = 0i64;
    for i in 0..m {
        for j in 0..n {
            acc = mix(acc, i as i64 * 64 + j as i64);
        }
    }
    acc
}

/// `((4,8),(2,16)):((2,64),(1,8))` at `(i, j)` with each mode indexed 1-D
/// (a thread/value split as in a CuTe TV layout).
#[inline(never)]
fn static_hier(m: usize, n: usize) -> i64 {
    let l = layout!(((4,8),(2,16)):((2,64),(1,8)));
    let mut acc = 0i64;
    for i in 0..m {
        for j in 0..n {
            acc = mix(acc, l.call((i, j)));
        }
    }
    acc
}
#[inline(never)]
fn hand_hier(m: usize, n: usize) -> i64 {
    let mut acc = 0i64;
    for i in 0..m {
        for j in 0..n {
            let off =
                (i % 4) as i64 * 2 + (i / 4) as i64 * 64 + (j % 2) as i64 + (j / 2) as i64 * 8;
            acc = mix(acc, off);
        }
    }
    acc
}

/// A layout with a non-power-of-two extent and a negative stride: `(3,(5,7)):(-1,(3,15))`.
#[inline(never)]
fn static_odd(n: usize) -> i64 {
    let l = layout!((3,(5,7)):(-1,(3,15)));
    let mut acc = 0i64;
    for i in 0..n {
        acc = mix(acc, l.call(i));
    }
    acc
}
#[inline(never)]
fn hand_odd(n: usize) -> i64 {
    let mut acc = 0i64;
    for i in 0..n {
        let off = -((i % 3) as i64) + ((i / 3) % 5) as i64 * 3 + (i / 15) as i64 * 15;
        acc = mix(acc, off);
    }
    acc
}

/// A mixed layout `(8,{n}):({ld},1)` (static extent 8, dynamic extent and
/// leading dimension) at every `(i, j)`, built once outside the loop and
/// passed by value (16 bytes: the two dynamic leaves), as `ld` is to `hand_mixed`.
#[inline(never)]
fn static_mixed(l: Layout![(8,{_}):({_},1)], m: usize, n: usize) -> i64 {
    let mut acc = 0i64;
    for i in 0..m {
        for j in 0..n {
            acc = mix(acc, l.call((i, j)));
        }
    }
    acc
}
#[inline(never)]
fn hand_mixed(ld: i64, m: usize, n: usize) -> i64 {
    let mut acc = 0i64;
    for i in 0..m {
        for j in 0..n {
            acc = mix(acc, i as i64 * ld + j as i64);
        }
    }
    acc
}

/// CuTe's swizzled shared-memory atom `Sw<3,4,3> o 0 o (8,64):(64,1)` (8 rows
/// of 64 f16, 128 bytes each) at every `(r, c)`: all its 512 offsets.
#[inline(never)]
fn static_swizzle(m: usize, n: usize) -> i64 {
    let l = composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1)));
    let mut acc = 0i64;
    for r in 0..m {
        for c in 0..n {
            acc = mix(acc, l.call((r, c)));
        }
    }
    acc
}
/// CuTe's definition: `o ^ shiftr(o & yyy, S)` with `yyy = 0b111 << (M + S)`.
#[inline(never)]
fn hand_swizzle(m: usize, n: usize) -> i64 {
    let mut acc = 0i64;
    for r in 0..m {
        for c in 0..n {
            let o = r as i64 * 64 + c as i64;
            acc = mix(acc, o ^ ((o & (0b111 << 7)) >> 3));
        }
    }
    acc
}

/// The atom tiled to a 64×64 tile (CuTe's `tile_to_shape(atom, (64,64))`):
/// `Sw<3,4,3> o 0 o ((8,8),64):((64,512),1)` at every `(r, c)`: all 4096 offsets.
#[inline(never)]
fn static_swizzle64(m: usize, n: usize) -> i64 {
    let l = composition(Swizzle::<3, 4, 3>::new(), layout!(((8,8),64):((64,512),1)));
    let mut acc = 0i64;
    for r in 0..m {
        for c in 0..n {
            acc = mix(acc, l.call((r, c)));
        }
    }
    acc
}
#[inline(never)]
fn hand_swizzle64(m: usize, n: usize) -> i64 {
    let mut acc = 0i64;
    for r in 0..m {
        for c in 0..n {
            let o = r as i64 * 64 + c as i64;
            acc = mix(acc, o ^ ((o & (0b111 << 7)) >> 3));
        }
    }
    acc
}

// --- Tensor kernels: the tensor layer against hand-written loops that check
// their slices' lengths once up front, as `make_tensors` does (one branch to
// one failure path for all the slices, as the hand code's one `assert!`).

/// Copy through `(4,(3,2)):(2,(8,1))` into `24:1`.
#[inline(never)]
fn static_tcopy(src: &[f32], dst: &mut [f32]) {
    let (s, mut d) = make_tensors(((src, layout!((4,(3,2)):(2,(8,1)))), (dst, layout!(24:1))));
    copy(&s, &mut d);
}
#[inline(never)]
fn hand_tcopy(src: &[f32], dst: &mut [f32]) {
    assert!(src.len() >= 24 && dst.len() >= 24);
    for k in 0..2 {
        for j in 0..3 {
            for i in 0..4 {
                dst[i + 4 * j + 12 * k] = src[2 * i + 8 * j + k];
            }
        }
    }
}

/// A 64×64 transpose through 8×8 tiles, 8 threads per tile (`local_tile` + `local_partition`).
#[inline(never)]
fn static_transpose(src: &[f32], dst: &mut [f32]) {
    let (s, mut d) = make_tensors((
        (src, layout!((64,64):(64,1))),
        (dst, layout!((64,64):(1,64))),
    ));
    for bi in 0..8usize {
        for bj in 0..8usize {
            let st = local_tile(s, tile!(8, 8), (bi, bj));
            let mut dt = local_tile(d.view_mut(), tile!(8, 8), (bi, bj));
            for t in 0..8 {
                let mut mine = local_partition(dt.view_mut(), layout!((8, 1)), t);
                copy(&local_partition(st, layout!((8, 1)), t), &mut mine);
            }
        }
    }
}
#[inline(never)]
fn hand_transpose(src: &[f32], dst: &mut [f32]) {
    assert!(src.len() >= 4096 && dst.len() >= 4096);
    for bi in 0..8 {
        for bj in 0..8 {
            for t in 0..8 {
                for j in 0..8 {
                    let (i, jj) = (bi * 8 + t, bj * 8 + j);
                    dst[i + 64 * jj] = src[64 * i + jj];
                }
            }
        }
    }
}

/// An 8×8 register-tile GEMM micro-kernel, K = 256, on a `GenericArray` fragment.
#[inline(never)]
fn static_gemm(a: &[f32], b: &[f32]) -> f32 {
    let (ta, tb) = make_tensors(((a, layout!((8, 256))), (b, layout!((8, 256)))));
    let mut acc = make_fragment::<f32, _, _>(layout!((8, 8)));
    gemm(&ta, &tb, &mut acc);
    acc[black_box(9usize)]
}
#[inline(never)]
fn hand_gemm(a: &[f32], b: &[f32]) -> f32 {
    assert!(a.len() >= 2048 && b.len() >= 2048);
    let mut acc = [0.0f32; 64];
    for k in 0..256 {
        for n in 0..8 {
            let bv = b[n + 8 * k];
            for m in 0..8 {
                acc[m + 8 * n] = mul_add(a[m + 8 * k], bv, acc[m + 8 * n]);
            }
        }
    }
    acc[black_box(9usize)]
}

/// Table 2's gather `(2,3,2):(42,1,128)` → `12:1`.
#[inline(never)]
fn static_gather(src: &[f32], dst: &mut [f32]) {
    let (s, mut d) = make_tensors(((src, layout!((2,3,2):(42,1,128))), (dst, layout!(12:1))));
    copy(&s, &mut d);
}
#[inline(never)]
fn hand_gather(src: &[f32], dst: &mut [f32]) {
    assert!(src.len() >= 173 && dst.len() >= 12);
    for k in 0..2 {
        for j in 0..3 {
            for i in 0..2 {
                dst[i + 2 * j + 6 * k] = src[42 * i + j + 128 * k];
            }
        }
    }
}

/// Table 2's scatter `12:1` → `(2,3,2):(42,1,128)`.
#[inline(never)]
fn static_scatter(src: &[f32], dst: &mut [f32]) {
    let (s, mut d) = make_tensors(((src, layout!(12:1)), (dst, layout!((2,3,2):(42,1,128)))));
    copy(&s, &mut d);
}
#[inline(never)]
fn hand_scatter(src: &[f32], dst: &mut [f32]) {
    assert!(src.len() >= 12 && dst.len() >= 173);
    for i in 0..12 {
        dst[42 * (i % 2) + (i / 2) % 3 + 128 * (i / 6)] = src[i];
    }
}

/// A 8×64 tile copied into a `Sw<3,4,3>`-swizzled shared-memory tile.
#[inline(never)]
fn static_tswizzle(src: &[f32], dst: &mut [f32]) {
    let sw = composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1)));
    let (s, mut d) = make_tensors(((src, layout!((8,64):(64,1))), (dst, sw)));
    copy(&s, &mut d);
}
#[inline(never)]
fn hand_tswizzle(src: &[f32], dst: &mut [f32]) {
    assert!(src.len() >= 512 && dst.len() >= 512);
    // CuTe's order (the first mode fastest), as `copy` walks the tile.
    for j in 0..64 {
        for i in 0..8 {
            let x = i * 64 + j;
            dst[x ^ ((x & 0x380) >> 3)] = src[x];
        }
    }
}

thread_local! {
    /// Input and output buffers of the tensor kernels.
    static BUFS: std::cell::RefCell<(Vec<f32>, Vec<f32>)> = std::cell::RefCell::new((
        (0..4096).map(|x| (x % 97) as f32).collect(),
        vec![0.0; 4096],
    ));
}

/// A 64×64 matrix of run-time size and leading dimension, `(M,N):(1,ld)`,
/// tiled by a static `<8,8>` (`try_local_tile`, checked once per tile): the
/// tiles' elements summed.
#[inline(never)]
fn static_dtile(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    let l = Layout::try_new(
        frunk_core::hlist![Dyn(m as i64), Dyn(n as i64)],
        frunk_core::hlist![_1, Dyn(ld as i64)],
    )
    .unwrap();
    let a = make_tensor(src, l).unwrap();
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 8 {
            let t = try_local_tile(a, tile!(8, 8), (bi, bj)).unwrap();
            for j in 0..8usize {
                for i in 0..8usize {
                    acc += t[(i, j)];
                }
            }
        }
    }
    acc
}
#[inline(never)]
fn hand_dtile(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    assert!(m <= ld && ld * n <= src.len());
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 8 {
            let tile = &src[bi * 8 + ld * bj * 8..];
            for j in 0..8 {
                for i in 0..8 {
                    acc += tile[i + ld * j];
                }
            }
        }
    }
    acc
}

/// `dtile` on extents known to be multiples of 8 (`DivBy<8>`): the tiles
/// are proven inside the matrix, and `try_local_tile` checks only the tile
/// coordinate.
#[inline(never)]
fn static_etile(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    let (dm, dn) = (
        div_by::<8>(m as i64).unwrap(),
        div_by::<8>(n as i64).unwrap(),
    );
    let l = Layout::try_new(
        frunk_core::hlist![dm, dn],
        frunk_core::hlist![_1, Dyn(ld as i64)],
    )
    .unwrap();
    let a = make_tensor(src, l).unwrap();
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 8 {
            let t = try_local_tile(a, tile!(8, 8), (bi, bj)).unwrap();
            for j in 0..8usize {
                for i in 0..8usize {
                    acc += t[(i, j)];
                }
            }
        }
    }
    acc
}
#[inline(never)]
fn hand_etile(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    assert!(m.is_multiple_of(8) && n.is_multiple_of(8) && m <= ld && ld * n <= src.len());
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 8 {
            let tile = &src[bi * 8 + ld * bj * 8..];
            for j in 0..8 {
                for i in 0..8 {
                    acc += tile[i + ld * j];
                }
            }
        }
    }
    acc
}

/// The thread-value layout of the `tvpart` and `tvcopy` cases: 32 threads ×
/// 4 values over a 16×8 tile, CuTe's MMA style `((4,8),(2,2)):((32,1),(16,8))`
/// (thread `(t0,t1)` holds rows `t1, t1+8` of columns `2·t0, 2·t0+1`).
type Tv = Layout![((4, 8), (2, 2)):((32, 1), (16, 8))];

/// A 64×64 matrix of run-time size and leading dimension, `(M,N):(1,ld)`,
/// tiled by a static `<16,8>`, each tile partitioned among 32 threads by a
/// static thread-value layout (`try_tv_partition`): the threads' values summed.
#[inline(never)]
fn static_tvpart(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    let l = Layout::try_new(
        frunk_core::hlist![Dyn(m as i64), Dyn(n as i64)],
        frunk_core::hlist![_1, Dyn(ld as i64)],
    )
    .unwrap();
    let a = make_tensor(src, l).unwrap();
    let tv: Tv = layout!(((4, 8), (2, 2)):((32, 1), (16, 8)));
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let t = try_local_tile(a, tile!(16, 8), (bi, bj)).unwrap();
            for th in 0..32 {
                let p = try_tv_partition(t, tv, th).unwrap();
                for v in 0..4usize {
                    acc += p[v];
                }
            }
        }
    }
    acc
}
#[inline(never)]
fn hand_tvpart(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    assert!(m <= ld && ld * n <= src.len());
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let tile = &src[bi * 16 + ld * bj * 8..];
            for th in 0..32 {
                let (t0, t1) = (th % 4, th / 4);
                let base = t1 + 2 * t0 * ld;
                for v in 0..4 {
                    acc += tile[base + (v % 2) * ld + 8 * (v / 2)];
                }
            }
        }
    }
    acc
}

/// The tiles of `tvpart` partitioned among a static `(4,8)` grid of threads
/// instead (`try_local_partition`): thread `(t0,t1)` sums rows `t0 + 4i` of
/// column `t1`.
#[inline(never)]
fn static_lpart(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    let l = Layout::try_new(
        frunk_core::hlist![Dyn(m as i64), Dyn(n as i64)],
        frunk_core::hlist![_1, Dyn(ld as i64)],
    )
    .unwrap();
    let a = make_tensor(src, l).unwrap();
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let t = try_local_tile(a, tile!(16, 8), (bi, bj)).unwrap();
            for th in 0..32 {
                let p = try_local_partition(t, layout!((4, 8)), th).unwrap();
                for v in 0..4usize {
                    acc += p[v];
                }
            }
        }
    }
    acc
}
#[inline(never)]
fn hand_lpart(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    assert!(m <= ld && ld * n <= src.len());
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let tile = &src[bi * 16 + ld * bj * 8..];
            for th in 0..32 {
                let base = th % 4 + ld * (th / 4);
                for v in 0..4 {
                    acc += tile[base + 4 * v];
                }
            }
        }
    }
    acc
}

/// The tiles of `tvpart`, 16×8, as tiles of C of a tiled MMA (the portable
/// 8×4 atom, 2×2 threads: `partition_C` of a run-time-strided tile): each
/// thread's 8×4 block summed.
#[inline(never)]
fn static_mmapart(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    let l = Layout::try_new(
        frunk_core::hlist![Dyn(m as i64), Dyn(n as i64)],
        frunk_core::hlist![_1, Dyn(ld as i64)],
    )
    .unwrap();
    let a = make_tensor(src, l).unwrap();
    let mma = make_tiled_mma(MmaPortable::<f32>::new(), layout!((2, 2)), layout!((1, 1)));
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let t = try_local_tile(a, tile!(16, 8), (bi, bj)).unwrap();
            for th in 0..4 {
                let p = mma.get_slice(th).partition_C(t);
                for v in 0..32usize {
                    acc += p[v];
                }
            }
        }
    }
    acc
}
#[inline(never)]
fn hand_mmapart(src: &[f32], m: usize, n: usize, ld: usize) -> f32 {
    assert!(m <= ld && ld * n <= src.len());
    let mut acc = 0.0f32;
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let tile = &src[bi * 16 + ld * bj * 8..];
            for th in 0..4 {
                let base = 8 * (th % 2) + 4 * ld * (th / 2);
                for v in 0..32 {
                    acc += tile[base + v % 8 + ld * (v / 8)];
                }
            }
        }
    }
    acc
}

/// The tiles of `tvpart` copied into a row-major `(M,N):(ld,1)` matrix of
/// run-time size, thread by thread: both tensors partitioned by the same
/// static thread-value layout (`try_tv_partition`), the fragments copied.
#[inline(never)]
fn static_tvcopy(src: &[f32], dst: &mut [f32], m: usize, n: usize, ld: usize) {
    use frunk_core::hlist;
    let (dm, dn, dl) = (Dyn(m as i64), Dyn(n as i64), Dyn(ld as i64));
    let ls = Layout::try_new(hlist![dm, dn], hlist![_1, dl]).unwrap();
    let ld_ = Layout::try_new(hlist![dm, dn], hlist![dl, _1]).unwrap();
    let (s, mut d) = make_tensors(((src, ls), (dst, ld_)));
    let tv: Tv = layout!(((4, 8), (2, 2)):((32, 1), (16, 8)));
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let ts = try_local_tile(s, tile!(16, 8), (bi, bj)).unwrap();
            let mut td = try_local_tile(d.view_mut(), tile!(16, 8), (bi, bj)).unwrap();
            for th in 0..32 {
                let ps = try_tv_partition(ts, tv, th).unwrap();
                let mut pd = try_tv_partition(td.view_mut(), tv, th).unwrap();
                copy(&ps, &mut pd);
            }
        }
    }
}
#[inline(never)]
fn hand_tvcopy(src: &[f32], dst: &mut [f32], m: usize, n: usize, ld: usize) {
    assert!(m <= ld && n <= ld && ld * n <= src.len() && ld * m <= dst.len());
    for bj in 0..n / 8 {
        for bi in 0..m / 16 {
            let (os, od) = (bi * 16 + ld * bj * 8, bi * 16 * ld + bj * 8);
            for th in 0..32 {
                let (t0, t1) = (th % 4, th / 4);
                let (i, j) = (t1, 2 * t0);
                for v in 0..4 {
                    let (i, j) = (i + 8 * (v / 2), j + v % 2);
                    dst[od + i * ld + j] = src[os + i + j * ld];
                }
            }
        }
    }
}

/// The inner loops of examples/gemm.rs on run-time M, N, K (multiples of the
/// tiles: the fast path): blocks 32×32, K slabs of 8, 16 threads with 8×8
/// register tiles, `C += A·Bᵀ` on `(M,K):(1,M)`, `(N,K):(1,N)`, `(M,N):(1,M)`.
#[inline(never)]
fn static_dgemm(a: &[f32], b: &[f32], c: &mut [f32], (m, n, k): (usize, usize, usize)) {
    use frunk_core::hlist;
    let (dm, dn, dk) = (Dyn(m as i64), Dyn(n as i64), Dyn(k as i64));
    let la = Layout::try_new(hlist![dm, dk], hlist![_1, dm]).unwrap();
    let lb = Layout::try_new(hlist![dn, dk], hlist![_1, dn]).unwrap();
    let lc = Layout::try_new(hlist![dm, dn], hlist![_1, dm]).unwrap();
    let (ga, gb, mut gc) = make_tensors(((a, la), (b, lb), (c, lc)));
    for bm in 0..m / 32 {
        for bn in 0..n / 32 {
            for t in 0..16 {
                let mut acc = make_fragment::<f32, _, _>(layout!((8, 8)));
                for kb in 0..k / 8 {
                    let ta = try_local_tile(ga, tile!(32, 8), (bm, kb)).unwrap();
                    let tb = try_local_tile(gb, tile!(32, 8), (bn, kb)).unwrap();
                    let ta = try_local_partition(ta, layout!((4, 1)), t % 4).unwrap();
                    let tb = try_local_partition(tb, layout!((4, 1)), t / 4).unwrap();
                    let (mut ra, mut rb) = (make_fragment_like(&ta), make_fragment_like(&tb));
                    copy(&ta, &mut ra);
                    copy(&tb, &mut rb);
                    gemm(&ra, &rb, &mut acc);
                }
                let bc = try_local_tile(gc.view_mut(), tile!(32, 32), (bm, bn)).unwrap();
                let mut tc = try_local_partition(bc, layout!((4, 4)), t).unwrap();
                axpby(1.0, &acc, 1.0, &mut tc);
            }
        }
    }
}
#[inline(never)]
fn hand_dgemm(a: &[f32], b: &[f32], c: &mut [f32], (m, n, k): (usize, usize, usize)) {
    assert!(a.len() >= m * k && b.len() >= n * k && c.len() >= m * n);
    for bm in 0..m / 32 {
        for bn in 0..n / 32 {
            for t in 0..16 {
                let (ti, tj) = (t % 4, t / 4);
                let mut acc = [0.0f32; 64];
                for kb in 0..k / 8 {
                    let (mut ra, mut rb) = ([0.0f32; 64], [0.0f32; 64]);
                    for kk in 0..8 {
                        for r in 0..8 {
                            ra[r + 8 * kk] = a[bm * 32 + ti + 4 * r + m * (kb * 8 + kk)];
                            rb[r + 8 * kk] = b[bn * 32 + tj + 4 * r + n * (kb * 8 + kk)];
                        }
                    }
                    for kk in 0..8 {
                        for j in 0..8 {
                            let bv = rb[j + 8 * kk];
                            for i in 0..8 {
                                acc[i + 8 * j] = mul_add(ra[i + 8 * kk], bv, acc[i + 8 * j]);
                            }
                        }
                    }
                }
                for j in 0..8 {
                    for i in 0..8 {
                        c[bm * 32 + ti + 4 * i + m * (bn * 32 + tj + 4 * j)] += acc[i + 8 * j];
                    }
                }
            }
        }
    }
}

// --- MMA atoms: the library's x86 micro-kernels against the same loop
// written with intrinsics, both on packed panels (A `(MR,kc):(1,MR)`, B
// `(NR,kc):(1,NR)`), `C += A·Bᵀ` on a column-major `MR × NR` tile. The
// library's kernel is `#[inline]` `#[target_feature]`: the `#[inline(never)]`
// wrappers below enable the same instructions so that it inlines into them
// (as it does into `gemm`'s loops) and the wrapper is the symbol compared.

/// `kc` of the atom cases: the depth of one packed panel.
#[cfg(target_arch = "x86_64")]
const KC: usize = 256;

/// The library's AVX2 + FMA atom, 16 × 6, `C += A·Bᵀ` on packed panels.
///
/// # Safety
/// The CPU has AVX2 and FMA (the token proves it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[inline(never)]
unsafe fn static_atom(t: Avx2Fma, kc: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    assert!(a.len() >= 16 * kc && b.len() >= 6 * kc && c.len() >= 16 * 6);
    let atom = MmaAvx2F32::new(t);
    // SAFETY: the panels and the tile are inside the slices (checked above).
    unsafe {
        atom.mma(
            kc,
            (a.as_ptr(), 16),
            (b.as_ptr(), 1, 6),
            (c.as_mut_ptr(), 16),
            1.0,
            1.0,
        )
    };
}
/// The same 16 × 6 kernel by hand: per `k` two loads of A, six broadcasts
/// of B and twelve fused multiply-adds into registers; C's columns
/// prefetched first and added to the accumulators last.
///
/// # Safety
/// The CPU has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[inline(never)]
unsafe fn hand_atom(_: Avx2Fma, kc: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    use core::arch::x86_64::*;
    assert!(a.len() >= 16 * kc && b.len() >= 6 * kc && c.len() >= 16 * 6);
    let (mut pa, mut pb, pc) = (a.as_ptr(), b.as_ptr(), c.as_mut_ptr());
    // SAFETY: every pointer stays inside the slices (checked above).
    unsafe {
        for j in 0..6 {
            let col = pc.add(16 * j).cast::<i8>();
            _mm_prefetch::<_MM_HINT_T0>(col);
            _mm_prefetch::<_MM_HINT_T0>(col.add(63));
        }
        let z = _mm256_setzero_ps();
        let (mut c00, mut c10, mut c01, mut c11, mut c02, mut c12) = (z, z, z, z, z, z);
        let (mut c03, mut c13, mut c04, mut c14, mut c05, mut c15) = (z, z, z, z, z, z);
        for _ in 0..kc {
            let a0 = _mm256_loadu_ps(pa);
            let a1 = _mm256_loadu_ps(pa.add(8));
            let b0 = _mm256_set1_ps(*pb);
            c00 = _mm256_fmadd_ps(a0, b0, c00);
            c10 = _mm256_fmadd_ps(a1, b0, c10);
            let b1 = _mm256_set1_ps(*pb.add(1));
            c01 = _mm256_fmadd_ps(a0, b1, c01);
            c11 = _mm256_fmadd_ps(a1, b1, c11);
            let b2 = _mm256_set1_ps(*pb.add(2));
            c02 = _mm256_fmadd_ps(a0, b2, c02);
            c12 = _mm256_fmadd_ps(a1, b2, c12);
            let b3 = _mm256_set1_ps(*pb.add(3));
            c03 = _mm256_fmadd_ps(a0, b3, c03);
            c13 = _mm256_fmadd_ps(a1, b3, c13);
            let b4 = _mm256_set1_ps(*pb.add(4));
            c04 = _mm256_fmadd_ps(a0, b4, c04);
            c14 = _mm256_fmadd_ps(a1, b4, c14);
            let b5 = _mm256_set1_ps(*pb.add(5));
            c05 = _mm256_fmadd_ps(a0, b5, c05);
            c15 = _mm256_fmadd_ps(a1, b5, c15);
            pa = pa.add(16);
            pb = pb.add(6);
        }
        let cols = [c00, c10, c01, c11, c02, c12, c03, c13, c04, c14, c05, c15];
        for (i, &x) in cols.iter().enumerate() {
            let q = pc.add(8 * i);
            _mm256_storeu_ps(q, _mm256_add_ps(x, _mm256_loadu_ps(q)));
        }
    }
}

/// The library's AVX-512F atom, 32 × 8, `C += A·Bᵀ` on packed panels (its
/// machine code is compared; valgrind cannot run it).
///
/// # Safety
/// The CPU has AVX-512F (the token proves it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline(never)]
unsafe fn static_atom512(t: Avx512, kc: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    assert!(a.len() >= 32 * kc && b.len() >= 8 * kc && c.len() >= 32 * 8);
    let atom = MmaAvx512F32::new(t);
    // SAFETY: the panels and the tile are inside the slices (checked above).
    unsafe {
        atom.mma(
            kc,
            (a.as_ptr(), 32),
            (b.as_ptr(), 1, 8),
            (c.as_mut_ptr(), 32),
            1.0,
            1.0,
        )
    };
}
/// The same 32 × 8 kernel by hand: per `k` two loads of A, eight broadcasts
/// of B and sixteen fused multiply-adds into registers.
///
/// # Safety
/// The CPU has AVX-512F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline(never)]
unsafe fn hand_atom512(_: Avx512, kc: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    use core::arch::x86_64::*;
    assert!(a.len() >= 32 * kc && b.len() >= 8 * kc && c.len() >= 32 * 8);
    let (mut pa, mut pb, pc) = (a.as_ptr(), b.as_ptr(), c.as_mut_ptr());
    // SAFETY: every pointer stays inside the slices (checked above).
    unsafe {
        for j in 0..8 {
            let col = pc.add(32 * j).cast::<i8>();
            _mm_prefetch::<_MM_HINT_T0>(col);
            _mm_prefetch::<_MM_HINT_T0>(col.add(127));
        }
        let z = _mm512_setzero_ps();
        let (mut c00, mut c10, mut c01, mut c11, mut c02, mut c12) = (z, z, z, z, z, z);
        let (mut c03, mut c13, mut c04, mut c14, mut c05, mut c15) = (z, z, z, z, z, z);
        let (mut c06, mut c16, mut c07, mut c17) = (z, z, z, z);
        for _ in 0..kc {
            let a0 = _mm512_loadu_ps(pa);
            let a1 = _mm512_loadu_ps(pa.add(16));
            let b0 = _mm512_set1_ps(*pb);
            c00 = _mm512_fmadd_ps(a0, b0, c00);
            c10 = _mm512_fmadd_ps(a1, b0, c10);
            let b1 = _mm512_set1_ps(*pb.add(1));
            c01 = _mm512_fmadd_ps(a0, b1, c01);
            c11 = _mm512_fmadd_ps(a1, b1, c11);
            let b2 = _mm512_set1_ps(*pb.add(2));
            c02 = _mm512_fmadd_ps(a0, b2, c02);
            c12 = _mm512_fmadd_ps(a1, b2, c12);
            let b3 = _mm512_set1_ps(*pb.add(3));
            c03 = _mm512_fmadd_ps(a0, b3, c03);
            c13 = _mm512_fmadd_ps(a1, b3, c13);
            let b4 = _mm512_set1_ps(*pb.add(4));
            c04 = _mm512_fmadd_ps(a0, b4, c04);
            c14 = _mm512_fmadd_ps(a1, b4, c14);
            let b5 = _mm512_set1_ps(*pb.add(5));
            c05 = _mm512_fmadd_ps(a0, b5, c05);
            c15 = _mm512_fmadd_ps(a1, b5, c15);
            let b6 = _mm512_set1_ps(*pb.add(6));
            c06 = _mm512_fmadd_ps(a0, b6, c06);
            c16 = _mm512_fmadd_ps(a1, b6, c16);
            let b7 = _mm512_set1_ps(*pb.add(7));
            c07 = _mm512_fmadd_ps(a0, b7, c07);
            c17 = _mm512_fmadd_ps(a1, b7, c17);
            pa = pa.add(32);
            pb = pb.add(8);
        }
        let cols = [
            c00, c10, c01, c11, c02, c12, c03, c13, c04, c14, c05, c15, c06, c16, c07, c17,
        ];
        for (i, &x) in cols.iter().enumerate() {
            let q = pc.add(16 * i);
            _mm512_storeu_ps(q, _mm512_add_ps(x, _mm512_loadu_ps(q)));
        }
    }
}

/// An atom kernel: `(token, kc, a, b, c)`.
#[cfg(target_arch = "x86_64")]
type AtomKernel<T> = unsafe fn(T, usize, &[f32], &[f32], &mut [f32]);

#[cfg(target_arch = "x86_64")]
thread_local! {
    /// Packed panels of the atoms (A for the widest, 32 × `KC`; B, 8 × `KC`) and their C tile.
    static PANELS: std::cell::RefCell<(Vec<f32>, Vec<f32>, Vec<f32>)> = std::cell::RefCell::new((
        (0..32 * KC).map(|x| (x % 97) as f32 - 48.0).collect(),
        (0..8 * KC).map(|x| (x % 89) as f32 / 8.0).collect(),
        vec![0.0; 32 * 8],
    ));
}

/// Runs an atom kernel on the panels, C zeroed first (the variants share it).
#[cfg(target_arch = "x86_64")]
fn on_atom<T: Copy>(t: T, f: AtomKernel<T>) -> i64 {
    PANELS.with(|p| {
        let (a, b, c) = &mut *p.borrow_mut();
        c.fill(0.0);
        // SAFETY: `t` proves the CPU runs the kernel's instructions.
        unsafe {
            f(
                t,
                black_box(KC),
                black_box(&a[..]),
                black_box(&b[..]),
                black_box(&mut c[..]),
            )
        };
        c[black_box(5)] as i64 + c[black_box(90)] as i64
    })
}

/// The AVX2 + FMA token, where the CPU (or valgrind's) has those.
fn avx2_fma() -> Option<Avx2Fma> {
    Simd::detect().avx2_fma()
}

/// The AVX-512F token, where the CPU has it.
fn avx512() -> Option<Avx512> {
    match Simd::detect() {
        Simd::Avx512(t) => Some(t),
        _ => None,
    }
}

/// A GEMM kernel on run-time sizes: `(a, b, c, (m, n, k))`.
type DynGemm = fn(&[f32], &[f32], &mut [f32], (usize, usize, usize));

/// Runs the run-time-sized GEMM (64×64×32) on the buffers.
fn on_dgemm(f: DynGemm) -> i64 {
    BUFS.with(|b| {
        let (src, dst) = &mut *b.borrow_mut();
        dst.fill(0.0);
        let sizes = (black_box(64), black_box(64), black_box(32));
        f(
            black_box(&src[..2048]),
            black_box(&src[2048..]),
            black_box(&mut dst[..]),
            sizes,
        );
        dst[black_box(173)] as i64 + dst[black_box(4011)] as i64
    })
}

/// Runs the tiled sum on the buffers, sizes given at run time.
fn on_dtile(f: fn(&[f32], usize, usize, usize) -> f32) -> i64 {
    BUFS.with(|b| {
        let (src, _) = &*b.borrow();
        f(
            black_box(&src[..]),
            black_box(64),
            black_box(64),
            black_box(64),
        ) as i64
    })
}

/// A copy kernel on run-time sizes: `(src, dst, m, n, ld)`.
type DynCopy = fn(&[f32], &mut [f32], usize, usize, usize);

/// Runs the run-time-sized copy (64×64, leading dimension 64) on the
/// buffers; returns two output elements.
fn on_dcopy(f: DynCopy) -> i64 {
    BUFS.with(|b| {
        let (src, dst) = &mut *b.borrow_mut();
        f(
            black_box(&src[..]),
            black_box(&mut dst[..]),
            black_box(64),
            black_box(64),
            black_box(64),
        );
        dst[black_box(173)] as i64 + dst[black_box(4011)] as i64
    })
}

/// Runs a copy-like kernel on the buffers; returns one output element.
fn on_bufs(f: fn(&[f32], &mut [f32])) -> i64 {
    BUFS.with(|b| {
        let (src, dst) = &mut *b.borrow_mut();
        f(black_box(&src[..]), black_box(&mut dst[..]));
        dst[black_box(173)] as i64 + dst[black_box(11)] as i64
    })
}

/// Runs a gemm kernel on the buffers.
fn on_gemm(f: fn(&[f32], &[f32]) -> f32) -> i64 {
    BUFS.with(|b| {
        let (src, _) = &*b.borrow();
        f(black_box(&src[..2048]), black_box(&src[2048..])) as i64
    })
}

thread_local! {
    /// The mixed layout, built (and checked) once, outside the measured loops.
    static MIXED: Layout![(8,{_}):({_},1)] =
        layout!((8,{black_box(40)}):({black_box(48)},1)).expect("valid layout");
}

fn run(case: &str, variant: &str, reps: usize) -> i64 {
    // Chosen once, so the measured loop is the same for every variant.
    let f: fn() -> i64 = match (case, variant) {
        ("1d", "static") => || static_1d(black_box(24)),
        ("1d", "hand") => || hand_1d(black_box(24)),
        ("2d", "static") => || static_2d(black_box(32), black_box(64)),
        ("2d", "hand") => || hand_2d(black_box(32), black_box(64)),
        ("hier", "static") => || static_hier(black_box(32), black_box(32)),
        ("hier", "hand") => || hand_hier(black_box(32), black_box(32)),
        ("odd", "static") => || static_odd(black_box(105)),
        ("odd", "hand") => || hand_odd(black_box(105)),
        ("mixed", "static") => || MIXED.with(|l| static_mixed(*l, 8, black_box(40))),
        ("mixed", "hand") => || MIXED.with(|l| hand_mixed(l.stride().head.0, 8, black_box(40))),
        ("swizzle", "static") => || static_swizzle(black_box(8), black_box(64)),
        ("swizzle", "hand") => || hand_swizzle(black_box(8), black_box(64)),
        ("swizzle64", "static") => || static_swizzle64(black_box(64), black_box(64)),
        ("swizzle64", "hand") => || hand_swizzle64(black_box(64), black_box(64)),
        ("tcopy", "static") => || on_bufs(static_tcopy),
        ("tcopy", "hand") => || on_bufs(hand_tcopy),
        ("transpose", "static") => || on_bufs(static_transpose),
        ("transpose", "hand") => || on_bufs(hand_transpose),
        ("gemm", "static") => || on_gemm(static_gemm),
        ("gemm", "hand") => || on_gemm(hand_gemm),
        ("gather", "static") => || on_bufs(static_gather),
        ("gather", "hand") => || on_bufs(hand_gather),
        ("scatter", "static") => || on_bufs(static_scatter),
        ("scatter", "hand") => || on_bufs(hand_scatter),
        ("tswizzle", "static") => || on_bufs(static_tswizzle),
        ("tswizzle", "hand") => || on_bufs(hand_tswizzle),
        ("dtile", "static") => || on_dtile(static_dtile),
        ("dtile", "hand") => || on_dtile(hand_dtile),
        ("etile", "static") => || on_dtile(static_etile),
        ("etile", "hand") => || on_dtile(hand_etile),
        ("tvpart", "static") => || on_dtile(static_tvpart),
        ("tvpart", "hand") => || on_dtile(hand_tvpart),
        ("lpart", "static") => || on_dtile(static_lpart),
        ("lpart", "hand") => || on_dtile(hand_lpart),
        ("mmapart", "static") => || on_dtile(static_mmapart),
        ("mmapart", "hand") => || on_dtile(hand_mmapart),
        ("tvcopy", "static") => || on_dcopy(static_tvcopy),
        ("tvcopy", "hand") => || on_dcopy(hand_tvcopy),
        ("dgemm", "static") => || on_dgemm(static_dgemm),
        ("dgemm", "hand") => || on_dgemm(hand_dgemm),
        #[cfg(target_arch = "x86_64")]
        ("atom", "static") => || avx2_fma().map_or(0, |t| on_atom(t, static_atom)),
        #[cfg(target_arch = "x86_64")]
        ("atom", "hand") => || avx2_fma().map_or(0, |t| on_atom(t, hand_atom)),
        #[cfg(target_arch = "x86_64")]
        ("atom512", "static") => || avx512().map_or(0, |t| on_atom(t, static_atom512)),
        #[cfg(target_arch = "x86_64")]
        ("atom512", "hand") => || avx512().map_or(0, |t| on_atom(t, hand_atom512)),
        _ => || 0,
    };
    // The buffers made in every variant, the baseline too: their set-up is
    // start-up, not the loops'.
    BUFS.with(|_| ());
    MIXED.with(|_| ());
    #[cfg(target_arch = "x86_64")]
    PANELS.with(|_| ());
    let mut acc = 0i64;
    for _ in 0..reps {
        acc = acc.wrapping_add(black_box(f)());
    }
    acc
}

/// Why `case` cannot run on this CPU, if it cannot (the atoms need their
/// instructions; under valgrind the CPU has no AVX-512).
fn missing(case: &str) -> Option<&'static str> {
    match case {
        "atom" if avx2_fma().is_none() => Some("the CPU lacks AVX2+FMA"),
        "atom512" if avx512().is_none() => Some("the CPU lacks AVX-512F"),
        _ => None,
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let reps = black_box(2000);
    if let [case, variant] = args.as_slice() {
        match missing(case) {
            // The first word tells benches/zero_cost.sh to skip the case.
            Some(why) => println!("skipped: {why}"),
            None => println!("{}", run(case, variant, reps)),
        }
        return;
    }
    for case in [
        "1d",
        "2d",
        "hier",
        "odd",
        "mixed",
        "swizzle",
        "swizzle64",
        "tcopy",
        "transpose",
        "gemm",
        "gather",
        "scatter",
        "tswizzle",
        "dtile",
        "etile",
        "tvpart",
        "lpart",
        "mmapart",
        "tvcopy",
        "dgemm",
        "atom",
        "atom512",
    ] {
        if let Some(why) = missing(case) {
            println!("{case}: skipped ({why})");
            continue;
        }
        let (s, h) = (run(case, "static", reps), run(case, "hand", reps));
        assert_eq!(
            s, h,
            "{case}: static layout and hand-written arithmetic differ"
        );
        println!("{case}: sums agree ({s})");
    }
}
