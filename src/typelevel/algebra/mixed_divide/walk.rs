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
use super::mode::{ModeDivide, ModeKind};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::verdict::{First, Pass, Then};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tensor::AllStatic;
use crate::typelevel::Layout;

/// The modes `Self` (shapes) and `D` (strides) divided by the tiler entries `T`,
/// mode by mode; the modes past the tiler are kept.
#[diagnostic::on_unimplemented(
    message = "a divide of a layout with dynamic leaves cannot divide the modes `{Self}` by `{T}`",
    note = "each mode is divided by its tiler entry: a static integer or a static layout"
)]
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait DivideModes<D, T> {
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
    /// `Pass` or the first violated rule.
    type Verdict;
    /// `Pass` or the first violated rule of the tiles alone.
    type TileVerdict;
    /// Whether every divided mode is provably filled exactly by its tiles.
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else the first mode's `NotEvenlyDivided`.
    type Evenness;
    /// The values, or the first mode's error (naming `what`, the operation
    /// called, where it is the divide's own).
    #[allow(clippy::type_complexity)]
    fn divide_modes(
        self,
        d: D,
        t: T,
        what: &'static str,
    ) -> Result<(Self::TS, Self::TD, Self::QS, Self::QD, Self::PS, Self::PD), Fault>;
    /// The tiles alone, or the first mode's error.
    fn tile_modes(self, d: D, t: T) -> Result<(Self::TS, Self::TD), Fault>;
}
impl<S: Copy, D: Copy> DivideModes<D, HNil> for S {
    type TS = HNil;
    type TD = HNil;
    type QS = S;
    type QD = D;
    type PS = S;
    type PD = D;
    type Verdict = crate::typelevel::check::verdict::Pass;
    type TileVerdict = Pass;
    const EVEN: bool = true;
    type Evenness = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        self,
        d: D,
        _: HNil,
        _: &'static str,
    ) -> Result<(HNil, HNil, S, D, S, D), Fault> {
        Ok((HNil, HNil, self, d, self, d))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(self, _: D, _: HNil) -> Result<(HNil, HNil), Fault> {
        Ok((HNil, HNil))
    }
}
// More tiler entries than modes: refused (the values are never computed).
impl<BH, BT> DivideModes<HNil, HCons<BH, BT>> for HNil {
    type TS = HNil;
    type TD = HNil;
    type QS = HNil;
    type QD = HNil;
    type PS = HNil;
    type PD = HNil;
    type Verdict = crate::typelevel::check::verdict::RankMismatch;
    type TileVerdict = crate::typelevel::check::verdict::RankMismatch;
    const EVEN: bool = false;
    type Evenness = crate::typelevel::check::verdict::RankMismatch;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        self,
        _: HNil,
        _: HCons<BH, BT>,
        what: &'static str,
    ) -> Result<(HNil, HNil, HNil, HNil, HNil, HNil), Fault> {
        Err(too_many_entries(what))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(self, _: HNil, _: HCons<BH, BT>) -> Result<(HNil, HNil), Fault> {
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

/// A pair as a two-element HList.
pub(super) type Pair<X, Y> = HCons<X, HCons<Y, HNil>>;
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn pair<X, Y>(x: X, y: Y) -> Pair<X, Y> {
    HCons {
        head: x,
        tail: HCons {
            head: y,
            tail: HNil,
        },
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
    /// Wraps the mode.
    fn mode(l: L) -> Self::Mode;
}
impl<L: ModeKind> EntryMode<L> for B1 {
    type Mode = L::Mode;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode(l: L) -> L::Mode {
        l.mode()
    }
}
impl<L> EntryMode<L> for B0 {
    type Mode = DynEntryMode<L>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode(l: L) -> DynEntryMode<L> {
        DynEntryMode(l)
    }
}
/// The mode `SH:DH` as the entry `BH` divides it.
type ModeOf<SH, DH, BH> = <<BH as EntryKind>::Static as EntryMode<Layout<SH, DH>>>::Mode;

impl<SH, ST, DH, DT, BH, BT> DivideModes<HCons<DH, DT>, HCons<BH, BT>> for HCons<SH, ST>
where
    BH: EntryKind,
    <BH as EntryKind>::Static: EntryMode<Layout<SH, DH>>,
    ModeOf<SH, DH, BH>: ModeDivide<BH>,
    ST: DivideModes<DT, BT>,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileShape: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileStride: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestShape: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestStride: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::Verdict: First<<ST as DivideModes<DT, BT>>::Verdict>,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::Evenness: First<<ST as DivideModes<DT, BT>>::Evenness>,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileVerdict:
        First<<ST as DivideModes<DT, BT>>::TileVerdict>,
{
    type TS = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileShape, ST::TS>;
    type TD = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileStride, ST::TD>;
    type QS = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestShape, ST::QS>;
    type QD = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestStride, ST::QD>;
    type PS = HCons<
        Pair<
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileShape,
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestShape,
        >,
        ST::PS,
    >;
    type PD = HCons<
        Pair<
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileStride,
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestStride,
        >,
        ST::PD,
    >;
    type Verdict =
        Then<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::Verdict, <ST as DivideModes<DT, BT>>::Verdict>;
    type TileVerdict = Then<
        <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileVerdict,
        <ST as DivideModes<DT, BT>>::TileVerdict,
    >;
    const EVEN: bool = <ModeOf<SH, DH, BH> as ModeDivide<BH>>::EVEN && ST::EVEN;
    type Evenness = Then<
        <ModeOf<SH, DH, BH> as ModeDivide<BH>>::Evenness,
        <ST as DivideModes<DT, BT>>::Evenness,
    >;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        self,
        d: HCons<DH, DT>,
        t: HCons<BH, BT>,
        what: &'static str,
    ) -> Result<(Self::TS, Self::TD, Self::QS, Self::QD, Self::PS, Self::PD), Fault> {
        let (ts, td, rs, rd) =
            <BH::Static as EntryMode<_>>::mode(Layout::from_parts(self.head, d.head))
                .mode_divide(t.head, what)?;
        let (tts, ttd, tqs, tqd, tps, tpd) = self.tail.divide_modes(d.tail, t.tail, what)?;
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
    fn tile_modes(self, d: HCons<DH, DT>, t: HCons<BH, BT>) -> Result<(Self::TS, Self::TD), Fault> {
        let (ts, td) = <BH::Static as EntryMode<_>>::mode(Layout::from_parts(self.head, d.head))
            .mode_tile(t.head)?;
        let (tts, ttd) = self.tail.tile_modes(d.tail, t.tail)?;
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
