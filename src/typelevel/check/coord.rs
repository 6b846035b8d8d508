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
use typenum::{And, Bit, IsLess, Le, B0, B1, Z0};

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

/// The coordinate `C` matches the layout's shape: an integer, or a tuple with
/// one entry per mode, recursively (CuTe: weakly congruent).
#[diagnostic::on_unimplemented(
    message = "coordinate `{C}` does not match the rank of the layout's shape",
    label = "wrong number of coordinate entries for this layout (or `call` on scaled-basis strides)",
    note = "CuTe rule: a coordinate is an integer (a 1-D index) or a tuple with exactly one entry per mode of the shape, each entry again an integer or a tuple for that mode",
    note = "e.g. for shape (4,(3,2)): `5usize`, `(1usize, 4usize)` or `(1usize, (2usize, 1usize))`",
    note = "a layout with scaled-basis strides (`1@0`) maps to coordinates, not offsets: evaluate it with `eval_coord`"
)]
pub trait AssertCoordRank<C> {
    /// The offset of `c` (unchecked).
    fn eval(&self, c: C) -> i64;
    /// The offset of `c`, or `OutOfBounds`.
    fn try_eval(&self, c: C) -> Result<i64, LayoutError>;
}
#[diagnostic::do_not_recommend]
impl<S: IntTuple, D, C: IntoCoord> AssertCoordRank<C> for Layout<S, D>
where
    C::Coord: Crd2Idx<S, D> + FmtCoord + Copy,
{
    #[inline(always)]
    fn eval(&self, c: C) -> i64 {
        c.into_coord().crd2idx(self.shape(), self.stride())
    }
    #[inline(always)]
    fn try_eval(&self, c: C) -> Result<i64, LayoutError> {
        let c = c.into_coord();
        if c.inside(self.shape()) {
            return Ok(c.crd2idx(self.shape(), self.stride()));
        }
        Err(LayoutError::new(
            ErrorKind::OutOfBounds,
            "call",
            alloc::format!(
                "coordinate {} is outside shape {}",
                ShowCoord(&c),
                Cute(self.shape())
            ),
        ))
    }
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
