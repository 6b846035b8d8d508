//! The static gate of a static operation: a layout with a run-time leaf
//! ([`Dyn`] or [`DivBy`]) is
//! refused at the front door, with a message that names the operation's
//! `try_*` form, instead of failing deep inside the algebra.
//!
//! A front door requires `Gated<A, Op>: Yields<Op, ..>`: [`Gated`] is `A`
//! itself when every leaf of `A` is static, so a static operand costs one
//! walk over its leaves; otherwise it is [`RunTimeLeaves`], which yields the
//! verdict [`RunTimeVerdict`], refused like any other rule: the message names
//! the layout in decimal and the form that accepts it (`try_composition`).
//! A binary front door then gates its right operand (a layout, a tiler, a
//! cotarget, ..) through [`RhsGate`]: a run-time leaf there is
//! [`RunTimeLeaves`] of the [`Right`] operand, refused naming it. The tensor operations
//! (`local_tile`, ..) gate their layout alike through [`TensorGate`].
//! A static layout passes a second gate, on its strides: an operation that
//! needs integer strides ([`StrideUse`]: complements, inverses, products,
//! recasts, ..) refuses a layout with a scaled-basis stride as
//! [`BasisStrides`], naming the rule.
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! let n = 6;
//! let a = layout!((4,{n}):(1,4)).unwrap();
//! let _ = composition(a, layout!(2:1)); // use try_composition
//! ```
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! let _ = complement(layout!((4,8):(1@0,1@1)), _32); // needs integer strides
//! ```

#![allow(non_camel_case_types)]

use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

use super::front_door::{Unary, Yields};
use super::readable::{Readable, ReadableOf};
use super::rules::{op, Obeys, Refused, Shown};
use super::verdict::{First, Kind};
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::{ComposedLayout, DivBy, Dyn, Layout, ScaledBasis, Swizzle};

/// The operand that operation `Op`'s front door computes with: `Self` when
/// its leaves are all static, else [`RunTimeLeaves`].
pub trait Gate<Op> {
    /// `Self` or `RunTimeLeaves<..>`.
    type Out;
}

/// The operand `A` of operation `Op` after the static gate.
pub type Gated<A, Op> = <A as Gate<Op>>::Out;

// The layout's walk written out: `S`'s leaves by `AllStatic`, `D`'s by
// `GatedStrides`, which tells a scaled basis apart in the same one step per
// leaf (read through `Self: AllStatic`, the extra projection cost 0.16 M
// instructions of type checking per static operation).
impl<S: AllStatic, D: GatedStrides, Op> Gate<Op> for Layout<S, D>
where
    S::Bit: GateBranch<D::Kind, Self, Op>,
{
    type Out = <S::Bit as GateBranch<D::Kind, Self, Op>>::Out;
}

// A swizzled layout's front doors act on the inner layout, which is gated there.
impl<A, O, L, Op> Gate<Op> for ComposedLayout<A, O, L> {
    type Out = Self;
}

impl<const B: u32, const M: u32, const S: i32, Op> Gate<Op> for Swizzle<B, M, S> {
    type Out = Self;
}

/// Branch of [`Gate`] on "every extent is static" (`Self`) and the kind `K`
/// of the strides ([`GatedStrides`]).
#[doc(hidden)]
pub trait GateBranch<K, A, Op> {
    /// `A`, `RunTimeLeaves<..>` or `BasisStrides<..>`.
    type Out;
}

impl<A, Op: TryForm, K> GateBranch<K, A, Op> for B0 {
    type Out = RunTimeLeaves<Left, Op, Op::Form>;
}

impl<A, Op> GateBranch<StaticIntegers, A, Op> for B1 {
    type Out = A;
}

impl<A, Op: TryForm> GateBranch<RunTimeStrides, A, Op> for B1 {
    type Out = RunTimeLeaves<Left, Op, Op::Form>;
}

// Static scaled-basis strides: the operand, or for an operation that needs
// integer strides, [`BasisStrides`].
impl<A, Op: StrideUse> GateBranch<StaticBases, A, Op> for B1
where
    Op::Strides: StrideGate<A, Op>,
{
    type Out = <Op::Strides as StrideGate<A, Op>>::Out;
}

/// The kind of the strides `Self`: [`StaticIntegers`], [`StaticBases`]
/// (static, a scaled basis among them) or [`RunTimeStrides`] (a `Dyn` or
/// `DivBy` among them), one step per leaf.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait GatedStrides {
    /// The kind.
    type Kind;
}
/// Static integer strides (see [`GatedStrides`]).
#[derive(Debug, Default)]
pub struct StaticIntegers;
/// Static strides with a scaled basis among them (see [`GatedStrides`]).
#[derive(Debug, Default)]
pub struct StaticBases;
/// Strides with a run-time leaf among them (see [`GatedStrides`]).
#[derive(Debug, Default)]
pub struct RunTimeStrides;

macro_rules! stride_leaf {
    ($Kind:ident: $([$($g:tt)*] $D:ty),*) => {$(
        impl<$($g)*> GatedStrides for $D {
            type Kind = $Kind;
        }
    )*};
}
stride_leaf!(StaticIntegers: [U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>, [] Z0, [] HNil);
stride_leaf!(RunTimeStrides: [] Dyn, [N] DivBy<N>);
stride_leaf!(StaticBases: [V, P] ScaledBasis<V, P>);
macro_rules! stride_head {
    ($([$($g:tt)*] $H:ty),*) => {$(
        // A static integer first: the rest's kind.
        impl<$($g)* T: GatedStrides> GatedStrides for HCons<$H, T> {
            type Kind = T::Kind;
        }
    )*};
}
stride_head!([U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] NInt<U>, [] Z0);
// A run-time leaf first: run-time, whatever follows.
impl<T> GatedStrides for HCons<Dyn, T> {
    type Kind = RunTimeStrides;
}
impl<N, T> GatedStrides for HCons<DivBy<N>, T> {
    type Kind = RunTimeStrides;
}
// A scaled basis first: the rest's kind, a basis kept.
impl<V, P, T: GatedStrides> GatedStrides for HCons<ScaledBasis<V, P>, T>
where
    T::Kind: JoinStrides<StaticBases>,
{
    type Kind = <T::Kind as JoinStrides<StaticBases>>::Output;
}
// A nested first mode: both kinds joined.
impl<H, HT, T: GatedStrides> GatedStrides for HCons<HCons<H, HT>, T>
where
    HCons<H, HT>: GatedStrides,
    <HCons<H, HT> as GatedStrides>::Kind: JoinStrides<T::Kind>,
{
    type Kind = <<HCons<H, HT> as GatedStrides>::Kind as JoinStrides<T::Kind>>::Output;
}
impl<T: GatedStrides> GatedStrides for HCons<HNil, T> {
    type Kind = T::Kind;
}
/// The kind of strides of two parts: run-time over basis over integers.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait JoinStrides<K> {
    /// The kind.
    type Output;
}
impl<K> JoinStrides<K> for RunTimeStrides {
    type Output = RunTimeStrides;
}
impl<K> JoinStrides<K> for StaticIntegers {
    type Output = K;
}
impl JoinStrides<StaticIntegers> for StaticBases {
    type Output = StaticBases;
}
impl JoinStrides<StaticBases> for StaticBases {
    type Output = StaticBases;
}
impl JoinStrides<RunTimeStrides> for StaticBases {
    type Output = RunTimeStrides;
}

/// What strides operation `Self` computes with: [`AnyStrides`], or
/// [`IntegerStrides`] for the operations that order, invert or divide them as
/// integers (complements, inverses, products, recasts, common vectors,
/// bijection checks), which a scaled basis `v@i` is not.
pub trait StrideUse {
    /// [`AnyStrides`] or [`IntegerStrides`].
    type Strides;
}
/// Integer and scaled-basis strides alike (see [`StrideUse`]).
#[derive(Debug, Default)]
pub struct AnyStrides;
/// Integer strides only (see [`StrideUse`]).
#[derive(Debug, Default)]
pub struct IntegerStrides;

macro_rules! stride_use {
    ($Strides:ident: $($Op:ident),*) => {$(
        impl StrideUse for op::$Op {
            type Strides = $Strides;
        }
    )*};
}
stride_use!(IntegerStrides: ComplementOp, ComplementDefaultOp, LogicalProductOp, ZippedProductOp,
    TiledProductOp, FlatProductOp, BlockedProductOp, RakedProductOp, UpcastOp, DowncastOp,
    RecastLayoutOp, TileToShapeOp, RightInverseOp, LeftInverseOp, MaxCommonVectorOp,
    MaxCommonLayoutOp, BijectionOp);
stride_use!(AnyStrides: CompositionOp, LogicalDivideOp, ZippedDivideOp, TiledDivideOp, FlatDivideOp,
    MakeOrderedLayoutOp, MakeIdentityLayoutOp, CoalesceOp, FilterOp, Idx2CrdOp, Crd2IdxOp,
    Crd2CrdOp, InnerProductOp, PrefixProductOp, ElemScaleOp, CeilDivOp, ShapeDivOp, LocalTileOp,
    LocalPartitionOp, TvPartitionOp, CopyOp, AxpbyOp, GemmOp, FragmentOp, EvenlyDividesOp,
    TiledMmaOp, TiledCopyOp);

/// The operand `A` (static, with a scaled-basis stride) of operation `Op`
/// as the strides `Self` it computes with gate it.
#[doc(hidden)]
pub trait StrideGate<A, Op> {
    /// `A` or [`BasisStrides`].
    type Out;
}
impl<A, Op> StrideGate<A, Op> for AnyStrides {
    type Out = A;
}
impl<A, Op> StrideGate<A, Op> for IntegerStrides {
    type Out = BasisStrides<Op>;
}

/// A layout with scaled-basis strides at the front door of operation `G`,
/// which needs integer strides. As an operation's result it stands for
/// nothing; its verdict [`BasisStridesVerdict`] refuses it.
#[derive(Debug, Default)]
pub struct BasisStrides<G>(PhantomData<G>);

impl<G> StaticValue for BasisStrides<G> {
    const VALUE: Self = BasisStrides(PhantomData);
}

impl<Op, B> Yields<Op, B, BasisStrides<Op>, BasisStridesVerdict> for BasisStrides<Op> {}

impl<Op> Yields<Unary<Op>, (), BasisStrides<Op>, BasisStridesVerdict> for BasisStrides<Op> {}

/// The verdict on a layout with scaled-basis strides where its operation
/// needs integer ones: refused, the layout shown.
#[derive(Debug, Default)]
pub struct BasisStridesVerdict;

impl<V> First<V> for BasisStridesVerdict {
    type Output = Self;
}

impl Kind for BasisStridesVerdict {
    const NAME: &'static str = "basis_stride";
}

/// [`BasisStridesVerdict`], readable.
#[derive(Debug, Default)]
pub struct IntegerStridesRule;

impl<A: Readable, B> Shown<A, B> for BasisStridesVerdict {
    type Out = Refused<IntegerStridesRule, ReadableOf<A>, ()>;
}

impl<Op, A> Obeys<Op> for Refused<IntegerStridesRule, A, ()> where A: AssertIntegerStrides<Op> {}

/// Every stride of the layout is an integer (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op} needs integer strides, and `{Self}` has scaled-basis ones",
    label = "a coordinate layout: its strides `v@i` are scaled bases",
    note = "rule: complements, inverses, products, recasts, common vectors and bijection checks order, invert or divide the strides as integers; a scaled basis `v@i` maps to a coordinate, not an offset, and has no such order (CuTe C++ does not compile them either)",
    note = "compose, divide and slice a coordinate layout; for offsets, use a layout with integer strides"
)]
pub trait AssertIntegerStrides<Op> {}

/// Marks the left operand as the one with a run-time leaf (see [`RunTimeLeaves`]).
#[derive(Debug, Default)]
pub struct Left;
/// Marks the right operand as the one with a run-time leaf (see [`RunTimeLeaves`]).
#[derive(Debug, Default)]
pub struct Right;

/// An operand (`W`: [`Left`] or [`Right`]) with a run-time leaf at the front
/// door of the static operation `G`; `T` names the form that accepts it. As
/// an operation's result it stands for nothing; its verdict refuses it.
#[derive(Debug, Default)]
pub struct RunTimeLeaves<W, G, T>(PhantomData<(W, G, T)>);

impl<W, G, T> StaticValue for RunTimeLeaves<W, G, T> {
    const VALUE: Self = RunTimeLeaves(PhantomData);
}

/// The verdict on an operand (`W`) with a run-time leaf: refused, naming the
/// form `T`.
#[derive(Debug, Default)]
pub struct RunTimeVerdict<T, W>(PhantomData<(T, W)>);

impl<Op: TryForm, B, W, T> Yields<Op, B, RunTimeLeaves<W, Op, T>, RunTimeVerdict<T, W>>
    for RunTimeLeaves<W, Op, T>
{
}

impl<Op: TryForm, W, T> Yields<Unary<Op>, (), RunTimeLeaves<W, Op, T>, RunTimeVerdict<T, W>>
    for RunTimeLeaves<W, Op, T>
{
}

impl<V, T, W> First<V> for RunTimeVerdict<T, W> {
    type Output = Self;
}

impl<T, W> Kind for RunTimeVerdict<T, W> {
    const NAME: &'static str = "invalid_argument";
}

/// [`RunTimeVerdict`], readable.
#[derive(Debug, Default)]
pub struct StaticLeavesRule<T>(PhantomData<T>);

// The refusal shows the operand with the run-time leaf.
impl<A: Readable, B, T> Shown<A, B> for RunTimeVerdict<T, Left> {
    type Out = Refused<StaticLeavesRule<T>, ReadableOf<A>, ()>;
}

impl<A, B: Readable, T> Shown<A, B> for RunTimeVerdict<T, Right> {
    type Out = Refused<StaticLeavesRule<T>, ReadableOf<B>, ()>;
}

impl<Op, A, T> Obeys<Op> for Refused<StaticLeavesRule<T>, A, ()> where A: AssertStaticLeaves<Op, T> {}

/// A function that builds a layout from a shape (`make_identity_layout`,
/// `make_ordered_layout`) given a run-time extent: refused naming the form
/// `T` that takes it, the shape shown.
#[derive(Debug, Default)]
pub struct RunTimeShapeVerdict<T>(PhantomData<T>);

impl<V, T> First<V> for RunTimeShapeVerdict<T> {
    type Output = Self;
}

impl<T> Kind for RunTimeShapeVerdict<T> {
    const NAME: &'static str = "invalid_argument";
}

/// [`RunTimeShapeVerdict`], readable.
#[derive(Debug, Default)]
pub struct StaticShapeRule<T>(PhantomData<T>);

impl<A: Readable, B, T> Shown<A, B> for RunTimeShapeVerdict<T> {
    type Out = Refused<StaticShapeRule<T>, ReadableOf<A>, ()>;
}

impl<Op, A, T> Obeys<Op> for Refused<StaticShapeRule<T>, A, ()> where A: AssertStaticShape<Op, T> {}

/// Every extent of the shape is static (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op} builds a static layout, and the shape `{Self}` has a run-time (`Dyn`) extent",
    label = "a shape with a run-time extent",
    note = "rule: a static operation computes its result as a type, from typenum leaves; a `Dyn` or `DivBy` extent is known only when the program runs",
    note = "use `{T}`, which accepts run-time extents and returns a Result"
)]
pub trait AssertStaticShape<Op, T> {}

/// The gated operand of a binary front door after the static gate of its
/// right operand `Self`: `AG` (the left operand's gate) when every leaf of
/// `Self` is static, else [`RunTimeLeaves`] of the [`Right`] operand.
pub trait RhsGate<AG, Op> {
    /// `AG` or `RunTimeLeaves<Right, ..>`.
    type Out;
}

/// The gated operand of operation `Op` with right operand `B`, after both gates.
pub type RhsGated<B, AG, Op> = <B as RhsGate<AG, Op>>::Out;

impl<B: AllStatic, AG, Op> RhsGate<AG, Op> for B
where
    B::Bit: RhsGateBranch<AG, Op>,
{
    type Out = <B::Bit as RhsGateBranch<AG, Op>>::Out;
}

/// Branch of [`RhsGate`] on "every leaf is static".
#[doc(hidden)]
pub trait RhsGateBranch<AG, Op> {
    /// `AG` or `RunTimeLeaves<Right, ..>`.
    type Out;
}

impl<AG, Op> RhsGateBranch<AG, Op> for B1 {
    type Out = AG;
}

impl<AG, Op: TryForm> RhsGateBranch<AG, Op> for B0 {
    type Out = RunTimeLeaves<Right, Op, Op::Form>;
}

/// The operand of a tensor operation `G` (`local_tile`, `local_partition`,
/// `tv_partition`) after the static gate: `Self`, or [`RunTimeTensor`].
pub trait TensorGate<G> {
    /// `Self` or `RunTimeTensor<..>`.
    type Out;
}

/// The layout `L` of a tensor operation `G` after the static gate.
pub type TensorGated<L, G> = <L as TensorGate<G>>::Out;

impl<S: AllStatic, D: AllStatic, G> TensorGate<G> for Layout<S, D>
where
    S::Bit: core::ops::BitAnd<D::Bit>,
    typenum::And<S::Bit, D::Bit>: TensorGateBranch<Self, G>,
{
    type Out = <typenum::And<S::Bit, D::Bit> as TensorGateBranch<Self, G>>::Out;
}

impl<A, O, L, G> TensorGate<G> for ComposedLayout<A, O, L> {
    type Out = Self;
}

/// Branch of [`TensorGate`] on "every leaf is static".
#[doc(hidden)]
pub trait TensorGateBranch<A, G> {
    /// `A` or `RunTimeTensor<..>`.
    type Out;
}

impl<A, G> TensorGateBranch<A, G> for B1 {
    type Out = A;
}

impl<A: Readable, G> TensorGateBranch<A, G> for B0 {
    type Out = RunTimeTensor<ReadableOf<A>, G>;
}

/// A tensor's layout `A` (readable) with a run-time leaf at the front door
/// of the static tensor operation `G`.
#[derive(Debug, Default)]
pub struct RunTimeTensor<A, G>(PhantomData<(A, G)>);

/// `Self` (a tensor's layout after the static gate) with operand `B` yields
/// `R` with verdict `V` under operation `Op`, as the operation's `Yields`; a
/// [`RunTimeTensor`] never does, and its error names the `try_*` form.
pub trait GatedYields<Op, B, R, V> {}

// One blanket impl, so that rustc lists no implementation in the error.
impl<Op, B, R, V, X: GatedYieldsBy<Op, B, R, V>> GatedYields<Op, B, R, V> for X {}

/// The cases of [`GatedYields`].
#[doc(hidden)]
pub trait GatedYieldsBy<Op, B, R, V> {}

impl<Op, B, R, V, S, D> GatedYieldsBy<Op, B, R, V> for Layout<S, D> where Self: Yields<Op, B, R, V> {}

impl<Op, B, R, V, A, O, L> GatedYieldsBy<Op, B, R, V> for ComposedLayout<A, O, L> where
    Self: Yields<Op, B, R, V>
{
}

impl<Op, B, R, V, A, G: TensorTryForm> GatedYieldsBy<Op, B, R, V> for RunTimeTensor<A, G> where
    A: AssertStaticLeaves<G, G::Form>
{
}

/// The form of tensor operation `Self` that accepts run-time leaves.
pub trait TensorTryForm {
    /// A marker named after that function.
    type Form;
}

impl TensorTryForm for op::LocalTileOp {
    type Form = form::try_local_tile;
}

impl TensorTryForm for op::LocalPartitionOp {
    type Form = form::try_local_partition;
}

impl TensorTryForm for op::TvPartitionOp {
    type Form = form::try_tv_partition;
}

/// Every leaf of the layout is static (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op} computes with static leaves, and `{Self}` has a run-time (`Dyn`) one",
    label = "a layout with a run-time (`{{expr}}`) leaf",
    note = "rule: a static operation computes its result as a type, from typenum leaves; a `Dyn` or `DivBy` leaf is known only when the program runs",
    note = "use `{T}`, which accepts run-time leaves and returns a Result (where the form is `to_dynamic`, convert with `.to_dynamic()` and use `layout_algebra::runtime`)"
)]
pub trait AssertStaticLeaves<Op, T> {}

/// The form of operation `Self` that accepts run-time leaves.
pub trait TryForm {
    /// A marker named after that function.
    type Form;
}

/// Names of the forms that accept run-time leaves, as error messages show them.
pub mod form {
    /// `try_composition`.
    pub struct try_composition {}
    /// `try_complement`.
    pub struct try_complement {}
    /// `try_logical_divide`.
    pub struct try_logical_divide {}
    /// `try_zipped_divide`.
    pub struct try_zipped_divide {}
    /// `try_tiled_divide`.
    pub struct try_tiled_divide {}
    /// `try_flat_divide`.
    pub struct try_flat_divide {}
    /// `try_logical_product`.
    pub struct try_logical_product {}
    /// `try_zipped_product`.
    pub struct try_zipped_product {}
    /// `try_tiled_product`.
    pub struct try_tiled_product {}
    /// `try_flat_product`.
    pub struct try_flat_product {}
    /// `try_blocked_product`.
    pub struct try_blocked_product {}
    /// `try_raked_product`.
    pub struct try_raked_product {}
    /// `try_right_inverse`.
    pub struct try_right_inverse {}
    /// `try_left_inverse`.
    pub struct try_left_inverse {}
    /// `try_local_tile`.
    pub struct try_local_tile {}
    /// `try_local_partition`.
    pub struct try_local_partition {}
    /// `try_tv_partition`.
    pub struct try_tv_partition {}
    /// `try_make_identity_layout`.
    pub struct try_make_identity_layout {}
    /// `try_complement_default`.
    pub struct try_complement_default {}
    /// `try_is_bijection`.
    pub struct try_is_bijection {}
    /// `try_make_ordered_layout`.
    pub struct try_make_ordered_layout {}
    /// `try_upcast`.
    pub struct try_upcast {}
    /// `try_downcast`.
    pub struct try_downcast {}
    /// `try_recast_layout`.
    pub struct try_recast_layout {}
    /// `try_max_common_vector`.
    pub struct try_max_common_vector {}
    /// `try_max_common_layout`.
    pub struct try_max_common_layout {}
    /// `try_tile_to_shape`.
    pub struct try_tile_to_shape {}
    /// `try_idx2crd`.
    pub struct try_idx2crd {}
    /// `try_idx2crd_strided`.
    pub struct try_idx2crd_strided {}
    /// `try_crd2idx`.
    pub struct try_crd2idx {}
    /// `try_crd2crd`.
    pub struct try_crd2crd {}
    /// `try_inner_product`.
    pub struct try_inner_product {}
    /// `try_elem_scale`.
    pub struct try_elem_scale {}
    /// `try_ceil_div`.
    pub struct try_ceil_div {}
    /// `try_shape_div`.
    pub struct try_shape_div {}
    /// `try_prefix_product`.
    pub struct try_prefix_product {}
    /// `.to_dynamic()` and the runtime layer.
    pub struct to_dynamic {}
}

macro_rules! try_forms {
    ($($Op:ident $form:ident,)*) => {$(
        impl TryForm for op::$Op {
            type Form = form::$form;
        }
    )*};
}

try_forms! {
    CompositionOp try_composition,
    ComplementOp try_complement,
    ComplementDefaultOp try_complement_default,
    LogicalDivideOp try_logical_divide,
    ZippedDivideOp try_zipped_divide,
    TiledDivideOp try_tiled_divide,
    FlatDivideOp try_flat_divide,
    LogicalProductOp try_logical_product,
    ZippedProductOp try_zipped_product,
    TiledProductOp try_tiled_product,
    FlatProductOp try_flat_product,
    BlockedProductOp try_blocked_product,
    RakedProductOp try_raked_product,
    RightInverseOp try_right_inverse,
    LeftInverseOp try_left_inverse,
    UpcastOp try_upcast,
    DowncastOp try_downcast,
    MaxCommonVectorOp try_max_common_vector,
    MaxCommonLayoutOp try_max_common_layout,
    BijectionOp try_is_bijection,
    TileToShapeOp try_tile_to_shape,
    RecastLayoutOp try_recast_layout,
    Idx2CrdOp try_idx2crd,
    Crd2IdxOp try_crd2idx,
    Crd2CrdOp try_crd2crd,
    InnerProductOp try_inner_product,
    ElemScaleOp try_elem_scale,
    CeilDivOp try_ceil_div,
    ShapeDivOp try_shape_div,
    PrefixProductOp try_prefix_product,
    MakeOrderedLayoutOp to_dynamic,
}

/// Which operand of an int-tuple function (`idx2crd`, `shape_div`, ..) has a
/// run-time leaf, from the operands' "every leaf static" bits (`Self` the
/// left's, `R` the right's): `B1` (none), [`Left`] or [`Right`].
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Blame<R> {
    /// `B1`, `Left` or `Right`.
    type Out;
}

impl Blame<B1> for B1 {
    type Out = B1;
}

impl<R> Blame<R> for B0 {
    type Out = Left;
}

impl Blame<B0> for B1 {
    type Out = Right;
}

/// The result of an int-tuple function refused for a run-time leaf: it
/// stands for nothing; its verdict ([`RunTimeTupleVerdict`]) refuses it.
#[derive(Debug, Default)]
pub struct RunTimeTuple;

impl StaticValue for RunTimeTuple {
    const VALUE: Self = RunTimeTuple;
}

/// The verdict on an int-tuple function's operand (`W`: [`Left`] or
/// [`Right`]) with a run-time leaf, naming the form `T` that takes it.
#[derive(Debug, Default)]
pub struct RunTimeTupleVerdict<W, T>(PhantomData<(W, T)>);

impl<V, W, T> First<V> for RunTimeTupleVerdict<W, T> {
    type Output = Self;
}

impl<W, T> Kind for RunTimeTupleVerdict<W, T> {
    const NAME: &'static str = "invalid_argument";
}

/// [`RunTimeTupleVerdict`], readable.
#[derive(Debug, Default)]
pub struct StaticTupleRule<T>(PhantomData<T>);

impl<A: Readable, B, T> Shown<A, B> for RunTimeTupleVerdict<Left, T> {
    type Out = Refused<StaticTupleRule<T>, ReadableOf<A>, ()>;
}

impl<A, B: Readable, T> Shown<A, B> for RunTimeTupleVerdict<Right, T> {
    type Out = Refused<StaticTupleRule<T>, ReadableOf<B>, ()>;
}

impl<Op, A, T> Obeys<Op> for Refused<StaticTupleRule<T>, A, ()> where A: AssertStaticTuple<Op, T> {}

/// A static int tuple (no type implements it for a tuple with a run-time leaf).
#[diagnostic::on_unimplemented(
    message = "{Op} computes with static leaves, and `{Self}` has a run-time (`Dyn`) one",
    label = "an operand with a run-time leaf",
    note = "rule: {Op} computes its result as a type, from typenum leaves; a `Dyn` or `DivBy` leaf is known only when the program runs",
    note = "use `{T}`, which accepts run-time leaves and returns a Result (where the form is `to_dynamic`, convert with `.to_dynamic()` and use `layout_algebra::runtime`)"
)]
pub trait AssertStaticTuple<Op, T> {}
