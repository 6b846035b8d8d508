//! `gemm` at sizes a debug-mode test cannot afford, against plain loops:
//! CuTe's Table 3 layouts (NT, TN, NTT, padded leading dimensions), prime
//! and blocking-edge sizes up to 1024³, `f32`, `f64` and `i32`, 1 and 2
//! threads, a batch, grouped modes (GETT). Every value is a small integer,
//! so every sum is exact and the results must be equal. CI runs it.
//!
//! Run: `cargo run --release --example gemm_check`

use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

/// Strides `(rs, cs)` of an `r × c` matrix: column-major or row-major with
/// leading dimension padded by `pad`.
fn strides(r: usize, c: usize, row_major: bool, pad: usize) -> (usize, usize, usize) {
    match row_major {
        false => (1, r + pad, (r + pad) * c),
        true => (c + pad, 1, (c + pad) * r),
    }
}

/// One product through `try_gemm` (or `try_par_gemm` on 2 threads) against
/// the loops; `T` from small integers.
fn check<T>(m: usize, n: usize, k: usize, t: (bool, bool, bool), pad: usize, threads: usize)
where
    T: GemmScalar + From<i8> + Send + Sync + core::fmt::Debug,
{
    let (ra, ca, la) = strides(m, k, t.0, pad);
    let (rb, cb, lb) = strides(n, k, t.1, pad);
    let (rc, cc, lc) = strides(m, n, t.2, pad);
    let v = |len: usize, s: usize| -> Vec<T> {
        (0..len)
            .map(|i| T::from(((i * 7 + s) % 9) as i8 - 4))
            .collect()
    };
    let (a, b) = (v(la, 1), v(lb, 2));
    let mut want = v(lc, 3);
    let mut got = want.clone();
    for j in 0..n {
        for i in 0..m {
            let mut s = T::ZERO;
            for p in 0..k {
                s = s + a[i * ra + p * ca] * b[j * rb + p * cb];
            }
            want[i * rc + j * cc] = want[i * rc + j * cc] + s;
        }
    }
    let d = |x: usize| Dyn(x as i64);
    let ta = make_tensor(
        &a[..],
        Layout::try_new(hlist![d(m), d(k)], hlist![d(ra), d(ca)]).unwrap(),
    )
    .unwrap();
    let tb = make_tensor(
        &b[..],
        Layout::try_new(hlist![d(n), d(k)], hlist![d(rb), d(cb)]).unwrap(),
    )
    .unwrap();
    let mut tc = make_tensor(
        &mut got[..],
        Layout::try_new(hlist![d(m), d(n)], hlist![d(rc), d(cc)]).unwrap(),
    )
    .unwrap();
    match threads {
        1 => try_gemm(&ta, &tb, &mut tc).unwrap(),
        _ => try_par_gemm(threads, &ta, &tb, &mut tc).unwrap(),
    }
    assert!(
        got == want,
        "{m}x{n}x{k} {t:?} pad {pad}, {threads} threads, {}",
        core::any::type_name::<T>()
    );
}

fn main() {
    let sizes = [
        (1024, 1024, 1024),
        (1013, 997, 1009),
        (257, 129, 513),
        (1000, 7, 300),
        (3, 2000, 17),
        (4096, 1, 1),
    ];
    for &(m, n, k) in &sizes {
        let big = m * n * k > 1 << 25;
        for (bits, threads) in [(0u32, 1), (1, 2), (2, 1), (5, 2), (6, 1), (7, 1)] {
            let t = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
            if big && bits > 1 {
                continue; // the loops' time: two layouts of the largest sizes
            }
            check::<f32>(m, n, k, t, bits as usize % 3, threads);
            if !big {
                check::<f64>(m, n, k, t, 1, threads);
                check::<i32>(m, n, k, t, 0, threads);
            }
        }
        println!("ok: {m}x{n}x{k}, Table 3 layouts, 1 and 2 threads");
    }
    // A batch and a GETT (grouped M and K) through the same path.
    let (m, n, k, l) = (96usize, 80usize, 300usize, 5usize);
    let a: Vec<f32> = (0..m * k * l).map(|i| (i % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..n * k * l).map(|i| (i % 5) as f32 - 2.0).collect();
    let mut c = vec![0.0f32; m * n * l];
    let dims = |x: usize, y: usize| {
        Layout::try_new(
            hlist![Dyn(x as i64), Dyn(k as i64), Dyn(l as i64)],
            hlist![_1, Dyn(x as i64), Dyn((x * y) as i64)],
        )
    };
    let lc = Layout::try_new(
        hlist![Dyn(m as i64), Dyn(n as i64), Dyn(l as i64)],
        hlist![_1, Dyn(m as i64), Dyn((m * n) as i64)],
    )
    .unwrap();
    try_gemm_batched(
        &make_tensor(&a[..], dims(m, k).unwrap()).unwrap(),
        &make_tensor(&b[..], dims(n, k).unwrap()).unwrap(),
        &mut make_tensor(&mut c[..], lc).unwrap(),
    )
    .unwrap();
    for (i, j, q) in [(0, 0, 0), (95, 79, 4), (31, 7, 2)] {
        let want: f32 = (0..k)
            .map(|p| a[i + m * p + m * k * q] * b[j + n * p + n * k * q])
            .sum();
        assert_eq!(c[i + m * j + m * n * q], want);
    }
    let mut g = vec![0.0f32; 96 * 80];
    // M = (32, 3), K = (100, 3): the batch's first three matrices side by side.
    let la = Layout::try_new(
        hlist![hlist![_32, _3], hlist![Dyn(100), _3]],
        hlist![hlist![_1, _32], hlist![Dyn(96), Dyn(96 * 300)]],
    )
    .unwrap();
    let lb = Layout::try_new(
        hlist![Dyn(80), hlist![Dyn(100), _3]],
        hlist![_1, hlist![int!(80), Dyn(80 * 300)]],
    )
    .unwrap();
    let lg = Layout::try_new(
        hlist![hlist![_32, _3], Dyn(80)],
        hlist![hlist![_1, _32], int!(96)],
    )
    .unwrap();
    try_gemm(
        &make_tensor(&a[..], la).unwrap(),
        &make_tensor(&b[..], lb).unwrap(),
        &mut make_tensor(&mut g[..], lg).unwrap(),
    )
    .unwrap();
    let want: f32 = (0..3)
        .flat_map(|q| (0..100).map(move |p| (q, p)))
        .map(|(q, p)| a[40 + 96 * p + 96 * 300 * q] * b[9 + 80 * p + 80 * 300 * q])
        .sum();
    assert_eq!(g[40 + 96 * 9], want);
    println!("ok: a batch and grouped modes");
}
