//! Generic algorithms, written once for every layout: `copy`, `fill`,
//! `axpby` (CuTe's `cute/algorithm`; `gemm` has its own module).
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

use super::access::{size_matches, ReadTensor, SizeMatch, WriteTensor};
use super::engine::StorageMut;
use super::walk::Walk;
use super::Tensor;
use crate::runtime::LayoutError;
use crate::typelevel::check::rules::{op, AssertSameSize};
use crate::typelevel::{IntTuple, Layout};
use core::ops::{Add, Mul};

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
    D: WriteTensor<Elem = S::Elem> + SizeMatch<S>,
    D::Shown: AssertSameSize<op::CopyOp, D::Wanted>,
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
    D: WriteTensor<Elem = S::Elem> + SizeMatch<S>,
    D::Shown: AssertSameSize<op::CopyOp, D::Wanted>,
{
    size_matches(dst.tensor_size(), src.tensor_size(), "copy")?;
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
    Y: WriteTensor<Elem = T> + SizeMatch<X>,
    Y::Shown: AssertSameSize<op::AxpbyOp, Y::Wanted>,
{
    if let Err(e) = size_matches(y.tensor_size(), x.tensor_size(), "axpby") {
        panic!("{e}")
    }
    // SAFETY: `i < x.len() = y.len()`.
    x.for_each(|i, v| unsafe {
        let w = y.read_unchecked(i);
        y.write_unchecked(i, alpha * v + beta * w)
    });
}
