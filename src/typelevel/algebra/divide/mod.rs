//! The divides: `logical_divide(A, B) = A ∘ (B, B*)` with `B* = complement(B, size(A))`,
//! and its zipped, tiled and flat forms (see `regroup.rs`).
//!
//! The first mode is the tile `A ∘ B`, the second the rest, which iterates over
//! the tiles. A tiler `<T0, T1, ..>` divides mode by mode (an integer entry `n` is its
//! compact layout: `n:1`, or `1:0` for 1, as in CuTe C++);
//! the layout's modes beyond the tiler are kept. Errors: B not complementable
//! (the tiler must be injective and its strides must nest), then the
//! composition's divisibility conditions, and a tiler with too many entries.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let r = logical_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2));
//! assert_eq!(r.to_string(), "((4,2),(8,2)):((20,80),(2,1))");
//! assert_eq!(logical_divide(layout!(24:1), layout!(8:3)).to_string(), "(8,3):(3,1)");
//! ```

pub(crate) mod leaves;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned};

use super::bymode::{Apply, ByModeLayout};
use super::complement::TryComplement;
use super::composition::{ComposeRhs, TryCompose};
use super::modes::CompactStride;
use super::modes::Parts;
use super::regroup::{FlatForm, FromPair, FromTiler, Regroup, TiledForm, ZippedForm};
use super::size::StaticSize;
use crate::typelevel::check::front_door::front_door;
use crate::typelevel::check::rules::op;
use crate::typelevel::check::rules::op::{
    FlatDivideOp, LogicalDivideOp, TiledDivideOp, ZippedDivideOp,
};
use crate::typelevel::check::rules::Admissible;
use crate::typelevel::check::verdict::{First, Then};
use crate::typelevel::{Layout, Tile};

/// The right operand's side of a divide: `A ⊘ Self` for a layout, an integer or a tiler.
pub trait DivideRhs<A> {
    /// The logical divide.
    type Output;
    /// The result in the form the regroupings read.
    type Arranged;
    /// `Pass` or the violated rule.
    type Verdict;
    /// The verdict of the composition's walk alone, whose first mode is the
    /// tile `A ∘ B`: where `B` has no complement, that complement is `1:0`,
    /// so this is the verdict of the composition by a tiler, which takes
    /// none; its distributivity is checked by that composition's value code
    /// (by points where the types cannot prove it, as the runtime layer).
    type TileVerdict;
}

/// `complement(B, size(A))`.
type ComplementRest<B, A> = <B as TryComplement<<A as StaticSize>::Output>>::Output;
/// `(B, B*)`.
type WithRest<SB, DB, A> = Layout<
    HCons<SB, HCons<<ComplementRest<Layout<SB, DB>, A> as Parts>::Shape, HNil>>,
    HCons<DB, HCons<<ComplementRest<Layout<SB, DB>, A> as Parts>::Stride, HNil>>,
>;

impl<SB, DB, A> DivideRhs<A> for Layout<SB, DB>
where
    A: StaticSize,
    Self: TryComplement<<A as StaticSize>::Output>,
    A: TryCompose<WithRest<SB, DB, A>>,
    WithRest<SB, DB, A>: ComposeRhs<A>,
    <Self as TryComplement<<A as StaticSize>::Output>>::Verdict:
        First<<A as TryCompose<WithRest<SB, DB, A>>>::Verdict>,
{
    type Output = <A as TryCompose<WithRest<SB, DB, A>>>::Output;
    type Arranged = FromPair<Self::Output>;
    type Verdict = Then<
        <Self as TryComplement<<A as StaticSize>::Output>>::Verdict,
        <A as TryCompose<WithRest<SB, DB, A>>>::Verdict,
    >;
    type TileVerdict = <WithRest<SB, DB, A> as ComposeRhs<A>>::WalkVerdict;
}

// An integer n is its compact layout: n:1, or 1:0 for n = 1 (CuTe C++'s make_layout).
impl<U, A> DivideRhs<A> for PInt<U>
where
    U: Unsigned + NonZero + CompactStride,
    Layout<PInt<U>, <U as CompactStride>::Output>: DivideRhs<A>,
{
    type Output = <Layout<PInt<U>, <U as CompactStride>::Output> as DivideRhs<A>>::Output;
    type Arranged = <Layout<PInt<U>, <U as CompactStride>::Output> as DivideRhs<A>>::Arranged;
    type Verdict = <Layout<PInt<U>, <U as CompactStride>::Output> as DivideRhs<A>>::Verdict;
    type TileVerdict = <Layout<PInt<U>, <U as CompactStride>::Output> as DivideRhs<A>>::TileVerdict;
}

impl<T, A> DivideRhs<A> for Tile<T>
where
    T: ByModeLayout<op::LogicalDivideOp, A>,
{
    type Output = <T as ByModeLayout<op::LogicalDivideOp, A>>::Output;
    type Arranged = FromTiler<
        <T as ByModeLayout<op::LogicalDivideOp, A>>::Tiled,
        <T as ByModeLayout<op::LogicalDivideOp, A>>::Rest,
        T,
    >;
    type Verdict = <T as ByModeLayout<op::LogicalDivideOp, A>>::Verdict;
    // By mode: the whole verdict (the composition by a tiler takes its tiles
    // from the divide's modes, not from a tiler as one entry).
    type TileVerdict = <T as ByModeLayout<op::LogicalDivideOp, A>>::Verdict;
}

impl<E, A> Apply<op::LogicalDivideOp, A> for E
where
    E: DivideRhs<A>,
{
    type Output = <E as DivideRhs<A>>::Output;
    type Verdict = <E as DivideRhs<A>>::Verdict;
}

front_door!(
    r#"`(A ∘ B, A ∘ B*)`, by mode for a tiler.

```
use layout_algebra::typelevel::*;
let r: LogicalDivideOut<Layout![24:2], Layout![4:3]> = logical_divide(layout!(24:2), layout!(4:3));
assert_eq!(r.to_string(), "(4,(3,2)):(6,(2,24))");
// By mode with a tiler: mode 0 split by 4:1, mode 1 by 8:2.
let t = logical_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2));
assert_eq!(t.to_string(), "((4,2),(8,2)):((20,80),(2,1))");
```"#,
    LogicalDivide,
    LogicalDivideOut,
    logical_divide,
    Admissible<LogicalDivideOp>,
    TryLogicalDivide,
    tiler
);

impl<S, D, B> TryLogicalDivide<B> for Layout<S, D>
where
    B: DivideRhs<Self>,
{
    type Output = <B as DivideRhs<Self>>::Output;
    type Verdict = <B as DivideRhs<Self>>::Verdict;
}

front_door!(
    r#"`((tiles), (rests))`: the logical divide with tile modes and rest modes gathered.

```
use layout_algebra::typelevel::*;
let r: Layout![((4,8),(2,2)):((20,2),(80,1))] =
    zipped_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2));
// Mode 0 indexes inside a tile, mode 1 picks the tile.
assert_eq!(r.slice((__, (1usize, 0usize))).to_string(), "((4,8)):((20,2))");
assert_eq!(r.call((0usize, (1usize, 0usize))), 80);
```"#,
    ZippedDivide,
    ZippedDivideOut,
    zipped_divide,
    Admissible<ZippedDivideOp>,
    TryZippedDivide,
    tiler
);

impl<S, D, B> TryZippedDivide<B> for Layout<S, D>
where
    B: DivideRhs<Self>,
    <B as DivideRhs<Self>>::Arranged: Regroup<ZippedForm>,
{
    type Output = <<B as DivideRhs<Self>>::Arranged as Regroup<ZippedForm>>::Output;
    type Verdict = <B as DivideRhs<Self>>::Verdict;
}

front_door!(
    r#"`((tiles), rest0, rest1, ..)`: the zipped divide with the rest modes unpacked.

```
use layout_algebra::typelevel::*;
let r: Layout![((4,8),2,2):((20,2),80,1)] =
    tiled_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2));
assert_eq!(r.to_string(), "((4,8),2,2):((20,2),80,1)");
```"#,
    TiledDivide,
    TiledDivideOut,
    tiled_divide,
    Admissible<TiledDivideOp>,
    TryTiledDivide,
    tiler
);

impl<S, D, B> TryTiledDivide<B> for Layout<S, D>
where
    B: DivideRhs<Self>,
    <B as DivideRhs<Self>>::Arranged: Regroup<TiledForm>,
{
    type Output = <<B as DivideRhs<Self>>::Arranged as Regroup<TiledForm>>::Output;
    type Verdict = <B as DivideRhs<Self>>::Verdict;
}

front_door!(
    r#"`(tile0, tile1, .., rest0, rest1, ..)`: the zipped divide fully unpacked.

```
use layout_algebra::typelevel::*;
let r: Layout![(4,8,2,2):(20,2,80,1)] =
    flat_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2));
assert_eq!(r.to_string(), "(4,8,2,2):(20,2,80,1)");
```"#,
    FlatDivide,
    FlatDivideOut,
    flat_divide,
    Admissible<FlatDivideOp>,
    TryFlatDivide,
    tiler
);

impl<S, D, B> TryFlatDivide<B> for Layout<S, D>
where
    B: DivideRhs<Self>,
    <B as DivideRhs<Self>>::Arranged: Regroup<FlatForm>,
{
    type Output = <<B as DivideRhs<Self>>::Arranged as Regroup<FlatForm>>::Output;
    type Verdict = <B as DivideRhs<Self>>::Verdict;
}
