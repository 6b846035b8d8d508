//! `complement`: the layout that fills the gaps of an injective layout up to a cotarget.
//!
//! Following the CuTe paper (3.5): drop A's size-1 and stride-0 modes, sort the
//! rest by stride (`s_i:d_i`, ascending), and with `E_0 = 1`, `E_i = s_(i-1)·d_(i-1)`
//! emit the gap mode `d_i/E_i : E_i` for each mode and a last mode
//! `⌈M/E_n⌉ : E_n` reaching the cotarget `M`; the result is coalesced. A is
//! complementable when every `d_i` is a multiple of `E_i`; `d_i < E_i` means two
//! modes overlap (A is not injective). Both are compile errors here (CuTe C++
//! and pycute silently return a complement that does not cover the cotarget).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let r: Layout![(3,2):(2,12)] = complement(layout!((2,2):(1,6)), int!(24));
//! assert_eq!(complement_default(layout!((4,8):(1,8))).to_string(), "2:4");
//! assert_eq!(complement(layout!(4:32), int!(256)).to_string(), "(32,2):(1,128)");
//! # let _ = r;
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{
    Eq, IsEqual, IsLess, Le, NInt, NonZero, PInt, Prod, UInt, Unsigned, B0, B1, P1, U0, U1, Z0,
};

use super::arith::{CeilDiv, CeilQ, DivRem, QuotOf, RemOf};
use super::coalesce::{CoalesceModes, CoalescedModes};
use super::modes::{Build, Built, InsertByStride, Mode, Modes, ModesOf, Parts};
use super::size::StaticCosize;
use crate::typelevel::check::readable::Cotarget;
use crate::typelevel::check::verdict::{
    NegativeStride, NonPositiveCotarget, NotComplementable, NotInjective, Pass,
};
use crate::typelevel::Layout;

crate::typelevel::check::front_door::front_door!(
    "the ordered layout of the offsets below `cotarget` that `a` misses.",
    Complement,
    ComplementOut,
    complement,
    ComplementOp,
    TryComplement,
    cotarget,
    shown as Cotarget<B>,
    Output: Parts
);

/// The verdict of `complement(A, M)`.
pub type ComplementVerdict<A, Mt> = <A as TryComplement<Mt>>::Verdict;

impl<S, D, Mt> TryComplement<Mt> for Layout<S, D>
where
    Mt: ComplementRhs<Self>,
{
    type Output = <Mt as ComplementRhs<Self>>::Output;
    type Verdict = <Mt as ComplementRhs<Self>>::Verdict;
}

/// The cotarget's side of [`TryComplement`] (the cotarget is the `Self` type so that
/// type inference waits for it).
pub trait ComplementRhs<A> {
    /// The complement.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

// A cotarget of 0 or below: refused (the complement's last extent would be 0).
impl<A> ComplementRhs<A> for Z0 {
    type Output = Layout<P1, Z0>;
    type Verdict = NonPositiveCotarget;
}

impl<U: Unsigned + NonZero, A> ComplementRhs<A> for NInt<U> {
    type Output = Layout<P1, Z0>;
    type Verdict = NonPositiveCotarget;
}

/// The gap modes of `A` up to the cotarget `Um`.
type GapModes<A, Um> = <<ModesOf<A> as Sorted>::Output as Gaps<U1, Um>>::Output;

impl<Um, A> ComplementRhs<A> for PInt<Um>
where
    Um: Unsigned + NonZero,
    A: Modes,
    ModesOf<A>: Sorted,
    <ModesOf<A> as Sorted>::Output: Gaps<U1, Um>,
    GapModes<A, Um>: CoalesceModes,
    CoalescedModes<GapModes<A, Um>>: Build,
    Built<CoalescedModes<GapModes<A, Um>>>: Parts,
{
    type Output = Built<CoalescedModes<GapModes<A, Um>>>;
    type Verdict = <<ModesOf<A> as Sorted>::Output as Gaps<U1, Um>>::Verdict;
}

/// The modes that matter to a complement, sorted by stride: `S:X` with unsigned `X`,
/// or `Neg` at the head if a stride is negative.
pub trait Sorted {
    /// The sorted list.
    type Output;
}

/// Marks a negative stride in a complement's input.
pub struct Neg;

impl Sorted for HNil {
    type Output = HNil;
}

impl<N, T> Sorted for HCons<N, T>
where
    T: Sorted,
    N: Admit<<T as Sorted>::Output>,
{
    type Output = <N as Admit<<T as Sorted>::Output>>::Output;
}

/// Inserts a mode into a sorted list unless its size is 1.
pub trait Admit<L> {
    /// The list.
    type Output;
}

impl<D, L> Admit<L> for Mode<U1, D> {
    type Output = L;
}

impl<X, B, C, D, L> Admit<L> for Mode<UInt<UInt<X, B>, C>, D>
where
    D: Insert<UInt<UInt<X, B>, C>, L>,
{
    type Output = <D as Insert<UInt<UInt<X, B>, C>, L>>::Output;
}

/// Inserts the mode `S:Self` into a sorted list (dropping it if trivial).
pub trait Insert<S, L> {
    /// The list.
    type Output;
}

// Stride 0: no contribution.
impl<S, L> Insert<S, L> for Z0 {
    type Output = L;
}

impl<S, X, L> Insert<S, L> for NInt<X>
where
    X: Unsigned + NonZero,
{
    type Output = HCons<Neg, L>;
}

impl<S, X, L> Insert<S, L> for PInt<X>
where
    X: Unsigned + NonZero,
    L: InsertByStride<Mode<S, X>, X>,
{
    type Output = <L as InsertByStride<Mode<S, X>, X>>::Output;
}

// A negative stride, marked at the head, makes the rest irrelevant.
impl<E, X, T> InsertByStride<E, X> for HCons<Neg, T> {
    type Output = Self;
}

/// The gap modes of sorted modes above the extent `E`, up to the cotarget `Um`.
pub trait Gaps<E, Um> {
    /// The modes of the complement (signed strides).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// The last mode `⌈Um/E⌉ : E`.
pub type LastMode<E, Um> = HCons<Mode<CeilQ<Um, E>, PInt<E>>, HNil>;

impl<E, Um> Gaps<E, Um> for HNil
where
    E: Unsigned + NonZero,
    Um: CeilDiv<E>,
{
    type Output = LastMode<E, Um>;
    type Verdict = Pass;
}

impl<E, Um, T> Gaps<E, Um> for HCons<Neg, T>
where
    E: Unsigned + NonZero,
    HNil: Gaps<E, Um>,
{
    type Output = <HNil as Gaps<E, Um>>::Output;
    type Verdict = NegativeStride;
}

impl<E, Um, S, X, T> Gaps<E, Um> for HCons<Mode<S, X>, T>
where
    X: IsLess<E>,
    Le<X, E>: GapCheck<E, Um, S, X, T>,
{
    type Output = <Le<X, E> as GapCheck<E, Um, S, X, T>>::Output;
    type Verdict = <Le<X, E> as GapCheck<E, Um, S, X, T>>::Verdict;
}

/// Branch on `X < E`: overlap (`B1`), or go on to the divisibility check (`B0`).
pub trait GapCheck<E, Um, S, X, T> {
    /// The modes.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<E, Um, S, X, T> GapCheck<E, Um, S, X, T> for B1
where
    HNil: Gaps<E, Um>,
{
    type Output = <HNil as Gaps<E, Um>>::Output;
    type Verdict = NotInjective<X, E>;
}

impl<E, Um, S, X, T> GapCheck<E, Um, S, X, T> for B0
where
    X: DivRem<E>,
    RemOf<X, E>: IsEqual<U0>,
    Eq<RemOf<X, E>, U0>: GapEmit<E, Um, S, X, T>,
{
    type Output = <Eq<RemOf<X, E>, U0> as GapEmit<E, Um, S, X, T>>::Output;
    type Verdict = <Eq<RemOf<X, E>, U0> as GapEmit<E, Um, S, X, T>>::Verdict;
}

/// Branch on `E | X`: emit the gap `X/E : E` and go on with extent `S·X` (`B1`), or fail.
pub trait GapEmit<E, Um, S, X, T> {
    /// The modes.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<E, Um, S, X, T> GapEmit<E, Um, S, X, T> for B0
where
    HNil: Gaps<E, Um>,
{
    type Output = <HNil as Gaps<E, Um>>::Output;
    type Verdict = NotComplementable<X, E>;
}

impl<E, Um, S, X, T> GapEmit<E, Um, S, X, T> for B1
where
    E: Unsigned + NonZero,
    X: DivRem<E>,
    S: core::ops::Mul<X>,
    T: Gaps<Prod<S, X>, Um>,
{
    type Output = HCons<Mode<QuotOf<X, E>, PInt<E>>, <T as Gaps<Prod<S, X>, Um>>::Output>;
    type Verdict = <T as Gaps<Prod<S, X>, Um>>::Verdict;
}

crate::typelevel::check::front_door::front_door_unary!(
    "`complement(a, cosize(a))`: CuTe C++'s one-argument `complement(a)`.",
    ComplementDefault,
    ComplementDefaultOut,
    complement_default,
    ComplementOp,
    TryComplementDefault,
    shown as Cotarget<crate::typelevel::check::readable::OwnCosize>
);

impl<S, D> TryComplementDefault for Layout<S, D>
where
    Self: StaticCosize,
    <Self as StaticCosize>::Output: ComplementRhs<Self>,
{
    type Output = <<Self as StaticCosize>::Output as ComplementRhs<Self>>::Output;
    type Verdict = <<Self as StaticCosize>::Output as ComplementRhs<Self>>::Verdict;
}
