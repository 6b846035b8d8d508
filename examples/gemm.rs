//! A tiled CPU GEMM in CuTe's style, `C = A·Bᵀ` with `A` (M,K), `B` (N,K) and
//! `C` (M,N) column-major: block tiles of `C` with `local_tile`, a 4×4 grid of
//! (simulated) threads each owning an 8×8 register tile through
//! `local_partition`, register fragments in `GenericArray`s, and the K loop
//! over 8-wide slabs. Every shape is static, so a mismatch is a compile error
//! and the index arithmetic folds; checked against a naive triple loop.
//!
//!
//! `tiled_gemm_dyn` is the same kernel on M, N, K known only at run time:
//! the tensors' layouts `(M,K):(1,M)` have dynamic leaves, the tiles stay
//! static (`try_local_tile`, `try_local_partition`), and sizes that are not
//! multiples of the tiles are handled as CuTe kernels do, by predication with
//! identity tensors tiled and partitioned like the data; checked against the
//! naive loop on a sweep of sizes, primes included.
//!
//! `tiled_gemm_div` is the kernel on sizes known to be multiples of the tiles
//! (M, N multiples of 32, K of 8: `DivBy` leaves, checked once when made, as
//! CuTe DSL's `?{div=32}`): `assert_evenly_divides` proves at compile time
//! that the tiles fill the matrices, so every block takes the fast path, with
//! no identity tensors and no predicates.
//!
//! Run: `cargo run --release --example gemm [M N K]`

use layout_algebra::runtime::LayoutError;
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

/// `C += A·Bᵀ`, block 32×32, K slab 8, 16 threads × (8×8) registers.
fn tiled_gemm(a: &[f32], b: &[f32], c: &mut [f32]) {
    // (M,K), (N,K), (M,N): the three slices checked at once (panics if one is short).
    let (ga, gb, mut gc) = make_tensors((
        (a, layout!((128, 64))),
        (b, layout!((96, 64))),
        (c, layout!((128, 96))),
    ));
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

/// `C += A·Bᵀ` for M, N, K known at run time: the same blocks, threads and
/// register tiles as [`tiled_gemm`]. A block inside the matrices takes the
/// fast path (copies between tiles of static shape); a block past an edge
/// reads and writes only the elements whose coordinates, from identity
/// tensors tiled like the data, lie inside the matrices (zeros elsewhere).
fn tiled_gemm_dyn(
    (m, n, k): (usize, usize, usize),
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
) -> Result<(), LayoutError> {
    let (dm, dn, dk) = (Dyn(m as i64), Dyn(n as i64), Dyn(k as i64));
    let ga = make_tensor(a, Layout::try_new(hlist![dm, dk], hlist![_1, dm])?)?; // (M,K):(1,M)
    let gb = make_tensor(b, Layout::try_new(hlist![dn, dk], hlist![_1, dn])?)?; // (N,K):(1,N)
    let mut gc = make_tensor(c, Layout::try_new(hlist![dm, dn], hlist![_1, dm])?)?; // (M,N):(1,M)
                                                                                    // Coordinates, tiled and partitioned like the data: the predicates.
    let (ia, ib, ic) = (
        make_identity_tensor(hlist![dm, dk]),
        make_identity_tensor(hlist![dn, dk]),
        make_identity_tensor(hlist![dm, dn]),
    );
    let inside =
        |c: &[i64], rows: usize, cols: usize| (c[0] as usize) < rows && (c[1] as usize) < cols;
    let threads = layout!((4, 4));
    for bm in 0..m.div_ceil(32) {
        for bn in 0..n.div_ceil(32) {
            for t in 0..16 {
                let mut acc = make_fragment::<f32, _, _>(layout!((8, 8)));
                for kb in 0..k.div_ceil(8) {
                    let mut ra = make_fragment::<f32, _, _>(layout!((8, 8)));
                    let mut rb = make_fragment::<f32, _, _>(layout!((8, 8)));
                    if (bm + 1) * 32 <= m && (bn + 1) * 32 <= n && (kb + 1) * 8 <= k {
                        let ta = try_local_tile(ga, tile!(32, 8), (bm, kb))?;
                        let tb = try_local_tile(gb, tile!(32, 8), (bn, kb))?;
                        copy(&try_local_partition(ta, layout!((4, 1)), t % 4)?, &mut ra);
                        copy(&try_local_partition(tb, layout!((4, 1)), t / 4)?, &mut rb);
                    } else {
                        let ca = try_local_tile(ia, tile!(32, 8), (bm, kb))?;
                        let cb = try_local_tile(ib, tile!(32, 8), (bn, kb))?;
                        let ca = try_local_partition(ca, layout!((4, 1)), t % 4)?;
                        let cb = try_local_partition(cb, layout!((4, 1)), t / 4)?;
                        for i in 0..64 {
                            let (x, y) = (ca.read(i), cb.read(i));
                            let (x, y) = (x.as_slice(), y.as_slice());
                            let va = if inside(x, m, k) {
                                ga[(x[0] as usize, x[1] as usize)]
                            } else {
                                0.0
                            };
                            let vb = if inside(y, n, k) {
                                gb[(y[0] as usize, y[1] as usize)]
                            } else {
                                0.0
                            };
                            ra.write(i, va);
                            rb.write(i, vb);
                        }
                    }
                    gemm(&ra, &rb, &mut acc);
                }
                if (bm + 1) * 32 <= m && (bn + 1) * 32 <= n {
                    let bc = try_local_tile(gc.view_mut(), tile!(32, 32), (bm, bn))?;
                    axpby(1.0, &acc, 1.0, &mut try_local_partition(bc, threads, t)?);
                } else {
                    let cc = try_local_tile(ic, tile!(32, 32), (bm, bn))?;
                    let cc = try_local_partition(cc, threads, t)?;
                    for i in 0..64 {
                        let x = cc.read(i);
                        if inside(x.as_slice(), m, n) {
                            gc[(x[0] as usize, x[1] as usize)] += acc.read(i);
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// `C += A·Bᵀ` for M, N multiples of 32 and K a multiple of 8: the blocks,
/// threads and registers of [`tiled_gemm_dyn`], every block on its fast path
/// (the tiles provably fill the matrices: no predication).
fn tiled_gemm_div(
    (m, n, k): (DivBy<typenum::U32>, DivBy<typenum::U32>, DivBy<typenum::U8>),
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
) -> Result<(), LayoutError> {
    let ga = make_tensor(a, Layout::try_new(hlist![m, k], hlist![_1, m])?)?; // (M,K):(1,M)
    let gb = make_tensor(b, Layout::try_new(hlist![n, k], hlist![_1, n])?)?; // (N,K):(1,N)
    let mut gc = make_tensor(c, Layout::try_new(hlist![m, n], hlist![_1, m])?)?; // (M,N):(1,M)
                                                                                 // Compile-time proofs: 32 | M, N and 8 | K, from the types.
    assert_evenly_divides(ga.layout(), tile!(32, 8));
    assert_evenly_divides(gb.layout(), tile!(32, 8));
    assert_evenly_divides(gc.layout(), tile!(32, 32));
    let threads = layout!((4, 4));
    let blocks = |x: i64, e: i64| (x / e) as usize; // exact
    for bm in 0..blocks(m.get(), 32) {
        for bn in 0..blocks(n.get(), 32) {
            for t in 0..16 {
                let mut acc = make_fragment::<f32, _, _>(layout!((8, 8)));
                for kb in 0..blocks(k.get(), 8) {
                    let ta = try_local_partition(
                        try_local_tile(ga, tile!(32, 8), (bm, kb))?,
                        layout!((4, 1)),
                        t % 4,
                    )?;
                    let tb = try_local_partition(
                        try_local_tile(gb, tile!(32, 8), (bn, kb))?,
                        layout!((4, 1)),
                        t / 4,
                    )?;
                    let (mut ra, mut rb) = (
                        make_fragment::<f32, _, _>(layout!((8, 8))),
                        make_fragment::<f32, _, _>(layout!((8, 8))),
                    );
                    copy(&ta, &mut ra);
                    copy(&tb, &mut rb);
                    gemm(&ra, &rb, &mut acc);
                }
                let mut tc = try_local_partition(
                    try_local_tile(gc.view_mut(), tile!(32, 32), (bm, bn))?,
                    threads,
                    t,
                )?;
                axpby(1.0, &acc, 1.0, &mut tc);
            }
        }
    }
    Ok(())
}

/// Operands of small integers (exact sums) and the naive `C = A·Bᵀ`.
fn operands(m: usize, n: usize, k: usize) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let mut want = vec![0.0f32; m * n];
    for j in 0..n {
        for i in 0..m {
            want[i + m * j] = (0..k).map(|p| a[i + m * p] * b[j + n * p]).sum();
        }
    }
    (a, b, want)
}

/// The largest `|x - y|` over two results.
fn worst(c: &[f32], want: &[f32]) -> f32 {
    c.iter()
        .zip(want)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

fn main() {
    let (m, n, k) = (128, 96, 64);
    let (a, b, want) = operands(m, n, k);
    let mut c = vec![0.0f32; m * n];
    tiled_gemm(&a, &b, &mut c);
    let w = worst(&c, &want);
    println!("tiled gemm {m}x{n}x{k} (blocks 32x32x8, 16 threads x 8x8 registers): max |C - naive| = {w}");
    assert_eq!(w, 0.0, "small integers: the sums are exact");
    println!("ok: equal to the naive triple loop");

    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let sizes: Vec<(usize, usize, usize)> = match args[..] {
        [m, n, k] => vec![(m, n, k)],
        _ => vec![
            (128, 96, 64),
            (1, 1, 1),
            (7, 5, 3),
            (31, 33, 9),
            (61, 67, 71),
            (97, 64, 13),
            (64, 101, 8),
        ],
    };
    for (m, n, k) in sizes {
        let (a, b, want) = operands(m, n, k);
        let mut c = vec![0.0f32; m * n];
        tiled_gemm_dyn((m, n, k), &a, &b, &mut c).expect("the sizes fit");
        let w = worst(&c, &want);
        println!(
            "run-time sizes {m}x{n}x{k}, static tiles, predicated edges: max |C - naive| = {w}"
        );
        assert_eq!(w, 0.0, "small integers: the sums are exact");
    }
    println!("ok: equal to the naive triple loop on every size");

    for (m, n, k) in [(128, 96, 64), (32, 32, 8), (96, 160, 24)] {
        let (a, b, want) = operands(m, n, k);
        let mut c = vec![0.0f32; m * n];
        let sizes = (
            div_by::<32>(m as i64).expect("a multiple of 32"),
            div_by::<32>(n as i64).expect("a multiple of 32"),
            div_by::<8>(k as i64).expect("a multiple of 8"),
        );
        tiled_gemm_div(sizes, &a, &b, &mut c).expect("the sizes fit");
        let w = worst(&c, &want);
        println!(
            "sizes {m}x{n}x{k} known multiples of the tiles, no predication: max |C - naive| = {w}"
        );
        assert_eq!(w, 0.0, "small integers: the sums are exact");
    }
    println!("ok: the proven fast path equals the naive triple loop");
}
