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
//!
//! With dynamic leaves the same condition is checked at run time
//! ([`MixedBijection`]): the modes are taken in order of stride, each checked
//! to start where the modes before it end, with no storage and no enumeration
//! of offsets; a layout that breaks it is a `NotBijective` error naming the
//! mode.

use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::complement::order::Neg;
use crate::typelevel::algebra::modes::{InsertByStride, Mode, ModesOf, StaticModes};
use crate::typelevel::check::front_door::{Unary, Yields};
use crate::typelevel::check::gate::{Gate, Gated};
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{BroadcastMode, NegativeCover, NotBijective, Pass};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::{IntLeaf, IntTuple, Layout, ShapeLeaf};
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, Eq, IsEqual, NInt, NonZero, PInt, Prod, UInt, Unsigned, B0, B1, U1, Z0};

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
    Self: StaticModes,
    ModesOf<Self>: CoverSorted,
    <ModesOf<Self> as CoverSorted>::Output: CoverWalk<U1>,
{
    type Verdict = <<ModesOf<Self> as CoverSorted>::Output as CoverWalk<U1>>::Verdict;
}

/// `true`, for a static layout that is a bijection onto `[0, size(L))`; any
/// other layout does not compile (the error names the mode that breaks it).
/// A layout with run-time leaves takes [`try_is_bijection`].
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
// The static gate first: a layout with a run-time leaf is refused there.
pub fn is_bijection<L, R, V>(_: &L) -> bool
where
    L: Gate<op::BijectionOp>,
    Gated<L, op::BijectionOp>: Yields<Unary<op::BijectionOp>, (), R, V>,
    V: Shown<L, ()>,
    ShownOf<V, L, ()>: Admissible<op::BijectionOp>,
{
    true
}

/// [`is_bijection`] for a layout whose leaves may be static or
/// [`Dyn`](crate::typelevel::Dyn): `Ok` where it is a bijection onto
/// `[0, size)`, else a `NotBijective` error naming the mode that breaks it.
/// The static leaves are decided when the program compiles (an all-static
/// layout that is not a bijection does not compile, as for `is_bijection`),
/// the rest when it runs, by [`MixedBijection`]'s check.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let n = 4;
/// assert!(try_is_bijection(&layout!(({n},2):(2,1)).unwrap()).is_ok());
/// let a = Layout::try_new(hlist![_4, _2], hlist![Dyn(1), Dyn(2)]).unwrap();
/// let e = try_is_bijection(&a).unwrap_err();
/// assert_eq!(e.kind(), layout_algebra::runtime::ErrorKind::NotBijective);
/// assert!(try_is_bijection(&layout!((4,2):(1,4))).is_ok()); // static: proven
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_is_bijection<L>(layout: &L) -> Result<(), LayoutError>
where
    L: MixedBijection,
    L::Verdict: Shown<L, ()>,
    ShownOf<L::Verdict, L, ()>: Admissible<op::BijectionOp>,
{
    layout.cover("is_bijection")
}

impl<S, D, V> Yields<Unary<op::BijectionOp>, (), (), V> for Layout<S, D> where
    Self: Bijection<Verdict = V>
{
}

/// The exactly-once condition of a layout whose leaves may be static or
/// [`Dyn`](crate::typelevel::Dyn): proven at compile time ([`Bijection`]'s verdict) when every leaf
/// is static, checked at run time by [`MixedBijection::cover`] otherwise
/// (then the verdict is `Pass`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // A 4x2 thread layout numbered at run time: row-major is exact ...
/// let t = Layout::try_new(hlist![_4, _2], hlist![Dyn(2), Dyn(1)]).unwrap();
/// assert!(t.cover("local_partition").is_ok());
/// // ... stride 1 for both modes makes threads meet: mode 4:1 follows 2:1.
/// let t = Layout::try_new(hlist![_4, _2], hlist![Dyn(1), Dyn(1)]).unwrap();
/// let e = t.cover("local_partition").unwrap_err();
/// assert_eq!(e.to_string(), "local_partition: the layout must cover its range exactly once: \
///     sorted by stride, the mode 2:1 of (4,2):(1,1) has stride 1 where the modes below it \
///     cover [0, 4) (a smaller stride makes two threads meet, a larger one leaves a gap)");
/// ```
pub trait MixedBijection {
    /// `Pass`, the violated rule of a static layout, or `Pass` for a layout
    /// with dynamic leaves (checked by [`MixedBijection::cover`]).
    type Verdict;
    /// `Ok` if the layout is a bijection onto `[0, size)`, else `NotBijective`
    /// naming the mode that breaks it (for `operation`). Always `Ok` for a
    /// static layout, whose verdict proved it.
    fn cover(&self, operation: &'static str) -> Result<(), LayoutError>;
}
impl<S, D> MixedBijection for Layout<S, D>
where
    S: AllStatic + IntTuple + LeafPairs<D>,
    D: AllStatic + IntTuple,
    S::Bit: core::ops::BitAnd<D::Bit>,
    And<S::Bit, D::Bit>: CoverBranch<Self>,
{
    type Verdict = <And<S::Bit, D::Bit> as CoverBranch<Self>>::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn cover(&self, operation: &'static str) -> Result<(), LayoutError> {
        if S::IS_STATIC && D::IS_STATIC {
            return Ok(());
        }
        match cover_fault(self.shape(), self.stride()) {
            None => Ok(()),
            Some(fault) => Err(not_bijective(operation, self, fault)),
        }
    }
}

/// Branch of [`MixedBijection`]: all leaves static (`B1`) or not.
#[doc(hidden)]
pub trait CoverBranch<L> {
    /// The verdict.
    type Verdict;
}
impl<L: Bijection> CoverBranch<L> for B1 {
    type Verdict = L::Verdict;
}
impl<L> CoverBranch<L> for B0 {
    type Verdict = Pass;
}

/// The `(extent, stride)` leaves of a shape and a congruent stride, in order.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait LeafPairs<D> {
    /// Calls `f(extent, stride)` for every leaf.
    fn for_each_pair(&self, d: &D, f: &mut impl FnMut(i64, i64));
}
impl<S: ShapeLeaf, D: IntLeaf> LeafPairs<D> for S {
    #[inline(always)]
    fn for_each_pair(&self, d: &D, f: &mut impl FnMut(i64, i64)) {
        f(self.value(), d.value())
    }
}
impl LeafPairs<HNil> for HNil {
    #[inline(always)]
    fn for_each_pair(&self, _: &HNil, _: &mut impl FnMut(i64, i64)) {}
}
impl<SH: LeafPairs<DH>, ST: LeafPairs<DT>, DH, DT> LeafPairs<HCons<DH, DT>> for HCons<SH, ST> {
    #[inline(always)]
    fn for_each_pair(&self, d: &HCons<DH, DT>, f: &mut impl FnMut(i64, i64)) {
        self.head.for_each_pair(&d.head, f);
        self.tail.for_each_pair(&d.tail, f);
    }
}

/// The run-time proof: the modes of extent > 1 taken in order of (stride,
/// position), each must have the stride `P` = product of the extents taken
/// before it. `None` if all do, else the first that does not, `(extent,
/// stride, P)`. No storage: each step scans the leaves for the next mode.
fn cover_fault<S: LeafPairs<D>, D>(s: &S, d: &D) -> Option<(i64, i64, i64)> {
    let mut last: Option<(i64, usize)> = None;
    let mut p = 1i64;
    loop {
        let mut next: Option<(i64, usize, i64)> = None;
        let mut k = 0;
        s.for_each_pair(d, &mut |e, x| {
            let after = last.is_none_or(|l| (x, k) > l);
            if e != 1 && after && next.is_none_or(|(nx, nk, _)| (x, k) < (nx, nk)) {
                next = Some((x, k, e));
            }
            k += 1;
        });
        let (x, k, e) = next?;
        if x != p {
            return Some((e, x, p));
        }
        // `p·e` divides the layout's size, which fits `i64`.
        p = p.saturating_mul(e);
        last = Some((x, k));
    }
}

/// The error of a layout that is not a bijection (out of line).
#[cold]
#[inline(never)]
fn not_bijective(
    operation: &'static str,
    layout: &dyn core::fmt::Display,
    (e, x, p): (i64, i64, i64),
) -> LayoutError {
    LayoutError::new(
        ErrorKind::NotBijective,
        operation,
        alloc::format!(
            "sorted by stride, the mode {e}:{x} of {layout} has stride {x} where the modes below it cover [0, {p}) (a smaller stride makes two threads meet, a larger one leaves a gap)"
        ),
    )
}
