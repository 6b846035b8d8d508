//! `make_ordered_layout(shape, order)`: the compact layout of a static shape
//! whose leaves are ranked by `order` (the twin of the runtime layer's
//! `Layout::ordered`).
//!
//! Leaf `i` of extent `sᵢ` and order `oᵢ` gets the stride
//! `dᵢ = ∏ { sⱼ : (oⱼ, j) < (oᵢ, i) }`, the product of the extents of the
//! leaves ranked before it, ties broken left to right (CuTe C++ gives tied
//! leaves one stride; the runtime layer, followed here, does not), and
//! `dᵢ = 0` for `sᵢ = 1`. An integer order applies to every leaf, giving the
//! column-major layout. An order tuple not congruent with the shape is a
//! compile error naming the rule.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let l = make_ordered_layout(hlist![_4, _8, _2], hlist![_1, _2, _0]);
//! assert_eq!(l.to_string(), "(4,8,2):(2,8,1)");
//! let r: Layout![(4,(8,2)):(16,(1,8))] =
//!     make_ordered_layout(hlist![_4, hlist![_8, _2]], hlist![_2, hlist![_0, _1]]);
//! assert_eq!(make_ordered_layout(hlist![_2, _16], hlist![_0, _0]).to_string(), "(2,16):(1,2)");
//! assert_eq!(make_ordered_layout(hlist![_4, _1, _8], _0).to_string(), "(4,1,8):(1,0,4)");
//! # let _ = r;
//! ```

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Compare, Equal, Greater, Less, NInt, NonZero, PInt, Unsigned, B0, B1};
use typenum::{U1, Z0};

use super::int_tuple::gate::{Computes, GateOf, StaticGate};
use super::modes::StaticValue;
use super::size::FitsVerdict;
use super::values::{FlatLeaves, LeafValues, Statics, Values};
use crate::runtime::layout::ordered_strides;
use crate::runtime::LayoutError;
use crate::typelevel::check::front_door::Yields;
use crate::typelevel::check::rules::{op::MakeOrderedLayoutOp, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{First, Holds, NotCongruent};
use crate::typelevel::check::Blame;
use crate::typelevel::check::{form, Left, Right, RunTimeShapeVerdict, RunTimeTuple};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf, IntMul, IntMulOut};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::Layout;

/// CuTe's `make_ordered_layout(shape, order)` on the shape `Self`, checked:
/// the compact layout whose leaves take strides in the rank of `O`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // Mode 1 gets the smallest stride, then mode 2, then mode 0.
/// let l: MakeOrderedLayoutOut<HList!(_4, _8, _2), HList!(_2, _0, _1)> =
///     make_ordered_layout(hlist![_4, _8, _2], hlist![_2, _0, _1]);
/// assert_eq!(l.to_string(), "(4,8,2):(16,1,8)");
/// ```
pub trait MakeOrderedLayout<O> {
    /// The layout.
    type Output;
}

/// `make_ordered_layout(S, O)`.
/// See [`MakeOrderedLayout`] for an example.
pub type MakeOrderedLayoutOut<S, O> = <S as MakeOrderedLayout<O>>::Output;

impl<S, O> MakeOrderedLayout<O> for S
where
    S: TryMakeOrderedLayout<O>,
    <S as TryMakeOrderedLayout<O>>::Verdict: Shown<S, O>,
    ShownOf<<S as TryMakeOrderedLayout<O>>::Verdict, S, O>: Admissible<MakeOrderedLayoutOp>,
{
    type Output = <S as TryMakeOrderedLayout<O>>::Output;
}

// The front door's computation, behind the gate of the int-tuple functions
// (a run-time leaf in the shape or the order is refused by name; a shape's
// refusal names `try_make_ordered_layout`).
impl<S, O, R, W> Yields<MakeOrderedLayoutOp, O, R, W> for S
where
    S: AllStatic,
    O: AllStatic,
    S::Bit: Blame<O::Bit>,
    GateOf<S, O>: OrderedGate<S, O, Output = R, Verdict = W>,
{
}

/// The gate of `make_ordered_layout(S, O)` (`Self`: [`GateOf`]'s blame):
/// the static computation for `B1`, a shape's run-time leaf refused naming
/// `try_make_ordered_layout`, an order's as the int-tuple functions refuse it.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait OrderedGate<S, O> {
    /// The layout.
    type Output;
    /// `Pass`, the violated rule, or the refusal of a run-time leaf.
    type Verdict;
}

impl<S, O> OrderedGate<S, O> for typenum::B1
where
    B1: StaticGate<MakeOrderedLayoutOp, S, O>,
{
    type Output = <B1 as StaticGate<MakeOrderedLayoutOp, S, O>>::Output;
    type Verdict = <B1 as StaticGate<MakeOrderedLayoutOp, S, O>>::Verdict;
}

impl<S, O> OrderedGate<S, O> for Left {
    type Output = RunTimeTuple;
    type Verdict = RunTimeShapeVerdict<form::try_make_ordered_layout>;
}

impl<S, O> OrderedGate<S, O> for Right
where
    Right: StaticGate<MakeOrderedLayoutOp, S, O>,
{
    type Output = <Right as StaticGate<MakeOrderedLayoutOp, S, O>>::Output;
    type Verdict = <Right as StaticGate<MakeOrderedLayoutOp, S, O>>::Verdict;
}

/// The layout, then whether its size and cosize fit `i64`.
type Ordered<S, O> = <S as TryMakeOrderedLayout<O>>::Output;
impl<S, O> Computes<S, O> for MakeOrderedLayoutOp
where
    S: TryMakeOrderedLayout<O>,
    Ordered<S, O>: FitsVerdict,
    <S as TryMakeOrderedLayout<O>>::Verdict: First<<Ordered<S, O> as FitsVerdict>::Verdict>,
{
    type Output = Ordered<S, O>;
    type Verdict = <<S as TryMakeOrderedLayout<O>>::Verdict as First<
        <Ordered<S, O> as FitsVerdict>::Verdict,
    >>::Output;
}

/// `make_ordered_layout(shape, order)` (CuTe) for a static shape (an
/// integer or an HList of them) and a static order congruent with it, or an
/// integer order for every leaf: leaf `i` gets the stride
/// `∏ { sⱼ : (oⱼ, j) < (oᵢ, i) }` (0 for an extent 1).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let l = make_ordered_layout(hlist![_2, _3, _4], hlist![_5, _9, _7]);
/// assert_eq!(l.to_string(), "(2,3,4):(1,8,2)");
/// assert_eq!(make_ordered_layout(_4, _0).to_string(), "4:1");
/// ```
pub fn make_ordered_layout<S, O, R, V>(shape: S, order: O) -> R
where
    S: Yields<MakeOrderedLayoutOp, O, R, V>,
    V: Shown<S, O>,
    ShownOf<V, S, O>: Admissible<MakeOrderedLayoutOp>,
    R: StaticValue,
{
    let _ = (shape, order);
    R::VALUE
}

/// `make_ordered_layout(shape, order)` (CuTe) for a shape whose extents may
/// be known at run time only ([`Dyn`], [`DivBy`]) and a static order: the
/// types are [`make_ordered_layout`]'s (a stride is static where every extent
/// ranked before its leaf is; a static extent 1 gets the stride 0, a
/// run-time one the product, as in CuTe C++), the strides computed by the
/// runtime layer's `Layout::ordered` core; the extents are checked as
/// `Layout::try_new` checks them (`NonPositiveShape`, `Overflow`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let l = try_make_ordered_layout(hlist![_4, Dyn(6), _2], hlist![_1, _2, _0]).unwrap();
/// assert_eq!(format!("{l:#}"), "(_4,6,_2):(_2,_8,_1)"); // as CuTe C++
/// let m = try_make_ordered_layout(hlist![_4, hlist![Dyn(6), _2]], hlist![_2, hlist![_0, _1]]).unwrap();
/// assert_eq!(format!("{m:#}"), "(_4,(6,_2)):(12,(_1,6))"); // as CuTe C++
/// assert!(try_make_ordered_layout(hlist![_4, Dyn(0)], _0).is_err());
/// ```
pub fn try_make_ordered_layout<S, O, D, V>(shape: S, order: O) -> Result<Layout<S, D>, LayoutError>
where
    S: TryMakeOrderedLayout<O, Output = Layout<S, D>, Verdict = V> + OrderedValues<O>,
    V: Shown<S, O>,
    ShownOf<V, S, O>: Admissible<MakeOrderedLayoutOp>,
{
    shape.ordered(&order)
}

/// The value of the ordered layout of the shape `Self` by `O`, unchecked
/// (the value core of [`try_make_ordered_layout`], which `try_tile_to_shape`
/// shares).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait OrderedValues<O>: TryMakeOrderedLayout<O> {
    /// The layout, or the rule its values break.
    fn ordered(self, order: &O) -> Result<Self::Output, LayoutError>;
}

impl<S, O, D> OrderedValues<O> for S
where
    S: TryMakeOrderedLayout<O, Output = Layout<S, D>> + FlatLeaves + Shape + Congruent<D>,
    O: IntTuple,
    D: FlatLeaves,
{
    fn ordered(self, order: &O) -> Result<Layout<S, D>, LayoutError> {
        let mut sizes = LeafValues::new();
        self.push_values(&mut sizes);
        let mut orders = Values::new();
        order.for_each_leaf(&mut |o| orders.push(o));
        let stride = match ordered_values(&sizes, &orders, &S::STATICS) {
            Ok(d) => D::place(&d, &mut 0),
            Err(e) => return Err(e),
        };
        match stride {
            Some(stride) => Layout::try_new(self, stride),
            None => Err(LayoutError::overflow("make_ordered_layout")),
        }
    }
}

/// The strides of the flat extents `sizes` ranked by `orders` (one for every
/// leaf, or one for all), a static extent 1 (`statics`) giving 0.
fn ordered_values(sizes: &[i64], orders: &[i64], statics: &Statics) -> Result<Values, LayoutError> {
    if let Some(&s) = sizes.iter().find(|&&s| s <= 0) {
        return Err(LayoutError::new(
            crate::runtime::ErrorKind::NonPositiveShape,
            "make_ordered_layout",
            alloc::format!("the extent {s} must be positive"),
        ));
    }
    let key = |i: usize| match orders {
        [o] => *o,
        _ => orders.get(i).copied().unwrap_or(0),
    };
    let strides = ordered_strides(
        sizes,
        &key,
        &|i| statics.leaf(i) == Some(1),
        "make_ordered_layout",
    )?;
    Ok(strides.into_iter().collect())
}

/// `make_ordered_layout` with its verdict, unchecked.
///
/// Call [`make_ordered_layout`] (see [`MakeOrderedLayout`] for an example) to have a refusal be a compile error.
pub trait TryMakeOrderedLayout<O> {
    /// The layout (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// The leaves of `S` with their orders from `O`.
type Ranks<S, O> = <O as OrderOf<S>>::Output;
/// The flat strides of the shape `S` ordered by `O`.
type FlatStrides<S, O> = <Ranks<S, O> as OrderedStrides<HNil>>::Output;

/// `make_ordered_layout(S, O) = S : refill(S, strides(leaves(S, O)))`.
impl<S, O> TryMakeOrderedLayout<O> for S
where
    O: OrderOf<S>,
    S: Refill<FlatStrides<S, O>>,
    Ranks<S, O>: OrderedStrides<HNil>,
    <O as OrderOf<S>>::Congruent: Holds<NotCongruent>,
{
    type Output = Layout<S, <S as Refill<FlatStrides<S, O>>>::Output>;
    type Verdict = <<O as OrderOf<S>>::Congruent as Holds<NotCongruent>>::Verdict;
}

/// A leaf of extent `U` (a shape leaf: static, `Dyn` or `DivBy`) and order
/// `O` (signed).
#[doc(hidden)]
pub struct Ranked<U, O>(core::marker::PhantomData<(U, O)>);

/// A static integer (`Z0`, `PInt`, `NInt`): an order for every leaf, a profile entry.
#[doc(hidden)]
pub trait IntEntry {}

impl IntEntry for Z0 {}
impl<U: Unsigned + NonZero> IntEntry for PInt<U> {}
impl<U: Unsigned + NonZero> IntEntry for NInt<U> {}

/// The leaves of the shape `S` with their orders from the order `Self`: one
/// integer for every leaf, or a tree that must be congruent with `S`.
#[doc(hidden)]
pub trait OrderOf<S> {
    /// HList of `Ranked<U, O>`.
    type Output;
    /// `B1` if `Self` is an integer or congruent with `S`.
    type Congruent;
}

impl<S: AllLeaves<O>, O: IntEntry> OrderOf<S> for O {
    type Output = <S as AllLeaves<O>>::Output;
    type Congruent = B1;
}

impl<S: OrderLeaves<HNil>> OrderOf<S> for HNil {
    type Output = <S as OrderLeaves<HNil>>::Output;
    type Congruent = <S as OrderLeaves<HNil>>::Congruent;
}

impl<S: OrderLeaves<HCons<OH, OT>>, OH, OT> OrderOf<S> for HCons<OH, OT> {
    type Output = <S as OrderLeaves<HCons<OH, OT>>>::Output;
    type Congruent = <S as OrderLeaves<HCons<OH, OT>>>::Congruent;
}

/// The leaves of the shape `Self`, each with the order `O`.
#[doc(hidden)]
pub trait AllLeaves<O> {
    /// HList of `Ranked<U, O>`.
    type Output;
}

macro_rules! all_leaves {
    ([$($g:tt)*] $L:ty) => {
        impl<$($g)* O> AllLeaves<O> for $L {
            type Output = HCons<Ranked<$L, O>, HNil>;
        }
    };
}
for_shape_leaves!(all_leaves);

impl<O> AllLeaves<O> for HNil {
    type Output = HNil;
}

impl<SH: AllLeaves<O>, ST: AllLeaves<O>, O> AllLeaves<O> for HCons<SH, ST>
where
    SH::Output: Add<ST::Output>,
{
    type Output = <SH::Output as Add<ST::Output>>::Output;
}

/// The leaves of the shape `Self` with their orders from the tree `O`, and
/// whether `O` is congruent with `Self` (a mismatched part is ranked by 0).
#[doc(hidden)]
pub trait OrderLeaves<O> {
    /// HList of `Ranked<U, O>`.
    type Output;
    /// `B1` if `O` is congruent with `Self`.
    type Congruent;
}

macro_rules! order_leaves {
    ([$($g:tt)*] $L:ty) => {
        impl<$($g)* O: IntEntry> OrderLeaves<O> for $L {
            type Output = HCons<Ranked<$L, O>, HNil>;
            type Congruent = B1;
        }
        impl<$($g)*> OrderLeaves<HNil> for $L {
            type Output = HCons<Ranked<$L, Z0>, HNil>;
            type Congruent = B0;
        }
        impl<$($g)* OH, OT> OrderLeaves<HCons<OH, OT>> for $L {
            type Output = HCons<Ranked<$L, Z0>, HNil>;
            type Congruent = B0;
        }
    };
}
for_shape_leaves!(order_leaves);

impl<O: IntEntry> OrderLeaves<O> for HNil {
    type Output = HNil;
    type Congruent = B0;
}

impl OrderLeaves<HNil> for HNil {
    type Output = HNil;
    type Congruent = B1;
}

impl<OH, OT> OrderLeaves<HCons<OH, OT>> for HNil {
    type Output = HNil;
    type Congruent = B0;
}

impl<SH, ST, O: IntEntry> OrderLeaves<O> for HCons<SH, ST>
where
    Self: AllLeaves<Z0>,
{
    type Output = <Self as AllLeaves<Z0>>::Output;
    type Congruent = B0;
}

impl<SH, ST> OrderLeaves<HNil> for HCons<SH, ST>
where
    Self: AllLeaves<Z0>,
{
    type Output = <Self as AllLeaves<Z0>>::Output;
    type Congruent = B0;
}

impl<SH, ST, OH, OT> OrderLeaves<HCons<OH, OT>> for HCons<SH, ST>
where
    SH: OrderLeaves<OH>,
    ST: OrderLeaves<OT>,
    SH::Output: Add<ST::Output>,
    SH::Congruent: BothBits<ST::Congruent>,
{
    type Output = <SH::Output as Add<ST::Output>>::Output;
    type Congruent = <SH::Congruent as BothBits<ST::Congruent>>::Output;
}

/// `Self ∧ F` for bits.
#[doc(hidden)]
pub trait BothBits<F> {
    /// The conjunction.
    type Output;
}

impl<F> BothBits<F> for B1 {
    type Output = F;
}

impl<F> BothBits<F> for B0 {
    type Output = B0;
}

/// The strides of the ranked leaves `Self`, the leaves `Before` preceding them.
#[doc(hidden)]
pub trait OrderedStrides<Before> {
    /// HList of signed strides.
    type Output;
}

impl<Before> OrderedStrides<Before> for HNil {
    type Output = HNil;
}

/// The product of the extents ranked before a leaf ordered `O`, preceded by
/// the leaves `Before` and followed by `T`.
type Below<Before, T, O> =
    IntMulOut<<Before as ProdRanked<O, B0>>::Output, <T as ProdRanked<O, B1>>::Output>;

// dᵢ = ∏ {sⱼ : j < i, oⱼ ≤ oᵢ} · ∏ {sⱼ : j > i, oⱼ < oᵢ}.
impl<U, O, T, Before> OrderedStrides<Before> for HCons<Ranked<U, O>, T>
where
    Before: ProdRanked<O, B0>,
    T: ProdRanked<O, B1> + OrderedStrides<HCons<Ranked<U, O>, Before>>,
    <Before as ProdRanked<O, B0>>::Output: IntMul<<T as ProdRanked<O, B1>>::Output>,
    <T as ProdRanked<O, B1>>::Output: IntLeaf,
    U: StrideFor<Below<Before, T, O>>,
{
    type Output = HCons<
        <U as StrideFor<Below<Before, T, O>>>::Output,
        <T as OrderedStrides<HCons<Ranked<U, O>, Before>>>::Output,
    >;
}

/// The stride of a leaf of extent `Self` preceded by leaves of total size `P`
/// (a leaf): `0` for the static extent 1, else `P` (a run-time extent 1
/// included, as CuTe C++ gives it).
#[doc(hidden)]
pub trait StrideFor<P> {
    /// The stride.
    type Output;
}

impl<P> StrideFor<P> for PInt<U1> {
    type Output = Z0;
}

impl<P, U: Unsigned, B: typenum::Bit, C: typenum::Bit> StrideFor<P>
    for PInt<typenum::UInt<typenum::UInt<U, B>, C>>
{
    type Output = P;
}

impl<P> StrideFor<P> for Dyn {
    type Output = P;
}

impl<P, N> StrideFor<P> for DivBy<N> {
    type Output = P;
}

/// The product of the extents of the ranked leaves `Self` whose order is
/// below `O` (`Strict = B1`) or at most `O` (`Strict = B0`).
#[doc(hidden)]
pub trait ProdRanked<O, Strict> {
    /// The unsigned product.
    type Output;
}

impl<O, Strict> ProdRanked<O, Strict> for HNil {
    type Output = PInt<U1>;
}

impl<U, OJ, T, O, Strict> ProdRanked<O, Strict> for HCons<Ranked<U, OJ>, T>
where
    OJ: Cmp<O>,
    Compare<OJ, O>: RankCounts<Strict>,
    T: ProdRanked<O, Strict>,
    <Compare<OJ, O> as RankCounts<Strict>>::Output: FactorIf<U>,
    <<Compare<OJ, O> as RankCounts<Strict>>::Output as FactorIf<U>>::Output:
        IntMul<<T as ProdRanked<O, Strict>>::Output>,
    <T as ProdRanked<O, Strict>>::Output: IntLeaf,
{
    type Output = IntMulOut<
        <<Compare<OJ, O> as RankCounts<Strict>>::Output as FactorIf<U>>::Output,
        <T as ProdRanked<O, Strict>>::Output,
    >;
}

/// Whether a leaf ordered `Self` (a comparison with the order at hand) counts:
/// below always, equal unless `Strict`.
#[doc(hidden)]
pub trait RankCounts<Strict> {
    /// `B1` if it counts.
    type Output;
}

impl<Strict> RankCounts<Strict> for Less {
    type Output = B1;
}

impl<Strict> RankCounts<Strict> for Greater {
    type Output = B0;
}

impl RankCounts<B0> for Equal {
    type Output = B1;
}

impl RankCounts<B1> for Equal {
    type Output = B0;
}

/// `U` if `Self` is `B1`, else 1.
#[doc(hidden)]
pub trait FactorIf<U> {
    /// The factor.
    type Output;
}

impl<U> FactorIf<U> for B1 {
    type Output = U;
}

impl<U> FactorIf<U> for B0 {
    type Output = PInt<U1>;
}

/// A flat list of leaves `L` refilled into the tree of the shape `Self`.
#[doc(hidden)]
pub trait Refill<L> {
    /// The tree.
    type Output;
    /// The leaves left over.
    type Rest;
}

// (A non-congruent order may leave too few leaves: the tree is then padded
// with 0s, and the verdict reports the error.)
macro_rules! refill_leaf {
    ([$($g:tt)*] $L:ty) => {
        impl<$($g)* H, T> Refill<HCons<H, T>> for $L {
            type Output = H;
            type Rest = T;
        }
        impl<$($g)*> Refill<HNil> for $L {
            type Output = Z0;
            type Rest = HNil;
        }
    };
}
for_shape_leaves!(refill_leaf);

impl<L> Refill<L> for HNil {
    type Output = HNil;
    type Rest = L;
}

impl<SH, ST, L> Refill<L> for HCons<SH, ST>
where
    SH: Refill<L>,
    ST: Refill<SH::Rest>,
{
    type Output = HCons<SH::Output, ST::Output>;
    type Rest = ST::Rest;
}
