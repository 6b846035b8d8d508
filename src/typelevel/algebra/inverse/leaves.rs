//! `right_inverse` and `left_inverse`, one type computation each for static
//! leaves and leaves that mix static integers and `Dyn`, decided from the
//! static parts as CuTe C++ decides them with `int` leaves (a static layout is
//! one without a `Dyn` leaf; the left inverse: see [`try_left_inverse`]).
//!
//! With `A` coalesced (its static runs; a dynamic leaf stays) to flat modes
//! `s_i:d_i` at domain positions `p_i = s_0⋯s_(i-1)`, the right inverse starts
//! from the extent `E = 1`, repeatedly takes the first unused mode whose stride
//! is `E`, gives it the stride `p_i` and goes on with `E = s_i·d_i`. While `E`
//! is static the mode is found among the static strides at compile time: those
//! modes keep their static extents and positions (CuTe C++'s result). CuTe C++
//! stops at the first dynamic `E` or missing static stride; here the chain goes
//! on at run time through the `k` remaining modes it may still take (a dynamic
//! stride may be `E`, and after a dynamic `E` a positive static one), which give
//! `k` dynamic modes, the unused ones `1:0`, so that the result is the runtime
//! layer's right inverse (`(4,2):(1,4)` with a dynamic extent 4 is the identity
//! on 8 offsets, where CuTe C++ stops at 4). Where no remaining mode can be
//! taken (a static `E` and static strides left, or strides of 0 or below), the
//! chain is over and the result is CuTe C++'s (`(4,3):(-1,1)` with a dynamic 4
//! gives `_3:4`). The result is coalesced as CuTe C++ coalesces dynamic leaves.
//!
//! The values (the chain, the left inverse's order and checks, the coalescing
//! of the result) are computed by code that is not generic, over the leaves as
//! flat arrays (see `values.rs`); per layout type only that glue is generated.

use core::ops::Add;
use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HList, HNil};
use smallvec::SmallVec;
use typenum::{Bit, Eq, IsEqual, IsLess, Le, NonZero, PInt, Prod, Unsigned, B0, B1, P1, U0};

use super::RightInverse;
use crate::runtime::algebra::inverse::{check_generalized_inverse, left_inverse_modes};
use crate::runtime::algebra::mode_list::IntModes;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::arith::{DivRem, QuotOf, RemOf};
use crate::typelevel::algebra::coalesce::{
    CoalesceAny, CoalesceBy, CoalesceModes, CoalescedLists, CoalescedModes,
};
use crate::typelevel::algebra::complement::gaps::{Dyns, GapLayout, NegativeOn, NextExtent};
use crate::typelevel::algebra::complement::order::{Neg, StaticStrides};
use crate::typelevel::algebra::modes::{Build, Built, InsertByStride, Mode, ModesOf, StaticModes};
use crate::typelevel::algebra::values::{
    coalesced, fault, leaf_values, operand, placed, FlatLayout, FlatOperand, LayoutStatics,
    LeafValues, ModesText, Operand,
};
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{
    First, LeftInverseDivisibility, LeftInverseOverlap, NegativeOffsets, Pass, Then,
};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::Layout;

/// A flat mode `S:D` at the domain position `P`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct Entry<S, D, P>(core::marker::PhantomData<(S, D, P)>);

/// The flat modes `Self` (shapes), `D` (strides) as [`Entry`]s, positions from `P`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PositionedEntries<D, P> {
    /// The entries.
    type Output;
}
impl<P> PositionedEntries<HNil, P> for HNil {
    type Output = HNil;
}
impl<SH, ST, DH, DT, P: PosNext<SH>> PositionedEntries<HCons<DH, DT>, P> for HCons<SH, ST>
where
    ST: PositionedEntries<DT, P::Output>,
{
    type Output = HCons<Entry<SH, DH, P>, <ST as PositionedEntries<DT, P::Output>>::Output>;
}

/// The first entry of `Self` whose stride is the static `X`: [`Found`] with
/// its extent, its position and the list without it, or [`Missing`]. One
/// output type per step (not one projection per part of the answer): the
/// type checker normalizes each projection of a recursion on its own.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FindStride<X> {
    /// `Found<S, P, Without>` or `Missing`.
    type Output;
}
/// The entry of extent `S` at position `P`, found; `W` the other entries.
#[doc(hidden)]
pub struct Found<S, P, W>(core::marker::PhantomData<(S, P, W)>);
/// No entry has the stride sought.
#[doc(hidden)]
pub struct Missing;
impl<X> FindStride<X> for HNil {
    type Output = Missing;
}
impl<X, S, Y: Unsigned + NonZero + IsEqual<X>, P, T> FindStride<X>
    for HCons<Entry<S, PInt<Y>, P>, T>
where
    Eq<Y, X>: FindBranch<X, Entry<S, PInt<Y>, P>, T>,
{
    type Output = <Eq<Y, X> as FindBranch<X, Entry<S, PInt<Y>, P>, T>>::Output;
}
// A stride that is not a positive static integer is never found statically.
macro_rules! skip_entry {
    ($([$($g:tt)*] $D:ty),*) => {$(
        impl<X, S, P, T: FindStride<X>, $($g)*> FindStride<X> for HCons<Entry<S, $D, P>, T>
        where
            T::Output: PutBack<Entry<S, $D, P>>,
        {
            type Output = <T::Output as PutBack<Entry<S, $D, P>>>::Output;
        }
    )*};
}
skip_entry!([] Dyn, [N] DivBy<N>, [] typenum::Z0, [U: Unsigned + NonZero] typenum::NInt<U>);
/// Branch of [`FindStride`] on "the head's stride is `X`" (`Self`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FindBranch<X, H, T> {
    /// See [`FindStride`].
    type Output;
}
impl<X, S, D, P, T> FindBranch<X, Entry<S, D, P>, T> for B1 {
    type Output = Found<S, P, T>;
}
impl<X, H, T: FindStride<X>> FindBranch<X, H, T> for B0
where
    T::Output: PutBack<H>,
{
    type Output = <T::Output as PutBack<H>>::Output;
}
/// An entry `H` skipped by [`FindStride`], put back before the others.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PutBack<H> {
    /// See [`FindStride`].
    type Output;
}
impl<H> PutBack<H> for Missing {
    type Output = Missing;
}
impl<H, S, P, W> PutBack<H> for Found<S, P, W> {
    type Output = Found<S, P, HCons<H, W>>;
}

/// The chain of `Self`'s entries from the extent `E` while it is static:
/// [`Chained`] with its shapes, its strides (positions), the entries left,
/// and whether it stopped at a dynamic extent.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RunChain<E> {
    /// `Chained<Shape, Stride, Rest, Open>`.
    type Output;
}
/// A chain's extents `S`, positions `D` and the entries left `R`; `Open` is
/// `B1` where it stopped at a dynamic extent, `B0` at a static extent that no
/// static stride equals.
#[doc(hidden)]
pub struct Chained<S, D, R, Open>(core::marker::PhantomData<(S, D, R, Open)>);
macro_rules! chain_stops {
    ($([$($g:tt)*] $E:ty),*) => {$(
        impl<L, $($g)*> RunChain<$E> for L {
            type Output = Chained<HNil, HNil, L, B1>;
        }
    )*};
}
chain_stops!([] Dyn, [N] DivBy<N>);
impl<L: FindStride<X>, X: Unsigned + NonZero> RunChain<PInt<X>> for L
where
    L::Output: ChainStep<X, L>,
{
    type Output = <L::Output as ChainStep<X, L>>::Output;
}
/// One step of [`RunChain`] from the static extent `X`: an entry found
/// (`Self = Found<..>`) or not.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ChainStep<X, L> {
    /// See [`RunChain`].
    type Output;
}
impl<X, L> ChainStep<X, L> for Missing {
    type Output = Chained<HNil, HNil, L, B0>;
}
impl<X, L, S: NextExtent<X>, P, W: RunChain<S::Output>> ChainStep<X, L> for Found<S, P, W>
where
    W::Output: PushChained<S, P>,
{
    type Output = <W::Output as PushChained<S, P>>::Output;
}
/// The chain with the mode `S:P` before its modes.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PushChained<S, P> {
    /// See [`RunChain`].
    type Output;
}
impl<S, P, CS, CD, R, Open> PushChained<S, P> for Chained<CS, CD, R, Open> {
    type Output = Chained<HCons<S, CS>, HCons<P, CD>, R, Open>;
}

/// The modes the chain of [`RunChain`] may still take at run time from the
/// entries `Self` it left, one `Dyn` mode each (the unused ones end as
/// `1:0`): the entries of positive or dynamic stride (an extent reached is
/// positive: a static stride of 0 or below never is one), where the chain
/// stopped at a dynamic extent (`Open = B1`) or an entry's stride is dynamic;
/// none where it stopped at a static extent that no stride can equal (CuTe
/// C++'s result is then the whole right inverse).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RunTimeModes<Open> {
    /// One `Dyn` per mode.
    type Output;
}
impl<L: Chainable> RunTimeModes<B1> for L {
    type Output = L::Modes;
}
impl<L: Chainable> RunTimeModes<B0> for L
where
    L::Dynamic: KeepModes<L::Modes>,
{
    type Output = <L::Dynamic as KeepModes<L::Modes>>::Output;
}
/// `M` where `Self` is `B1`, else no mode.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait KeepModes<M> {
    /// `M` or `HNil`.
    type Output;
}
impl<M> KeepModes<M> for B1 {
    type Output = M;
}
impl<M> KeepModes<M> for B0 {
    type Output = HNil;
}
/// The entries `Self` the chain may take at run time: one `Dyn` per entry of
/// positive or dynamic stride (`Modes`), and whether a stride is dynamic.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Chainable {
    /// One `Dyn` per entry that may be chained.
    type Modes;
    /// `B1` where an entry's stride is dynamic.
    type Dynamic;
}
impl Chainable for HNil {
    type Modes = HNil;
    type Dynamic = B0;
}
impl<S, P, U: Unsigned + NonZero, T: Chainable> Chainable for HCons<Entry<S, PInt<U>, P>, T> {
    type Modes = HCons<Dyn, T::Modes>;
    type Dynamic = T::Dynamic;
}
// A dynamic stride may be chained; a static 0 or negative one never is.
macro_rules! chainable {
    ($([$($g:tt)*] $D:ty => $M:ty, $Y:ty);*) => {$(
        impl<S, P, T: Chainable, $($g)*> Chainable for HCons<Entry<S, $D, P>, T> {
            type Modes = $M;
            type Dynamic = $Y;
        }
    )*};
}
chainable!(
    [] Dyn => HCons<Dyn, T::Modes>, B1;
    [N] DivBy<N> => HCons<Dyn, T::Modes>, B1;
    [] typenum::Z0 => T::Modes, T::Dynamic;
    [U: Unsigned + NonZero] typenum::NInt<U> => T::Modes, T::Dynamic
);

/// The position after a mode of extent `S`: static when both are.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait PosNext<S> {
    /// `PInt` or `Dyn`.
    type Output;
}
impl<P: NextExtent<X>, X: Unsigned + NonZero> PosNext<PInt<X>> for P {
    type Output = P::Output;
}
impl<P> PosNext<Dyn> for P {
    type Output = Dyn;
}
impl<P, N> PosNext<DivBy<N>> for P {
    type Output = Dyn;
}

/// `right_inverse(Self)` for a layout with dynamic leaves (see the module) is
/// `R`, its value code planned by `P` ([`RunRightInverse`]): the bound of
/// [`try_right_inverse`], [`RightInverse`]'s computation named by a plain
/// trait bound.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait MixedRightInverse<P, R> {}
// The bit and the computation named here, as in `RightInverse`'s impl, not
// through `RightInverse`: one projection less costs 0.5 M instructions of
// type checking per mixed right inverse (measured).
impl<S: AllStatic, D: AllStatic, K, P, R> MixedRightInverse<P, R> for Layout<S, D>
where
    S::Bit: BitAnd<D::Bit, Output = K>,
    Self: RightInverseBy<K, Plan = P, Output = R>,
{
}

/// [`RightInverse`] with `K` saying whether every leaf is static (`B1`:
/// the static front door takes it so; `B0`), which coalesces `A` by the
/// static fold or by [`CoalesceAny`] (see `CoalesceBy`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RightInverseBy<K> {
    /// The right inverse.
    type Output;
    /// The types its value code needs where a leaf is dynamic.
    type Plan;
}
impl<S: AllStatic, D: AllStatic, K> RightInverse for Layout<S, D>
where
    S::Bit: BitAnd<D::Bit, Output = K>,
    Self: RightInverseBy<K>,
{
    type Output = <Self as RightInverseBy<K>>::Output;
    type Plan = <Self as RightInverseBy<K>>::Plan;
}

// The one computation of `right_inverse` for static and dynamic leaves.
// Every intermediate type is bound to a parameter of the impl once: the
// coalesced `A` (`F`; `K` says whether every leaf is static, see
// `CoalesceBy`), its flat lists (`FS`, `FD`) and entries (`E`), the
// static chain (`CS`, `CD`), the entries it leaves (`R`) and whether it may
// go on at run time (`OP`), one dynamic mode for each entry it may take
// (`T`), the result (`IS`, `ID`: the chain, then those modes; `O`: as one
// layout, `1:0` for none), so that the where-clauses name no nested
// projection (normalized again for every call otherwise, see
// `complement::ComplementTo`). The result is coalesced as it is: two static
// modes of the chain that would merge are adjacent in `A`'s coalesced modes,
// which merged them, and a dynamic leaf stays, as `coalesce` keeps it.
impl<S, D, K, F, FS, FD, E, CS, CD, R, OP, T, IS, ID, O> RightInverseBy<K> for Layout<S, D>
where
    K: CoalesceBy<Self, Output = F>,
    F: CoalescedLists<Shapes = FS, Strides = FD>,
    FS: PositionedEntries<FD, P1, Output = E>,
    E: RunChain<P1, Output = Chained<CS, CD, R, OP>>,
    R: RunTimeModes<OP, Output = T>,
    CS: Add<T, Output = IS> + HList,
    CD: Add<T, Output = ID>,
    IS: GapLayout<ID, Output = O>,
{
    type Output = O;
    type Plan = RightPlan<F, CS>;
}

/// The plan of a right inverse: the coalesced `A` (`F`) and the static
/// chain's extents (`C`).
#[doc(hidden)]
pub struct RightPlan<F, C>(core::marker::PhantomData<(F, C)>);
/// The value code of `right_inverse(L) = R`, looked up from the types of
/// `Self` (the plan), `L` and `R` alone: no trait solving for the code of a
/// call.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunRightInverse<L, R> {
    /// The right inverse of `a`.
    fn run(a: L) -> Result<R, LayoutError>;
}
impl<L: FlatLayout, F: FlatLayout, C: HList, O: FlatLayout> RunRightInverse<L, O>
    for RightPlan<F, C>
{
    fn run(a: L) -> Result<O, LayoutError> {
        let values = right_inverse_flat(
            (a.values(), L::STATICS),
            F::STATICS,
            (C::LEN, O::STATICS.0.get().len()),
        );
        placed(values, right_overflow)
    }
}

/// The error of a right inverse beyond `i64`.
fn right_overflow() -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        "right_inverse",
        alloc::string::String::from("the size of the right inverse exceeds i64"),
    )
}

/// The right inverse's flat values from `A`'s flat leaves, the static values
/// `flat` of coalesced `A`'s modes, the length `len` of the static chain and
/// the number of the result's `modes`.
fn right_inverse_flat(
    ((s, d), statics): ((LeafValues, LeafValues), LayoutStatics),
    flat: LayoutStatics,
    (len, modes): (usize, usize),
) -> Result<(LeafValues, LeafValues), LayoutError> {
    let (c, x) = coalesced((&s, &d), statics, flat).ok_or_else(right_overflow)?;
    let st: SmallVec<[bool; 8]> = flat.1.get().iter().map(Option::is_some).collect();
    let (shapes, strides) = chain_values(&c, &x, &st, (len, modes));
    if fault(&shapes, &strides) {
        return Err(right_overflow());
    }
    leaf_values((shapes, strides)).ok_or_else(right_overflow)
}

/// The chain's extents and positions (see the module): the first `len` steps
/// among the static strides, then among all; `modes` in all, the unused
/// ones as `1:0`.
#[allow(clippy::type_complexity)]
fn chain_values(
    s: &[i64],
    d: &[i64],
    is_static: &[bool],
    (len, modes): (usize, usize),
) -> (SmallVec<[i64; 8]>, SmallVec<[i64; 8]>) {
    let mut pos: SmallVec<[i64; 8]> = SmallVec::new();
    let mut p = 1i64;
    for &x in s {
        pos.push(p);
        p = p.saturating_mul(x); // the size of a layout fits i64
    }
    let mut used: SmallVec<[bool; 8]> = SmallVec::from_elem(false, s.len());
    let (mut shapes, mut strides): (SmallVec<[i64; 8]>, SmallVec<[i64; 8]>) =
        (SmallVec::new(), SmallVec::new());
    let mut next = 1i64;
    while let Some(i) =
        (0..s.len()).find(|&i| !used[i] && d[i] == next && (shapes.len() >= len || is_static[i]))
    {
        used[i] = true;
        shapes.push(s[i]);
        strides.push(pos[i]);
        // A product of the chain's extents: at most the size of the layout.
        next = s[i].saturating_mul(d[i]);
    }
    while shapes.len() < modes {
        shapes.push(1);
        strides.push(0);
    }
    (shapes, strides)
}

/// CuTe's `right_inverse(a)` for a layout `a` whose leaves mix static integers
/// and `Dyn`: the largest `R` with `a(R(i)) = i` for every `i < size(R)`,
/// built from `a`'s modes from the stride 1 on, each mode `s_i:d_i` at the
/// domain position `p_i` giving `s_i:p_i`. The modes found while the extent
/// reached is static keep their static leaves (CuTe C++'s result); CuTe C++
/// stops there, this function goes on at run time where a mode may still be
/// taken (dynamic modes, the unused ones `1:0`), so the result is the runtime
/// layer's right inverse. No value
/// of a valid layout is refused (the `Result` is that of the other `try_*`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_2, _1]).unwrap();
/// assert_eq!(format!("{:#}", try_right_inverse(a).unwrap()), "(_2,4):(4,_1)"); // as CuTe C++
/// let b = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, Dyn(4)]).unwrap();
/// let r = try_right_inverse(b).unwrap();
/// assert_eq!(format!("{r:#}"), "(4,2):(_1,4)"); // CuTe C++ stops at 4:_1
/// let c = Layout::try_new(hlist![Dyn(4), _3], hlist![int!(-1), _1]).unwrap();
/// assert_eq!(format!("{:#}", try_right_inverse(c).unwrap()), "_3:4"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_right_inverse<L, P, R>(a: L) -> Result<R, LayoutError>
where
    L: MixedRightInverse<P, R>,
    P: RunRightInverse<L, R>,
{
    P::run(a)
}

/// The entries `Self` with static strides sorted by stride as
/// `Mode<Entry, X>`; stride-0 entries left out, `Neg` at the head for a
/// negative stride.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SortEntries {
    /// The sorted list.
    type Output;
}
impl SortEntries for HNil {
    type Output = HNil;
}
impl<S, D: AdmitEntry<S, P, T::Output>, P, T: SortEntries> SortEntries
    for HCons<Entry<S, D, P>, T>
{
    type Output = <D as AdmitEntry<S, P, T::Output>>::Output;
}
/// Inserts the entry `S:Self` at `P` into the sorted list `L`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait AdmitEntry<S, P, L> {
    /// The list.
    type Output;
}
impl<S, P, L> AdmitEntry<S, P, L> for typenum::Z0 {
    type Output = L;
}
impl<S, P, L, U: Unsigned + NonZero> AdmitEntry<S, P, L> for typenum::NInt<U> {
    type Output = HCons<Neg, L>;
}
impl<S, P, X: Unsigned + NonZero, L> AdmitEntry<S, P, L> for PInt<X>
where
    L: InsertByStride<Mode<Entry<S, (), P>, X>, X>,
{
    type Output = <L as InsertByStride<Mode<Entry<S, (), P>, X>, X>>::Output;
}

/// The left inverse's modes from the sorted entries `Self`: `d_0:0`, then
/// `d_(i+1)/d_i : p_i`, the last `s:p`; with no entry, `Z:0` (`Z` the
/// extent of the first stride-0 mode).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait DigitModes<Z> {
    /// The extents.
    type Shape;
    /// The strides.
    type Stride;
    /// `Pass` or the violated rule.
    type Verdict;
}
impl<Z> DigitModes<Z> for HNil {
    type Shape = HCons<Z, HNil>;
    type Stride = HCons<typenum::Z0, HNil>;
    type Verdict = Pass;
}
impl<Z, T> DigitModes<Z> for HCons<Neg, T> {
    type Shape = HCons<P1, HNil>;
    type Stride = HCons<P1, HNil>;
    type Verdict = NegativeOffsets;
}
impl<Z, E, X: Unsigned + NonZero, T> DigitModes<Z> for HCons<Mode<E, X>, T>
where
    Self: RadixDigits,
{
    type Shape = HCons<PInt<X>, <Self as RadixDigits>::Shape>;
    type Stride = HCons<typenum::Z0, <Self as RadixDigits>::Stride>;
    type Verdict = <Self as RadixDigits>::Verdict;
}
/// The digits `d_(i+1)/d_i : p_i` of sorted entries, the last `s:p`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RadixDigits {
    /// The extents.
    type Shape;
    /// The strides.
    type Stride;
    /// `Pass` or `LeftInverseDivisibility`.
    type Verdict;
}
impl<S, D, P, X> RadixDigits for HCons<Mode<Entry<S, D, P>, X>, HNil> {
    type Shape = HCons<S, HNil>;
    type Stride = HCons<P, HNil>;
    type Verdict = Pass;
}
impl<S, D, P, X: DivRem<X2>, E2, X2, T> RadixDigits
    for HCons<Mode<Entry<S, D, P>, X>, HCons<Mode<E2, X2>, T>>
where
    X2: DivRem<X>,
    RemOf<X2, X>: IsEqual<U0>,
    Eq<RemOf<X2, X>, U0>: DigitStep<X, X2, P, HCons<Mode<E2, X2>, T>>,
{
    type Shape = <Eq<RemOf<X2, X>, U0> as DigitStep<X, X2, P, HCons<Mode<E2, X2>, T>>>::Shape;
    type Stride = <Eq<RemOf<X2, X>, U0> as DigitStep<X, X2, P, HCons<Mode<E2, X2>, T>>>::Stride;
    type Verdict = <Eq<RemOf<X2, X>, U0> as DigitStep<X, X2, P, HCons<Mode<E2, X2>, T>>>::Verdict;
}
/// A digit when `X | X2` (`Self = B1`), else refused.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait DigitStep<X, X2, P, T> {
    /// See [`RadixDigits`].
    type Shape;
    /// See [`RadixDigits`].
    type Stride;
    /// See [`RadixDigits`].
    type Verdict;
}
impl<X, X2, P, T> DigitStep<X, X2, P, T> for B0 {
    type Shape = HNil;
    type Stride = HNil;
    type Verdict = LeftInverseDivisibility<X, X2>;
}
impl<X, X2: DivRem<X>, P, T: RadixDigits> DigitStep<X, X2, P, T> for B1
where
    QuotOf<X2, X>: Unsigned + NonZero,
{
    type Shape = HCons<PInt<QuotOf<X2, X>>, T::Shape>;
    type Stride = HCons<P, T::Stride>;
    type Verdict = T::Verdict;
}

/// The extent of the first entry of `Self` (`1` for none).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FirstExtent {
    /// The extent.
    type Output;
}
impl FirstExtent for HNil {
    type Output = P1;
}
impl<S, D, P, T> FirstExtent for HCons<Entry<S, D, P>, T> {
    type Output = S;
}

/// The left inverse's modes before coalescing, chosen by [`StaticStrides`]
/// (`Self`): the static order (`B1`) or the run-time order (`B0`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LeftPlan<L> {
    /// The extents.
    type Shape;
    /// The strides.
    type Stride;
    /// `Pass` or the violated rule.
    type Verdict;
    /// The entries sorted by stride (`HNil` in the run-time order).
    type Sorted;
}
impl<L: SortEntries + FirstExtent> LeftPlan<L> for B1
where
    <L as SortEntries>::Output: DigitModes<<L as FirstExtent>::Output>,
{
    type Shape = <<L as SortEntries>::Output as DigitModes<<L as FirstExtent>::Output>>::Shape;
    type Stride = <<L as SortEntries>::Output as DigitModes<<L as FirstExtent>::Output>>::Stride;
    type Verdict = <<L as SortEntries>::Output as DigitModes<<L as FirstExtent>::Output>>::Verdict;
    type Sorted = <L as SortEntries>::Output;
}
impl<L: Dyns + NegativeEntries> LeftPlan<L> for B0 {
    type Shape = HCons<Dyn, L::Output>;
    type Stride = HCons<typenum::Z0, L::Output>;
    type Verdict = <L as NegativeEntries>::Verdict;
    type Sorted = HNil;
}

/// `Pass`, or `LeftInverseOverlap` where a mode of the sorted entries `Self`
/// (every leaf static) reaches past the next stride, `s·d > d_next`: the
/// layout is not injective, and whether it has a generalized left inverse
/// (`A(R(A(k))) = A(k)`, 001 Eq. 26) is checked point by point at run time
/// (`try_left_inverse`, the runtime layer), not by the types.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Overlaps {
    /// The verdict.
    type Verdict;
}
impl Overlaps for HNil {
    type Verdict = Pass;
}
// A negative stride: refused before (`NegativeOffsets`).
impl<T> Overlaps for HCons<Neg, T> {
    type Verdict = Pass;
}
impl<E, X> Overlaps for HCons<Mode<E, X>, HNil> {
    type Verdict = Pass;
}
impl<U, D, P, X, E2, X2, T> Overlaps
    for HCons<Mode<Entry<PInt<U>, D, P>, X>, HCons<Mode<E2, X2>, T>>
where
    U: Unsigned + NonZero + core::ops::Mul<X>,
    X2: IsLess<Prod<U, X>>,
    Le<X2, Prod<U, X>>: OverlapHere<Prod<U, X>, X2, HCons<Mode<E2, X2>, T>>,
{
    type Verdict =
        <Le<X2, Prod<U, X>> as OverlapHere<Prod<U, X>, X2, HCons<Mode<E2, X2>, T>>>::Verdict;
}
/// Branch of [`Overlaps`] on "the extent `E` passes the next stride `X2`".
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait OverlapHere<E, X2, T> {
    /// See [`Overlaps`].
    type Verdict;
}
impl<E, X2, T> OverlapHere<E, X2, T> for B1 {
    type Verdict = LeftInverseOverlap<X2, E>;
}
impl<E, X2, T: Overlaps> OverlapHere<E, X2, T> for B0 {
    type Verdict = T::Verdict;
}
/// `NegativeOffsets` when one of the entries `Self` has a static negative
/// stride on a static extent above 1, else `Pass`: in the run-time order
/// too, such a mode gives offsets below 0 whatever the dynamic leaves are
/// (the runtime layer's `InvalidArgument`, decided from the static parts).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait NegativeEntries {
    /// The verdict.
    type Verdict;
}
impl NegativeEntries for HNil {
    type Verdict = Pass;
}
impl<S, D: NegativeOn<S, NegativeOffsets>, P, T: NegativeEntries> NegativeEntries
    for HCons<Entry<S, D, P>, T>
where
    D::Verdict: First<T::Verdict>,
{
    type Verdict = Then<D::Verdict, T::Verdict>;
}

/// The entries of the static layout `Self`: its modes coalesced by the
/// static fold, as [`Entry`]s (the static operand of [`LeftPlan`]; a layout
/// with dynamic leaves reaches it through [`CoalesceAny`], see
/// [`MixedLeftInverse`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticEntries {
    /// The entries.
    type Output;
}
impl<L: StaticModes> StaticEntries for L
where
    ModesOf<L>: CoalesceModes,
    CoalescedModes<ModesOf<L>>: ModeEntries<P1>,
{
    type Output = <CoalescedModes<ModesOf<L>> as ModeEntries<P1>>::Output;
}
/// The static fold's coalesced modes `Self` as [`Entry`]s, positions from `P`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeEntries<P> {
    /// The entries.
    type Output;
}
impl<P> ModeEntries<P> for HNil {
    type Output = HNil;
}
impl<U: Unsigned + NonZero, D, T, P: NextExtent<U>> ModeEntries<P> for HCons<Mode<U, D>, T>
where
    T: ModeEntries<P::Output>,
{
    type Output = HCons<Entry<PInt<U>, D, P>, T::Output>;
}
/// The static extents `Self` and strides `D` of a left inverse, coalesced
/// by the static fold. Not `Coalesce` of `Layout<Self, D>`: its check of
/// every leaf and its flattening walk cost the static left inverse 0.5 M
/// instructions of type checking per operation; the lists are flat and
/// static already.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticResult<D> {
    /// The layout.
    type Output;
}
impl<S: ListModes<D>, D> StaticResult<D> for S
where
    S::Output: CoalesceModes,
    CoalescedModes<S::Output>: Build,
{
    type Output = Built<CoalescedModes<S::Output>>;
}
/// The static extents `Self` and strides `D` as a mode list.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ListModes<D> {
    /// HList of `Mode<s, d>`, `s` unsigned.
    type Output;
}
impl ListModes<HNil> for HNil {
    type Output = HNil;
}
impl<U: Unsigned + NonZero, ST: ListModes<DT>, DH, DT> ListModes<HCons<DH, DT>>
    for HCons<PInt<U>, ST>
{
    type Output = HCons<Mode<U, DH>, ST::Output>;
}

/// `left_inverse(Self)` for a layout with dynamic leaves (see
/// [`try_left_inverse`]) is `R` with the verdict `V` of the static parts, its
/// value code planned by `P` ([`RunLeftInverse`]; a plain trait bound, as
/// [`MixedRightInverse`]): [`LeftPlan`] on the entries of `Self` coalesced by
/// [`CoalesceAny`], in the static or the run-time order.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait MixedLeftInverse<P, R, V> {}
// The intermediate types bound to parameters, as for the right inverse: the
// coalesced `A` (`F`, `FS`, `FD`, `E`), the static or run-time order (`K`),
// the result before coalescing (`LS`, `LD`) and after (`O`), the verdict (`V`).
impl<L, F, FS, FD, E, K, LS, LD, O, V> MixedLeftInverse<LeftInversePlan<F, K, Layout<LS, LD>>, O, V>
    for L
where
    L: CoalesceAny<Output = F>,
    F: CoalescedLists<Shapes = FS, Strides = FD>,
    FS: PositionedEntries<FD, P1, Output = E>,
    FD: StaticStrides<Output = K>,
    K: LeftPlan<E, Shape = LS, Stride = LD, Verdict = V>,
    Layout<LS, LD>: CoalesceAny<Output = O>,
{
}

/// The plan of a left inverse: the coalesced `A` (`F`), whether the order is
/// static (`K`, `B1` or `B0`) and the result before coalescing (`I`).
#[doc(hidden)]
pub struct LeftInversePlan<F, K, I>(core::marker::PhantomData<(F, K, I)>);
/// The value code of `left_inverse(L) = R`, looked up from the types of
/// `Self` (the plan), `L` and `R` alone.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunLeftInverse<L, R> {
    /// The left inverse of `a`.
    fn run(a: L) -> Result<R, LayoutError>;
}
impl<L: FlatLayout + FlatOperand, F: FlatLayout, K: Bit, I: FlatLayout, O: FlatLayout>
    RunLeftInverse<L, O> for LeftInversePlan<F, K, I>
{
    fn run(a: L) -> Result<O, LayoutError> {
        placed(
            left_inverse_flat(operand(&a), F::STATICS, K::BOOL, (I::STATICS, O::STATICS)),
            left_overflow,
        )
    }
}

/// The error of a left inverse beyond `i64`.
fn left_overflow() -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        "left_inverse",
        alloc::string::String::from("the left inverse exceeds i64"),
    )
}

/// The left inverse's flat values, coalesced, from the operand `a`, the
/// static values `flat` of coalesced `A`'s modes, whether the order is
/// static, and the static values of the result's modes `before` and `after`
/// coalescing. The modes, the rules and the point check are the runtime
/// layer's core (`left_inverse_modes`, `check_generalized_inverse`). In the
/// run-time order the modes of a dynamic extent 1 are left out and the
/// result's spare modes are `1:0` before its last mode (the runtime layer's
/// function, past its size too); where `A`'s modes as CuTe C++ keeps them
/// break a rule, they are coalesced by value as the runtime layer coalesces
/// them (`s:d` and `t:s·d` merged) and tried again, which gives the runtime
/// layer's answer or error.
fn left_inverse_flat(
    a: Operand<'_>,
    flat: LayoutStatics,
    static_order: bool,
    (before, after): (LayoutStatics, LayoutStatics),
) -> Result<(LeafValues, LeafValues), LayoutError> {
    let a = a.flat_leaves();
    let (c, x) = coalesced((&a.s, &a.d), a.statics, flat).ok_or_else(left_overflow)?;
    let attempt = |merge: bool| {
        let mut modes: SmallVec<[(i64, i64, i64); 16]> = SmallVec::new();
        let mut p = 1i64;
        for (&s, &d) in c.iter().zip(&x) {
            match modes.last_mut() {
                _ if static_order => modes.push((s, d, p)),
                _ if s == 1 => {}
                Some(m) if merge && m.0.checked_mul(m.1) == Some(d) => {
                    m.0 = m.0.checked_mul(s).ok_or_else(left_overflow)?;
                }
                _ => modes.push((s, d, p)),
            }
            p = p.saturating_mul(s); // the size of a layout fits i64
        }
        let (mut q, check) = left_inverse_modes(modes, &a)?;
        let rank = if static_order {
            q.len().max(1)
        } else {
            c.len() + 1
        };
        while q.len() < rank {
            q.insert(q.len().saturating_sub(1), (1, 0));
        }
        let shapes: SmallVec<[i64; 16]> = q.iter().map(|m| m.0).collect();
        let strides: SmallVec<[i64; 16]> = q.iter().map(|m| m.1).collect();
        if fault(&shapes, &strides) {
            return Err(left_overflow());
        }
        let (s, d) = coalesced((&shapes, &strides), before, after)
            .and_then(leaf_values)
            .ok_or_else(left_overflow)?;
        if check {
            let l: IntModes = a.s.iter().copied().zip(a.d.iter().copied()).collect();
            let r: IntModes = s.iter().copied().zip(d.iter().copied()).collect();
            check_generalized_inverse(&l, &r, (&a, &ModesText(&s, &d)))?;
        }
        Ok((s, d))
    };
    match attempt(false) {
        Err(_) if !static_order => attempt(true),
        r => r,
    }
}

/// CuTe's `left_inverse(a)` for a layout `a` whose leaves mix static integers
/// and `Dyn`: `Q` with `Q(a(i)) = i` for every `i < size(a)`. With `a`'s
/// modes (coalesced, stride 0 left out) sorted by stride, `d_0 < d_1 < ..`,
/// `Q = (d_0, d_1/d_0, .., s_last) : (0, p_0, .., p_last)`, `p_i` the domain
/// position of mode `i`, coalesced. Every stride static: the order is static
/// (CuTe C++'s result; a stride that does not divide the next and a negative
/// stride are compile errors). A dynamic stride: the order is found at run time
/// (CuTe C++ does not compile it) and `Q`, for `r` modes of coalesced `a`, has
/// `r + 1` modes, the first of stride `_0` (CuTe C++'s modes where it compiles
/// them; `1:0` before the last mode for each dynamic extent 1). Where those
/// modes break a rule that the runtime layer's coalescing by value mends
/// (`(2,3,4):(1,2,9)` is `(6,4):(1,9)` there), it is the runtime layer's left
/// inverse. What depends on values are the runtime layer's rules and errors,
/// from the same core (a negative stride `InvalidArgument`, a stride not
/// dividing the next or a non-injective layout without a generalized left
/// inverse `Divisibility`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_2, _1]).unwrap();
/// assert_eq!(format!("{:#}", try_left_inverse(a).unwrap()), "(_2,4):(4,_1)"); // as CuTe C++
/// let b = Layout::try_new(hlist![_4, _2], hlist![Dyn(2), Dyn(1)]).unwrap();
/// assert_eq!(format!("{:#}", try_left_inverse(b).unwrap()), "(1,2,4):(_0,4,1)"); // CuTe C++ does not compile it
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_left_inverse<L, P, R, V>(a: L) -> Result<R, LayoutError>
where
    L: MixedLeftInverse<P, R, V>,
    V: Shown<L, ()>,
    ShownOf<V, L, ()>: Admissible<op::LeftInverseOp>,
    P: RunLeftInverse<L, R>,
{
    P::run(a)
}
