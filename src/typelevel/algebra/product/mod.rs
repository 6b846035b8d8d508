//! The products: `logical_product(A, B) = (A, A* ∘ B)` with
//! `A* = complement(A, size(A)·cosize(B))`, its zipped, tiled and flat
//! forms (see `regroup.rs`), and the rank-sensitive
//! `blocked_product` and `raked_product`.
//!
//! The first mode is the tile A, the second repeats it over B's layout. A tiler
//! `<T0, T1, ..>` multiplies mode by mode (a tiler longer than A is a rank
//! mismatch). `blocked_product` and `raked_product` pad A and B with `1:0`
//! modes to the larger rank `R` (a leaf counting as rank 1 and staying a leaf
//! at `R = 1`, as CuTe C++'s `append<R>`) and zip the padded `A'` with
//! `P = A'* ∘ B'`: `((A'0, P0), (A'1, P1), ..)` resp. `((P0, A'0), ..)`, a
//! leaf zipped whole (`blocked_product(4:1, (2):(3)) = ((4,(2))):((1,(12)))`,
//! as CuTe C++). Padding changes neither `size(A)` nor `cosize(B)`, so
//! this is the logical product regrouped, of rank `R` and size
//! `size(A)·size(B)`. Errors: A not complementable, the composition's
//! conditions, and for the by-mode forms a tiler longer than A.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let (a, b) = (layout!((3,4):(4,1)), layout!((2,5):(1,2)));
//! assert_eq!(logical_product(a, b).to_string(), "((3,4),(2,5)):((4,1),(12,24))");
//! assert_eq!(blocked_product(a, b).to_string(), "((3,2),(4,5)):((4,12),(1,24))");
//! assert_eq!(raked_product(a, b).to_string(), "((2,3),(5,4)):((12,4),(24,1))");
//! // Ranks 2 and 1: 4:1 is padded to (4,1):(1,0).
//! let (c, d) = (layout!((2,3):(1,2)), layout!(4:1));
//! assert_eq!(blocked_product(c, d).to_string(), "((2,4),(3,1)):((1,6),(2,0))");
//! assert_eq!(raked_product(d, c).to_string(), "((2,4),(3,1)):((4,1),(8,0))");
//! ```

pub(crate) mod leaves;
pub(crate) mod rank;
pub(crate) mod tiler;

use core::ops::Mul;
use frunk_core::hlist::{HCons, HNil};
use typenum::{
    Eq, IsEqual, IsLessOrEqual, LeEq, NonZero, PInt, Prod, Unsigned, B0, B1, U0, U1, Z0,
};

use super::arith::{DivRem, QuotOf, RemOf};
use super::modes::StaticValue;
use super::ordered::{IntEntry, TryMakeOrderedLayout};
use super::restructure::Len;
use super::size::FitsVerdict;
use crate::typelevel::check::front_door::Yields;
use crate::typelevel::check::gate::{Gate, Gated, RhsGate, RhsGated};
use crate::typelevel::check::readable::TargetShape;
use crate::typelevel::check::rules::op::{
    BlockedProductOp, FlatProductOp, LogicalProductOp, RakedProductOp, TiledProductOp,
    ZippedProductOp,
};
use crate::typelevel::check::rules::{Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{BlockRankMismatch, Holds, Pass, TileDivisibility};

use super::bymode::{Apply, ByModeLayout, PairUp, TopModes};
use super::complement::TryComplement;
use super::composition::TryCompose;
use super::modes::CompactStride;
use super::modes::{Concat, Parts};
use super::regroup::{FlatForm, FromPair, FromTiler, Regroup, TiledForm, ZippedForm};
use super::size::{StaticCosize, StaticSize};
use crate::typelevel::check::front_door::front_door;
use crate::typelevel::check::rules::op;
use crate::typelevel::check::verdict::{First, Then};
use crate::typelevel::{Layout, Tile};

/// The cotarget `size(A)·cosize(B)` of a product's complement.
type ProductCotarget<A, B> = PInt<Prod<<A as StaticSize>::Unsigned, <B as StaticCosize>::Unsigned>>;
/// `A* = complement(A, size(A)·cosize(B))`.
type Grid<A, B> = <A as TryComplement<ProductCotarget<A, B>>>::Output;
/// `A* ∘ B`.
type RepeatOf<A, B> = <Grid<A, B> as TryCompose<B>>::Output;
/// The verdict of the complement, then of the composition.
type RepeatVerdict<A, B> = Then<
    <A as TryComplement<ProductCotarget<A, B>>>::Verdict,
    <Grid<A, B> as TryCompose<B>>::Verdict,
>;

/// `A* ∘ B` with its verdict, for layouts A and B.
pub trait Repeated<B> {
    /// `A* ∘ B`.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<S, D, B> Repeated<B> for Layout<S, D>
where
    Self: StaticSize + TryComplement<ProductCotarget<Self, B>>,
    B: StaticCosize,
    <Self as StaticSize>::Unsigned: Mul<<B as StaticCosize>::Unsigned>,
    Prod<<Self as StaticSize>::Unsigned, <B as StaticCosize>::Unsigned>: Unsigned + NonZero,
    Grid<Self, B>: TryCompose<B>,
    <Self as TryComplement<ProductCotarget<Self, B>>>::Verdict:
        First<<Grid<Self, B> as TryCompose<B>>::Verdict>,
{
    type Output = RepeatOf<Self, B>;
    type Verdict = RepeatVerdict<Self, B>;
}

/// The right operand's side of a product: `A ⊗ Self` for a layout, an integer or a tiler.
pub trait ProductRhs<A> {
    /// The logical product.
    type Output;
    /// The result in the form the regroupings read.
    type Arranged;
    /// `Pass` or the violated rule.
    type Verdict;
}

type WithRepeat<A, B> = Layout<
    HCons<<A as Parts>::Shape, HCons<<<A as Repeated<B>>::Output as Parts>::Shape, HNil>>,
    HCons<<A as Parts>::Stride, HCons<<<A as Repeated<B>>::Output as Parts>::Stride, HNil>>,
>;

impl<SB, DB, A> ProductRhs<A> for Layout<SB, DB>
where
    A: Repeated<Self> + Parts,
{
    type Output = WithRepeat<A, Self>;
    type Arranged = FromPair<WithRepeat<A, Self>>;
    type Verdict = <A as Repeated<Self>>::Verdict;
}

// An integer n is its compact layout: n:1, or 1:0 for n = 1 (CuTe C++'s make_layout).
impl<U, A> ProductRhs<A> for PInt<U>
where
    U: Unsigned + NonZero + CompactStride,
    Layout<PInt<U>, <U as CompactStride>::Output>: ProductRhs<A>,
{
    type Output = <Layout<PInt<U>, <U as CompactStride>::Output> as ProductRhs<A>>::Output;
    type Arranged = <Layout<PInt<U>, <U as CompactStride>::Output> as ProductRhs<A>>::Arranged;
    type Verdict = <Layout<PInt<U>, <U as CompactStride>::Output> as ProductRhs<A>>::Verdict;
}

impl<T, A> ProductRhs<A> for Tile<T>
where
    T: ByModeLayout<op::LogicalProductOp, A>,
{
    type Output = <T as ByModeLayout<op::LogicalProductOp, A>>::Output;
    type Arranged = FromTiler<
        <T as ByModeLayout<op::LogicalProductOp, A>>::Tiled,
        <T as ByModeLayout<op::LogicalProductOp, A>>::Rest,
        T,
    >;
    type Verdict = <T as ByModeLayout<op::LogicalProductOp, A>>::Verdict;
}

impl<E, A> Apply<op::LogicalProductOp, A> for E
where
    E: ProductRhs<A>,
{
    type Output = <E as ProductRhs<A>>::Output;
    type Verdict = <E as ProductRhs<A>>::Verdict;
}

front_door!(
    r#"`(A, A* ∘ B)`, by mode for a tiler.

```
use layout_algebra::typelevel::*;
let r: LogicalProductOut<Layout![(2,2):(4,1)], Layout![6:1]> =
    logical_product(layout!((2,2):(4,1)), layout!(6:1));
assert_eq!(r.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
```"#,
    LogicalProduct,
    LogicalProductOut,
    logical_product,
    Admissible<LogicalProductOp>,
    TryLogicalProduct,
    b
);

impl<S, D, B> TryLogicalProduct<B> for Layout<S, D>
where
    B: ProductRhs<Self>,
{
    type Output = <B as ProductRhs<Self>>::Output;
    type Verdict = <B as ProductRhs<Self>>::Verdict;
}

front_door!(
    r#"`((tile modes), (repeat modes))`: the logical product with like modes gathered.

```
use layout_algebra::typelevel::*;
let r: Layout![((2,5),(3,4)):((5,1),(1,5))] =
    zipped_product(layout!((2,5):(5,1)), tile!(3:1, 4:1));
assert_eq!(r.to_string(), "((2,5),(3,4)):((5,1),(1,5))");
```"#,
    ZippedProduct,
    ZippedProductOut,
    zipped_product,
    Admissible<ZippedProductOp>,
    TryZippedProduct,
    b
);

impl<S, D, B> TryZippedProduct<B> for Layout<S, D>
where
    B: ProductRhs<Self>,
    <B as ProductRhs<Self>>::Arranged: Regroup<ZippedForm>,
{
    type Output = <<B as ProductRhs<Self>>::Arranged as Regroup<ZippedForm>>::Output;
    type Verdict = <B as ProductRhs<Self>>::Verdict;
}

front_door!(
    r#"`((tile modes), repeat0, repeat1, ..)`.

```
use layout_algebra::typelevel::*;
let r: Layout![((2,5),3,4):((5,1),1,5)] =
    tiled_product(layout!((2,5):(5,1)), tile!(3:1, 4:1));
assert_eq!(r.to_string(), "((2,5),3,4):((5,1),1,5)");
```"#,
    TiledProduct,
    TiledProductOut,
    tiled_product,
    Admissible<TiledProductOp>,
    TryTiledProduct,
    b
);

impl<S, D, B> TryTiledProduct<B> for Layout<S, D>
where
    B: ProductRhs<Self>,
    <B as ProductRhs<Self>>::Arranged: Regroup<TiledForm>,
{
    type Output = <<B as ProductRhs<Self>>::Arranged as Regroup<TiledForm>>::Output;
    type Verdict = <B as ProductRhs<Self>>::Verdict;
}

front_door!(
    r#"`(tile0, tile1, .., repeat0, repeat1, ..)`.

```
use layout_algebra::typelevel::*;
let r: Layout![(2,5,3,4):(5,1,1,5)] =
    flat_product(layout!((2,5):(5,1)), tile!(3:1, 4:1));
assert_eq!(r.to_string(), "(2,5,3,4):(5,1,1,5)");
```"#,
    FlatProduct,
    FlatProductOut,
    flat_product,
    Admissible<FlatProductOp>,
    TryFlatProduct,
    b
);

impl<S, D, B> TryFlatProduct<B> for Layout<S, D>
where
    B: ProductRhs<Self>,
    <B as ProductRhs<Self>>::Arranged: Regroup<FlatForm>,
{
    type Output = <<B as ProductRhs<Self>>::Arranged as Regroup<FlatForm>>::Output;
    type Verdict = <B as ProductRhs<Self>>::Verdict;
}

/// 1:0, the mode that pads an operand of a rank-sensitive product.
type Unit = Layout<PInt<U1>, Z0>;

/// A list of modes (`Self`) padded with `1:0` modes to the length of the
/// longer of `Self` and `Y` (CuTe C++'s `append<R>`).
pub trait PadTo<Y> {
    /// HList of layouts.
    type Output;
}

impl PadTo<HNil> for HNil {
    type Output = HNil;
}

impl<Y0, YT> PadTo<HCons<Y0, YT>> for HNil
where
    HNil: PadTo<YT>,
{
    type Output = HCons<Unit, <HNil as PadTo<YT>>::Output>;
}

impl<X0, XT> PadTo<HNil> for HCons<X0, XT> {
    type Output = Self;
}

impl<X0, XT, Y0, YT> PadTo<HCons<Y0, YT>> for HCons<X0, XT>
where
    XT: PadTo<YT>,
{
    type Output = HCons<X0, <XT as PadTo<YT>>::Output>;
}

/// The top modes of layout `X` padded with `1:0` to the rank of `Y` if larger.
type PaddedModes<X, Y> = <<X as TopModes>::Output as PadTo<<Y as TopModes>::Output>>::Output;
/// Layout `X` as a tuple padded with `1:0` modes to the rank of `Y` if larger.
type Padded<X, Y> = <PaddedModes<X, Y> as Concat>::Output;

/// CuTe C++'s `append<R>(Self)` with `R = max(rank(Self), rank(Y))`: a
/// tuple padded with `1:0` modes; a leaf stays a leaf when `R = 1`.
#[doc(hidden)]
pub trait AppendTo<Y> {
    /// The padded layout.
    type Output;
}

impl<U: Unsigned + NonZero, D, V: Unsigned + NonZero, E> AppendTo<Layout<PInt<V>, E>>
    for Layout<PInt<U>, D>
{
    type Output = Self;
}

impl<U: Unsigned + NonZero, D, Y0, E0, E> AppendTo<Layout<HCons<Y0, HNil>, HCons<E0, E>>>
    for Layout<PInt<U>, D>
{
    type Output = Self;
}

impl<U: Unsigned + NonZero, D, Y0, Y1, YT, E0, E1, ET>
    AppendTo<Layout<HCons<Y0, HCons<Y1, YT>>, HCons<E0, HCons<E1, ET>>>> for Layout<PInt<U>, D>
where
    Layout<HCons<Y0, HCons<Y1, YT>>, HCons<E0, HCons<E1, ET>>>: TopModes,
    HCons<Self, HNil>:
        PadTo<<Layout<HCons<Y0, HCons<Y1, YT>>, HCons<E0, HCons<E1, ET>>> as TopModes>::Output>,
    PaddedModes<Self, Layout<HCons<Y0, HCons<Y1, YT>>, HCons<E0, HCons<E1, ET>>>>: Concat,
{
    type Output = Padded<Self, Layout<HCons<Y0, HCons<Y1, YT>>, HCons<E0, HCons<E1, ET>>>>;
}

impl<S0, ST, D, Y> AppendTo<Y> for Layout<HCons<S0, ST>, D>
where
    Self: TopModes,
    Y: TopModes,
    <Self as TopModes>::Output: PadTo<<Y as TopModes>::Output>,
    PaddedModes<Self, Y>: Concat,
{
    type Output = Padded<Self, Y>;
}

/// CuTe C++'s `zip(Self, Y)` of two layouts: a leaf `Self` gives the one
/// mode `((Self, Y))`; a tuple pairs up mode by mode (a leaf `Y` as the
/// rank-1 tuple, where CuTe does not compile).
#[doc(hidden)]
pub trait Zip<Y> {
    /// The zipped layout.
    type Output;
}

impl<U: Unsigned + NonZero, D, Y> Zip<Y> for Layout<PInt<U>, D>
where
    HCons<Self, HCons<Y, HNil>>: Concat,
    HCons<<HCons<Self, HCons<Y, HNil>> as Concat>::Output, HNil>: Concat,
{
    type Output = <HCons<<HCons<Self, HCons<Y, HNil>> as Concat>::Output, HNil> as Concat>::Output;
}

impl<S0, ST, D, Y> Zip<Y> for Layout<HCons<S0, ST>, D>
where
    Self: TopModes,
    Y: TopModes,
    <Self as TopModes>::Output: PairUp<<Y as TopModes>::Output>,
    <<Self as TopModes>::Output as PairUp<<Y as TopModes>::Output>>::Output: Concat,
{
    type Output =
        <<<Self as TopModes>::Output as PairUp<<Y as TopModes>::Output>>::Output as Concat>::Output;
}

/// The first half of a raked product's zip, for the repeat `P` (a rank-`R`
/// tuple) of `A` by `B = Self`: CuTe's repeat itself is `P`'s one mode where
/// `B` is a leaf and `R = 1`; it starts the zip whole when it is a leaf.
#[doc(hidden)]
pub trait RakedFirst<A, P> {
    /// `P`'s leaf mode or `P`.
    type Output;
}

impl<U: Unsigned + NonZero, D, V: Unsigned + NonZero, E, P: LeafHead>
    RakedFirst<Layout<PInt<V>, E>, P> for Layout<PInt<U>, D>
{
    type Output = P::Output;
}

impl<U: Unsigned + NonZero, D, A0, E0, P: LeafHead>
    RakedFirst<Layout<HCons<A0, HNil>, HCons<E0, HNil>>, P> for Layout<PInt<U>, D>
{
    type Output = P::Output;
}

impl<U: Unsigned + NonZero, D, A0, A1, AT, E, P> RakedFirst<Layout<HCons<A0, HCons<A1, AT>>, E>, P>
    for Layout<PInt<U>, D>
{
    type Output = P;
}

impl<B0, BT, D, A, P> RakedFirst<A, P> for Layout<HCons<B0, BT>, D> {
    type Output = P;
}

/// The second half of a blocked product's zip, for the repeat `P` (a
/// rank-`R` tuple) of `A` by `B = Self`: CuTe's repeat is `P`'s one mode
/// where `B` and `A` are leaves (`R = 1`); a leaf `A` zips with it whole.
#[doc(hidden)]
pub trait BlockedSecond<A, P> {
    /// `P`'s one mode or `P`.
    type Output;
}

impl<U: Unsigned + NonZero, D, V: Unsigned + NonZero, E, S0, D0>
    BlockedSecond<Layout<PInt<V>, E>, Layout<HCons<S0, HNil>, HCons<D0, HNil>>>
    for Layout<PInt<U>, D>
{
    type Output = Layout<S0, D0>;
}

impl<U: Unsigned + NonZero, D, A0, AT, E, P> BlockedSecond<Layout<HCons<A0, AT>, E>, P>
    for Layout<PInt<U>, D>
{
    type Output = P;
}

impl<B0, BT, D, A, P> BlockedSecond<A, P> for Layout<HCons<B0, BT>, D> {
    type Output = P;
}

/// A rank-1 layout's one mode if it is a leaf, else the layout itself.
#[doc(hidden)]
pub trait LeafHead {
    /// The leaf mode or `Self`.
    type Output;
}

impl<U: Unsigned + NonZero, D0> LeafHead for Layout<HCons<PInt<U>, HNil>, HCons<D0, HNil>> {
    type Output = Layout<PInt<U>, D0>;
}

impl<X, Y, D0> LeafHead for Layout<HCons<HCons<X, Y>, HNil>, HCons<D0, HNil>> {
    type Output = Self;
}

/// `A` appended to the rank of `B` (CuTe's `append<R>`).
type AppendedA<A, B> = <A as AppendTo<B>>::Output;
/// `P = A'* ∘ B'` for the appended `A'` and `B` padded to a rank-`R` tuple `B'`.
type RepeatP<A, B> = <AppendedA<A, B> as Repeated<Padded<B, A>>>::Output;
/// The first half of the raked zip.
type RakedHead<A, B> = <B as RakedFirst<A, RepeatP<A, B>>>::Output;
/// The second half of the blocked zip.
type BlockedTail<A, B> = <B as BlockedSecond<A, RepeatP<A, B>>>::Output;

/// `blocked_product` and `raked_product` of layouts `A` and `Self`: `A`
/// appended with `1:0` modes to the larger rank `R` (a leaf is rank 1 and
/// stays a leaf at `R = 1`, CuTe's `append<R>`), `B` padded to a rank-`R`
/// tuple `B'`, and with `P = A'* ∘ B'`, `zip(A', P)`, resp. `zip(P, A')`,
/// as CuTe C++ computes them (see [`Zip`]; at `R = 1` a leaf `B`'s repeat is
/// `P`'s one mode: a leaf `A` zips with it whole, and it starts the raked zip
/// whole when it is a leaf).
pub trait RankProduct<A> {
    /// `zip(A', P)`: `((A'0, P0), (A'1, P1), ..)`.
    type Blocked;
    /// `zip(P, A')`: `((P0, A'0), (P1, A'1), ..)`.
    type Raked;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<A, SB, DB> RankProduct<A> for Layout<SB, DB>
where
    A: AppendTo<Self> + TopModes,
    Self: TopModes + RakedFirst<A, RepeatP<A, Self>> + BlockedSecond<A, RepeatP<A, Self>>,
    <Self as TopModes>::Output: PadTo<<A as TopModes>::Output>,
    PaddedModes<Self, A>: Concat,
    AppendedA<A, Self>: Repeated<Padded<Self, A>> + Zip<BlockedTail<A, Self>>,
    RakedHead<A, Self>: Zip<AppendedA<A, Self>>,
{
    type Blocked = <AppendedA<A, Self> as Zip<BlockedTail<A, Self>>>::Output;
    type Raked = <RakedHead<A, Self> as Zip<AppendedA<A, Self>>>::Output;
    type Verdict = <AppendedA<A, Self> as Repeated<Padded<Self, A>>>::Verdict;
}

front_door!(
    r#"`((A0, P0), (A1, P1), ..)` with `P = A* ∘ B`: A's tile as blocks arranged by B; the operand of lower rank is padded with `1:0` modes.

```
use layout_algebra::typelevel::*;
// A 2x5 row-major tile repeated as 3x4 blocks: a 6x20 layout.
let r: BlockedProductOut<Layout![(2,5):(5,1)], Layout![(3,4):(1,3)]> =
    blocked_product(layout!((2,5):(5,1)), layout!((3,4):(1,3)));
assert_eq!(r.to_string(), "((2,3),(5,4)):((5,10),(1,30))");
assert_eq!(r.call(((1usize, 2usize), (0usize, 1usize))), 5 + 20 + 30);
```"#,
    BlockedProduct,
    BlockedProductOut,
    blocked_product,
    Admissible<BlockedProductOp>,
    TryBlockedProduct,
    b
);

impl<S, D, B> TryBlockedProduct<B> for Layout<S, D>
where
    B: RankProduct<Self>,
{
    type Output = <B as RankProduct<Self>>::Blocked;
    type Verdict = <B as RankProduct<Self>>::Verdict;
}

front_door!(
    r#"`((P0, A0), (P1, A1), ..)` with `P = A* ∘ B`: A's elements interleaved over B; the operand of lower rank is padded with `1:0` modes.

```
use layout_algebra::typelevel::*;
// The elements of a 2x5 tile interleaved over a 3x4 grid.
let r: RakedProductOut<Layout![(2,5):(5,1)], Layout![(3,4):(1,3)]> =
    raked_product(layout!((2,5):(5,1)), layout!((3,4):(1,3)));
assert_eq!(r.to_string(), "((3,2),(4,5)):((10,5),(30,1))");
```"#,
    RakedProduct,
    RakedProductOut,
    raked_product,
    Admissible<RakedProductOp>,
    TryRakedProduct,
    b
);

impl<S, D, B> TryRakedProduct<B> for Layout<S, D>
where
    B: RankProduct<Self>,
{
    type Output = <B as RankProduct<Self>>::Raked;
    type Verdict = <B as RankProduct<Self>>::Verdict;
}

/// CuTe's `tile_to_shape(block, shape, order)`, checked: the block `Self`
/// repeated to fill the static shape `T`, the blocks ordered by `O`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // A 2x2 block repeated (column-major) to fill an 8x6 shape.
/// let r: TileToShapeOut<Layout![(2,2):(1,2)], HList!(_8, _6), _0> =
///     tile_to_shape(layout!((2,2):(1,2)), hlist![_8, _6], _0);
/// assert_eq!(r.to_string(), "((2,4),(2,3)):((1,4),(2,16))");
/// assert_eq!(size(&r).value(), 48);
/// ```
pub trait TileToShape<T, O> {
    /// The result layout.
    type Output;
}

/// `tile_to_shape(A, T, O)`.
/// See [`TileToShape`] for an example.
pub type TileToShapeOut<A, T, O> = <A as TileToShape<T, O>>::Output;

impl<S, D, T, O> TileToShape<T, O> for Layout<S, D>
where
    Self: TryTileToShape<T, O>,
    <Self as TryTileToShape<T, O>>::Verdict: Shown<Self, TargetShape<T, O>>,
    ShownOf<<Self as TryTileToShape<T, O>>::Verdict, Self, TargetShape<T, O>>:
        Admissible<op::TileToShapeOp>,
{
    type Output = <Self as TryTileToShape<T, O>>::Output;
}

impl<S, D, T, O, R, V, W> Yields<op::TileToShapeOp, TargetShape<T, O>, R, W> for Layout<S, D>
where
    Self: TryTileToShape<T, O, Output = R, Verdict = V>,
    R: FitsVerdict,
    V: First<<R as FitsVerdict>::Verdict, Output = W>,
{
}

/// `tile_to_shape(block, shape, order)` (CuTe): with the block `A` padded
/// with `1:0` modes to `R = rank(shape)` and `aᵢ`, `tᵢ` the sizes of mode `i`
/// of `A` and `shape`, `blocked_product(A, make_ordered_layout((t₀/a₀, …), order))`.
/// `shape` is static (an integer or an HList); `order` is a tuple of `R`
/// integers, or one integer for CuTe's default (column-major blocks). A block
/// of higher rank than `shape`, or an `aᵢ` not dividing `tᵢ`, is a compile error.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = layout!((2,2):(1,2));
/// assert_eq!(tile_to_shape(a, hlist![_8, _6], _0).to_string(), "((2,4),(2,3)):((1,4),(2,16))");
/// assert_eq!(tile_to_shape(a, hlist![_8, _6], hlist![_2, _1]).to_string(), "((2,4),(2,3)):((1,12),(2,4))");
/// assert_eq!(tile_to_shape(layout!(4:1), hlist![_16], _0).to_string(), "((4,(4))):((1,(4)))");
/// ```
pub fn tile_to_shape<A, T, O, R, V>(block: A, shape: T, order: O) -> R
where
    A: Gate<op::TileToShapeOp>,
    TargetShape<T, O>: RhsGate<Gated<A, op::TileToShapeOp>, op::TileToShapeOp>,
    RhsGated<TargetShape<T, O>, Gated<A, op::TileToShapeOp>, op::TileToShapeOp>:
        Yields<op::TileToShapeOp, TargetShape<T, O>, R, V>,
    V: Shown<A, TargetShape<T, O>>,
    ShownOf<V, A, TargetShape<T, O>>: Admissible<op::TileToShapeOp>,
    R: StaticValue,
{
    let _ = (block, shape, order);
    R::VALUE
}

/// `tile_to_shape` with its verdict, unchecked.
///
/// Call [`tile_to_shape`] (see [`TileToShape`] for an example) to have a refusal be a compile error.
pub trait TryTileToShape<T, O> {
    /// The result (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// `tile_to_shape(A, T, O) = <O as TileOrder<T, A>>` (the order, the last
/// argument, is the `Self` type so that type inference waits for it).
impl<S, D, T, O> TryTileToShape<T, O> for Layout<S, D>
where
    O: TileOrder<T, Self>,
{
    type Output = <O as TileOrder<T, Self>>::Output;
    type Verdict = <O as TileOrder<T, Self>>::Verdict;
}

/// The order's side of [`TryTileToShape`]: `<T as TileTarget<Self, A>>` for
/// an integer or tuple order.
#[doc(hidden)]
pub trait TileOrder<T, A> {
    /// The result layout.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<O: IntEntry, T: TileTarget<O, A>, A> TileOrder<T, A> for O {
    type Output = <T as TileTarget<O, A>>::Output;
    type Verdict = <T as TileTarget<O, A>>::Verdict;
}

impl<T: TileTarget<HNil, A>, A> TileOrder<T, A> for HNil {
    type Output = <T as TileTarget<HNil, A>>::Output;
    type Verdict = <T as TileTarget<HNil, A>>::Verdict;
}

impl<OH, OT, T: TileTarget<HCons<OH, OT>, A>, A> TileOrder<T, A> for HCons<OH, OT> {
    type Output = <T as TileTarget<HCons<OH, OT>, A>>::Output;
    type Verdict = <T as TileTarget<HCons<OH, OT>, A>>::Verdict;
}

/// The target shape's side of [`TryTileToShape`] for the block `A` and order `O`.
#[doc(hidden)]
pub trait TileTarget<O, A> {
    /// The result layout.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// The modes of a target shape: a leaf is rank 1.
#[doc(hidden)]
pub trait ShapeModes {
    /// HList of the mode shapes.
    type Output;
}

impl<U: Unsigned + NonZero> ShapeModes for PInt<U> {
    type Output = HCons<Self, HNil>;
}

impl ShapeModes for crate::typelevel::Dyn {
    type Output = HCons<Self, HNil>;
}

impl<N> ShapeModes for crate::typelevel::DivBy<N> {
    type Output = HCons<Self, HNil>;
}

impl ShapeModes for HNil {
    type Output = HNil;
}

impl<H, T> ShapeModes for HCons<H, T> {
    type Output = Self;
}

type BlockModes<A> = <A as TopModes>::Output;
pub(super) type TargetModes<T> = <T as ShapeModes>::Output;
type Counts<A, T> = <BlockModes<A> as Tiling<TargetModes<T>>>::Counts;
type Arrangement<A, T, O> = <Counts<A, T> as TryMakeOrderedLayout<O>>::Output;
pub(super) type RankOf<L> = <L as Len>::Output;
type RankVerdict<A, T> = <LeEq<RankOf<BlockModes<A>>, RankOf<TargetModes<T>>> as Holds<
    BlockRankMismatch<RankOf<BlockModes<A>>, RankOf<TargetModes<T>>>,
>>::Verdict;
type Checks<A, T, O> = Then<
    <BlockModes<A> as Tiling<TargetModes<T>>>::Verdict,
    Then<
        <Counts<A, T> as TryMakeOrderedLayout<O>>::Verdict,
        <Arrangement<A, T, O> as RankProduct<A>>::Verdict,
    >,
>;

// blocked_product(pad(A, R), make_ordered_layout((tᵢ/aᵢ)…, O)), after the rank check.
impl<T, O, A> TileTarget<O, A> for T
where
    T: ShapeModes,
    A: TopModes,
    BlockModes<A>: Tiling<TargetModes<T>> + Len,
    TargetModes<T>: Len,
    RankOf<BlockModes<A>>: IsLessOrEqual<RankOf<TargetModes<T>>>,
    LeEq<RankOf<BlockModes<A>>, RankOf<TargetModes<T>>>:
        Holds<BlockRankMismatch<RankOf<BlockModes<A>>, RankOf<TargetModes<T>>>>,
    Counts<A, T>: TryMakeOrderedLayout<O>,
    Arrangement<A, T, O>: RankProduct<A>,
    <Counts<A, T> as TryMakeOrderedLayout<O>>::Verdict:
        First<<Arrangement<A, T, O> as RankProduct<A>>::Verdict>,
    <BlockModes<A> as Tiling<TargetModes<T>>>::Verdict: First<
        Then<
            <Counts<A, T> as TryMakeOrderedLayout<O>>::Verdict,
            <Arrangement<A, T, O> as RankProduct<A>>::Verdict,
        >,
    >,
    RankVerdict<A, T>: First<Checks<A, T, O>>,
{
    type Output = <Arrangement<A, T, O> as RankProduct<A>>::Blocked;
    type Verdict = Then<RankVerdict<A, T>, Checks<A, T, O>>;
}

/// The block's modes `Self` against the target's mode shapes `T`: the counts
/// `tᵢ/aᵢ` (a missing block mode counting as `1:0`).
#[doc(hidden)]
pub trait Tiling<T> {
    /// HList of the counts (`PInt`).
    type Counts;
    /// `Pass` or the first mode whose size does not divide the target's.
    type Verdict;
}

impl Tiling<HNil> for HNil {
    type Counts = HNil;
    type Verdict = Pass;
}

// More block modes than target modes: the rank check reports it.
impl<A0, AT> Tiling<HNil> for HCons<A0, AT> {
    type Counts = HNil;
    type Verdict = Pass;
}

// Padding: 1:0 against a target mode of size t, count t.
impl<T0, TT> Tiling<HCons<T0, TT>> for HNil
where
    T0: StaticSize,
    HNil: Tiling<TT>,
{
    type Counts = HCons<T0::Output, <HNil as Tiling<TT>>::Counts>;
    type Verdict = <HNil as Tiling<TT>>::Verdict;
}

// A mode of size a against a target mode of size t: count t/a if a | t.
impl<A0, AT, T0, TT> Tiling<HCons<T0, TT>> for HCons<A0, AT>
where
    A0: StaticSize,
    T0: StaticSize,
    T0::Unsigned: DivRem<A0::Unsigned>,
    RemOf<T0::Unsigned, A0::Unsigned>: IsEqual<U0>,
    Eq<RemOf<T0::Unsigned, A0::Unsigned>, U0>: Holds<TileDivisibility<A0::Unsigned, T0::Unsigned>>
        + CountIf<QuotOf<T0::Unsigned, A0::Unsigned>>,
    AT: Tiling<TT>,
    <Eq<RemOf<T0::Unsigned, A0::Unsigned>, U0> as Holds<
        TileDivisibility<A0::Unsigned, T0::Unsigned>,
    >>::Verdict: First<<AT as Tiling<TT>>::Verdict>,
{
    type Counts = HCons<
        <Eq<RemOf<T0::Unsigned, A0::Unsigned>, U0> as CountIf<
            QuotOf<T0::Unsigned, A0::Unsigned>,
        >>::Output,
        <AT as Tiling<TT>>::Counts,
    >;
    type Verdict = Then<
        <Eq<RemOf<T0::Unsigned, A0::Unsigned>, U0> as Holds<
            TileDivisibility<A0::Unsigned, T0::Unsigned>,
        >>::Verdict,
        <AT as Tiling<TT>>::Verdict,
    >;
}

/// The count `Q` as a static integer if `Self` (divisibility) is `B1`, else 1
/// (the verdict reports the error).
#[doc(hidden)]
pub trait CountIf<Q> {
    /// `PInt<Q>` or `P1`.
    type Output;
}

impl<Q: Unsigned + NonZero> CountIf<Q> for B1 {
    type Output = PInt<Q>;
}

impl<Q> CountIf<Q> for B0 {
    type Output = PInt<U1>;
}
