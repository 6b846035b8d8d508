//! The harness of the kernel benchmarks: timing side by side, interleaved,
//! medians, and the reference GEMMs.

use std::time::Instant;

/// Runs each of `fs` `reps` times, interleaved (one of each per round, so
/// that a slow phase of the machine slows all of them), and returns each
/// one's median seconds per call.
pub fn medians(reps: usize, fs: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    let mut t = vec![Vec::with_capacity(reps); fs.len()];
    for f in fs.iter_mut() {
        f(); // warm up: caches, page faults, lazy detection
    }
    for _ in 0..reps {
        for (f, t) in fs.iter_mut().zip(&mut t) {
            let s = Instant::now();
            f();
            t.push(s.elapsed().as_secs_f64());
        }
    }
    t.into_iter()
        .map(|mut v| {
            v.sort_by(|a, b| a.total_cmp(b));
            v[v.len() / 2]
        })
        .collect()
}

/// Repetitions so that one side takes about `budget` seconds.
pub fn reps_for(flops: f64, budget: f64) -> usize {
    ((budget * 50e9 / flops) as usize).clamp(5, 2001)
}

/// `C += A·Bᵀ` by matrixmultiply: A `m×k`, B `n×k`, C `m×n` with the given
/// (row, column) strides.
#[allow(clippy::too_many_arguments)]
pub fn mm_f32(
    m: usize,
    n: usize,
    k: usize,
    a: &[f32],
    sa: (isize, isize),
    b: &[f32],
    sb: (isize, isize),
    c: &mut [f32],
    sc: (isize, isize),
) {
    // SAFETY: the strides address the slices (the callers' layouts).
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            sa.0,
            sa.1,
            b.as_ptr(),
            sb.1,
            sb.0,
            1.0,
            c.as_mut_ptr(),
            sc.0,
            sc.1,
        )
    }
}

/// [`mm_f32`] in `f64`.
#[allow(clippy::too_many_arguments)]
pub fn mm_f64(
    m: usize,
    n: usize,
    k: usize,
    a: &[f64],
    sa: (isize, isize),
    b: &[f64],
    sb: (isize, isize),
    c: &mut [f64],
    sc: (isize, isize),
) {
    // SAFETY: as in `mm_f32`.
    unsafe {
        matrixmultiply::dgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            sa.0,
            sa.1,
            b.as_ptr(),
            sb.1,
            sb.0,
            1.0,
            c.as_mut_ptr(),
            sc.0,
            sc.1,
        )
    }
}

/// `C += A·Bᵀ` by faer's `gemm` crate, one thread.
#[allow(clippy::too_many_arguments)]
pub fn faer<T: 'static + Copy + num_one::One>(
    m: usize,
    n: usize,
    k: usize,
    a: &[T],
    sa: (isize, isize),
    b: &[T],
    sb: (isize, isize),
    c: &mut [T],
    sc: (isize, isize),
) {
    // SAFETY: as in `mm_f32`.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            sc.1,
            sc.0,
            true,
            a.as_ptr(),
            sa.1,
            sa.0,
            b.as_ptr(),
            sb.0,
            sb.1,
            T::ONE,
            T::ONE,
            false,
            false,
            false,
            gemm::Parallelism::None,
        )
    }
}

/// The one `1` faer's entry point needs for alpha and beta.
pub mod num_one {
    /// `1`.
    pub trait One {
        /// `1`.
        const ONE: Self;
    }
    impl One for f32 {
        const ONE: f32 = 1.0;
    }
    impl One for f64 {
        const ONE: f64 = 1.0;
    }
}
