//! The static fold of `coalesce` over a flat mode list: a size-1 mode goes
//! away and `s1:d1` merges into the preceding `s0:d0` when `d1 = s0·d0`,
//! folded from the right.

use frunk_core::hlist::{HCons, HNil};
use typenum::{Eq, IsEqual, Prod, UInt, B0, B1, P1, U1, Z0};

use crate::typelevel::algebra::modes::{Build, Built, Mode, MulU, MulUOut};
use crate::typelevel::stride::UnitStride;
use crate::typelevel::Layout;

/// The stride of the size-1 coalesced layout of the modes `M`: `0`, or
/// `0@p` for a layout with scaled-basis strides (the runtime layer's
/// `coalesce(1:1@0) = 1:0@0`, so that the value stays a coordinate).
pub type UnitOf<M> = <<M as ModeStrides>::Output as UnitStride<Z0>>::Output;

/// The strides of a flat mode list.
#[doc(hidden)]
pub trait ModeStrides {
    /// HList of the strides.
    type Output;
}

impl ModeStrides for HNil {
    type Output = HNil;
}

impl<S, D, T: ModeStrides> ModeStrides for HCons<Mode<S, D>, T> {
    type Output = HCons<D, T::Output>;
}

/// A coalesced mode list built into a layout; no mode left gives `1:U` with
/// `U` the unit stride of the modes `M` before coalescing (computed only
/// then: most lists keep a mode).
#[doc(hidden)]
pub trait BuildUnit<M> {
    /// The layout.
    type Output;
}

impl<M: ModeStrides> BuildUnit<M> for HNil
where
    M::Output: UnitStride<Z0>,
{
    type Output = Layout<P1, UnitOf<M>>;
}

impl<H, T, M> BuildUnit<M> for HCons<H, T>
where
    Self: Build,
{
    type Output = Built<Self>;
}

/// Coalesces a flat mode list (no size-1 mode remains; may be empty).
pub trait CoalesceModes {
    /// The coalesced list.
    type Output;
}

impl CoalesceModes for HNil {
    type Output = HNil;
}

impl<N, T> CoalesceModes for HCons<N, T>
where
    T: CoalesceModes,
    N: PushMode<<T as CoalesceModes>::Output>,
{
    type Output = <N as PushMode<<T as CoalesceModes>::Output>>::Output;
}

/// The coalesced mode list of `L`.
pub type CoalescedModes<L> = <L as CoalesceModes>::Output;

/// Prepends a mode to a coalesced list, merging it with the list's head if possible.
pub trait PushMode<L> {
    /// The extended list.
    type Output;
}

// A size-1 mode contributes nothing.
impl<D, L> PushMode<L> for Mode<U1, D> {
    type Output = L;
}

// s0:d0 onto the empty list.
impl<X, B, C, D> PushMode<HNil> for Mode<UInt<UInt<X, B>, C>, D> {
    type Output = HCons<Self, HNil>;
}

// s0:d0 onto s1:d1 ..: merge iff d1 = s0·d0.
impl<X, B, C, D, S1, D1, T> PushMode<HCons<Mode<S1, D1>, T>> for Mode<UInt<UInt<X, B>, C>, D>
where
    D: MulU<UInt<UInt<X, B>, C>>,
    D1: IsEqual<MulUOut<D, UInt<UInt<X, B>, C>>>,
    Eq<D1, MulUOut<D, UInt<UInt<X, B>, C>>>: MergeIf<Self, HCons<Mode<S1, D1>, T>>,
{
    type Output =
        <Eq<D1, MulUOut<D, UInt<UInt<X, B>, C>>> as MergeIf<Self, HCons<Mode<S1, D1>, T>>>::Output;
}

/// Branch of [`PushMode`] on the verdict `d1 = s0·d0`.
pub trait MergeIf<N, L> {
    /// The extended list.
    type Output;
}

impl<S0, D0, S1, D1, T> MergeIf<Mode<S0, D0>, HCons<Mode<S1, D1>, T>> for B1
where
    S0: core::ops::Mul<S1>,
{
    type Output = HCons<Mode<Prod<S0, S1>, D0>, T>;
}

impl<N, L> MergeIf<N, L> for B0 {
    type Output = HCons<N, L>;
}

/// CuTe C++'s `coalesce_x` on a non-empty flat mode list: the same merging, but
/// the last mode is kept even of extent 1, since it stays unbounded when A is
/// evaluated past its size (`idx2crd` does not wrap it); composition walks this form.
pub trait CoalesceX {
    /// The coalesced list (never empty).
    type Output;
}

impl<N> CoalesceX for HCons<N, HNil> {
    type Output = Self;
}

impl<N, N2, T> CoalesceX for HCons<N, HCons<N2, T>>
where
    HCons<N2, T>: CoalesceX,
    N: PushMode<<HCons<N2, T> as CoalesceX>::Output>,
{
    type Output = <N as PushMode<<HCons<N2, T> as CoalesceX>::Output>>::Output;
}
