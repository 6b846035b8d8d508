//! The divide of one mode `s:d` by a tiler entry `B`, `(B·d, complement(B, s)·d)`
//! ([`ModeDivide`]): a fully static mode (a leaf or nested) by the static
//! algebra, its checks compile errors; a nested mode with a dynamic leaf is
//! wrapped in [`NestedMode`] ([`ModeKind`]) and divided by
//! [`nested`](super::nested). The dynamic leaf modes are in `dyn_stride.rs` and
//! `dyn_extent.rs`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![_12, Dyn(5)], hlist![_1, _12]).unwrap();
//! let r = try_logical_divide(a, tile!(4)).unwrap();
//! assert_eq!(format!("{r:#}"), "((_4,_3),5):((_1,_4),_12)");
//! ```

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, NonZero, PInt, Prod, Unsigned, B0, B1, P1, Z0};

use super::entry::FilledBy;
use super::finish::{DivideParts, Fault};
use super::nested::NestedMode;
use super::plan::{ModePlan, RunMode, StaticRecipe};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::composition::basis::{ByBasis, StridesKind};
use crate::typelevel::algebra::composition::leaves::ByLayout;
use crate::typelevel::algebra::divide::{DivideRhs, TryLogicalDivide};
use crate::typelevel::check::rules::StaticLeaves;
use crate::typelevel::check::verdict::{Holds, NotEvenlyDivided, Pass, RunTimeBasis};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::tuple::IntTuple;
use crate::typelevel::Layout;

/// The tile and the rest of one mode `Self = s:d` divided by the tiler entry
/// `B`: their types, as the plan of the values, and the verdicts.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeDivide<B> {
    /// [`ModePlan<K, TS, TD, RS, RD>`](super::plan::ModePlan): the tile's shape and
    /// stride (`B·d`), the rest's (`complement(B, s)·d`), and the recipe `K`
    /// of their values ([`RunMode`](super::plan::RunMode)).
    type Plan;
    /// `Pass` or the violated rule (of the static parts).
    type Verdict;
    /// `Pass` or the violated rule of the tile alone, `A_m ∘ B` (the
    /// composition by the tiler, which needs no complement of a nested mode).
    type TileVerdict;
    /// Whether the tiles provably fill the extent exactly (no tile reaches past
    /// it): decided from the static parts and the [`DivBy`] facts.
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else `NotEvenlyDivided` with the extent and
    /// the tile extent `E` (the verdict of `assert_evenly_divides`).
    type Evenness;
}

/// The two modes `(tile, rest)` of a static logical divide's result.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait DivideHalves {
    /// Shapes and strides of the two modes.
    type TS;
    /// See `TS`.
    type TD;
    /// See `TS`.
    type RS;
    /// See `TS`.
    type RD;
}
impl<TS, RS, TD, RD> DivideHalves
    for Layout<HCons<TS, HCons<RS, HNil>>, HCons<TD, HCons<RD, HNil>>>
{
    type TS = TS;
    type TD = TD;
    type RS = RS;
    type RD = RD;
}

/// `size(tile)·size(rest) = s` for static sizes: the tiles fill `s` exactly.
pub(in crate::typelevel::algebra) const fn exact(
    tile: Option<i64>,
    rest: Option<i64>,
    s: Option<i64>,
) -> bool {
    match (tile, rest, s) {
        (Some(t), Some(r), Some(s)) => t as i128 * r as i128 == s as i128,
        _ => false,
    }
}
/// The static size of a tuple type, `None` when dynamic.
pub(in crate::typelevel::algebra) type SizeOf<T> = <T as IntTuple>::Size;

/// The verdict of a static extent `S` divided into tiles of size `Self` and
/// `R` tiles: `Pass` when `Self·R = S` (they fill it exactly), else `V`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Fills<R, S, V> {
    /// `Pass` or `V`.
    type Verdict;
}
impl<T: core::ops::Mul<R>, R, S, V> Fills<R, S, V> for T
where
    Prod<T, R>: typenum::IsEqual<S>,
    typenum::Eq<Prod<T, R>, S>: Holds<V>,
{
    type Verdict = <typenum::Eq<Prod<T, R>, S> as Holds<V>>::Verdict;
}

/// The static logical divide of a fully static mode: its parts are constants
/// ([`StaticRecipe`]).
macro_rules! static_mode_divide {
    ($L:ty, $S:ty, $Tile:ty) => {
        const EVEN: bool = exact(
            <SizeOf<<LogicalOf<$L, B> as DivideHalves>::TS> as IntLeaf>::STATIC,
            <SizeOf<<LogicalOf<$L, B> as DivideHalves>::RS> as IntLeaf>::STATIC,
            <SizeOf<$S> as IntLeaf>::STATIC,
        );
        type Plan = ModePlan<
            StaticRecipe,
            <LogicalOf<$L, B> as DivideHalves>::TS,
            <LogicalOf<$L, B> as DivideHalves>::TD,
            <LogicalOf<$L, B> as DivideHalves>::RS,
            <LogicalOf<$L, B> as DivideHalves>::RD,
        >;
        type Verdict = <$L as TryLogicalDivide<B>>::Verdict;
        type TileVerdict = $Tile;
        type Evenness = <SizeOf<<LogicalOf<$L, B> as DivideHalves>::TS> as Fills<
            SizeOf<<LogicalOf<$L, B> as DivideHalves>::RS>,
            SizeOf<$S>,
            NotEvenlyDivided<$S, <B as FilledBy>::E>,
        >>::Verdict;
    };
}
/// The static logical divide of `A` by `B`.
type LogicalOf<A, B> = <A as TryLogicalDivide<B>>::Output;

// A static leaf mode s:d: the static algebra.
impl<U: Unsigned + NonZero, X: StaticLeaves, B> ModeDivide<B> for Layout<PInt<U>, X>
where
    Self: TryLogicalDivide<B>,
    LogicalOf<Self, B>: DivideHalves,
    <LogicalOf<Self, B> as DivideHalves>::TS: IntTuple,
    <LogicalOf<Self, B> as DivideHalves>::RS: IntTuple,
    SizeOf<<LogicalOf<Self, B> as DivideHalves>::TS>: Fills<
        SizeOf<<LogicalOf<Self, B> as DivideHalves>::RS>,
        SizeOf<PInt<U>>,
        NotEvenlyDivided<PInt<U>, <B as FilledBy>::E>,
    >,
    B: FilledBy,
    PInt<U>: IntTuple,
{
    // The tile of a leaf mode is `B·d` (the mode is linear), whatever `B`:
    // the composition by the tiler takes no complement (CuTe C++).
    static_mode_divide!(Self, PInt<U>, Pass);
}

// A nested mode of static leaves: the static algebra.
impl<H, T, D, B> ModeDivide<B> for Layout<HCons<H, T>, D>
where
    Layout<HCons<H, T>, D>: TryLogicalDivide<B>,
    LogicalOf<Layout<HCons<H, T>, D>, B>: DivideHalves,
    <LogicalOf<Layout<HCons<H, T>, D>, B> as DivideHalves>::TS: IntTuple,
    <LogicalOf<Layout<HCons<H, T>, D>, B> as DivideHalves>::RS: IntTuple,
    SizeOf<<LogicalOf<Layout<HCons<H, T>, D>, B> as DivideHalves>::TS>: Fills<
        SizeOf<<LogicalOf<Layout<HCons<H, T>, D>, B> as DivideHalves>::RS>,
        SizeOf<HCons<H, T>>,
        NotEvenlyDivided<HCons<H, T>, <B as FilledBy>::E>,
    >,
    B: FilledBy + DivideRhs<Self>,
    HCons<H, T>: IntTuple,
{
    // The tile `A_m ∘ B` needs no complement of `B` (CuTe C++'s composition
    // by a tiler composes `<4:-1>` on `(2,4):(1,2)`).
    static_mode_divide!(Self, HCons<H, T>, <B as DivideRhs<Self>>::TileVerdict);
}

/// The mode `Self` as a static tiler entry divides it: a leaf mode or a
/// nested mode of static leaves is itself, a nested mode with a dynamic leaf
/// is wrapped in [`NestedMode`] (so that the two families of [`ModeDivide`]
/// impls of nested modes never overlap).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ModeKind {
    /// The mode, as the divide takes it.
    type Mode;
}
macro_rules! leaf_mode {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* X> ModeKind for Layout<$S, X> {
            type Mode = Self;
        }
    )*};
}
leaf_mode!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);
impl<H, T, D> ModeKind for Layout<HCons<H, T>, D>
where
    HCons<H, T>: AllStatic,
    D: AllStatic,
    <HCons<H, T> as AllStatic>::Bit: BitAnd<<D as AllStatic>::Bit>,
    AllStaticBit<HCons<H, T>, D>: NestedKind<Self>,
{
    type Mode = <AllStaticBit<HCons<H, T>, D> as NestedKind<Self>>::Mode;
}
/// `B1` when every leaf of the nested mode `S:D` is static.
type AllStaticBit<S, D> = And<<S as AllStatic>::Bit, <D as AllStatic>::Bit>;
/// The nested mode `L` as its kind `Self` (`B1`: static leaves only) has it
/// divided.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NestedKind<L> {
    /// `L` or `NestedMode<L>`.
    type Mode;
}
impl<L> NestedKind<L> for B1 {
    type Mode = L;
}
impl<S, D: StridesKind> NestedKind<Layout<S, D>> for B0
where
    D::Kind: BasisGate<NestedMode<Layout<S, D>>>,
{
    type Mode = <D::Kind as BasisGate<NestedMode<Layout<S, D>>>>::Mode;
}

/// The mode `M` (a nested mode with a run-time leaf, or a mode by an entry
/// with one) as the kind `Self` of its strides has it divided: itself for
/// integer strides, [`RunTimeBasisMode`] with a scaled basis among them.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait BasisGate<M> {
    /// `M` or [`RunTimeBasisMode`].
    type Mode;
}
impl<M> BasisGate<M> for ByLayout {
    type Mode = M;
}
impl<M> BasisGate<M> for ByBasis {
    type Mode = RunTimeBasisMode;
}

/// A mode with scaled-basis strides whose divide would give them run-time
/// scales (a nested mode with a run-time leaf, or any mode by an entry with
/// one): refused ([`RunTimeBasis`]; its values are never computed).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct RunTimeBasisMode;
impl<B> ModeDivide<B> for RunTimeBasisMode {
    type Plan = ModePlan<RunTimeBasisRecipe, P1, Z0, P1, Z0>;
    type Verdict = RunTimeBasis;
    type TileVerdict = RunTimeBasis;
    const EVEN: bool = false;
    type Evenness = RunTimeBasis;
}
/// The recipe of a [`RunTimeBasisMode`] (refused at compile time: never run).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct RunTimeBasisRecipe;
impl<L, B> RunMode<L, B, P1, Z0, P1, Z0> for RunTimeBasisRecipe {
    fn divide(_: L, _: B, what: &'static str) -> DivideParts<P1, Z0, P1, Z0> {
        Err(run_time_basis(what))
    }
    fn tile(_: L, _: B) -> Result<(P1, Z0), Fault> {
        Err(run_time_basis("composition"))
    }
}
/// A basis stride that would need a run-time scale, in `what` (refused at
/// compile time: never reached).
fn run_time_basis(what: &'static str) -> Fault {
    Fault::new(LayoutError::new(
        ErrorKind::InvalidArgument,
        what,
        alloc::string::String::from("a scaled-basis stride would need a run-time scale"),
    ))
}
