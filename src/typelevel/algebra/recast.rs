//! Recasting a layout to another element width: `upcast`, `downcast`,
//! `recast_layout` (the type-level twins of the runtime layer's `recast.rs`).
//!
//! Leaf by leaf, keeping the tree: `upcast(L, n)` maps
//! `s:d ↦ ⌈s / ⌈n/|d|⌉⌉ : sign(d)·⌈|d|/n⌉` (stride-0 leaves unchanged), and
//! needs `n | d` or `d | n` for every nonzero stride; `downcast(L, n)` maps
//! `s:±1 ↦ s·n:±1` and `s:d ↦ s:d·n` otherwise, and needs a stride-1 leaf.
//! `recast_layout(L, old, new)` for element widths in bits is, with
//! `new/old = p/q` in lowest terms, `downcast(upcast(L, p), q)` (the downcast
//! skipped for `q = 1`; an upcast by 1 is the identity). A non-positive factor
//! or width, an indivisible stride and a missing stride-1 leaf are compile
//! errors naming the rule.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let l = layout!((4,8):(1,4));
//! assert_eq!(upcast(l, int!(2)).to_string(), "(2,8):(1,2)");
//! assert_eq!(downcast(l, int!(2)).to_string(), "(8,8):(1,8)");
//! let r: Layout![(4,8):(1,4)] = recast_layout(layout!((6,8):(1,6)), int!(32), int!(48));
//! # let _ = r;
//! ```

use core::ops::Mul;
use frunk_core::hlist::{HCons, HNil};
use typenum::{
    Eq, Gcd, Gcf, IsEqual, NInt, NonZero, PInt, Prod, UInt, UTerm, Unsigned, B0, B1, N1, P1, U0, Z0,
};

use super::arith::{CeilQ, DivCeil, DivRem, OrBit, QuotOf, RemOf};
use super::modes::{Parts, StaticValue};
use super::size::FitsVerdict;
use crate::typelevel::check::front_door::{front_door, Yields};
use crate::typelevel::check::gate::{Gate, Gated};
use crate::typelevel::check::readable::{ElementBits, Factor};
use crate::typelevel::check::rules::op::{DowncastOp, UpcastOp};
use crate::typelevel::check::rules::{
    op::RecastLayoutOp, Admissible, Shown, ShownOf, StaticLeaves,
};
use crate::typelevel::check::verdict::{
    First, Holds, NonPositiveFactor, NotAdjacent, Pass, RecastDivisibility, Then,
};
use crate::typelevel::Layout;

// ---------------------------------------------------------------------------
// upcast
// ---------------------------------------------------------------------------

front_door!(
    r#"the layout read through elements `n` times wider: leaf by leaf `s:d ↦ ⌈s/⌈n/|d|⌉⌉ : sign(d)·⌈|d|/n⌉`, where every nonzero stride `d` has `n | d` or `d | n`.

```
use layout_algebra::typelevel::*;
// 16-bit elements of a column-major 4x8 layout read as 32-bit elements.
let r: UpcastOut<Layout![(4,8):(1,4)], _2> = upcast(layout!((4,8):(1,4)), _2);
assert_eq!(r.to_string(), "(2,8):(1,2)");
```"#,
    Upcast,
    UpcastOut,
    upcast,
    Admissible<UpcastOp>,
    TryUpcast,
    n,
    shown as Factor<B>,
    Output: Parts
);

/// The magnitude `Self = |d|` of a nonzero stride under an upcast by `N`, on a
/// leaf of extent `S`: `Shape = ⌈S/⌈N/|d|⌉⌉`, `Stride = ⌈|d|/N⌉`, and
/// `Divides = [N | |d| ∨ |d| | N]`.
#[doc(hidden)]
pub trait UpcastMag<S, N> {
    /// The new extent (unsigned).
    type Shape;
    /// The new stride's magnitude (unsigned).
    type Stride;
    /// `B1` if `|d|` and `N` divide each other.
    type Divides;
}

impl<X, S, N> UpcastMag<S, N> for X
where
    X: DivRem<N> + DivCeil<N>,
    N: DivRem<X> + DivCeil<X>,
    S: DivCeil<CeilQ<N, X>>,
    RemOf<X, N>: IsEqual<U0>,
    RemOf<N, X>: IsEqual<U0>,
    Eq<RemOf<X, N>, U0>: OrBit<Eq<RemOf<N, X>, U0>>,
{
    type Shape = CeilQ<S, CeilQ<N, X>>;
    type Stride = CeilQ<X, N>;
    type Divides = <Eq<RemOf<X, N>, U0> as OrBit<Eq<RemOf<N, X>, U0>>>::Output;
}

/// The leaves of the shape `Self` and stride `D` upcast by `N` (unsigned ≥ 1).
#[doc(hidden)]
pub trait UpcastLeaves<D, N> {
    /// The new shape.
    type Shape;
    /// The new stride.
    type Stride;
    /// `Pass` or the first indivisible stride.
    type Verdict;
}

// s:0 ↦ s:0.
impl<U: Unsigned + NonZero, N> UpcastLeaves<Z0, N> for PInt<U> {
    type Shape = Self;
    type Stride = Z0;
    type Verdict = Pass;
}

// s:d ↦ ⌈s/⌈n/d⌉⌉ : ⌈d/n⌉.
impl<U, X, N> UpcastLeaves<PInt<X>, N> for PInt<U>
where
    U: Unsigned + NonZero,
    X: Unsigned + NonZero + UpcastMag<U, N>,
    <X as UpcastMag<U, N>>::Shape: Unsigned + NonZero,
    <X as UpcastMag<U, N>>::Stride: Unsigned + NonZero,
    <X as UpcastMag<U, N>>::Divides: Holds<RecastDivisibility<PInt<X>, N>>,
{
    type Shape = PInt<<X as UpcastMag<U, N>>::Shape>;
    type Stride = PInt<<X as UpcastMag<U, N>>::Stride>;
    type Verdict =
        <<X as UpcastMag<U, N>>::Divides as Holds<RecastDivisibility<PInt<X>, N>>>::Verdict;
}

// s:-d ↦ ⌈s/⌈n/d⌉⌉ : -⌈d/n⌉.
impl<U, X, N> UpcastLeaves<NInt<X>, N> for PInt<U>
where
    U: Unsigned + NonZero,
    X: Unsigned + NonZero + UpcastMag<U, N>,
    <X as UpcastMag<U, N>>::Shape: Unsigned + NonZero,
    <X as UpcastMag<U, N>>::Stride: Unsigned + NonZero,
    <X as UpcastMag<U, N>>::Divides: Holds<RecastDivisibility<NInt<X>, N>>,
{
    type Shape = PInt<<X as UpcastMag<U, N>>::Shape>;
    type Stride = NInt<<X as UpcastMag<U, N>>::Stride>;
    type Verdict =
        <<X as UpcastMag<U, N>>::Divides as Holds<RecastDivisibility<NInt<X>, N>>>::Verdict;
}

impl<N> UpcastLeaves<HNil, N> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    type Verdict = Pass;
}

impl<S0, ST, D0, DT, N> UpcastLeaves<HCons<D0, DT>, N> for HCons<S0, ST>
where
    S0: UpcastLeaves<D0, N>,
    ST: UpcastLeaves<DT, N>,
    S0::Verdict: First<ST::Verdict>,
{
    type Shape = HCons<S0::Shape, ST::Shape>;
    type Stride = HCons<S0::Stride, ST::Stride>;
    type Verdict = Then<S0::Verdict, ST::Verdict>;
}

/// The factor's side of [`TryUpcast`] on the layout `Layout<S, D>` (the factor
/// is the `Self` type so that type inference waits for it).
#[doc(hidden)]
pub trait UpcastBy<S, D> {
    /// The upcast layout.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<U: Unsigned + NonZero, S, D> UpcastBy<S, D> for PInt<U>
where
    S: UpcastLeaves<D, U>,
{
    type Output = Layout<S::Shape, S::Stride>;
    type Verdict = S::Verdict;
}

impl<S, D> UpcastBy<S, D> for Z0 {
    type Output = Layout<S, D>;
    type Verdict = NonPositiveFactor;
}

impl<U: Unsigned + NonZero, S, D> UpcastBy<S, D> for NInt<U> {
    type Output = Layout<S, D>;
    type Verdict = NonPositiveFactor;
}

/// `upcast(Layout<S, D>, N) = <N as UpcastBy<S, D>>`: the leaves mapped as above.
impl<S, D, N> TryUpcast<N> for Layout<S, D>
where
    S: StaticLeaves,
    D: StaticLeaves,
    N: UpcastBy<S, D>,
{
    type Output = <N as UpcastBy<S, D>>::Output;
    type Verdict = <N as UpcastBy<S, D>>::Verdict;
}

// ---------------------------------------------------------------------------
// downcast
// ---------------------------------------------------------------------------

front_door!(
    r#"the layout read through elements `n` times narrower: leaf by leaf `s:±1 ↦ s·n:±1`, `s:d ↦ s:d·n` otherwise; some leaf must have stride 1.

```
use layout_algebra::typelevel::*;
// 32-bit elements of a column-major 4x8 layout read as 16-bit elements.
let r: DowncastOut<Layout![(4,8):(1,4)], _2> = downcast(layout!((4,8):(1,4)), _2);
assert_eq!(r.to_string(), "(8,8):(1,8)");
```"#,
    Downcast,
    DowncastOut,
    downcast,
    Admissible<DowncastOp>,
    TryDowncast,
    n,
    shown as Factor<B>,
    Output: Parts
);

/// The leaves of the shape `Self` and stride `D` downcast by `N` (unsigned ≥ 1).
#[doc(hidden)]
pub trait DowncastLeaves<D, N> {
    /// The new shape.
    type Shape;
    /// The new stride.
    type Stride;
    /// `B1` if some leaf has stride 1.
    type Adjacent;
}

// s:0 ↦ s:0.
impl<U: Unsigned + NonZero, N> DowncastLeaves<Z0, N> for PInt<U> {
    type Shape = Self;
    type Stride = Z0;
    type Adjacent = B0;
}

// s:1 ↦ s·n:1.
impl<U: Unsigned + NonZero + Mul<N>, N> DowncastLeaves<P1, N> for PInt<U>
where
    Prod<U, N>: Unsigned + NonZero,
{
    type Shape = PInt<Prod<U, N>>;
    type Stride = P1;
    type Adjacent = B1;
}

// s:-1 ↦ s·n:-1.
impl<U: Unsigned + NonZero + Mul<N>, N> DowncastLeaves<N1, N> for PInt<U>
where
    Prod<U, N>: Unsigned + NonZero,
{
    type Shape = PInt<Prod<U, N>>;
    type Stride = N1;
    type Adjacent = B0;
}

// s:d ↦ s:d·n for d ≥ 2.
impl<U: Unsigned + NonZero, X, B, C, N> DowncastLeaves<PInt<UInt<UInt<X, B>, C>>, N> for PInt<U>
where
    UInt<UInt<X, B>, C>: Unsigned + NonZero + Mul<N>,
    Prod<UInt<UInt<X, B>, C>, N>: Unsigned + NonZero,
{
    type Shape = Self;
    type Stride = PInt<Prod<UInt<UInt<X, B>, C>, N>>;
    type Adjacent = B0;
}

// s:d ↦ s:d·n for d ≤ -2.
impl<U: Unsigned + NonZero, X, B, C, N> DowncastLeaves<NInt<UInt<UInt<X, B>, C>>, N> for PInt<U>
where
    UInt<UInt<X, B>, C>: Unsigned + NonZero + Mul<N>,
    Prod<UInt<UInt<X, B>, C>, N>: Unsigned + NonZero,
{
    type Shape = Self;
    type Stride = NInt<Prod<UInt<UInt<X, B>, C>, N>>;
    type Adjacent = B0;
}

impl<N> DowncastLeaves<HNil, N> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    type Adjacent = B0;
}

impl<S0, ST, D0, DT, N> DowncastLeaves<HCons<D0, DT>, N> for HCons<S0, ST>
where
    S0: DowncastLeaves<D0, N>,
    ST: DowncastLeaves<DT, N>,
    S0::Adjacent: OrBit<ST::Adjacent>,
{
    type Shape = HCons<S0::Shape, ST::Shape>;
    type Stride = HCons<S0::Stride, ST::Stride>;
    type Adjacent = <S0::Adjacent as OrBit<ST::Adjacent>>::Output;
}

/// The factor's side of [`TryDowncast`] on the layout `Layout<S, D>`.
#[doc(hidden)]
pub trait DowncastBy<S, D> {
    /// The downcast layout.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<U: Unsigned + NonZero, S, D> DowncastBy<S, D> for PInt<U>
where
    S: DowncastLeaves<D, U>,
    S::Adjacent: Holds<NotAdjacent>,
{
    type Output = Layout<S::Shape, S::Stride>;
    type Verdict = <S::Adjacent as Holds<NotAdjacent>>::Verdict;
}

impl<S, D> DowncastBy<S, D> for Z0 {
    type Output = Layout<S, D>;
    type Verdict = NonPositiveFactor;
}

impl<U: Unsigned + NonZero, S, D> DowncastBy<S, D> for NInt<U> {
    type Output = Layout<S, D>;
    type Verdict = NonPositiveFactor;
}

/// `downcast(Layout<S, D>, N) = <N as DowncastBy<S, D>>`: the leaves mapped as above.
impl<S, D, N> TryDowncast<N> for Layout<S, D>
where
    S: StaticLeaves,
    D: StaticLeaves,
    N: DowncastBy<S, D>,
{
    type Output = <N as DowncastBy<S, D>>::Output;
    type Verdict = <N as DowncastBy<S, D>>::Verdict;
}

// ---------------------------------------------------------------------------
// recast_layout
// ---------------------------------------------------------------------------

/// CuTe's `recast_layout<Old, New>(layout)`, checked: the layout over elements
/// of `Old` bits read through elements of `New` bits, `downcast(upcast(L, p), q)`
/// with `New/Old = p/q` in lowest terms.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // 16-bit elements read as 32-bit ones: half as many along the stride-1 mode.
/// let r: RecastLayoutOut<Layout![(4,8):(1,4)], Int![16], Int![32]> =
///     recast_layout(layout!((4,8):(1,4)), int!(16), int!(32));
/// assert_eq!(r.to_string(), "(2,8):(1,2)");
/// ```
pub trait RecastLayout<Old, New> {
    /// The result layout.
    type Output;
}

/// `recast_layout<Old, New>(L)`.
/// See [`RecastLayout`] for an example.
pub type RecastLayoutOut<L, Old, New> = <L as RecastLayout<Old, New>>::Output;

impl<S, D, Old, New> RecastLayout<Old, New> for Layout<S, D>
where
    Self: TryRecastLayout<Old, New>,
    <Self as TryRecastLayout<Old, New>>::Verdict: Shown<Self, ElementBits<Old, New>>,
    ShownOf<<Self as TryRecastLayout<Old, New>>::Verdict, Self, ElementBits<Old, New>>:
        Admissible<RecastLayoutOp>,
{
    type Output = <Self as TryRecastLayout<Old, New>>::Output;
}

impl<S, D, Old, New, R, V, W> Yields<RecastLayoutOp, ElementBits<Old, New>, R, W> for Layout<S, D>
where
    Self: TryRecastLayout<Old, New, Output = R, Verdict = V>,
    R: FitsVerdict,
    V: First<<R as FitsVerdict>::Verdict, Output = W>,
{
}

/// `recast_layout<Old, New>(layout)` (CuTe), the element widths `old_bits`
/// and `new_bits` as static integers: with `new/old = p/q` in lowest terms,
/// `downcast(upcast(layout, p), q)` (the downcast skipped for `q = 1`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((4,8):(1,4));
/// assert_eq!(recast_layout(a, int!(16), int!(32)).to_string(), "(2,8):(1,2)");
/// assert_eq!(recast_layout(a, int!(32), int!(16)).to_string(), "(8,8):(1,8)");
/// assert_eq!(recast_layout(a, int!(8), int!(8)).to_string(), "(4,8):(1,4)");
/// ```
pub fn recast_layout<A, Old, New, R, V>(a: A, old_bits: Old, new_bits: New) -> R
where
    A: Gate<RecastLayoutOp>,
    Gated<A, RecastLayoutOp>: Yields<RecastLayoutOp, ElementBits<Old, New>, R, V>,
    V: Shown<A, ElementBits<Old, New>>,
    ShownOf<V, A, ElementBits<Old, New>>: Admissible<RecastLayoutOp>,
    R: StaticValue,
{
    let _ = (a, old_bits, new_bits);
    R::VALUE
}

/// `recast_layout` with its verdict, unchecked.
///
/// Call [`recast_layout`] (see [`RecastLayout`] for an example) to have a refusal be a compile error.
pub trait TryRecastLayout<Old, New> {
    /// The result (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// `recast_layout(A, Old, New) = <New as RecastNew<Old, A>>`.
impl<S, D, Old, New> TryRecastLayout<Old, New> for Layout<S, D>
where
    New: RecastNew<Old, Self>,
{
    type Output = <New as RecastNew<Old, Self>>::Output;
    type Verdict = <New as RecastNew<Old, Self>>::Verdict;
}

/// The new width's side of [`TryRecastLayout`] on the layout `A` (each width is
/// the `Self` type of one step, the last argument first, so that type inference
/// waits for both).
#[doc(hidden)]
pub trait RecastNew<Old, A> {
    /// The recast layout.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<W: Unsigned + NonZero, Old, A> RecastNew<Old, A> for PInt<W>
where
    Old: RecastOld<W, A>,
{
    type Output = <Old as RecastOld<W, A>>::Output;
    type Verdict = <Old as RecastOld<W, A>>::Verdict;
}

impl<Old, A> RecastNew<Old, A> for Z0 {
    type Output = A;
    type Verdict = NonPositiveFactor;
}

impl<U: Unsigned + NonZero, Old, A> RecastNew<Old, A> for NInt<U> {
    type Output = A;
    type Verdict = NonPositiveFactor;
}

/// The old width's side, with the new width `W` (unsigned) known.
#[doc(hidden)]
pub trait RecastOld<W, A> {
    /// The recast layout.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// `new/old` in lowest terms: `p = new/gcd`, `q = old/gcd`.
type P<O, W> = QuotOf<W, Gcf<O, W>>;
type Q<O, W> = QuotOf<O, Gcf<O, W>>;
type Up<A, O, W> = <A as TryUpcast<PInt<P<O, W>>>>::Output;

// W/O = p/q: downcast(upcast(A, p), q).
impl<O, W, A> RecastOld<W, A> for PInt<O>
where
    O: Unsigned + NonZero + Gcd<W> + DivRem<Gcf<O, W>>,
    W: Unsigned + NonZero + DivRem<Gcf<O, W>>,
    P<O, W>: Unsigned + NonZero,
    A: TryUpcast<PInt<P<O, W>>>,
    Q<O, W>: DownBy<Up<A, O, W>>,
    <A as TryUpcast<PInt<P<O, W>>>>::Verdict: First<<Q<O, W> as DownBy<Up<A, O, W>>>::Verdict>,
{
    type Output = <Q<O, W> as DownBy<Up<A, O, W>>>::Output;
    type Verdict =
        Then<<A as TryUpcast<PInt<P<O, W>>>>::Verdict, <Q<O, W> as DownBy<Up<A, O, W>>>::Verdict>;
}

impl<W, A> RecastOld<W, A> for Z0 {
    type Output = A;
    type Verdict = NonPositiveFactor;
}

impl<U: Unsigned + NonZero, W, A> RecastOld<W, A> for NInt<U> {
    type Output = A;
    type Verdict = NonPositiveFactor;
}

/// The downcast of `L` by `Self = q`: `L` itself for `q = 1`.
#[doc(hidden)]
pub trait DownBy<L> {
    /// The layout.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<L> DownBy<L> for UInt<UTerm, B1> {
    type Output = L;
    type Verdict = Pass;
}

impl<L, X, B, C> DownBy<L> for UInt<UInt<X, B>, C>
where
    L: TryDowncast<PInt<UInt<UInt<X, B>, C>>>,
    UInt<UInt<X, B>, C>: Unsigned + NonZero,
{
    type Output = <L as TryDowncast<PInt<UInt<UInt<X, B>, C>>>>::Output;
    type Verdict = <L as TryDowncast<PInt<UInt<UInt<X, B>, C>>>>::Verdict;
}
