//! The walk over the modes: mode `i` of the layout is divided by tiler entry
//! `i` ([`DivideModes`]), the modes past the tiler are kept; a tiler longer
//! than the layout is a compile error. [`EntryKind`] tells a static entry
//! from one with a dynamic leaf, and [`EntryMode`] hands the mode to the
//! matching family of [`ModeDivide`] impls.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![Dyn(16), _6, Dyn(3)], hlist![_1, Dyn(16), Dyn(96)]).unwrap();
//! let r = try_logical_divide(a, tile!(4, 2)).unwrap(); // the third mode is kept
//! assert_eq!(format!("{r:#}"), "((_4,4),(_2,_3),3):((_1,_4),(16,32),96)");
//! ```

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, NonZero, PInt, Unsigned, B0, B1};

use super::dyn_entry::DynEntryMode;
use super::finish::Fault;
use super::mode::{BasisGate, ModeDivide, ModeKind};
use super::plan::{ModePlan, RunMode};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::composition::basis::StridesKind;
use crate::typelevel::check::verdict::{First, Pass, RankMismatch, Then};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::tuple::{pair, Pair};
use crate::typelevel::Layout;

/// The modes `Self` (shapes) and `D` (strides) divided by the tiler entries `T`,
/// mode by mode; the modes past the tiler are kept.
#[diagnostic::on_unimplemented(
    message = "a divide of a layout with dynamic leaves cannot divide the modes `{Self}` by `{T}`",
    note = "each mode is divided by its tiler entry: a static integer or a static layout"
)]
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait DivideModes<D, T> {
    /// The modes' plans, one per tiler entry (see [`RunModes`]).
    type Plan;
    /// `Pass` or the first violated rule.
    type Verdict;
    /// `Pass` or the first violated rule of the tiles alone.
    type TileVerdict;
    /// Whether every divided mode is provably filled exactly by its tiles.
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else the first mode's `NotEvenlyDivided`.
    type Evenness;
}
impl<S, D> DivideModes<D, HNil> for S {
    type Plan = HNil;
    type Verdict = Pass;
    type TileVerdict = Pass;
    const EVEN: bool = true;
    type Evenness = Pass;
}
// More tiler entries than modes: refused (the values are never computed).
impl<BH, BT> DivideModes<HNil, HCons<BH, BT>> for HNil {
    type Plan = TooManyEntries;
    type Verdict = RankMismatch;
    type TileVerdict = RankMismatch;
    const EVEN: bool = false;
    type Evenness = RankMismatch;
}
// The mode's kind, plan and verdicts are bound to parameters of the impl once.
impl<SH, ST, DH, DT, BH, BT, M, MP, MV, MTV, ME> DivideModes<HCons<DH, DT>, HCons<BH, BT>>
    for HCons<SH, ST>
where
    BH: EntryKind,
    <BH as EntryKind>::Static: EntryMode<Layout<SH, DH>, Mode = M>,
    M: ModeDivide<BH, Plan = MP, Verdict = MV, TileVerdict = MTV, Evenness = ME>,
    ST: DivideModes<DT, BT>,
    MV: First<<ST as DivideModes<DT, BT>>::Verdict>,
    ME: First<<ST as DivideModes<DT, BT>>::Evenness>,
    MTV: First<<ST as DivideModes<DT, BT>>::TileVerdict>,
{
    type Plan = HCons<MP, ST::Plan>;
    type Verdict = Then<MV, ST::Verdict>;
    type TileVerdict = Then<MTV, ST::TileVerdict>;
    const EVEN: bool = M::EVEN && ST::EVEN;
    type Evenness = Then<ME, ST::Evenness>;
}

/// The values of the modes `S` (shapes) and `D` (strides) divided by the
/// tiler entries `T` along the modes' plans `Self` (see [`DivideModes`]),
/// the modes past the tiler kept.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RunModes<S, D, T> {
    /// The tiles' shapes and strides, one per tiler entry.
    type TS;
    /// See `TS`.
    type TD;
    /// The rests' shapes and strides, then the modes past the tiler.
    type QS;
    /// See `QS`.
    type QD;
    /// The `(tile, rest)` pairs, then the modes past the tiler.
    type PS;
    /// See `PS`.
    type PD;
    /// The values, or the first mode's error (naming `what`, the operation
    /// called, where it is the divide's own).
    #[allow(clippy::type_complexity)]
    fn divide_modes(
        s: S,
        d: D,
        t: T,
        what: &'static str,
    ) -> Result<(Self::TS, Self::TD, Self::QS, Self::QD, Self::PS, Self::PD), Fault>;
    /// The tiles alone, or the first mode's error.
    fn tile_modes(s: S, d: D, t: T) -> Result<(Self::TS, Self::TD), Fault>;
}
impl<S: Copy, D: Copy> RunModes<S, D, HNil> for HNil {
    type TS = HNil;
    type TD = HNil;
    type QS = S;
    type QD = D;
    type PS = S;
    type PD = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        s: S,
        d: D,
        _: HNil,
        _: &'static str,
    ) -> Result<(HNil, HNil, S, D, S, D), Fault> {
        Ok((HNil, HNil, s, d, s, d))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(_: S, _: D, _: HNil) -> Result<(HNil, HNil), Fault> {
        Ok((HNil, HNil))
    }
}
/// The plan of a tiler longer than the layout (refused at compile time: its
/// values are never computed).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct TooManyEntries;
impl<BH, BT> RunModes<HNil, HNil, HCons<BH, BT>> for TooManyEntries {
    type TS = HNil;
    type TD = HNil;
    type QS = HNil;
    type QD = HNil;
    type PS = HNil;
    type PD = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        _: HNil,
        _: HNil,
        _: HCons<BH, BT>,
        what: &'static str,
    ) -> Result<(HNil, HNil, HNil, HNil, HNil, HNil), Fault> {
        Err(too_many_entries(what))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(_: HNil, _: HNil, _: HCons<BH, BT>) -> Result<(HNil, HNil), Fault> {
        Err(too_many_entries("composition"))
    }
}
/// A tiler longer than the layout, in `what` (refused at compile time: never reached).
fn too_many_entries(what: &'static str) -> Fault {
    Fault::new(LayoutError::new(
        ErrorKind::RankMismatch,
        what,
        alloc::string::String::from("the tiler has more entries than the layout has modes"),
    ))
}
impl<K, TS, TD, RS, RD, MT, SH, ST, DH, DT, BH, BT>
    RunModes<HCons<SH, ST>, HCons<DH, DT>, HCons<BH, BT>> for HCons<ModePlan<K, TS, TD, RS, RD>, MT>
where
    K: RunMode<Layout<SH, DH>, BH, TS, TD, RS, RD>,
    MT: RunModes<ST, DT, BT>,
    TS: Copy,
    TD: Copy,
    RS: Copy,
    RD: Copy,
{
    type TS = HCons<TS, MT::TS>;
    type TD = HCons<TD, MT::TD>;
    type QS = HCons<RS, MT::QS>;
    type QD = HCons<RD, MT::QD>;
    type PS = HCons<Pair<TS, RS>, MT::PS>;
    type PD = HCons<Pair<TD, RD>, MT::PD>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        s: HCons<SH, ST>,
        d: HCons<DH, DT>,
        t: HCons<BH, BT>,
        what: &'static str,
    ) -> Result<(Self::TS, Self::TD, Self::QS, Self::QD, Self::PS, Self::PD), Fault> {
        let (ts, td, rs, rd) = K::divide(Layout::from_parts(s.head, d.head), t.head, what)?;
        let (tts, ttd, tqs, tqd, tps, tpd) = MT::divide_modes(s.tail, d.tail, t.tail, what)?;
        Ok((
            HCons {
                head: ts,
                tail: tts,
            },
            HCons {
                head: td,
                tail: ttd,
            },
            HCons {
                head: rs,
                tail: tqs,
            },
            HCons {
                head: rd,
                tail: tqd,
            },
            HCons {
                head: pair(ts, rs),
                tail: tps,
            },
            HCons {
                head: pair(td, rd),
                tail: tpd,
            },
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(
        s: HCons<SH, ST>,
        d: HCons<DH, DT>,
        t: HCons<BH, BT>,
    ) -> Result<(Self::TS, Self::TD), Fault> {
        let (ts, td) = K::tile(Layout::from_parts(s.head, d.head), t.head)?;
        let (tts, ttd) = MT::tile_modes(s.tail, d.tail, t.tail)?;
        Ok((
            HCons {
                head: ts,
                tail: tts,
            },
            HCons {
                head: td,
                tail: ttd,
            },
        ))
    }
}

/// Whether a tiler entry is static (`B1`: the divides above, the result's
/// leaves computed from the types) or has a dynamic leaf (`B0`: see
/// [`dyn_entry`](super::dyn_entry)).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait EntryKind {
    /// `B1` or `B0`.
    type Static;
}
impl<U: Unsigned + NonZero> EntryKind for PInt<U> {
    type Static = B1;
}
impl EntryKind for Dyn {
    type Static = B0;
}
impl<N> EntryKind for DivBy<N> {
    type Static = B0;
}
impl<S: AllStatic, D: AllStatic> EntryKind for Layout<S, D>
where
    S::Bit: BitAnd<D::Bit>,
{
    type Static = And<S::Bit, D::Bit>;
}
/// The mode `L` as the entry's kind `Self` divides it: as its [`ModeKind`]
/// for a static entry, wrapped in [`DynEntryMode`] for an entry with a dynamic
/// leaf (so that the families of [`ModeDivide`] impls never overlap).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait EntryMode<L> {
    /// The mode, as the divide takes it.
    type Mode;
}
impl<L: ModeKind> EntryMode<L> for B1 {
    type Mode = L::Mode;
}
impl<S, D: StridesKind> EntryMode<Layout<S, D>> for B0
where
    D::Kind: BasisGate<DynEntryMode<Layout<S, D>>>,
{
    type Mode = <D::Kind as BasisGate<DynEntryMode<Layout<S, D>>>>::Mode;
}
