//! Generic algorithms, written once for every layout: `copy`, `fill`,
//! `axpby`, `gemm` and its batched form (CuTe's `cute/algorithm`).
//!
//! Sizes that must agree are checked at compile time where they are static
//! (a mismatch does not compile, naming both sizes) and once at run time
//! otherwise (`copy` panics like `copy_from_slice`; [`try_copy`] returns the
//! `SizeMismatch` error). The loops are the layouts' own: one loop per leaf of
//! the traversed layout, so static layouts give loops of constant trip count
//! and offsets that fold, as in hand-written code.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let a: Vec<f32> = (0..6).map(|x| x as f32).collect();
//! let mut b = [0.0f32; 6];
//! let src = make_tensor(&a[..], layout!((2,3):(3,1))).unwrap();
//! let mut dst = make_tensor(&mut b[..], layout!((2,3))).unwrap();
//! copy(&src, &mut dst);
//! assert_eq!(b, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]); // the transpose
//! ```
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! let (a, mut b) = ([0.0f32; 6], [0.0f32; 8]);
//! let src = make_tensor(&a[..], layout!((2,3))).unwrap();
//! let mut dst = make_tensor(&mut b[..], layout!((2,4))).unwrap();
//! copy(&src, &mut dst); // copy: the sizes do not match
//! ```

use super::access::{size_matches, ReadTensor, SameSize, SizeCheck, WriteTensor};
use super::engine::{Load, StorageMut};
use super::walk::Walk;
use super::Tensor;
use crate::runtime::LayoutError;
use crate::typelevel::check::rules::op;
use crate::typelevel::check::AssertCoordRank;
use crate::typelevel::{IntLeaf, IntTuple, Layout};
use core::ops::{Add, Mul};
use frunk_core::hlist::{HCons, HNil};

/// CuTe `copy(src, dst)`: `dst(i) = src(i)` for every 1-D index `i`, any
/// ranks and layouts of equal size. Panics if dynamic sizes differ.
#[inline(always)]
pub fn copy<S, D>(src: &S, dst: &mut D)
where
    S: ReadTensor,
    D: WriteTensor<Elem = S::Elem> + SameSize<S>,
{
    if let Err(e) = try_copy(src, dst) {
        panic!("{e}")
    }
}

/// [`copy`], returning `SizeMismatch` if dynamic sizes differ.
#[inline(always)]
pub fn try_copy<S, D>(src: &S, dst: &mut D) -> Result<(), LayoutError>
where
    S: ReadTensor,
    D: WriteTensor<Elem = S::Elem> + SameSize<S>,
{
    dst.same_size(src, "copy")?;
    // SAFETY: `i < src.len() = dst.len()`.
    src.for_each(|i, v| unsafe { dst.write_unchecked(i, v) });
    Ok(())
}

impl<E: StorageMut, S: IntTuple + Walk<D>, D: IntTuple> Tensor<E, Layout<S, D>> {
    /// CuTe `fill(t, v)`: every element of the layout set to `v`.
    #[inline(always)]
    pub fn fill(&mut self, v: E::Elem)
    where
        E::Elem: Clone,
    {
        let (origin, layout) = (self.origin(), *self.layout());
        let data = self.data_mut();
        layout
            .shape()
            .for_each_offset(layout.stride(), 0, &mut |o| {
                // SAFETY: `o` is the offset of a coordinate inside the shape.
                unsafe { *data.get_unchecked_mut(origin.wrapping_add(o as usize)) = v.clone() }
            });
    }
}

/// CuTe `fill(t, v)` as a function.
#[inline(always)]
pub fn fill<E: StorageMut, S: IntTuple + Walk<D>, D: IntTuple>(
    t: &mut Tensor<E, Layout<S, D>>,
    v: E::Elem,
) where
    E::Elem: Clone,
{
    t.fill(v)
}

/// CuTe `axpby(α, x, β, y)`: `y(i) = α·x(i) + β·y(i)`. Panics if dynamic sizes differ.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let x = [1.0f64, 2.0, 3.0, 4.0];
/// let mut y = [10.0f64; 4];
/// let tx = make_tensor(&x[..], layout!((2,2))).unwrap();
/// let mut ty = make_tensor(&mut y[..], layout!((2,2):(2,1))).unwrap();
/// axpby(2.0, &tx, 0.5, &mut ty);
/// assert_eq!(y, [7.0, 11.0, 9.0, 13.0]);
/// ```
#[inline(always)]
pub fn axpby<X, Y, T>(alpha: T, x: &X, beta: T, y: &mut Y)
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    X: ReadTensor<Elem = T>,
    Y: WriteTensor<Elem = T> + SameSize<X>,
{
    if let Err(e) = y.same_size(x, "axpby") {
        panic!("{e}")
    }
    // SAFETY: `i < x.len() = y.len()`.
    x.for_each(|i, v| unsafe {
        let w = y.read_unchecked(i);
        y.write_unchecked(i, alpha * v + beta * w)
    });
}

/// A rank-2 tensor `(rows, columns)` of a gemm.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Matrix {
    /// The element type.
    type Elem;
    /// The row count type.
    type Rows: IntLeaf;
    /// The column count type.
    type Cols: IntLeaf;
    /// The extents.
    fn extents(&self) -> (Self::Rows, Self::Cols);
    /// The element at `(r, c)`.
    ///
    /// # Safety
    /// `(r, c)` lies inside the extents.
    unsafe fn load_at(&self, r: usize, c: usize) -> Self::Elem;
}

/// A writable rank-2 tensor of a gemm.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait MatrixMut: Matrix {
    /// The element at `(r, c)`, writable.
    ///
    /// # Safety
    /// `(r, c)` lies inside the extents.
    unsafe fn at_mut(&mut self, r: usize, c: usize) -> &mut Self::Elem;
}

impl<E, S0: IntTuple, S1: IntTuple, D> Matrix for Tensor<E, Layout<HCons<S0, HCons<S1, HNil>>, D>>
where
    E: Load,
    Layout<HCons<S0, HCons<S1, HNil>>, D>: AssertCoordRank<(usize, usize)>,
{
    type Elem = E::Value;
    type Rows = S0::Size;
    type Cols = S1::Size;
    #[inline(always)]
    fn extents(&self) -> (S0::Size, S1::Size) {
        let s = self.layout().shape();
        (s.head.size(), s.tail.head.size())
    }
    #[inline(always)]
    unsafe fn load_at(&self, r: usize, c: usize) -> E::Value {
        let p = self
            .origin()
            .wrapping_add(self.layout().eval((r, c)) as usize);
        // SAFETY: `(r, c)` is inside the shape, so `p` was checked at construction.
        unsafe { self.engine().load(p) }
    }
}

impl<E, S0: IntTuple, S1: IntTuple, D> MatrixMut
    for Tensor<E, Layout<HCons<S0, HCons<S1, HNil>>, D>>
where
    E: StorageMut + Load<Value = <E as super::engine::Engine>::Elem>,
    Layout<HCons<S0, HCons<S1, HNil>>, D>: AssertCoordRank<(usize, usize)>,
{
    #[inline(always)]
    unsafe fn at_mut(&mut self, r: usize, c: usize) -> &mut E::Elem {
        let p = self
            .origin()
            .wrapping_add(self.layout().eval((r, c)) as usize);
        // SAFETY: as in `load_at`.
        unsafe { self.data_mut().get_unchecked_mut(p) }
    }
}

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
pub fn gemm<A, B, C, T>(a: &A, b: &B, c: &mut C)
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    A: Matrix<Elem = T>,
    B: Matrix<Elem = T>,
    C: MatrixMut<Elem = T>,
    A::Rows: SizeCheck<op::GemmOp, C::Rows>,
    B::Rows: SizeCheck<op::GemmOp, C::Cols>,
    B::Cols: SizeCheck<op::GemmOp, A::Cols>,
{
    let ((m, k), (n, kb), (mc, nc)) = (a.extents(), b.extents(), c.extents());
    for (x, y, what) in [
        (m.value(), mc.value(), "M"),
        (n.value(), nc.value(), "N"),
        (kb.value(), k.value(), "K"),
    ] {
        if let Err(e) = size_matches(crate::typelevel::Dyn(x), crate::typelevel::Dyn(y), "gemm") {
            panic!("{e} ({what})")
        }
    }
    let (m, n, k) = (m.value() as usize, n.value() as usize, k.value() as usize);
    for kk in 0..k {
        for nn in 0..n {
            // SAFETY: `mm < M`, `nn < N`, `kk < K`, the extents of all three.
            let bv = unsafe { b.load_at(nn, kk) };
            for mm in 0..m {
                unsafe {
                    let cv = c.at_mut(mm, nn);
                    *cv = *cv + a.load_at(mm, kk) * bv;
                }
            }
        }
    }
}

/// CuTe's batched `gemm`: `C(m,n,l) += Σₖ A(m,k,l)·B(n,k,l)` for every batch
/// `l`, `A` `(M,K,L)`, `B` `(N,K,L)`, `C` `(M,N,L)`.
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
#[allow(clippy::type_complexity)]
pub fn gemm_batched<EA, EB, EC, A0, A1, A2, DA, B0, B1, B2, DB, C0, C1, C2, DC, T>(
    a: &Tensor<EA, Layout<HCons<A0, HCons<A1, HCons<A2, HNil>>>, DA>>,
    b: &Tensor<EB, Layout<HCons<B0, HCons<B1, HCons<B2, HNil>>>, DB>>,
    c: &mut Tensor<EC, Layout<HCons<C0, HCons<C1, HCons<C2, HNil>>>, DC>>,
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: Load<Value = T>,
    EB: Load<Value = T>,
    EC: StorageMut<Elem = T>,
    A0: IntTuple,
    A1: IntTuple,
    A2: IntTuple,
    B0: IntTuple,
    B1: IntTuple,
    B2: IntTuple,
    C0: IntTuple,
    C1: IntTuple,
    C2: IntTuple,
    A0::Size: SizeCheck<op::GemmOp, C0::Size>,
    B0::Size: SizeCheck<op::GemmOp, C1::Size>,
    B1::Size: SizeCheck<op::GemmOp, A1::Size>,
    A2::Size: SizeCheck<op::GemmOp, C2::Size>,
    B2::Size: SizeCheck<op::GemmOp, C2::Size>,
    Layout<HCons<A0, HCons<A1, HCons<A2, HNil>>>, DA>: AssertCoordRank<(usize, usize, usize)>,
    Layout<HCons<B0, HCons<B1, HCons<B2, HNil>>>, DB>: AssertCoordRank<(usize, usize, usize)>,
    Layout<HCons<C0, HCons<C1, HCons<C2, HNil>>>, DC>: AssertCoordRank<(usize, usize, usize)>,
{
    let (sa, sb, sc) = (a.layout().shape(), b.layout().shape(), c.layout().shape());
    let ext = |s: &dyn Fn() -> i64| s() as usize;
    let (m, k, l) = (
        ext(&|| sa.head.size().value()),
        ext(&|| sa.tail.head.size().value()),
        ext(&|| sa.tail.tail.head.size().value()),
    );
    let (n, kb, lb) = (
        ext(&|| sb.head.size().value()),
        ext(&|| sb.tail.head.size().value()),
        ext(&|| sb.tail.tail.head.size().value()),
    );
    let (mc, nc, lc) = (
        ext(&|| sc.head.size().value()),
        ext(&|| sc.tail.head.size().value()),
        ext(&|| sc.tail.tail.head.size().value()),
    );
    for (x, y, what) in [
        (m, mc, "M"),
        (n, nc, "N"),
        (kb, k, "K"),
        (l, lc, "L"),
        (lb, lc, "L"),
    ] {
        if x != y {
            panic!("gemm: sizes must match: size {x} where {y} is required ({what})")
        }
    }
    for ll in 0..l {
        for kk in 0..k {
            for nn in 0..n {
                let pb = b
                    .origin()
                    .wrapping_add(b.layout().eval((nn, kk, ll)) as usize);
                // SAFETY: every index is below its extent, equal in all three tensors.
                let bv = unsafe { b.engine().load(pb) };
                for mm in 0..m {
                    let pa = a
                        .origin()
                        .wrapping_add(a.layout().eval((mm, kk, ll)) as usize);
                    let pc = c
                        .origin()
                        .wrapping_add(c.layout().eval((mm, nn, ll)) as usize);
                    unsafe {
                        let av = a.engine().load(pa);
                        let cv = c.data_mut().get_unchecked_mut(pc);
                        *cv = *cv + av * bv;
                    }
                }
            }
        }
    }
}
