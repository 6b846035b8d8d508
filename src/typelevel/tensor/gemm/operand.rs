//! The operands of `gemm`: tensors read mode by mode. A generic kernel names
//! [`Matrix`] for `A` and `B` and [`GemmOf<A, B>`] for `C` (three bounds);
//! batched products [`MatrixBatch`] and [`GemmBatchOf`].

use super::blocked::{Map, RawMatrix};
use crate::typelevel::check::readable::{Num, Thousands};
use crate::typelevel::tensor::access::{ShownSize, SizeShow, SizesAgree, WantedSize};
use crate::typelevel::tensor::engine::{Storage, StorageMut};
use crate::typelevel::tensor::walk::Walk;
use crate::typelevel::tensor::Tensor;
use crate::typelevel::{IntLeaf, IntTuple, Layout};
use alloc::vec::Vec;
use frunk_core::hlist::{HCons, HNil};

/// A tensor whose elements `gemm` reads, mode by mode: the offset of index
/// `i` of mode `m` is that mode's layout at `i`, and the element at a
/// coordinate the sum of its modes' offsets.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data: Vec<f32> = (0..24).map(|x| x as f32).collect();
/// // (M,K) = ((2,3),4): a grouped M mode (GETT).
/// let t = make_tensor(&data[..], layout!(((2,3),4):((1,8),2))).unwrap();
/// assert_eq!((t.mode_size(0), t.mode_size(1)), (6, 4));
/// let mut rows = vec![];
/// t.for_each_mode_offset(0, &mut |o| rows.push(o));
/// assert_eq!(rows, [0, 1, 8, 9, 16, 17]);
/// assert_eq!((t.mode_stride(0), t.mode_stride(1)), (None, Some(2)));
/// ```
pub trait GemmOperand {
    /// The element type.
    type Elem;
    /// The number of modes.
    const RANK: usize;
    /// Whether every leaf of the layout is static.
    const STATIC: bool;
    /// The size of mode `mode` (`mode < RANK`).
    fn mode_size(&self, mode: usize) -> usize;
    /// Calls `f` with the offset of every index of mode `mode`, in order.
    fn for_each_mode_offset(&self, mode: usize, f: &mut dyn FnMut(i64));
    /// `Some(d)` where mode `mode` is one leaf of stride `d`.
    fn mode_stride(&self, mode: usize) -> Option<i64>;
    /// The offset of index `i` of mode `mode` (`i < mode_size(mode)`).
    fn mode_offset(&self, mode: usize, i: usize) -> i64;
    /// The element at offset 0.
    fn as_ptr(&self) -> *const Self::Elem;
    /// Writes the layout in CuTe notation (for messages).
    fn fmt_layout(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result;
}

/// A [`GemmOperand`] whose elements can be written.
pub trait GemmOperandMut: GemmOperand {
    /// The element at offset 0, writable.
    fn as_mut_ptr(&mut self) -> *mut Self::Elem;
}

/// A rank-2 tensor `(rows, cols)`: `A` `(M,K)`, `B` `(N,K)`, `C` `(M,N)` of
/// `gemm`; each mode may be hierarchical.
#[diagnostic::on_unimplemented(
    message = "gemm: `{Self}` is not a rank-2 tensor in memory",
    label = "expected a tensor over a slice or fragment, of layout (rows, cols)",
    note = "gemm takes A (M,K), B (N,K), C (M,N); a batch (M,K,L) is gemm_batched's"
)]
pub trait Matrix: GemmOperand {
    /// The number of rows, static or dynamic.
    type Rows: IntLeaf;
    /// The number of columns.
    type Cols: IntLeaf;
}

/// A rank-3 tensor `(rows, cols, batches)` of `gemm_batched`.
#[diagnostic::on_unimplemented(
    message = "gemm_batched: `{Self}` is not a rank-3 tensor in memory",
    label = "expected a tensor over a slice or fragment, of layout (rows, cols, batches)",
    note = "gemm_batched takes A (M,K,L), B (N,K,L), C (M,N,L); one product is gemm's"
)]
pub trait MatrixBatch: GemmOperand {
    /// The number of rows.
    type Rows: IntLeaf;
    /// The number of columns.
    type Cols: IntLeaf;
    /// The number of batches.
    type Batches: IntLeaf;
}

/// `C` of `gemm(a, b, c)`: a writable [`Matrix`] of `A`'s element type whose
/// static sizes agree with `A`'s and `B`'s (M, N, K; a mismatch does not
/// compile, a dynamic size is checked when called). The one bound a
/// generic kernel names for `C`:
///
/// ```
/// use layout_algebra::typelevel::*;
/// fn product<A: Matrix, B: Matrix<Elem = A::Elem>, C: GemmOf<A, B>>(a: &A, b: &B, c: &mut C)
/// where
///     A::Elem: GemmScalar,
/// {
///     gemm(a, b, c)
/// }
/// let (a, b, mut c) = ([1, 2, 3, 4], [1, 1, 1, 1], [0; 4]);
/// let ta = make_tensor(&a[..], layout!((2,2))).unwrap();
/// let tb = make_tensor(&b[..], layout!((2,2))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((2,2))).unwrap();
/// product(&ta, &tb, &mut tc);
/// assert_eq!(c, [4, 6, 4, 6]);
/// ```
pub trait GemmOf<A: Matrix, B: Matrix<Elem = A::Elem>>:
    GemmExtents<A, B, Shown = SizesAgree, Wanted = ()>
{
}
impl<A: Matrix, B: Matrix<Elem = A::Elem>, C> GemmOf<A, B> for C where
    C: GemmExtents<A, B, Shown = SizesAgree, Wanted = ()>
{
}

/// The first of M, N, K where `C`, `A` and `B` disagree, as a mismatch shows
/// it: [`SizesAgree`] and `()` where they may agree, else the two extents in
/// `Num<n>` form. Defined for every writable matrix `C`, so that `gemm`
/// requiring `Shown: AssertGemmExtent<GemmOp, Wanted>` fails on that one
/// readable bound (and [`GemmOf`], which is this with `Shown = SizesAgree`,
/// still lets generic callers call it).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait GemmExtents<A: Matrix, B: Matrix<Elem = A::Elem>>:
    Matrix<Elem = A::Elem> + GemmOperandMut
{
    /// `SizesAgree`, or the extent found.
    type Shown;
    /// `()`, or the extent required.
    type Wanted;
}
/// The (shown, wanted) pair of extents `X` against `Y`.
type ExtentPair<X, Y> = (ShownSize<X, Y>, WantedSize<X, Y>);
/// The first mismatch of two pairs, as `(shown, wanted)`.
type FirstOf<P, Q> = <P as EarlierMismatch<Q>>::Pair;
/// The pairs N, then K.
type PairsNK<A, B, C> = FirstOf<
    ExtentPair<<B as Matrix>::Rows, <C as Matrix>::Cols>,
    ExtentPair<<B as Matrix>::Cols, <A as Matrix>::Cols>,
>;
/// The pairs M, N, K.
type PairsMNK<A, B, C> =
    FirstOf<ExtentPair<<A as Matrix>::Rows, <C as Matrix>::Rows>, PairsNK<A, B, C>>;
impl<A: Matrix, B: Matrix<Elem = A::Elem>, C> GemmExtents<A, B> for C
where
    C: Matrix<Elem = A::Elem> + GemmOperandMut,
    A::Rows: SizeShow<C::Rows>,
    B::Rows: SizeShow<C::Cols>,
    B::Cols: SizeShow<A::Cols>,
    ExtentPair<B::Rows, C::Cols>: EarlierMismatch<ExtentPair<B::Cols, A::Cols>>,
    ExtentPair<A::Rows, C::Rows>: EarlierMismatch<PairsNK<A, B, C>>,
    PairsMNK<A, B, C>: MismatchParts,
{
    type Shown = <PairsMNK<A, B, C> as MismatchParts>::Shown;
    type Wanted = <PairsMNK<A, B, C> as MismatchParts>::Wanted;
}

/// `C` of `gemm_batched(a, b, c)`: as [`GemmOf`], the batch counts agreeing too.
pub trait GemmBatchOf<A: MatrixBatch, B: MatrixBatch<Elem = A::Elem>>:
    GemmBatchExtents<A, B, Shown = SizesAgree, Wanted = ()>
{
}
impl<A: MatrixBatch, B: MatrixBatch<Elem = A::Elem>, C> GemmBatchOf<A, B> for C where
    C: GemmBatchExtents<A, B, Shown = SizesAgree, Wanted = ()>
{
}

/// [`GemmExtents`] of `gemm_batched`: the first of M, N, K, L that disagrees.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait GemmBatchExtents<A: MatrixBatch, B: MatrixBatch<Elem = A::Elem>>:
    MatrixBatch<Elem = A::Elem> + GemmOperandMut
{
    /// `SizesAgree`, or the extent found.
    type Shown;
    /// `()`, or the extent required.
    type Wanted;
}
/// The batched pairs L (A against C, then B against C).
type BatchL<A, B, C> = FirstOf<
    ExtentPair<<A as MatrixBatch>::Batches, <C as MatrixBatch>::Batches>,
    ExtentPair<<B as MatrixBatch>::Batches, <C as MatrixBatch>::Batches>,
>;
/// The pairs K, then L.
type BatchKL<A, B, C> =
    FirstOf<ExtentPair<<B as MatrixBatch>::Cols, <A as MatrixBatch>::Cols>, BatchL<A, B, C>>;
/// The pairs N, K, L.
type BatchNKL<A, B, C> =
    FirstOf<ExtentPair<<B as MatrixBatch>::Rows, <C as MatrixBatch>::Cols>, BatchKL<A, B, C>>;
/// The pairs M, N, K, L.
type BatchMNKL<A, B, C> =
    FirstOf<ExtentPair<<A as MatrixBatch>::Rows, <C as MatrixBatch>::Rows>, BatchNKL<A, B, C>>;
impl<A: MatrixBatch, B: MatrixBatch<Elem = A::Elem>, C> GemmBatchExtents<A, B> for C
where
    C: MatrixBatch<Elem = A::Elem> + GemmOperandMut,
    A::Rows: SizeShow<C::Rows>,
    B::Rows: SizeShow<C::Cols>,
    B::Cols: SizeShow<A::Cols>,
    A::Batches: SizeShow<C::Batches>,
    B::Batches: SizeShow<C::Batches>,
    ExtentPair<A::Batches, C::Batches>: EarlierMismatch<ExtentPair<B::Batches, C::Batches>>,
    ExtentPair<B::Cols, A::Cols>: EarlierMismatch<BatchL<A, B, C>>,
    ExtentPair<B::Rows, C::Cols>: EarlierMismatch<BatchKL<A, B, C>>,
    ExtentPair<A::Rows, C::Rows>: EarlierMismatch<BatchNKL<A, B, C>>,
    BatchMNKL<A, B, C>: MismatchParts,
{
    type Shown = <BatchMNKL<A, B, C> as MismatchParts>::Shown;
    type Wanted = <BatchMNKL<A, B, C> as MismatchParts>::Wanted;
}

/// `Self` if it is a mismatch `(shown, wanted)`, else `Q`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait EarlierMismatch<Q> {
    /// The first mismatch.
    type Pair;
}
impl<Q> EarlierMismatch<Q> for (SizesAgree, ()) {
    type Pair = Q;
}
impl<const N: i64, W, Q> EarlierMismatch<Q> for (Num<N>, W) {
    type Pair = (Num<N>, W);
}
impl<H, L, W, Q> EarlierMismatch<Q> for (Thousands<H, L>, W) {
    type Pair = (Thousands<H, L>, W);
}

/// The two halves of a `(shown, wanted)` pair.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait MismatchParts {
    /// The extent found.
    type Shown;
    /// The extent required.
    type Wanted;
}
impl<S, W> MismatchParts for (S, W) {
    type Shown = S;
    type Wanted = W;
}

/// The modes of a shape and its stride, by index.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeOffsets<D> {
    /// The size of mode `m`.
    fn size_of(&self, d: &D, m: usize) -> usize;
    /// The offsets of mode `m`, in order.
    fn offsets_of(&self, d: &D, m: usize, f: &mut dyn FnMut(i64));
    /// The stride of mode `m` if it is one leaf.
    fn stride_of(&self, d: &D, m: usize) -> Option<i64>;
    /// The offset of index `i` of mode `m`.
    fn offset_of(&self, d: &D, m: usize, i: usize) -> i64;
}
impl ModeOffsets<HNil> for HNil {
    #[inline(always)]
    fn size_of(&self, _: &HNil, _: usize) -> usize {
        0
    }
    fn offsets_of(&self, _: &HNil, _: usize, _: &mut dyn FnMut(i64)) {}
    fn stride_of(&self, _: &HNil, _: usize) -> Option<i64> {
        None
    }
    #[inline(always)]
    fn offset_of(&self, _: &HNil, _: usize, _: usize) -> i64 {
        0
    }
}
impl<SH, ST, DH, DT> ModeOffsets<HCons<DH, DT>> for HCons<SH, ST>
where
    SH: IntTuple + Walk<DH> + ModeLeaf<DH>,
    ST: ModeOffsets<DT>,
{
    #[inline(always)]
    fn size_of(&self, d: &HCons<DH, DT>, m: usize) -> usize {
        match m {
            0 => self.head.size().value() as usize,
            _ => self.tail.size_of(&d.tail, m - 1),
        }
    }
    fn offsets_of(&self, d: &HCons<DH, DT>, m: usize, f: &mut dyn FnMut(i64)) {
        match m {
            0 => self.head.for_each_offset(&d.head, 0, &mut |o| f(o)),
            _ => self.tail.offsets_of(&d.tail, m - 1, f),
        }
    }
    fn stride_of(&self, d: &HCons<DH, DT>, m: usize) -> Option<i64> {
        match m {
            0 => self.head.leaf_stride(&d.head),
            _ => self.tail.stride_of(&d.tail, m - 1),
        }
    }
    #[inline(always)]
    fn offset_of(&self, d: &HCons<DH, DT>, m: usize, i: usize) -> i64 {
        match m {
            0 => self.head.index_offset(&d.head, i as i64),
            _ => self.tail.offset_of(&d.tail, m - 1, i),
        }
    }
}

/// One mode: its stride if it is a leaf, the offset of a 1-D index.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeLeaf<D> {
    /// `Some(d)` for a leaf.
    fn leaf_stride(&self, d: &D) -> Option<i64>;
    /// `L(i)` for the 1-D index `i` (colexicographic).
    fn index_offset(&self, d: &D, i: i64) -> i64;
}
impl<S: crate::typelevel::ShapeLeaf, D: IntLeaf> ModeLeaf<D> for S {
    fn leaf_stride(&self, d: &D) -> Option<i64> {
        Some(d.value())
    }
    #[inline(always)]
    fn index_offset(&self, d: &D, i: i64) -> i64 {
        i * d.value()
    }
}
impl ModeLeaf<HNil> for HNil {
    fn leaf_stride(&self, _: &HNil) -> Option<i64> {
        None
    }
    #[inline(always)]
    fn index_offset(&self, _: &HNil, _: i64) -> i64 {
        0
    }
}
impl<SH: IntTuple + ModeLeaf<DH>, ST: ModeLeaf<DT>, DH, DT> ModeLeaf<HCons<DH, DT>>
    for HCons<SH, ST>
{
    fn leaf_stride(&self, _: &HCons<DH, DT>) -> Option<i64> {
        None
    }
    #[inline(always)]
    fn index_offset(&self, d: &HCons<DH, DT>, i: i64) -> i64 {
        let s = self.head.size().value();
        self.head.index_offset(&d.head, i % s) + self.tail.index_offset(&d.tail, i / s)
    }
}

impl<E: Storage, S: IntTuple + ModeOffsets<D>, D: IntTuple> GemmOperand for Tensor<E, Layout<S, D>>
where
    Layout<S, D>: core::fmt::Display,
{
    type Elem = E::Elem;
    const RANK: usize = S::RANK;
    const STATIC: bool = S::IS_STATIC && D::IS_STATIC;
    #[inline(always)]
    fn mode_size(&self, mode: usize) -> usize {
        self.layout().shape().size_of(self.layout().stride(), mode)
    }
    fn for_each_mode_offset(&self, mode: usize, f: &mut dyn FnMut(i64)) {
        self.layout()
            .shape()
            .offsets_of(self.layout().stride(), mode, f)
    }
    fn mode_stride(&self, mode: usize) -> Option<i64> {
        self.layout()
            .shape()
            .stride_of(self.layout().stride(), mode)
    }
    #[inline(always)]
    fn mode_offset(&self, mode: usize, i: usize) -> i64 {
        self.layout()
            .shape()
            .offset_of(self.layout().stride(), mode, i)
    }
    #[inline(always)]
    fn as_ptr(&self) -> *const E::Elem {
        self.data().as_ptr().wrapping_add(self.origin())
    }
    fn fmt_layout(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self.layout(), f)
    }
}

impl<E: StorageMut, S: IntTuple + ModeOffsets<D>, D: IntTuple> GemmOperandMut
    for Tensor<E, Layout<S, D>>
{
    #[inline(always)]
    fn as_mut_ptr(&mut self) -> *mut E::Elem {
        let origin = self.origin();
        self.data_mut().as_mut_ptr().wrapping_add(origin)
    }
}

impl<E: Storage, S0, S1, D: IntTuple> Matrix for Tensor<E, Layout<HCons<S0, HCons<S1, HNil>>, D>>
where
    HCons<S0, HCons<S1, HNil>>: IntTuple + ModeOffsets<D>,
    S0: IntTuple,
    S1: IntTuple,
{
    type Rows = S0::Size;
    type Cols = S1::Size;
}

impl<E: Storage, S0, S1, S2, D: IntTuple> MatrixBatch
    for Tensor<E, Layout<HCons<S0, HCons<S1, HCons<S2, HNil>>>, D>>
where
    HCons<S0, HCons<S1, HCons<S2, HNil>>>: IntTuple + ModeOffsets<D>,
    S0: IntTuple,
    S1: IntTuple,
    S2: IntTuple,
{
    type Rows = S0::Size;
    type Cols = S1::Size;
    type Batches = S2::Size;
}

/// The map of mode `m` of `x`: affine where it is a leaf or its offsets are
/// equally spaced, else a table.
pub(super) fn map_of<X: GemmOperand + ?Sized>(x: &X, m: usize) -> Map {
    if let Some(d) = x.mode_stride(m) {
        return Map::Affine(d as isize);
    }
    let mut t = Vec::with_capacity(x.mode_size(m));
    x.for_each_mode_offset(m, &mut |o| t.push(o as isize));
    match t.as_slice() {
        [] | [_] => Map::Affine(0),
        [a, b, ..] if t.windows(2).all(|w| w[1] - w[0] == b - a) && *a == 0 => Map::Affine(b - a),
        _ => Map::Table(t),
    }
}

/// Modes `r` and `c` of `x` as a matrix operand at `ptr`.
pub(super) fn operand<X: GemmOperand + ?Sized>(
    x: &X,
    ptr: *mut X::Elem,
    (r, c): (usize, usize),
) -> RawMatrix<X::Elem> {
    RawMatrix {
        ptr,
        rows: x.mode_size(r),
        cols: x.mode_size(c),
        row: map_of(x, r),
        col: map_of(x, c),
    }
}
