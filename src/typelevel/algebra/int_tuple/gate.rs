//! The static gate of the int-tuple functions (`idx2crd`, `crd2idx`,
//! `crd2crd`, `idx2crd_strided`, `inner_product`, `elem_scale`, `ceil_div`,
//! `shape_div`, `prefix_product`): the static function returns its result as
//! a constant of the result's type, so an operand with a run-time leaf
//! ([`Dyn`](crate::typelevel::Dyn), [`DivBy`](crate::typelevel::DivBy)) is
//! refused by name, the operand shown in decimal, the note naming the `try_*`
//! form that takes it. The `Try*` trait of such a function is [`StaticGate`]
//! over the operation's [`Computes`] computation, which the `try_*` form
//! uses ungated.
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let _ = idx2crd(_5, hlist![_4, Dyn(6)]); // Idx2CrdOp computes with static leaves
//! ```

use crate::typelevel::check::{Blame, Left, Right, RunTimeTuple, RunTimeTupleVerdict, TryForm};
use crate::typelevel::tuple::AllStatic;
use typenum::B1;

/// The int-tuple operation `Self` (its marker, e.g. `Idx2CrdOp`) on the
/// operands `A`, `B`, static or not: its result and verdict (the run-time
/// checks left to the values are the runtime layer's).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Computes<A, B> {
    /// The result (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// The operation `Op` on `A`, `B` after the gate `Self`: [`Computes`] for
/// `B1` (every leaf static), the refusal of the [`Left`] or [`Right`]
/// operand otherwise.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticGate<Op, A, B> {
    /// The result.
    type Output;
    /// `Pass`, the violated rule, or [`RunTimeTupleVerdict`].
    type Verdict;
}

impl<Op: Computes<A, B>, A, B> StaticGate<Op, A, B> for B1 {
    type Output = Op::Output;
    type Verdict = Op::Verdict;
}

impl<Op: TryForm, A, B> StaticGate<Op, A, B> for Left {
    type Output = RunTimeTuple;
    type Verdict = RunTimeTupleVerdict<Left, Op::Form>;
}

impl<Op: TryForm, A, B> StaticGate<Op, A, B> for Right {
    type Output = RunTimeTuple;
    type Verdict = RunTimeTupleVerdict<Right, Op::Form>;
}

/// The gate of the operands `A`, `B`.
pub(in crate::typelevel::algebra) type GateOf<A, B> =
    <<A as AllStatic>::Bit as Blame<<B as AllStatic>::Bit>>::Out;
/// The result of `Op` on `A`, `B`, gated.
pub(in crate::typelevel::algebra) type GatedOut<Op, A, B> =
    <GateOf<A, B> as StaticGate<Op, A, B>>::Output;
/// The verdict of `Op` on `A`, `B`, gated.
pub(in crate::typelevel::algebra) type GatedVerdict<Op, A, B> =
    <GateOf<A, B> as StaticGate<Op, A, B>>::Verdict;

/// One `Try*` trait of an int-tuple function: `impl Try<B> for A` through
/// the gate, over `Op`'s [`Computes`] computation.
macro_rules! gated_try {
    ($Try:ident<$B:ident $(, $C:ident)?> for $A:ident, $Op:ty, $Rhs:ty) => {
        impl<$A, $B $(, $C)?> $Try<$B $(, $C)?> for $A
        where
            $A: $crate::typelevel::tuple::AllStatic,
            $Rhs: $crate::typelevel::tuple::AllStatic,
            <$A as $crate::typelevel::tuple::AllStatic>::Bit:
                $crate::typelevel::check::Blame<<$Rhs as $crate::typelevel::tuple::AllStatic>::Bit>,
            $crate::typelevel::algebra::int_tuple::gate::GateOf<$A, $Rhs>:
                $crate::typelevel::algebra::int_tuple::gate::StaticGate<$Op, $A, $Rhs>,
        {
            type Output = $crate::typelevel::algebra::int_tuple::gate::GatedOut<$Op, $A, $Rhs>;
            type Verdict = $crate::typelevel::algebra::int_tuple::gate::GatedVerdict<$Op, $A, $Rhs>;
        }
    };
}
pub(in crate::typelevel::algebra) use gated_try;
