//! `coalesce` of layouts whose leaves mix static integers and `Dyn`, decided
//! from the static parts as CuTe C++ decides it.
//!
//! The leaves are read left to right (flattened). A static extent 1 goes away
//! whatever its stride; a leaf with a dynamic (`Dyn` or `DivBy`) extent or stride stays as it is
//! (whether `s₀·d₀ = d₁` holds is not known at compile time, and the structure
//! of the result is a type); the runs of static leaves between them coalesce
//! as in the static algebra. No leaf left gives `1:0`, one leaf `s:d`. The
//! result has the same function on `[0, size)`; an all-static layout gives the
//! static algebra's result ([`CoalesceBy`]: at once).

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, PInt, UInt, UTerm, Unsigned, B1, P1, Z0};

use super::{Coalesce, CoalesceOut, CoalesceX};
use crate::typelevel::algebra::modes::{Build, Built, Mode, ModesOf, StaticModes, StaticValue};
use crate::typelevel::algebra::restructure::{Flatten, FlattenOut};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf, StaticInt};
use crate::typelevel::stride::UnitStride;
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::Layout;

/// The kind of a flat leaf pair `s:d`: [`FixedPair`] (both static, extent > 1),
/// [`UnitPair`] (static extent 1: dropped) or [`VaryingPair`] (a dynamic extent or stride).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait PairKind {
    /// The kind.
    type Kind;
}
#[doc(hidden)]
pub struct FixedPair;
#[doc(hidden)]
pub struct UnitPair;
#[doc(hidden)]
pub struct VaryingPair;
impl<X> PairKind for Layout<PInt<UInt<UTerm, B1>>, X> {
    type Kind = UnitPair;
}
impl<U: Unsigned, B: Bit, C: Bit, X: StaticInt> PairKind for Layout<PInt<UInt<UInt<U, B>, C>>, X> {
    type Kind = FixedPair;
}
impl<U: Unsigned, B: Bit, C: Bit> PairKind for Layout<PInt<UInt<UInt<U, B>, C>>, Dyn> {
    type Kind = VaryingPair;
}
impl<X: IntLeaf> PairKind for Layout<Dyn, X> {
    type Kind = VaryingPair;
}
impl<N, X: IntLeaf> PairKind for Layout<DivBy<N>, X> {
    type Kind = VaryingPair;
}
impl<U: Unsigned, B: Bit, C: Bit, N> PairKind for Layout<PInt<UInt<UInt<U, B>, C>>, DivBy<N>> {
    type Kind = VaryingPair;
}

/// The modes of a static coalesced layout as a list of `Layout<s, d>`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatModeList {
    /// The list (empty for `1:0`).
    type List: StaticValue;
}
impl FlatModeList for Layout<P1, Z0> {
    type List = HNil;
}
impl<U: Unsigned, B: Bit, C: Bit, X> FlatModeList for Layout<PInt<UInt<UInt<U, B>, C>>, X>
where
    Self: StaticValue,
{
    type List = HCons<Self, HNil>;
}
impl FlatModeList for Layout<HNil, HNil> {
    type List = HNil;
}
impl<SH, ST, DH, DT> FlatModeList for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    Layout<SH, DH>: StaticValue,
    Layout<ST, DT>: FlatModeList,
{
    type List = HCons<Layout<SH, DH>, <Layout<ST, DT> as FlatModeList>::List>;
}

/// The static run `Layout<RS, RD>` coalesced, as a list of modes.
type Flushed<RS, RD> = <CoalesceOut<Layout<RS, RD>> as FlatModeList>::List;

/// [`CoalesceRun`]'s rule for the last leaf: `coalesce`'s ([`Plain`]: a
/// static extent 1 goes away) or `coalesce_x`'s ([`KeepLast`]: the last leaf
/// stays whatever its extent).
#[doc(hidden)]
pub struct Plain;
/// See [`Plain`].
#[doc(hidden)]
pub struct KeepLast;

/// Coalesces the flat leaves `Self` (shapes) with strides `D`, after the
/// pending static run `RS:RD`, by the rule `X` for the last leaf; the result
/// is a list of `Layout<s, d>` modes.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CoalesceRun<D, RS, RD, X = Plain> {
    /// The modes.
    type Out;
    /// Their values.
    fn run(self, d: D) -> Self::Out;
}
impl<RS, RD, X: FlushRun<RS, RD>> CoalesceRun<HNil, RS, RD, X> for HNil {
    type Out = X::Out;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(self, _: HNil) -> Self::Out {
        StaticValue::VALUE
    }
}
impl<SH, ST, DH, DT, RS, RD, X> CoalesceRun<HCons<DH, DT>, RS, RD, X> for HCons<SH, ST>
where
    Layout<SH, DH>: PairKind,
    Self: Step<<Layout<SH, DH> as PairKind>::Kind, HCons<DH, DT>, RS, RD, X>,
{
    type Out = <Self as Step<<Layout<SH, DH> as PairKind>::Kind, HCons<DH, DT>, RS, RD, X>>::Out;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(self, d: HCons<DH, DT>) -> Self::Out {
        self.step(d)
    }
}

/// The static run `RS:RD` left at the end, coalesced by the rule `Self`:
/// `coalesce` ([`Plain`]) or `coalesce_x` ([`KeepLast`], its last leaf kept).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlushRun<RS, RD> {
    /// The modes.
    type Out: StaticValue;
}
impl<RS, RD> FlushRun<RS, RD> for Plain
where
    Layout<RS, RD>: Coalesce,
    CoalesceOut<Layout<RS, RD>>: FlatModeList,
{
    type Out = Flushed<RS, RD>;
}
impl FlushRun<HNil, HNil> for KeepLast {
    type Out = HNil;
}
impl<SH, ST, DH, DT> FlushRun<HCons<SH, ST>, HCons<DH, DT>> for KeepLast
where
    Layout<HCons<SH, ST>, HCons<DH, DT>>: StaticModes,
    ModesOf<Layout<HCons<SH, ST>, HCons<DH, DT>>>: CoalesceX,
    <ModesOf<Layout<HCons<SH, ST>, HCons<DH, DT>>> as CoalesceX>::Output: ModeLayouts,
{
    type Out =
        <<ModesOf<Layout<HCons<SH, ST>, HCons<DH, DT>>> as CoalesceX>::Output as ModeLayouts>::Out;
}
/// A static mode list as a list of `Layout<s, d>`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeLayouts {
    /// The list.
    type Out: StaticValue;
}
impl ModeLayouts for HNil {
    type Out = HNil;
}
impl<U: Unsigned + typenum::NonZero, D, T: ModeLayouts> ModeLayouts for HCons<Mode<U, D>, T>
where
    Layout<PInt<U>, D>: StaticValue,
{
    type Out = HCons<Layout<PInt<U>, D>, T::Out>;
}

/// One leaf of [`CoalesceRun`], by its [`PairKind`] `K`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Step<K, D, RS, RD, X> {
    /// The modes.
    type Out;
    /// Their values.
    fn step(self, d: D) -> Self::Out;
}
// A static extent 1 before other leaves: dropped.
impl<SH, S2, ST, DH, D2, DT, RS, RD, X> Step<UnitPair, HCons<DH, HCons<D2, DT>>, RS, RD, X>
    for HCons<SH, HCons<S2, ST>>
where
    HCons<S2, ST>: CoalesceRun<HCons<D2, DT>, RS, RD, X>,
{
    type Out = <HCons<S2, ST> as CoalesceRun<HCons<D2, DT>, RS, RD, X>>::Out;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn step(self, d: HCons<DH, HCons<D2, DT>>) -> Self::Out {
        self.tail.run(d.tail)
    }
}
// The last leaf, of static extent 1: by the rule `X`.
impl<SH, DH, RS, RD, X> Step<UnitPair, HCons<DH, HNil>, RS, RD, X> for HCons<SH, HNil>
where
    X: LastUnit<SH, DH, RS, RD>,
{
    type Out = X::Out;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn step(self, d: HCons<DH, HNil>) -> Self::Out {
        X::last(self, d)
    }
}
// Static: joins the pending run.
impl<SH, ST, DH, DT, RS, RD, X> Step<FixedPair, HCons<DH, DT>, RS, RD, X> for HCons<SH, ST>
where
    RS: Add<HCons<SH, HNil>>,
    RD: Add<HCons<DH, HNil>>,
    ST: CoalesceRun<
        DT,
        <RS as Add<HCons<SH, HNil>>>::Output,
        <RD as Add<HCons<DH, HNil>>>::Output,
        X,
    >,
{
    type Out = <ST as CoalesceRun<
        DT,
        <RS as Add<HCons<SH, HNil>>>::Output,
        <RD as Add<HCons<DH, HNil>>>::Output,
        X,
    >>::Out;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn step(self, d: HCons<DH, DT>) -> Self::Out {
        self.tail.run(d.tail)
    }
}
// Dynamic: the pending run coalesced, then this leaf, then a new run.
impl<SH, ST, DH, DT, RS, RD, X> Step<VaryingPair, HCons<DH, DT>, RS, RD, X> for HCons<SH, ST>
where
    Layout<RS, RD>: Coalesce,
    CoalesceOut<Layout<RS, RD>>: FlatModeList,
    ST: CoalesceRun<DT, HNil, HNil, X>,
    Flushed<RS, RD>: Add<HCons<Layout<SH, DH>, <ST as CoalesceRun<DT, HNil, HNil, X>>::Out>>,
{
    type Out = <Flushed<RS, RD> as Add<
        HCons<Layout<SH, DH>, <ST as CoalesceRun<DT, HNil, HNil, X>>::Out>,
    >>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn step(self, d: HCons<DH, DT>) -> Self::Out {
        let leaf = Layout::from_parts(self.head, d.head);
        <Flushed<RS, RD> as StaticValue>::VALUE
            + HCons {
                head: leaf,
                tail: self.tail.run(d.tail),
            }
    }
}

/// The last leaf `SH:DH` of static extent 1 after the pending run `RS:RD`,
/// by the rule `Self`: dropped ([`Plain`]), or kept ([`KeepLast`]) as the
/// other leaves are: a static stride joins the run (a [`FixedPair`], which
/// `coalesce_x` folds, merging `s:d` into `1:d'` where `d·s = d'`), a dynamic
/// one follows the run as its own mode (a [`VaryingPair`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LastUnit<SH, DH, RS, RD> {
    /// The modes.
    type Out;
    /// Their values.
    fn last(s: HCons<SH, HNil>, d: HCons<DH, HNil>) -> Self::Out;
}
impl<SH, DH, RS, RD> LastUnit<SH, DH, RS, RD> for Plain
where
    Plain: FlushRun<RS, RD>,
{
    type Out = <Plain as FlushRun<RS, RD>>::Out;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn last(_: HCons<SH, HNil>, _: HCons<DH, HNil>) -> Self::Out {
        StaticValue::VALUE
    }
}
impl<SH, DH: AllStatic, RS, RD> LastUnit<SH, DH, RS, RD> for KeepLast
where
    DH::Bit: KeptKind,
    HCons<SH, HNil>: Step<<DH::Bit as KeptKind>::Kind, HCons<DH, HNil>, RS, RD, KeepLast>,
{
    type Out = <HCons<SH, HNil> as Step<
        <DH::Bit as KeptKind>::Kind,
        HCons<DH, HNil>,
        RS,
        RD,
        KeepLast,
    >>::Out;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn last(s: HCons<SH, HNil>, d: HCons<DH, HNil>) -> Self::Out {
        s.step(d)
    }
}
/// The [`PairKind`] a kept last leaf of extent 1 takes, by whether its
/// stride is static (`Self`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait KeptKind {
    /// [`FixedPair`] or [`VaryingPair`].
    type Kind;
}
impl KeptKind for B1 {
    type Kind = FixedPair;
}
impl KeptKind for typenum::B0 {
    type Kind = VaryingPair;
}

/// A list of `Layout<s, d>` modes as one layout: `1:0` if empty, the mode if
/// alone, the tuple of modes otherwise.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Assemble {
    /// The layout.
    type Output;
    /// Its value.
    fn assemble(self) -> Self::Output;
}
impl Assemble for HNil {
    type Output = Layout<P1, Z0>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn assemble(self) -> Self::Output {
        StaticValue::VALUE
    }
}
impl<S, D> Assemble for HCons<Layout<S, D>, HNil> {
    type Output = Layout<S, D>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn assemble(self) -> Self::Output {
        self.head
    }
}
impl<S0, D0, M, T> Assemble for HCons<Layout<S0, D0>, HCons<M, T>>
where
    HCons<M, T>: SplitModeList,
{
    type Output = Layout<
        HCons<S0, <HCons<M, T> as SplitModeList>::Shapes>,
        HCons<D0, <HCons<M, T> as SplitModeList>::Strides>,
    >;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn assemble(self) -> Self::Output {
        let (s0, d0) = self.head.into_parts();
        let (s, d) = self.tail.unzip();
        Layout::from_parts(HCons { head: s0, tail: s }, HCons { head: d0, tail: d })
    }
}
/// A list of `Layout<s, d>` modes as a shape list and a stride list.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SplitModeList {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// The two lists.
    fn unzip(self) -> (Self::Shapes, Self::Strides);
}
impl SplitModeList for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn unzip(self) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<S, D, T: SplitModeList> SplitModeList for HCons<Layout<S, D>, T> {
    type Shapes = HCons<S, T::Shapes>;
    type Strides = HCons<D, T::Strides>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn unzip(self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.head.into_parts();
        let (ts, td) = self.tail.unzip();
        (HCons { head: s, tail: ts }, HCons { head: d, tail: td })
    }
}

/// The extents and strides of a coalesced layout, a leaf `s:d` or a tuple
/// of leaves, as two lists: [`FlatLists`] without the flattening walk.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CoalescedLists {
    /// The extents.
    type Shapes;
    /// The strides.
    type Strides;
}
impl<S: crate::typelevel::ShapeLeaf, D> CoalescedLists for Layout<S, D> {
    type Shapes = HCons<S, HNil>;
    type Strides = HCons<D, HNil>;
}
impl<SH, ST, D> CoalescedLists for Layout<HCons<SH, ST>, D> {
    type Shapes = HCons<SH, ST>;
    type Strides = D;
}
/// A layout's flat leaves as shape and stride lists (a leaf layout is one leaf).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatLists {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// The lists.
    fn lists(self) -> (Self::Shapes, Self::Strides);
}
impl<S: crate::typelevel::ShapeLeaf, D> FlatLists for Layout<S, D> {
    type Shapes = HCons<S, HNil>;
    type Strides = HCons<D, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lists(self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.into_parts();
        (
            HCons {
                head: s,
                tail: HNil,
            },
            HCons {
                head: d,
                tail: HNil,
            },
        )
    }
}
impl<SH, ST, D> FlatLists for Layout<HCons<SH, ST>, D>
where
    Self: Flatten,
    FlattenOut<Self>: IntoLists,
{
    type Shapes = <FlattenOut<Self> as IntoLists>::Shapes;
    type Strides = <FlattenOut<Self> as IntoLists>::Strides;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lists(self) -> (Self::Shapes, Self::Strides) {
        self.flatten_modes().into_lists()
    }
}
/// A flat tuple layout's shape and stride lists.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait IntoLists {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// The lists.
    fn into_lists(self) -> (Self::Shapes, Self::Strides);
}
impl<SH, ST, DH, DT> IntoLists for Layout<HCons<SH, ST>, HCons<DH, DT>> {
    type Shapes = HCons<SH, ST>;
    type Strides = HCons<DH, DT>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn into_lists(self) -> (Self::Shapes, Self::Strides) {
        self.into_parts()
    }
}

/// `coalesce` for any layout (see the module): the mode list's run, assembled.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CoalesceAny {
    /// The coalesced layout.
    type Output;
    /// Its value.
    fn coalesce_any(self) -> Self::Output;
}
impl<L> CoalesceAny for L
where
    L: FlatLists,
    L::Strides: UnitStride<Z0>,
    L::Shapes: CoalesceRun<L::Strides, HNil, HNil>,
    <L::Shapes as CoalesceRun<L::Strides, HNil, HNil>>::Out:
        AssembleUnit<<L::Strides as UnitStride<Z0>>::Output>,
{
    type Output = <<L::Shapes as CoalesceRun<L::Strides, HNil, HNil>>::Out as AssembleUnit<
        <L::Strides as UnitStride<Z0>>::Output,
    >>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn coalesce_any(self) -> Self::Output {
        let (s, d) = self.lists();
        s.run(d).assemble_unit()
    }
}
/// `coalesce(L)` by whether every leaf of `L` is static (`Self = B1`, from
/// `AllStatic`: the static algebra's [`Coalesce`], a constant) or not
/// ([`CoalesceAny`]): for a computation that serves static and run-time
/// leaves alike, so that a static layout is not read as one run of leaves,
/// a second pass of the type checker over them.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CoalesceBy<L> {
    /// The coalesced layout.
    type Output;
}
impl<L: Coalesce> CoalesceBy<L> for B1 {
    type Output = CoalesceOut<L>;
}
impl<L: CoalesceAny> CoalesceBy<L> for typenum::B0 {
    type Output = L::Output;
}

/// CuTe C++'s `coalesce_x` of any layout, the form composition walks: as
/// [`CoalesceAny`], except that the last leaf stays whatever its extent (it
/// is unbounded where `A` is evaluated past its size; [`KeepLast`]).
/// `((2,1)):((0,6))` is `(2,1):(0,6)`, so that `A ∘ 12:8 = 12:24`, not `12:0`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CoalesceXAny {
    /// The coalesced layout.
    type Output;
}
// Projections, not a parameter bound by `Out = M`: binding it cost the mixed
// compositions by a layout a fifth more type checking (measured).
impl<L> CoalesceXAny for L
where
    L: FlatLists,
    L::Shapes: CoalesceRun<L::Strides, HNil, HNil, KeepLast>,
    <L::Shapes as CoalesceRun<L::Strides, HNil, HNil, KeepLast>>::Out: Assemble,
{
    type Output =
        <<L::Shapes as CoalesceRun<L::Strides, HNil, HNil, KeepLast>>::Out as Assemble>::Output;
}

/// [`CoalesceXAny`] by whether every leaf of `L` is static (`Self = B1`,
/// from `AllStatic`: the static algebra's [`CoalesceX`](super::CoalesceX))
/// or not, as [`CoalesceBy`].
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CoalesceXBy<L> {
    /// The coalesced layout.
    type Output;
}
impl<L: StaticModes> CoalesceXBy<L> for B1
where
    ModesOf<L>: CoalesceX,
    <ModesOf<L> as CoalesceX>::Output: Build,
{
    type Output = Built<<ModesOf<L> as CoalesceX>::Output>;
}
impl<L: CoalesceXAny> CoalesceXBy<L> for typenum::B0 {
    type Output = L::Output;
}

/// [`Assemble`], except that no mode left gives `1:U` (`U` the stride of
/// [`UnitStride`]: `0`, or `0@p` for scaled-basis strides, as the runtime layer).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait AssembleUnit<U> {
    /// The layout.
    type Output;
    /// Builds it.
    fn assemble_unit(self) -> Self::Output;
}
impl<U> AssembleUnit<U> for HNil
where
    Layout<P1, U>: StaticValue,
{
    type Output = Layout<P1, U>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn assemble_unit(self) -> Self::Output {
        StaticValue::VALUE
    }
}
impl<M, T, U> AssembleUnit<U> for HCons<M, T>
where
    Self: Assemble,
{
    type Output = <Self as Assemble>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn assemble_unit(self) -> Self::Output {
        self.assemble()
    }
}
