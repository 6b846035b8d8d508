//! The divide of one mode by a tiler entry with dynamic leaves (a run-time
//! tile size `bm`, or `<bm:1, 8:2>`), for the divides of
//! [`divide::leaves`](super).
//!
//! `logical_divide(A_m, B) = (A_m ∘ B, A_m ∘ complement(B, size(A_m)))`: the
//! complement by [`try_complement`](crate::typelevel::try_complement)'s
//! algebra, both compositions by
//! [`try_composition`](crate::typelevel::try_composition)'s walk, so that a
//! leaf of the result is static where CuTe C++ keeps it static with `int`
//! entries (an integer entry `n` is `n:_1`, CuTe C++'s `make_layout(n)`). The
//! static checks of the three are compile errors; their run-time checks are
//! the errors here: a tile extent below 1 (`NonPositiveShape`), `B` not
//! complementable (`NotComplementable`), `B`'s elements crossing a mode of
//! `A_m` off its boundary (`ShapeDivisibility`, `StrideDivisibility`: CuTe
//! C++ answers wrongly there, NVIDIA/cutlass 3513), `Overflow`. As for a
//! static tile, the last tile of a mode may reach past its extent (predicate
//! it with an identity tensor); no extent is proven filled.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let (m, k, bm) = (200, 64, 32);
//! let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)]).unwrap();
//! let z = try_zipped_divide(a, Tile(hlist![Dyn(bm), layout!(8:1)])).unwrap();
//! assert_eq!(format!("{z:#}"), "((32,_8),(7,8)):((_1,200),(32,1600))"); // as CuTe C++
//! assert!(try_zipped_divide(a, Tile(hlist![Dyn(0), layout!(8:1)])).is_err());
//! ```

use typenum::{PInt, P1};

use super::finish::{DivideParts, Fault};
use super::mode::{ModeDivide, SizeOf};
use super::nested::SplitLayout;
use super::plan::{ModePlan, RunMode};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::complement::{ComplementTo, RunComplement};
use crate::typelevel::algebra::composition::leaves::MixedComposition;
use crate::typelevel::algebra::modes::Parts;
use crate::typelevel::check::readable::ReadableU;
use crate::typelevel::check::verdict::{First, NotEvenlyDivided, Then};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::IntTuple;
use crate::typelevel::Layout;

/// A tiler entry with a dynamic leaf as a layout: an integer `n` is `n:_1`
/// (CuTe C++'s `make_layout(n)`), a layout is itself.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait DynEntry {
    /// The entry's layout.
    type Layout;
    /// The layout, or `NonPositiveShape` for an integer entry below 1, an
    /// error of the operation `op` (the divide, composition or product that
    /// takes the entry).
    fn entry(self, op: &'static str) -> Result<Self::Layout, LayoutError>;
}
impl DynEntry for Dyn {
    type Layout = Layout<Dyn, P1>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry(self, op: &'static str) -> Result<Layout<Dyn, P1>, LayoutError> {
        match self.0 {
            n if n >= 1 => Ok(Layout::from_parts(self, PInt::new())),
            n => Err(LayoutError::new(
                ErrorKind::NonPositiveShape,
                op,
                alloc::format!("tile extent {n} must be positive"),
            )),
        }
    }
}
impl<N> DynEntry for DivBy<N> {
    type Layout = Layout<DivBy<N>, P1>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry(self, _: &'static str) -> Result<Layout<DivBy<N>, P1>, LayoutError> {
        Ok(Layout::from_parts(self, PInt::new())) // positive when it was made
    }
}
impl<S, D> DynEntry for Layout<S, D> {
    type Layout = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry(self, _: &'static str) -> Result<Self, LayoutError> {
        Ok(self) // checked when it was made
    }
}

/// A mode `L` of the layout, to be divided by a tiler entry with a dynamic
/// leaf (see the module): a marker of [`ModeDivide`]'s impls (the values are
/// [`DynEntryRecipe`]'s).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct DynEntryMode<L>(core::marker::PhantomData<L>);

/// A tile extent known only at run time, in a compile error.
impl ReadableU for Dyn {
    type Out = Dyn;
}

// Every intermediate result is bound to a parameter of the impl once (see
// `ComplementTo`): no nested projection is normalized again per call.
impl<S, D, B, BL, R, T, Q, VC, VT, VR> ModeDivide<B> for DynEntryMode<Layout<S, D>>
where
    S: IntTuple,
    B: DynEntry<Layout = BL>,
    BL: ComplementTo<SizeOf<S>, Output = R, Verdict = VC>,
    Layout<S, D>: MixedComposition<BL, Output = T, Verdict = VT>
        + MixedComposition<R, Output = Q, Verdict = VR>,
    T: Parts,
    Q: Parts,
    VT: First<VR>,
    VC: First<Then<VT, VR>>,
{
    type Plan = ModePlan<DynEntryRecipe, T::Shape, T::Stride, Q::Shape, Q::Stride>;
    type Verdict = Then<VC, Then<VT, VR>>;
    type TileVerdict = VT;
    const EVEN: bool = false;
    type Evenness = NotEvenlyDivided<S, Dyn>;
}

/// The recipe of a mode `L` by an entry `B` with a dynamic leaf: the tile
/// `L ∘ B`, the rest `L ∘ complement(B, size(L))`.
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct DynEntryRecipe;
impl<S, D, B, BL, R, T, Q, TS, TD, RS, RD> RunMode<Layout<S, D>, B, TS, TD, RS, RD>
    for DynEntryRecipe
where
    S: IntTuple,
    B: DynEntry<Layout = BL>,
    BL: RunComplement<SizeOf<S>, Output = R> + Copy,
    Layout<S, D>: MixedComposition<BL, Output = T> + MixedComposition<R, Output = Q> + Copy,
    T: SplitLayout<Shape = TS, Stride = TD>,
    Q: SplitLayout<Shape = RS, Stride = RD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide(a: Layout<S, D>, b: B, what: &'static str) -> DivideParts<TS, TD, RS, RD> {
        // Every divide form divides mode by mode by the logical divide; a tile
        // extent below 1 is an error of the operation called.
        let b = b.entry(what)?;
        let rest = b.complement_to(a.shape().size().value())?;
        let (ts, td) = a.mixed_compose(b)?.split();
        let (rs, rd) = a.mixed_compose(rest)?.split();
        Ok((ts, td, rs, rd))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(a: Layout<S, D>, b: B) -> Result<(TS, TD), Fault> {
        // The tile alone is the composition with the tiler.
        Ok(a.mixed_compose(b.entry("composition")?)?.split())
    }
}
