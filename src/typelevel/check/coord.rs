//! Compile-time checks of coordinates: the rank of a coordinate must match
//! the layout's shape ([`AssertCoordRank`]), and a static coordinate must lie
//! inside it ([`AssertCoordInBounds`]).
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! layout!((4,8)).call((_4, _0)); // 4 is not below the extent 4
//! ```

use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::eval::{Crd2Idx, FmtCoord, IntoCoord, ShowCoord, Underscore};
use crate::typelevel::tuple::{Cute, IntTuple};
use crate::typelevel::{Dyn, Layout, ShapeLeaf, StaticInt};
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, Bit, IsLess, Le, NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

use super::readable::{Readable, ReadableOf};

type Not<A> = <A as core::ops::Not>::Output;

// Native integers are dynamic: checked by `try_call` only.
macro_rules! native_in_bounds {
    ($($t:ty),*) => {$(
        impl<S> InBounds<S> for $t {
            type Output = B1;
        }
    )*};
}
native_in_bounds!(usize, u32, i64, i32);

/// Whether the static leaves of coordinate `Self` lie inside shape `S`
/// (`B1` for dynamic entries and for mismatched trees, which
/// [`AssertCoordRank`] reports).
pub trait InBounds<S> {
    /// The verdict.
    type Output: Bit;
}
/// `0 <= C < Self` for a static size `Self`; `B1` when the size is dynamic.
pub trait Contains<C> {
    /// The verdict.
    type Output: Bit;
}
impl<N: StaticInt, C: StaticInt> Contains<C> for N
where
    C: IsLess<N> + IsLess<Z0>,
    Le<C, Z0>: core::ops::Not,
    Le<C, N>: core::ops::BitAnd<Not<Le<C, Z0>>>,
    And<Le<C, N>, Not<Le<C, Z0>>>: Bit,
{
    type Output = And<Le<C, N>, Not<Le<C, Z0>>>;
}
impl<C> Contains<C> for Dyn {
    type Output = B1;
}
impl<C, N> Contains<C> for crate::typelevel::DivBy<N> {
    type Output = B1;
}
impl<C: StaticInt, S: IntTuple> InBounds<S> for C
where
    S::Size: Contains<C>,
{
    type Output = <S::Size as Contains<C>>::Output;
}
impl<S> InBounds<S> for Dyn {
    type Output = B1;
}
impl<S, N> InBounds<S> for crate::typelevel::DivBy<N> {
    type Output = B1;
}
impl<S> InBounds<S> for Underscore {
    type Output = B1;
}
impl<S> InBounds<S> for HNil {
    type Output = B1;
}
impl<CH, CT> InBounds<HNil> for HCons<CH, CT> {
    type Output = B1;
}
impl<CH, CT, S: ShapeLeaf> InBounds<S> for HCons<CH, CT> {
    type Output = B1;
}
impl<CH: InBounds<SH>, CT: InBounds<ST>, SH, ST> InBounds<HCons<SH, ST>> for HCons<CH, CT>
where
    CH::Output: core::ops::BitAnd<CT::Output>,
    And<CH::Output, CT::Output>: Bit,
{
    type Output = And<CH::Output, CT::Output>;
}

impl<S: IntTuple, D> Layout<S, D> {
    /// Evaluate at a 1-D, R-D or hierarchical coordinate (CuTe `layout(c)`).
    ///
    /// Dynamic coordinates are trusted, as in CuTe: outside the shape the
    /// result is CuTe's formula extended (last mode unwrapped) in wrapping
    /// arithmetic. Use [`Layout::try_call`] to check them.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let l = layout!((4,8):(1,4));
    /// assert_eq!(l.call(9usize), 9);
    /// assert_eq!(l.call((1usize, 2usize)), 9);
    /// ```
    #[inline(always)]
    pub fn call<C: IntoCoord>(&self, c: C) -> i64
    where
        Self: CoordEval<C>,
        RankShown<Self, C>: AssertCoordRank<C>,
        C::Coord: InBounds<S>,
        InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
        BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
    {
        self.eval(c)
    }

    /// Evaluate at a coordinate after checking it lies inside the shape.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let l = layout!((4,8):(1,4));
    /// assert_eq!(l.try_call((3usize, 7usize)).unwrap(), 31);
    /// let e = l.try_call((4usize, 0usize)).unwrap_err();
    /// assert_eq!(e.to_string(), "call: coordinate must lie inside the shape: coordinate (4,0) is outside shape (4,8)");
    /// ```
    pub fn try_call<C: IntoCoord>(&self, c: C) -> Result<i64, LayoutError>
    where
        Self: CoordEval<C>,
        RankShown<Self, C>: AssertCoordRank<C>,
        C::Coord: InBounds<S>,
        InBoundsOut<C, S>: ShowBounds<C::Coord, S>,
        BoundsCoord<C, S>: AssertCoordInBounds<BoundsShape<C, S>>,
    {
        self.try_eval(c)
    }
}

/// The coordinate `C` matches the layout's shape: an integer, or a tuple with
/// one entry per mode, recursively (CuTe: weakly congruent), on integer
/// strides. `Self` is [`RankMatches`] then, else the shape in readable form
/// ([`RankShown`]); only `RankMatches` implements it.
#[diagnostic::on_unimplemented(
    message = "coordinate `{C}` does not match the rank of the layout's shape `{Self}`",
    label = "wrong number of coordinate entries for this layout (or `call` on scaled-basis strides)",
    note = "CuTe rule: a coordinate is an integer (a 1-D index) or a tuple with exactly one entry per mode of the shape, each entry again an integer or a tuple for that mode",
    note = "e.g. for shape (4,(3,2)): `5usize`, `(1usize, 4usize)` or `(1usize, (2usize, 1usize))`",
    note = "a layout with scaled-basis strides (`1@0`) maps to coordinates, not offsets: evaluate it with `eval_coord`"
)]
pub trait AssertCoordRank<C> {}

/// A coordinate found to match the layout's shape.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankMatches;

// Hidden from error messages: rustc would otherwise list it as the one type
// implementing the trait.
#[diagnostic::do_not_recommend]
impl<C> AssertCoordRank<C> for RankMatches {}

/// What [`AssertCoordRank`] is asked of for coordinate `C` on layout `L`.
pub type RankShown<L, C> = <L as CoordEval<C>>::Shown;

/// Evaluation of coordinate `C` on the layout `Self`, defined for every
/// coordinate: `Shown` is [`RankMatches`] where `C` matches the shape (and
/// the strides are integers), else the readable shape; the offset is there
/// where `Shown: AssertCoordRank<C>`, which a public function requires, so
/// that a mismatch fails on that one readable bound.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CoordEval<C> {
    /// `RankMatches`, or the readable shape.
    type Shown;
    /// The offset of `c` (unchecked).
    fn eval(&self, c: C) -> i64
    where
        Self::Shown: AssertCoordRank<C>;
    /// The offset of `c`, or `OutOfBounds`.
    fn try_eval(&self, c: C) -> Result<i64, LayoutError>
    where
        Self::Shown: AssertCoordRank<C>;
}
impl<S: IntTuple, D, C: IntoCoord> CoordEval<C> for Layout<S, D>
where
    C::Coord: CoordFits<S, D>,
    <C::Coord as CoordFits<S, D>>::Output: RankBranch<C, S, D>,
{
    type Shown = <<C::Coord as CoordFits<S, D>>::Output as RankBranch<C, S, D>>::Shown;
    #[inline(always)]
    fn eval(&self, c: C) -> i64
    where
        Self::Shown: AssertCoordRank<C>,
    {
        <<C::Coord as CoordFits<S, D>>::Output as RankBranch<C, S, D>>::eval(self, c)
    }
    #[inline(always)]
    fn try_eval(&self, c: C) -> Result<i64, LayoutError>
    where
        Self::Shown: AssertCoordRank<C>,
    {
        <<C::Coord as CoordFits<S, D>>::Output as RankBranch<C, S, D>>::try_eval(self, c)
    }
}

/// [`CoordEval`] by the verdict bit `Self` of [`CoordFits`].
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RankBranch<C, S, D> {
    /// `RankMatches`, or the readable shape.
    type Shown;
    /// See [`CoordEval::eval`].
    fn eval(l: &Layout<S, D>, c: C) -> i64
    where
        Self::Shown: AssertCoordRank<C>;
    /// See [`CoordEval::try_eval`].
    fn try_eval(l: &Layout<S, D>, c: C) -> Result<i64, LayoutError>
    where
        Self::Shown: AssertCoordRank<C>;
}
impl<C: IntoCoord, S: IntTuple, D> RankBranch<C, S, D> for B1
where
    C::Coord: Crd2Idx<S, D> + FmtCoord + Copy,
{
    type Shown = RankMatches;
    #[inline(always)]
    fn eval(l: &Layout<S, D>, c: C) -> i64 {
        c.into_coord().crd2idx(l.shape(), l.stride())
    }
    #[inline(always)]
    fn try_eval(l: &Layout<S, D>, c: C) -> Result<i64, LayoutError> {
        let c = c.into_coord();
        if c.inside(l.shape()) {
            return Ok(c.crd2idx(l.shape(), l.stride()));
        }
        Err(LayoutError::new(
            ErrorKind::OutOfBounds,
            "call",
            alloc::format!(
                "coordinate {} is outside shape {}",
                ShowCoord(&c),
                Cute(l.shape())
            ),
        ))
    }
}
impl<C, S: Readable, D> RankBranch<C, S, D> for B0 {
    type Shown = ReadableOf<S>;
    // The where-clause cannot hold (only `RankMatches` implements
    // `AssertCoordRank`), so no call of these exists.
    fn eval(_: &Layout<S, D>, _: C) -> i64
    where
        Self::Shown: AssertCoordRank<C>,
    {
        unreachable!("a readable shape never implements AssertCoordRank")
    }
    fn try_eval(_: &Layout<S, D>, _: C) -> Result<i64, LayoutError>
    where
        Self::Shown: AssertCoordRank<C>,
    {
        unreachable!("a readable shape never implements AssertCoordRank")
    }
}

/// Whether the coordinate `Self` (an [`IntoCoord::Coord`]) evaluates on
/// shape `S` with stride `D`: `B1` for an integer on integer strides and for
/// a tuple with one matching entry per mode, `B0` otherwise.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CoordFits<S, D> {
    /// The verdict.
    type Output: Bit;
}
macro_rules! leaf_fits {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)* S: IntStrides<D>, D> CoordFits<S, D> for $T {
            type Output = S::Output;
        }
    )*};
}
leaf_fits!([] usize, [] u32, [] i64, [] i32, [] Z0, [U: Unsigned + NonZero,] PInt<U>,
    [U: Unsigned + NonZero,] NInt<U>, [] Dyn, [N,] crate::typelevel::DivBy<N>);
impl<S, D> CoordFits<S, D> for Underscore {
    type Output = B0;
}
impl CoordFits<HNil, HNil> for HNil {
    type Output = B1;
}
impl<SH, ST, DH, DT> CoordFits<HCons<SH, ST>, HCons<DH, DT>> for HNil {
    type Output = B0;
}
impl<CH, CT> CoordFits<HNil, HNil> for HCons<CH, CT> {
    type Output = B0;
}
impl<CH, CT, SH, ST, DH, DT> CoordFits<HCons<SH, ST>, HCons<DH, DT>> for HCons<CH, CT>
where
    CH: CoordFits<SH, DH>,
    CT: CoordFits<ST, DT>,
    CH::Output: core::ops::BitAnd<CT::Output>,
    And<CH::Output, CT::Output>: Bit,
{
    type Output = And<CH::Output, CT::Output>;
}
macro_rules! tuple_on_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D> CoordFits<$S, D> for HNil {
            type Output = B0;
        }
        impl<$($g)* D, CH, CT> CoordFits<$S, D> for HCons<CH, CT> {
            type Output = B0;
        }
    )*};
}
tuple_on_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] crate::typelevel::DivBy<N>);

/// Whether the strides `D` of shape `Self` are integers (`B0` where one is a
/// scaled basis `v@i`, which maps to coordinates, not offsets).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IntStrides<D> {
    /// The verdict.
    type Output: Bit;
}
macro_rules! int_strides {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D: StrideKind> IntStrides<D> for $S {
            type Output = D::Int;
        }
    )*};
}
int_strides!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] crate::typelevel::DivBy<N>);
impl IntStrides<HNil> for HNil {
    type Output = B1;
}
impl<SH, ST, DH, DT> IntStrides<HCons<DH, DT>> for HCons<SH, ST>
where
    SH: IntStrides<DH>,
    ST: IntStrides<DT>,
    SH::Output: core::ops::BitAnd<ST::Output>,
    And<SH::Output, ST::Output>: Bit,
{
    type Output = And<SH::Output, ST::Output>;
}

/// Whether a stride leaf is an integer (`B1`) or a scaled basis (`B0`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait StrideKind {
    /// The verdict.
    type Int: Bit;
}
macro_rules! int_stride {
    ($([$($g:tt)*] $D:ty),*) => {$(
        impl<$($g)*> StrideKind for $D {
            type Int = B1;
        }
    )*};
}
int_stride!([U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>, [] Z0, [] Dyn, [N] crate::typelevel::DivBy<N>);
impl<V, P> StrideKind for crate::typelevel::ScaledBasis<V, P> {
    type Int = B0;
}

/// The readable form of a bounds verdict `Self` on coordinate `C` (an HList)
/// and shape `S`: nothing for `B1`, the coordinate and the shape in `Num<n>`
/// form for `B0`, computed only then.
pub trait ShowBounds<C, S> {
    /// [`InsideCoord`], or the readable coordinate.
    type Coord;
    /// `()`, or the readable shape.
    type Shape;
}
impl<C, S> ShowBounds<C, S> for B1 {
    type Coord = InsideCoord;
    type Shape = ();
}
impl<C: Readable, S: Readable> ShowBounds<C, S> for B0 {
    type Coord = ReadableOf<C>;
    type Shape = ReadableOf<S>;
}

/// The coordinate that [`AssertCoordInBounds`] reports for coordinate `C` on shape `S`.
pub type BoundsCoord<C, S> = <InBoundsOut<C, S> as ShowBounds<<C as IntoCoord>::Coord, S>>::Coord;
/// The shape that [`AssertCoordInBounds`] reports for coordinate `C` on shape `S`.
pub type BoundsShape<C, S> = <InBoundsOut<C, S> as ShowBounds<<C as IntoCoord>::Coord, S>>::Shape;

/// The static entries of coordinate `Self` lie inside shape `S` (both readable);
/// only [`InsideCoord`] implements it, for a coordinate found inside.
#[diagnostic::on_unimplemented(
    message = "static coordinate `{Self}` lies outside the layout's shape `{S}`",
    label = "a static coordinate entry is negative or not below its extent",
    note = "CuTe rule: every coordinate entry c for a leaf of extent s satisfies 0 <= c < s; an integer entry for a whole mode satisfies 0 <= c < size(mode)",
    note = "use coordinates inside the shape, or run-time ones (`2usize`) with `try_call` / `get`, which check them when the program runs"
)]
pub trait AssertCoordInBounds<S> {}

/// A coordinate whose static entries were all found inside the shape.
#[derive(Clone, Copy, Debug, Default)]
pub struct InsideCoord;

// Hidden from error messages: rustc would otherwise list it as the one type
// implementing the trait.
#[diagnostic::do_not_recommend]
impl AssertCoordInBounds<()> for InsideCoord {}

/// The verdict type of [`AssertCoordInBounds`] for coordinate `C` on layout `L`.
pub type InBoundsOut<C, S> = <<C as IntoCoord>::Coord as InBounds<S>>::Output;
