//! `right_inverse` of a layout whose leaves mix static integers and `Dyn`,
//! decided from the static parts as CuTe C++ decides it with `int` leaves.
//!
//! With `A` coalesced (its static runs; a dynamic leaf stays) to flat modes
//! `s_i:d_i` at domain positions `p_i = s_0⋯s_(i-1)`, the right inverse starts
//! from the extent `E = 1`, repeatedly takes the first unused mode whose stride
//! is `E`, gives it the stride `p_i` and goes on with `E = s_i·d_i`. While `E`
//! is static the mode is found among the static strides at compile time: those
//! modes keep their static extents and positions (CuTe C++'s result). CuTe C++
//! stops at the first dynamic `E` or missing static stride; here the chain goes
//! on at run time through the remaining `k` modes (a dynamic stride may be `E`),
//! which give `k` dynamic modes, the unused ones `1:0`, so that the result is the
//! runtime layer's right inverse (`(4,2):(1,4)` with a dynamic extent 4 is the
//! identity on 8 offsets, where CuTe C++ stops at 4). The result is coalesced as
//! CuTe C++ coalesces dynamic leaves.

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;
use typenum::{Eq, IsEqual, NonZero, PInt, Unsigned, B0, B1, P1};

use super::coalesce_mixed::{CoalesceAny, FlatLists};
use super::complement_mixed::{Dyns, LeafValues, NextExtent};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::Layout;

/// A flat mode `S:D` at the domain position `P`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct Entry<S, D, P>(core::marker::PhantomData<(S, D, P)>);

/// The flat modes `Self` (shapes), `D` (strides) as [`Entry`]s, positions from `P`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Positioned<D, P> {
    /// The entries.
    type Output;
}
impl<P> Positioned<HNil, P> for HNil {
    type Output = HNil;
}
impl<SH, ST, DH, DT, P: PosNext<SH>> Positioned<HCons<DH, DT>, P> for HCons<SH, ST>
where
    ST: Positioned<DT, P::Output>,
{
    type Output = HCons<Entry<SH, DH, P>, <ST as Positioned<DT, P::Output>>::Output>;
}

/// The first entry of `Self` whose stride is the static `X`: `Found` is `B1`
/// with its extent and position and the list without it, or `B0`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FindStride<X> {
    /// `B1` or `B0`.
    type Found;
    /// The entry's extent.
    type S;
    /// The entry's position.
    type P;
    /// The list without the entry.
    type Without;
}
impl<X> FindStride<X> for HNil {
    type Found = B0;
    type S = P1;
    type P = P1;
    type Without = HNil;
}
impl<X, S, Y: Unsigned + NonZero + IsEqual<X>, P, T> FindStride<X>
    for HCons<Entry<S, PInt<Y>, P>, T>
where
    Eq<Y, X>: FindBranch<X, Entry<S, PInt<Y>, P>, T>,
{
    type Found = <Eq<Y, X> as FindBranch<X, Entry<S, PInt<Y>, P>, T>>::Found;
    type S = <Eq<Y, X> as FindBranch<X, Entry<S, PInt<Y>, P>, T>>::S;
    type P = <Eq<Y, X> as FindBranch<X, Entry<S, PInt<Y>, P>, T>>::P;
    type Without = <Eq<Y, X> as FindBranch<X, Entry<S, PInt<Y>, P>, T>>::Without;
}
// A stride that is not a positive static integer is never found statically.
macro_rules! skip_entry {
    ($([$($g:tt)*] $D:ty),*) => {$(
        impl<X, S, P, T: FindStride<X>, $($g)*> FindStride<X> for HCons<Entry<S, $D, P>, T> {
            type Found = T::Found;
            type S = T::S;
            type P = T::P;
            type Without = HCons<Entry<S, $D, P>, T::Without>;
        }
    )*};
}
skip_entry!([] Dyn, [N] DivBy<N>, [] typenum::Z0, [U: Unsigned + NonZero] typenum::NInt<U>);
/// Branch of [`FindStride`] on "the head's stride is `X`" (`Self`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FindBranch<X, H, T> {
    /// See [`FindStride`].
    type Found;
    /// See [`FindStride`].
    type S;
    /// See [`FindStride`].
    type P;
    /// See [`FindStride`].
    type Without;
}
impl<X, S, D, P, T> FindBranch<X, Entry<S, D, P>, T> for B1 {
    type Found = B1;
    type S = S;
    type P = P;
    type Without = T;
}
impl<X, H, T: FindStride<X>> FindBranch<X, H, T> for B0 {
    type Found = T::Found;
    type S = T::S;
    type P = T::P;
    type Without = HCons<H, T::Without>;
}

/// The chain of `Self`'s entries from the extent `E` while it is static:
/// shapes, strides (positions), its length and the entries left.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Chain<E> {
    /// The extents of the chained modes.
    type Shape;
    /// Their positions.
    type Stride;
    /// The entries left.
    type Rest;
    /// The number of chained modes.
    const LEN: usize;
}
macro_rules! chain_stops {
    ($([$($g:tt)*] $E:ty),*) => {$(
        impl<L, $($g)*> Chain<$E> for L {
            type Shape = HNil;
            type Stride = HNil;
            type Rest = L;
            const LEN: usize = 0;
        }
    )*};
}
chain_stops!([] Dyn, [N] DivBy<N>);
impl<L: FindStride<X>, X: Unsigned + NonZero> Chain<PInt<X>> for L
where
    L::Found: ChainStep<X, L>,
{
    type Shape = <L::Found as ChainStep<X, L>>::Shape;
    type Stride = <L::Found as ChainStep<X, L>>::Stride;
    type Rest = <L::Found as ChainStep<X, L>>::Rest;
    const LEN: usize = <L::Found as ChainStep<X, L>>::LEN;
}
/// One step of [`Chain`] from the static extent `X`: found (`Self = B1`) or not.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ChainStep<X, L> {
    /// See [`Chain`].
    type Shape;
    /// See [`Chain`].
    type Stride;
    /// See [`Chain`].
    type Rest;
    /// See [`Chain`].
    const LEN: usize;
}
impl<X, L> ChainStep<X, L> for B0 {
    type Shape = HNil;
    type Stride = HNil;
    type Rest = L;
    const LEN: usize = 0;
}
impl<X, L: FindStride<X>> ChainStep<X, L> for B1
where
    L::S: NextExtent<X>,
    L::Without: Chain<<L::S as NextExtent<X>>::Output>,
{
    type Shape = HCons<L::S, <L::Without as Chain<<L::S as NextExtent<X>>::Output>>::Shape>;
    type Stride = HCons<L::P, <L::Without as Chain<<L::S as NextExtent<X>>::Output>>::Stride>;
    type Rest = <L::Without as Chain<<L::S as NextExtent<X>>::Output>>::Rest;
    const LEN: usize = 1 + <L::Without as Chain<<L::S as NextExtent<X>>::Output>>::LEN;
}

/// The position after a mode of extent `S`: static when both are.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait PosNext<S> {
    /// `PInt` or `Dyn`.
    type Output;
}
impl<P: NextExtent<X>, X: Unsigned + NonZero> PosNext<PInt<X>> for P {
    type Output = P::Output;
}
impl<P> PosNext<Dyn> for P {
    type Output = Dyn;
}
impl<P, N> PosNext<DivBy<N>> for P {
    type Output = Dyn;
}

/// The coalesced `A`'s flat shapes and strides, and its entries.
type Flat<L> = <L as CoalesceAny>::Output;
type FlatS<L> = <Flat<L> as FlatLists>::Shapes;
type FlatD<L> = <Flat<L> as FlatLists>::Strides;
type Entries<L> = <FlatS<L> as Positioned<FlatD<L>, P1>>::Output;
/// One dynamic mode per entry the static chain leaves.
type Tail<L> = <<Entries<L> as Chain<P1>>::Rest as Dyns>::Output;
/// The result's shapes and strides before coalescing: the chain, then one
/// dynamic mode per entry left.
type InvShape<L> = <<Entries<L> as Chain<P1>>::Shape as Add<Tail<L>>>::Output;
type InvStride<L> = <<Entries<L> as Chain<P1>>::Stride as Add<Tail<L>>>::Output;

/// `right_inverse(Self)` for a layout with dynamic leaves (see the module).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait MixedRightInverse {
    /// The coalesced right inverse.
    type Output;
    /// Its value.
    fn right_inverse_values(self) -> Result<Self::Output, LayoutError>;
}
impl<L> MixedRightInverse for L
where
    L: CoalesceAny,
    Flat<L>: FlatLists,
    FlatS<L>: LeafValues + Positioned<FlatD<L>, P1>,
    FlatD<L>: LeafValues,
    Entries<L>: Chain<P1>,
    <Entries<L> as Chain<P1>>::Rest: Dyns,
    <Entries<L> as Chain<P1>>::Shape: Add<Tail<L>>,
    <Entries<L> as Chain<P1>>::Stride: Add<Tail<L>>,
    InvShape<L>: LeafValues + Shape + Congruent<InvStride<L>>,
    InvStride<L>: LeafValues + IntTuple,
    Layout<InvShape<L>, InvStride<L>>: CoalesceAny,
{
    type Output = <Layout<InvShape<L>, InvStride<L>> as CoalesceAny>::Output;
    fn right_inverse_values(self) -> Result<Self::Output, LayoutError> {
        let (s, d) = self.coalesce_any().lists();
        let (mut sv, mut dv, mut st) = (SmallVec::new(), SmallVec::new(), SmallVec::new());
        s.push_values(&mut sv);
        d.push_values(&mut dv);
        FlatD::<L>::push_static(&mut st);
        let (shapes, strides) = chain_values(&sv, &dv, &st, <Entries<L> as Chain<P1>>::LEN);
        let overflow = || {
            LayoutError::new(
                ErrorKind::Overflow,
                "right_inverse",
                alloc::string::String::from("the size of the right inverse exceeds i64"),
            )
        };
        let shape = InvShape::<L>::fill(&mut shapes.into_iter()).ok_or_else(overflow)?;
        let stride = InvStride::<L>::fill(&mut strides.into_iter()).ok_or_else(overflow)?;
        Ok(Layout::try_new(shape, stride)
            .map_err(|_| overflow())?
            .coalesce_any())
    }
}

/// The chain's extents and positions (see the module): the first `len` steps
/// among the static strides, then among all; the unused modes as `1:0`.
#[allow(clippy::type_complexity)]
fn chain_values(
    s: &[i64],
    d: &[i64],
    is_static: &[bool],
    len: usize,
) -> (SmallVec<[i64; 8]>, SmallVec<[i64; 8]>) {
    let mut pos: SmallVec<[i64; 8]> = SmallVec::new();
    let mut p = 1i64;
    for &x in s {
        pos.push(p);
        p = p.saturating_mul(x); // the size of a layout fits i64
    }
    let mut used: SmallVec<[bool; 8]> = SmallVec::from_elem(false, s.len());
    let (mut shapes, mut strides): (SmallVec<[i64; 8]>, SmallVec<[i64; 8]>) =
        (SmallVec::new(), SmallVec::new());
    let mut next = 1i64;
    while let Some(i) =
        (0..s.len()).find(|&i| !used[i] && d[i] == next && (shapes.len() >= len || is_static[i]))
    {
        used[i] = true;
        shapes.push(s[i]);
        strides.push(pos[i]);
        // A product of the chain's extents: at most the size of the layout.
        next = s[i].saturating_mul(d[i]);
    }
    while shapes.len() < s.len() {
        shapes.push(1);
        strides.push(0);
    }
    (shapes, strides)
}

/// CuTe's `right_inverse(a)` for a layout `a` whose leaves mix static integers
/// and `Dyn`: the largest `R` with `a(R(i)) = i` for every `i < size(R)`,
/// built from `a`'s modes from the stride 1 on, each mode `s_i:d_i` at the
/// domain position `p_i` giving `s_i:p_i`. The modes found while the extent
/// reached is static keep their static leaves (CuTe C++'s result); CuTe C++
/// stops there, this function goes on at run time (dynamic modes, the unused
/// ones `1:0`), so the result is the runtime layer's right inverse. No value
/// of a valid layout is refused (the `Result` is that of the other `try_*`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_2, _1]).unwrap();
/// assert_eq!(format!("{:#}", try_right_inverse(a).unwrap()), "(_2,4):(4,_1)"); // as CuTe C++
/// let b = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, Dyn(4)]).unwrap();
/// let r = try_right_inverse(b).unwrap();
/// assert_eq!(format!("{r:#}"), "(4,2):(_1,4)"); // CuTe C++ stops at 4:_1
/// ```
#[inline(always)]
pub fn try_right_inverse<L: MixedRightInverse>(a: L) -> Result<L::Output, LayoutError> {
    a.right_inverse_values()
}
