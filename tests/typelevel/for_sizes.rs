//! `#[for_sizes(..)]`: a kernel written once over `const MR, NR` with
//! `layout!((MR, NR))`, `tile!(MR, NR)` and register fragments, stamped for
//! several tile sizes and checked against a naive loop.

use layout_algebra::typelevel::*;

/// `C += A·Bᵀ` for `A` (M,K), `B` (N,K), `C` (M,N) column-major, M a multiple
/// of `MR` and N of `NR`: blocks of `C` by `try_local_tile` (the matrices'
/// sizes are dynamic, the tiles static), each accumulated in an
/// `MR×NR` register fragment by rank-1 updates (`gemm` of an `MR×1` and an
/// `NR×1` fragment).
#[for_sizes((4, 4), (8, 8), (16, 6))]
fn blocked<const MR: usize, const NR: usize>(
    (m, n, k): (usize, usize, usize),
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
) {
    let (dm, dn, dk) = (m as i64, n as i64, k as i64);
    let ga = make_tensor(a, layout!(({ dm }, { dk })).unwrap()).unwrap();
    let gb = make_tensor(b, layout!(({ dn }, { dk })).unwrap()).unwrap();
    let mut gc = make_tensor(c, layout!(({ dm }, { dn })).unwrap()).unwrap();
    for bm in 0..m / MR {
        for bn in 0..n / NR {
            let mut acc = make_fragment::<f32, _, _>(layout!((MR, NR)));
            for p in 0..k {
                let ta = try_local_tile(ga, tile!(MR, 1), (bm, p)).unwrap();
                let tb = try_local_tile(gb, tile!(NR, 1), (bn, p)).unwrap();
                let mut ra = make_fragment::<f32, _, _>(layout!((MR, 1)));
                let mut rb = make_fragment::<f32, _, _>(layout!((NR, 1)));
                copy(&ta, &mut ra);
                copy(&tb, &mut rb);
                gemm(&ra, &rb, &mut acc);
            }
            let mut tc = try_local_tile(gc.view_mut(), tile!(MR, NR), (bm, bn)).unwrap();
            axpby(1.0, &acc, 1.0, &mut tc);
        }
    }
}

fn naive((m, n, k): (usize, usize, usize), a: &[f32], b: &[f32], c: &mut [f32]) {
    for j in 0..n {
        for i in 0..m {
            c[i + m * j] += (0..k).map(|p| a[i + m * p] * b[j + n * p]).sum::<f32>();
        }
    }
}

fn check<const MR: usize, const NR: usize>(m: usize, n: usize, k: usize) {
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let mut c: Vec<f32> = (0..m * n).map(|i| (i % 3) as f32).collect();
    let mut want = c.clone();
    blocked::<MR, NR>((m, n, k), &a, &b, &mut c);
    naive((m, n, k), &a, &b, &mut want);
    assert_eq!(c, want, "MR = {MR}, NR = {NR}, {m}x{n}x{k}");
}

#[test]
fn one_kernel_for_three_tile_sizes() {
    check::<4, 4>(16, 12, 7);
    check::<8, 8>(32, 16, 9);
    check::<16, 6>(32, 18, 5);
    check::<16, 6>(16, 6, 1);
}

/// Other generic parameters stay generic, on the function and its instances.
#[for_sizes(2, 3)]
fn column_sums<T, const N: usize>(x: &[T]) -> Vec<T>
where
    T: Copy + Default + core::ops::Add<Output = T>,
{
    let t = make_tensor(x, layout!((N, N))).unwrap();
    (0..N)
        .map(|j| (0..N).fold(T::default(), |s, i| s + t[(i, j)]))
        .collect()
}

#[test]
fn other_generic_parameters_are_kept() {
    assert_eq!(column_sums::<i32, 2>(&[1, 2, 3, 4]), [3, 7]);
    assert_eq!(column_sums::<f64, 3>(&[1.0; 9]), [3.0; 3]);
}

/// Patterns and `unsafe` are the function's own.
#[for_sizes(4)]
unsafe fn first_rows<const N: usize>((src, mut dst): (*const i32, *mut i32), _: u8) {
    for i in 0..N {
        // SAFETY: the caller passes `N` readable and writable elements.
        unsafe { *dst = *src.add(i) };
        dst = unsafe { dst.add(1) };
    }
}

#[test]
fn patterns_and_unsafe_are_kept() {
    let (src, mut dst) = ([1, 2, 3, 4], [0; 4]);
    // SAFETY: both arrays hold 4 elements.
    unsafe { first_rows::<4>((src.as_ptr(), dst.as_mut_ptr()), 0) };
    assert_eq!(dst, src);
}

/// A generic caller needs no bound to call a stamped kernel.
fn twice<const MR: usize, const NR: usize>(m: usize, n: usize, k: usize) {
    check::<MR, NR>(m, n, k);
    check::<MR, NR>(2 * m, 2 * n, k);
}

#[test]
fn generic_callers_need_no_bound() {
    twice::<8, 8>(8, 8, 3);
}
