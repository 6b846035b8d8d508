//! Inverses and common vectors: `right_inverse`, `left_inverse`, `max_common_layout`,
//! `max_common_vector` (CuTe paper 3.4; the runtime layer's algorithms).
//!
//! With A coalesced to modes `s_i:d_i` at domain positions `p_i = s_0⋯s_(i-1)`:
//! - `right_inverse(A)` chains the modes whose stride continues the contiguous
//!   run `1, s·d, ..` (first match in mode order), giving `(s..):(p..)`, so that
//!   `A(R(k)) = k` on its domain; `1:0` when no stride is 1.
//! - `left_inverse(A)` sorts the modes by stride `d_0 < d_1 < ..` and reads an
//!   offset in the mixed radix `(d_0, d_1/d_0, .., s_last)`: the digit below
//!   `d_0` is ignored (stride 0), the digit of mode `i` gets stride `p_i`;
//!   coalesced, so that `R(A(k)) = k` (`(4,8):(1,5)` gives `(5,8):(1,4)`);
//!   stride-0 modes are skipped (the paper's generalized left inverse,
//!   `A(R(A(k))) = A(k)`). It needs non-negative strides, each dividing the
//!   next, and no overlap (compile errors otherwise, in that order, as the
//!   runtime layer). Where modes overlap, `try_left_inverse` and the runtime
//!   layer check Eq. 26 point by point and may accept (`(4,2):(1,2)` gives
//!   CuTe C++'s `(2,2):(1,4)`); `left_inverse` refuses, its types proving no
//!   such check. One computation for static and run-time leaves
//!   (`leaves.rs`), as for the right inverse.
//! - `max_common_vector(A, B)`: the size of the leading stride-1 mode of
//!   `coalesce(A ∘ right_inverse(B))`, or 1; `max_common_layout(A, B)` the
//!   corresponding layout `right_inverse(B) ∘ n:1` (or `1:0`).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let a = layout!((4,8):(8,1));
//! assert_eq!(right_inverse(a).to_string(), "(8,4):(4,1)");
//! assert_eq!(left_inverse(layout!((4,2):(2,16))).to_string(), "(2,8,2):(0,1,4)");
//! assert_eq!(left_inverse(layout!((4,8):(1,5))).to_string(), "(5,8):(1,4)");
//! assert_eq!(max_common_vector(a, a).value(), 32);
//! assert_eq!(max_common_vector(a, layout!((8,4):(1,8))).value(), 1);
//! ```

pub(crate) mod common;
pub(crate) mod leaves;
pub(crate) mod nullspace;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Eq, IsEqual, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use super::coalesce::{CoalesceModes, CoalescedModes};
use super::composition::TryCompose;
use super::modes::{Mode, ModesOf, StaticModes};
use crate::typelevel::check::front_door::{Unary, Yields};
use crate::typelevel::check::gate::{Gate, Gated};
use crate::typelevel::check::rules::op::{
    LeftInverseOp, MaxCommonLayoutOp, MaxCommonVectorOp, RightInverseOp,
};
use crate::typelevel::check::rules::{Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{First, Pass, Then};
use crate::typelevel::Layout;
pub use common::{try_max_common_layout, try_max_common_vector};
use leaves::{LeftPlan, Overlaps, RightInverseBy, StaticEntries, StaticResult};

// ---------------------------------------------------------------- right inverse

/// CuTe's `right_inverse(layout)`, for static and dynamic leaves alike: the
/// one type computation of `leaves.rs` (a static layout is one without a
/// `Dyn` leaf), whose result [`right_inverse`] takes where every leaf is
/// static and [`try_right_inverse`](crate::typelevel::try_right_inverse)
/// computes otherwise.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let r: RightInverseOut<Layout![(4,8):(8,1)]> = right_inverse(layout!((4,8):(8,1)));
/// assert_eq!(r.to_string(), "(8,4):(4,1)");
/// ```
pub trait RightInverse {
    /// The right inverse.
    type Output;
    /// The types its value code needs where a leaf is dynamic.
    #[doc(hidden)]
    type Plan;
}

/// `right_inverse(L)`.
/// See [`RightInverse`] for an example.
pub type RightInverseOut<L> = <L as RightInverse>::Output;

/// `right_inverse(layout)` (CuTe): `R` with `layout(R(k)) = k` on R's domain, of largest size.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((4,8):(8,1));
/// let r = right_inverse(a);
/// assert_eq!(r.to_string(), "(8,4):(4,1)");
/// for k in 0..32usize {
///     assert_eq!(a.call(r.call(k) as usize), k as i64);
/// }
/// ```
// The static gate first: a layout with a run-time leaf is refused there,
// naming `try_right_inverse`; every other one is computed with every leaf
// static (`B1`), which has no rule to break.
pub fn right_inverse<L, R, V>(layout: L) -> R
where
    L: Gate<RightInverseOp>,
    Gated<L, RightInverseOp>: Yields<Unary<RightInverseOp>, (), R, V>,
    V: Shown<L, ()>,
    ShownOf<V, L, ()>: Admissible<RightInverseOp>,
    R: super::modes::StaticValue,
{
    let _ = layout;
    R::VALUE
}

impl<S, D, R> Yields<Unary<RightInverseOp>, (), R, Pass> for Layout<S, D> where
    Self: RightInverseBy<B1, Output = R>
{
}

// ---------------------------------------------------------------- left inverse

crate::typelevel::check::front_door::front_door_unary!(
    r#"`R` with `R(layout(k)) = k`; needs an injective layout of non-negative strides, each dividing the next larger one.

```
use layout_algebra::typelevel::*;
let a = layout!((4,8):(1,5));
let r: LeftInverseOut<Layout![(4,8):(1,5)]> = left_inverse(a);
assert_eq!(r.to_string(), "(5,8):(1,4)");
for k in 0..32usize {
    assert_eq!(r.call(a.call(k) as usize), k as i64);
}
```"#,
    LeftInverse,
    LeftInverseOut,
    left_inverse,
    Admissible<LeftInverseOp>,
    TryLeftInverse
);

// The computation of `leaves.rs` (`LeftPlan`) on the static fold's entries
// (every leaf is static here: the front door's gate routed the other
// layouts away): the static parts' rules, then the overlap that only a
// point check at run time could admit. Its steps are projections: binding
// them to parameters of the impl cost 5 % more type checking here.
impl<S, D> TryLeftInverse for Layout<S, D>
where
    Self: StaticEntries,
    B1: LeftPlan<EntriesOf<Self>>,
    DigitShape<Self>: StaticResult<DigitStride<Self>>,
    <B1 as LeftPlan<EntriesOf<Self>>>::Sorted: Overlaps,
    DigitVerdict<Self>: First<<<B1 as LeftPlan<EntriesOf<Self>>>::Sorted as Overlaps>::Verdict>,
{
    type Output = <DigitShape<Self> as StaticResult<DigitStride<Self>>>::Output;
    type Verdict =
        Then<DigitVerdict<Self>, <<B1 as LeftPlan<EntriesOf<Self>>>::Sorted as Overlaps>::Verdict>;
}
/// The entries of the static layout `A` (see `leaves.rs`).
type EntriesOf<A> = <A as StaticEntries>::Output;
/// The left inverse's extents before coalescing, in the static order.
type DigitShape<A> = <B1 as LeftPlan<EntriesOf<A>>>::Shape;
/// Its strides.
type DigitStride<A> = <B1 as LeftPlan<EntriesOf<A>>>::Stride;
/// Its verdict.
type DigitVerdict<A> = <B1 as LeftPlan<EntriesOf<A>>>::Verdict;

// ---------------------------------------------------------------- common vectors

/// `A ∘ right_inverse(B)`.
type Common<A, B> = <A as TryCompose<RightInverseOut<B>>>::Output;
/// Its coalesced modes.
type CommonModes<A, B> = CoalescedModes<ModesOf<Common<A, B>>>;

/// `A ∘ right_inverse(B)`, coalesced, read for its leading stride-1 mode.
pub trait MaxCommon<B> {
    /// The number of elements both layouts map contiguously, as a typenum integer.
    type Vector;
    /// `right_inverse(B) ∘ n:1` for that number `n` (`1:0` if there is none).
    type Layout;
    /// The verdict of the compositions.
    type Verdict;
}

impl<S, D, B> MaxCommon<B> for Layout<S, D>
where
    B: RightInverse,
    Self: TryCompose<RightInverseOut<B>>,
    Common<Self, B>: StaticModes,
    ModesOf<Common<Self, B>>: CoalesceModes,
    CommonModes<Self, B>: Leading<RightInverseOut<B>>,
    <Self as TryCompose<RightInverseOut<B>>>::Verdict:
        First<<CommonModes<Self, B> as Leading<RightInverseOut<B>>>::Verdict>,
{
    type Vector = <CommonModes<Self, B> as Leading<RightInverseOut<B>>>::Size;
    type Layout = <CommonModes<Self, B> as Leading<RightInverseOut<B>>>::Layout;
    type Verdict = Then<
        <Self as TryCompose<RightInverseOut<B>>>::Verdict,
        <CommonModes<Self, B> as Leading<RightInverseOut<B>>>::Verdict,
    >;
}

/// The leading mode of a coalesced list if its stride is 1, composed into `Inv`.
pub trait Leading<Inv> {
    /// Its size, or `P1`.
    type Size;
    /// `Inv ∘ size:1`, or `1:0`.
    type Layout;
    /// The verdict of that composition.
    type Verdict;
}

impl<Inv> Leading<Inv> for HNil {
    type Size = P1;
    type Layout = Layout<P1, Z0>;
    type Verdict = Pass;
}

impl<S, D, T, Inv> Leading<Inv> for HCons<Mode<S, D>, T>
where
    D: IsEqual<P1>,
    Eq<D, P1>: LeadIf<S, Inv>,
{
    type Size = <Eq<D, P1> as LeadIf<S, Inv>>::Size;
    type Layout = <Eq<D, P1> as LeadIf<S, Inv>>::Layout;
    type Verdict = <Eq<D, P1> as LeadIf<S, Inv>>::Verdict;
}

/// Branch of [`Leading`] on "the stride is 1".
pub trait LeadIf<S, Inv> {
    /// The size.
    type Size;
    /// The layout.
    type Layout;
    /// The verdict.
    type Verdict;
}

impl<S, Inv> LeadIf<S, Inv> for B0 {
    type Size = P1;
    type Layout = Layout<P1, Z0>;
    type Verdict = Pass;
}

impl<S, Inv> LeadIf<S, Inv> for B1
where
    S: Unsigned + NonZero,
    Inv: TryCompose<Layout<PInt<S>, P1>>,
{
    type Size = PInt<S>;
    type Layout = <Inv as TryCompose<Layout<PInt<S>, P1>>>::Output;
    type Verdict = <Inv as TryCompose<Layout<PInt<S>, P1>>>::Verdict;
}

crate::typelevel::check::front_door::front_door!(
    r#"the number of elements both layouts map to the same contiguous offsets (a typenum integer).

```
use layout_algebra::typelevel::*;
let col = layout!((4,8):(1,4));
let n: MaxCommonVectorOut<Layout![(4,8):(1,4)], Layout![(4,8):(1,4)]> = max_common_vector(col, col);
assert_eq!(n.value(), 32); // all 32 elements form one contiguous vector
assert_eq!(max_common_vector(col, layout!((4,8):(8,1))).value(), 1);
```"#,
    MaxCommonVector,
    MaxCommonVectorOut,
    max_common_vector,
    Admissible<MaxCommonVectorOp>,
    TryMaxCommonVector,
    b
);

impl<S, D, B> TryMaxCommonVector<B> for Layout<S, D>
where
    Self: MaxCommon<B>,
{
    type Output = <Self as MaxCommon<B>>::Vector;
    type Verdict = <Self as MaxCommon<B>>::Verdict;
}

crate::typelevel::check::front_door::front_door!(
    r#"`right_inverse(b) ∘ n:1` for the `n` of `max_common_vector`: where those elements are in `b`.

```
use layout_algebra::typelevel::*;
let col = layout!((4,8):(1,4));
let r: MaxCommonLayoutOut<Layout![(4,8):(1,4)], Layout![(4,8):(1,4)]> = max_common_layout(col, col);
assert_eq!(r.to_string(), "32:1");
assert_eq!(max_common_layout(layout!((4,8):(8,1)), col).to_string(), "1:0");
```"#,
    MaxCommonLayout,
    MaxCommonLayoutOut,
    max_common_layout,
    Admissible<MaxCommonLayoutOp>,
    TryMaxCommonLayout,
    b
);

impl<S, D, B> TryMaxCommonLayout<B> for Layout<S, D>
where
    Self: MaxCommon<B>,
{
    type Output = <Self as MaxCommon<B>>::Layout;
    type Verdict = <Self as MaxCommon<B>>::Verdict;
}
