//! `par_gemm`: one product on several threads, CuTe's `local_partition` of
//! the columns of `C` among them (feature `threads`, `std::thread::scope`).
//!
//! Thread `t` of `p` computes the columns `[t·w, (t+1)·w)` of `C` (`w` the
//! columns rounded up to a multiple of 48, so that every atom's `NR`
//! divides it), packing its own panels. Every element is computed by the same
//! operations in the same order whatever the thread count (a column's
//! products do not depend on which block holds it), so the result is the
//! same for 1 thread and for 16. `C` must not map two coordinates to one
//! element: two threads would write it at once.

use super::blocked::{Job, Map, RawMatrix, Workspace};
use super::{blocked_job, dispatch, sizes, GemmExtents, Matrix};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::atom::GemmScalar;
use crate::typelevel::check::rules::{op, AssertGemmExtent};
use alloc::vec::Vec;

/// [`gemm`](super::gemm) on `threads` threads (at least 1; more than the
/// columns of `C` are not started). Panics if dynamic sizes disagree, or if
/// `C`'s layout maps two coordinates to one offset.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (m, n, k) = (50usize, 70usize, 30usize);
/// let a: Vec<f64> = (0..m * k).map(|i| (i % 7) as f64).collect();
/// let b: Vec<f64> = (0..n * k).map(|i| (i % 5) as f64).collect();
/// let (mut c1, mut c2) = (vec![0.0; m * n], vec![0.0; m * n]);
/// let la = layout!(({m as i64}, {k as i64})).unwrap();
/// let lb = layout!(({n as i64}, {k as i64})).unwrap();
/// let lc = layout!(({m as i64}, {n as i64})).unwrap();
/// let (ta, tb) = (make_tensor(&a[..], la).unwrap(), make_tensor(&b[..], lb).unwrap());
/// gemm(&ta, &tb, &mut make_tensor(&mut c1[..], lc).unwrap());
/// par_gemm(2, &ta, &tb, &mut make_tensor(&mut c2[..], lc).unwrap());
/// assert_eq!(c1, c2); // bit for bit
/// ```
pub fn par_gemm<A: Matrix, B: Matrix<Elem = A::Elem>, C: GemmExtents<A, B>>(
    threads: usize,
    a: &A,
    b: &B,
    c: &mut C,
) where
    A::Elem: GemmScalar + Send + Sync,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    if let Err(e) = try_par_gemm(threads, a, b, c) {
        panic!("{e}")
    }
}

/// [`par_gemm`], returning the error: `SizeMismatch` if dynamic sizes
/// disagree, `NotInjective` if `C` maps two coordinates to one offset,
/// `InvalidArgument` for 0 threads; `C` is then unchanged.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::runtime::ErrorKind;
/// let (a, b, mut c) = ([1.0f32; 8], [1.0f32; 8], [0.0f32; 4]);
/// let ta = make_tensor(&a[..], layout!((4, 2))).unwrap();
/// let tb = make_tensor(&b[..], layout!((4, 2))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((4, 4):(1, 0))).unwrap(); // columns share elements
/// let e = try_par_gemm(2, &ta, &tb, &mut tc).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::NotInjective);
/// assert_eq!(e.to_string(), "par_gemm: distinct coordinates must have distinct offsets: \
///     C's layout (4,4):(1,0) maps two coordinates to one element, which two threads would write");
/// ```
pub fn try_par_gemm<A: Matrix, B: Matrix<Elem = A::Elem>, C: GemmExtents<A, B>>(
    threads: usize,
    a: &A,
    b: &B,
    c: &mut C,
) -> Result<(), LayoutError>
where
    A::Elem: GemmScalar + Send + Sync,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    sizes(a, b, c, 2)?;
    if threads == 0 {
        return Err(LayoutError::new(
            ErrorKind::InvalidArgument,
            "par_gemm",
            alloc::string::String::from("the thread count must be at least 1"),
        ));
    }
    let one = <A::Elem as GemmScalar>::ONE;
    let (job, _) = blocked_job(a, b, c, one, one);
    if !injective(&job.c) {
        return Err(LayoutError::new(
            ErrorKind::NotInjective,
            "par_gemm",
            alloc::format!(
                "C's layout {} maps two coordinates to one element, which two threads would write",
                CuTe(c)
            ),
        ));
    }
    run(&job, threads);
    Ok(())
}

/// A tensor's layout in CuTe notation, for a message.
struct CuTe<'a, C>(&'a C);
impl<C: Matrix> core::fmt::Display for CuTe<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt_layout(f)
    }
}

/// Runs `job` on `threads` threads, each on its columns of `C`.
fn run<T: GemmScalar + Send + Sync>(job: &Job<T>, threads: usize) {
    let n = job.c.cols;
    let w = n.div_ceil(threads).div_ceil(48) * 48;
    std::thread::scope(|s| {
        for t in 1..threads {
            let cols = ((t * w).min(n), ((t + 1) * w).min(n));
            if cols.0 < cols.1 {
                // SAFETY: the threads write disjoint columns of an injective C,
                // and read A and B only; `scope` joins them before `job` ends.
                s.spawn(move || unsafe { dispatch::run(job, cols, &mut Workspace::new()) });
            }
        }
        // SAFETY: as above, columns `[0, w)` on this thread.
        unsafe { dispatch::run(job, (0, w.min(n)), &mut Workspace::new()) };
    });
}

/// Whether `X(i,j) = row(i) + col(j)` takes distinct values on distinct
/// coordinates.
fn injective<T>(x: &RawMatrix<T>) -> bool {
    match (&x.row, &x.col) {
        (Map::Affine(r), Map::Affine(c)) => injective_affine((x.rows, *r), (x.cols, *c)),
        _ => {
            let offsets = |m: &Map, n: usize| -> Vec<isize> {
                let mut v: Vec<isize> = (0..n).map(|i| m.at(i)).collect();
                v.sort_unstable();
                v
            };
            let (r, c) = (offsets(&x.row, x.rows), offsets(&x.col, x.cols));
            let distinct = |v: &[isize]| v.windows(2).all(|w| w[0] != w[1]);
            if !distinct(&r) || !distinct(&c) {
                return false;
            }
            // The rows' offsets fit between two columns': nothing can meet.
            let span = r[r.len() - 1] - r[0];
            if c.windows(2).all(|w| w[1] - w[0] > span) {
                return true;
            }
            let mut all: Vec<isize> = r
                .iter()
                .flat_map(|&i| c.iter().map(move |&j| i + j))
                .collect();
            all.sort_unstable();
            distinct(&all)
        }
    }
}

/// Whether `(m, n):(r, c)` is injective: two coordinates meet iff
/// `di·r = -dj·c` for some `|di| < m`, `|dj| < n`, not both 0; the least
/// such pair is `(c/g, r/g)` with `g = gcd(r, c)`.
fn injective_affine((m, r): (usize, isize), (n, c): (usize, isize)) -> bool {
    let (r, c) = (r.unsigned_abs(), c.unsigned_abs());
    match (m > 1 && r == 0, n > 1 && c == 0) {
        (true, _) | (_, true) => false,
        _ if m == 1 || n == 1 => true,
        _ => {
            let g = gcd(r, c);
            c / g >= m || r / g >= n
        }
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
