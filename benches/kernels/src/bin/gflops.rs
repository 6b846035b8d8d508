//! GFLOP/s of `try_gemm` beside matrixmultiply and faer's `gemm`, one thread,
//! interleaved in one process, medians; and one core's FMA peak.
//!
//! Run: `cargo run --release --bin gflops [f32|f64] [sizes...]`

use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use layout_algebra_kernels_bench::{faer, medians, mm_f32, mm_f64, reps_for};

macro_rules! side_by_side {
    ($t:ty, $mm:ident, $m:expr, $n:expr, $k:expr) => {{
        let (m, n, k) = ($m, $n, $k);
        let a: Vec<$t> = (0..m * k).map(|i| ((i * 7) % 13) as $t - 6.0).collect();
        let b: Vec<$t> = (0..n * k).map(|i| ((i * 5) % 11) as $t - 5.0).collect();
        let mut c1 = vec![0.0 as $t; m * n];
        let mut c2 = c1.clone();
        let mut c3 = c1.clone();
        let (dm, dn, dk) = (Dyn(m as i64), Dyn(n as i64), Dyn(k as i64));
        // NT: A (M,K):(1,M), B (N,K):(1,N), C (M,N):(1,M).
        let la = Layout::try_new(hlist![dm, dk], hlist![_1, dm]).unwrap();
        let lb = Layout::try_new(hlist![dn, dk], hlist![_1, dn]).unwrap();
        let lc = Layout::try_new(hlist![dm, dn], hlist![_1, dm]).unwrap();
        let (sa, sb, sc) = ((1, m as isize), (1, n as isize), (1, m as isize));
        let flops = 2.0 * (m * n * k) as f64;
        let t = medians(
            reps_for(flops, 1.5),
            &mut [
                &mut || {
                    let ta = make_tensor(&a[..], la).unwrap();
                    let tb = make_tensor(&b[..], lb).unwrap();
                    let mut tc = make_tensor(&mut c1[..], lc).unwrap();
                    try_gemm(&ta, &tb, &mut tc).unwrap();
                },
                &mut || $mm(m, n, k, &a, sa, &b, sb, &mut c2, sc),
                &mut || faer(m, n, k, &a, sa, &b, sb, &mut c3, sc),
            ],
        );
        let g: Vec<f64> = t.iter().map(|t| flops / t / 1e9).collect();
        println!(
            "{:>4} {:>5} {:>5} {:>5}  ours {:>6.1}  mm {:>6.1}  faer {:>6.1}  ours/best {:.2}",
            stringify!($t),
            m,
            n,
            k,
            g[0],
            g[1],
            g[2],
            g[0] / g[1].max(g[2])
        );
    }};
}

/// `par_gemm` on 2 threads against `try_gemm` on one, N×N×N f32.
fn threads(n: usize) {
    let a: Vec<f32> = (0..n * n).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * n).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let (mut c1, mut c2) = (vec![0.0f32; n * n], vec![0.0f32; n * n]);
    let d = Dyn(n as i64);
    let l = Layout::try_new(hlist![d, d], hlist![_1, d]).unwrap();
    let flops = 2.0 * (n * n * n) as f64;
    let t = medians(
        reps_for(flops, 1.5),
        &mut [
            &mut || {
                let (ta, tb) = (
                    make_tensor(&a[..], l).unwrap(),
                    make_tensor(&b[..], l).unwrap(),
                );
                try_gemm(&ta, &tb, &mut make_tensor(&mut c1[..], l).unwrap()).unwrap();
            },
            &mut || {
                let (ta, tb) = (
                    make_tensor(&a[..], l).unwrap(),
                    make_tensor(&b[..], l).unwrap(),
                );
                try_par_gemm(2, &ta, &tb, &mut make_tensor(&mut c2[..], l).unwrap()).unwrap();
            },
        ],
    );
    println!(
        " f32 {n:>5} {n:>5} {n:>5}  1 thread {:>6.1}  2 threads {:>6.1}  speed-up {:.2}",
        flops / t[0] / 1e9,
        flops / t[1] / 1e9,
        t[0] / t[1]
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let types: Vec<&str> = match args.first().map(String::as_str) {
        Some(t @ ("f32" | "f64")) => vec![t],
        _ => vec!["f32", "f64"],
    };
    let sizes: Vec<usize> = args.iter().filter_map(|s| s.parse().ok()).collect();
    let sizes = if sizes.is_empty() {
        vec![64, 128, 256, 512, 1024, 2048]
    } else {
        sizes
    };
    println!("simd: {:?}", Simd::detect());
    if args.first().map(String::as_str) == Some("threads") {
        return sizes.iter().for_each(|&n| threads(n));
    }
    for t in types {
        for &n in &sizes {
            match t {
                "f32" => side_by_side!(f32, mm_f32, n, n, n),
                _ => side_by_side!(f64, mm_f64, n, n, n),
            }
        }
        match t {
            "f32" => side_by_side!(f32, mm_f32, 1024, 1024, 64),
            _ => side_by_side!(f64, mm_f64, 1024, 1024, 64),
        }
    }
}
