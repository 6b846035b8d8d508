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

use super::access::{ReadTensor, SameSize, SizeCheck, WriteTensor};
use super::engine::{Storage, StorageMut};
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
///
/// Tensors of one shape are walked together; where their leading leaves are
/// contiguous in both (for one shape, the elements `max_common_vector`
/// counts), each such run of elements in memory is moved as one chunk
/// (`copy_nonoverlapping`), its loops skipped.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // 001 Table 2, gather: (2,3,2):(42,1,128) into 12:1.
/// let src: Vec<i32> = (0..173).collect();
/// let mut dst = [0; 12];
/// let s = make_tensor(&src[..], layout!((2,3,2):(42,1,128))).unwrap();
/// let mut d = make_tensor(&mut dst[..], layout!(12:1)).unwrap();
/// copy(&s, &mut d);
/// assert_eq!(dst, [0, 42, 1, 43, 2, 44, 128, 170, 129, 171, 130, 172]);
/// ```
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
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (src, mut dst) = ([1, 2, 3], [0; 4]);
/// let s = make_tensor(&src[..], layout!(({3}):(1)).unwrap()).unwrap();
/// let mut d = make_tensor(&mut dst[..], layout!(({4}):(1)).unwrap()).unwrap();
/// let e = try_copy(&s, &mut d).unwrap_err();
/// assert_eq!(e.to_string(), "copy: sizes must match: size 4 where 3 is required");
/// ```
#[inline(always)]
pub fn try_copy<S, D>(src: &S, dst: &mut D) -> Result<(), LayoutError>
where
    S: ReadTensor,
    D: WriteTensor<Elem = S::Elem> + SameSize<S>,
{
    dst.same_size(src, "copy")?;
    // SAFETY: the sizes agree.
    unsafe { dst.copy_from(src) };
    Ok(())
}

impl<E: StorageMut, S: IntTuple + Walk<D>, D: IntTuple> Tensor<E, Layout<S, D>> {
    /// CuTe `fill(t, v)`: every element of the layout set to `v`.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let mut data = [0; 16];
    /// let mut t = make_tensor(&mut data[..], layout!((4,4):(4,1))).unwrap();
    /// t.view_mut().into_slice((__, 2usize)).fill(1); // column 2
    /// assert_eq!(data.iter().sum::<i32>(), 4);
    /// assert_eq!(data[4 + 2], 1);
    /// ```
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

/// CuTe `fill(t, v)` as a function: every element the layout reaches.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let mut buf = [0; 8];
/// let mut t = make_tensor(&mut buf[..], layout!(4:2)).unwrap(); // every other element
/// fill(&mut t, 7);
/// assert_eq!(buf, [7, 0, 7, 0, 7, 0, 7, 0]);
/// ```
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

/// Writes the entry points of one operation (`gemm` and `try_gemm`, or the
/// batched pair) with one bound list: `with_bounds! { { bounds } fn.. fn.. }`
/// puts `where bounds` on each function, so that a list is written once and
/// a violated bound is reported at its own line, as a plain where clause is.
macro_rules! with_bounds {
    ({ $($bound:tt)* }) => {};
    ({ $($bound:tt)* }
        $(#[$attr:meta])*
        pub fn $name:ident<$($g:ident),*>($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        pub fn $name<$($g),*>($($arg: $ty),*) $(-> $ret)? where $($bound)* $body
        with_bounds! { { $($bound)* } $($rest)* }
    };
}

/// A rank-2 tensor of shape `(X, Y)`.
type Matrix<E, X, Y, D> = Tensor<E, Layout<HCons<X, HCons<Y, HNil>>, D>>;

with_bounds! {
    {
        T: Copy + Add<Output = T> + Mul<Output = T>,
        EA: Storage<Elem = T>,
        EB: Storage<Elem = T>,
        EC: StorageMut<Elem = T>,
        A0: IntTuple,
        A1: IntTuple,
        B0: IntTuple,
        B1: IntTuple,
        C0: IntTuple,
        C1: IntTuple,
        DA: Copy,
        DB: Copy,
        DC: Copy,
        A0::Size: SizeCheck<op::GemmOp, C0::Size>,
        B0::Size: SizeCheck<op::GemmOp, C1::Size>,
        B1::Size: SizeCheck<op::GemmOp, A1::Size>,
        Layout<HCons<A0, HCons<A1, HNil>>, DA>: AssertCoordRank<(usize, usize)>,
        Layout<HCons<B0, HCons<B1, HNil>>, DB>: AssertCoordRank<(usize, usize)>,
        Layout<HCons<C0, HCons<C1, HNil>>, DC>: AssertCoordRank<(usize, usize)>,
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
    #[allow(clippy::type_complexity)]
    pub fn gemm<EA, EB, EC, A0, A1, DA, B0, B1, DB, C0, C1, DC, T>(
        a: &Matrix<EA, A0, A1, DA>,
        b: &Matrix<EB, B0, B1, DB>,
        c: &mut Matrix<EC, C0, C1, DC>,
    ) {
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
    #[allow(clippy::type_complexity)]
    pub fn try_gemm<EA, EB, EC, A0, A1, DA, B0, B1, DB, C0, C1, DC, T>(
        a: &Matrix<EA, A0, A1, DA>,
        b: &Matrix<EB, B0, B1, DB>,
        c: &mut Matrix<EC, C0, C1, DC>,
    ) -> Result<(), LayoutError> {
        let (la, lb, lc) = (*a.layout(), *b.layout(), *c.layout());
        let (sa, sb, sc) = (la.shape(), lb.shape(), lc.shape());
        let (m, k) = (sa.head.size().value(), sa.tail.head.size().value());
        let (n, kb) = (sb.head.size().value(), sb.tail.head.size().value());
        let (mc, nc) = (sc.head.size().value(), sc.tail.head.size().value());
        for (dim, x, here, y, there) in [
            ("M", mc, "C", m, "A"),
            ("N", nc, "C", n, "B"),
            ("K", kb, "B", k, "A"),
        ] {
            if x != y {
                return Err(mismatch(dim, x, here, y, there));
            }
        }
        // Base pointers and layouts in locals: a store to C cannot be taken to
        // change them (a fragment's elements and its origin share one struct).
        let pa = a.data().as_ptr().wrapping_add(a.origin());
        let pb = b.data().as_ptr().wrapping_add(b.origin());
        let pc = c.data_mut().as_mut_ptr().wrapping_add(c.origin());
        for kk in 0..k as usize {
            for nn in 0..n as usize {
                // SAFETY: every index is below its extent, equal in the three
                // tensors (checked above), so each offset was checked at construction.
                let bv = unsafe { *pb.wrapping_offset(lb.eval((nn, kk)) as isize) };
                for mm in 0..m as usize {
                    unsafe {
                        let av = *pa.wrapping_offset(la.eval((mm, kk)) as isize);
                        let cv = pc.wrapping_offset(lc.eval((mm, nn)) as isize);
                        *cv = *cv + av * bv;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The error of a gemm whose dynamic sizes disagree (out of line).
#[cold]
#[inline(never)]
fn mismatch(dim: &str, x: i64, here: &str, y: i64, there: &str) -> LayoutError {
    LayoutError::new(
        crate::runtime::ErrorKind::SizeMismatch,
        "gemm",
        alloc::format!("{dim} is {x} in {here} where {there} has {y}"),
    )
}

with_bounds! {
    {
        T: Copy + Add<Output = T> + Mul<Output = T>,
        EA: Storage<Elem = T>,
        EB: Storage<Elem = T>,
        EC: StorageMut<Elem = T>,
        DA: Copy,
        DB: Copy,
        DC: Copy,
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
    ) {
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
    #[allow(clippy::type_complexity)]
    pub fn try_gemm_batched<EA, EB, EC, A0, A1, A2, DA, B0, B1, B2, DB, C0, C1, C2, DC, T>(
        a: &Tensor<EA, Layout<HCons<A0, HCons<A1, HCons<A2, HNil>>>, DA>>,
        b: &Tensor<EB, Layout<HCons<B0, HCons<B1, HCons<B2, HNil>>>, DB>>,
        c: &mut Tensor<EC, Layout<HCons<C0, HCons<C1, HCons<C2, HNil>>>, DC>>,
    ) -> Result<(), LayoutError> {
        let (la, lb, lc) = (*a.layout(), *b.layout(), *c.layout());
        let (sa, sb, sc) = (la.shape(), lb.shape(), lc.shape());
        let (m, k, l) = (
            sa.head.size().value(),
            sa.tail.head.size().value(),
            sa.tail.tail.head.size().value(),
        );
        let (n, kb, lb_) = (
            sb.head.size().value(),
            sb.tail.head.size().value(),
            sb.tail.tail.head.size().value(),
        );
        let (mc, nc, lc_) = (
            sc.head.size().value(),
            sc.tail.head.size().value(),
            sc.tail.tail.head.size().value(),
        );
        for (dim, x, here, y, there) in [
            ("M", mc, "C", m, "A"),
            ("N", nc, "C", n, "B"),
            ("K", kb, "B", k, "A"),
            ("L", lc_, "C", l, "A"),
            ("L", lb_, "B", l, "A"),
        ] {
            if x != y {
                return Err(mismatch(dim, x, here, y, there));
            }
        }
        let pa = a.data().as_ptr().wrapping_add(a.origin());
        let pb = b.data().as_ptr().wrapping_add(b.origin());
        let pc = c.data_mut().as_mut_ptr().wrapping_add(c.origin());
        for ll in 0..l as usize {
            for kk in 0..k as usize {
                for nn in 0..n as usize {
                    // SAFETY: every index is below its extent, equal in the three tensors.
                    let bv = unsafe { *pb.wrapping_offset(lb.eval((nn, kk, ll)) as isize) };
                    for mm in 0..m as usize {
                        unsafe {
                            let av = *pa.wrapping_offset(la.eval((mm, kk, ll)) as isize);
                            let cv = pc.wrapping_offset(lc.eval((mm, nn, ll)) as isize);
                            *cv = *cv + av * bv;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
