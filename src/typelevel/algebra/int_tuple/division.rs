//! `ceil_div(a, b)` and `shape_div(a, b)` of static int tuples (CuTe), the
//! twins of the runtime layer's `int_tuple::ceil_div` and `shape_div`. Both
//! walk the tuples the same way — an integer by the product of the divisor's
//! leaves, a tuple by a tuple of its rank mode by mode, a tuple by an integer
//! mode by mode with the divisor the earlier modes leave passed on — and
//! differ only in how one integer is divided by another: [`Ceil`] takes
//! `⌈x / d⌉`, [`Exact`] CuTe's divisibility-checked quotient. One recursion,
//! [`Divide`], does the walking for either rule.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! // ceil: (⌈4/8⌉, ⌈6/⌈8/4⌉⌉) = (1, 3); exact: 4 | 8 leaves 2, 6 / 2 = 3.
//! assert_eq!(ceil_div(hlist![_4, _6], _8), hlist![_1, _3]);
//! assert_eq!(shape_div(hlist![_4, _6], _8), hlist![_1, _3]);
//! ```

use core::ops::{Add, Div, Mul, Rem, Sub};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Diff, IsEqual, Mod, NInt, NonZero, PInt, Prod, Quot, Sum, Unsigned, B0, B1, P1, Z0};

use super::gate::{gated_try, Computes};
use super::{LeafProduct, PrefixProd};
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::check::rules::{
    op::{CeilDivOp, ShapeDivOp},
    Admissible, Shown, ShownOf,
};
use crate::typelevel::check::verdict::{
    First, Holds, Indivisible, NonPositiveDivisor, Pass, RankMismatch, Then, ZeroOperand,
};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};

/// CuTe's `ceil_div(a, b)` of the static int tuples `Self` and `B`, checked:
/// an integer `a` becomes `⌈a / size(b)⌉` (`size(b)` the product of `b`'s
/// leaves); a tuple `a` by a tuple `b` of its rank goes mode by mode; a tuple
/// `(a₀, .., aₙ₋₁)` by an integer `d` gives `(⌈a₀ / d₀⌉, .., ⌈aₙ₋₁ / dₙ₋₁⌉)`
/// with `d₀ = d` and `dₖ₊₁ = ⌈dₖ / size(aₖ)⌉` (the divisor the earlier modes
/// leave). Every divisor met must be positive (`non_positive_shape`); tuples
/// of different ranks are `rank_mismatch`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // (⌈4/8⌉, ⌈6/⌈8/4⌉⌉) = (1, 3)
/// let q: CeilDivOut<HList!(_4, _6), _8> = ceil_div(hlist![_4, _6], _8);
/// assert_eq!(q, hlist![_1, _3]);
/// ```
pub trait CeilDiv<B> {
    /// The quotient, with the tree structure of `Self`.
    type Output;
}

/// `ceil_div(A, B)`.
/// See [`CeilDiv`] for an example.
pub type CeilDivOut<A, B> = <A as CeilDiv<B>>::Output;

impl<A, B> CeilDiv<B> for A
where
    A: TryCeilDiv<B>,
    <A as TryCeilDiv<B>>::Verdict: Shown<A, B>,
    ShownOf<<A as TryCeilDiv<B>>::Verdict, A, B>: Admissible<CeilDivOp>,
{
    type Output = <A as TryCeilDiv<B>>::Output;
}

/// `ceil_div(a, b)` (CuTe) for static int tuples: `⌈a / size(b)⌉` for an
/// integer `a`, else mode by mode (see [`CeilDiv`]), as a value of static
/// integers.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(ceil_div(int!(12), hlist![_2, _4]), _2);
/// assert_eq!(ceil_div(hlist![_4, _6], hlist![_3, _4]), hlist![_2, _2]);
/// ```
pub fn ceil_div<A, B, R, V>(a: A, b: B) -> R
where
    A: TryCeilDiv<B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<CeilDivOp>,
    R: StaticValue,
{
    let _ = (a, b);
    R::VALUE
}

/// `ceil_div` with its verdict, unchecked.
///
/// Call [`ceil_div`] (see [`CeilDiv`] for an example) to have a refusal be a
/// compile error.
pub trait TryCeilDiv<B> {
    /// The quotient (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass`, [`NonPositiveDivisor`] or [`RankMismatch`].
    type Verdict;
}

impl<A: Divide<Ceil, B>, B> Computes<A, B> for CeilDivOp {
    type Output = <A as Divide<Ceil, B>>::Output;
    type Verdict = <A as Divide<Ceil, B>>::Verdict;
}
gated_try!(TryCeilDiv<B> for A, CeilDivOp, B);

/// an integer `a` divided by `d = size(b)` (`size(b)` the product of `b`'s
/// leaves) is `a / d` where `d | a`, else `signum(a·d)` where `a | d` (the
/// divisor swallows `a` whole); a tuple `a` by a tuple `b` of its rank goes
/// mode by mode; a tuple `(a₀, .., aₙ₋₁)` by an integer `d` gives
/// `(shape_div(a₀, d₀), .., shape_div(aₙ₋₁, dₙ₋₁))` with `d₀ = d` and
/// `dₖ₊₁ = shape_div(dₖ, size(aₖ))` (the divisor the earlier modes leave).
/// Every division met must have one operand dividing the other
/// (`divisibility`, CuTe's "Divisibility Condition") and no zero operand
/// (`non_positive_shape`); tuples of different ranks are `rank_mismatch`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // 4 | 40: 1, leaving 10; 5 | 10: 1, leaving 2; 6 / 2 = 3.
/// let q: ShapeDivOut<HList!(_4, _5, _6), Int![40]> = shape_div(hlist![_4, _5, _6], int!(40));
/// assert_eq!(q, hlist![_1, _1, _3]);
/// ```
pub trait ShapeDiv<B> {
    /// The quotient, with the tree structure of `Self`.
    type Output;
}

/// `shape_div(A, B)`.
/// See [`ShapeDiv`] for an example.
pub type ShapeDivOut<A, B> = <A as ShapeDiv<B>>::Output;

impl<A, B> ShapeDiv<B> for A
where
    A: TryShapeDiv<B>,
    <A as TryShapeDiv<B>>::Verdict: Shown<A, B>,
    ShownOf<<A as TryShapeDiv<B>>::Verdict, A, B>: Admissible<ShapeDivOp>,
{
    type Output = <A as TryShapeDiv<B>>::Output;
}

/// `shape_div(a, b)` (CuTe) for static int tuples: `a / size(b)` for an
/// integer `a` (`1` where `a` divides `size(b)`), else mode by mode (see
/// [`ShapeDiv`]), as a value of static integers. A division where neither
/// operand divides the other, or by zero, is a compile error naming the rule.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(shape_div(int!(12), hlist![_2, _3]), _2);
/// assert_eq!(shape_div(_3, int!(12)), _1);
/// assert_eq!(shape_div(hlist![hlist![_2, _6], _1], hlist![_2, _4]), hlist![hlist![_1, _6], _1]);
/// ```
pub fn shape_div<A, B, R, V>(a: A, b: B) -> R
where
    A: TryShapeDiv<B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<ShapeDivOp>,
    R: StaticValue,
{
    let _ = (a, b);
    R::VALUE
}

/// `shape_div` with its verdict, unchecked.
///
/// Call [`shape_div`] (see [`ShapeDiv`] for an example) to have a refusal be
/// a compile error.
pub trait TryShapeDiv<B> {
    /// The quotient (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass`, [`ZeroOperand`], [`Indivisible`] or [`RankMismatch`].
    type Verdict;
}

impl<A: Divide<Exact, B>, B> Computes<A, B> for ShapeDivOp {
    type Output = <A as Divide<Exact, B>>::Output;
    type Verdict = <A as Divide<Exact, B>>::Verdict;
}
gated_try!(TryShapeDiv<B> for A, ShapeDivOp, B);

/// The rule dividing one static integer `X` by another `D` in a tuple
/// division: [`Ceil`] or [`Exact`].
#[doc(hidden)]
pub trait LeafRule<X, D> {
    /// The quotient.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// `ceil_div`'s rule: `⌈x / d⌉` ([`CeilLeaf`]).
#[doc(hidden)]
pub struct Ceil;

/// `shape_div`'s rule: `x / d` where `d | x`, `signum(x·d)` where `x | d` ([`DivLeaf`]).
#[doc(hidden)]
pub struct Exact;

impl<X: CeilLeaf<D>, D> LeafRule<X, D> for Ceil {
    type Output = X::Output;
    type Verdict = X::Verdict;
}

impl<X: DivLeaf<D>, D> LeafRule<X, D> for Exact {
    type Output = X::Output;
    type Verdict = X::Verdict;
}

/// `Self` divided by `B` under the leaf rule `R`: an integer by `size(B)`; a
/// tuple by an integer mode by mode with the divisor passed on
/// ([`DivByInt`]); a tuple by a tuple of its rank mode by mode ([`DivModes`],
/// `rank_mismatch` otherwise).
#[doc(hidden)]
pub trait Divide<R, B> {
    /// The quotient, with the tree structure of `Self`.
    type Output;
    /// `Pass` or the first violated rule.
    type Verdict;
}

/// `x ÷ size(b)`.
impl<R, X: IntLeaf, B: PrefixProd<P1>> Divide<R, B> for X
where
    R: LeafRule<X, LeafProduct<B>>,
{
    type Output = <R as LeafRule<X, LeafProduct<B>>>::Output;
    type Verdict = <R as LeafRule<X, LeafProduct<B>>>::Verdict;
}

impl<R, B> Divide<R, B> for HNil
where
    HNil: DivTuple<R, B>,
{
    type Output = <HNil as DivTuple<R, B>>::Output;
    type Verdict = <HNil as DivTuple<R, B>>::Verdict;
}

impl<R, H, T, B> Divide<R, B> for HCons<H, T>
where
    HCons<H, T>: DivTuple<R, B>,
{
    type Output = <HCons<H, T> as DivTuple<R, B>>::Output;
    type Verdict = <HCons<H, T> as DivTuple<R, B>>::Verdict;
}

/// The tuple `Self` divided by `B` under the rule `R`: by an integer with the
/// divisor passed on, else mode by mode (`rank_mismatch` unless the ranks agree).
#[doc(hidden)]
pub trait DivTuple<R, B> {
    /// The quotient tuple.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

macro_rules! div_tuple_by_int {
    ($([$($g:ident),*] $x:ty;)*) => {$(
        impl<R, A: DivByInt<R, $x> $(, $g: Unsigned + NonZero)*> DivTuple<R, $x> for A {
            type Output = <A as DivByInt<R, $x>>::Output;
            type Verdict = <A as DivByInt<R, $x>>::Verdict;
        }
    )*};
}

div_tuple_by_int! {
    [] Z0;
    [U] PInt<U>;
    [U] NInt<U>;
    [] Dyn;
    [N] DivBy<N>;
}

macro_rules! div_tuple_by_tuple {
    ($([$($g:ident),*] $b:ty;)*) => {$(
        /// `(a₀, ..) ÷ (b₀, ..)`: mode by mode, `rank_mismatch` first if the ranks differ.
        impl<R, A $(, $g)*> DivTuple<R, $b> for A
        where
            A: DivModes<R, $b>,
            <A as DivModes<R, $b>>::Ranked: Holds<RankMismatch>,
            <<A as DivModes<R, $b>>::Ranked as Holds<RankMismatch>>::Verdict:
                First<<A as DivModes<R, $b>>::Verdict>,
        {
            type Output = <A as DivModes<R, $b>>::Output;
            type Verdict = Then<
                <<A as DivModes<R, $b>>::Ranked as Holds<RankMismatch>>::Verdict,
                <A as DivModes<R, $b>>::Verdict,
            >;
        }
    )*};
}

div_tuple_by_tuple! {
    [] HNil;
    [BH, BT] HCons<BH, BT>;
}

/// The modes of the tuple `Self` divided by the integer `D` under the rule
/// `R`: mode `k` by `dₖ`, then `dₖ₊₁ = R(dₖ, size(aₖ))`.
#[doc(hidden)]
pub trait DivByInt<R, D> {
    /// The quotient modes.
    type Output;
    /// `Pass` or the first violated rule.
    type Verdict;
}

impl<R, D> DivByInt<R, D> for HNil {
    type Output = HNil;
    type Verdict = Pass;
}

/// The divisor that mode `H` leaves of `D`.
type LeftOf<R, D, H> = <R as LeafRule<D, LeafProduct<H>>>::Output;
/// Whether `H` could take its part of `D`.
type LeftRuleVerdict<R, D, H> = <R as LeafRule<D, LeafProduct<H>>>::Verdict;

impl<R, H, T, D> DivByInt<R, D> for HCons<H, T>
where
    H: Divide<R, D> + PrefixProd<P1>,
    R: LeafRule<D, LeafProduct<H>>,
    T: DivByInt<R, LeftOf<R, D, H>>,
    LeftRuleVerdict<R, D, H>: First<<T as DivByInt<R, LeftOf<R, D, H>>>::Verdict>,
    <H as Divide<R, D>>::Verdict:
        First<Then<LeftRuleVerdict<R, D, H>, <T as DivByInt<R, LeftOf<R, D, H>>>::Verdict>>,
{
    type Output = HCons<<H as Divide<R, D>>::Output, <T as DivByInt<R, LeftOf<R, D, H>>>::Output>;
    type Verdict = Then<
        <H as Divide<R, D>>::Verdict,
        Then<LeftRuleVerdict<R, D, H>, <T as DivByInt<R, LeftOf<R, D, H>>>::Verdict>,
    >;
}

/// The tuples `Self` and `B` divided mode by mode under the rule `R`, and
/// whether their ranks agree (the modes past the shorter are dropped).
#[doc(hidden)]
pub trait DivModes<R, B> {
    /// The quotient modes.
    type Output;
    /// `Pass` or the first violated rule of a mode.
    type Verdict;
    /// `B1` if the ranks are equal.
    type Ranked;
}

impl<R> DivModes<R, HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
    type Ranked = B1;
}

impl<R, A0, AT, BH, BT> DivModes<R, HCons<BH, BT>> for HCons<A0, AT>
where
    A0: Divide<R, BH>,
    AT: DivModes<R, BT>,
    <A0 as Divide<R, BH>>::Verdict: First<<AT as DivModes<R, BT>>::Verdict>,
{
    type Output = HCons<<A0 as Divide<R, BH>>::Output, <AT as DivModes<R, BT>>::Output>;
    type Verdict = Then<<A0 as Divide<R, BH>>::Verdict, <AT as DivModes<R, BT>>::Verdict>;
    type Ranked = <AT as DivModes<R, BT>>::Ranked;
}

impl<R, A0, AT> DivModes<R, HNil> for HCons<A0, AT> {
    type Output = HNil;
    type Verdict = Pass;
    type Ranked = B0;
}

impl<R, BH, BT> DivModes<R, HCons<BH, BT>> for HNil {
    type Output = HNil;
    type Verdict = Pass;
    type Ranked = B0;
}

/// `⌈Self / D⌉` for static integers, `non_positive_shape` unless `D > 0`.
#[doc(hidden)]
pub trait CeilLeaf<D> {
    /// The quotient.
    type Output;
    /// `Pass` or [`NonPositiveDivisor`].
    type Verdict;
}

impl<X: IntLeaf> CeilLeaf<Z0> for X {
    type Output = X;
    type Verdict = NonPositiveDivisor;
}

impl<X: IntLeaf, U: Unsigned + NonZero> CeilLeaf<typenum::NInt<U>> for X {
    type Output = X;
    type Verdict = NonPositiveDivisor;
}

impl<D: Unsigned + NonZero> CeilLeaf<PInt<D>> for Z0 {
    type Output = Z0;
    type Verdict = Pass;
}

/// A positive numerator: `⌊(a + d - 1) / d⌋`.
impl<U, D> CeilLeaf<PInt<D>> for PInt<U>
where
    U: Unsigned + NonZero,
    D: Unsigned + NonZero,
    PInt<D>: Sub<P1>,
    PInt<U>: Add<Diff<PInt<D>, P1>>,
    Sum<PInt<U>, Diff<PInt<D>, P1>>: Div<PInt<D>>,
{
    type Output = Quot<Sum<PInt<U>, Diff<PInt<D>, P1>>, PInt<D>>;
    type Verdict = Pass;
}

/// A negative numerator: typenum's quotient truncates toward zero, which is
/// the ceiling.
impl<U: Unsigned + NonZero, D: Unsigned + NonZero> CeilLeaf<PInt<D>> for typenum::NInt<U>
where
    typenum::NInt<U>: Div<PInt<D>>,
{
    type Output = Quot<typenum::NInt<U>, PInt<D>>;
    type Verdict = Pass;
}

/// The impls of a division with a run-time operand (`Dyn`, as CuTe C++'s
/// `int`), its verdict `Pass`: the runtime layer checks the value.
macro_rules! run_time_leaf_rule {
    ($Rule:ident; $([$($g:tt)*] $X:ty, $D:ty;)*) => {$(
        impl<$($g)*> $Rule<$D> for $X {
            type Output = Dyn;
            type Verdict = Pass;
        }
    )*};
}

run_time_leaf_rule! { CeilLeaf;
    [U: Unsigned + NonZero] Dyn, PInt<U>;
    [N, U: Unsigned + NonZero] DivBy<N>, PInt<U>;
    [X: IntLeaf] X, Dyn;
    [X: IntLeaf, M] X, DivBy<M>;
}

/// `shape_div` of the static integers `Self` and `D`: `Self / D` if
/// `D | Self`, else `signum(Self·D)` if `Self | D`, else [`Indivisible`];
/// [`ZeroOperand`] if either is 0. Decided on typenum's remainder before any
/// quotient is taken, so a refusal never reaches typenum's division.
#[doc(hidden)]
pub trait DivLeaf<D> {
    /// The quotient.
    type Output;
    /// `Pass`, [`ZeroOperand`] or [`Indivisible`].
    type Verdict;
}

impl<X: IntLeaf> DivLeaf<Z0> for X {
    type Output = X;
    type Verdict = ZeroOperand;
}

impl<U: Unsigned + NonZero> DivLeaf<PInt<U>> for Z0 {
    type Output = Z0;
    type Verdict = ZeroOperand;
}

impl<U: Unsigned + NonZero> DivLeaf<NInt<U>> for Z0 {
    type Output = Z0;
    type Verdict = ZeroOperand;
}

run_time_leaf_rule! { DivLeaf;
    [U: Unsigned + NonZero] Dyn, PInt<U>;
    [U: Unsigned + NonZero] Dyn, NInt<U>;
    [N, U: Unsigned + NonZero] DivBy<N>, PInt<U>;
    [N, U: Unsigned + NonZero] DivBy<N>, NInt<U>;
    [U: Unsigned + NonZero] PInt<U>, Dyn;
    [U: Unsigned + NonZero] NInt<U>, Dyn;
    [] Dyn, Dyn;
    [N] DivBy<N>, Dyn;
    [U: Unsigned + NonZero, M] PInt<U>, DivBy<M>;
    [U: Unsigned + NonZero, M] NInt<U>, DivBy<M>;
    [M] Dyn, DivBy<M>;
    [N, M] DivBy<N>, DivBy<M>;
}

/// A zero dividend is refused whatever the divisor (CuTe's "Divisibility
/// Condition" has no quotient of 0).
impl DivLeaf<Dyn> for Z0 {
    type Output = Z0;
    type Verdict = ZeroOperand;
}

impl<M> DivLeaf<DivBy<M>> for Z0 {
    type Output = Z0;
    type Verdict = ZeroOperand;
}

macro_rules! div_leaf_nonzero {
    ($($X:ident, $D:ident;)*) => {$(
        impl<U: Unsigned + NonZero, V: Unsigned + NonZero> DivLeaf<$D<V>> for $X<U>
        where
            $X<U>: Rem<$D<V>>,
            Mod<$X<U>, $D<V>>: IsEqual<Z0>,
            typenum::Eq<Mod<$X<U>, $D<V>>, Z0>: DividesBranch<$X<U>, $D<V>>,
        {
            type Output = <typenum::Eq<Mod<$X<U>, $D<V>>, Z0> as DividesBranch<$X<U>, $D<V>>>::Output;
            type Verdict = <typenum::Eq<Mod<$X<U>, $D<V>>, Z0> as DividesBranch<$X<U>, $D<V>>>::Verdict;
        }
    )*};
}

div_leaf_nonzero! {
    PInt, PInt;
    PInt, NInt;
    NInt, PInt;
    NInt, NInt;
}

/// Branch of [`DivLeaf`] on `D | X` (`B1`: the quotient), else on `X | D`.
#[doc(hidden)]
pub trait DividesBranch<X, D> {
    /// The quotient.
    type Output;
    /// `Pass` or [`Indivisible`].
    type Verdict;
}

impl<X: Div<D>, D> DividesBranch<X, D> for B1 {
    type Output = Quot<X, D>;
    type Verdict = Pass;
}

impl<X, D> DividesBranch<X, D> for B0
where
    D: Rem<X>,
    Mod<D, X>: IsEqual<Z0>,
    typenum::Eq<Mod<D, X>, Z0>: SwallowBranch<X, D>,
{
    type Output = <typenum::Eq<Mod<D, X>, Z0> as SwallowBranch<X, D>>::Output;
    type Verdict = <typenum::Eq<Mod<D, X>, Z0> as SwallowBranch<X, D>>::Verdict;
}

/// Branch of [`DivLeaf`] on `X | D` (`B1`: `signum(X·D)`), else [`Indivisible`].
#[doc(hidden)]
pub trait SwallowBranch<X, D> {
    /// The quotient.
    type Output;
    /// `Pass` or [`Indivisible`].
    type Verdict;
}

impl<X: Signum, D: Signum> SwallowBranch<X, D> for B1
where
    X::Sign: Mul<D::Sign>,
{
    type Output = Prod<X::Sign, D::Sign>;
    type Verdict = Pass;
}

impl<X, D> SwallowBranch<X, D> for B0 {
    type Output = X;
    type Verdict = Indivisible<X, D>;
}

/// The sign of a nonzero static integer: `P1` or `N1`.
#[doc(hidden)]
pub trait Signum {
    /// `P1` or `N1`.
    type Sign;
}

impl<U: Unsigned + NonZero> Signum for PInt<U> {
    type Sign = P1;
}

impl<U: Unsigned + NonZero> Signum for NInt<U> {
    type Sign = typenum::N1;
}
