//! `idx2crd(idx, shape)` at compile time: the coordinate of a static index in
//! a static shape, with the compact column-major stride (the twin of the
//! runtime layer's `int_tuple::idx2crd`).
//!
//! An integer index `i` into a leaf shape is its own coordinate; into a tuple
//! shape `(s₀, s₁, .., sₙ₋₁)` it splits colexicographically, mode `k` taking
//! `i mod size(sₖ)` and passing `i / size(sₖ)` on, except that the last mode
//! takes the rest unwrapped (CuTe C++), so an index beyond the size lands out
//! of the shape rather than aliasing. A tuple index maps mode by mode. A
//! tuple index of another rank, or into a leaf, is a compile error
//! (`not_congruent`), and so is a nonzero index into the empty shape `()`
//! (`out_of_bounds`).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! assert_eq!(idx2crd(_7, hlist![_2, hlist![_2, _2]]), hlist![_1, hlist![_1, _1]]);
//! assert_eq!(idx2crd(int!(20), hlist![_4, _4]), hlist![_0, _5]);
//! let c: Idx2CrdOut<Int![23], frunk_core::HList![frunk_core::HList![Int![12], Int![2]], Int![3]]> =
//!     idx2crd(int!(23), hlist![hlist![int!(12), _2], _3]);
//! assert_eq!(c, hlist![hlist![int!(11), _1], _0]);
//! ```

use core::ops::{Div, Rem};
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned, Z0};

use super::modes::StaticValue;
use super::ordered::IntEntry;
use super::size::StaticSize;
use crate::typelevel::check::rules::{op::Idx2CrdOp, Admissible};
use crate::typelevel::check::verdict::{EmptyShapeIndex, First, NotCongruent, Pass, Then};

/// CuTe's `idx2crd(idx, shape)` for the static index `Self`, checked.
pub trait Idx2Crd<S> {
    /// The coordinate.
    type Output;
}

/// `idx2crd(I, S)`.
pub type Idx2CrdOut<I, S> = <I as Idx2Crd<S>>::Output;

impl<I, S> Idx2Crd<S> for I
where
    I: TryIdx2Crd<S>,
    <I as TryIdx2Crd<S>>::Verdict: Admissible<Idx2CrdOp, I, S>,
{
    type Output = <I as TryIdx2Crd<S>>::Output;
}

/// `idx2crd(idx, shape)` (CuTe) for a static index (an integer or an HList
/// coordinate) and a static shape: the coordinate as a value of static integers.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(idx2crd(_7, hlist![_2, _4]), hlist![_1, _3]);
/// assert_eq!(idx2crd(hlist![_3, _5], hlist![_4, hlist![_2, _4]]), hlist![_3, hlist![_1, _2]]);
/// ```
pub fn idx2crd<I, S, R, V>(idx: I, shape: S) -> R
where
    I: TryIdx2Crd<S, Output = R, Verdict = V>,
    V: Admissible<Idx2CrdOp, I, S>,
    R: StaticValue,
{
    let _ = (idx, shape);
    R::VALUE
}

/// `idx2crd` with its verdict, unchecked.
pub trait TryIdx2Crd<S> {
    /// The coordinate (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// `idx2crd(I, S) = <S as ShapeIdx<I>>` (the shape, the last argument, is the
/// `Self` type so that type inference waits for it).
impl<I, S> TryIdx2Crd<S> for I
where
    S: ShapeIdx<I>,
{
    type Output = <S as ShapeIdx<I>>::Output;
    type Verdict = <S as ShapeIdx<I>>::Verdict;
}

/// The coordinate of the index `I` in the shape `Self`.
#[doc(hidden)]
pub trait ShapeIdx<I> {
    /// The coordinate.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

// i into a leaf: i.
impl<U: Unsigned + NonZero, I: IntEntry> ShapeIdx<I> for PInt<U> {
    type Output = I;
    type Verdict = Pass;
}

// A tuple index into a leaf: not congruent.
impl<U: Unsigned + NonZero> ShapeIdx<HNil> for PInt<U> {
    type Output = Z0;
    type Verdict = NotCongruent;
}

impl<U: Unsigned + NonZero, H, T> ShapeIdx<HCons<H, T>> for PInt<U> {
    type Output = Z0;
    type Verdict = NotCongruent;
}

// i into (): () for i = 0, else out of bounds.
impl<I: IntEntry + IsZeroIdx> ShapeIdx<I> for HNil {
    type Output = HNil;
    type Verdict = <I as IsZeroIdx>::Verdict;
}

// i into (s₀, ..): split colexicographically.
impl<I: IntEntry, S0, ST> ShapeIdx<I> for HCons<S0, ST>
where
    Self: SplitIdx<I>,
{
    type Output = <Self as SplitIdx<I>>::Output;
    type Verdict = <Self as SplitIdx<I>>::Verdict;
}

// Tuple into tuple: mode by mode, ranks equal.
impl ShapeIdx<HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
}

impl<H, T> ShapeIdx<HCons<H, T>> for HNil {
    type Output = HNil;
    type Verdict = NotCongruent;
}

impl<S0, ST> ShapeIdx<HNil> for HCons<S0, ST> {
    type Output = HNil;
    type Verdict = NotCongruent;
}

impl<S0, ST, H, T> ShapeIdx<HCons<H, T>> for HCons<S0, ST>
where
    S0: ShapeIdx<H>,
    ST: ShapeIdx<T>,
    S0::Verdict: First<ST::Verdict>,
{
    type Output = HCons<S0::Output, ST::Output>;
    type Verdict = Then<S0::Verdict, ST::Verdict>;
}

/// `Pass` for the index 0 into `()`, else [`EmptyShapeIndex`].
#[doc(hidden)]
pub trait IsZeroIdx {
    /// The verdict.
    type Verdict;
}

impl IsZeroIdx for Z0 {
    type Verdict = Pass;
}

impl<U: Unsigned + NonZero> IsZeroIdx for PInt<U> {
    type Verdict = EmptyShapeIndex<PInt<U>>;
}

impl<U: Unsigned + NonZero> IsZeroIdx for typenum::NInt<U> {
    type Verdict = EmptyShapeIndex<typenum::NInt<U>>;
}

/// The integer index `I` split over the modes `Self` (a non-empty HList of
/// mode shapes): `i mod size(s₀)` into `s₀`, `i / size(s₀)` on to the rest,
/// the last mode taking all that is left.
#[doc(hidden)]
pub trait SplitIdx<I> {
    /// The coordinate tuple.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<I, S0: ShapeIdx<I>> SplitIdx<I> for HCons<S0, HNil> {
    type Output = HCons<S0::Output, HNil>;
    type Verdict = S0::Verdict;
}

type Size<S> = <S as StaticSize>::Output;
type Here<I, S> = <I as Rem<Size<S>>>::Output;
type Next<I, S> = <I as Div<Size<S>>>::Output;

impl<I, S0, S1, ST> SplitIdx<I> for HCons<S0, HCons<S1, ST>>
where
    S0: StaticSize + ShapeIdx<Here<I, S0>>,
    I: Rem<Size<S0>> + Div<Size<S0>>,
    HCons<S1, ST>: SplitIdx<Next<I, S0>>,
    <S0 as ShapeIdx<Here<I, S0>>>::Verdict:
        First<<HCons<S1, ST> as SplitIdx<Next<I, S0>>>::Verdict>,
{
    type Output = HCons<
        <S0 as ShapeIdx<Here<I, S0>>>::Output,
        <HCons<S1, ST> as SplitIdx<Next<I, S0>>>::Output,
    >;
    type Verdict = Then<
        <S0 as ShapeIdx<Here<I, S0>>>::Verdict,
        <HCons<S1, ST> as SplitIdx<Next<I, S0>>>::Verdict,
    >;
}
