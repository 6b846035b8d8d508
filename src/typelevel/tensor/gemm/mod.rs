//! `gemm`: `C += A·B` (and `C = α·A·B + β·C`) on tensors of any layouts,
//! CuTe's `gemm(A, B, C)` with its `(M,K)`, `(N,K)`, `(M,N)` convention.
//!
//! A product of static tensors whose `C` is a register tile (`M·N ≤ 64`)
//! is computed in place by loops of constant trip counts whose offsets fold,
//! each step a fused multiply-add where the build enables FMA
//! (`-C target-cpu=native`). (In a build without it, a kernel that wants
//! FMA on its register tiles calls its atoms through a tiled MMA,
//! [`TiledMma::gemm`](crate::typelevel::TiledMma::gemm).) A product of
//! static `A` and `B` whose `C` (strides static or not) is a few of an
//! atom's tiles (`M·N ≤ 512`, `M` and `N` multiples of the atom's `MR`,
//! `NR`; `A`'s and `C`'s rows consecutive, each mode one leaf), such as a
//! kernel's register tile of its staged panels, runs one atom call per tile
//! over the whole `K` mode, in place: its accumulators stay in registers
//! across `K` and `C` is read and written once.
//! Every other product runs the blocked, packed algorithm
//! (BLIS's loops, [`blocked`]) on the widest MMA atom the CPU has
//! ([`Simd::detect`](crate::typelevel::Simd::detect)), whatever the layouts:
//! column- or row-major, padded leading dimensions, grouped modes (GETT), a
//! convolution's im2col layout, strides of either sign.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let (m, n, k) = (70, 50, 30);
//! let a: Vec<f32> = (0..m * k).map(|i| (i % 7) as f32).collect();
//! let b: Vec<f32> = (0..n * k).map(|i| (i % 5) as f32).collect();
//! let mut c = vec![0.0f32; m * n];
//! let (dm, dn, dk) = (Dyn(m as i64), Dyn(n as i64), Dyn(k as i64));
//! let ta = make_tensor(&a[..], Layout::try_new(hlist![dm, dk], hlist![_1, dm]).unwrap()).unwrap();
//! let tb = make_tensor(&b[..], Layout::try_new(hlist![dn, dk], hlist![dk, _1]).unwrap()).unwrap(); // row-major
//! let mut tc = make_tensor(&mut c[..], Layout::try_new(hlist![dm, dn], hlist![_1, dm]).unwrap()).unwrap();
//! try_gemm(&ta, &tb, &mut tc).unwrap();
//! let want: f32 = (0..k).map(|p| a[3 + m * p] * b[4 * k + p]).sum();
//! assert_eq!(c[3 + m * 4], want); // C(3,4) = Σ A(3,p)·B(4,p)
//! ```
//!
//! A CuTe-style kernel stages blocks of A and B by `copy` into packed
//! panels, then calls `gemm` on static register tiles of them:
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let n = 64; // A (n,K), B (n,K), C (n,n), column-major, K = 16
//! let a: Vec<f32> = (0..n * 16).map(|i| (i % 7) as f32).collect();
//! let b: Vec<f32> = (0..n * 16).map(|i| (i % 5) as f32).collect();
//! let mut c = vec![0.0f32; n * n];
//! let d = div_by::<32>(n as i64).unwrap();
//! let ga = make_tensor(&a[..], Layout::try_new(hlist![d, _16], hlist![_1, d]).unwrap()).unwrap();
//! let gb = make_tensor(&b[..], Layout::try_new(hlist![d, _16], hlist![_1, d]).unwrap()).unwrap();
//! let lc = Layout::try_new(hlist![d, d], hlist![_1, d]).unwrap();
//! let mut gc = make_tensor(&mut c[..], lc).unwrap();
//! // Staging buffers: a 32-row panel of A and an 8-row panel of B, k inside.
//! let (mut pa, mut pb) = ([0.0f32; 32 * 16], [0.0f32; 8 * 16]);
//! let mut sa = make_tensor(&mut pa[..], layout!((32, 16))).unwrap();
//! let mut sb = make_tensor(&mut pb[..], layout!((8, 16))).unwrap();
//! for i in 0..n / 32 {
//!     copy(&try_local_tile(ga, tile!(32, 16), (i, 0usize)).unwrap(), &mut sa);
//!     for j in 0..n / 8 {
//!         copy(&try_local_tile(gb, tile!(8, 16), (j, 0usize)).unwrap(), &mut sb);
//!         // A register tile: C(32 x 8) with its run-time leading dimension.
//!         gemm(&sa, &sb, &mut try_local_tile(gc.view_mut(), tile!(32, 8), (i, j)).unwrap());
//!     }
//! }
//! let want: f32 = (0..16).map(|p| a[40 + n * p] * b[9 + n * p]).sum();
//! assert_eq!(c[40 + n * 9], want); // C(40,9) = Σ A(40,p)·B(9,p)
//! ```

mod blocked;
mod dispatch;
mod operand;
#[cfg(feature = "threads")]
mod parallel;

#[doc(hidden)]
pub use operand::{EarlierMismatch, GemmBatchExtents, GemmExtents, MismatchParts};
pub use operand::{GemmBatchOf, GemmOf, GemmOperand, GemmOperandMut, Matrix, MatrixBatch};
#[doc(hidden)]
pub use operand::{ModeLeaf, ModeOffsets};
#[cfg(feature = "threads")]
pub use parallel::{par_gemm, try_par_gemm};

use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::atom::GemmScalar;
use crate::typelevel::check::rules::{op, AssertGemmExtent};
use blocked::{Job, Workspace};
use operand::operand;

/// The largest `M·N` of an all-static product whose `C` stays in registers
/// (computed by its own loops).
const REGISTER_TILE: usize = 64;

/// The largest `M·N` of a product of static `A` and `B` computed by the
/// atoms in place, one call per tile of `C` over the whole `K` mode (a
/// register tile of a kernel's staged panels; `C`'s strides may be dynamic).
const ATOM_TILES: usize = 512;

/// CuTe `gemm(A, B, C)`: `C(m,n) += Σₖ A(m,k)·B(n,k)` for `A` of shape
/// `(M,K)`, `B` `(N,K)`, `C` `(M,N)` (each mode may be hierarchical; any
/// layouts). Static M, N, K that disagree do not compile; dynamic ones panic.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = [1, 2, 3, 4, 5, 6];      // A (2,3), column-major
/// let b = [1, 0, 0, 1, 1, 1];      // B (2,3), column-major
/// let mut c = [0; 4];              // C (2,2)
/// let ta = make_tensor(&a[..], layout!((2,3))).unwrap();
/// let tb = make_tensor(&b[..], layout!((2,3))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((2,2))).unwrap();
/// gemm(&ta, &tb, &mut tc);
/// assert_eq!(c, [1 + 5, 2 + 6, 3 + 5, 4 + 6]);
/// ```
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// let (a, b, mut c) = ([0; 6], [0; 8], [0; 4]);
/// let ta = make_tensor(&a[..], layout!((2,3))).unwrap();
/// let tb = make_tensor(&b[..], layout!((2,4))).unwrap(); // K = 4, A has K = 3
/// let mut tc = make_tensor(&mut c[..], layout!((2,2))).unwrap();
/// gemm(&ta, &tb, &mut tc);
/// ```
#[inline(always)]
pub fn gemm<A: Matrix, B: Matrix<Elem = A::Elem>, C: GemmExtents<A, B>>(a: &A, b: &B, c: &mut C)
where
    A::Elem: GemmScalar,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    if let Err(e) = try_gemm(a, b, c) {
        panic!("{e}")
    }
}

/// [`gemm`], returning `SizeMismatch` (and leaving `C` unchanged) if dynamic
/// M, N or K disagree.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (a, b, mut c) = ([1; 6], [1; 8], [0; 4]);
/// let ta = make_tensor(&a[..], layout!((2,{3})).unwrap()).unwrap();
/// let tb = make_tensor(&b[..], layout!((2,{4})).unwrap()).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((2,2))).unwrap();
/// let e = try_gemm(&ta, &tb, &mut tc).unwrap_err();
/// assert_eq!(e.to_string(), "gemm: sizes must match: K is 4 in B where A has 3");
/// ```
#[inline(always)]
pub fn try_gemm<A: Matrix, B: Matrix<Elem = A::Elem>, C: GemmExtents<A, B>>(
    a: &A,
    b: &B,
    c: &mut C,
) -> Result<(), LayoutError>
where
    A::Elem: GemmScalar,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    let (m, n, k) = sizes(a, b, c, 2)?;
    if A::STATIC && B::STATIC && C::STATIC && m * n <= REGISTER_TILE {
        unrolled(a, b, c, (m, n, k));
        return Ok(());
    }
    // A register tile of static operands (C's strides may be run-time):
    // the atoms in place, no blocking.
    if A::STATIC && B::STATIC && m * n <= ATOM_TILES && dispatch::register_tile(a, b, c, (m, n, k))
    {
        return Ok(());
    }
    let one = <A::Elem as GemmScalar>::ONE;
    blocked_product(a, b, c, one, one, None);
    Ok(())
}

/// BLAS's `gemm`: `C = α·A·B + β·C` (`β = 0`: `C` is not read, so it may
/// hold anything, NaN included). Panics if dynamic sizes disagree.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (a, b) = ([1.0f64, 2.0, 3.0, 4.0], [1.0f64, 0.0, 0.0, 1.0]); // B = I
/// let mut c = [f64::NAN, 1.0, 1.0, 1.0];
/// let ta = make_tensor(&a[..], layout!((2,2))).unwrap();
/// let tb = make_tensor(&b[..], layout!((2,2))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((2,2))).unwrap();
/// gemm_axpby(2.0, &ta, &tb, 0.0, &mut tc);
/// assert_eq!(tc.data(), [2.0, 4.0, 6.0, 8.0]);
/// gemm_axpby(1.0, &ta, &tb, -1.0, &mut tc); // C = A - C
/// assert_eq!(c, [-1.0, -2.0, -3.0, -4.0]);
/// ```
#[inline(always)]
pub fn gemm_axpby<A: Matrix, B: Matrix<Elem = A::Elem>, C: GemmExtents<A, B>>(
    alpha: A::Elem,
    a: &A,
    b: &B,
    beta: A::Elem,
    c: &mut C,
) where
    A::Elem: GemmScalar,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    if let Err(e) = try_gemm_axpby(alpha, a, b, beta, c) {
        panic!("{e}")
    }
}

/// [`gemm_axpby`], returning `SizeMismatch` if dynamic sizes disagree.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (a, b, mut c) = ([1; 4], [1; 6], [0; 9]);
/// let ta = make_tensor(&a[..], layout!(({2},2)).unwrap()).unwrap();
/// let tb = make_tensor(&b[..], layout!((3,2))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((3,3))).unwrap();
/// let e = try_gemm_axpby(1, &ta, &tb, 0, &mut tc).unwrap_err();
/// assert_eq!(e.to_string(), "gemm: sizes must match: M is 3 in C where A has 2");
/// ```
#[inline(always)]
pub fn try_gemm_axpby<A: Matrix, B: Matrix<Elem = A::Elem>, C: GemmExtents<A, B>>(
    alpha: A::Elem,
    a: &A,
    b: &B,
    beta: A::Elem,
    c: &mut C,
) -> Result<(), LayoutError>
where
    A::Elem: GemmScalar,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    sizes(a, b, c, 2)?;
    blocked_product(a, b, c, alpha, beta, None);
    Ok(())
}

/// CuTe's batched `gemm`: `C(m,n,l) += Σₖ A(m,k,l)·B(n,k,l)` for every batch
/// `l`, `A` `(M,K,L)`, `B` `(N,K,L)`, `C` `(M,N,L)`: one blocked product per
/// batch, its packing buffers shared.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = [1, 2, 3, 4];            // A (1,2,2)
/// let b = [1, 1, 2, 2];            // B (1,2,2)
/// let mut c = [0; 2];              // C (1,1,2)
/// let ta = make_tensor(&a[..], layout!((1,2,2))).unwrap();
/// let tb = make_tensor(&b[..], layout!((1,2,2))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((1,1,2))).unwrap();
/// gemm_batched(&ta, &tb, &mut tc);
/// assert_eq!(c, [1 + 2, 2 * 3 + 2 * 4]);
/// ```
#[inline(always)]
pub fn gemm_batched<A: MatrixBatch, B: MatrixBatch<Elem = A::Elem>, C: GemmBatchExtents<A, B>>(
    a: &A,
    b: &B,
    c: &mut C,
) where
    A::Elem: GemmScalar,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    if let Err(e) = try_gemm_batched(a, b, c) {
        panic!("{e}")
    }
}

/// [`gemm_batched`], returning `SizeMismatch` (and leaving `C` unchanged) if
/// dynamic M, N, K or L disagree.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (a, b, mut c) = ([1; 4], [1; 6], [0; 2]);
/// let ta = make_tensor(&a[..], layout!((1,2,{2})).unwrap()).unwrap();
/// let tb = make_tensor(&b[..], layout!((1,2,{3})).unwrap()).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((1,1,2))).unwrap();
/// let e = try_gemm_batched(&ta, &tb, &mut tc).unwrap_err();
/// assert_eq!(e.to_string(), "gemm: sizes must match: L is 3 in B where A has 2");
/// assert_eq!(c, [0, 0]);
/// ```
#[inline(always)]
pub fn try_gemm_batched<A: MatrixBatch, B: MatrixBatch<Elem = A::Elem>, C: GemmBatchExtents<A, B>>(
    a: &A,
    b: &B,
    c: &mut C,
) -> Result<(), LayoutError>
where
    A::Elem: GemmScalar,
    C::Shown: AssertGemmExtent<op::GemmOp, C::Wanted>,
{
    let (m, n, k) = sizes(a, b, c, 3)?;
    let l = a.mode_size(2);
    let one = <A::Elem as GemmScalar>::ONE;
    if A::STATIC && B::STATIC && C::STATIC && m * n <= REGISTER_TILE {
        for i in 0..l {
            unrolled_at(
                a,
                b,
                c,
                (m, n, k),
                [
                    a.mode_offset(2, i),
                    b.mode_offset(2, i),
                    c.mode_offset(2, i),
                ],
            );
        }
        return Ok(());
    }
    blocked_product(a, b, c, one, one, Some(l));
    Ok(())
}

/// M, N, K of a product, or the `SizeMismatch` naming the first that
/// disagrees (and L, for a batch: `rank` 3).
#[inline(always)]
fn sizes<A: GemmOperand, B: GemmOperand, C: GemmOperand>(
    a: &A,
    b: &B,
    c: &C,
    rank: usize,
) -> Result<(usize, usize, usize), LayoutError> {
    let (m, k, n) = (a.mode_size(0), a.mode_size(1), b.mode_size(0));
    let checks = [
        ("M", c.mode_size(0), "C", m, "A"),
        ("N", c.mode_size(1), "C", n, "B"),
        ("K", b.mode_size(1), "B", k, "A"),
    ];
    for (dim, x, here, y, there) in checks {
        if x != y {
            return Err(mismatch(dim, x, here, y, there));
        }
    }
    if rank == 3 {
        let l = a.mode_size(2);
        for (x, here) in [(c.mode_size(2), "C"), (b.mode_size(2), "B")] {
            if x != l {
                return Err(mismatch("L", x, here, l, "A"));
            }
        }
    }
    Ok((m, n, k))
}

/// The error of a product whose dynamic sizes disagree (out of line).
#[cold]
#[inline(never)]
fn mismatch(dim: &str, x: usize, here: &str, y: usize, there: &str) -> LayoutError {
    LayoutError::new(
        ErrorKind::SizeMismatch,
        "gemm",
        alloc::format!("{dim} is {x} in {here} where {there} has {y}"),
    )
}

/// The product of small static operands by their own loops.
#[inline(always)]
fn unrolled<A: GemmOperand, B: GemmOperand<Elem = A::Elem>, C: GemmOperandMut<Elem = A::Elem>>(
    a: &A,
    b: &B,
    c: &mut C,
    mnk: (usize, usize, usize),
) where
    A::Elem: GemmScalar,
{
    unrolled_at(a, b, c, mnk, [0; 3])
}

/// [`unrolled`] with each operand's origin moved by `shift` (a batch).
#[inline(always)]
fn unrolled_at<A: GemmOperand, B: GemmOperand<Elem = A::Elem>, C: GemmOperandMut<Elem = A::Elem>>(
    a: &A,
    b: &B,
    c: &mut C,
    (m, n, k): (usize, usize, usize),
    shift: [i64; 3],
) where
    A::Elem: GemmScalar,
{
    // Base pointers in locals: a store to C cannot be taken to change them
    // (a fragment's elements and its origin share one struct).
    let pa = a.as_ptr().wrapping_offset(shift[0] as isize);
    let pb = b.as_ptr().wrapping_offset(shift[1] as isize);
    let pc = c.as_mut_ptr().wrapping_offset(shift[2] as isize);
    for kk in 0..k {
        for nn in 0..n {
            // SAFETY: every index is below its extent, equal in the three
            // tensors (checked), so each offset was checked at construction.
            unsafe {
                let bv =
                    *pb.wrapping_offset((b.mode_offset(0, nn) + b.mode_offset(1, kk)) as isize);
                for mm in 0..m {
                    let av =
                        *pa.wrapping_offset((a.mode_offset(0, mm) + a.mode_offset(1, kk)) as isize);
                    let cv =
                        pc.wrapping_offset((c.mode_offset(0, mm) + c.mode_offset(1, nn)) as isize);
                    *cv = av.mul_add(bv, *cv);
                }
            }
        }
    }
}

/// The product `C = α·A·B + β·C` of modes (0, 1) of each operand, oriented
/// for the atoms (and whether it was transposed).
fn blocked_job<
    A: GemmOperand,
    B: GemmOperand<Elem = A::Elem>,
    C: GemmOperandMut<Elem = A::Elem>,
>(
    a: &A,
    b: &B,
    c: &mut C,
    alpha: A::Elem,
    beta: A::Elem,
) -> (Job<A::Elem>, bool) {
    let pc = c.as_mut_ptr();
    Job {
        a: operand(a, a.as_ptr().cast_mut(), (0, 1)),
        b: operand(b, b.as_ptr().cast_mut(), (0, 1)),
        c: operand(c, pc, (0, 1)),
        alpha,
        beta,
    }
    .oriented()
}

/// The blocked product of modes (0, 1) of each operand, once per batch of
/// mode 2 where `batches` is given.
fn blocked_product<
    A: GemmOperand,
    B: GemmOperand<Elem = A::Elem>,
    C: GemmOperandMut<Elem = A::Elem>,
>(
    a: &A,
    b: &B,
    c: &mut C,
    alpha: A::Elem,
    beta: A::Elem,
    batches: Option<usize>,
) where
    A::Elem: GemmScalar,
{
    let (mut job, swapped) = blocked_job(a, b, c, alpha, beta);
    let mut ws = Workspace::new();
    let n = job.c.cols;
    let Some(l) = batches else {
        // SAFETY: the operands' elements were checked when the tensors were
        // made; C is borrowed mutably, A and B shared, so they do not overlap.
        return unsafe { dispatch::run(&job, (0, n), &mut ws) };
    };
    let (pa, pb, pc) = (job.a.ptr, job.b.ptr, job.c.ptr);
    for i in 0..l {
        let (oa, ob) = (a.mode_offset(2, i) as isize, b.mode_offset(2, i) as isize);
        let (oa, ob) = if swapped { (ob, oa) } else { (oa, ob) };
        job.a.ptr = pa.wrapping_offset(oa);
        job.b.ptr = pb.wrapping_offset(ob);
        job.c.ptr = pc.wrapping_offset(c.mode_offset(2, i) as isize);
        // SAFETY: as above, batch `i` of each operand.
        unsafe { dispatch::run(&job, (0, n), &mut ws) };
    }
}
