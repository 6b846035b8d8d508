//! Slicing: CuTe `slice(c, layout)` and `slice_and_offset(c, layout)`.
//!
//! A slicing coordinate is a coordinate whose entries may be `_` (spelled
//! [`Underscore`] or its short name [`__`]): the result keeps the modes marked
//! `_`, in order and flattened across the coordinate's nesting (as CuTe does),
//! and drops the others; their contribution is the offset. A coordinate that
//! is `_` itself keeps the whole layout.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let l = layout!((4,(3,2)):(2,(8,1)));
//! assert_eq!(l.slice((__, 2usize)).to_string(), "(4):(2)");
//! assert_eq!(l.slice((__, (__, _1))).to_string(), "(4,3):(2,8)");
//! let (s, off) = l.slice_and_offset((1usize, (__, 1usize)));
//! assert_eq!((s.to_string(), off), ("(3):(8)".to_string(), 3));
//! // A layout with scaled-basis strides slices too (its offset is a coordinate:
//! // `slice_and_offset` takes integer strides).
//! let id = layout!((4,8):(1@0,1@1));
//! assert_eq!(id.slice((__, 2usize)).to_string(), "(4):(1@0)");
//! ```

use crate::typelevel::check::coord::{
    AssertCoordInBounds, BoundsCoord, BoundsShape, InBounds, InBoundsOut, ShowBounds,
};
use crate::typelevel::check::readable::{Readable, ReadableOf};
use crate::typelevel::eval::{CoordLeaf, Crd2Idx, IntoCoord, Underscore};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::layout::Layout;
use crate::typelevel::tuple::IntTuple;
use core::ops::{Add, BitAnd};
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, Bit, NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

/// Short name of CuTe's `_` (a bare `_` is not an expression in Rust).
pub const __: Underscore = Underscore;

/// The modes of `(S, D)` kept by the slicing coordinate `Self`, as HLists to
/// be concatenated (CuTe `lift_slice`).
pub trait Lift<S, D> {
    /// Kept shape modes.
    type Shape;
    /// Kept stride modes.
    type Stride;
    /// The kept modes.
    fn lift(&self, s: &S, d: &D) -> (Self::Shape, Self::Stride);
}
impl<S: Copy, D: Copy> Lift<S, D> for Underscore {
    type Shape = HCons<S, HNil>;
    type Stride = HCons<D, HNil>;
    #[inline(always)]
    fn lift(&self, s: &S, d: &D) -> (Self::Shape, Self::Stride) {
        (
            HCons {
                head: *s,
                tail: HNil,
            },
            HCons {
                head: *d,
                tail: HNil,
            },
        )
    }
}
impl<C: CoordLeaf, S, D> Lift<S, D> for C {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn lift(&self, _: &S, _: &D) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl Lift<HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn lift(&self, _: &HNil, _: &HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<CH, CT, SH, ST, DH, DT> Lift<HCons<SH, ST>, HCons<DH, DT>> for HCons<CH, CT>
where
    CH: Lift<SH, DH>,
    CT: Lift<ST, DT>,
    CH::Shape: Add<CT::Shape>,
    CH::Stride: Add<CT::Stride>,
{
    type Shape = <CH::Shape as Add<CT::Shape>>::Output;
    type Stride = <CH::Stride as Add<CT::Stride>>::Output;
    #[inline(always)]
    fn lift(&self, s: &HCons<SH, ST>, d: &HCons<DH, DT>) -> (Self::Shape, Self::Stride) {
        let (hs, hd) = self.head.lift(&s.head, &d.head);
        let (ts, td) = self.tail.lift(&s.tail, &d.tail);
        (hs + ts, hd + td)
    }
}

/// The offset of the entries of the slicing coordinate `Self` that are not
/// `_` (integer strides: a layout with scaled-basis strides has a coordinate
/// there, see [`Layout::eval_coord`]).
pub trait LiftOffset<S, D> {
    /// The offset.
    fn offset(&self, s: &S, d: &D) -> i64;
}
impl<S, D> LiftOffset<S, D> for Underscore {
    #[inline(always)]
    fn offset(&self, _: &S, _: &D) -> i64 {
        0
    }
}
impl<C: CoordLeaf + Crd2Idx<S, D>, S, D> LiftOffset<S, D> for C {
    #[inline(always)]
    fn offset(&self, s: &S, d: &D) -> i64 {
        self.crd2idx(s, d)
    }
}
impl LiftOffset<HNil, HNil> for HNil {
    #[inline(always)]
    fn offset(&self, _: &HNil, _: &HNil) -> i64 {
        0
    }
}
impl<CH, CT, SH, ST, DH, DT> LiftOffset<HCons<SH, ST>, HCons<DH, DT>> for HCons<CH, CT>
where
    CH: LiftOffset<SH, DH>,
    CT: LiftOffset<ST, DT>,
{
    #[inline(always)]
    fn offset(&self, s: &HCons<SH, ST>, d: &HCons<DH, DT>) -> i64 {
        let h = self.head.offset(&s.head, &d.head);
        h.wrapping_add(self.tail.offset(&s.tail, &d.tail))
    }
}

/// CuTe `slice(c, t)` on a shape/stride pair: `_` keeps the whole pair, an
/// integer keeps nothing, a tuple keeps the concatenation of its [`Lift`]s.
pub trait SliceRoot<S, D>: Lift<S, D> {
    /// Kept shape.
    type Shape;
    /// Kept stride.
    type Stride;
    /// The kept shape and stride.
    fn slice_root(
        &self,
        s: &S,
        d: &D,
    ) -> (
        <Self as SliceRoot<S, D>>::Shape,
        <Self as SliceRoot<S, D>>::Stride,
    );
}
impl<S: Copy, D: Copy> SliceRoot<S, D> for Underscore {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn slice_root(&self, s: &S, d: &D) -> (S, D) {
        (*s, *d)
    }
}
impl<C: CoordLeaf, S, D> SliceRoot<S, D> for C {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn slice_root(&self, _: &S, _: &D) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl SliceRoot<HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn slice_root(&self, _: &HNil, _: &HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<CH, CT, S, D> SliceRoot<S, D> for HCons<CH, CT>
where
    HCons<CH, CT>: Lift<S, D>,
{
    type Shape = <Self as Lift<S, D>>::Shape;
    type Stride = <Self as Lift<S, D>>::Stride;
    #[inline(always)]
    fn slice_root(
        &self,
        s: &S,
        d: &D,
    ) -> (<Self as Lift<S, D>>::Shape, <Self as Lift<S, D>>::Stride) {
        self.lift(s, d)
    }
}

/// CuTe `slice(c, layout)` for a user coordinate `C` (integers, `_`, tuples).
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// let s: SliceOut<Layout![(4,(3,2)):(2,(8,1))], (Underscore, usize)> = l.slice((__, 2usize));
/// assert_eq!(s.to_string(), "(4):(2)");
/// ```
#[diagnostic::on_unimplemented(
    message = "slicing coordinate `{C}` does not match the rank of the layout's shape",
    label = "wrong number of coordinate entries for this layout",
    note = "CuTe rule: a slicing coordinate is `_`, an integer, or a tuple with exactly one entry per mode of the shape (each entry again `_`, an integer or a tuple)"
)]
pub trait Slice<C> {
    /// The sliced layout.
    type Output;
    /// The sliced layout.
    fn slice_keep(&self, c: C) -> Self::Output;
}
#[diagnostic::do_not_recommend]
impl<S, D, C> Slice<C> for Layout<S, D>
where
    C: IntoCoord,
    C::Coord: SliceRoot<S, D>,
{
    type Output =
        Layout<<C::Coord as SliceRoot<S, D>>::Shape, <C::Coord as SliceRoot<S, D>>::Stride>;
    #[inline(always)]
    fn slice_keep(&self, c: C) -> Self::Output {
        let (s, d) = c.into_coord().slice_root(self.shape(), self.stride());
        // The kept modes of a valid layout form a valid layout.
        Layout::from_parts(s, d)
    }
}

/// CuTe `slice_and_offset(c, layout)`: [`Slice`] and the offset of the
/// fixed entries, for a layout with integer strides.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// let (s, off) = SliceAndOffset::slice_and_offset(&l, (1usize, (__, 1usize)));
/// assert_eq!((s.to_string(), off), ("(3):(8)".to_string(), 3));
/// ```
#[diagnostic::on_unimplemented(
    message = "slicing coordinate `{C}` does not match the layout, or its offset is not an integer",
    label = "wrong number of coordinate entries, or scaled-basis strides",
    note = "CuTe rule: a slicing coordinate is `_`, an integer, or a tuple with exactly one entry per mode of the shape (each entry again `_`, an integer or a tuple)",
    note = "the offset of a layout with scaled-basis strides is a coordinate: slice it with `slice`, evaluate with `eval_coord`"
)]
pub trait SliceAndOffset<C>: Slice<C> {
    /// The sliced layout and the offset of the fixed entries.
    fn slice_and_offset(&self, c: C) -> (Self::Output, i64);
}
#[diagnostic::do_not_recommend]
impl<S, D, C> SliceAndOffset<C> for Layout<S, D>
where
    C: IntoCoord,
    C::Coord: SliceRoot<S, D> + LiftOffset<S, D>,
{
    #[inline(always)]
    fn slice_and_offset(&self, c: C) -> (Self::Output, i64) {
        let c = c.into_coord();
        let (s, d) = c.slice_root(self.shape(), self.stride());
        // The kept modes of a valid layout form a valid layout.
        (
            Layout::from_parts(s, d),
            c.offset(self.shape(), self.stride()),
        )
    }
}

/// The slicing coordinate `C` matches the layout's shape: `_`, an integer,
/// or a tuple with one entry per mode, recursively. `Self` is
/// [`SliceMatches`] then, else the shape in readable form; only
/// `SliceMatches` implements it.
#[diagnostic::on_unimplemented(
    message = "slicing coordinate `{C}` does not match the rank of the layout's shape `{Self}`",
    label = "wrong number of coordinate entries for this layout",
    note = "CuTe rule: a slicing coordinate is `_`, an integer, or a tuple with exactly one entry per mode of the shape (each entry again `_`, an integer or a tuple)"
)]
pub trait AssertSliceRank<C> {}

/// A slicing coordinate found to match the layout's shape.
#[derive(Clone, Copy, Debug, Default)]
pub struct SliceMatches;
// Hidden from error messages: rustc would otherwise list it as the one type
// implementing the trait.
#[diagnostic::do_not_recommend]
impl<C> AssertSliceRank<C> for SliceMatches {}

/// [`Slice`] for every coordinate: `Shown` is [`SliceMatches`] where `C`
/// matches the shape, else the readable shape; the slice is there where
/// `Shown: AssertSliceRank<C>`, which [`Layout::slice`] requires, so that a
/// mismatch fails on that one readable bound.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait SliceCheck<C> {
    /// `SliceMatches`, or the readable shape.
    type Shown;
    /// The sliced layout (`()` where `C` does not match).
    type Output;
    /// The sliced layout.
    fn slice_checked(&self, c: C) -> Self::Output
    where
        Self::Shown: AssertSliceRank<C>;
}
impl<S, D, C: IntoCoord> SliceCheck<C> for Layout<S, D>
where
    C::Coord: SliceFits<S>,
    <C::Coord as SliceFits<S>>::Output: SliceBranch<C, S, D>,
{
    type Shown = <<C::Coord as SliceFits<S>>::Output as SliceBranch<C, S, D>>::Shown;
    type Output = <<C::Coord as SliceFits<S>>::Output as SliceBranch<C, S, D>>::Output;
    #[inline(always)]
    fn slice_checked(&self, c: C) -> Self::Output
    where
        Self::Shown: AssertSliceRank<C>,
    {
        <<C::Coord as SliceFits<S>>::Output as SliceBranch<C, S, D>>::slice_checked(self, c)
    }
}

/// The layout type of a [`Layout::slice`]: [`SliceOut`] (`()` for a
/// coordinate that does not match, which does not compile).
pub type SliceChecked<L, C> = <L as SliceCheck<C>>::Output;

/// [`SliceCheck`] by the verdict bit `Self` of [`SliceFits`].
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SliceBranch<C, S, D> {
    /// `SliceMatches`, or the readable shape.
    type Shown;
    /// The sliced layout, or `()`.
    type Output;
    /// See [`SliceCheck::slice_checked`].
    fn slice_checked(l: &Layout<S, D>, c: C) -> Self::Output
    where
        Self::Shown: AssertSliceRank<C>;
}
impl<C, S, D> SliceBranch<C, S, D> for B1
where
    Layout<S, D>: Slice<C>,
{
    type Shown = SliceMatches;
    type Output = SliceOut<Layout<S, D>, C>;
    #[inline(always)]
    fn slice_checked(l: &Layout<S, D>, c: C) -> Self::Output {
        l.slice_keep(c)
    }
}
impl<C, S: Readable, D> SliceBranch<C, S, D> for B0 {
    type Shown = ReadableOf<S>;
    type Output = ();
    // The where-clause cannot hold (only `SliceMatches` implements
    // `AssertSliceRank`): nothing to compute.
    fn slice_checked(_: &Layout<S, D>, _: C) -> Self::Output
    where
        Self::Shown: AssertSliceRank<C>,
    {
    }
}

/// Whether the slicing coordinate `Self` (an [`IntoCoord::Coord`]) matches
/// shape `S`: `B1` for `_` and integers, and for a tuple with one matching
/// entry per mode.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SliceFits<S> {
    /// The verdict.
    type Output: Bit;
}
macro_rules! leaf_slice {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)* S> SliceFits<S> for $T {
            type Output = B1;
        }
    )*};
}
leaf_slice!([] Underscore, [] usize, [] u32, [] i64, [] i32, [] Z0,
    [U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] NInt<U>, [] Dyn, [N,] DivBy<N>);
impl SliceFits<HNil> for HNil {
    type Output = B1;
}
impl<SH, ST> SliceFits<HCons<SH, ST>> for HNil {
    type Output = B0;
}
impl<CH, CT> SliceFits<HNil> for HCons<CH, CT> {
    type Output = B0;
}
impl<CH: SliceFits<SH>, CT: SliceFits<ST>, SH, ST> SliceFits<HCons<SH, ST>> for HCons<CH, CT>
where
    CH::Output: BitAnd<CT::Output>,
    And<CH::Output, CT::Output>: Bit,
{
    type Output = And<CH::Output, CT::Output>;
}
macro_rules! tuple_on_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)*> SliceFits<$S> for HNil {
            type Output = B0;
        }
        impl<$($g)* CH, CT> SliceFits<$S> for HCons<CH, CT> {
            type Output = B0;
        }
    )*};
}
tuple_on_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);

/// The layout type of `slice(C, L)`.
/// See [`Slice`] for an example.
pub type SliceOut<L, C> = <L as Slice<C>>::Output;

impl<S: IntTuple, D> Layout<S, D> {
    /// CuTe `slice(c, layout)`: the sub-layout of the modes marked `_` (see the module docs).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let l = layout!((4,(3,2)):(2,(8,1)));
    /// assert_eq!(l.slice((__, 2usize)).to_string(), "(4):(2)");
    /// assert_eq!(l.slice((1usize, (__, _1))).to_string(), "(3):(8)");
    /// ```
    #[inline(always)]
    pub fn slice<C: IntoCoord>(&self, c: C) -> SliceChecked<Self, C>
    where
        Self: SliceCheck<C>,
        <Self as SliceCheck<C>>::Shown: AssertSliceRank<C>,
        C::Coord: InBounds<S>,
        InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
        BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
    {
        SliceCheck::slice_checked(self, c)
    }

    /// CuTe `slice_and_offset(c, layout)`: the slice and the offset of the
    /// fixed entries (the `_` entries taken as 0).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let l = layout!((4,(3,2)):(2,(8,1)));
    /// let (s, off) = l.slice_and_offset((1usize, (__, 1usize)));
    /// assert_eq!((s.to_string(), off), ("(3):(8)".to_string(), 2 + 1));
    /// ```
    #[inline(always)]
    pub fn slice_and_offset<C: IntoCoord>(&self, c: C) -> (SliceOut<Self, C>, i64)
    where
        Self: SliceAndOffset<C>,
        C::Coord: InBounds<S>,
        InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
        BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
    {
        SliceAndOffset::slice_and_offset(self, c)
    }
}

/// CuTe `slice(c, layout)` as a function.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(slice((__, (__, _1)), &l).to_string(), "(4,3):(2,8)");
/// assert_eq!(slice((1usize, (__, 1usize)), &l).to_string(), "(3):(8)");
/// ```
#[inline(always)]
pub fn slice<L: Slice<C>, C>(c: C, l: &L) -> L::Output {
    l.slice_keep(c)
}

#[cfg(test)]
mod tests {
    use crate::typelevel::*;
    use alloc::string::ToString;

    #[test]
    fn slices_match_cute() {
        // Checked with CuTe C++ 4.2: slice(make_coord(..), L).
        let l = layout!((4,(3,2)):(2,(8,1)));
        assert_eq!(l.slice((__, 2usize)).to_string(), "(4):(2)");
        assert_eq!(l.slice((1usize, (__, 1usize))).to_string(), "(3):(8)");
        assert_eq!(l.slice((__, (__, _1))).to_string(), "(4,3):(2,8)");
        assert_eq!(l.slice((__, __)).to_string(), "(4,(3,2)):(2,(8,1))");
        assert_eq!(l.slice(__).to_string(), "(4,(3,2)):(2,(8,1))");
        assert_eq!(l.slice_and_offset((1usize, (__, 1usize))).1, 3);
        assert_eq!(slice((_3, 5usize), &l).to_string(), "():()");
        assert_eq!(l.slice_and_offset((_3, 5usize)).1, l.call((3usize, 5usize)));
        let d = layout!(({4},(3,2)):(2,({8},1))).unwrap();
        assert_eq!(d.slice((__, (__, 1usize))).to_string(), "(4,3):(2,8)");
    }

    #[test]
    fn slices_of_identity_layouts_match_cute() {
        // Checked with CuTe C++ 4.2: slice(make_coord(..), make_identity_layout(..)).
        let id = layout!((4,8):(1@0,1@1));
        assert_eq!(id.slice((__, 2usize)).to_string(), "(4):(1@0)");
        assert_eq!(slice((1usize, __), &id).to_string(), "(8):(1@1)");
        let n = layout!(((2,3),4):((1@0@0,1@1@0),1@1));
        assert_eq!(n.slice(((1usize, __), __)).to_string(), "(3,4):(1@1@0,1@1)");
        let z = zipped_divide(id, tile!(2:1, 4:1));
        assert_eq!(
            z.slice((__, (1usize, 1usize))).to_string(),
            "((2,4)):((1@0,1@1))"
        );
    }
}
