//! The compile errors of the type-level algebra.
//!
//! An operation's front door requires its [verdict](super::verdict)
//! to be [`Admissible`]. Only `Pass` is; a failing verdict is admissible only
//! if the left operand implements the assertion trait of its rule, and no type
//! does, so rustc reports that trait's message at the user's call: the
//! operation, the rule in CuTe's words with the numbers that break it, the
//! operands (in the readable form of [`readable`](super::readable)),
//! and a remedy.
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! // (4,6,8):(2,3,5) ∘ 6:3: 3 and the prefix size 4 do not divide each other.
//! let _ = composition(layout!((4,6,8):(2,3,5)), layout!(6:3));
//! ```

use super::readable::{
    BlockSize, Extent, Factor, ModeShape, ModeStride, NegativeStrideMode, PrefixSize, RankIs,
    Readable, ReadableOf, ReadableU, TargetSize, TileExtent,
};
use super::verdict::*;
use core::marker::PhantomData;

/// Marker types naming the operation in an error message.
pub mod op {
    /// `composition(a, b)`.
    pub struct CompositionOp;
    /// `complement(a, cotarget)`.
    pub struct ComplementOp;
    /// `complement(a)`, up to `cosize(a)`.
    pub struct ComplementDefaultOp;
    /// `logical_divide(a, tiler)`.
    pub struct LogicalDivideOp;
    /// `zipped_divide(a, tiler)`.
    pub struct ZippedDivideOp;
    /// `tiled_divide(a, tiler)`.
    pub struct TiledDivideOp;
    /// `flat_divide(a, tiler)`.
    pub struct FlatDivideOp;
    /// `logical_product(a, b)`.
    pub struct LogicalProductOp;
    /// `zipped_product(a, b)`.
    pub struct ZippedProductOp;
    /// `tiled_product(a, b)`.
    pub struct TiledProductOp;
    /// `flat_product(a, b)`.
    pub struct FlatProductOp;
    /// `blocked_product(a, b)`.
    pub struct BlockedProductOp;
    /// `raked_product(a, b)`.
    pub struct RakedProductOp;
    /// `upcast(a, n)`.
    pub struct UpcastOp;
    /// `downcast(a, n)`.
    pub struct DowncastOp;
    /// `recast_layout(a, old_bits, new_bits)`.
    pub struct RecastLayoutOp;
    /// `make_ordered_layout(shape, order)`.
    pub struct MakeOrderedLayoutOp;
    /// `make_identity_layout(shape)`.
    pub struct MakeIdentityLayoutOp;
    /// `tile_to_shape(block, shape, order)`.
    pub struct TileToShapeOp;
    /// `coalesce(a, profile)`.
    pub struct CoalesceOp;
    /// `filter(a, profile)`.
    pub struct FilterOp;
    /// `idx2crd(idx, shape)`.
    pub struct Idx2CrdOp;
    /// `crd2idx(coord, shape, stride)`.
    pub struct Crd2IdxOp;
    /// `crd2crd(coord, src_shape, dst_shape)`.
    pub struct Crd2CrdOp;
    /// `inner_product(a, b)`.
    pub struct InnerProductOp;
    /// `prefix_product(a, init)`.
    pub struct PrefixProductOp;
    /// `elem_scale(a, b)`.
    pub struct ElemScaleOp;
    /// `ceil_div(a, b)`.
    pub struct CeilDivOp;
    /// `shape_div(a, b)`.
    pub struct ShapeDivOp;
    /// `right_inverse(a)`.
    pub struct RightInverseOp;
    /// `left_inverse(a)`.
    pub struct LeftInverseOp;
    /// `max_common_vector(a, b)`.
    pub struct MaxCommonVectorOp;
    /// `max_common_layout(a, b)`.
    pub struct MaxCommonLayoutOp;
    /// `is_bijection(l)`.
    pub struct BijectionOp;
    /// `local_tile(tensor, tiler, coord)`.
    pub struct LocalTileOp;
    /// `local_partition(tensor, threads, index)`.
    pub struct LocalPartitionOp;
    /// `tv_partition(tensor, tv, thread)`.
    pub struct TvPartitionOp;
    /// `copy(src, dst)`.
    pub struct CopyOp;
    /// `axpby(alpha, x, beta, y)`.
    pub struct AxpbyOp;
    /// `gemm(a, b, c)`.
    pub struct GemmOp;
    /// `make_tensor_from_array(array, layout)`.
    pub struct FragmentOp;
    /// `assert_evenly_divides(a, tiler)`.
    pub struct EvenlyDividesOp;
    /// `make_tiled_mma(atom, threads, values)` and its partitions.
    pub struct TiledMmaOp;
    /// `make_tiled_copy(atom, threads, values)` and its partitions.
    pub struct TiledCopyOp;
}

/// The verdict's readable form: `Pass`, or the violated rule with its numbers
/// and the operands `A`, `B` as [`Refused`], in the readable form of
/// [`Readable`]. Only a failing verdict computes it, so a
/// passing operation costs nothing more.
pub trait Shown<A, B> {
    /// `Pass` or `Refused<rule, A, B>`, readable.
    type Out;
}

/// The readable form of verdict `V` of an operation on `A` and `B`.
pub type ShownOf<V, A, B> = <V as Shown<A, B>>::Out;

/// A refused operation: the violated rule `R` (with its numbers) on the
/// operands `A` and `B`, all readable, as the error message shows them.
#[derive(Debug, Default)]
pub struct Refused<R, A, B>(PhantomData<(R, A, B)>);

/// The readable verdict `Self` of operation `Op` allows the operation: only
/// `Pass` does. An operation requires `V: Shown<A, B>` and
/// `ShownOf<V, A, B>: Admissible<Op>`, so that a refusal reports the rule's
/// assertion trait and every note names readable types only.
pub trait Admissible<Op> {}

// One blanket impl, so that rustc lists no implementation in the error.
impl<Op, V: Obeys<Op>> Admissible<Op> for V {}

/// `Self` (a readable verdict) obeys the rules of `Op`: `Pass` does, and a
/// [`Refused`] rule does if its operand implements the rule's assertion
/// trait, which no type does.
pub trait Obeys<Op> {}

impl<Op> Obeys<Op> for Pass {}

impl<A, B> Shown<A, B> for Pass {
    type Out = Pass;
}

/// [`StrideDivisibility`], readable.
#[derive(Debug, Default)]
pub struct StrideDivisibilityRule<P, D>(PhantomData<(P, D)>);

impl<A: Readable, B: Readable, P: ReadableU, D: ReadableU> Shown<A, B>
    for StrideDivisibility<P, D>
{
    type Out = Refused<StrideDivisibilityRule<P::Out, D::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, P, D> Obeys<Op> for Refused<StrideDivisibilityRule<P, D>, A, B> where
    A: AssertStrideDivisibility<Op, B, (ModeStride<D>, PrefixSize<P>)>
{
}

/// [`ShapeDivisibility`], readable.
#[derive(Debug, Default)]
pub struct ShapeDivisibilityRule<P, S>(PhantomData<(P, S)>);

impl<A: Readable, B: Readable, P: ReadableU, S: ReadableU> Shown<A, B> for ShapeDivisibility<P, S> {
    type Out = Refused<ShapeDivisibilityRule<P::Out, S::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, P, S> Obeys<Op> for Refused<ShapeDivisibilityRule<P, S>, A, B> where
    A: AssertShapeDivisibility<Op, B, (ModeShape<S>, PrefixSize<P>)>
{
}

/// [`StartsInside`], readable.
#[derive(Debug, Default)]
pub struct StartsInsideRule<X, E>(PhantomData<(X, E)>);

impl<A: Readable, B: Readable, X: ReadableU, E: ReadableU> Shown<A, B> for StartsInside<X, E> {
    type Out = Refused<StartsInsideRule<X::Out, E::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, X, E> Obeys<Op> for Refused<StartsInsideRule<X, E>, A, B> where
    A: AssertStartsAfter<Op, B, (ModeStride<X>, Extent<E>)>
{
}

/// [`NotComplementable`], readable.
#[derive(Debug, Default)]
pub struct NotComplementableRule<X, E>(PhantomData<(X, E)>);

impl<A: Readable, B: Readable, X: ReadableU, E: ReadableU> Shown<A, B> for NotComplementable<X, E> {
    type Out = Refused<NotComplementableRule<X::Out, E::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, X, E> Obeys<Op> for Refused<NotComplementableRule<X, E>, A, B> where
    A: AssertComplementable<Op, B, (ModeStride<X>, Extent<E>)>
{
}

/// [`IntegerOperand`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntegerOperandRule;

impl<A: Readable, B: Readable> Shown<A, B> for IntegerOperand {
    type Out = Refused<IntegerOperandRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<IntegerOperandRule, A, B> where A: AssertLayoutOperand<Op, B> {}

/// [`NegativeStride`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeStrideRule;

impl<A: Readable, B: Readable> Shown<A, B> for NegativeStride {
    type Out = Refused<NegativeStrideRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<NegativeStrideRule, A, B> where
    A: AssertNonNegativeStride<Op, B>
{
}

/// [`Distributivity`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct DistributivityRule;

impl<A: Readable, B: Readable> Shown<A, B> for Distributivity {
    type Out = Refused<DistributivityRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<DistributivityRule, A, B> where A: AssertDistributive<Op, B> {}

/// [`NegativeOffsets`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeOffsetsRule;

impl<A: Readable, B> Shown<A, B> for NegativeOffsets {
    type Out = Refused<NegativeOffsetsRule, ReadableOf<A>, ()>;
}

impl<Op, A> Obeys<Op> for Refused<NegativeOffsetsRule, A, ()> where
    A: AssertLeftInvertibleOffsets<Op>
{
}

/// [`LeftInverseDivisibility`], readable.
#[derive(Debug, Default)]
pub struct LeftInverseDivisibilityRule<X, N>(PhantomData<(X, N)>);

impl<A: Readable, B, X: ReadableU, N: ReadableU> Shown<A, B> for LeftInverseDivisibility<X, N> {
    type Out = Refused<LeftInverseDivisibilityRule<X::Out, N::Out>, ReadableOf<A>, ()>;
}

impl<Op, A, X, N> Obeys<Op> for Refused<LeftInverseDivisibilityRule<X, N>, A, ()> where
    A: AssertLeftInverseDivisibility<Op, (ModeStride<X>, ModeStride<N>)>
{
}

/// [`LeftInverseOverlap`], readable.
#[derive(Debug, Default)]
pub struct LeftInverseOverlapRule<N, E>(PhantomData<(N, E)>);

impl<A: Readable, B, N: ReadableU, E: ReadableU> Shown<A, B> for LeftInverseOverlap<N, E> {
    type Out = Refused<LeftInverseOverlapRule<N::Out, E::Out>, ReadableOf<A>, ()>;
}

impl<Op, A, N, E> Obeys<Op> for Refused<LeftInverseOverlapRule<N, E>, A, ()> where
    A: AssertLeftInjective<Op, (Extent<E>, ModeStride<N>)>
{
}

/// [`NonPositiveCotarget`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NonPositiveCotargetRule;

impl<A: Readable, B> Shown<A, B> for NonPositiveCotarget {
    type Out = Refused<NonPositiveCotargetRule, ReadableOf<A>, ()>;
}

impl<Op, A> Obeys<Op> for Refused<NonPositiveCotargetRule, A, ()> where A: AssertPositiveCotarget<Op>
{}

/// [`NonPositiveDivisor`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NonPositiveDivisorRule;

impl<A: Readable, B: Readable> Shown<A, B> for NonPositiveDivisor {
    type Out = Refused<NonPositiveDivisorRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<NonPositiveDivisorRule, A, B> where
    A: AssertPositiveDivisor<Op, B>
{
}

/// [`RankMismatch`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankMismatchRule;

impl<A: Readable, B: Readable> Shown<A, B> for RankMismatch {
    type Out = Refused<RankMismatchRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<RankMismatchRule, A, B> where A: AssertRank<Op, B> {}

/// [`Overflow`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct OverflowRule;

impl<A: Readable, B: Readable> Shown<A, B> for Overflow {
    type Out = Refused<OverflowRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<OverflowRule, A, B> where A: AssertFitsI64<Op, B> {}

/// [`NotBijective`], readable.
#[derive(Debug, Default)]
pub struct NotBijectiveRule<X, P>(PhantomData<(X, P)>);

impl<A: Readable, B: Readable, X: ReadableU, P: ReadableU> Shown<A, B> for NotBijective<X, P> {
    type Out = Refused<NotBijectiveRule<X::Out, P::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, X, P> Obeys<Op> for Refused<NotBijectiveRule<X, P>, A, B> where
    A: AssertBijective<Op, B, (ModeStride<X>, Extent<P>)>
{
}

/// [`BroadcastMode`], readable.
#[derive(Debug, Default)]
pub struct BroadcastModeRule<S>(PhantomData<(S,)>);

impl<A: Readable, B: Readable, S: ReadableU> Shown<A, B> for BroadcastMode<S> {
    type Out = Refused<BroadcastModeRule<S::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, S> Obeys<Op> for Refused<BroadcastModeRule<S>, A, B> where
    A: AssertNoBroadcast<Op, B, ModeShape<S>>
{
}

/// [`NegativeCover`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeCoverRule;

impl<A: Readable, B: Readable> Shown<A, B> for NegativeCover {
    type Out = Refused<NegativeCoverRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<NegativeCoverRule, A, B> where
    A: AssertNoBroadcast<Op, B, NegativeStrideMode>
{
}

/// [`NonPositiveFactor`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NonPositiveFactorRule;

impl<A: Readable, B: Readable> Shown<A, B> for NonPositiveFactor {
    type Out = Refused<NonPositiveFactorRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<NonPositiveFactorRule, A, B> where
    A: AssertPositiveFactor<Op, B>
{
}

/// [`RecastDivisibility`], readable.
#[derive(Debug, Default)]
pub struct RecastDivisibilityRule<D, N>(PhantomData<(D, N)>);

impl<A: Readable, B: Readable, D: Readable, N: ReadableU> Shown<A, B> for RecastDivisibility<D, N> {
    type Out = Refused<RecastDivisibilityRule<ReadableOf<D>, N::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, D, N> Obeys<Op> for Refused<RecastDivisibilityRule<D, N>, A, B> where
    A: AssertRecastDivisibility<Op, B, (ModeStride<D>, Factor<N>)>
{
}

/// [`NotAdjacent`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NotAdjacentRule;

impl<A: Readable, B: Readable> Shown<A, B> for NotAdjacent {
    type Out = Refused<NotAdjacentRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<NotAdjacentRule, A, B> where A: AssertAdjacent<Op, B> {}

/// [`ZeroStride`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroStrideRule;

impl<A: Readable, B: Readable> Shown<A, B> for ZeroStride {
    type Out = Refused<ZeroStrideRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<ZeroStrideRule, A, B> where A: AssertNonzeroStride<Op, B> {}

/// [`NotCongruent`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NotCongruentRule;

impl<A: Readable, B: Readable> Shown<A, B> for NotCongruent {
    type Out = Refused<NotCongruentRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<NotCongruentRule, A, B> where A: AssertCongruent<Op, B> {}

/// [`EmptyShapeIndex`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct EmptyShapeIndexRule;

impl<A: Readable, B: Readable, I> Shown<A, B> for EmptyShapeIndex<I> {
    type Out = Refused<EmptyShapeIndexRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<EmptyShapeIndexRule, A, B> where A: AssertEmptyShapeIndex<Op, B>
{}

/// [`BlockRankMismatch`], readable.
#[derive(Debug, Default)]
pub struct BlockRankMismatchRule<RA, RT>(PhantomData<(RA, RT)>);

impl<A: Readable, B: Readable, RA: ReadableU, RT: ReadableU> Shown<A, B>
    for BlockRankMismatch<RA, RT>
{
    type Out = Refused<BlockRankMismatchRule<RA::Out, RT::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, RA, RT> Obeys<Op> for Refused<BlockRankMismatchRule<RA, RT>, A, B> where
    A: AssertBlockRank<Op, B, (RankIs<RA>, RankIs<RT>)>
{
}

/// [`TileDivisibility`], readable.
#[derive(Debug, Default)]
pub struct TileDivisibilityRule<SA, ST>(PhantomData<(SA, ST)>);

impl<A: Readable, B: Readable, SA: ReadableU, ST: ReadableU> Shown<A, B>
    for TileDivisibility<SA, ST>
{
    type Out = Refused<TileDivisibilityRule<SA::Out, ST::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, SA, ST> Obeys<Op> for Refused<TileDivisibilityRule<SA, ST>, A, B> where
    A: AssertTileDivisibility<Op, B, (BlockSize<SA>, TargetSize<ST>)>
{
}

/// [`NotEvenlyDivided`], readable.
#[derive(Debug, Default)]
pub struct NotEvenlyDividedRule<S, E>(PhantomData<(S, E)>);

impl<A: Readable, B: Readable, S: Readable, E: ReadableU> Shown<A, B> for NotEvenlyDivided<S, E> {
    type Out = Refused<NotEvenlyDividedRule<ReadableOf<S>, E::Out>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, S, E> Obeys<Op> for Refused<NotEvenlyDividedRule<S, E>, A, B> where
    A: AssertEvenlyDivides<Op, B, (ModeShape<S>, TileExtent<E>)>
{
}

/// [`BasisModeMissing`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasisModeMissingRule;

impl<A: Readable, B: Readable> Shown<A, B> for BasisModeMissing {
    type Out = Refused<BasisModeMissingRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<BasisModeMissingRule, A, B> where A: AssertBasisMode<Op, B> {}

/// [`RunTimeBasis`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunTimeBasisRule;

impl<A: Readable, B: Readable> Shown<A, B> for RunTimeBasis {
    type Out = Refused<RunTimeBasisRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<RunTimeBasisRule, A, B> where A: AssertStaticBasis<Op, B> {}

/// [`ZeroOperand`], readable.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroOperandRule;

impl<A: Readable, B: Readable> Shown<A, B> for ZeroOperand {
    type Out = Refused<ZeroOperandRule, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B> Obeys<Op> for Refused<ZeroOperandRule, A, B> where A: AssertNonzeroOperands<Op, B> {}

/// [`Indivisible`], readable.
#[derive(Debug, Default)]
pub struct IndivisibleRule<X, D>(PhantomData<(X, D)>);

impl<A: Readable, B: Readable, X: Readable, D: Readable> Shown<A, B> for Indivisible<X, D> {
    type Out = Refused<IndivisibleRule<ReadableOf<X>, ReadableOf<D>>, ReadableOf<A>, ReadableOf<B>>;
}

impl<Op, A, B, X, D> Obeys<Op> for Refused<IndivisibleRule<X, D>, A, B> where
    A: AssertDivides<Op, B, (X, D)>
{
}

/// Operands congruent with a shape (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the operands are not congruent",
    label = "`{Self}` with `{B}`",
    note = "rule (CuTe): {Op} pairs its operands leaf by leaf, so each is an integer or has the other's tree structure: an order, a coordinate or a stride follows its shape (a tuple of that mode's rank, or one integer for a whole mode), and a tuple is scaled only by a tuple",
    note = "e.g. shape (4,(3,2)) takes 5, (1,4) or (1,(2,1)), but not (1,2,0)"
)]
pub trait AssertCongruent<Op, B> {}

/// No zero stride to divide an index by (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: a stride is zero",
    label = "index `{Self}` into `{B}`",
    note = "rule (CuTe, idx2crd(idx, shape, stride)): the coordinate of leaf i is (idx / dᵢ) mod sᵢ, undefined for a stride dᵢ = 0",
    note = "give every leaf of the stride a nonzero value, or call idx2crd(idx, shape) for the compact stride"
)]
pub trait AssertNonzeroStride<Op, B> {}

/// No index past the empty shape (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the index lies outside the empty shape",
    label = "index `{Self}` into `{B}`, which contains ()",
    note = "rule (CuTe, idx2crd): the empty shape () has the single coordinate (), at index 0; nothing can hold the rest of a nonzero index",
    note = "give the empty mode index 0"
)]
pub trait AssertEmptyShapeIndex<Op, B> {}

/// Tiles proven to fill every divided extent (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the tiles are not proven to fill a divided extent",
    label = "`{Self}` by `{B}`: {N}",
    note = "rule (CuTe, evenly_divides): each divided extent s is a multiple of the extent E that its tiler entry with the entry's gaps fills; proven at compile time from a static s, or from a DivBy<N> fact with E | N (a Dyn is never proven)",
    note = "give the extent a DivBy<N> fact with E | N (div_by::<N>(m)), or test evenly_divides(&a, tiler) at run time and predicate the edge tiles"
)]
pub trait AssertEvenlyDivides<Op, B, N> {}

/// A tile extent that a tiled operation's tile divides (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: its tile does not divide the tile it partitions",
    label = "a tile extent `{Self}` where its tile has `{B}`",
    note = "rule (CuTe, TiledMMA and TiledCopy): each extent of the partitioned tile is a multiple of the tiled operation's tile: TM·VM·MR rows and TN·VN·NR columns for an MMA (threads × atoms per thread × the atom's tile), TM·VM and TN·VN for a copy",
    note = "tile the operands by a multiple of its tile (local_tile), or choose threads and values whose product divides the tile"
)]
pub trait AssertTilesDivide<Op, B> {}

/// A copy atom whose width divides a thread's consecutive values (no type
/// implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the copy atom's width does not divide a thread's consecutive values",
    label = "`{Self}` consecutive values per thread for an atom of `{B}` elements",
    note = "rule (CuTe, TiledCopy): each atom move takes W consecutive elements of a thread's block, so W divides the block's first extent VM",
    note = "choose an atom of a width dividing VM (UniversalCopy::<T, _4>), or a block whose first extent is a multiple of the atom's"
)]
pub trait AssertCopyWidth<Op, B> {}

/// A copy atom no wider than a consecutive run (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the copy atom is wider than a consecutive run of the tensor",
    label = "an atom of `{Self}` elements on a run of stride `{B}`",
    note = "rule (CuTe, copy with a copy atom): the atom moves W elements as one vector, which must be consecutive in memory (CuTe's max_common_vector of source and destination is at least W), so the first mode of each partition has stride 1",
    note = "partition tiles whose first mode is the one of stride 1 (a column-major tile), or copy without the atom (copy(&src, &mut dst))"
)]
pub trait AssertContiguousRun<Op, B> {}

/// A block no higher in rank than its target shape (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the block has more modes than the target shape",
    label = "block `{Self}` for `{B}`: ranks {N}",
    note = "rule (CuTe, tile_to_shape): rank(block) ≤ rank(shape); the block is padded with 1:0 modes up to the shape's rank, never truncated",
    note = "group the block's modes (group_modes) or give the shape as many modes"
)]
pub trait AssertBlockRank<Op, B, N> {}

/// Divisibility of tile_to_shape (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: a block mode does not divide the target mode",
    label = "block `{Self}` for `{B}`: {N}",
    note = "rule (CuTe, tile_to_shape): each mode i of the block (padded with 1:0) has a size aᵢ dividing the size tᵢ of mode i of the shape; the block is repeated tᵢ/aᵢ times along it",
    note = "choose a shape whose modes are multiples of the block's, e.g. block (2,2) fills (8,6) but not (8,5)"
)]
pub trait AssertTileDivisibility<Op, B, N> {}

/// A positive recasting factor or element width (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the factor or element width must be positive",
    label = "`{Self}` recast by `{B}`, which is 0 or below",
    note = "rule (CuTe, upcast/downcast/recast_layout): a layout is recast between element widths of 1 bit or more, by a factor of 1 or more",
    note = "pass positive integers, e.g. int!(2), or the widths in bits, int!(16), int!(32)"
)]
pub trait AssertPositiveFactor<Op, B> {}

/// Divisibility of upcast (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: a stride and the factor do not divide each other",
    label = "`{Self}` recast by `{B}`: {N}",
    note = "rule (CuTe C++, upcast divisibility condition): every nonzero stride d must be a multiple or a divisor of the factor n, so that n old elements make whole new ones",
    note = "e.g. (4,8):(1,6) cannot be upcast by 4 (6 and 4 do not divide each other); pad the stride to a multiple of the factor"
)]
pub trait AssertRecastDivisibility<Op, B, N> {}

/// A stride-1 leaf for downcast (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the layout has no stride-1 mode",
    label = "`{Self}` recast by `{B}`: no adjacent elements to split",
    note = "rule (CuTe C++, downcast): \"Downcast requires adjacent elements\": a stride-1 leaf is split into the narrower elements",
    note = "downcast a layout with a stride-1 mode, e.g. (4,8):(1,4)"
)]
pub trait AssertAdjacent<Op, B> {}

/// Exactly-once coverage (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the layout does not cover its range exactly once",
    label = "`{Self}`: sorted by stride, a mode's stride differs from the extent of the modes below it: {N}",
    note = "rule: a thread(-value) layout is a bijection onto [0, size) iff, sorted by stride, each stride equals the product of the extents below it (1 for the first)",
    note = "a smaller stride makes two threads write one element, a larger one leaves elements nobody writes; e.g. (4,2):(1,2) overlaps, (4,2):(1,8) leaves gaps, (4,2):(1,4) is exact"
)]
pub trait AssertBijective<Op, B, N> {}

/// No stride-0 or negative mode in a bijection (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the layout does not cover its range exactly once",
    label = "`{Self}`: a mode with a stride of 0 or below: {N}",
    note = "rule: a thread(-value) layout is a bijection onto [0, size) iff, sorted by stride, each stride equals the product of the extents below it; a stride 0 makes all coordinates of its mode write one element, a negative stride reaches below 0",
    note = "give each mode a positive stride equal to the extent of the modes below it"
)]
pub trait AssertNoBroadcast<Op, B, N> {}

/// Equal static sizes (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the sizes do not match",
    label = "size `{Self}` where `{B}` is required",
    note = "rule: {Op} pairs the elements of its operands one for one, so they have the same number of elements (the same size)",
    note = "tile or slice the operands to the same shape first"
)]
pub trait AssertSameSize<Op, B> {}

/// Agreeing extents of gemm's operands (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the extents of the operands do not match",
    label = "extent `{Self}` where `{B}` is required",
    note = "rule (CuTe, gemm): A is (M,K), B is (N,K) and C is (M,N), batched with a third mode L in all three; the operands agree in M, N, K and L, and a tiled MMA's fragments in its atom's tile",
    note = "tile or slice the operands so that M, N and K agree (one local_tile tiler for all three)"
)]
pub trait AssertGemmExtent<Op, B> {}

/// A fragment large enough for its layout (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the fragment is too small for the layout",
    label = "an array of `{Self}` elements for a layout whose cosize is `{B}`",
    note = "rule: a tensor's storage must cover every offset of its layout: length ≥ cosize = 1 + Σ (sᵢ-1)·|dᵢ|",
    note = "use a longer array, or `make_fragment(layout)`, which sizes it from the layout"
)]
pub trait AssertFits<Op, B> {}

/// Results that fit `i64` (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the result does not fit i64 (overflow)",
    label = "`{Self}` with `{B}`: the result's size or cosize exceeds i64::MAX = 9223372036854775807",
    note = "rule: a static result's size and cosize, like every integer of the library, fit i64; typenum would compute them exactly, but no i64 holds them",
    note = "use smaller extents or strides; the runtime layer reports the same operands as an `overflow` error"
)]
pub trait AssertFitsI64<Op, B> {}

/// Stride divisibility of composition (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: stride divisibility is violated",
    label = "`{Self}` ∘ `{B}`: these do not divide each other: {N}",
    note = "rule (CuTe paper 3.3.2): {Op} composes A with s:d, and each size of A's first coalesced modes that the offsets 0, d, .., (s-1)·d cross must divide d or be a multiple of d",
    note = "no layout selects every d-th element of A here; change the stride, or the shape so that the selection stays inside A's first mode"
)]
pub trait AssertStrideDivisibility<Op, B, N> {}

/// Shape divisibility of composition (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: shape divisibility is violated",
    label = "`{Self}` ∘ `{B}`: the shape is not a multiple of the size of the modes it spans: {N}",
    note = "rule (CuTe paper 3.3.2): {Op} composes A with s:d, and each size of A's first coalesced modes spanned by the selection, divided by d (rounded up), must divide s",
    note = "no layout keeps exactly the first s selected elements here; choose a shape that fills whole modes of A or stays inside one"
)]
pub trait AssertShapeDivisibility<Op, B, N> {}

/// Complement: no mode starts inside the extent of the modes below it (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: a mode starts inside the extent of the modes below it",
    label = "`{Self}` with `{B}`: a mode starts inside the extent of the modes below it: {N}",
    note = "rule (CuTe): {Op} takes a complement, so sorted by stride, each mode's stride must be at least the extent (shape·stride) of the modes below it; a smaller stride interleaves the mode with them or overlaps them, and no layout fills the gaps",
    note = "complement takes the layout, a divide its tiler, a product its left operand; e.g. (2,2):(2,3) interleaves its modes (offsets 0, 2, 3, 5) because 3 < 2·2, (2,2):(1,1) overlaps them"
)]
pub trait AssertStartsAfter<Op, B, N> {}

/// Complementability required by complement (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the layout is not complementable",
    label = "`{Self}` with `{B}`: a stride is not a multiple of the extent of the modes below it: {N}",
    note = "rule (CuTe): {Op} takes a complement, so sorted by stride, each mode's stride must be a multiple of the extent (shape·stride) of the modes below it, so that a layout can fill the gaps",
    note = "complement takes the layout, a divide its tiler, a product its left operand; e.g. (4,8):(1,5) has no complement: the gap between extent 4 and stride 5 is not a whole number of copies; pad the stride to a multiple (8)"
)]
pub trait AssertComplementable<Op, B, N> {}

/// A right operand that is a layout or a tile (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: an integer is not a right operand of a product",
    label = "`{Self}` by `{B}`: the right operand is an integer",
    note = "rule (CuTe): the products take a layout B or a tile of layouts (`layout!`, `Layout::try_new`, `tile!`)",
    note = "write an integer n as the layout n:1 (`layout!(3:1)`)"
)]
pub trait AssertLayoutOperand<Op, B> {}

/// A static thread index below a static thread count (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: static thread index `{Self}` is not a thread of the thread layout",
    label = "thread `{Self}` of a thread layout of `{B}` threads",
    note = "rule (CuTe, local_partition): the thread index lies in [0, size(threads))",
    note = "use an index below the thread count, or a run-time one (`usize`), which is checked when the program runs"
)]
pub trait AssertThreadIndex<Op, B> {}

/// Non-negative strides (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the layout is not complementable: it has a negative stride",
    label = "`{Self}` with `{B}`: a layout with a negative stride has no complement",
    note = "rule (CuTe): {Op} takes a complement, which is ordered and disjoint from the layout's image, which is defined here for non-negative strides only",
    note = "complement takes the layout, a divide its tiler, a product its left operand; use positive strides (reverse the mode)"
)]
pub trait AssertNonNegativeStride<Op, B> {}

/// Rank agreement of a tiler with its layout (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the ranks of the operands do not match",
    label = "`{Self}` with `{B}`: rank mismatch",
    note = "rule (CuTe): {Op} works mode by mode, so its operands agree in rank: a tiler <T0, T1, ..> or a profile (P0, P1, ..) has at most one entry per mode of the layout, and operands that are all tuples have one rank",
    note = "give each mode at most one tiler or profile entry (an integer tiler entry n stands for n:1), or tuples of one rank (or an integer)"
)]
pub trait AssertRank<Op, B> {}

/// Left distributivity of composition (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: B's modes cannot be composed one by one (left distributivity)",
    label = "`{Self}` ∘ `{B}`: the images of B's modes are not provably separate digits of A",
    note = "rule (CuTe paper, Eq. 23): A ∘ (B0, B1, ..) = (A ∘ B0, A ∘ B1, ..) only when A's shape distributes over B0(c0) + B1(c1) + ..; proved when A coalesces to one mode or when B's leaves, sorted by stride, fall into separate digit ranges of A's modes; with a negative stride (A(-x) = -A(x)), when B's offsets stay in A's first coalesced mode or every stride is negative",
    note = "`try_composition` and the runtime layer check such compositions point by point; at compile time, give B modes whose offsets stay within separate modes of A"
)]
pub trait AssertDistributive<Op, B> {}

/// Every scaled-basis stride of B names a mode of A (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: a scaled-basis stride of B names no mode of A",
    label = "`{Self}` ∘ `{B}`: a leaf s:v@i of B composes mode i of A with s:v, and A has no mode i",
    note = "rule (CuTe): a stride v@i of B needs 0 ≤ i < rank(A), v@i@j needs 0 ≤ j < rank(mode i of A), and so on; a leaf layout s:d has rank 1",
    note = "name a mode of A in B's strides (`layout!(2:1@1)` for mode 1)"
)]
pub trait AssertBasisMode<Op, B> {}

/// The scaled-basis strides of a layout with run-time leaves stay static (no
/// type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: `{Self}` has scaled-basis strides and run-time leaves, and `{B}` would give them run-time scales",
    label = "a coordinate layout with run-time leaves, by `{B}`",
    note = "rule: a scaled basis of the type level has a static scale, so the basis strides of the result must be static: a leaf mode `s:v@i` with a run-time `s`, divided or composed by a static tiler entry, keeps them static (`(m,n):(_1@0,_1@1)` by `<_4,_8>` is `((_4,⌈m/4⌉),(_8,⌈n/8⌉)):((_1@0,_4@0),(_1@1,_8@1))`); a run-time tiler entry (`n@0` in CuTe C++), a nested mode with a run-time leaf or a composition by a layout would need run-time scales",
    note = "divide by static tiler entries, or convert with `.to_dynamic()` and use `layout_algebra::runtime`, whose basis strides have run-time scales"
)]
pub trait AssertStaticBasis<Op, B> {}

/// Non-negative strides required by left_inverse (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the layout has a negative stride",
    label = "the offsets of `{Self}` are not indices",
    note = "rule (CuTe, left inverse): the inverse maps offsets back to indices; a negative stride yields offsets below 0",
    note = "use positive strides (reverse the mode)"
)]
pub trait AssertLeftInvertibleOffsets<Op> {}

/// Divisibility required by left_inverse (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: a stride does not divide the next larger stride",
    label = "`{Self}`: {N}",
    note = "rule (CuTe C++, left inverse divisibility condition): sorted by stride, each stride must divide the next, so that offsets can be read in a mixed radix",
    note = "e.g. (4,8):(3,8) fails because 3 does not divide 8"
)]
pub trait AssertLeftInverseDivisibility<Op, N> {}

/// Injectivity required by left_inverse: no overlap (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: a mode reaches past the next larger stride, so the layout is not injective",
    label = "`{Self}`: {N}",
    note = "rule (CuTe, left inverse): sorted by stride, each mode's extent (shape·stride) must not pass the next stride; an overlapping layout has at best a generalized left inverse (A(R(A(k))) = A(k)), which the types do not prove",
    note = "try_left_inverse (or the runtime layer's left_inverse) checks it point by point at run time: (4,2):(1,2) gives (_2,_2):(_1,_4), as CuTe C++"
)]
pub trait AssertLeftInjective<Op, N> {}

/// A positive cotarget for complement (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the cotarget must be positive",
    label = "the complement of `{Self}` up to a cotarget of 0 or below is not a layout",
    note = "rule (CuTe, complement): the cotarget M is the size of the codomain to fill; shapes are positive",
    note = "pass the size to cover, e.g. int!(24)"
)]
pub trait AssertPositiveCotarget<Op> {}

/// Nonzero operands for shape_div (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: an operand is zero",
    label = "`{Self}` divided by `{B}`: a division with a zero operand",
    note = "rule (CuTe, shape_div): an integer is divided by the size of the divisor, a tuple by an integer mode by mode, each mode by what the modes before it left of the divisor; no dividend or divisor met is 0",
    note = "divide shapes (positive extents) by shapes"
)]
pub trait AssertNonzeroOperands<Op, B> {}

/// One operand of each division of shape_div divides the other (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: neither operand divides the other",
    label = "`{Self}` divided by `{B}`: of the integers {N}, neither divides the other",
    note = "rule (CuTe, shape_div: Divisibility Condition): a / d is exact where d divides a, and 1 where a divides d (d swallows a); each mode of a tuple is divided by what the modes before it left of the divisor",
    note = "e.g. shape_div((4,5,6), 40) = (1,1,3), but shape_div((6,2), 4) fails: neither of 6 and 4 divides the other; use ceil_div to round up"
)]
pub trait AssertDivides<Op, B, N> {}

/// A positive divisor for ceil_div (no type implements it).
#[diagnostic::on_unimplemented(
    message = "{Op}: the divisor must be positive",
    label = "`{Self}` divided by `{B}`: a divisor of 0 or below",
    note = "rule (CuTe, ceil_div): an integer is divided by the size of the divisor, a tuple by an integer mode by mode, each mode by what the modes before it left of the divisor; every divisor met is positive",
    note = "divide by a shape (positive extents)"
)]
pub trait AssertPositiveDivisor<Op, B> {}

/// Every leaf of a layout is static (a typenum integer): the type-level algebra
/// computes with types, so a [`Dyn`](crate::typelevel::Dyn) leaf cannot take part.
#[diagnostic::on_unimplemented(
    message = "the type-level algebra needs static leaves, and `{Self}` is dynamic",
    label = "a layout with a dynamic (`{{expr}}`) leaf",
    note = "the `try_*` forms accept dynamic leaves and return a Result: `try_composition`, `try_complement`, the divides and products (`try_logical_divide`, `try_blocked_product`, ..), the inverses, `try_tile_to_shape`, the int-tuple functions (`try_idx2crd`, ..), and on tensors `try_local_tile`, `try_local_partition`",
    note = "or convert with `.to_dynamic()` and use `layout_algebra::runtime`, whose operations return a Result"
)]
pub trait StaticLeaves {}

impl<N: crate::typelevel::StaticInt> StaticLeaves for N {}
impl<V: crate::typelevel::StaticInt, P> StaticLeaves for crate::typelevel::ScaledBasis<V, P> {}
impl StaticLeaves for frunk_core::hlist::HNil {}
impl<H: StaticLeaves, T: StaticLeaves> StaticLeaves for frunk_core::hlist::HCons<H, T> {}
