//! The divides by one layout or integer `B` (not a tiler): `B` divides the whole layout
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
//! // By an integer, CuTe's make_layout(n): as CuTe C++ with `int` leaves.
//! let m = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
//! let z = try_zipped_divide(m, _8).unwrap();
//! assert_eq!(format!("{z:#}"), "((8,1),(25,64)):((_1,200),(_8,200))");
//! let t = try_tiled_divide(m, Dyn(8)).unwrap();
//! assert_eq!(format!("{t:#}"), "((8,1),25,64):((_1,200),8,200)");
//! assert!(try_logical_divide(m, Dyn(3)).is_err()); // CuTe C++: 3·67 rows for 200
//! ```

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};

use super::finish::Fault;
use super::mode::ModeDivide;
use super::plan::{ModePlan, RunDivide, RunMode};
use super::tiler::TilerDivide;
use super::walk::{EntryKind, EntryMode};
use crate::typelevel::algebra::product::leaves::LogicalForm;
use crate::typelevel::algebra::regroup::{FlatForm, TiledForm, ZippedForm};
use crate::typelevel::int::IntLeaf;
use crate::typelevel::tuple::{pair, Pair};
use crate::typelevel::{Layout, ScaledBasis};

// A layout `B` (static or with dynamic leaves) or an integer `B` (`make_layout(n)`,
// as a tiler's entry reads it) divides the whole layout, as CuTe C++'s divides
// by a layout or an integer do: `(A ∘ B, A ∘ B*)`, already zipped; the tiled
// and flat forms splice the modes of the rest (and of the tile). The mode's
// kind and plan are bound to parameters once; the plan of the divide is the
// mode's.
impl<S, D, B, M, K, TS, TD, RS, RD> TilerDivide<B> for Layout<S, D>
where
    B: EntryKind,
    B::Static: EntryMode<Layout<S, D>, Mode = M>,
    M: ModeDivide<B, Plan = ModePlan<K, TS, TD, RS, RD>>,
    K: RunMode<Layout<S, D>, B, TS, TD, RS, RD>,
    TS: Splice,
    TD: Splice,
    RS: Splice,
    RD: Splice,
    TS::Modes: Add<RS::Modes>,
    TD::Modes: Add<RD::Modes>,
{
    type Logical = Layout<Pair<TS, RS>, Pair<TD, RD>>;
    type Zipped = Self::Logical;
    type Tiled = Layout<HCons<TS, RS::Modes>, HCons<TD, RD::Modes>>;
    type Flat =
        Layout<<TS::Modes as Add<RS::Modes>>::Output, <TD::Modes as Add<RD::Modes>>::Output>;
    type Composed = Layout<TS, TD>;
    type Verdict = M::TileVerdict;
    type DivideVerdict = M::Verdict;
    const EVEN: bool = M::EVEN;
    type Evenness = M::Evenness;
    type Plan = ModePlan<K, TS, TD, RS, RD>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self, b: B, what: &'static str) -> Result<Self::Zipped, Fault> {
        let (ts, td, rs, rd) = K::divide(self, b, what)?;
        Ok(Layout::from_parts(pair(ts, rs), pair(td, rd)))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_with(self, b: B) -> Result<Self::Composed, Fault> {
        let (ts, td) = K::tile(self, b)?;
        Ok(Layout::from_parts(ts, td))
    }
}

// The four forms by one layout `B`, from the mode's recipe `K`: the logical
// and zipped forms are `(tile, rest)`.
macro_rules! whole_pair {
    ($($Form:ty),*) => {$(
impl<S, D, B, K, TS, TD, RS, RD> RunDivide<Layout<S, D>, B, $Form, Layout<Pair<TS, RS>, Pair<TD, RD>>>
    for ModePlan<K, TS, TD, RS, RD>
where
    K: RunMode<Layout<S, D>, B, TS, TD, RS, RD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, b: B, what: &'static str) -> Result<Layout<Pair<TS, RS>, Pair<TD, RD>>, Fault> {
        let (ts, td, rs, rd) = K::divide(a, b, what)?;
        Ok(Layout::from_parts(pair(ts, rs), pair(td, rd)))
    }
}
    )*};
}
whole_pair!(LogicalForm, ZippedForm);
impl<S, D, B, K, TS, TD, RS, RD>
    RunDivide<Layout<S, D>, B, TiledForm, Layout<HCons<TS, RS::Modes>, HCons<TD, RD::Modes>>>
    for ModePlan<K, TS, TD, RS, RD>
where
    K: RunMode<Layout<S, D>, B, TS, TD, RS, RD>,
    RS: Splice,
    RD: Splice,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(
        a: Layout<S, D>,
        b: B,
        what: &'static str,
    ) -> Result<Layout<HCons<TS, RS::Modes>, HCons<TD, RD::Modes>>, Fault> {
        let (ts, td, rs, rd) = K::divide(a, b, what)?;
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
}
impl<S, D, B, K, TS, TD, RS, RD, FS, FD> RunDivide<Layout<S, D>, B, FlatForm, Layout<FS, FD>>
    for ModePlan<K, TS, TD, RS, RD>
where
    K: RunMode<Layout<S, D>, B, TS, TD, RS, RD>,
    TS: Splice,
    TD: Splice,
    RS: Splice,
    RD: Splice,
    TS::Modes: Add<RS::Modes, Output = FS>,
    TD::Modes: Add<RD::Modes, Output = FD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, b: B, what: &'static str) -> Result<Layout<FS, FD>, Fault> {
        let (ts, td, rs, rd) = K::divide(a, b, what)?;
        Ok(Layout::from_parts(
            ts.modes() + rs.modes(),
            td.modes() + rd.modes(),
        ))
    }
}

/// The top-level modes of a tuple, spliced into the tiled and flat forms: a
/// leaf (an integer or a scaled basis) is one mode.
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
impl<V, P> Splice for ScaledBasis<V, P> {
    type Modes = HCons<Self, HNil>;
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
