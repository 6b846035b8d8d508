//! The exactly-once proof: a static layout is a bijection onto `[0, n)`.
//!
//! Sorted by stride, with its extent-1 modes dropped, a layout `L` is a
//! bijection from its coordinates onto `[0, size(L))` iff each stride is the
//! product of the extents before it: `d₀ = 1`, `dᵢ₊₁ = sᵢ·dᵢ`. (If so, `L` is a
//! compact column-major layout up to a permutation of its modes; if a stride is
//! smaller than that product two coordinates meet one offset, if it is larger
//! an offset in the range is never reached; a stride 0 or a negative stride
//! breaks it at once.) So a thread-value layout partitions its tile exactly
//! once, every element written by one (thread, value) pair, iff this holds: a
//! structural proof, computed by the type checker without enumerating.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // 32 threads × 2 values over an 8×8 tile: Ampere's accumulator layout.
//! assert!(is_bijection(&layout!(((4,8),2):((16,1),8))));
//! ```
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! // thread 1's values overlap thread 2's: (4,2):(1,2)
//! assert!(is_bijection(&layout!((4,2):(1,2))));
//! ```

use crate::typelevel::algebra::complement::Neg;
use crate::typelevel::algebra::modes::{InsertByStride, Mode, Modes, ModesOf};
use crate::typelevel::check::rules::{op, Admissible};
use crate::typelevel::check::verdict::{BroadcastMode, NegativeCover, NotBijective, Pass};
use crate::typelevel::Layout;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Eq, IsEqual, NInt, NonZero, PInt, Prod, UInt, Unsigned, B0, B1, U1, Z0};

/// The modes of a list that matter for bijectivity, sorted by stride.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CoverSorted {
    /// The sorted list (`Neg` first if a stride is negative).
    type Output;
}
impl CoverSorted for HNil {
    type Output = HNil;
}
impl<N: CoverInsert<T::Output>, T: CoverSorted> CoverSorted for HCons<N, T> {
    type Output = N::Output;
}

/// Inserts one mode into a sorted list.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CoverInsert<L> {
    /// The list.
    type Output;
}
// Extent 1: no coordinate to place.
impl<D, L> CoverInsert<L> for Mode<U1, D> {
    type Output = L;
}
impl<X, B, C, L> CoverInsert<L> for Mode<UInt<UInt<X, B>, C>, Z0> {
    type Output = HCons<Broadcast<UInt<UInt<X, B>, C>>, L>;
}
impl<X, B, C, L, U: Unsigned + NonZero> CoverInsert<L> for Mode<UInt<UInt<X, B>, C>, NInt<U>> {
    type Output = HCons<Neg, L>;
}
impl<X, B, C, L, U> CoverInsert<L> for Mode<UInt<UInt<X, B>, C>, PInt<U>>
where
    U: Unsigned + NonZero,
    L: InsertByStride<Mode<UInt<UInt<X, B>, C>, U>, U>,
{
    type Output = <L as InsertByStride<Mode<UInt<UInt<X, B>, C>, U>, U>>::Output;
}

/// A mode of extent `S` and stride 0, marked at the head of a sorted list.
#[doc(hidden)]
pub struct Broadcast<S>(core::marker::PhantomData<S>);

impl<E, X, S, T> InsertByStride<E, X> for HCons<Broadcast<S>, T> {
    type Output = Self;
}

/// Walks a sorted list with the product `P` of the extents so far.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CoverWalk<P> {
    /// `Pass` or the violated rule.
    type Verdict;
}
impl<P> CoverWalk<P> for HNil {
    type Verdict = Pass;
}
impl<P, T> CoverWalk<P> for HCons<Neg, T> {
    type Verdict = NegativeCover;
}
impl<P, S, T> CoverWalk<P> for HCons<Broadcast<S>, T> {
    type Verdict = BroadcastMode<S>;
}
impl<P, S, X, T> CoverWalk<P> for HCons<Mode<S, X>, T>
where
    X: IsEqual<P>,
    Eq<X, P>: CoverStep<P, S, X, T>,
{
    type Verdict = <Eq<X, P> as CoverStep<P, S, X, T>>::Verdict;
}

/// Branch of [`CoverWalk`]: the stride is the running product (`B1`) or not.
#[doc(hidden)]
pub trait CoverStep<P, S, X, T> {
    /// `Pass` or the violated rule.
    type Verdict;
}
impl<P: core::ops::Mul<S>, S, X, T: CoverWalk<Prod<P, S>>> CoverStep<P, S, X, T> for B1 {
    type Verdict = <T as CoverWalk<Prod<P, S>>>::Verdict;
}
impl<P, S, X, T> CoverStep<P, S, X, T> for B0 {
    type Verdict = NotBijective<X, P>;
}

/// Whether a static layout is a bijection onto `[0, size)`, as a verdict.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::check::Pass;
/// let _: Pass = <<Layout![(4,2):(2,1)] as Bijection>::Verdict as Default>::default();
/// assert!(is_bijection(&layout!((4,2):(2,1))));
/// ```
pub trait Bijection {
    /// `Pass` or the violated rule.
    type Verdict;
}
impl<S, D> Bijection for Layout<S, D>
where
    Self: Modes,
    ModesOf<Self>: CoverSorted,
    <ModesOf<Self> as CoverSorted>::Output: CoverWalk<U1>,
{
    type Verdict = <<ModesOf<Self> as CoverSorted>::Output as CoverWalk<U1>>::Verdict;
}

/// `true`, for a static layout that is a bijection onto `[0, size(L))`; any
/// other layout does not compile (the error names the mode that breaks it).
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert!(is_bijection(&layout!((4,2):(1,4))));   // compact
/// assert!(is_bijection(&layout!((4,2):(2,1))));   // compact up to order
/// assert!(is_bijection(&layout!((4,1):(1,9))));   // extent-1 modes do not count
/// ```
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// let _ = is_bijection(&layout!((4,2):(1,8))); // offsets 4..8 never reached
/// ```
pub fn is_bijection<L>(_: &L) -> bool
where
    L: Bijection,
    L::Verdict: Admissible<op::BijectionOp, L, ()>,
{
    true
}
