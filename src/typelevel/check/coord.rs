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
use typenum::{And, Bit, IsLess, Le, B1, Z0};

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

/// The verdict `Self` (`B1`: inside) on the static entries of coordinate `C`.
#[diagnostic::on_unimplemented(
    message = "static coordinate `{C}` lies outside the layout's shape",
    label = "a static coordinate entry is negative or not below its extent",
    note = "CuTe rule: every coordinate entry c for a leaf of extent s satisfies 0 <= c < s; an integer entry for a whole mode satisfies 0 <= c < size(mode)",
    note = "rustc prints static integers in binary, most significant bit innermost: `PInt<UInt<UInt<UInt<UTerm, B1>, B0>, B0>>` is 0b100 = 4"
)]
pub trait AssertCoordInBounds<C> {}
// Through `Inside` rather than directly on `B1`, so that rustc does not add the
// implementing type to the error.
#[diagnostic::do_not_recommend]
impl<V: Inside, C> AssertCoordInBounds<C> for V {}

/// The bounds verdict `B1`: every static entry is inside; implemented for nothing else.
pub trait Inside {}
impl Inside for B1 {}

/// The verdict type of [`AssertCoordInBounds`] for coordinate `C` on layout `L`.
pub type InBoundsOut<C, S> = <<C as IntoCoord>::Coord as InBounds<S>>::Output;
