//! The gaps of a complement: above the extent `E_i` of the modes below it
//! (static where the extent of the mode below is), `d_i/E_i : E_i`, checked
//! where both are static (a compile error), then the last extent `⌈M/E_r⌉`;
//! the gaps of a static extent 1 left out, which coalesces them.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // The gaps of (2,2):(1,6) up to 24: 1:1 (left out), 3:2, then 24/12 = 2.
//! assert_eq!(complement(layout!((2,2):(1,6)), int!(24)).to_string(), "(3,2):(2,12)");
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{
    IsLessOrEqual, LeEq, Max, Maximum, NInt, NonZero, PInt, Prod, UInt, UTerm, Unsigned,
};
use typenum::{B0, B1, P1, U1, Z0};

use super::order::{Neg, SortModes};
use crate::typelevel::algebra::arith::{CeilQ, DivCeil, DivRem, QuotOf, RemOf};
use crate::typelevel::algebra::coalesce::{CoalesceRun, SplitModeList};
use crate::typelevel::algebra::filter::ZeroExtents;
use crate::typelevel::algebra::modes::{Mode, Parts};
use crate::typelevel::algebra::size::StaticSize;
use crate::typelevel::check::verdict::{
    First, Holds, NegativeStride, NotComplementable, Pass, StartsInside, Then,
};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::Layout;

/// `E_(i+1) = s_i·X_i`: static when the extent `Self` is.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NextExtent<X> {
    /// `PInt` or `Dyn`.
    type Output;
}
impl<U: Unsigned + NonZero + core::ops::Mul<X>, X> NextExtent<X> for PInt<U>
where
    Prod<U, X>: Unsigned + NonZero,
{
    type Output = PInt<Prod<U, X>>;
}
impl<X> NextExtent<X> for Dyn {
    type Output = Dyn;
}
impl<N, X> NextExtent<X> for DivBy<N> {
    type Output = Dyn;
}

/// `⌈M/E⌉` for the cotarget `Self`: static when `M` and `E` are, a
/// `DivBy<N/E>` when `M` is a `DivBy<N>` and `E` a static divisor of `N`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LastExtent<E> {
    /// `PInt` or `Dyn`.
    type Output;
}
impl<E> LastExtent<E> for Dyn {
    type Output = Dyn;
}
impl<M: Unsigned + NonZero> LastExtent<Dyn> for PInt<M> {
    type Output = Dyn;
}
impl<N: Unsigned + NonZero> LastExtent<Dyn> for DivBy<N> {
    type Output = Dyn;
}
// A `DivBy<N>` cotarget over a static extent `E`: `M/E` exactly, a
// `DivBy<N/E>`, when `E | N` (proven: no check at run time); else `⌈M/E⌉`.
impl<N: Unsigned + NonZero + core::ops::Rem<E>, E: Unsigned + NonZero> LastExtent<PInt<E>>
    for DivBy<N>
where
    typenum::Mod<N, E>: ExactQuotient<N, E>,
{
    type Output = <typenum::Mod<N, E> as ExactQuotient<N, E>>::Output;
}
/// `N/E` as a `DivBy` for the remainder `Self = N mod E` 0, else `Dyn`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ExactQuotient<N, E> {
    /// `DivBy<N/E>` or `Dyn`.
    type Output;
}
impl<N: core::ops::Div<E>, E> ExactQuotient<N, E> for UTerm {
    type Output = DivBy<typenum::Quot<N, E>>;
}
impl<N, E, U, B> ExactQuotient<N, E> for UInt<U, B> {
    type Output = Dyn;
}
impl<M: Unsigned + NonZero + DivCeil<E>, E: Unsigned + NonZero> LastExtent<PInt<E>> for PInt<M>
where
    CeilQ<M, E>: Unsigned + NonZero,
{
    type Output = PInt<CeilQ<M, E>>;
}

/// The gaps of the sorted modes `Self` above the extent `E` (a `PInt` or
/// `Dyn`) up to the cotarget `M`: shapes, strides and the static verdict,
/// coalesced: a gap of a static extent 1 is left out, and no two others
/// merge (a static gap `X_j/E_j : E_j` and the next static one `X_k/E_k :
/// E_k` with only such gaps between them have `E_k = s_(k-1)·X_(k-1) ≥
/// 2·X_j`, the static extents that count being at least 2 and the strides
/// increasing; a gap with a dynamic leaf stays, as `coalesce` keeps it).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait MixedGaps<E, M> {
    /// The gap extents, then the last extent.
    type Shape;
    /// `E_0, .., E_r`.
    type Stride;
    /// `Pass` or the violated rule.
    type Verdict;
}
impl<E, M: LastExtent<E>> MixedGaps<E, M> for HNil
where
    M::Output: LastGap<E>,
{
    type Shape = <M::Output as LastGap<E>>::Shape;
    type Stride = <M::Output as LastGap<E>>::Stride;
    type Verdict = Pass;
}
/// The last mode `Self : E`, none for a static extent 1 (coalescing drops it).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LastGap<E> {
    /// `HNil` or the extent.
    type Shape;
    /// `HNil` or the stride.
    type Stride;
}
impl<E> LastGap<E> for P1 {
    type Shape = HNil;
    type Stride = HNil;
}
macro_rules! last_gap {
    ($([$($g:tt)*] $X:ty),*) => {$(
        impl<$($g)* E> LastGap<E> for $X {
            type Shape = HCons<$X, HNil>;
            type Stride = HCons<E, HNil>;
        }
    )*};
}
last_gap!([U: Unsigned, B: typenum::Bit, C: typenum::Bit,] PInt<UInt<UInt<U, B>, C>>, [] Dyn, [N,] DivBy<N>);
/// The result of a refused complement (never computed).
type NoGaps = HNil;
impl<E, M, T> MixedGaps<E, M> for HCons<Neg, T> {
    type Shape = NoGaps;
    type Stride = NoGaps;
    type Verdict = NegativeStride;
}
impl<S, X, T, M> MixedGaps<Dyn, M> for HCons<Mode<S, X>, T>
where
    S: NextExtent<X>,
    T: MixedGaps<S::Output, M>,
{
    type Shape = HCons<Dyn, T::Shape>;
    type Stride = HCons<Dyn, T::Stride>;
    type Verdict = T::Verdict;
}
impl<S, X: DivRem<E>, T, M, E: Unsigned + NonZero> MixedGaps<PInt<E>, M> for HCons<Mode<S, X>, T>
where
    (QuotOf<X, E>, RemOf<X, E>): StaticGap<E, M, S, X, T>,
{
    type Shape = <(QuotOf<X, E>, RemOf<X, E>) as StaticGap<E, M, S, X, T>>::Shape;
    type Stride = <(QuotOf<X, E>, RemOf<X, E>) as StaticGap<E, M, S, X, T>>::Stride;
    type Verdict = <(QuotOf<X, E>, RemOf<X, E>) as StaticGap<E, M, S, X, T>>::Verdict;
}
/// A gap above a static extent `E`, by the quotient and remainder `Self` of
/// `X/E`: a quotient 0 (`X < E`) overlaps, a remainder refuses (`E ∤ X`),
/// else the gap `X/E : E`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait StaticGap<E, M, S, X, T> {
    /// See [`MixedGaps`].
    type Shape;
    /// See [`MixedGaps`].
    type Stride;
    /// See [`MixedGaps`].
    type Verdict;
}
impl<E, M, S, X, T, R> StaticGap<E, M, S, X, T> for (UTerm, R) {
    type Shape = NoGaps;
    type Stride = NoGaps;
    type Verdict = StartsInside<X, E>;
}
impl<E, M, S, X, T, U, B, V, C> StaticGap<E, M, S, X, T> for (UInt<U, B>, UInt<V, C>) {
    type Shape = NoGaps;
    type Stride = NoGaps;
    type Verdict = NotComplementable<X, E>;
}
// A gap of 1 adds no mode (coalescing drops it).
impl<E, M, S, X, T> StaticGap<E, M, S, X, T> for (UInt<UTerm, B1>, UTerm)
where
    S: NextExtent<X>,
    T: MixedGaps<S::Output, M>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    type Verdict = T::Verdict;
}
impl<E: Unsigned + NonZero, M, S, X, T, U: Unsigned, B: typenum::Bit, C: typenum::Bit>
    StaticGap<E, M, S, X, T> for (UInt<UInt<U, B>, C>, UTerm)
where
    S: NextExtent<X>,
    T: MixedGaps<S::Output, M>,
{
    type Shape = HCons<PInt<UInt<UInt<U, B>, C>>, T::Shape>;
    type Stride = HCons<PInt<E>, T::Stride>;
    type Verdict = T::Verdict;
}

/// A list of `Dyn`, one per element of `Self`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Dyns {
    /// The list.
    type Output;
}
impl Dyns for HNil {
    type Output = HNil;
}
impl<H, T: Dyns> Dyns for HCons<H, T> {
    type Output = HCons<Dyn, T::Output>;
}

/// The complement's modes before coalescing of the flat modes `S : D` (`A`'s
/// leaves), chosen by [`StaticOrder`](super::order::StaticOrder) (`Self`): the static order (`B1`:
/// sorted as they are, [`SortModes`] leaving out the modes of stride 0 or
/// static extent 1), or the run-time order (`B0`: one dynamic mode per mode
/// of `filter(A)`, whose static runs coalesce, and the last).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait GapPlan<S, D, M> {
    /// The shapes.
    type Shape;
    /// The strides.
    type Stride;
    /// `Pass` or the violated rule.
    type Verdict;
}
impl<S: SortModes<D>, D, M> GapPlan<S, D, M> for B1
where
    S::Output: MixedGaps<PInt<U1>, M>,
{
    type Shape = <S::Output as MixedGaps<PInt<U1>, M>>::Shape;
    type Stride = <S::Output as MixedGaps<PInt<U1>, M>>::Stride;
    type Verdict = <S::Output as MixedGaps<PInt<U1>, M>>::Verdict;
}
// `filter(A)`'s flat lists (`GS`, `GD`) bound to parameters once.
impl<S, D, M, Z, O, GS, GD> GapPlan<S, D, M> for B0
where
    S: ZeroExtents<D, Output = Z>,
    Z: CoalesceRun<D, HNil, HNil, Out = O>,
    O: SplitModeList<Shapes = GS, Strides = GD>,
    GS: Dyns + StaticNegative<GD>,
{
    type Shape = HCons<Dyn, GS::Output>;
    type Stride = HCons<P1, GS::Output>;
    type Verdict = <GS as StaticNegative<GD>>::Verdict;
}

/// `NegativeStride` when one of the flat modes `Self` (extents) : `D`
/// (strides) has a static negative stride on a static extent above 1, else
/// `Pass`: in the run-time order too, such a mode has no complement whatever
/// the dynamic leaves are (the runtime layer's `NotComplementable`, decided
/// from the static parts).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait StaticNegative<D> {
    /// The verdict.
    type Verdict;
}
impl StaticNegative<HNil> for HNil {
    type Verdict = Pass;
}
impl<S, T: StaticNegative<DT>, D: NegativeOn<S, NegativeStride>, DT> StaticNegative<HCons<D, DT>>
    for HCons<S, T>
where
    D::Verdict: First<T::Verdict>,
{
    type Verdict = Then<D::Verdict, T::Verdict>;
}
/// `V` for a static negative stride `Self` on a static extent `S` above 1,
/// else `Pass`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NegativeOn<S, V> {
    /// The verdict.
    type Verdict;
}
impl<U: Unsigned + NonZero, W: Unsigned + NonZero + IsLessOrEqual<U1>, V> NegativeOn<PInt<W>, V>
    for NInt<U>
where
    LeEq<W, U1>: Holds<V>,
{
    type Verdict = <LeEq<W, U1> as Holds<V>>::Verdict;
}
macro_rules! not_negative {
    ($([$($g:tt)*] $D:ty, $S:ty),*) => {$(
        impl<V, $($g)*> NegativeOn<$S, V> for $D {
            type Verdict = Pass;
        }
    )*};
}
not_negative!([U: Unsigned + NonZero] NInt<U>, Dyn, [U: Unsigned + NonZero, N] NInt<U>, DivBy<N>,
    [S, U: Unsigned + NonZero] PInt<U>, S, [S] Z0, S, [S] Dyn, S, [S, N] DivBy<N>, S);

/// A shape cotarget `M` (an HList of positive integers) of a complement.
pub struct ShapeCotarget<M>(core::marker::PhantomData<M>);

// A shape cotarget over a static extent `E`: CuTe's `size(ceil_div(M, E))`,
// raised to `⌈size(M)/E⌉` where that would not cover `M` (as the runtime
// layer; CuTe C++ does not raise it).
impl<M, E> LastExtent<PInt<E>> for ShapeCotarget<M>
where
    E: Unsigned + NonZero,
    M: CeilDivSize<E> + StaticSize,
    <M as StaticSize>::Unsigned: DivCeil<E>,
    <M as CeilDivSize<E>>::Size: Max<CeilQ<<M as StaticSize>::Unsigned, E>>,
    Maximum<<M as CeilDivSize<E>>::Size, CeilQ<<M as StaticSize>::Unsigned, E>>: Unsigned + NonZero,
{
    type Output = PInt<Maximum<<M as CeilDivSize<E>>::Size, CeilQ<<M as StaticSize>::Unsigned, E>>>;
}

/// `size(ceil_div(Self, D))` for a shape `Self` and an unsigned `D`, the leaves
/// read in order: each leaf `m` contributes `⌈m/d⌉` and leaves `d = ⌈d/m⌉` to the next.
pub trait CeilDivSize<D> {
    /// The size (unsigned).
    type Size;
    /// The divisor left for the next leaf.
    type Rest;
}

impl<U: Unsigned + NonZero, D> CeilDivSize<D> for PInt<U>
where
    U: DivCeil<D>,
    D: DivCeil<U>,
{
    type Size = CeilQ<U, D>;
    type Rest = CeilQ<D, U>;
}

impl<D> CeilDivSize<D> for HNil {
    type Size = U1;
    type Rest = D;
}

impl<H, T, D> CeilDivSize<D> for HCons<H, T>
where
    H: CeilDivSize<D>,
    T: CeilDivSize<H::Rest>,
    H::Size: core::ops::Mul<T::Size>,
{
    type Size = Prod<H::Size, T::Size>;
    type Rest = T::Rest;
}

/// The modes `Self` (extents) : `D` (strides) as one layout: `1:0` for none,
/// the mode for one, the tuple otherwise (as [`CoalesceAny`] assembles them).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait GapLayout<D> {
    /// The layout.
    type Output: Parts;
}
impl GapLayout<HNil> for HNil {
    type Output = Layout<P1, Z0>;
}
impl<S, D> GapLayout<HCons<D, HNil>> for HCons<S, HNil> {
    type Output = Layout<S, D>;
}
impl<S, S2, T, D, D2, DT> GapLayout<HCons<D, HCons<D2, DT>>> for HCons<S, HCons<S2, T>> {
    type Output = Layout<Self, HCons<D, HCons<D2, DT>>>;
}
