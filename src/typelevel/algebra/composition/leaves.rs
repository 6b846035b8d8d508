//! The walk of `composition(A, B)`, one for static leaves (the static
//! composition's base case, see `composition/mod.rs`) and for layouts whose
//! leaves mix static integers and `Dyn`, decided from the static parts as
//! CuTe C++ decides it with `int` leaves (an integer `B = n` is the layout
//! `n:_1`).
//!
//! `A` is coalesced as CuTe C++'s `coalesce_x` (its static runs; a dynamic
//! leaf stays; the last leaf stays, whatever its extent) to flat modes
//! `c_i:x_i`; a leaf `s:d` of `B` (its modes in turn, by right
//! distributivity) walks them with the rest `(s, d)`: at each mode but the
//! last, `n = ⌈c_i/d⌉` and `d' = ⌈d/c_i⌉`; the mode is skipped when `n` or the
//! rest `s` is a static 1, else it gives `min(n, s) : d·x_i` and the rest
//! becomes `(s/min(n, s), d')`; the last mode takes the rest, `s : d·x_last`
//! (left out when it is a static 1 after other modes). A leaf `s:0` with a
//! static `0` is `s:0`.
//! A leaf is static where its operands are (a dynamic `s` or `d` of `B`
//! makes every `n`, `d'` and rest after it dynamic, as in CuTe C++:
//! `(4,8):(1,5) ∘ _6:2 = (2,3):(2,5)`). A dynamic `d` of `B` may be `0` at
//! run time, where CuTe C++ divides by it: every mode it takes gets stride
//! `0` (`(4,8):(1,5) ∘ _4:0 = (4,1):(0,0)`, the runtime layer's `4:0`); a
//! negative one walks `-d` with the strides negated (`A(-x) = -A(x)`, as
//! CuTe C++ and the runtime layer extend `A`), and so does a static negative
//! `d`, its strides negated in the types (`(4,_8):(_1,4) ∘ _4:_-1 =
//! (4,1):(_-1,-4)`). CuTe C++'s divisibility rules
//! (`d` and `c_i` divide one another or `d < c_i`, `min(n, s)` divides `s`)
//! are compile errors where the static parts decide them. CuTe C++ skips them
//! for dynamic values and answers wrongly (`composition((48,96,4):(_1,48,4608),
//! 256)` has 240 elements); here the values are checked at run time: B's
//! elements must land on the boundaries of each mode of `A` they cross (or all
//! fit inside it), else `StrideDivisibility` / `ShapeDivisibility`, checked
//! in the one walk that builds the result (a refusal names `A` and `B`), with
//! `B`'s modes proven segregated in `A` (distributivity) on these modes or on
//! `A` coalesced by value; where neither proof holds, the result is checked
//! point by point, `R(i) = A(B(i))`, by the runtime layer's check (one core,
//! over the flat leaves). The runtime layer coalesces
//! `A` by value and so also answers where dynamic modes merge into one
//! (`(48,96,4):(1,48,4608)` is `18432:1` there); a dynamic mode's boundary is
//! kept here (the result's structure is a type), so such a composition is
//! refused.
//!
//! The values are computed once per call by code that is not generic, over
//! the operands' leaves as flat arrays (see `values.rs`): a composition
//! instantiates only that glue per operand type, not the walk and its checks.

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;
use typenum::{IsEqual, IsLess, NInt, NonZero, Or, PInt, Prod, UInt, Unsigned, B0, B1, P1, U0, Z0};

use super::NegList;

use core::fmt::Display;

use crate::runtime::algebra::composition::{check_by_points, segregated};
use crate::runtime::algebra::mode_list::{coalesce_x_walk, IntModes};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::arith::{CeilQ, DivCeil, DivRem, QuotOf, RemOf};
use crate::typelevel::algebra::coalesce::{CoalesceXBy, CoalescedLists};
use crate::typelevel::algebra::values::{
    coalesced_x, fault, leaf_values, operand, placed, FlatLayout, FlatOperand, LayoutStatics,
    LeafValues, ModesText, Operand, Values,
};
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{
    First, Holds, Pass, ShapeDivisibility, StrideDivisibility, Then,
};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::{Layout, Tile};

/// A leaf's kind for the arithmetic below: a positive static `PInt<U>` or
/// dynamic.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Leaf {
    /// `B1` for the static 1, else `B0`.
    type IsOne;
}
impl Leaf for P1 {
    type IsOne = B1;
}
impl<U: Unsigned, B: typenum::Bit, C: typenum::Bit> Leaf for PInt<UInt<UInt<U, B>, C>> {
    type IsOne = B0;
}
impl Leaf for Dyn {
    type IsOne = B0;
}
impl<N> Leaf for DivBy<N> {
    type IsOne = B0;
}

/// `⌈Self/B⌉`, `min(Self, B)`, `Self/B` and their static checks for positive
/// leaves: static when both are.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Arith<B> {
    /// `⌈Self/B⌉`.
    type Ceil;
    /// `min(Self, B)`.
    type Min;
    /// `Self/B` (exact when static, else the verdict says).
    type Quot;
    /// `Pass`, or `ShapeDivisibility` when both are static and `B ∤ Self`.
    type Divides;
    /// `Pass`, or `StrideDivisibility` when both are static and neither
    /// `B | Self` nor `Self < B`.
    type StrideRule;
}
macro_rules! dynamic_arith {
    ($([$($g:tt)*] $A:ty, $B:ty),*) => {$(
        impl<$($g)*> Arith<$B> for $A {
            type Ceil = Dyn;
            type Min = Dyn;
            type Quot = Dyn;
            type Divides = Pass;
            type StrideRule = Pass;
        }
    )*};
}
dynamic_arith!([B] Dyn, B, [N, B] DivBy<N>, B, [U: Unsigned + NonZero] PInt<U>, Dyn,
    [U: Unsigned + NonZero, N] PInt<U>, DivBy<N>);
impl<U: Unsigned + NonZero, V: Unsigned + NonZero> Arith<PInt<V>> for PInt<U>
where
    U: DivCeil<V> + typenum::Min<V> + DivRem<V> + IsLess<V>,
    CeilQ<U, V>: Unsigned + NonZero,
    typenum::Minimum<U, V>: Unsigned + NonZero,
    QuotOf<U, V>: typenum::Max<typenum::U1>,
    typenum::Maximum<QuotOf<U, V>, typenum::U1>: Unsigned + NonZero,
    RemOf<U, V>: IsEqual<U0>,
    typenum::Eq<RemOf<U, V>, U0>:
        core::ops::BitOr<typenum::Le<U, V>> + Holds<ShapeDivisibility<V, U>>,
    typenum::Or<typenum::Eq<RemOf<U, V>, U0>, typenum::Le<U, V>>: Holds<StrideDivisibility<V, U>>,
{
    type Ceil = PInt<CeilQ<U, V>>;
    type Min = PInt<typenum::Minimum<U, V>>;
    type Quot = PInt<typenum::Maximum<QuotOf<U, V>, typenum::U1>>;
    type Divides = <typenum::Eq<RemOf<U, V>, U0> as Holds<ShapeDivisibility<V, U>>>::Verdict;
    type StrideRule = <typenum::Or<typenum::Eq<RemOf<U, V>, U0>, typenum::Le<U, V>> as Holds<
        StrideDivisibility<V, U>,
    >>::Verdict;
}

/// `Pass`, or `StrideDivisibility` when the rest stride `Self`, the extent
/// `C` of a mode of `A` and the rest extent `RS` are static, `Self < C`,
/// `Self ∤ C` and `RS > ⌈C/Self⌉`: `B`'s offsets `0, Self, ..` reach past
/// that mode off its boundary (the walk's run-time refusal, decided from the
/// static parts: `(8,n):(1,8n) ∘ 6:3`, where CuTe C++ with `int` leaves
/// answers `(_3,_2):(_3,8n)`, whose offset at 3 is `8n`, not `A(9) = 8n + 1`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CrossRule<C, RS> {
    /// The verdict.
    type Verdict;
}
impl<V, U, W> CrossRule<PInt<U>, PInt<W>> for PInt<V>
where
    V: Unsigned + NonZero,
    U: Unsigned + NonZero + DivRem<V> + DivCeil<V> + typenum::IsLessOrEqual<V>,
    W: Unsigned + NonZero + typenum::IsLessOrEqual<CeilQ<U, V>>,
    RemOf<U, V>: IsEqual<U0>,
    typenum::Eq<RemOf<U, V>, U0>: core::ops::BitOr<typenum::LeEq<U, V>>,
    Or<typenum::Eq<RemOf<U, V>, U0>, typenum::LeEq<U, V>>:
        core::ops::BitOr<typenum::LeEq<W, CeilQ<U, V>>>,
    Or<Or<typenum::Eq<RemOf<U, V>, U0>, typenum::LeEq<U, V>>, typenum::LeEq<W, CeilQ<U, V>>>:
        Holds<StrideDivisibility<U, V>>,
{
    type Verdict = <Or<
        Or<typenum::Eq<RemOf<U, V>, U0>, typenum::LeEq<U, V>>,
        typenum::LeEq<W, CeilQ<U, V>>,
    > as Holds<StrideDivisibility<U, V>>>::Verdict;
}
macro_rules! dynamic_cross {
    ($([$($g:tt)*] $RD:ty, $C:ty, $RS:ty),*) => {$(
        impl<$($g)*> CrossRule<$C, $RS> for $RD {
            type Verdict = Pass;
        }
    )*};
}
dynamic_cross!([C, RS] Dyn, C, RS, [N, C, RS] DivBy<N>, C, RS,
    [V: Unsigned + NonZero, RS] PInt<V>, Dyn, RS,
    [V: Unsigned + NonZero, N, RS] PInt<V>, DivBy<N>, RS,
    [V: Unsigned + NonZero, U: Unsigned + NonZero] PInt<V>, PInt<U>, Dyn,
    [V: Unsigned + NonZero, U: Unsigned + NonZero, N] PInt<V>, PInt<U>, DivBy<N>);

/// `Self·X` for a positive rest stride `Self` and a stride `X` of `A`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Scale<X> {
    /// The product: static when both are (`0` whatever `Self` is).
    type Output;
}
impl<R> Scale<Z0> for R {
    type Output = Z0;
}
impl<U: Unsigned + NonZero + core::ops::Mul<V>, V: Unsigned + NonZero> Scale<PInt<V>> for PInt<U>
where
    Prod<U, V>: Unsigned + NonZero,
{
    type Output = PInt<Prod<U, V>>;
}
impl<U: Unsigned + NonZero + core::ops::Mul<V>, V: Unsigned + NonZero> Scale<typenum::NInt<V>>
    for PInt<U>
where
    Prod<U, V>: Unsigned + NonZero,
{
    type Output = typenum::NInt<Prod<U, V>>;
}
// A scaled-basis stride of A: (r·v)@p.
impl<R: Scale<V>, V, P> Scale<crate::typelevel::ScaledBasis<V, P>> for R {
    type Output = crate::typelevel::ScaledBasis<R::Output, P>;
}
macro_rules! dynamic_scale {
    ($([$($g:tt)*] $R:ty, $X:ty),*) => {$(
        impl<$($g)*> Scale<$X> for $R {
            type Output = Dyn;
        }
    )*};
}
dynamic_scale!([U: Unsigned + NonZero] PInt<U>, Dyn, [U: Unsigned + NonZero, N] PInt<U>, DivBy<N>,
    [U: Unsigned + NonZero] Dyn, PInt<U>, [U: Unsigned + NonZero] Dyn, typenum::NInt<U>,
    [] Dyn, Dyn, [N] Dyn, DivBy<N>, [N, U: Unsigned + NonZero] DivBy<N>, PInt<U>,
    [N, U: Unsigned + NonZero] DivBy<N>, typenum::NInt<U>, [N] DivBy<N>, Dyn,
    [N, M] DivBy<N>, DivBy<M>);

/// The walk of a leaf `RS:RD` of `B` through the flat modes `Self` (extents)
/// and `D` (strides) of `A`: the result's modes and the static verdict.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait LeafWalk<D, RS, RD> {
    /// The extents.
    type Shape;
    /// The strides.
    type Stride;
    /// `Pass` or the first violated rule.
    type Verdict;
}
impl<C, X, RS, RD: Scale<X>> LeafWalk<HCons<X, HNil>, RS, RD> for HCons<C, HNil> {
    type Shape = HCons<RS, HNil>;
    type Stride = HCons<RD::Output, HNil>;
    type Verdict = Pass;
}
/// The stride rule of a step, `Pass` once the rest extent `RS` is a static 1:
/// `B`'s one offset `0` crosses no boundary (`(2,n):(1,2) ∘ 1:3` is `1:3`, as
/// the static algebra and pycute answer; CuTe C++ asserts).
type RestRule<C, RS, RD> = <<RS as Leaf>::IsOne as Holds<<RD as Arith<C>>::StrideRule>>::Verdict;
/// `⌈c/d⌉` and `⌈d/c⌉` of a step.
type CeilStep<C, RD> = <C as Arith<RD>>::Ceil;
type NextStride<C, RD> = <RD as Arith<C>>::Ceil;
impl<C, C2, CT, X, X2, DT, RS, RD> LeafWalk<HCons<X, HCons<X2, DT>>, RS, RD>
    for HCons<C, HCons<C2, CT>>
where
    C: Arith<RD>,
    RD: Arith<C>,
    CeilStep<C, RD>: Leaf,
    RS: Leaf,
    <CeilStep<C, RD> as Leaf>::IsOne: core::ops::BitOr<RS::IsOne>,
    Or<<CeilStep<C, RD> as Leaf>::IsOne, RS::IsOne>:
        WalkStep<C, X, HCons<C2, CT>, HCons<X2, DT>, RS, RD>,
    RS::IsOne: Holds<<RD as Arith<C>>::StrideRule>,
    RestRule<C, RS, RD>: First<
        <Or<<CeilStep<C, RD> as Leaf>::IsOne, RS::IsOne> as WalkStep<
            C,
            X,
            HCons<C2, CT>,
            HCons<X2, DT>,
            RS,
            RD,
        >>::Verdict,
    >,
{
    type Shape = <Or<<CeilStep<C, RD> as Leaf>::IsOne, RS::IsOne> as WalkStep<
        C,
        X,
        HCons<C2, CT>,
        HCons<X2, DT>,
        RS,
        RD,
    >>::Shape;
    type Stride = <Or<<CeilStep<C, RD> as Leaf>::IsOne, RS::IsOne> as WalkStep<
        C,
        X,
        HCons<C2, CT>,
        HCons<X2, DT>,
        RS,
        RD,
    >>::Stride;
    type Verdict = Then<
        RestRule<C, RS, RD>,
        <Or<<CeilStep<C, RD> as Leaf>::IsOne, RS::IsOne> as WalkStep<
            C,
            X,
            HCons<C2, CT>,
            HCons<X2, DT>,
            RS,
            RD,
        >>::Verdict,
    >;
}
/// One step of [`LeafWalk`] at the mode `C:X`: skipped (`Self = B1`) or taken.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait WalkStep<C, X, T, DT, RS, RD> {
    /// See [`LeafWalk`].
    type Shape;
    /// See [`LeafWalk`].
    type Stride;
    /// See [`LeafWalk`].
    type Verdict;
}
impl<C, X, T, DT, RS, RD> WalkStep<C, X, T, DT, RS, RD> for B1
where
    RD: Arith<C>,
    T: LeafWalk<DT, RS, NextStride<C, RD>>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    type Verdict = T::Verdict;
}
/// `min(⌈c/d⌉, s)`, the extent a taken step gives.
type Taken<C, RS, RD> = <CeilStep<C, RD> as Arith<RS>>::Min;
impl<C, X, T, DT, RS, RD> WalkStep<C, X, T, DT, RS, RD> for B0
where
    C: Arith<RD>,
    RD: Arith<C> + Scale<X>,
    CeilStep<C, RD>: Arith<RS>,
    RS: Arith<Taken<C, RS, RD>>,
    T: LeafWalk<DT, <RS as Arith<Taken<C, RS, RD>>>::Quot, NextStride<C, RD>>,
    RD: CrossRule<C, RS>,
    <RS as Arith<Taken<C, RS, RD>>>::Divides: First<T::Verdict>,
    <RD as CrossRule<C, RS>>::Verdict:
        First<Then<<RS as Arith<Taken<C, RS, RD>>>::Divides, T::Verdict>>,
{
    type Shape = HCons<Taken<C, RS, RD>, T::Shape>;
    type Stride = HCons<<RD as Scale<X>>::Output, T::Stride>;
    type Verdict = Then<
        <RD as CrossRule<C, RS>>::Verdict,
        Then<<RS as Arith<Taken<C, RS, RD>>>::Divides, T::Verdict>,
    >;
}

/// The walk's modes `Self` (extents) and `D` (strides) without the last one
/// when it is a static 1 after other modes (CuTe C++ leaves the rest out then).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TrimLast<D> {
    /// The extents.
    type Shape;
    /// The strides.
    type Stride;
}
impl<S, X> TrimLast<HCons<X, HNil>> for HCons<S, HNil> {
    type Shape = Self;
    type Stride = HCons<X, HNil>;
}
impl<S, S2: Leaf, X, X2> TrimLast<HCons<X, HCons<X2, HNil>>> for HCons<S, HCons<S2, HNil>>
where
    S2::IsOne: TrimBranch<Self, HCons<X, HCons<X2, HNil>>>,
{
    type Shape = <S2::IsOne as TrimBranch<Self, HCons<X, HCons<X2, HNil>>>>::Shape;
    type Stride = <S2::IsOne as TrimBranch<Self, HCons<X, HCons<X2, HNil>>>>::Stride;
}
impl<S, S2, S3, T, X, X2, X3, DT> TrimLast<HCons<X, HCons<X2, HCons<X3, DT>>>>
    for HCons<S, HCons<S2, HCons<S3, T>>>
where
    HCons<S2, HCons<S3, T>>: TrimLast<HCons<X2, HCons<X3, DT>>>,
{
    type Shape = HCons<S, <HCons<S2, HCons<S3, T>> as TrimLast<HCons<X2, HCons<X3, DT>>>>::Shape>;
    type Stride = HCons<X, <HCons<S2, HCons<S3, T>> as TrimLast<HCons<X2, HCons<X3, DT>>>>::Stride>;
}
/// [`TrimLast`] of two modes: the last dropped (`Self = B1`) or kept.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TrimBranch<S, D> {
    /// The extents.
    type Shape;
    /// The strides.
    type Stride;
}
impl<S, D> TrimBranch<S, D> for B0 {
    type Shape = S;
    type Stride = D;
}
impl<S, S2, X, X2> TrimBranch<HCons<S, HCons<S2, HNil>>, HCons<X, HCons<X2, HNil>>> for B1 {
    type Shape = HCons<S, HNil>;
    type Stride = HCons<X, HNil>;
}

/// A one-mode list as its mode, a longer one as a tuple (CuTe's `unwrap`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Unwrap {
    /// The leaf or the tuple.
    type Output;
}
impl<H> Unwrap for HCons<H, HNil> {
    type Output = H;
}
impl<H, H2, T> Unwrap for HCons<H, HCons<H2, T>> {
    type Output = Self;
}

/// `A ∘ B` for the flat modes `AS:AD` of `A` and the static layout `Self = B`
/// (by mode for a tuple `B`): the result's shape and stride and the verdict.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ComposeWith<AS, AD> {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// `Pass` or the first violated rule.
    type Verdict;
}
/// `B`'s leaves `(s, d)` that may interfere when composed by mode.
type MayInterfere = SmallVec<[(i64, i64); 8]>;
/// A stride of `B` that walks `A`'s modes: positive static, or dynamic (a
/// dynamic `0` or negative value is handled at run time), not the static `0`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait WalkStride {}
impl<V: Unsigned + NonZero> WalkStride for PInt<V> {}
impl WalkStride for Dyn {}
impl<N: Unsigned + NonZero> WalkStride for DivBy<N> {}
// A leaf s:0 of B: s:0 (CuTe's shortcut, taken for a static 0 only).
impl<S: Leaf + IntLeaf, AS, AD> ComposeWith<AS, AD> for Layout<S, Z0> {
    type Shape = S;
    type Stride = Z0;
    type Verdict = Pass;
}
/// The walk of the leaf `S:D` through `AS:AD`, its static last 1 left out.
type Trimmed<AS, AD, S, D> =
    <<AS as LeafWalk<AD, S, D>>::Shape as TrimLast<<AS as LeafWalk<AD, S, D>>::Stride>>::Shape;
type TrimmedStride<AS, AD, S, D> =
    <<AS as LeafWalk<AD, S, D>>::Shape as TrimLast<<AS as LeafWalk<AD, S, D>>::Stride>>::Stride;
// A leaf s:d of B, d not a static 0: the walk through A's modes.
impl<S: Leaf + IntLeaf, D: WalkStride + IntLeaf, AS, AD> ComposeWith<AS, AD> for Layout<S, D>
where
    AS: LeafWalk<AD, S, D>,
    AS::Shape: TrimLast<AS::Stride>,
    Trimmed<AS, AD, S, D>: Unwrap,
    TrimmedStride<AS, AD, S, D>: Unwrap,
{
    type Shape = <Trimmed<AS, AD, S, D> as Unwrap>::Output;
    type Stride = <TrimmedStride<AS, AD, S, D> as Unwrap>::Output;
    type Verdict = AS::Verdict;
}
// A leaf s:-d of B with a static negative stride: the walk of s:d, its
// strides negated (A(-x) = -A(x), as CuTe C++ and the runtime layer extend A:
// `(4,_8):(_1,4) ∘ _4:_-1 = (4,1):(_-1,-4)`).
impl<S: Leaf + IntLeaf, U: Unsigned + NonZero, AS, AD> ComposeWith<AS, AD> for Layout<S, NInt<U>>
where
    Layout<S, PInt<U>>: ComposeWith<AS, AD>,
    <Layout<S, PInt<U>> as ComposeWith<AS, AD>>::Stride: NegList,
{
    type Shape = <Layout<S, PInt<U>> as ComposeWith<AS, AD>>::Shape;
    type Stride = <<Layout<S, PInt<U>> as ComposeWith<AS, AD>>::Stride as NegList>::Output;
    type Verdict = <Layout<S, PInt<U>> as ComposeWith<AS, AD>>::Verdict;
}
impl<AS, AD> ComposeWith<AS, AD> for Layout<HNil, HNil> {
    type Shape = HNil;
    type Stride = HNil;
    type Verdict = Pass;
}
impl<SH, ST, DH, DT, AS, AD> ComposeWith<AS, AD> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    Layout<SH, DH>: ComposeWith<AS, AD>,
    Layout<ST, DT>: ComposeWith<AS, AD>,
    <Layout<SH, DH> as ComposeWith<AS, AD>>::Verdict:
        First<<Layout<ST, DT> as ComposeWith<AS, AD>>::Verdict>,
{
    type Shape = HCons<
        <Layout<SH, DH> as ComposeWith<AS, AD>>::Shape,
        <Layout<ST, DT> as ComposeWith<AS, AD>>::Shape,
    >;
    type Stride = HCons<
        <Layout<SH, DH> as ComposeWith<AS, AD>>::Stride,
        <Layout<ST, DT> as ComposeWith<AS, AD>>::Stride,
    >;
    type Verdict = Then<
        <Layout<SH, DH> as ComposeWith<AS, AD>>::Verdict,
        <Layout<ST, DT> as ComposeWith<AS, AD>>::Verdict,
    >;
}

/// A leaf `s:d` of `B`: its values and whether each is static.
pub(in crate::typelevel::algebra) struct LeafOfB {
    pub(in crate::typelevel::algebra) shape: i64,
    pub(in crate::typelevel::algebra) shape_static: bool,
    pub(in crate::typelevel::algebra) stride: i64,
    pub(in crate::typelevel::algebra) stride_static: bool,
}

/// The walk of the leaf `s:d` of `B` through `A`'s flat modes `c_i:x_i` (see
/// the module), the static flags following the types'. A dynamic `d` may be
/// `0` (every mode it would take gets stride `0`, the first one the whole
/// `s`) or negative (the walk of `-d`, its strides negated: `A(-x) = -A(x)`,
/// as the runtime layer extends `A`).
#[allow(clippy::type_complexity)]
pub(in crate::typelevel::algebra) fn walk(
    c: &[i64],
    static_c: &[bool],
    x: &[i64],
    b: LeafOfB,
) -> Result<(SmallVec<[i64; 8]>, SmallVec<[i64; 8]>), LayoutError> {
    let refuse = |kind, msg| Err(LayoutError::new(kind, "composition", msg));
    let sign = b.stride.signum();
    let times = |a: i64, b: i64| {
        a.checked_mul(b)
            .and_then(|v| v.checked_mul(sign))
            .ok_or_else(|| {
                LayoutError::new(
                    ErrorKind::Overflow,
                    "composition",
                    alloc::format!("the stride {a}·{b} of the result exceeds i64"),
                )
            })
    };
    let Some(d) = b.stride.checked_abs() else {
        return refuse(
            ErrorKind::Overflow,
            alloc::format!("the stride {} of B has no absolute value in i64", b.stride),
        );
    };
    let (mut shapes, mut strides): (SmallVec<[i64; 8]>, SmallVec<[i64; 8]>) =
        (SmallVec::new(), SmallVec::new());
    let (mut rs, mut rs_static, mut rd, mut rd_static) =
        (b.shape, b.shape_static, d, b.stride_static);
    let last = c.len() - 1;
    for i in 0..last {
        let both = static_c[i] && rd_static;
        let ceil = |a: i64, b: i64| a / b + i64::from(a % b != 0);
        // A stride 0 takes all of the rest at once.
        let (next, n) = (ceil(rd, c[i]), if rd == 0 { rs } else { ceil(c[i], rd) });
        // B's elements step over this mode (d ≥ c) or run inside it: they
        // must land on its boundaries unless there is only one left (d ≥ c),
        // or all of them fit inside it (d < c).
        if rd >= c[i] && rd % c[i] != 0 && rs > 1 {
            return refuse(
                ErrorKind::StrideDivisibility,
                alloc::format!(
                    "stride {rd} of B is not a multiple of the extent {} of a mode of A",
                    c[i]
                ),
            );
        }
        let skipped = (both && n == 1) || (rs_static && rs == 1); // static 1s, as the types
        if !skipped {
            let taken = n.min(rs);
            if taken < rs && rd < c[i] && c[i] % rd != 0 {
                return refuse(
                    ErrorKind::StrideDivisibility,
                    alloc::format!(
                        "the {rs} elements of B at stride {rd} cross a mode of A of extent {} off its boundary: {rd} does not divide {}",
                        c[i], c[i]
                    ),
                );
            }
            if taken < rs && rd < c[i] && rs % taken != 0 {
                return refuse(
                    ErrorKind::ShapeDivisibility,
                    alloc::format!(
                        "the {rs} elements of B at stride {rd} cross a mode of A of extent {} after {taken} of them, and {taken} does not divide {rs}",
                        c[i]
                    ),
                );
            }
            shapes.push(taken);
            strides.push(times(rd, x[i])?);
            rs /= taken;
            rs_static = rs_static && both;
        }
        rd = next;
        rd_static = both;
    }
    if shapes.is_empty() || !(rs_static && rs == 1) {
        shapes.push(rs);
        strides.push(times(rd, x[last])?);
    }
    Ok((shapes, strides))
}

/// Whether `A ∘ B` by mode is `A(B(c))` (001 Eq. 23), proven as the runtime
/// layer proves it: `B`'s leaves `(s, d)` that may interfere (`s > 1`,
/// `d ≠ 0`; all with positive strides) segregated in the mixed radix of `A`'s
/// flat extents (the `extent` of each mode of `c`, read only where the proof
/// needs them). Taken on the types' coalesced modes, which are the runtime
/// layer's or finer (their boundaries are among its boundaries, so the proof
/// holds there too; and a leaf that passes the walk's rules on the finer
/// modes passes them on the coarser ones), then on `A` coalesced by value.
/// Not proven (negative strides, interfering modes): see [`compose_parts`].
pub(super) fn proven_distributive<M: Copy>(
    c: &[M],
    extent: impl Fn(M) -> i64,
    (b_s, b_d): (&[i64], &[i64]),
) -> bool {
    // Pushed in plain loops: `collect` into a `SmallVec` through a filter
    // costs a reserve per call (mixed composition: 100 instructions of 4,700).
    let mut leaves = MayInterfere::new();
    for (&s, &d) in b_s.iter().zip(b_d) {
        if s > 1 && d != 0 {
            leaves.push((s, d));
        }
    }
    if leaves.len() <= 1 || c.len() <= 1 {
        return true;
    }
    let mut radix = SmallVec::<[(i64, ()); 8]>::new();
    for &m in c {
        radix.push((extent(m), ()));
    }
    leaves.iter().all(|l| l.1 > 0) && matches!(segregated(&radix, &mut leaves), Ok(true))
}

/// `A` coalesced by value as the runtime layer coalesces it (`coalesce_x`:
/// the last leaf kept, whatever its extent), or `None` where a span overflows.
pub(super) fn coalesced_by_value((a_s, a_d): (&[i64], &[i64])) -> Option<IntModes> {
    let mut flat = IntModes::new();
    coalesce_x_walk(
        a_s.len().min(a_d.len()),
        |i| (a_s[i], a_d[i]),
        |m| flat.push(m),
    )?;
    flat.reverse();
    Some(flat)
}

/// `composition(Self, B)` for a layout with dynamic leaves and a static tiler
/// or layout `B`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait MixedComposition<B>: Sized {
    /// The composition.
    type Output;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
    /// The types its value code needs (see [`RunCompose`]).
    type Plan: RunCompose<Self, B, Self::Output>;
    /// Its value.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mixed_compose(self, b: B) -> Result<Self::Output, LayoutError> {
        Self::Plan::run(self, b)
    }
}
/// Which right operand `Self` is: [`ByTiler`], [`ByInt`], or for a layout
/// [`ByLayout`] or `ByBasis` by its strides (that impl is `basis.rs`'s): one
/// impl of [`MixedComposition`] then, so that the right operand's type is
/// known before the composition is looked up.
#[doc(hidden)] // a helper, public only because public bounds name it
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a right operand of the layout algebra",
    note = "B is a layout, a tile (`tile!`) or an integer (`int!(n)`, `Dyn`, `DivBy<N>`)"
)]
pub trait RhsKind {
    /// The kind.
    type Kind;
}
#[doc(hidden)]
pub struct ByTiler;
#[doc(hidden)]
pub struct ByLayout;
impl<T> RhsKind for Tile<T> {
    type Kind = ByTiler;
}
/// An integer `B = n`, static or dynamic, which composition reads as the
/// layout `n:_1`, as CuTe C++ does.
#[doc(hidden)]
pub struct ByInt;
impl<U: Unsigned + NonZero> RhsKind for PInt<U> {
    type Kind = ByInt;
}
impl RhsKind for Dyn {
    type Kind = ByInt;
}
impl<N> RhsKind for DivBy<N> {
    type Kind = ByInt;
}
/// `A ∘ n = A ∘ n:_1`.
impl<A, I: IntLeaf> ComposeBy<A, I> for ByInt
where
    ByLayout: ComposeBy<A, Layout<I, P1>>,
{
    type Output = <ByLayout as ComposeBy<A, Layout<I, P1>>>::Output;
    type Verdict = <ByLayout as ComposeBy<A, Layout<I, P1>>>::Verdict;
    type Plan = IntPlan<<ByLayout as ComposeBy<A, Layout<I, P1>>>::Plan>;
}
/// The plan of a composition by an integer: the plan `P` of the composition
/// by the layout `n:_1`, after `n` is checked positive.
#[doc(hidden)]
pub struct IntPlan<P>(core::marker::PhantomData<P>);
impl<A, I: IntLeaf, R, P: RunCompose<A, Layout<I, P1>, R>> RunCompose<A, I, R> for IntPlan<P> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: A, n: I) -> Result<R, LayoutError> {
        match n.value() {
            v if v < 1 => Err(non_positive_b(v)),
            _ => P::run(a, Layout::from_static_parts(n, P1::new())),
        }
    }
}
/// The error of an integer `B` below 1.
fn non_positive_b(n: i64) -> LayoutError {
    LayoutError::new(
        ErrorKind::NonPositiveShape,
        "composition",
        alloc::format!("B = {n} must be positive"),
    )
}
// The impl's where-clause is a plain trait bound on the types, which rustc
// proves again after type checking from its global cache.
impl<A, B: RhsKind> MixedComposition<B> for A
where
    B::Kind: ComposeBy<A, B>,
{
    type Output = <B::Kind as ComposeBy<A, B>>::Output;
    type Verdict = <B::Kind as ComposeBy<A, B>>::Verdict;
    type Plan = <B::Kind as ComposeBy<A, B>>::Plan;
}
/// `A ∘ B` for the kind `Self` of `B`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ComposeBy<A, B> {
    /// The composition.
    type Output;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
    /// The types its value code needs.
    type Plan: RunCompose<A, B, Self::Output>;
}
/// The value code of `A ∘ B = R`, looked up from the types of `Self` (the
/// plan, which names the types the code needs), `A`, `B` and `R` alone:
/// no trait solving for the code of a call.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunCompose<A, B, R> {
    /// `A ∘ B`, or the run-time rule it breaks.
    fn run(a: A, b: B) -> Result<R, LayoutError>;
    /// `A ∘ B` by its plan made when the program compiles, for the operands
    /// of a thread-value partition (`B` a bijection onto `[0, size(A))`):
    /// `None` where there is no such plan (see `composition/plan.rs`).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn planned(a: &A, b: &B) -> Option<R> {
        let _ = (a, b);
        None
    }
}
/// The plan of a composition by a layout: the coalesced `A`, `F`.
#[doc(hidden)]
pub struct LayoutPlan<F>(core::marker::PhantomData<F>);
// The coalesced `A` (`F`, CuTe C++'s `coalesce_x`: the last leaf kept; `K`
// says whether every leaf is static, see `CoalesceXBy`), its flat extents and strides (`FS`, `FD`), the
// result's shape and stride (`RS`, `RD`) and the verdict (`V`) are bound to
// parameters of the impl once, so that the where-clauses name no nested
// projection (normalized again for every call otherwise, see
// `complement::ComplementTo`).
impl<S, D, K, BS, BD, F, FS, FD, RS, RD, V> ComposeBy<Layout<S, D>, Layout<BS, BD>> for ByLayout
where
    S: AllStatic,
    D: AllStatic,
    S::Bit: BitAnd<D::Bit, Output = K>,
    K: CoalesceXBy<Layout<S, D>, Output = F>,
    Layout<S, D>: FlatLayout + FlatOperand,
    F: CoalescedLists<Shapes = FS, Strides = FD> + FlatLayout,
    Layout<BS, BD>:
        ComposeWith<FS, FD, Shape = RS, Stride = RD, Verdict = V> + FlatLayout + FlatOperand,
    Layout<RS, RD>: FlatLayout,
{
    type Output = Layout<RS, RD>;
    type Verdict = V;
    type Plan = LayoutPlan<F>;
}
impl<S, D, BS, BD, F, RS, RD> RunCompose<Layout<S, D>, Layout<BS, BD>, Layout<RS, RD>>
    for LayoutPlan<F>
where
    Layout<S, D>: FlatLayout + FlatOperand,
    Layout<BS, BD>: FlatLayout + FlatOperand,
    F: FlatLayout,
    Layout<RS, RD>: FlatLayout,
{
    fn run(a: Layout<S, D>, b: Layout<BS, BD>) -> Result<Layout<RS, RD>, LayoutError> {
        placed(
            compose_values(operand(&a), operand(&b), F::STATICS),
            result_overflow,
        )
    }
    /// A static `B` and `A` of static extents: the plan (debug builds check
    /// it against [`RunCompose::run`]).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn planned(a: &Layout<S, D>, b: &Layout<BS, BD>) -> Option<Layout<RS, RD>> {
        let r = crate::typelevel::algebra::composition::plan::planned::<
            _,
            Layout<BS, BD>,
            F,
            Layout<RS, RD>,
        >(a);
        #[cfg(debug_assertions)]
        if let Some(r) = &r {
            let (s, d) = r.values();
            let mixed =
                <Self as RunCompose<Layout<S, D>, Layout<BS, BD>, Layout<RS, RD>>>::run(*a, *b);
            assert!(
                matches!(&mixed, Ok(m) if (&*m.values().0, &*m.values().1) == (&*s, &*d)),
                "the planned composition disagrees with the mixed one"
            );
        }
        let _ = b;
        r
    }
}

/// `Self ∘ B` gives `R` with the verdict `V`, its value code planned by `P`:
/// [`try_composition`]'s bound, a plain trait bound on the types (proven
/// again after type checking from rustc's global cache, not normalized
/// anew), whose `P` and `R` name the code of the call without trait solving
/// (its impl, keyed on the kind of `A`'s strides, is `basis.rs`'s).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ComposesTo<B, P, R, V> {}

/// The error of a result leaf that cannot hold its value.
fn result_overflow() -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        "composition",
        alloc::string::String::from("a stride of the result exceeds i64"),
    )
}

/// `A ∘ B`'s flat extents and strides, from the operands' flat leaves and the
/// static values `flat` of coalesced `A`'s modes (see [`compose_parts`]).
fn compose_values(
    a: Operand<'_>,
    b: Operand<'_>,
    flat: LayoutStatics,
) -> Result<(LeafValues, LeafValues), LayoutError> {
    let (a, b) = (a.flat_leaves(), b.flat_leaves());
    let values = compose_parts(
        (&a.s, &a.d, a.statics),
        (&b.s, &b.d, b.statics.0.get(), b.statics.1.get()),
        flat,
        (&a, &b),
    )?;
    leaf_values(values).ok_or_else(result_overflow)
}

/// `A ∘ B`'s flat extents and strides, from `A`'s flat extents, strides and
/// their static values, `B`'s (`(s, d, static s, static d)`), and the static
/// values `flat` of coalesced `A`'s modes: each leaf `s:d` of `B` walks `A`'s
/// coalesced modes (a static stride `0` gives `s:0`), then the result is
/// checked as a layout. Where `B`'s modes are not proven segregated in `A`'s
/// (on the types' modes or on `A` coalesced by value, as the runtime layer
/// proves it), the result is checked point by point (the runtime layer's
/// check, 001 Eq. 23). `names` show `A` and `B` in the errors.
#[allow(clippy::type_complexity)]
pub(in crate::typelevel::algebra) fn compose_parts(
    a: (&[i64], &[i64], LayoutStatics),
    b: (&[i64], &[i64], &[Option<i64>], &[Option<i64>]),
    flat: LayoutStatics,
    (an, bn): (&dyn Display, &dyn Display),
) -> Result<(Values, Values), LayoutError> {
    let (shapes, strides, proven) = walk_all(a, b, flat).map_err(|e| match e.kind() {
        ErrorKind::Overflow => e,
        kind => LayoutError::new(
            kind,
            "composition",
            alloc::format!("A = {an}, B = {bn}: {}", e.detail()),
        ),
    })?;
    if !proven
        && !coalesced_by_value((a.0, a.1))
            .is_some_and(|c| proven_distributive(&c, |m| m.0, (b.0, b.1)))
    {
        let pairs = |s: &[i64], d: &[i64]| -> IntModes {
            s.iter().copied().zip(d.iter().copied()).collect()
        };
        check_by_points(
            &pairs(a.0, a.1),
            &pairs(b.0, b.1),
            &pairs(&shapes, &strides),
            (an, bn, &ModesText(&shapes, &strides)),
        )?;
    }
    Ok((shapes, strides))
}

/// The walk of every leaf of `B` (see [`compose_parts`]): the result's flat
/// extents and strides, and whether `B`'s modes are proven segregated in
/// `A`'s.
#[allow(clippy::type_complexity)]
fn walk_all(
    (a_s, a_d, a_statics): (&[i64], &[i64], LayoutStatics),
    (b_s, b_d, b_ss, b_ds): (&[i64], &[i64], &[Option<i64>], &[Option<i64>]),
    flat: LayoutStatics,
) -> Result<(Values, Values, bool), LayoutError> {
    let Some((c, x)) = coalesced_x((a_s, a_d), a_statics, flat) else {
        return Err(result_overflow());
    };
    let static_c: SmallVec<[bool; 8]> = flat.0.get().iter().map(Option::is_some).collect();
    let (mut shapes, mut strides) = (Values::new(), Values::new());
    for ((&s, &d), (ss, ds)) in b_s.iter().zip(b_d).zip(b_ss.iter().zip(b_ds)) {
        if *ds == Some(0) {
            shapes.push(s);
            strides.push(0);
            continue;
        }
        let rest = LeafOfB {
            shape: s,
            shape_static: ss.is_some(),
            stride: d,
            stride_static: ds.is_some(),
        };
        let (ws, wd) = walk(&c, &static_c, &x, rest)?;
        shapes.extend(ws);
        strides.extend(wd);
    }
    if fault(&shapes, &strides) {
        return Err(LayoutError::new(
            ErrorKind::Overflow,
            "composition",
            alloc::string::String::from("the size or cosize of the result exceeds i64"),
        ));
    }
    let proven = proven_distributive(&c, |e| e, (b_s, b_d));
    Ok((shapes, strides, proven))
}

/// CuTe's `composition(a, b)` for a layout `a` whose leaves mix static
/// integers and `Dyn`, with a tiler `<B₀, B₁, ..>` whose entries may have
/// `Dyn` leaves too (`(A₀ ∘ B₀, A₁ ∘ B₁, ..)` mode by mode, an integer entry `n`
/// as `n:_1`, the modes past the tiler dropped, as in CuTe C++; see
/// [`try_logical_divide`](crate::typelevel::try_logical_divide)) or a layout
/// `b` whose leaves may be dynamic too (each leaf `s:d` of `b` walks `a`'s
/// coalesced modes, see the module; a leaf is static where its operands are,
/// as in CuTe C++), or an integer `n` (`int!(n)`, `Dyn`, `DivBy<N>`), which
/// is the layout `n:_1` (CuTe C++'s reading of an integer `B`; a dynamic `n`
/// below 1 is `NonPositiveShape`), or a layout `b` with scaled-basis strides
/// (a leaf `s:v@i` composes mode `i` of `a` with `s:v`, see `basis.rs`).
///
/// Violations decidable from the static parts are compile errors; the rest is
/// checked at run time with the runtime layer's errors (`StrideDivisibility`,
/// `ShapeDivisibility`, ..., `Overflow`), where CuTe C++ answers wrongly.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
/// let r = try_composition(a, tile!(128, 8)).unwrap();
/// assert_eq!(format!("{r:#}"), "(_128,_8):(_1,200)");
/// let bm = Dyn(32); // a run-time tile size
/// let r = try_composition(a, Tile(hlist![bm, layout!(8:2)])).unwrap();
/// assert_eq!(format!("{r:#}"), "(32,_8):(_1,400)"); // as CuTe C++
/// let b = Layout::try_new(hlist![_48, Dyn(96)], hlist![_1, Dyn(48)]).unwrap();
/// let t = try_composition(b, layout!((4,8):(1,4))).unwrap();
/// assert_eq!(format!("{t:#}"), "(_4,_8):(_1,_4)"); // as CuTe C++
/// let m = Layout::try_new(hlist![Dyn(48), Dyn(96), Dyn(4)], hlist![_1, Dyn(48), Dyn(4608)]).unwrap();
/// let u = try_composition(m, layout!((4,8):(1,4))).unwrap();
/// assert_eq!(format!("{u:#}"), "((4,1,1),(8,1,1)):((_1,48,4608),(_4,48,4608))"); // as CuTe C++
/// assert!(try_composition(m, layout!(256:1)).is_err()); // CuTe C++: (48,5,1), 240 elements
/// let (n, ld) = (Dyn(3), Dyn(4)); // B = (2,n):(ld,1)
/// let d = Layout::try_new(hlist![_2, n], hlist![ld, _1]).unwrap();
/// let v = try_composition(layout!((4,8):(1,4)), d).unwrap();
/// assert_eq!(format!("{v:#}"), "(_2,3):(4,_1)"); // as CuTe C++
/// let w = Layout::try_new(hlist![Dyn(4), Dyn(8)], hlist![Dyn(9), Dyn(2)]).unwrap();
/// assert_eq!(format!("{:#}", try_composition(w, Dyn(8)).unwrap()), "(4,2):(9,2)"); // as CuTe C++
/// assert_eq!(format!("{:#}", try_composition(w, _1).unwrap()), "_1:2"); // as CuTe C++
/// assert!(try_composition(w, Dyn(6)).is_err()); // CuTe C++: (4,1):(9,2), 4 elements
/// // A negative stride of B: A(-x) = -A(x).
/// let n = Layout::try_new(hlist![Dyn(4), _8], hlist![_1, Dyn(4)]).unwrap();
/// assert_eq!(format!("{:#}", try_composition(n, layout!(4:-1)).unwrap()), "(4,1):(_-1,-4)"); // as CuTe C++
/// // A scaled-basis stride of B: mode 1 of A.
/// assert_eq!(format!("{:#}", try_composition(n, layout!(2:1@1)).unwrap()), "_2:4"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_composition<A, B, P, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: ComposesTo<B, P, R, V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<op::CompositionOp>,
    P: RunCompose<A, B, R>,
{
    P::run(a, b)
}
