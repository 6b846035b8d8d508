//! The layout algebra on type-level layouts, one module per family.
//!
//! Every operation has one front door: a trait with an `Output` type
//! (`Compose<B>`), a result alias (`ComposeOut<A, B>`) and the CuTe-named
//! function (`composition(a, b)`). Checked operations also have an unchecked
//! `Try*` trait giving the result and a [`verdict`](crate::typelevel::check::verdict).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let r: Layout![3:44] = composition(layout!(7:11), layout!(3:4));
//! assert_eq!(r.to_string(), "3:44");
//! ```

/// The impls of a trait for the three kinds of shape leaf (static, `Dyn`,
/// `DivBy`): `$m!([generics,] Leaf)` for each, the names resolved where it
/// is called.
macro_rules! for_shape_leaves {
    ($m:ident) => {
        $m!([U: Unsigned + NonZero,] PInt<U>);
        $m!([] Dyn);
        $m!([N,] DivBy<N>);
    };
}

// The families, one file each, under the runtime layer's file names.
mod bymode;
mod coalesce;
pub(crate) mod complement;
mod composition;
mod divide;
mod evenly;
mod filter;
mod identity;
mod int_tuple;
mod inverse;
mod ordered;
mod product;
mod recast;
mod regroup;
mod restructure;
mod slice;

// Internal helpers: flat mode lists, division, left distributivity, static size.
pub(crate) mod arith;
pub(crate) mod modes;
pub(crate) mod size;
mod values;

pub use coalesce::{
    coalesce, coalesce_profile, Coalesce, CoalesceOut, CoalesceProfile, CoalesceProfileOut,
    TryCoalesceProfile,
};
pub use complement::{
    complement, complement_default, Complement, ComplementDefault, ComplementDefaultOut,
    ComplementOut, ComplementVerdict, TryComplement, TryComplementDefault,
};
pub use complement::{try_complement, try_complement_default};
pub use composition::leaves::try_composition;
pub use composition::{composition, Compose, ComposeOut, ComposeVerdict, TryCompose};
pub(crate) use divide::leaves::zipped_divide_in;
pub use divide::leaves::{
    try_flat_divide, try_logical_divide, try_tiled_divide, try_zipped_divide,
};
pub use divide::{
    flat_divide, logical_divide, tiled_divide, zipped_divide, FlatDivide, FlatDivideOut,
    LogicalDivide, LogicalDivideOut, TiledDivide, TiledDivideOut, TryFlatDivide, TryLogicalDivide,
    TryTiledDivide, TryZippedDivide, ZippedDivide, ZippedDivideOut,
};
pub use evenly::{assert_evenly_divides, evenly_divides, proven_evenly_divides};
pub use filter::{
    filter, filter_profile, filter_zeros, Filter, FilterOut, FilterProfile, FilterProfileOut,
    FilterZeros, FilterZerosOut, TryFilterProfile,
};
pub use identity::{
    make_identity_layout, try_make_identity_layout, MakeIdentityLayout, MakeIdentityLayoutOut,
};
pub use int_tuple::{
    ceil_div, crd2crd, crd2idx, elem_scale, idx2crd, idx2crd_strided, inner_product,
    prefix_product, shape_div, CeilDiv, CeilDivOut, Crd2Crd, Crd2CrdOut, Crd2IdxOut, ElemScale,
    ElemScaleOut, Idx2Crd, Idx2CrdOut, Idx2CrdStrided, Idx2CrdStridedOut, InnerProduct,
    InnerProductOut, PrefixProduct, PrefixProductOut, ShapeDiv, ShapeDivOut, StaticCrd2Idx,
    TryCeilDiv, TryCrd2Crd, TryCrd2Idx, TryElemScale, TryIdx2Crd, TryIdx2CrdStrided,
    TryInnerProduct, TryPrefixProduct, TryShapeDiv,
};
pub use int_tuple::{
    try_ceil_div, try_crd2crd, try_crd2idx, try_elem_scale, try_idx2crd, try_idx2crd_strided,
    try_inner_product, try_prefix_product, try_shape_div,
};
pub use inverse::leaves::{try_left_inverse, try_right_inverse};
pub use inverse::nullspace::{nullspace, Nullspace, NullspaceOut};
pub use inverse::{
    left_inverse, max_common_layout, max_common_vector, right_inverse, try_max_common_layout,
    try_max_common_vector, LeftInverse, LeftInverseOut, MaxCommonLayout, MaxCommonLayoutOut,
    MaxCommonVector, MaxCommonVectorOut, RightInverse, RightInverseOut, TryLeftInverse,
    TryMaxCommonLayout, TryMaxCommonVector,
};
pub use ordered::{
    make_ordered_layout, try_make_ordered_layout, MakeOrderedLayout, MakeOrderedLayoutOut,
    TryMakeOrderedLayout,
};
pub use product::leaves::{
    try_flat_product, try_logical_product, try_tiled_product, try_zipped_product,
};
pub use product::rank::{try_blocked_product, try_raked_product, try_tile_to_shape};
pub use product::{
    blocked_product, flat_product, logical_product, raked_product, tile_to_shape, tiled_product,
    zipped_product, BlockedProduct, BlockedProductOut, FlatProduct, FlatProductOut, LogicalProduct,
    LogicalProductOut, RakedProduct, RakedProductOut, TileToShape, TileToShapeOut, TiledProduct,
    TiledProductOut, TryBlockedProduct, TryFlatProduct, TryLogicalProduct, TryRakedProduct,
    TryTileToShape, TryTiledProduct, TryZippedProduct, ZippedProduct, ZippedProductOut,
};
pub use recast::{
    downcast, recast_layout, try_downcast, try_recast_layout, try_upcast, upcast, Downcast,
    DowncastOut, RecastLayout, RecastLayoutOut, TryDowncast, TryRecastLayout, TryUpcast, Upcast,
    UpcastOut,
};
pub use restructure::{
    append, flatten, get, group_modes, layout, prepend, replace, select, take, Append, AppendOut,
    AssertModeIndex, EndIndex, Flatten, FlattenOut, Get, GetMode, GetOut, GroupModes,
    GroupModesOut, ModeFound, ModeIndex, ModeIndexAdmissible, ModeIndexObeys, ModeIndices,
    ModeMissing, NoMode, Prepend, PrependOut, Replace, ReplaceOut, Select, SelectOut, Take,
    TakeOut,
};
pub use slice::{
    slice, AssertSliceRank, Slice, SliceAndOffset, SliceChecked, SliceMatches, SliceOut, __,
};

/// The recursion helpers of this layer's traits: public only because public
/// bounds name them; kept out of `typelevel::*`.
#[doc(hidden)]
pub mod helpers {
    pub use super::coalesce::profile::{AsModes, ByProfile, ProfileList, WholeMode};
    pub use super::coalesce::{
        Assemble, AssembleUnit, CoalesceAny, CoalesceBy, CoalesceRun, CoalesceXAny, CoalesceXBy,
        CoalescedLists, FixedPair, FlatLists, FlatModeList, FlushRun, IntoLists, KeepLast,
        KeptKind, LastUnit, ModeLayouts, PairKind, Plain, SplitModeList, Step, UnitPair,
        VaryingPair,
    };
    pub use super::complement::gaps::{
        Dyns, ExactQuotient, GapLayout, GapPlan, LastGap, MixedGaps, NegativeOn, NextExtent,
        StaticGap, StaticNegative,
    };
    pub use super::complement::order::{
        AdmitMode, FixesOrder, FlatOnto, SortModes, StaticOrder, StaticStrides,
    };
    pub use super::complement::values::StaticMask;
    pub use super::complement::{ComplementTo, Complements, GapsTo, RunComplement};
    pub use super::composition::basis::{BasisRhs, ComposesOn};
    pub use super::composition::leaves::{
        Arith, ByLayout, ByTiler, ComposeBy, ComposeWith, ComposesTo, CrossRule, LayoutPlan, Leaf,
        LeafWalk, MixedComposition, RhsKind, RunCompose, Scale, TrimBranch, TrimLast, Unwrap,
        WalkStep,
    };
    pub use super::composition::tiler::{
        EntryRef, LeafOrNested, LeafTilerPlan, ModeStep, ModeSteps, StepStatics, Steps, TileStep,
        TilerComposition, TilerCompositionPlan, TilerEntries, TilerEntry, TilerSteps,
    };
    pub use super::divide::leaves::{
        AppendLast, ComposedBy, DivideHalves, DivideModes, DynEntry, DynEntryMode, DynExtent,
        EntryKind, EntryMode, FilledBy, Fills, FlatJoin, LeafForm, LeafPlan, ModeDivide, ModeKind,
        NestedKind, NestedMode, NestedRest, Quotient, ScaleBy, Splice, SplitLayout, TileEntry,
        TiledJoin, TilerDivide,
    };
    pub use super::filter::ZeroExtents;
    pub use super::identity::IdentityGate;
    pub use super::int_tuple::gate::{Computes, StaticGate};
    pub use super::int_tuple::leaf::{IntQuot, IntRem, UnitModulus};
    pub use super::int_tuple::{ElemScaleBy, Idx2CrdStridedOp, LinearIndex};
    pub use super::inverse::common::{FirstMode, IsUnitStride, LeadMode, MixedCommon};
    pub use super::inverse::leaves::{
        AdmitEntry, ChainStep, Chained, DigitModes, DigitStep, Entry, FindBranch, FindStride,
        FirstExtent, Found, LeftInversePlan, LeftPlan, ListModes, Missing, MixedLeftInverse,
        MixedRightInverse, ModeEntries, NegativeEntries, OverlapHere, Overlaps, PosNext,
        PositionedEntries, PushChained, PutBack, RadixDigits, RightInverseBy, RightPlan, RunChain,
        RunLeftInverse, RunRightInverse, SortEntries, StaticEntries, StaticResult,
    };
    pub use super::inverse::nullspace::{IsZeroStride, KeepZero, PositionStride, ZeroOnto};
    pub use super::ordered::{OrderedGate, OrderedValues};
    pub use super::product::leaves::{
        CotargetCosize, IntegerPlan, LogicalForm, ProductBy, ProductsTo, RegroupBy, Regrouped,
        RunProduct, Split, SpreadMode,
    };
    pub use super::product::rank::{
        Arrange, Blocked, PadFor, PadList, PadModes, PairModes, Raked, Repeat, TileBlock,
        TileCounts, TopModeList,
    };
    pub use super::product::tiler::{ProductModes, TilerForms};
    pub use super::regroup::{FlatForm, TiledForm, ZippedForm};
    pub use super::slice::{SliceBranch, SliceCheck, SliceFits};
    pub use super::values::FillLeaf;
    pub use super::values::{FlatLayout, FlatOperand};
}
