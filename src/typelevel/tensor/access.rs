//! Access: `t[c]` like slice indexing, `get` (an `Option`), an unchecked
//! accessor, and the two traits a generic kernel names, [`ReadTensor`] and
//! [`WriteTensor`], with [`SameSize`].
//!
//! A coordinate is 1-D, R-D or hierarchical, static or dynamic (as for
//! [`Layout::call`]); a static coordinate outside a static shape does not
//! compile, a dynamic one outside the shape panics in `t[c]` (with the
//! coordinate and the shape) and gives `None` in `get`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let mut buf = [0i32; 12];
//! let mut t = make_tensor(&mut buf[..], layout!((3,4):(4,1))).unwrap();
//! t[(2usize, 1usize)] = 7;
//! t[(_0, _3)] = 1;
//! assert_eq!(t.get((2usize, 1usize)), Some(&7));
//! assert_eq!(t.get((3usize, 0usize)), None);
//! assert_eq!(buf[9], 7);
//! ```
//! ```should_panic
//! use layout_algebra::typelevel::*;
//! let buf = [0i32; 12];
//! let t = make_tensor(&buf[..], layout!((3,4):(4,1))).unwrap();
//! let i = 3usize;
//! let _ = t[(i, 0usize)]; // call: coordinate must lie inside the shape: coordinate (3,0) is outside shape (3,4)
//! ```
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! let buf = [0i32; 12];
//! let t = make_tensor(&buf[..], layout!((3,4):(4,1))).unwrap();
//! let _ = t[(_3, _0)]; // a static coordinate outside the shape
//! ```

use super::engine::{Engine, Load, Storage, StorageMut};
use super::Tensor;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::rules::{
    AssertGemmExtent, AssertSameSize, AssertThreadIndex, AssertTilesDivide,
};
use crate::typelevel::check::{
    AssertCoordInBounds, AssertCoordRank, BoundsCoord, BoundsShape, CoordEval, InBounds,
    InBoundsOut, RankShown, ShowBounds,
};
use crate::typelevel::check::{Readable, ReadableOf};
use crate::typelevel::eval::IntoCoord;
use crate::typelevel::{Dyn, IntLeaf, IntTuple, Layout, StaticInt};
use core::ops::{Index, IndexMut};

#[cold]
#[inline(never)]
pub(crate) fn out_of_bounds(e: LayoutError) -> ! {
    panic!("{e}")
}

impl<E, S: IntTuple, D> Tensor<E, Layout<S, D>> {
    /// The engine position of coordinate `c`, or `None` outside the shape.
    #[inline(always)]
    fn position<C: IntoCoord>(&self, c: C) -> Option<usize>
    where
        Layout<S, D>: CoordEval<C>,
        RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
    {
        let o = self.layout.try_eval(c).ok()?;
        Some(self.origin.wrapping_add(o as usize))
    }

    /// The engine position of coordinate `c`; panics outside the shape.
    #[inline(always)]
    fn position_or_panic<C: IntoCoord>(&self, c: C) -> usize
    where
        Layout<S, D>: CoordEval<C>,
        RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
    {
        match self.layout.try_eval(c) {
            Ok(o) => self.origin.wrapping_add(o as usize),
            Err(e) => out_of_bounds(e),
        }
    }

    /// The element at `c`, or `None` if `c` lies outside the shape.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
    /// assert_eq!(t.get((2usize, 3usize)), Some(&19));
    /// assert_eq!(t.get((8usize, 0usize)), None);
    /// ```
    #[inline(always)]
    pub fn get<C: IntoCoord>(&self, c: C) -> Option<&E::Elem>
    where
        E: Storage,
        Layout<S, D>: CoordEval<C>,
        RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
        C::Coord: InBounds<S>,
        InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
        BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
    {
        let p = self.position(c)?;
        // SAFETY: `c` is inside the shape, so `p` is a position the tensor's
        // construction checked.
        Some(unsafe { self.engine.data().get_unchecked(p) })
    }

    /// The element at `c`, writable, or `None` if `c` lies outside the shape.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let mut data = [0; 4];
    /// let mut t = make_tensor(&mut data[..], layout!((2,2):(2,1))).unwrap();
    /// *t.get_mut((1usize, 0usize)).unwrap() = 5;
    /// assert!(t.get_mut((2usize, 0usize)).is_none());
    /// assert_eq!(data, [0, 0, 5, 0]);
    /// ```
    #[inline(always)]
    pub fn get_mut<C: IntoCoord>(&mut self, c: C) -> Option<&mut E::Elem>
    where
        E: StorageMut,
        Layout<S, D>: CoordEval<C>,
        RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
        C::Coord: InBounds<S>,
        InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
        BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
    {
        let p = self.position(c)?;
        // SAFETY: as in `get`.
        Some(unsafe { self.engine.data_mut().get_unchecked_mut(p) })
    }

    /// The element at `c` without checking that `c` lies inside the shape.
    ///
    /// # Safety
    /// `c` lies inside the shape (each entry inside its extent).
    #[inline(always)]
    pub unsafe fn get_unchecked<C: IntoCoord>(&self, c: C) -> &E::Elem
    where
        E: Storage,
        Layout<S, D>: CoordEval<C>,
        RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
    {
        let p = self.origin.wrapping_add(self.layout.eval(c) as usize);
        // SAFETY: the caller guarantees `c` is inside the shape.
        unsafe { self.engine.data().get_unchecked(p) }
    }

    /// The value at `c` of any readable engine (for an identity tensor, the
    /// coordinate it stands for); panics if `c` lies outside the shape.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::hlist;
    /// let id = make_identity_tensor(hlist![_4, _6]);
    /// let tile = local_tile(id, tile!(2, 3), (1usize, 1usize));
    /// assert_eq!(tile.load((1usize, 2usize)).as_slice(), &[3, 5]);
    /// ```
    #[inline(always)]
    pub fn load<C: IntoCoord>(&self, c: C) -> E::Value
    where
        E: Load,
        Layout<S, D>: CoordEval<C>,
        RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
        C::Coord: InBounds<S>,
        InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
        BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
    {
        let p = self.position_or_panic(c);
        // SAFETY: `c` is inside the shape (checked), so `p` was checked at construction.
        unsafe { self.engine.load(p) }
    }
}

impl<E: Storage, S: IntTuple, D, C: IntoCoord> Index<C> for Tensor<E, Layout<S, D>>
where
    Layout<S, D>: CoordEval<C>,
    RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
    C::Coord: InBounds<S>,
    InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
    BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
{
    type Output = E::Elem;
    #[inline(always)]
    fn index(&self, c: C) -> &E::Elem {
        let p = self.position_or_panic(c);
        // SAFETY: `c` is inside the shape (checked), so `p` was checked at construction.
        unsafe { self.engine.data().get_unchecked(p) }
    }
}

impl<E: StorageMut, S: IntTuple, D, C: IntoCoord> IndexMut<C> for Tensor<E, Layout<S, D>>
where
    Layout<S, D>: CoordEval<C>,
    RankShown<Layout<S, D>, C>: AssertCoordRank<C>,
    C::Coord: InBounds<S>,
    InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
    BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
{
    #[inline(always)]
    fn index_mut(&mut self, c: C) -> &mut E::Elem {
        let p = self.position_or_panic(c);
        // SAFETY: as in `index`.
        unsafe { self.engine.data_mut().get_unchecked_mut(p) }
    }
}

/// A tensor a kernel reads: `size()` elements of type `Elem`, by 1-D index.
///
/// With [`WriteTensor`] and [`SameSize`] it is all a generic kernel names:
///
/// ```
/// use layout_algebra::typelevel::*;
/// fn my_copy<S: ReadTensor, D: WriteTensor<Elem = S::Elem> + SameSize<S>>(src: &S, dst: &mut D) {
///     for i in 0..src.len() {
///         dst.write(i, src.read(i));
///     }
/// }
/// let a = [1, 2, 3, 4, 5, 6];
/// let mut b = [0; 6];
/// let src = make_tensor(&a[..], layout!((2,3):(3,1))).unwrap();
/// let mut dst = make_tensor(&mut b[..], layout!(6:1)).unwrap();
/// my_copy(&src, &mut dst);
/// assert_eq!(b, [1, 4, 2, 5, 3, 6]);
/// ```
pub trait ReadTensor {
    /// The element type.
    type Elem;
    /// The size type (static when the shape is).
    type Size: IntLeaf;
    /// The number of leaves of the layout's shape (`usize::MAX` if unknown):
    /// lets `copy` choose whose loops to run.
    const LEAVES: usize = usize::MAX;
    /// The extents and strides of a plain (unswizzled) layout of at most 16
    /// leaves, or `false`: lets `copy` walk two tensors of one shape together.
    #[doc(hidden)]
    #[inline(always)]
    fn flat_leaves(&self, _shape: &mut [i64; 16], _stride: &mut [i64; 16]) -> bool {
        false
    }
    /// The element at layout offset `o` (`o` reached by a coordinate inside
    /// the shape); only called when [`ReadTensor::flat_leaves`] is `true`.
    ///
    /// # Safety
    /// `o = L(c)` for a coordinate `c` inside the shape.
    #[doc(hidden)]
    #[inline(always)]
    unsafe fn read_offset(&self, o: i64) -> Self::Elem {
        let _ = o;
        unreachable!("read_offset without flat_leaves")
    }
    /// Whether [`ReadTensor::read_run`] copies runs (elements in memory).
    #[doc(hidden)]
    const RUNS: bool = false;
    /// Copies the `n` elements at layout offsets `o..o + n` to `dst`; only
    /// called when [`ReadTensor::flat_leaves`] and [`ReadTensor::RUNS`] are `true`.
    ///
    /// # Safety
    /// `o..o + n` are the offsets `L(c)` of `n` coordinates `c` inside the
    /// shape; `dst` is valid for `n` writes and does not overlap the tensor.
    #[doc(hidden)]
    #[inline(always)]
    unsafe fn read_run(&self, o: i64, dst: *mut Self::Elem, n: usize) {
        let _ = (o, dst, n);
        unreachable!("read_run without RUNS")
    }
    /// CuTe `size(t)`.
    fn tensor_size(&self) -> Self::Size;
    /// The number of elements, as `usize`.
    #[inline(always)]
    fn len(&self) -> usize {
        self.tensor_size().value() as usize
    }
    /// Whether the tensor has no elements (never: extents are positive).
    #[inline(always)]
    fn is_empty(&self) -> bool {
        false
    }
    /// The element at 1-D index `i` (colexicographic); panics if `i ≥ len()`.
    fn read(&self, i: usize) -> Self::Elem;
    /// The element at 1-D index `i`, unchecked.
    ///
    /// # Safety
    /// `i < len()`.
    #[inline(always)]
    unsafe fn read_unchecked(&self, i: usize) -> Self::Elem {
        self.read(i)
    }
    /// Calls `f(i, t(i))` for every 1-D index `i` in order.
    #[inline(always)]
    fn for_each(&self, mut f: impl FnMut(usize, Self::Elem)) {
        for i in 0..self.len() {
            f(i, self.read(i));
        }
    }
}

/// A tensor a kernel writes, by 1-D index.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let mut b = [0; 6];
/// let mut t = make_tensor(&mut b[..], layout!((2,3):(3,1))).unwrap();
/// for i in 0..t.len() {
///     t.write(i, i as i32); // 1-D index i is the coordinate (i % 2, i / 2)
/// }
/// assert_eq!(b, [0, 2, 4, 1, 3, 5]);
/// ```
pub trait WriteTensor: ReadTensor {
    /// Writes `v` at 1-D index `i`; panics if `i ≥ len()`.
    fn write(&mut self, i: usize, v: Self::Elem);
    /// Writes `v` at 1-D index `i`, unchecked.
    ///
    /// # Safety
    /// `i < len()`.
    #[inline(always)]
    unsafe fn write_unchecked(&mut self, i: usize, v: Self::Elem) {
        self.write(i, v)
    }
    /// `self(i) = src(i)` for every index: the loop of [`copy`](super::copy),
    /// which a tensor runs with its storage and layout held in registers.
    ///
    /// # Safety
    /// `src.len() == self.len()`.
    #[inline(always)]
    unsafe fn copy_from<R: ReadTensor<Elem = Self::Elem>>(&mut self, src: &R) {
        // SAFETY: `i < src.len() = self.len()`.
        src.for_each(|i, v| unsafe { self.write_unchecked(i, v) })
    }
}

impl<E: Load, S: IntTuple + super::walk::Walk<D>, D: IntTuple> ReadTensor
    for Tensor<E, Layout<S, D>>
where
    Layout<S, D>: CoordEval<usize>,
    RankShown<Layout<S, D>, usize>: AssertCoordRank<usize>,
{
    type Elem = E::Value;
    type Size = S::Size;
    const LEAVES: usize = S::LEAVES;
    #[inline(always)]
    fn tensor_size(&self) -> S::Size {
        self.layout.shape().size()
    }
    #[inline(always)]
    fn read(&self, i: usize) -> E::Value {
        assert!(
            i < self.len(),
            "read: index {i} is outside a tensor of {} elements",
            self.len()
        );
        // SAFETY: checked.
        unsafe { self.read_unchecked(i) }
    }
    #[inline(always)]
    unsafe fn read_unchecked(&self, i: usize) -> E::Value {
        let p = self.origin.wrapping_add(self.layout.eval(i) as usize);
        // SAFETY: `i` is inside the shape, so `p` was checked at construction.
        unsafe { self.engine.load(p) }
    }
    #[inline(always)]
    fn flat_leaves(&self, shape: &mut [i64; 16], stride: &mut [i64; 16]) -> bool {
        if S::LEAVES > 16 {
            return false;
        }
        let (mut i, mut j) = (0, 0);
        self.layout.shape().for_each_leaf(&mut |s| {
            shape[i % 16] = s;
            i += 1;
        });
        self.layout.stride().for_each_leaf(&mut |d| {
            stride[j % 16] = d;
            j += 1;
        });
        true
    }
    #[inline(always)]
    unsafe fn read_offset(&self, o: i64) -> E::Value {
        // SAFETY: the caller's `o` is reached by a coordinate inside the shape.
        unsafe { self.engine.load(self.origin.wrapping_add(o as usize)) }
    }
    const RUNS: bool = E::RUNS;
    #[inline(always)]
    unsafe fn read_run(&self, o: i64, dst: *mut E::Value, n: usize) {
        // SAFETY: the caller's offsets are reached by coordinates inside the
        // shape, so their positions were checked at construction.
        unsafe {
            self.engine
                .load_run(self.origin.wrapping_add(o as usize), dst, n)
        }
    }
    #[inline(always)]
    fn for_each(&self, mut f: impl FnMut(usize, E::Value)) {
        let mut i = 0;
        self.layout
            .shape()
            .for_each_offset(self.layout.stride(), 0, &mut |o| {
                // SAFETY: `o` is the offset of a coordinate inside the shape.
                f(i, unsafe {
                    self.engine.load(self.origin.wrapping_add(o as usize))
                });
                i += 1;
            });
    }
}

impl<
        E: StorageMut + Load<Value = <E as Engine>::Elem>,
        S: IntTuple + super::walk::Walk<D>,
        D: IntTuple,
    > WriteTensor for Tensor<E, Layout<S, D>>
where
    Layout<S, D>: CoordEval<usize>,
    RankShown<Layout<S, D>, usize>: AssertCoordRank<usize>,
{
    #[inline(always)]
    fn write(&mut self, i: usize, v: E::Elem) {
        assert!(
            i < self.len(),
            "write: index {i} is outside a tensor of {} elements",
            self.len()
        );
        // SAFETY: checked.
        unsafe { self.write_unchecked(i, v) }
    }
    #[inline(always)]
    unsafe fn write_unchecked(&mut self, i: usize, v: E::Elem) {
        let p = self.origin.wrapping_add(self.layout.eval(i) as usize);
        // SAFETY: as in `read_unchecked`.
        unsafe { *self.engine.data_mut().get_unchecked_mut(p) = v }
    }
    #[inline(always)]
    unsafe fn copy_from<R: ReadTensor<Elem = E::Elem>>(&mut self, src: &R) {
        // The base pointer and the layout live in locals, so that a store
        // through one cannot be taken to change the other (a fragment's
        // elements and its origin share one struct).
        let layout = self.layout;
        let base = self
            .engine
            .data_mut()
            .as_mut_ptr()
            .wrapping_add(self.origin);
        let (mut ss, mut sd) = ([0i64; 16], [0i64; 16]);
        if S::LEAVES == R::LEAVES && S::LEAVES <= 16 && src.flat_leaves(&mut ss, &mut sd) {
            let mut same = true;
            let mut k = 0;
            layout.shape().for_each_leaf(&mut |s| {
                same &= ss[k % 16] == s;
                k += 1;
            });
            if same {
                // One shape: walk both layouts' loops together. The leading
                // leaves that are contiguous in both tensors (stride = the
                // product of the extents before them) form runs of `run`
                // elements, moved as chunks: their loops are skipped.
                let (mut dd, mut k) = ([0i64; 16], 0);
                layout.stride().for_each_leaf(&mut |d| {
                    dd[k % 16] = d;
                    k += 1;
                });
                let (mut run, mut m) = (1i64, 0);
                while m < S::LEAVES && (ss[m % 16] == 1 || (sd[m % 16] == run && dd[m % 16] == run))
                {
                    run *= ss[m % 16];
                    m += 1;
                }
                if R::RUNS && run > 1 {
                    layout.shape().for_each_run2(
                        layout.stride(),
                        &sd,
                        0,
                        m,
                        (0, 0),
                        &mut |o, p| {
                            // SAFETY: `o + j` and `p + j` for `j < run` are
                            // reached by one coordinate inside the shape; the
                            // source is borrowed apart from this tensor.
                            unsafe {
                                src.read_run(p, base.wrapping_offset(o as isize), run as usize)
                            };
                        },
                    );
                    return;
                }
                layout
                    .shape()
                    .for_each_offset2(layout.stride(), &sd, 0, (0, 0), &mut |o, p| {
                        // SAFETY: `o` and `p` are reached by one coordinate inside the shape.
                        unsafe { *base.wrapping_offset(o as isize) = src.read_offset(p) };
                    });
                return;
            }
        }
        if S::LEAVES > 1 && R::LEAVES == 1 {
            // Walk this tensor's loops; the source's single leaf is `i·d`.
            let mut i = 0;
            layout
                .shape()
                .for_each_offset(layout.stride(), 0, &mut |o| {
                    // SAFETY: `o` is reached by a coordinate inside the shape; `i < len`.
                    unsafe { *base.wrapping_offset(o as isize) = src.read_unchecked(i) };
                    i += 1;
                });
        } else {
            src.for_each(|i, v| {
                // SAFETY: `i < src.len() = self.len()`.
                unsafe { *base.wrapping_offset(layout.eval(i) as isize) = v }
            });
        }
    }
}

/// `Self` and `S` have the same size: checked at compile time where both are
/// static (a mismatch does not compile, naming both sizes), at run time
/// otherwise ([`SameSize::same_size`]).
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = [1, 2, 3, 4, 5, 6];
/// let src = make_tensor(&a[..], layout!((2,3):(3,1))).unwrap();
/// let n = 6;
/// let dst = make_tensor(&a[..], layout!({n}:1).unwrap()).unwrap();
/// assert!(dst.same_size(&src, "copy").is_ok()); // a dynamic size: checked at run time
/// let short = make_tensor(&a[..], layout!({n - 1}:1).unwrap()).unwrap();
/// assert!(short.same_size(&src, "copy").is_err());
/// // A generic caller that names only `SameSize` may call `copy`.
/// fn copy_into<S: ReadTensor, D: WriteTensor<Elem = S::Elem> + SameSize<S>>(s: &S, d: &mut D) {
///     copy(s, d);
/// }
/// let mut b = [0; 6];
/// copy_into(&src, &mut make_tensor(&mut b[..], layout!(6:1)).unwrap());
/// assert_eq!(b, [1, 4, 2, 5, 3, 6]);
/// ```
pub trait SameSize<S: ReadTensor>: SizeMatch<S, Shown = SizesAgree, Wanted = ()> {
    /// `Ok` if the sizes agree, else `SizeMismatch`.
    fn same_size(&self, s: &S, op: &'static str) -> Result<(), LayoutError>;
}
impl<S: ReadTensor, T: SizeMatch<S, Shown = SizesAgree, Wanted = ()>> SameSize<S> for T {
    #[inline(always)]
    fn same_size(&self, s: &S, op: &'static str) -> Result<(), LayoutError> {
        size_matches(self.tensor_size(), s.tensor_size(), op)
    }
}

/// The sizes of `Self` and `S` as a mismatch shows them: [`SizesAgree`]
/// and `()` where they may agree, else both in `Num<n>` form. Defined for
/// every pair, so that an operation requiring `Shown: AssertSameSize<Op,
/// Wanted>` fails on that one readable bound (and [`SameSize`], which is
/// this with `Shown = SizesAgree`, still lets generic callers call it).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait SizeMatch<S: ReadTensor>: ReadTensor {
    /// `SizesAgree`, or the readable size of `Self`.
    type Shown;
    /// `()`, or the readable size of `S`.
    type Wanted;
}
impl<S: ReadTensor, T: ReadTensor> SizeMatch<S> for T
where
    T::Size: SizeShow<S::Size>,
{
    type Shown = ShownSize<T::Size, S::Size>;
    type Wanted = WantedSize<T::Size, S::Size>;
}

/// Equal sizes, or an error naming both.
#[inline(always)]
pub(super) fn size_matches<A: IntLeaf, B: IntLeaf>(
    a: A,
    b: B,
    op: &'static str,
) -> Result<(), LayoutError> {
    if a.value() == b.value() {
        return Ok(());
    }
    Err(LayoutError::new(
        ErrorKind::SizeMismatch,
        op,
        alloc::format!("size {} where {} is required", a.value(), b.value()),
    ))
}

/// Leaf sizes of operation `Op` that may agree: equal static sizes, or any
/// dynamic one (checked at run time). A bound users see is written as
/// `A: SizeShow<B>, ShownSize<A, B>: AssertSameSize<Op, WantedSize<A, B>>`
/// instead, so that a mismatch names the two sizes in decimal and nothing else.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SizeCheck<Op, B> {}
impl<Op, A: SizeShow<B>, B> SizeCheck<Op, B> for A where
    ShownSize<A, B>: AssertSameSize<Op, WantedSize<A, B>>
{
}

/// The readable outcome of comparing leaf sizes `Self` and `B`: [`SizesAgree`]
/// where they may agree (equal static sizes, or a dynamic one, checked at
/// run time), else both sizes in `Num<n>` form.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SizeShow<B> {
    /// `SizesAgree`, or the readable size `Self`.
    type Size;
    /// `()`, or the readable size `B`.
    type Wanted;
}
/// Leaf sizes that may agree.
#[derive(Clone, Copy, Debug, Default)]
pub struct SizesAgree;
// Hidden from error messages: rustc would otherwise list them as the types
// implementing the assertions.
#[diagnostic::do_not_recommend]
impl<Op> AssertSameSize<Op, ()> for SizesAgree {}
#[diagnostic::do_not_recommend]
impl<Op> AssertGemmExtent<Op, ()> for SizesAgree {}
#[diagnostic::do_not_recommend]
impl<Op> AssertTilesDivide<Op, ()> for SizesAgree {}
#[diagnostic::do_not_recommend]
impl<Op> AssertThreadIndex<Op, ()> for SizesAgree {}

/// The size that a mismatch of sizes `A` and `B` shows (`SizesAgree` if none).
pub type ShownSize<A, B> = <A as SizeShow<B>>::Size;
/// The size required in a mismatch of sizes `A` and `B` (`()` if none).
pub type WantedSize<A, B> = <A as SizeShow<B>>::Wanted;

impl<B> SizeShow<B> for Dyn {
    type Size = SizesAgree;
    type Wanted = ();
}
impl<A: StaticInt> SizeShow<Dyn> for A {
    type Size = SizesAgree;
    type Wanted = ();
}
// `DivBy` as `Dyn`.
impl<B, N> SizeShow<B> for crate::typelevel::DivBy<N> {
    type Size = SizesAgree;
    type Wanted = ();
}
impl<A: StaticInt, N> SizeShow<crate::typelevel::DivBy<N>> for A {
    type Size = SizesAgree;
    type Wanted = ();
}
impl<A: StaticInt + typenum::IsEqual<B>, B: StaticInt> SizeShow<B> for A
where
    typenum::Eq<A, B>: SizeShowBit<A, B>,
{
    type Size = <typenum::Eq<A, B> as SizeShowBit<A, B>>::Size;
    type Wanted = <typenum::Eq<A, B> as SizeShowBit<A, B>>::Wanted;
}
/// Branch of [`SizeShow`] on equality.
#[doc(hidden)]
pub trait SizeShowBit<A, B> {
    /// `SizesAgree`, or the readable size `A`.
    type Size;
    /// `()`, or the readable size `B`.
    type Wanted;
}
impl<A, B> SizeShowBit<A, B> for typenum::B1 {
    type Size = SizesAgree;
    type Wanted = ();
}
impl<A: Readable, B: Readable> SizeShowBit<A, B> for typenum::B0 {
    type Size = ReadableOf<A>;
    type Wanted = ReadableOf<B>;
}
