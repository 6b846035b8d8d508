//! `filter_zeros` and `filter`: remove stride-0 modes (broadcasts).
//!
//! `filter_zeros(A)` keeps A's tree and strides but makes every stride-0 leaf's
//! extent 1; `filter(A) = coalesce(filter_zeros(A))`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = layout!((2,(2,4)):(0,(1,0)));
//! assert_eq!(filter_zeros(a).to_string(), "(1,(2,1)):(0,(1,0))");
//! assert_eq!(filter(a).to_string(), "2:1");
//! assert_eq!(filter_profile(a, hlist![_1, _1]).to_string(), "(1,2):(0,1)");
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, P1, Z0};

use super::bymode::{Apply, ByModeLayout};
use super::coalesce::Coalesce;
use super::modes::Parts;
use super::ordered::IntEntry;
use crate::typelevel::check::readable::Profile;
use crate::typelevel::check::rules::op;
use crate::typelevel::check::verdict::Pass;
use crate::typelevel::Layout;

/// CuTe's `filter_zeros(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let r: FilterZerosOut<Layout![(2,(2,4),3):(0,(1,0),4)]> = filter_zeros(layout!((2,(2,4),3):(0,(1,0),4)));
/// assert_eq!(r.to_string(), "(1,(2,1),3):(0,(1,0),4)");
/// ```
pub trait FilterZeros {
    /// The layout with stride-0 extents set to 1.
    type Output;
}

/// `filter_zeros(L)`.
/// See [`FilterZeros`] for an example.
pub type FilterZerosOut<L> = <L as FilterZeros>::Output;

impl<S, D> FilterZeros for Layout<S, D>
where
    S: ZeroExtents<D>,
{
    type Output = Layout<<S as ZeroExtents<D>>::Output, D>;
}

/// `filter_zeros(layout)` (CuTe): extent 1 wherever the stride is 0.
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(filter_zeros(layout!((4,8):(0,1))).to_string(), "(1,8):(0,1)");
/// ```
pub fn filter_zeros<L: FilterZeros<Output = R>, R: super::modes::StaticValue>(layout: L) -> R {
    let _ = layout;
    R::VALUE
}

/// A shape with the extents of stride-0 leaves of `D` set to 1.
pub trait ZeroExtents<D> {
    /// The shape.
    type Output;
}

impl<U: Unsigned + NonZero> ZeroExtents<Z0> for PInt<U> {
    type Output = P1;
}

impl<U: Unsigned + NonZero, X: Unsigned + NonZero> ZeroExtents<PInt<X>> for PInt<U> {
    type Output = Self;
}

impl<U: Unsigned + NonZero, X: Unsigned + NonZero> ZeroExtents<NInt<X>> for PInt<U> {
    type Output = Self;
}

impl ZeroExtents<HNil> for HNil {
    type Output = HNil;
}

impl<S0, ST, D0, DT> ZeroExtents<HCons<D0, DT>> for HCons<S0, ST>
where
    S0: ZeroExtents<D0>,
    ST: ZeroExtents<DT>,
{
    type Output = HCons<<S0 as ZeroExtents<D0>>::Output, <ST as ZeroExtents<DT>>::Output>;
}

/// CuTe's `filter(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // Stride-0 modes go, the rest coalesces.
/// let r: FilterOut<Layout![(2,(2,4),3):(0,(1,0),4)]> = filter(layout!((2,(2,4),3):(0,(1,0),4)));
/// assert_eq!(r.to_string(), "(2,3):(1,4)");
/// ```
pub trait Filter {
    /// `coalesce(filter_zeros(layout))`.
    type Output;
}

/// `filter(L)`.
/// See [`Filter`] for an example.
pub type FilterOut<L> = <L as Filter>::Output;

impl<L> Filter for L
where
    L: FilterZeros,
    FilterZerosOut<L>: Coalesce,
{
    type Output = <FilterZerosOut<L> as Coalesce>::Output;
}

/// `filter(layout)` (CuTe): `coalesce(filter_zeros(layout))`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(filter(layout!((2,(2,4),3):(0,(1,0),4))).to_string(), "(2,3):(1,4)");
/// assert_eq!(filter(layout!((4,8):(1,4))).to_string(), "32:1");
/// ```
pub fn filter<L: Filter<Output = R>, R: super::modes::StaticValue>(layout: L) -> R {
    let _ = layout;
    R::VALUE
}

crate::typelevel::check::front_door::front_door!(
    r#"by mode, keeping the tree of `profile`, as `coalesce_profile` with `filter` in place of `coalesce`.

```
use layout_algebra::typelevel::*;
use layout_algebra::typelevel::frunk_core::{hlist, HList};
let l = layout!((4,(2,3)):(1,(0,4)));
assert_eq!(filter(l).to_string(), "12:1");
// Profile (1,1): each mode is filtered on its own.
assert_eq!(filter_profile(l, hlist![_1, _1]).to_string(), "(4,3):(1,4)");
```"#,
    FilterProfile,
    FilterProfileOut,
    filter_profile,
    FilterOp,
    TryFilterProfile,
    profile,
    shown as Profile<B>,
    Output: Parts
);

/// `filter(A, P) = <P as Apply<FilterOp, A>>`: see below.
impl<S, D, P> TryFilterProfile<P> for Layout<S, D>
where
    P: Apply<op::FilterOp, Self>,
    <P as Apply<op::FilterOp, Self>>::Output: Parts,
{
    type Output = <P as Apply<op::FilterOp, Self>>::Output;
    type Verdict = <P as Apply<op::FilterOp, Self>>::Verdict;
}

/// `filter(A, n) = filter(A)` for an integer profile entry `n`.
impl<E: IntEntry, A: Filter> Apply<op::FilterOp, A> for E {
    type Output = FilterOut<A>;
    type Verdict = Pass;
}

/// `filter(A, ()) = (A₀, A₁, ..)`: every mode kept.
impl<A> Apply<op::FilterOp, A> for HNil
where
    HNil: ByModeLayout<op::FilterOp, A>,
{
    type Output = <HNil as ByModeLayout<op::FilterOp, A>>::Output;
    type Verdict = <HNil as ByModeLayout<op::FilterOp, A>>::Verdict;
}

/// `filter(A, (P₀, P₁, ..)) = (filter(A₀, P₀), filter(A₁, P₁), .., A(k+1), ..)`.
impl<H, T, A> Apply<op::FilterOp, A> for HCons<H, T>
where
    Self: ByModeLayout<op::FilterOp, A>,
{
    type Output = <Self as ByModeLayout<op::FilterOp, A>>::Output;
    type Verdict = <Self as ByModeLayout<op::FilterOp, A>>::Verdict;
}
