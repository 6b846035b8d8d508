//! The divides of layouts whose leaves mix static integers and [`Dyn`](crate::typelevel::Dyn):
//! `try_logical_divide`, `try_zipped_divide`, `try_tiled_divide`,
//! `try_flat_divide`, by a tiler `<B₀, B₁, ..>` of static entries, and the
//! composition with such a tiler (the tiles alone, see
//! [`try_composition`](crate::typelevel::algebra::composition::leaves::try_composition)).
//!
//! Mode by mode, `logical_divide(s:d, B) = (B·d, complement(B, s)·d)`: a leaf
//! mode `s:d` is linear (`A(x) = x·d`, extended past `s` as CuTe C++ extends
//! it), so composing it with `(B, B*)` scales `B*`'s strides by `d`. The
//! structure of the result is decided from the static parts alone, as CuTe C++
//! decides it:
//! - a fully static mode is divided by the static algebra (its checks are
//!   compile errors, its result is the all-static one);
//! - a mode that nests a dynamic leaf (`(2,M):(1,2)` in `((2,M),K)`) is
//!   `(A_m ∘ B, A_m ∘ complement(B, shape(A_m)))`, both by
//!   [`try_composition`](crate::typelevel::algebra::composition::leaves::try_composition)'s walk (see
//!   [`nested`]);
//! - a static extent `s` with a dynamic stride keeps the static tile and rest
//!   shapes; their strides become dynamic;
//! - a dynamic extent `s` gives the static gap modes of `B`
//!   (`complement(B) = complement(B, cosize(B))`) followed by one dynamic mode
//!   `⌈s / E⌉ : E`, with `E = size(filter(B))·size(complement(B))` the extent
//!   that `B` and its gaps fill; as in CuTe, the last tile may reach past `s`
//!   (predicate it with an identity tensor);
//! - a leaf mode `s:v@i` with a static scaled-basis stride (an identity
//!   layout's, CuTe's coordinate layout) divides as `s:d`, by a static entry:
//!   its strides `B·v@i` stay static; where they would need run-time scales
//!   (an entry with a run-time leaf, a nested mode with one) the divide is
//!   refused by name (`RunTimeBasis`);
//! - a [`DivBy<N>`](crate::typelevel::DivBy) extent `s` (a multiple of `N` checked when it was made)
//!   with `E | N` gives the exact `s/E : E`, `s/E` a `DivBy<N/E>`: no tile
//!   reaches past `s`, which [`evenly_divides`](crate::typelevel::evenly_divides) then reports as the constant
//!   `true` (a kernel drops its predication); with `E ∤ N` it is `⌈s/E⌉`, as
//!   for `Dyn`.
//!
//! `B` must be complementable (a compile error otherwise, as in the static
//! algebra). What depends on dynamic values is checked once at run time: the
//! result's strides, size and cosize must fit `i64` (`Overflow`), so the
//! functions return a `Result`; a mode that nests dynamic leaves adds its
//! compositions' run-time checks (`ShapeDivisibility`, `StrideDivisibility`:
//! B's elements must land on the boundaries of the leaves they cross). A tiler
//! with more entries than the layout has modes is a compile error too.
//!
//! The mixed algebra (this module and the other families' `leaves` modules) is
//! `#[inline(always)]` in optimized builds only: there it flattens the
//! run-time part into the kernel (zero cost); in a debug build forced inlining
//! would copy every body into each caller and double the compile time.
//!
//! One file per part: `entry.rs` (a tiler entry as a layout, its gaps,
//! strides scaled), `mode.rs` (the divide of one mode: static and nested
//! modes), `dyn_stride.rs` and `dyn_extent.rs` (leaf modes with a dynamic
//! stride or extent), `walk.rs` (mode by mode along the tiler), `tiler.rs`
//! (the four forms by a tiler), `whole.rs` (by one layout), `finish.rs` (the
//! run-time check), `nested.rs` (a nested mode with a dynamic leaf: two
//! compositions), `dyn_entry.rs` (a tiler entry with dynamic leaves: the
//! complement and two compositions), `plan.rs` (the plans that lead code
//! generation to the values without solving the divide's types again).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let (m, k) = (200, 64);
//! let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)]).unwrap();
//! let z = try_zipped_divide(a, tile!(128, 8)).unwrap();
//! assert_eq!(format!("{z:#}"), "((_128,_8),(2,8)):((_1,200),(_128,1600))");
//! let f = try_flat_divide(a, tile!(128)).unwrap();
//! assert_eq!(format!("{f:#}"), "((_128),2,64):((_1),_128,200)"); // one tile: a one-mode tuple, as in CuTe
//! ```

mod dyn_entry;
mod dyn_extent;
mod dyn_stride;
mod entry;
mod finish;
mod mode;
mod nested;
mod plan;
mod tiler;
mod walk;
mod whole;

pub use dyn_entry::{DynEntry, DynEntryMode};

pub use dyn_extent::{AppendLast, DynExtent, Quotient};
pub(in crate::typelevel::algebra) use entry::{EntryOf, EntryShape, Filled, Gaps, StaticRest};
pub use entry::{FilledBy, ScaleBy, TileEntry};
pub(in crate::typelevel::algebra) use finish::{finish, DivideParts, Fault};
pub(in crate::typelevel::algebra) use mode::{exact, SizeOf};
pub use mode::{DivideHalves, Fills, ModeDivide, ModeKind, NestedKind};
pub use nested::{ComposedBy, NestedMode, NestedRest, SplitLayout};
use plan::RunDivide;
use tiler::DividesTo;
pub use tiler::{FlatJoin, LeafForm, LeafPlan, TiledJoin, TilerDivide};
pub use walk::{DivideModes, EntryKind, EntryMode};
pub use whole::Splice;

use crate::runtime::LayoutError;
use crate::typelevel::algebra::product::leaves::LogicalForm;
use crate::typelevel::algebra::regroup::{FlatForm, TiledForm, ZippedForm};
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::Layout;

macro_rules! mixed_front {
    ($doc:literal, $cute:literal, $func:ident, $Form:ident, [$($check:tt)+], $example:literal) => {
        #[doc = concat!("CuTe's `", $cute, "` for a layout with dynamic leaves: ", $doc)]
        ///
        /// Mode by mode, `logical_divide(s:d, B) = (B·d, complement(B, s)·d)`, a
        /// leaf mode being linear. The result's structure comes from the static
        /// parts, as in CuTe C++: a fully static mode is divided by the static
        /// algebra; a static `s` with a dynamic `d` keeps static shapes; a dynamic
        /// `s` gives `B`'s gap modes, then `⌈s/E⌉ : E` with `E` the extent `B` and
        /// its gaps fill (the last tile may reach past `s`: predicate it with an
        /// identity tensor), unless `s` is a [`DivBy<N>`](crate::typelevel::DivBy)
        /// with `E | N`: then `s/E` is exact, a `DivBy<N/E>` (see
        /// [`evenly_divides`](crate::typelevel::evenly_divides)). A stride 0 stays static. Violations decidable from the
        /// static parts are compile errors (a tiler that is not complementable,
        /// too many tiler entries); the run-time check is `Overflow`. A mode whose
        /// nested leaves include `Dyn` is `(A_m ∘ B, A_m ∘ complement(B, shape(A_m)))`,
        /// with the compositions' run-time checks (`ShapeDivisibility`, ...).
        /// The tiler is a tile (`tile!`, by mode), or a layout or an integer `n`
        /// (`int!(n)`, `Dyn`, `DivBy<N>`: CuTe's `make_layout(n)`), which divides
        /// the whole layout as one mode.
        ///
        /// ```
        /// use layout_algebra::typelevel::*;
        /// use layout_algebra::typelevel::frunk_core::hlist;
        /// let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
        #[doc = concat!("let r = ", stringify!($func), "(a, tile!(128, 8)).unwrap();")]
        #[doc = concat!("assert_eq!(format!(\"{r:#}\"), \"", $example, "\");")]
        /// ```
        #[cfg_attr(not(debug_assertions), inline(always))]
        pub fn $func<A, T, P, RS, RD, V>(
            a: A,
            tiler: T,
        ) -> Result<Layout<RS, RD>, LayoutError>
        where
            A: DividesTo<T, $Form, P, Layout<RS, RD>, V>,
            V: Shown<A, T>,
            ShownOf<V, A, T>: $($check)+,
            P: RunDivide<A, T, $Form, Layout<RS, RD>>,
            RS: Shape + Congruent<RD>,
            RD: IntTuple,
        {
            finish(P::run(a, tiler, $cute), $cute)
        }
    };
}

/// The zipped divide inside the operation `what` (`try_local_tile`,
/// `try_local_partition`): its run-time errors name `what`. The caller
/// checks the static verdict (`Admissible`) itself.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn zipped_divide_in<S, D, T, RS, RD>(
    a: Layout<S, D>,
    tiler: T,
    what: &'static str,
) -> Result<Layout<RS, RD>, LayoutError>
where
    Layout<S, D>: TilerDivide<T, Zipped = Layout<RS, RD>>,
    RS: Shape + Congruent<RD>,
    RD: IntTuple,
{
    finish(a.zipped(tiler, what), what)
}

mixed_front!(
    "`((B₀, B₀*), (B₁, B₁*), ..)`.",
    "logical_divide",
    try_logical_divide,
    LogicalForm,
    [Admissible<op::LogicalDivideOp>],
    "((_128,2),(_8,8)):((_1,_128),(200,1600))"
);
mixed_front!(
    "`((B₀, B₁, ..), (B₀*, B₁*, ..))`.",
    "zipped_divide",
    try_zipped_divide,
    ZippedForm,
    [Admissible<op::ZippedDivideOp>],
    "((_128,_8),(2,8)):((_1,200),(_128,1600))"
);
mixed_front!(
    "`((B₀, B₁, ..), B₀*, B₁*, ..)`.",
    "tiled_divide",
    try_tiled_divide,
    TiledForm,
    [Admissible<op::TiledDivideOp>],
    "((_128,_8),2,8):((_1,200),_128,1600)"
);
mixed_front!(
    "`(B₀, B₁, .., B₀*, B₁*, ..)`.",
    "flat_divide",
    try_flat_divide,
    FlatForm,
    [Admissible<op::FlatDivideOp>],
    "(_128,_8,2,8):(_1,200,_128,1600)"
);
