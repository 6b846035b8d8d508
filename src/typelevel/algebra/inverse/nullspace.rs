//! `nullspace`: the domain indices that a layout's stride-0 leaves span.
//!
//! With the layout flattened to leaves `sᵢ:dᵢ` at domain positions
//! `pᵢ = s₀⋯sᵢ₋₁`, the nullspace is `(sᵢ…):(pᵢ…)` over the leaves whose stride
//! is the static 0 (a static extent 1 kept with stride 0), `1:0` if there is
//! none, so that `L(N(j)) = L(0)` for every `j < size(N)`. One computation for
//! static and run-time leaves, as CuTe C++'s: which leaves are kept is decided
//! from the types (a `Dyn` stride is not known to be 0, so its leaf is not
//! kept, and the result is the nullspace of the static zeros); an extent is
//! kept as it is, static or not, and a position is static where every extent
//! before it is. The values are copies of extents and their running product,
//! computed as `coalesce`'s (a static layout's result is a constant).

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, UInt, UTerm, Unsigned, B0, B1, P1, Z0};

use crate::typelevel::algebra::coalesce::Assemble;
use crate::typelevel::int::{DivBy, Dyn, IntMul, IntMulOut};
use crate::typelevel::{IntTuple, Layout};

/// CuTe's `nullspace(layout)`: see [`nullspace()`].
///
/// ```
/// use layout_algebra::typelevel::*;
/// let n: NullspaceOut<Layout![(2,(3,4),5):(0,(2,0),1)]> = nullspace(layout!((2,(3,4),5):(0,(2,0),1)));
/// assert_eq!(n.to_string(), "(2,4):(1,6)");
/// ```
pub trait Nullspace {
    /// The nullspace layout.
    type Output;
    /// Its value.
    #[doc(hidden)]
    fn nullspace_of(self) -> Self::Output;
}

/// `nullspace(L)`.
/// See [`Nullspace`] for an example.
pub type NullspaceOut<L> = <L as Nullspace>::Output;

impl<S, D> Nullspace for Layout<S, D>
where
    S: ZeroOnto<D, P1, HNil>,
    S::Output: Assemble,
{
    type Output = <S::Output as Assemble>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn nullspace_of(self) -> Self::Output {
        let (s, _) = self.into_parts();
        s.zero_onto(P1::new(), HNil).assemble()
    }
}

/// `nullspace(layout)` (CuTe): the domain indices the static stride-0 leaves
/// span, as a layout; `layout` is constant on it. A layout with run-time
/// leaves has one too (CuTe C++'s, checked with `int` leaves): a `Dyn` stride
/// is not known to be 0, so its leaf is left out; a position after a `Dyn`
/// extent is dynamic, as is the stride of a `Dyn` extent 1.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = layout!((2,1,8):(0,0,1));
/// let n = nullspace(a);
/// assert_eq!(n.to_string(), "(2,1):(1,0)");
/// assert_eq!(nullspace(layout!((4,8):(1,4))).to_string(), "1:0");
/// for j in 0..2usize {
///     assert_eq!(a.call(n.call(j) as usize), a.call(0usize));
/// }
/// let b = Layout::try_new(hlist![Dyn(3), _8, _4], hlist![_1, Dyn(3), _0]).unwrap();
/// assert_eq!(format!("{:#}", nullspace(b)), "_4:24"); // as CuTe C++
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn nullspace<L: Nullspace>(layout: L) -> L::Output {
    layout.nullspace_of()
}

/// The leaves of the extents `Self` (a leaf or a tree, strides `D`, the
/// first leaf at domain position `P`) whose stride is the static 0, as
/// one-leaf layouts `s:p`, in front of the leaves `T` kept after them. Read
/// from the right, so that no flat list is built or joined: a tuple's tail is
/// kept first, at the position after its head (`P·size(head)`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ZeroOnto<D, P, T> {
    /// The kept leaves, then `T`.
    type Output;
    /// Their values.
    fn zero_onto(self, p: P, t: T) -> Self::Output;
}

macro_rules! zero_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D: IsZeroStride, P, T> ZeroOnto<D, P, T> for $S
        where
            D::Output: KeepZero<$S, P, T>,
        {
            type Output = <D::Output as KeepZero<$S, P, T>>::Output;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn zero_onto(self, p: P, t: T) -> Self::Output {
                D::Output::keep(self, p, t)
            }
        }
    )*};
}
zero_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);

impl<P, T> ZeroOnto<HNil, P, T> for HNil {
    type Output = T;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zero_onto(self, _: P, t: T) -> T {
        t
    }
}

impl<SH, ST, DH, DT, P, T> ZeroOnto<HCons<DH, DT>, P, T> for HCons<SH, ST>
where
    SH: IntTuple,
    P: IntMul<SH::Size>,
    ST: ZeroOnto<DT, IntMulOut<P, SH::Size>, T>,
    SH: ZeroOnto<DH, P, ST::Output>,
{
    type Output = <SH as ZeroOnto<DH, P, ST::Output>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zero_onto(self, p: P, t: T) -> Self::Output {
        let rest = self.tail.zero_onto(p.int_mul(self.head.size()), t);
        self.head.zero_onto(p, rest)
    }
}

/// Whether a stride leaf is the static 0 (`B1`): the integer 0 or a basis
/// scaled by 0; a run-time stride is not (`B0`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IsZeroStride {
    /// `B1` or `B0`.
    type Output;
}

impl IsZeroStride for Z0 {
    type Output = B1;
}

impl<U: Unsigned + NonZero> IsZeroStride for PInt<U> {
    type Output = B0;
}

impl<U: Unsigned + NonZero> IsZeroStride for NInt<U> {
    type Output = B0;
}

impl IsZeroStride for Dyn {
    type Output = B0;
}

impl<N> IsZeroStride for DivBy<N> {
    type Output = B0;
}

impl<V: IsZeroStride, Q> IsZeroStride for crate::typelevel::ScaledBasis<V, Q> {
    type Output = V::Output;
}

/// Branch of [`ZeroOnto`]: a zero stride keeps the leaf `S:P` in front of
/// the kept leaves `T` (`B1`), else `T` alone.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait KeepZero<S, P, T> {
    /// The kept leaves.
    type Output;
    /// Their values.
    fn keep(s: S, p: P, t: T) -> Self::Output;
}

impl<S, P, T> KeepZero<S, P, T> for B0 {
    type Output = T;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn keep(_: S, _: P, t: T) -> T {
        t
    }
}

impl<S: PositionStride<P>, P, T> KeepZero<S, P, T> for B1 {
    type Output = HCons<Layout<S, S::Output>, T>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn keep(s: S, p: P, t: T) -> Self::Output {
        HCons {
            head: Layout::from_parts(s, S::position(p)),
            tail: t,
        }
    }
}

/// The stride of a kept leaf of extent `Self` at position `P`: `0` for the
/// static extent 1 (as CuTe C++), else `P`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PositionStride<P> {
    /// The stride.
    type Output;
    /// Its value.
    fn position(p: P) -> Self::Output;
}

impl<P> PositionStride<P> for PInt<UInt<UTerm, B1>> {
    type Output = Z0;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn position(_: P) -> Z0 {
        Z0::new()
    }
}

impl<U: Unsigned, B: typenum::Bit, C: typenum::Bit, P> PositionStride<P>
    for PInt<UInt<UInt<U, B>, C>>
{
    type Output = P;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn position(p: P) -> P {
        p
    }
}

impl<P> PositionStride<P> for Dyn {
    type Output = P;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn position(p: P) -> P {
        p
    }
}

impl<N, P> PositionStride<P> for DivBy<N> {
    type Output = P;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn position(p: P) -> P {
        p
    }
}
