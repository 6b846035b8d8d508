//! `idx2crd(idx, shape)` and `crd2idx(coord, shape, stride)` at compile time
//! (the twins of the runtime layer's `int_tuple::idx2crd` and `crd2idx`): the
//! coordinate of a static index in a static shape, with the compact
//! column-major stride, and the index of a coordinate,
//! `crd2idx(c, S, D) = idx2crd(c, S) · D` (the inner product).
//!
//! An integer index `i` into a leaf shape is its own coordinate; into a tuple
//! shape `(s₀, s₁, .., sₙ₋₁)` it splits colexicographically, mode `k` taking
//! `i mod size(sₖ)` and passing `i / size(sₖ)` on, except that the last mode
//! takes the rest unwrapped (CuTe C++), so an index beyond the size lands out
//! of the shape rather than aliasing. A tuple index maps mode by mode. A
//! tuple index of another rank, or into a leaf, is a compile error
//! (`not_congruent`), and so is a nonzero index into the empty shape `()`
//! (`out_of_bounds`); so is a stride not congruent with its shape.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! assert_eq!(idx2crd(_7, hlist![_2, hlist![_2, _2]]), hlist![_1, hlist![_1, _1]]);
//! assert_eq!(idx2crd(int!(20), hlist![_4, _4]), hlist![_0, _5]);
//! let c: Idx2CrdOut<Int![23], frunk_core::HList![frunk_core::HList![Int![12], Int![2]], Int![3]]> =
//!     idx2crd(int!(23), hlist![hlist![int!(12), _2], _3]);
//! assert_eq!(c, hlist![hlist![int!(11), _1], _0]);
//! assert_eq!(crd2idx(hlist![_1, _2], hlist![_4, _8], hlist![_8, _1]), int!(10));
//! ```

use core::ops::{Add, Div, Mul, Rem};
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Prod, Sum, Unsigned, B0, B1, Z0};

use super::modes::StaticValue;
use super::ordered::IntEntry;
use super::size::StaticSize;
use crate::typelevel::check::rules::{
    op::{Crd2IdxOp, Idx2CrdOp},
    Admissible,
};
use crate::typelevel::check::verdict::{EmptyShapeIndex, First, Holds, NotCongruent, Pass, Then};
use crate::typelevel::Layout;

/// CuTe's `idx2crd(idx, shape)` for the static index `Self`, checked.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // Index 7 of the column-major shape (2,4) is the coordinate (1,3).
/// let c: Idx2CrdOut<_7, HList!(_2, _4)> = idx2crd(_7, hlist![_2, _4]);
/// assert_eq!(c, hlist![_1, _3]);
/// ```
pub trait Idx2Crd<S> {
    /// The coordinate.
    type Output;
}

/// `idx2crd(I, S)`.
/// See [`Idx2Crd`] for an example.
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
///
/// Call [`idx2crd`] (see [`Idx2Crd`] for an example) to have a refusal be a compile error.
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

/// CuTe's `crd2idx(coord, shape, stride)` for the static coordinate `Self`,
/// checked (the run-time evaluation of a layout is [`Crd2Idx`](crate::typelevel::Crd2Idx)).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // Index 5 of shape (4,8) is the coordinate (1,1); with strides (8,1) its offset is 9.
/// let i: Crd2IdxOut<_5, HList!(_4, _8), HList!(_8, _1)> = crd2idx(_5, hlist![_4, _8], hlist![_8, _1]);
/// assert_eq!(i.value(), 9);
/// assert_eq!(crd2idx(hlist![_1, _1], hlist![_4, _8], hlist![_8, _1]), i);
/// ```
pub trait StaticCrd2Idx<S, D> {
    /// The index, a static integer.
    type Output;
}

/// `crd2idx(C, S, D)`.
/// See [`StaticCrd2Idx`] for an example.
pub type Crd2IdxOut<C, S, D> = <C as StaticCrd2Idx<S, D>>::Output;

impl<C, S, D> StaticCrd2Idx<S, D> for C
where
    C: TryCrd2Idx<S, D>,
    <C as TryCrd2Idx<S, D>>::Verdict: Admissible<Crd2IdxOp, C, Layout<S, D>>,
{
    type Output = <C as TryCrd2Idx<S, D>>::Output;
}

/// `crd2idx(coord, shape, stride)` (CuTe) for a static coordinate (an integer
/// index or an HList), shape and stride: `idx2crd(coord, shape) · stride`, a
/// static integer.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(crd2idx(_5, hlist![_4, _8], hlist![_8, _1]), int!(9));
/// assert_eq!(crd2idx(hlist![_3, _0], hlist![_4, _8], hlist![_1, _4]), _3);
/// ```
pub fn crd2idx<C, S, D, R, V>(coord: C, shape: S, stride: D) -> R
where
    C: TryCrd2Idx<S, D, Output = R, Verdict = V>,
    V: Admissible<Crd2IdxOp, C, Layout<S, D>>,
    R: StaticValue,
{
    let _ = (coord, shape, stride);
    R::VALUE
}

/// `crd2idx` with its verdict, unchecked.
///
/// Call [`crd2idx`] (see [`StaticCrd2Idx`] for an example) to have a refusal be a compile error.
pub trait TryCrd2Idx<S, D> {
    /// The index (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

type Crd<C, S> = <S as ShapeIdx<C>>::Output;

/// `crd2idx(C, S, D) = idx2crd(C, S) · D` (the stride, the last argument, is
/// the `Self` type of the product so that type inference waits for it).
impl<C, S, D> TryCrd2Idx<S, D> for C
where
    S: ShapeIdx<C>,
    D: Dot<Crd<C, S>>,
    <D as Dot<Crd<C, S>>>::Congruent: Holds<NotCongruent>,
    <S as ShapeIdx<C>>::Verdict:
        First<<<D as Dot<Crd<C, S>>>::Congruent as Holds<NotCongruent>>::Verdict>,
{
    type Output = <D as Dot<Crd<C, S>>>::Output;
    type Verdict = Then<
        <S as ShapeIdx<C>>::Verdict,
        <<D as Dot<Crd<C, S>>>::Congruent as Holds<NotCongruent>>::Verdict,
    >;
}

/// The inner product of the stride `Self` with a coordinate `C` of its shape,
/// and whether the two are congruent (a mismatched part counts 0).
#[doc(hidden)]
pub trait Dot<C> {
    /// The signed sum of products.
    type Output;
    /// `B1` if `Self` and `C` are congruent.
    type Congruent;
}

impl<D: IntEntry + Mul<C>, C: IntEntry> Dot<C> for D {
    type Output = Prod<D, C>;
    type Congruent = B1;
}

impl<D: IntEntry> Dot<HNil> for D {
    type Output = Z0;
    type Congruent = B0;
}

impl<D: IntEntry, H, T> Dot<HCons<H, T>> for D {
    type Output = Z0;
    type Congruent = B0;
}

impl<C: IntEntry> Dot<C> for HNil {
    type Output = Z0;
    type Congruent = B0;
}

impl Dot<HNil> for HNil {
    type Output = Z0;
    type Congruent = B1;
}

impl<H, T> Dot<HCons<H, T>> for HNil {
    type Output = Z0;
    type Congruent = B0;
}

impl<DH, DT, C: IntEntry> Dot<C> for HCons<DH, DT> {
    type Output = Z0;
    type Congruent = B0;
}

impl<DH, DT> Dot<HNil> for HCons<DH, DT> {
    type Output = Z0;
    type Congruent = B0;
}

impl<DH, DT, H, T> Dot<HCons<H, T>> for HCons<DH, DT>
where
    DH: Dot<H>,
    DT: Dot<T>,
    DH::Output: Add<DT::Output>,
    DH::Congruent: super::ordered::BothBits<DT::Congruent>,
{
    type Output = Sum<DH::Output, DT::Output>;
    type Congruent = <DH::Congruent as super::ordered::BothBits<DT::Congruent>>::Output;
}
