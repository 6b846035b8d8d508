//! The compile errors of the type level, in one place.
//!
//! - [`front_door`](self): the generator of every algebra operation's front
//!   door (trait, result alias, CuTe-named function), which requires the
//!   operation's verdict to pass;
//! - verdicts ([`Pass`] or the violated rule, with its numbers), computed by
//!   the algebra with total operators so that a violation never leaves a
//!   helper trait unimplemented;
//! - the assertion rules: one trait per rule, implemented by nothing, whose
//!   `#[diagnostic::on_unimplemented]` message names the operation, the rule
//!   in CuTe's words and the offending numbers;
//! - readable forms: a static integer `n` shows as [`Num<n>`](Num) in those
//!   messages instead of typenum's binary type;
//! - the coordinate checks of evaluation and slicing.
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! // (4,6,8):(2,3,5) ∘ 6:3: 3 and the prefix size 4 do not divide each other.
//! let _ = composition(layout!((4,6,8):(2,3,5)), layout!(6:3));
//! ```

pub(crate) mod coord;
pub(crate) mod front_door;
pub(crate) mod gate;
pub(crate) mod readable;
pub(crate) mod rules;
pub(crate) mod verdict;

pub use coord::{
    AssertCoordInBounds, AssertCoordRank, BoundsCoord, BoundsShape, InBounds, InBoundsOut,
    InsideCoord, RankMatches, RankShown, ShowBounds,
};
#[doc(hidden)]
pub use coord::{CoordEval, CoordFits, IntStrides, RankBranch, StrideKind};
#[doc(hidden)]
pub use gate::Blame;
pub use gate::{
    form, AnyStrides, AssertIntegerStrides, AssertStaticLeaves, AssertStaticShape,
    AssertStaticTuple, BasisStrides, BasisStridesVerdict, Gate, Gated, GatedYields, IntegerStrides,
    IntegerStridesRule, Left, RhsGate, RhsGateBranch, RhsGated, Right, RunTimeLeaves,
    RunTimeShapeVerdict, RunTimeTensor, RunTimeTuple, RunTimeTupleVerdict, RunTimeVerdict,
    StaticLeavesRule, StaticShapeRule, StaticTupleRule, StrideUse, TensorGate, TensorGated,
    TensorTryForm, TryForm,
};
#[doc(hidden)]
pub use gate::{
    GatedStrides, JoinStrides, RunTimeStrides, StaticBases, StaticIntegers, StrideGate,
};
pub use readable::{
    BasisAt, BlockSize, Cotarget, DynLeaf, ElementBits, Extent, Factor, Minus, ModeShape,
    ModeStride, More, NegativeStrideMode, Num, OwnCosize, PrefixSize, Profile, RankIs, Readable,
    ReadableOf, ShapeStride, SourceTarget, TargetShape, TargetSize, Thousands, TileExtent,
};
pub use rules::*;
pub use verdict::*;
