//! `composition(A, <B₀, B₁, ..>)` of a layout `A` whose leaves mix static
//! integers and `Dyn` with a tiler whose entries may have `Dyn` leaves too:
//! `(A₀ ∘ B₀, A₁ ∘ B₁, ..)`, the modes past the tiler dropped (CuTe C++'s
//! composition with a tiler).
//!
//! The result's type and the static verdict are the tiles of the divides by
//! the same tiler with its static integer entries `n` written `n:_1`
//! ([`TilerDivide`]'s `Composed`; [`CompositionEntries`]), decided once when
//! the call type-checks. The values are computed mode by mode by code that is not
//! generic, from constants of the plan ([`TilerCompositionPlan`]): for each mode `A_m`,
//! the static values of its leaves, of its tile and of `coalesce(A_m)`, and
//! whether it is a leaf. With `B_m` as a layout (an integer entry `n` is
//! `n:1`, as CuTe C++'s composition reads it, where its divides read a static
//! 1 as `make_layout(1) = 1:0`), the tile is
//! - static when `A_m` and `B_m` are (the static algebra's walk: its values
//!   are the type's), but for a nested `A_m` by a `B_m` of several leaves,
//!   whose distributivity the walk's value code checks (proven by the
//!   runtime layer's rule, else point by point: CuTe C++'s
//!   `((4,2),n):((2,1),8)` ∘ `<(2,2):(-1,2), 2>` = `((_2,_2),_2):((_-2,_4),8)`
//!   is ours);
//! - `B_m·d`, `B_m`'s strides times `d`, for a static `B_m` and a leaf mode
//!   `s:d` with a dynamic leaf;
//! - otherwise (`B_m` with a dynamic leaf, or `A_m` nested with one) `A_m ∘
//!   B_m` by the walk of a composition by a layout (see `composition/leaves.rs`),
//!   a dynamic integer entry below 1 refused (`NonPositiveShape`).
//!
//! An overflow anywhere is the composition's `Overflow`, and the result is
//! checked as a layout. A layout with scaled-basis strides (an identity
//! layout of run-time extents) composes as the tiles of its divide
//! ([`BasisTilerPlan`]), refused where a basis stride would need a run-time
//! scale.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![Dyn(200), _6], hlist![_1, Dyn(200)]).unwrap();
//! // B·d on the leaf modes 200:1 and 6:200 (as CuTe C++).
//! let r = try_composition(a, tile!(8:2, 2)).unwrap();
//! assert_eq!(format!("{r:#}"), "(_8,_2):(_2,200)");
//! let e = try_composition(a, Tile(hlist![Dyn(0), _2])).unwrap_err();
//! assert_eq!(e.kind(), layout_algebra::runtime::ErrorKind::NonPositiveShape);
//! // A run-time tile of 6 on the nested mode (4,6):(2,3) crosses its extent-4
//! // leaf after 4 elements: the runtime layer's rule, naming A₀ and B₀.
//! let n = Layout::try_new(hlist![hlist![Dyn(4), Dyn(6)], Dyn(8)], hlist![hlist![Dyn(2), Dyn(3)], Dyn(5)])
//!     .unwrap();
//! let e = try_composition(n, Tile(hlist![Dyn(6)])).unwrap_err();
//! let a0 = n.to_dynamic().mode(0).unwrap();
//! let want = layout_algebra::runtime::composition(&a0, &"6:1".parse::<layout_algebra::runtime::Layout>().unwrap());
//! assert_eq!(e.kind(), want.unwrap_err().kind()); // ShapeDivisibility
//! assert!(e.to_string().contains("A = (4,6):(2,3), B = 6:1"), "{e}");
//! ```

use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;
use typenum::{NonZero, PInt, Unsigned, P1};

use super::basis::{ByBasis, StridesKind};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::coalesce::CoalesceXAny;
use crate::typelevel::algebra::composition::leaves::{
    compose_parts, ByLayout, ByTiler, ComposeBy, RunCompose,
};
use crate::typelevel::algebra::divide::leaves::{finish, TilerDivide};
use crate::typelevel::algebra::values::{
    fault, leaf_values, placed, FlatLayout, LayoutStatics, LeafValues, ModesText, Values,
};
use crate::typelevel::algebra::values::{operand, Flat, FlatOperand, Operand};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::{Layout, Tile};

// The result `C` and the verdict `V` are the divides' (type checking pays
// them once) by the tiler as composition reads it (`T::Output`: written as a
// nested projection, since bound to a parameter of its own it cost 2.6
// million instructions per composition in `benches/compile_time`, the nested
// projection nothing measurable); the plan `P` names the constants of the
// value code, whose `RunCompose` impl has only light bounds (no type-level
// computation is proven again when the call is compiled).
impl<SH, ST, D: StridesKind, T> ComposeBy<Layout<HCons<SH, ST>, D>, Tile<T>> for ByTiler
where
    D::Kind: TilerComposition<Layout<HCons<SH, ST>, D>, T>,
{
    type Output = <D::Kind as TilerComposition<Layout<HCons<SH, ST>, D>, T>>::Output;
    type Verdict = <D::Kind as TilerComposition<Layout<HCons<SH, ST>, D>, T>>::Verdict;
    type Plan = <D::Kind as TilerComposition<Layout<HCons<SH, ST>, D>, T>>::Plan;
}

/// `A ∘ <B₀, B₁, ..>` for the kind `Self` of `A`'s strides (see
/// [`StridesKind`]): integers ([`ByLayout`]) or with a scaled basis among
/// them ([`ByBasis`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TilerComposition<A, T> {
    /// The composition.
    type Output;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
    /// The types its value code needs.
    type Plan: RunCompose<A, Tile<T>, Self::Output>;
}

impl<SH, ST, D, T, CS, CD, V, P> TilerComposition<Layout<HCons<SH, ST>, D>, T> for ByLayout
where
    T: CompositionEntries,
    Layout<HCons<SH, ST>, D>: TilerDivide<Tile<T::Output>, Composed = Layout<CS, CD>, Verdict = V>
        + FlatLayout
        + FlatOperand,
    HCons<SH, ST>: TilerSteps<D, T, CS, CD, Steps = P>,
    P: ModeSteps,
    T: TilerEntries + Copy,
    Layout<CS, CD>: FlatLayout,
{
    type Output = Layout<CS, CD>;
    type Verdict = V;
    type Plan = TilerCompositionPlan<P>;
}

/// A layout with scaled-basis strides (an identity layout with run-time
/// extents) by a tiler: the tiles of its divide by the same tiler. By static
/// entries on leaf modes their strides are static (`B_m·d` of a leaf mode
/// `s:d`, as CuTe C++ answers: `(m,n):(_1@0,_1@1) ∘ <_4,_8> =
/// (_4,_8):(_1@0,_1@1)`); where they would need run-time scales the divide's
/// verdict refuses them (`RunTimeBasis`).
impl<SH, ST, D, T, CS, CD, V> TilerComposition<Layout<HCons<SH, ST>, D>, T> for ByBasis
where
    T: CompositionEntries,
    Layout<HCons<SH, ST>, D>: TilerDivide<Tile<T::Output>, Composed = Layout<CS, CD>, Verdict = V>,
    CS: Shape + Congruent<CD>,
    CD: IntTuple,
{
    type Output = Layout<CS, CD>;
    type Verdict = V;
    type Plan = BasisTilerPlan;
}

/// The plan of a composition of a layout with scaled-basis strides by a
/// static tiler: the divide's tiles.
#[doc(hidden)]
pub struct BasisTilerPlan;
impl<A, T, CS, CD> RunCompose<A, Tile<T>, Layout<CS, CD>> for BasisTilerPlan
where
    T: CompositionEntries,
    A: TilerDivide<Tile<T::Output>, Composed = Layout<CS, CD>>,
    CS: Shape + Congruent<CD>,
    CD: IntTuple,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: A, t: Tile<T>) -> Result<Layout<CS, CD>, LayoutError> {
        finish(a.composed_with(Tile(t.0.entries())), "composition")
    }
}

/// A layout whose shape is one leaf composes with a tiler as the rank-1
/// layout `(s):(d)` (CuTe C++ reads its mode 0 as the layout itself):
/// `composition(n:1, <4>) = (_4):(_1)`.
macro_rules! leaf_compose {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D, T> ComposeBy<Layout<$S, D>, Tile<T>> for ByTiler
        where
            ByTiler: ComposeBy<Layout<HCons<$S, HNil>, HCons<D, HNil>>, Tile<T>>,
        {
            type Output =
                <ByTiler as ComposeBy<Layout<HCons<$S, HNil>, HCons<D, HNil>>, Tile<T>>>::Output;
            type Verdict =
                <ByTiler as ComposeBy<Layout<HCons<$S, HNil>, HCons<D, HNil>>, Tile<T>>>::Verdict;
            type Plan = LeafTilerPlan<
                <ByTiler as ComposeBy<Layout<HCons<$S, HNil>, HCons<D, HNil>>, Tile<T>>>::Plan,
            >;
        }
        impl<$($g)* D, T, P, R> RunCompose<Layout<$S, D>, Tile<T>, R> for LeafTilerPlan<P>
        where
            P: RunCompose<Layout<HCons<$S, HNil>, HCons<D, HNil>>, Tile<T>, R>,
        {
            fn run(a: Layout<$S, D>, t: Tile<T>) -> Result<R, LayoutError> {
                let (s, d) = a.into_parts();
                let a = Layout::from_parts(HCons { head: s, tail: HNil }, HCons { head: d, tail: HNil });
                P::run(a, t)
            }
        }
    )*};
}
leaf_compose!([] Dyn, [N,] DivBy<N>, [U: Unsigned + NonZero,] PInt<U>);

/// The plan of a composition of a one-leaf layout by a tiler: the plan `P`
/// of its rank-1 layout.
#[doc(hidden)]
pub struct LeafTilerPlan<P>(PhantomData<P>);

/// The tiler entries `Self` as composition reads them: a static integer `n`
/// as the layout `n:_1` (CuTe C++'s composition; the divides read it as
/// `make_layout(n)`, `_1:_0` for 1), the other entries as they are.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CompositionEntries {
    /// The entries.
    type Output;
    /// Their values.
    fn entries(self) -> Self::Output;
}
impl CompositionEntries for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entries(self) -> HNil {
        HNil
    }
}
impl<U: Unsigned + NonZero, T: CompositionEntries> CompositionEntries for HCons<PInt<U>, T> {
    type Output = HCons<Layout<PInt<U>, P1>, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entries(self) -> Self::Output {
        HCons {
            head: Layout::from_parts(self.head, P1::new()),
            tail: self.tail.entries(),
        }
    }
}
macro_rules! entry_as_is {
    ($([$($g:tt)*] $E:ty),*) => {$(
        impl<$($g)* T: CompositionEntries> CompositionEntries for HCons<$E, T> {
            type Output = HCons<$E, T::Output>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn entries(self) -> Self::Output {
                HCons {
                    head: self.head,
                    tail: self.tail.entries(),
                }
            }
        }
    )*};
}
entry_as_is!([] Dyn, [N,] DivBy<N>, [S, D,] Layout<S, D>);

/// The plan of a composition by a tiler: the steps `P` of its modes (see
/// [`TileStep`]).
#[doc(hidden)]
pub struct TilerCompositionPlan<P>(PhantomData<P>);
impl<S, D, T, P, CS, CD> RunCompose<Layout<S, D>, Tile<T>, Layout<CS, CD>>
    for TilerCompositionPlan<P>
where
    Layout<S, D>: FlatLayout + FlatOperand,
    T: TilerEntries + Copy,
    P: ModeSteps,
    Layout<CS, CD>: FlatLayout,
{
    fn run(a: Layout<S, D>, t: Tile<T>) -> Result<Layout<CS, CD>, LayoutError> {
        placed(tile_values(operand(&a), &t.0, &P::STEPS), overflow)
    }
}

/// The step of a tiler mode: the mode `A` (a layout), its tile `R` (the
/// result's mode) and `F = coalesce(A)`.
#[doc(hidden)]
pub struct TileStep<A, R, F>(PhantomData<(A, R, F)>);

/// The steps of the modes `Self` (shapes), `D` (strides) composed with the
/// tiler entries `T` into the tiles `CS` (shapes), `CD` (strides): one
/// [`TileStep`] per entry.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TilerSteps<D, T, CS, CD> {
    /// The list of [`TileStep`]s.
    type Steps;
}
impl<S, D, CS, CD> TilerSteps<D, HNil, CS, CD> for S {
    type Steps = HNil;
}
// More entries than modes: refused by the verdict (the values are never computed).
impl<BH, BT, CS, CD> TilerSteps<HNil, HCons<BH, BT>, CS, CD> for HNil {
    type Steps = HNil;
}
impl<SH, ST, DH, DT, BH, BT, CSH, CST, CDH, CDT, F>
    TilerSteps<HCons<DH, DT>, HCons<BH, BT>, HCons<CSH, CST>, HCons<CDH, CDT>> for HCons<SH, ST>
where
    Layout<SH, DH>: CoalesceXAny<Output = F>,
    ST: TilerSteps<DT, BT, CST, CDT>,
{
    type Steps = HCons<TileStep<Layout<SH, DH>, Layout<CSH, CDH>, F>, ST::Steps>;
}

/// Whether a mode's shape is a leaf (`s:d`) or nested.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LeafOrNested {
    /// `true` for a leaf.
    const LEAF: bool;
}
impl<L: IntLeaf> LeafOrNested for L {
    const LEAF: bool = true;
}
impl<H, T> LeafOrNested for HCons<H, T> {
    const LEAF: bool = false;
}

/// The constants of a tiler mode's step (see the module).
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Clone, Copy)]
pub struct StepStatics {
    /// The mode's leaves.
    mode: LayoutStatics,
    /// Whether the mode is a leaf.
    leaf: bool,
    /// The tile's leaves.
    tile: LayoutStatics,
    /// The leaves of the coalesced mode.
    coalesced: LayoutStatics,
}
/// A [`TileStep`]'s constants.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ModeStep {
    /// The constants.
    const STEP: StepStatics;
}
impl<SH: LeafOrNested, DH, R: FlatLayout, F: FlatLayout> ModeStep for TileStep<Layout<SH, DH>, R, F>
where
    Layout<SH, DH>: FlatLayout,
{
    const STEP: StepStatics = StepStatics {
        mode: <Layout<SH, DH> as FlatLayout>::STATICS,
        leaf: SH::LEAF,
        tile: R::STATICS,
        coalesced: F::STATICS,
    };
}

/// The most tiler entries of a composition by a tiler with dynamic leaves.
const MAX_MODES: usize = 16;
/// The constants of the steps of a tiler's modes, in order.
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Clone, Copy)]
pub struct Steps {
    len: usize,
    steps: [Option<StepStatics>; MAX_MODES],
}
impl Steps {
    const EMPTY: Self = Steps {
        len: 0,
        steps: [None; MAX_MODES],
    };
    /// `first`, then `self`'s steps.
    const fn after(self, first: StepStatics) -> Self {
        assert!(
            self.len < MAX_MODES,
            "a composition with dynamic leaves takes a tiler of at most 16 entries"
        );
        let mut out = Steps::EMPTY;
        out.steps[0] = Some(first);
        let mut i = 0;
        while i < self.len {
            out.steps[i + 1] = self.steps[i];
            i += 1;
        }
        out.len = self.len + 1;
        out
    }
    /// The steps.
    fn get(&self) -> impl Iterator<Item = &StepStatics> {
        self.steps[..self.len].iter().flatten()
    }
}
/// The constants of a list of [`TileStep`]s.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeSteps {
    /// The constants, in order.
    const STEPS: Steps;
}
impl ModeSteps for HNil {
    const STEPS: Steps = Steps::EMPTY;
}
impl<H: ModeStep, T: ModeSteps> ModeSteps for HCons<H, T> {
    const STEPS: Steps = T::STEPS.after(H::STEP);
}

/// A tiler entry as the value code reads it.
#[doc(hidden)] // a helper, public only because public bounds name it
pub enum EntryRef<'a> {
    /// An integer `n` and whether it is static.
    Int(i64, bool),
    /// A layout.
    Layout(Operand<'a>),
}
/// A tiler's entries.
type Entries<'a> = SmallVec<[EntryRef<'a>; 8]>;
/// A tiler entry: an integer or a layout.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TilerEntry {
    /// The entry.
    fn entry(&self) -> EntryRef<'_>;
}
impl<L: IntLeaf> TilerEntry for L {
    fn entry(&self) -> EntryRef<'_> {
        EntryRef::Int(self.value(), L::STATIC.is_some())
    }
}
impl<S, D> TilerEntry for Layout<S, D>
where
    Self: FlatLayout + FlatOperand,
{
    fn entry(&self) -> EntryRef<'_> {
        EntryRef::Layout(operand(self))
    }
}
/// A tiler's entries, read in order.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TilerEntries {
    /// Appends the entries.
    fn entries<'a>(&'a self, out: &mut Entries<'a>);
}
impl TilerEntries for HNil {
    fn entries<'a>(&'a self, _: &mut Entries<'a>) {}
}
impl<H: TilerEntry, T: TilerEntries> TilerEntries for HCons<H, T> {
    fn entries<'a>(&'a self, out: &mut Entries<'a>) {
        out.push(self.head.entry());
        self.tail.entries(out);
    }
}

/// The static values of leaves, `None` for a dynamic one.
type StaticValues = SmallVec<[Option<i64>; 8]>;
/// A tiler entry `B` as a layout: its extents, strides and their static
/// values, and a layout entry's leaves as read (for its runtime layout).
struct EntryLayout {
    s: Values,
    d: Values,
    ss: StaticValues,
    ds: StaticValues,
    layout: Option<Flat>,
}
impl EntryLayout {
    /// `B` as a layout: an integer `n` is `n:1` (see the module), a layout
    /// itself.
    fn of(entry: &EntryRef<'_>) -> Self {
        match *entry {
            EntryRef::Int(n, fixed) => EntryLayout {
                s: Values::from_slice(&[n]),
                d: Values::from_slice(&[1]),
                ss: StaticValues::from_slice(&[fixed.then_some(n)]),
                ds: StaticValues::from_slice(&[Some(1)]),
                layout: None,
            },
            EntryRef::Layout(l) => {
                let l = l.flat_leaves();
                EntryLayout {
                    s: Values::from_slice(&l.s),
                    d: Values::from_slice(&l.d),
                    ss: l.statics.0.get().iter().copied().collect(),
                    ds: l.statics.1.get().iter().copied().collect(),
                    layout: Some(l),
                }
            }
        }
    }
    /// Whether every leaf is static.
    fn fixed(&self) -> bool {
        self.ss.iter().chain(&self.ds).all(Option::is_some)
    }
}

/// `B` in CuTe notation, as an error shows it.
impl core::fmt::Display for EntryLayout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match &self.layout {
            Some(l) => l.fmt(f),
            None => ModesText(&self.s, &self.d).fmt(f),
        }
    }
}

/// Mode `m` of the layout `A` in CuTe notation, as an error shows it.
struct ModeOf<'a>(&'a Flat, usize);
impl core::fmt::Display for ModeOf<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0.runtime().mode(self.1) {
            Ok(m) => m.fmt(f),
            Err(_) => write!(f, "mode {} of {}", self.1, self.0),
        }
    }
}

/// The composition's overflow (a stride, the size or the cosize of the
/// result beyond `i64`).
fn overflow() -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        "composition",
        alloc::string::String::from("a stride, the size or the cosize of the result exceeds i64"),
    )
}

/// The tiles' flat extents and strides, mode by mode (see the module), from
/// `A`, the tiler's entries `t` and the `steps` of the plan.
fn tile_values(
    a: Operand<'_>,
    t: &dyn TilerEntries,
    steps: &Steps,
) -> Result<(LeafValues, LeafValues), LayoutError> {
    let a = a.flat_leaves();
    let mut entries = Entries::new();
    t.entries(&mut entries);
    let (a_s, a_d) = (&a.s, &a.d);
    let (mut s, mut d) = (Values::new(), Values::new());
    let mut at = 0;
    for (m, (step, entry)) in steps.get().zip(&entries).enumerate() {
        let n = step.mode.0.get().len();
        let (ms, md) = (
            a_s.get(at..at + n).ok_or_else(overflow)?,
            a_d.get(at..at + n).ok_or_else(overflow)?,
        );
        at += n;
        let b = EntryLayout::of(entry);
        let mode_fixed = step
            .mode
            .0
            .get()
            .iter()
            .chain(step.mode.1.get())
            .all(Option::is_some);
        // A static nested mode by a static entry of several leaves: its
        // distributivity, which the types prove for some strides only, is
        // checked by the walk's value code (by points where it is not
        // proven, as the runtime layer), not refused at compile time.
        let proof = !step.leaf && b.s.len() > 1;
        if b.fixed() && mode_fixed && !proof {
            // The static algebra's tile: the type's values.
            let tile = step.tile.0.get().iter().chain(step.tile.1.get());
            let values: Option<Values> = tile.copied().collect();
            let values = values.ok_or_else(overflow)?;
            let (ts, td) = values.split_at(step.tile.0.get().len());
            s.extend_from_slice(ts);
            d.extend_from_slice(td);
        } else if b.fixed() && step.leaf {
            // B·x for the leaf mode s:x.
            let x = *md.first().ok_or_else(overflow)?;
            for (&bs, &bd) in b.s.iter().zip(&b.d) {
                s.push(bs);
                d.push(bd.checked_mul(x).ok_or_else(overflow)?);
            }
        } else {
            if let EntryRef::Int(n, false) = *entry
                && n < 1
            {
                return Err(LayoutError::new(
                    ErrorKind::NonPositiveShape,
                    "composition",
                    alloc::format!("tile extent {n} must be positive"),
                ));
            }
            let (ts, td) = compose_parts(
                (ms, md, step.mode),
                (&b.s, &b.d, &b.ss, &b.ds),
                step.coalesced,
                (&ModeOf(&a, m), &b),
            )
            .map_err(|e| match e.kind() {
                ErrorKind::Overflow => overflow(),
                _ => e,
            })?;
            s.extend(ts);
            d.extend(td);
        }
    }
    if fault(&s, &d) {
        return Err(overflow());
    }
    leaf_values((s, d)).ok_or_else(overflow)
}
