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
use super::values::{leaf_values, placed, FlatLayout, LeafValues, Values};
use crate::runtime::algebra::recast::{downcast_leaf, upcast_leaf};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::front_door::{front_door, Yields};
use crate::typelevel::check::gate::{Gate, Gated};
use crate::typelevel::check::readable::{ElementBits, Factor};
use crate::typelevel::check::rules::op::{DowncastOp, UpcastOp};
use crate::typelevel::check::rules::{op::RecastLayoutOp, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{
    First, Holds, NonPositiveFactor, NotAdjacent, Pass, RecastDivisibility, Then,
};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf, IntMul, IntMulOut};
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

// A run-time extent: s:0 ↦ s:0; on a static stride `$Sign<X>` the same as
// a static extent, the extent computed when the program runs.
macro_rules! upcast_dyn_extent {
    ($Sign:ident; $([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* X, N> UpcastLeaves<$Sign<X>, N> for $S
        where
            X: Unsigned + NonZero + UpcastMag<typenum::U1, N>,
            <X as UpcastMag<typenum::U1, N>>::Stride: Unsigned + NonZero,
            <X as UpcastMag<typenum::U1, N>>::Divides: Holds<RecastDivisibility<$Sign<X>, N>>,
        {
            type Shape = Dyn;
            type Stride = $Sign<<X as UpcastMag<typenum::U1, N>>::Stride>;
            type Verdict = <<X as UpcastMag<typenum::U1, N>>::Divides as Holds<
                RecastDivisibility<$Sign<X>, N>,
            >>::Verdict;
        }
    )*};
}
upcast_dyn_extent!(PInt; [] Dyn, [M,] DivBy<M>);
upcast_dyn_extent!(NInt; [] Dyn, [M,] DivBy<M>);
impl<N> UpcastLeaves<Z0, N> for Dyn {
    type Shape = Self;
    type Stride = Z0;
    type Verdict = Pass;
}
impl<M, N> UpcastLeaves<Z0, N> for DivBy<M> {
    type Shape = Self;
    type Stride = Z0;
    type Verdict = Pass;
}

/// A run-time stride under an upcast or a downcast (`$Trait`, its third item
/// `$Item = $V`): the extent kept, the stride computed when the program runs.
macro_rules! dyn_stride {
    ($Trait:ident, $Item:ident = $V:ty; $([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* N> $Trait<Dyn, N> for $S {
            type Shape = Self;
            type Stride = Dyn;
            type $Item = $V;
        }
        impl<$($g)* K, N> $Trait<DivBy<K>, N> for $S {
            type Shape = Self;
            type Stride = Dyn;
            type $Item = $V;
        }
    )*};
}
// Taken as a multiple of `n`, as CuTe C++ takes it (the stride divided);
// checked when the program runs.
dyn_stride!(UpcastLeaves, Verdict = Pass; [U: Unsigned + NonZero,] PInt<U>, [] Dyn, [M,] DivBy<M>);

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

// Any extent: s:0 ↦ s:0, and s:d ↦ s:d·n for a static |d| ≥ 2.
macro_rules! downcast_extent {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* N> DowncastLeaves<Z0, N> for $S {
            type Shape = Self;
            type Stride = Z0;
            type Adjacent = B0;
        }
        downcast_extent!(@scaled [$($g)*] $S, PInt);
        downcast_extent!(@scaled [$($g)*] $S, NInt);
    )*};
    (@scaled [$($g:tt)*] $S:ty, $Sign:ident) => {
        impl<$($g)* X, B, C, N> DowncastLeaves<$Sign<UInt<UInt<X, B>, C>>, N> for $S
        where
            UInt<UInt<X, B>, C>: Unsigned + NonZero + Mul<N>,
            Prod<UInt<UInt<X, B>, C>, N>: Unsigned + NonZero,
        {
            type Shape = Self;
            type Stride = $Sign<Prod<UInt<UInt<X, B>, C>, N>>;
            type Adjacent = B0;
        }
    };
}
downcast_extent!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [M,] DivBy<M>);

// A run-time extent on a stride ±1: `s·n` computed when the program runs.
macro_rules! downcast_dyn_extent {
    ($([$($g:tt)*] $S:ty),*) => {$(
        downcast_dyn_extent!(@unit [$($g)*] $S, P1, B1);
        downcast_dyn_extent!(@unit [$($g)*] $S, N1, B0);
    )*};
    (@unit [$($g:tt)*] $S:ty, $D:ty, $Adjacent:ty) => {
        impl<$($g)* N: Unsigned + NonZero> DowncastLeaves<$D, N> for $S
        where
            $S: IntMul<PInt<N>>,
            PInt<N>: IntLeaf,
        {
            type Shape = IntMulOut<$S, PInt<N>>;
            type Stride = $D;
            type Adjacent = $Adjacent;
        }
    };
}
downcast_dyn_extent!([] Dyn, [M,] DivBy<M>);

// Taken as not ±1, as CuTe C++ takes it (the stride multiplied); a value ±1
// is refused when the program runs.
dyn_stride!(DowncastLeaves, Adjacent = B0; [U: Unsigned + NonZero,] PInt<U>, [] Dyn, [M,] DivBy<M>);

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

// ---------------------------------------------------------------------------
// run-time leaves
// ---------------------------------------------------------------------------

/// `a`'s flat leaves upcast by `p`, then downcast by `q` (each step skipped
/// for a factor 1), by the runtime layer's leaf maps; `dyn_stride[k]` says
/// that stride `k` is a run-time leaf, which the types took as CuTe C++
/// takes it: a multiple of `p` (an upcast keeps the extent) and not ±1 (a
/// downcast keeps the extent). A value that breaks that assumption, where
/// CuTe C++'s answer would be another function, is refused.
fn recast_values(
    (s, d): (LeafValues, LeafValues),
    dyn_stride: &[Option<i64>],
    (p, q): (i64, i64),
    a: &dyn core::fmt::Display,
) -> Result<(LeafValues, LeafValues), LayoutError> {
    let (mut rs, mut rd) = (Values::new(), Values::new());
    for (k, (&s, &d)) in s.iter().zip(d.iter()).enumerate() {
        let run_time = dyn_stride.get(k).is_some_and(|x| x.is_none());
        let (mut s, mut d) = (s, d);
        if p != 1 {
            if run_time && d % p != 0 {
                return Err(LayoutError::new(
                    ErrorKind::Divisibility,
                    "upcast",
                    alloc::format!("the run-time stride {d} of {a} is not a multiple of the factor {p} (CuTe C++ takes a run-time stride as one, keeping its extent)"),
                ));
            }
            (s, d) = upcast_leaf(s, d, p, a)?;
        }
        if q != 1 {
            if run_time && (d == 1 || d == -1) {
                return Err(LayoutError::new(
                    ErrorKind::Divisibility,
                    "downcast",
                    alloc::format!("the run-time stride {d} of {a} is a unit stride (CuTe C++ takes a run-time stride as not ±1, keeping its extent)"),
                ));
            }
            (s, d) = downcast_leaf(s, d, q)?;
        }
        rs.push(s);
        rd.push(d);
    }
    leaf_values((rs, rd)).ok_or_else(|| LayoutError::overflow("recast_layout"))
}

/// The recast layout `R` of `a` by the factors `(p, q)`.
fn recast_into<A: FlatLayout + core::fmt::Display, R: FlatLayout>(
    a: A,
    factors: (i64, i64),
) -> Result<R, LayoutError> {
    placed(
        recast_values(a.values(), A::STATICS.1.get(), factors, &a),
        || LayoutError::overflow("recast_layout"),
    )
}

/// [`upcast`] of a layout whose leaves may be run-time values (CuTe C++'s
/// with `int` leaves): a leaf with a static stride maps as in the static
/// algebra, its extent computed at run time where it is one; a run-time
/// stride is taken as a multiple of `n` (its extent kept, the stride divided
/// when the program runs), and a value that is not one is refused
/// (`Divisibility`): CuTe C++ would answer another function.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // A column-major tile of 16-bit elements with a run-time leading dimension, as 32-bit elements.
/// let a = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, Dyn(64)]).unwrap();
/// assert_eq!(format!("{:#}", try_upcast(a, _2).unwrap()), "(_4,5):(_1,32)"); // as CuTe C++
/// let b = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, Dyn(9)]).unwrap();
/// assert!(try_upcast(b, _2).is_err()); // CuTe C++: (_4,5):(_1,4), offsets of another layout
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_upcast<S, D, N, R, V>(a: Layout<S, D>, n: N) -> Result<R, LayoutError>
where
    Layout<S, D>: TryUpcast<N, Output = R, Verdict = V> + FlatLayout + core::fmt::Display,
    N: IntLeaf,
    R: FlatLayout,
    V: Shown<Layout<S, D>, Factor<N>>,
    ShownOf<V, Layout<S, D>, Factor<N>>: Admissible<UpcastOp>,
{
    recast_into(a, (n.value(), 1))
}

/// [`downcast`] of a layout whose leaves may be run-time values (CuTe C++'s
/// with `int` leaves): a leaf with a static stride maps as in the static
/// algebra (`s·n` at run time for a run-time extent on a stride ±1); a
/// run-time stride is taken as not ±1 (its extent kept, the stride
/// multiplied), and a value ±1 is refused (`Divisibility`). Some leaf must
/// have the static stride 1, as for `downcast`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), Dyn(5)], hlist![_1, Dyn(32)]).unwrap();
/// assert_eq!(format!("{:#}", try_downcast(a, _2).unwrap()), "(8,5):(_1,64)"); // as CuTe C++
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_downcast<S, D, N, R, V>(a: Layout<S, D>, n: N) -> Result<R, LayoutError>
where
    Layout<S, D>: TryDowncast<N, Output = R, Verdict = V> + FlatLayout + core::fmt::Display,
    N: IntLeaf,
    R: FlatLayout,
    V: Shown<Layout<S, D>, Factor<N>>,
    ShownOf<V, Layout<S, D>, Factor<N>>: Admissible<DowncastOp>,
{
    recast_into(a, (1, n.value()))
}

/// [`recast_layout`] of a layout whose leaves may be run-time values, the
/// element widths static: with `new/old = p/q` in lowest terms,
/// [`try_upcast`] by `p`, then [`try_downcast`] by `q`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, Dyn(64)]).unwrap();
/// assert_eq!(format!("{:#}", try_recast_layout(a, int!(16), int!(32)).unwrap()), "(_4,5):(_1,32)");
/// assert_eq!(format!("{:#}", try_recast_layout(a, int!(32), int!(16)).unwrap()), "(_16,5):(_1,128)");
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_recast_layout<S, D, Old, New, R, V>(
    a: Layout<S, D>,
    old_bits: Old,
    new_bits: New,
) -> Result<R, LayoutError>
where
    Layout<S, D>:
        TryRecastLayout<Old, New, Output = R, Verdict = V> + FlatLayout + core::fmt::Display,
    Old: IntLeaf,
    New: IntLeaf,
    R: FlatLayout,
    V: Shown<Layout<S, D>, ElementBits<Old, New>>,
    ShownOf<V, Layout<S, D>, ElementBits<Old, New>>: Admissible<RecastLayoutOp>,
{
    let (old, new) = (old_bits.value(), new_bits.value());
    let g = crate::runtime::int_tuple::gcd(old, new);
    recast_into(a, (new / g, old / g))
}
