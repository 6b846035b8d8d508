//! `max_common_vector` and `max_common_layout` of layouts whose leaves may be
//! run-time values, as CuTe C++ computes them: with `R = right_inverse(B)`,
//! the first mode of `coalesce(A ∘ R)` counts where its extent is static and
//! its stride the static 1 (the vector `n` is a static integer, the layout
//! `R ∘ n:1`), else the answer is `1` and `1:0`. A run-time extent or stride
//! is not known to give a longer vector, so a vector found from run-time
//! values is never claimed. The right inverse and the compositions are those
//! of their families, whose types prove the leading static modes (their
//! verdicts are the static doors'): the vector is a type, computed with no
//! run-time work; the layout is `R`'s first `n` elements, computed from `B`'s
//! values where `n > 1`.

use typenum::{PInt, UInt, UTerm, Unsigned, B0, B1, P1, Z0};

use super::leaves::RunRightInverse;
use super::{RightInverse, RightInverseOut};
use crate::runtime::LayoutError;
use crate::typelevel::algebra::coalesce::CoalesceAny;
use crate::typelevel::algebra::composition::leaves::MixedComposition;
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::check::rules::op::{MaxCommonLayoutOp, MaxCommonVectorOp};
use crate::typelevel::check::rules::{Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{First, Pass, Then};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::{Layout, ScaledBasis};
use frunk_core::hlist::HCons;
use typenum::NInt;

/// `Self ∘ right_inverse(B)`, coalesced and read for its leading mode, for
/// static and run-time leaves alike.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait MixedCommon<B>: Sized {
    /// The vector: the leading mode's static extent, or `P1`.
    type Vector;
    /// `right_inverse(B) ∘ n:1`, or `1:0`.
    type Layout;
    /// `Pass` or the violated rule of the compositions' static parts.
    type Verdict;
    /// The layout: `right_inverse(b) ∘ n:1`, or `1:0` with no run-time work.
    fn common_layout(b: B) -> Result<Self::Layout, LayoutError>;
}

/// `right_inverse(B)`.
type Inv<B> = RightInverseOut<B>;
/// `coalesce(A ∘ right_inverse(B))`.
type CoalescedCommon<A, B> = <<A as MixedComposition<Inv<B>>>::Output as CoalesceAny>::Output;

impl<A, B> MixedCommon<B> for A
where
    B: RightInverse,
    A: MixedComposition<Inv<B>>,
    A::Output: CoalesceAny,
    CoalescedCommon<A, B>: FirstMode,
    LeadOf<A, B>: LeadMode<ExtentOf<A, B>, B>,
    A::Verdict: First<LeadVerdict<A, B>>,
{
    type Vector = <LeadOf<A, B> as LeadMode<ExtentOf<A, B>, B>>::Vector;
    type Layout = <LeadOf<A, B> as LeadMode<ExtentOf<A, B>, B>>::Layout;
    type Verdict = Then<A::Verdict, LeadVerdict<A, B>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn common_layout(b: B) -> Result<Self::Layout, LayoutError> {
        <LeadOf<A, B> as LeadMode<ExtentOf<A, B>, B>>::layout(b)
    }
}

type LeadOf<A, B> = <CoalescedCommon<A, B> as FirstMode>::Unit;
type ExtentOf<A, B> = <CoalescedCommon<A, B> as FirstMode>::Extent;
type LeadVerdict<A, B> = <LeadOf<A, B> as LeadMode<ExtentOf<A, B>, B>>::Verdict;

/// The first mode of a coalesced layout: its extent, and whether it is a
/// static extent with the static stride 1 (`B1`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FirstMode {
    /// The first extent.
    type Extent;
    /// `B1` where the mode is `n:_1` with `n` static.
    type Unit;
}
impl<S: AllStatic, D: IsUnitStride> FirstMode for Layout<S, D>
where
    S::Bit: core::ops::BitAnd<D::Unit>,
{
    type Extent = S;
    type Unit = <S::Bit as core::ops::BitAnd<D::Unit>>::Output;
}
impl<SH, ST, DH, DT> FirstMode for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    Layout<SH, DH>: FirstMode,
{
    type Extent = <Layout<SH, DH> as FirstMode>::Extent;
    type Unit = <Layout<SH, DH> as FirstMode>::Unit;
}

/// Whether a stride leaf is the static 1 (`B1`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait IsUnitStride {
    /// `B1` or `B0`.
    type Unit;
}
impl IsUnitStride for PInt<UInt<UTerm, B1>> {
    type Unit = B1;
}
impl<U: Unsigned, B: typenum::Bit, C: typenum::Bit> IsUnitStride for PInt<UInt<UInt<U, B>, C>> {
    type Unit = B0;
}
impl<U: Unsigned + typenum::NonZero> IsUnitStride for NInt<U> {
    type Unit = B0;
}
impl IsUnitStride for Z0 {
    type Unit = B0;
}
impl IsUnitStride for Dyn {
    type Unit = B0;
}
impl<N> IsUnitStride for DivBy<N> {
    type Unit = B0;
}
impl<V, Q> IsUnitStride for ScaledBasis<V, Q> {
    type Unit = B0;
}

/// Branch of [`MixedCommon`] on "the leading mode is `n:_1`" (`B1`), with the
/// first extent `S` and the right operand `B`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LeadMode<S, B> {
    /// `n`, or `P1`.
    type Vector;
    /// `right_inverse(B) ∘ n:1`, or `1:0`.
    type Layout;
    /// The verdict of that composition.
    type Verdict;
    /// The layout's value.
    fn layout(b: B) -> Result<Self::Layout, LayoutError>;
}
impl<S, B> LeadMode<S, B> for B0 {
    type Vector = P1;
    type Layout = Layout<P1, Z0>;
    type Verdict = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn layout(_: B) -> Result<Layout<P1, Z0>, LayoutError> {
        Ok(StaticValue::VALUE)
    }
}
impl<U, B> LeadMode<PInt<U>, B> for B1
where
    U: Unsigned + typenum::NonZero,
    Layout<PInt<U>, P1>: StaticValue,
    B: RightInverse,
    B::Plan: RunRightInverse<B, Inv<B>>,
    Inv<B>: MixedComposition<Layout<PInt<U>, P1>>,
{
    type Vector = PInt<U>;
    type Layout = <Inv<B> as MixedComposition<Layout<PInt<U>, P1>>>::Output;
    type Verdict = <Inv<B> as MixedComposition<Layout<PInt<U>, P1>>>::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn layout(b: B) -> Result<Self::Layout, LayoutError> {
        match B::Plan::run(b) {
            Ok(inv) => inv.mixed_compose(StaticValue::VALUE),
            Err(e) => Err(e),
        }
    }
}

/// [`max_common_vector`](crate::typelevel::max_common_vector) of layouts
/// whose leaves may be run-time values: the number of elements both map to
/// the same contiguous offsets, as far as the static parts prove it (a
/// static integer, CuTe C++'s); `1` where a run-time leaf decides.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // A run-time number of columns of 8 contiguous elements.
/// let a = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, _8]).unwrap();
/// let b = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, Dyn(8)]).unwrap();
/// let n = try_max_common_vector(a, b).unwrap();
/// assert_eq!(n, _8); // as CuTe C++
/// assert_eq!(try_max_common_vector(a, a).unwrap().value(), 8); // the run-time 5 columns are not counted
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_max_common_vector<A, B, N, V>(a: A, b: B) -> Result<N, LayoutError>
where
    A: MixedCommon<B, Vector = N, Verdict = V>,
    N: StaticValue,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<MaxCommonVectorOp>,
{
    let _ = (a, b);
    Ok(N::VALUE)
}

/// [`max_common_layout`](crate::typelevel::max_common_layout) of layouts
/// whose leaves may be run-time values: `right_inverse(b) ∘ n:1` for the `n`
/// of [`try_max_common_vector`] (`1:0` for `n = 1` found so), where those
/// elements are in `b`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, _8]).unwrap();
/// let b = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, Dyn(8)]).unwrap();
/// assert_eq!(format!("{:#}", try_max_common_layout(a, b).unwrap()), "_8:_1"); // as CuTe C++
/// let c = Layout::try_new(hlist![_8, Dyn(5)], hlist![Dyn(5), _1]).unwrap();
/// assert_eq!(format!("{:#}", try_max_common_layout(a, c).unwrap()), "_1:_0"); // as CuTe C++
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_max_common_layout<A, B, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: MixedCommon<B, Layout = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<MaxCommonLayoutOp>,
{
    let _ = a;
    A::common_layout(b)
}
