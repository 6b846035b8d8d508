//! The divides by one layout `B` (not a tiler): `B` divides the whole layout
//! as one mode, `(A ∘ B, A ∘ B*)`, as CuTe C++'s divides by a layout or an
//! integer do; the zipped form is the logical one, the tiled and flat forms
//! splice the modes of the rest (and of the tile) in ([`Splice`]).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![_4, Dyn(6)], hlist![_1, _4]).unwrap();
//! let r = try_flat_divide(a, layout!(2:1)).unwrap();
//! assert_eq!(format!("{r:#}"), "(_2,_2,6):(_1,_2,_4)");
//! ```

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};

use super::finish::Fault;
use super::mode::ModeDivide;
use super::tiler::TilerDivide;
use super::walk::{pair, EntryKind, EntryMode, Pair};
use crate::typelevel::int::IntLeaf;
use crate::typelevel::Layout;

/// The parts of a whole layout `S:D` divided by one layout `B` (not by mode).
type WholeOf<S, D, B> = <<B as EntryKind>::Static as EntryMode<Layout<S, D>>>::Mode;
type WTs<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::TileShape;
type WTd<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::TileStride;
type WRs<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::RestShape;
type WRd<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::RestStride;
// A layout `B` (static or with dynamic leaves) divides the whole layout, as
// CuTe C++'s divides by a layout or an integer do: `(A ∘ B, A ∘ B*)`, already
// zipped; the tiled and flat forms splice the modes of the rest (and of the tile).
impl<S, D, BS, BD> TilerDivide<Layout<BS, BD>> for Layout<S, D>
where
    Layout<BS, BD>: EntryKind,
    <Layout<BS, BD> as EntryKind>::Static: EntryMode<Layout<S, D>>,
    WholeOf<S, D, Layout<BS, BD>>: ModeDivide<Layout<BS, BD>>,
    WTs<S, D, Layout<BS, BD>>: Splice,
    WTd<S, D, Layout<BS, BD>>: Splice,
    WRs<S, D, Layout<BS, BD>>: Splice,
    WRd<S, D, Layout<BS, BD>>: Splice,
    <WTs<S, D, Layout<BS, BD>> as Splice>::Modes: Add<<WRs<S, D, Layout<BS, BD>> as Splice>::Modes>,
    <WTd<S, D, Layout<BS, BD>> as Splice>::Modes: Add<<WRd<S, D, Layout<BS, BD>> as Splice>::Modes>,
{
    type Logical = Layout<
        Pair<WTs<S, D, Layout<BS, BD>>, WRs<S, D, Layout<BS, BD>>>,
        Pair<WTd<S, D, Layout<BS, BD>>, WRd<S, D, Layout<BS, BD>>>,
    >;
    type Zipped = Self::Logical;
    type Tiled = Layout<
        HCons<WTs<S, D, Layout<BS, BD>>, <WRs<S, D, Layout<BS, BD>> as Splice>::Modes>,
        HCons<WTd<S, D, Layout<BS, BD>>, <WRd<S, D, Layout<BS, BD>> as Splice>::Modes>,
    >;
    type Flat = Layout<
        <<WTs<S, D, Layout<BS, BD>> as Splice>::Modes as Add<
            <WRs<S, D, Layout<BS, BD>> as Splice>::Modes,
        >>::Output,
        <<WTd<S, D, Layout<BS, BD>> as Splice>::Modes as Add<
            <WRd<S, D, Layout<BS, BD>> as Splice>::Modes,
        >>::Output,
    >;
    type Composed = Layout<WTs<S, D, Layout<BS, BD>>, WTd<S, D, Layout<BS, BD>>>;
    type Verdict = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::TileVerdict;
    type DivideVerdict = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::Verdict;
    const EVEN: bool = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::EVEN;
    type Evenness = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical(self, b: Layout<BS, BD>, what: &'static str) -> Result<Self::Logical, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td, rs, rd) = m.mode_divide(b, what)?;
        Ok(Layout::from_parts(pair(ts, rs), pair(td, rd)))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self, b: Layout<BS, BD>, what: &'static str) -> Result<Self::Zipped, Fault> {
        self.logical(b, what)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(self, b: Layout<BS, BD>, what: &'static str) -> Result<Self::Tiled, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td, rs, rd) = m.mode_divide(b, what)?;
        Ok(Layout::from_parts(
            HCons {
                head: ts,
                tail: rs.modes(),
            },
            HCons {
                head: td,
                tail: rd.modes(),
            },
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn flat(self, b: Layout<BS, BD>, what: &'static str) -> Result<Self::Flat, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td, rs, rd) = m.mode_divide(b, what)?;
        Ok(Layout::from_parts(
            ts.modes() + rs.modes(),
            td.modes() + rd.modes(),
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_with(self, b: Layout<BS, BD>) -> Result<Self::Composed, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td) = m.mode_tile(b)?;
        Ok(Layout::from_parts(ts, td))
    }
}

/// The top-level modes of a tuple, spliced into the tiled and flat forms: a
/// leaf is one mode.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Splice {
    /// The modes as an HList.
    type Modes;
    /// The modes.
    fn modes(self) -> Self::Modes;
}
impl<L: IntLeaf> Splice for L {
    type Modes = HCons<L, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn modes(self) -> Self::Modes {
        HCons {
            head: self,
            tail: HNil,
        }
    }
}
impl<H, T> Splice for HCons<H, T> {
    type Modes = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn modes(self) -> Self {
        self
    }
}
