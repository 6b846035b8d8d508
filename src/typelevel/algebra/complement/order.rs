//! The order of a complement's modes: by stride, from the types where every
//! stride is static ([`StaticOrder`]), the modes that add no gap (stride 0,
//! extent 1) left out and a negative stride marked ([`Neg`]).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // Sorted by stride: 2:1 below 4:2, whatever their order in A.
//! assert_eq!(complement(layout!((4,2):(2,1)), int!(16)).to_string(), "2:8");
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, UInt, Unsigned, B0, B1, P1, Z0};

use crate::typelevel::algebra::modes::{InsertByStride, Mode};
use crate::typelevel::int::{DivBy, Dyn};

/// Marks a negative stride in a complement's input.
pub struct Neg;

// A negative stride, marked at the head, makes the order irrelevant; the mode
// is kept (unsorted) so that composition's distributivity check sees that the
// negative stride is not B's only leaf.
impl<E, X, T> InsertByStride<E, X> for HCons<Neg, T> {
    type Output = HCons<Neg, HCons<E, T>>;
}

/// `B1` when every stride of the flat list is static.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticStrides {
    /// `B1` or `B0`.
    type Output;
}
impl StaticStrides for HNil {
    type Output = B1;
}
macro_rules! stride_class {
    ($out:ty: $([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)* T: StaticStrides> StaticStrides for HCons<$T, T>
        where
            $out: core::ops::BitAnd<T::Output>,
        {
            type Output = typenum::And<$out, T::Output>;
        }
    )*};
}
stride_class!(B1: [U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] NInt<U>, [] Z0);
stride_class!(B0: [] Dyn, [N,] DivBy<N>);

/// `B1` when the order of the flat modes `Self` (extents) : `D` (strides)
/// is static: every stride is, but on a mode of a static extent 1 (a mode
/// with no gap, which `filter` drops).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticOrder<D> {
    /// `B1` or `B0`.
    type Output;
}
impl StaticOrder<HNil> for HNil {
    type Output = B1;
}
impl<SH, ST, DH, DT> StaticOrder<HCons<DH, DT>> for HCons<SH, ST>
where
    SH: FixesOrder<DH, ST, DT>,
{
    type Output = <SH as FixesOrder<DH, ST, DT>>::Output;
}
/// The order of the mode `Self : D` (extent, stride) and the modes `ST : DT`
/// after it: `B0` at a dynamic stride on an extent that is not a static 1,
/// else the order of the rest.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FixesOrder<D, ST, DT> {
    /// `B1` or `B0`.
    type Output;
}
impl<D, ST: StaticOrder<DT>, DT> FixesOrder<D, ST, DT> for P1 {
    type Output = ST::Output;
}
macro_rules! fixes_order {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* ST: StaticOrder<DT>, DT, X: Unsigned + NonZero> FixesOrder<PInt<X>, ST, DT> for $S {
            type Output = ST::Output;
        }
        impl<$($g)* ST: StaticOrder<DT>, DT, X: Unsigned + NonZero> FixesOrder<NInt<X>, ST, DT> for $S {
            type Output = ST::Output;
        }
        impl<$($g)* ST: StaticOrder<DT>, DT> FixesOrder<Z0, ST, DT> for $S {
            type Output = ST::Output;
        }
        impl<$($g)* ST, DT> FixesOrder<Dyn, ST, DT> for $S {
            type Output = B0;
        }
        impl<$($g)* ST, DT, N> FixesOrder<DivBy<N>, ST, DT> for $S {
            type Output = B0;
        }
    )*};
}
fixes_order!([U: Unsigned, B: typenum::Bit, C: typenum::Bit,] PInt<UInt<UInt<U, B>, C>>, [] Dyn, [M,] DivBy<M>);

/// The flat modes `Self` (shapes) with static strides `D`, sorted by stride as
/// `Mode<s, X>` (`X` unsigned), `Neg` at the head for a negative stride;
/// stride-0 and static extent-1 modes left out.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SortModes<D> {
    /// The sorted list.
    type Output;
}
impl SortModes<HNil> for HNil {
    type Output = HNil;
}
impl<SH, ST: SortModes<DT>, DH, DT> SortModes<HCons<DH, DT>> for HCons<SH, ST>
where
    DH: AdmitMode<SH, ST::Output>,
{
    type Output = <DH as AdmitMode<SH, ST::Output>>::Output;
}
/// Inserts the mode `S:Self` into the sorted list `L` (see [`SortModes`]).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait AdmitMode<S, L> {
    /// The list.
    type Output;
}
impl<S, L> AdmitMode<S, L> for Z0 {
    type Output = L;
}
// A static extent 1 adds no gap, whatever its stride.
macro_rules! unit_mode {
    ($([$($g:tt)*] $D:ty),*) => {$(
        impl<$($g)* L> AdmitMode<P1, L> for $D {
            type Output = L;
        }
    )*};
}
unit_mode!([X: Unsigned + NonZero,] PInt<X>, [U: Unsigned + NonZero,] NInt<U>, [] Dyn, [N,] DivBy<N>);
macro_rules! negative {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* U: Unsigned + NonZero, L> AdmitMode<$S, L> for NInt<U> {
            type Output = HCons<Neg, L>;
        }
    )*};
}
negative!([V: Unsigned, B: typenum::Bit, C: typenum::Bit,] PInt<UInt<UInt<V, B>, C>>, [] Dyn, [N,] DivBy<N>);
macro_rules! admit {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* X: Unsigned + NonZero, L: InsertByStride<Mode<$S, X>, X>> AdmitMode<$S, L> for PInt<X> {
            type Output = <L as InsertByStride<Mode<$S, X>, X>>::Output;
        }
    )*};
}
admit!([U: Unsigned, B: typenum::Bit, C: typenum::Bit,] PInt<UInt<UInt<U, B>, C>>, [] Dyn, [N,] DivBy<N>);

/// The flat leaves of the shape `Self` with strides `D`, prepended to the
/// lists `AS` (extents) and `AD` (strides): `A`'s flat lists from
/// `FlatOnto<D, HNil, HNil>`, one step per leaf and no concatenation.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FlatOnto<D, AS, AD> {
    /// The extents.
    type Shapes;
    /// The strides.
    type Strides;
}
macro_rules! flat_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D, AS, AD> FlatOnto<D, AS, AD> for $S {
            type Shapes = HCons<$S, AS>;
            type Strides = HCons<D, AD>;
        }
    )*};
}
flat_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);
impl<AS, AD> FlatOnto<HNil, AS, AD> for HNil {
    type Shapes = AS;
    type Strides = AD;
}
impl<SH, ST, DH, DT, AS, AD> FlatOnto<HCons<DH, DT>, AS, AD> for HCons<SH, ST>
where
    ST: FlatOnto<DT, AS, AD>,
    SH: FlatOnto<DH, ST::Shapes, ST::Strides>,
{
    type Shapes = SH::Shapes;
    type Strides = SH::Strides;
}
