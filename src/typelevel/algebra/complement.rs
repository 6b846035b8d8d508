//! `complement`: the layout that fills the gaps of an injective layout up to a cotarget.
//!
//! Following the CuTe paper (3.5): drop A's size-1 and stride-0 modes, sort the
//! rest by stride (`s_i:d_i`, ascending), and with `E_0 = 1`, `E_i = s_(i-1)·d_(i-1)`
//! emit the gap mode `d_i/E_i : E_i` for each mode and a last mode
//! `⌈M/E_n⌉ : E_n` reaching the cotarget `M`; the result is coalesced. A is
//! complementable when every `d_i` is a multiple of `E_i`; `d_i < E_i` means a mode
//! starts inside the extent of those below it (they interleave, as in
//! `(2,2):(2,3)`, or overlap). Both are compile errors here (CuTe C++
//! and pycute silently return a complement that does not cover the cotarget).
//! A shape cotarget `M` (an HList) has the last extent `size(ceil_div(M, E_n))`,
//! CuTe's mode-by-mode form, raised to `⌈size(M)/E_n⌉` where that would not
//! cover `M` (as the runtime layer; CuTe C++ does not raise it).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! assert_eq!(complement(layout!(4:1), hlist![_6, _4]).to_string(), "8:4");
//! assert_eq!(complement(layout!((8):(1)), hlist![_6, _16, _16]).to_string(), "192:8");
//! let r: Layout![(3,2):(2,12)] = complement(layout!((2,2):(1,6)), int!(24));
//! assert_eq!(complement_default(layout!((4,8):(1,8))).to_string(), "2:4");
//! assert_eq!(complement(layout!(4:32), int!(256)).to_string(), "(32,2):(1,128)");
//! # let _ = r;
//! ```

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{
    And, Eq, IsEqual, IsLess, Le, Max, Maximum, NInt, NonZero, PInt, Prod, UInt, Unsigned, B0, B1,
    P1, U0, U1, Z0,
};

use super::arith::{CeilDiv, CeilQ, DivRem, QuotOf, RemOf};
use super::coalesce::{CoalesceModes, CoalescedModes};
use super::modes::{Build, Built, InsertByStride, Mode, Modes, ModesOf, Parts};
use super::size::{StaticCosize, StaticSize};
use crate::typelevel::check::readable::Cotarget;
use crate::typelevel::check::rules::op::ComplementOp;
use crate::typelevel::check::rules::Admissible;
use crate::typelevel::check::verdict::{
    NegativeStride, NonPositiveCotarget, NotComplementable, Pass, StartsInside,
};
use crate::typelevel::Layout;

crate::typelevel::check::front_door::front_door!(
    r#"the ordered layout of the offsets below `cotarget` that `a` misses.

```
use layout_algebra::typelevel::*;
let c: ComplementOut<Layout![4:2], _24> = complement(layout!(4:2), _24);
assert_eq!(c.to_string(), "(2,3):(1,8)");
// `4:2` and its complement together hit every offset below 24 once.
let mut seen = [0; 24];
for i in 0..4usize {
    for j in 0..6usize {
        seen[(layout!(4:2).call(i) + c.call(j)) as usize] += 1;
    }
}
assert!(seen.iter().all(|&n| n == 1));
```"#,
    Complement,
    ComplementOut,
    complement,
    Admissible<ComplementOp>,
    TryComplement,
    cotarget,
    shown as Cotarget<B>,
    Output: Parts
);

/// The verdict of `complement(A, M)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::check::Pass;
/// // `Pass` where `complement(A, M)` is admissible, else the violated rule.
/// let _: Pass = ComplementVerdict::<Layout![4:2], _24>::default();
/// ```
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

// A shape cotarget: every leaf positive, else refused.
impl<A> ComplementRhs<A> for HNil
where
    HNil: ShapeComplement<A>,
{
    type Output = <HNil as ShapeComplement<A>>::Output;
    type Verdict = <HNil as ShapeComplement<A>>::Verdict;
}

impl<H, T, A> ComplementRhs<A> for HCons<H, T>
where
    Self: AllPositive,
    <Self as AllPositive>::Output: PositiveBranch<Self, A>,
{
    type Output = <<Self as AllPositive>::Output as PositiveBranch<Self, A>>::Output;
    type Verdict = <<Self as AllPositive>::Output as PositiveBranch<Self, A>>::Verdict;
}

/// `B1` if every leaf of the integer tuple `Self` is positive.
pub trait AllPositive {
    /// `B1` or `B0`.
    type Output;
}

impl AllPositive for Z0 {
    type Output = B0;
}

impl<U: Unsigned + NonZero> AllPositive for NInt<U> {
    type Output = B0;
}

impl<U: Unsigned + NonZero> AllPositive for PInt<U> {
    type Output = B1;
}

impl AllPositive for HNil {
    type Output = B1;
}

impl<H: AllPositive, T: AllPositive> AllPositive for HCons<H, T>
where
    H::Output: BitAnd<T::Output>,
{
    type Output = And<H::Output, T::Output>;
}

/// Branch of a shape cotarget `M` on "every leaf positive" (`Self`).
pub trait PositiveBranch<M, A> {
    /// The complement.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<M, A> PositiveBranch<M, A> for B0 {
    type Output = Layout<P1, Z0>;
    type Verdict = NonPositiveCotarget;
}

impl<M: ShapeComplement<A>, A> PositiveBranch<M, A> for B1 {
    type Output = M::Output;
    type Verdict = M::Verdict;
}

/// The complement of `A` up to the positive shape cotarget `Self`.
pub trait ShapeComplement<A> {
    /// The complement.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<M, A> ShapeComplement<A> for M
where
    A: Modes,
    ModesOf<A>: Sorted,
    <ModesOf<A> as Sorted>::Output: Gaps<U1, ShapeCotarget<M>>,
    GapModes<A, ShapeCotarget<M>>: CoalesceModes,
    CoalescedModes<GapModes<A, ShapeCotarget<M>>>: Build,
    Built<CoalescedModes<GapModes<A, ShapeCotarget<M>>>>: Parts,
{
    type Output = Built<CoalescedModes<GapModes<A, ShapeCotarget<M>>>>;
    type Verdict = <<ModesOf<A> as Sorted>::Output as Gaps<U1, ShapeCotarget<M>>>::Verdict;
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

// A negative stride, marked at the head, makes the order irrelevant; the mode
// is kept (unsorted) so that composition's distributivity check sees that the
// negative stride is not B's only leaf.
impl<E, X, T> InsertByStride<E, X> for HCons<Neg, T> {
    type Output = HCons<Neg, HCons<E, T>>;
}

/// The gap modes of sorted modes above the extent `E`, up to the cotarget `Um`.
pub trait Gaps<E, Um> {
    /// The modes of the complement (signed strides).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// The last mode `⌈Um/E⌉ : E` (for a shape cotarget, see [`LastExtent`]).
pub type LastMode<E, Um> = HCons<Mode<<Um as LastExtent<E>>::Output, PInt<E>>, HNil>;

/// The extent of the complement's last mode above the extent `E`: `⌈M/E⌉`
/// for an integer cotarget `M` (unsigned), and for a shape cotarget `M`
/// CuTe's `size(ceil_div(M, E))`, raised to `⌈size(M)/E⌉` where that would
/// not cover `M` (as the runtime layer).
pub trait LastExtent<E> {
    /// The extent (unsigned).
    type Output;
}

impl<U, B, E> LastExtent<E> for UInt<U, B>
where
    Self: CeilDiv<E>,
{
    type Output = CeilQ<Self, E>;
}

/// A shape cotarget `M` (an HList of positive integers) of a complement.
pub struct ShapeCotarget<M>(core::marker::PhantomData<M>);

impl<M, E> LastExtent<E> for ShapeCotarget<M>
where
    M: CeilDivSize<E> + StaticSize,
    <M as StaticSize>::Unsigned: CeilDiv<E>,
    <M as CeilDivSize<E>>::Size: Max<CeilQ<<M as StaticSize>::Unsigned, E>>,
{
    type Output = Maximum<<M as CeilDivSize<E>>::Size, CeilQ<<M as StaticSize>::Unsigned, E>>;
}

/// `size(ceil_div(Self, D))` for a shape `Self` and an unsigned `D`, the leaves
/// read in order: each leaf `m` contributes `⌈m/d⌉` and leaves `d = ⌈d/m⌉` to the next.
pub trait CeilDivSize<D> {
    /// The size (unsigned).
    type Size;
    /// The divisor left for the next leaf.
    type Rest;
}

impl<U: Unsigned + NonZero, D> CeilDivSize<D> for PInt<U>
where
    U: CeilDiv<D>,
    D: CeilDiv<U>,
{
    type Size = CeilQ<U, D>;
    type Rest = CeilQ<D, U>;
}

impl<D> CeilDivSize<D> for HNil {
    type Size = U1;
    type Rest = D;
}

impl<H, T, D> CeilDivSize<D> for HCons<H, T>
where
    H: CeilDivSize<D>,
    T: CeilDivSize<H::Rest>,
    H::Size: core::ops::Mul<T::Size>,
{
    type Size = Prod<H::Size, T::Size>;
    type Rest = T::Rest;
}

impl<E, Um> Gaps<E, Um> for HNil
where
    E: Unsigned + NonZero,
    Um: LastExtent<E>,
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
    type Verdict = StartsInside<X, E>;
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
    r#"`complement(a, cosize(a))`: CuTe C++'s one-argument `complement(a)`.

```
use layout_algebra::typelevel::*;
let c: ComplementDefaultOut<Layout![(2,2):(1,6)]> = complement_default(layout!((2,2):(1,6)));
assert_eq!(c.to_string(), "3:2");
```"#,
    ComplementDefault,
    ComplementDefaultOut,
    complement_default,
    Admissible<ComplementOp>,
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
