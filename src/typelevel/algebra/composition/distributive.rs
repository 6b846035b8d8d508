//! Left distributivity of composition over B's modes: `A ∘ (B0, B1, ..) = (A ∘ B0, A ∘ B1, ..)`
//! holds when A's shape distributes over the sum `B0(c0) + B1(c1) + ..` (CuTe paper, Eq. 23).
//!
//! As in the runtime layer, it is proved structurally: A coalesced to one mode is
//! linear; otherwise the leaves `s:d` of B (size > 1, stride ≠ 0, all positive),
//! sorted by stride, must lie in separate digit ranges of A's mixed radix — at
//! every split there must be a boundary `M` of A's radix (a prefix size `P_k`
//! times a divisor of `S_k`, or any multiple of the last prefix size) above the
//! largest sum `Σ (s-1)·d` of the lower leaves and dividing every upper stride.
//! With a negative stride among them (A extended as `A(-x) = -A(x)`, see
//! [`SignRule`]): every sum of one sign inside A's first coalesced mode (A is
//! linear there), or every stride negative and the mirrored leaves `s:|d|`
//! apart as above.
//! Where the runtime layer then falls back to checking every point, the type
//! level refuses (a compile error rather than a compile-time loop over `size(B)` points).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // (4,8):(1,10) ∘ (2,2):(1,2) = (2,2):(1,2): the leaves stay inside A's first mode.
//! let r = composition(layout!((4,8):(1,10)), layout!((2,2):(1,2)));
//! assert_eq!(r.to_string(), "(2,2):(1,2)");
//! // A(B(c)) for c = (1,1) is A(-1 + 2) = A(1) = 2 = -2 + 4: B stays in A's mode 4:2 (CuTe C++).
//! let n = composition(layout!((4,2):(2,1)), layout!((2,2):(-1,2)));
//! assert_eq!(n.to_string(), "(2,2):(-2,4)");
//! ```

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{
    And, Eq, Gcd, Gcf, IsEqual, IsLess, Le, NInt, NonZero, PInt, Prod, Sub1, Sum, UInt, Unsigned,
    B0, B1, U0, U1, Z0,
};

use super::{Coalesced, ModeAt};
use crate::typelevel::algebra::arith::{DivRem, QuotOf, RemOf};
use crate::typelevel::algebra::coalesce::CoalesceX;
use crate::typelevel::algebra::complement::order::{FlatOnto, Neg, SortModes};
use crate::typelevel::algebra::modes::{Mode, ModesOf, StaticModes};
use crate::typelevel::check::verdict::{Distributivity, First, Holds, Pass, Then};
use crate::typelevel::stride::SamePath;
use crate::typelevel::ScaledBasis;

/// The distributivity verdict of composing A (coalesced modes `AM`) with B's sub-layout `Self:DB`.
pub trait Distributes<DB, A, AM> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

// A leaf B is the base case.
impl<U: Unsigned + NonZero, DB, A, AM> Distributes<DB, A, AM> for PInt<U> {
    type Verdict = Pass;
}

impl<S0, ST, DB, A, AM> Distributes<DB, A, AM> for HCons<S0, ST>
where
    AM: ByRadix<HCons<S0, ST>, DB, A>,
{
    type Verdict = <AM as ByRadix<HCons<S0, ST>, DB, A>>::Verdict;
}

/// Skips the check when A has fewer than two coalesced modes (A is then linear).
pub trait ByRadix<SB, DB, A> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

impl<SB, DB, A> ByRadix<SB, DB, A> for HNil {
    type Verdict = Pass;
}

impl<N, SB, DB, A> ByRadix<SB, DB, A> for HCons<N, HNil> {
    type Verdict = Pass;
}

/// B's flat leaves: extents and strides.
type FlatB<SB, DB> = <SB as FlatOnto<DB, HNil, HNil>>::Shapes;
type FlatBStrides<SB, DB> = <SB as FlatOnto<DB, HNil, HNil>>::Strides;
/// B's integer leaves: extents and strides.
type IntLeafShapes<SB, DB> = <FlatB<SB, DB> as ByKind<FlatBStrides<SB, DB>>>::IntShapes;
type IntLeafStrides<SB, DB> = <FlatB<SB, DB> as ByKind<FlatBStrides<SB, DB>>>::IntStrides;
/// B's integer leaves, sorted by stride as the complement sorts its modes.
type SortedInts<SB, DB> = <IntLeafShapes<SB, DB> as SortModes<IntLeafStrides<SB, DB>>>::Output;
/// B's scaled-basis leaves: extents and strides.
type BaseShapes<SB, DB> = <FlatB<SB, DB> as ByKind<FlatBStrides<SB, DB>>>::BaseShapes;
type BaseStrides<SB, DB> = <FlatB<SB, DB> as ByKind<FlatBStrides<SB, DB>>>::BaseStrides;
/// The verdict of B's scaled-basis leaves on the modes of A they name.
type BasesVerdict<SB, DB, A> = <BaseShapes<SB, DB> as OnModes<
    BaseStrides<SB, DB>,
    BaseShapes<SB, DB>,
    BaseStrides<SB, DB>,
    A,
>>::Verdict;

// B's scaled-basis leaves compose with the mode of A they name: those on one
// mode must lie in separate digits of that mode; B's integer leaves index A as
// a whole and must lie in separate digits of A (the runtime layer's check).
impl<N, N2, T, SB, DB, A> ByRadix<SB, DB, A> for HCons<N, HCons<N2, T>>
where
    SB: FlatOnto<DB, HNil, HNil>,
    FlatB<SB, DB>: ByKind<FlatBStrides<SB, DB>>,
    IntLeafShapes<SB, DB>: SortModes<IntLeafStrides<SB, DB>>,
    SortedInts<SB, DB>: SignedSplits<Self, IntLeafShapes<SB, DB>, IntLeafStrides<SB, DB>>,
    BaseShapes<SB, DB>: OnModes<BaseStrides<SB, DB>, BaseShapes<SB, DB>, BaseStrides<SB, DB>, A>,
    BasesVerdict<SB, DB, A>: First<IntsVerdict<SB, DB, Self>>,
{
    type Verdict = Then<BasesVerdict<SB, DB, A>, IntsVerdict<SB, DB, Self>>;
}

/// The verdict of B's integer leaves on A's coalesced modes `AM`.
type IntsVerdict<SB, DB, AM> = <SortedInts<SB, DB> as SignedSplits<
    AM,
    IntLeafShapes<SB, DB>,
    IntLeafStrides<SB, DB>,
>>::Verdict;

/// The verdict of B's integer leaves, sorted (`Self`), on A's coalesced
/// modes `AM`: their splits where every stride is positive; where one is
/// negative (`Neg` at the head), the signed rule on the leaves `IS:ID`
/// themselves ([`SignRule`]).
pub trait SignedSplits<AM, IS, ID> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

impl<AM, IS, ID> SignedSplits<AM, IS, ID> for HNil {
    type Verdict = Pass;
}

impl<AM, IS, ID, S, X, T> SignedSplits<AM, IS, ID> for HCons<Mode<S, X>, T>
where
    Self: Splits<AM, U0>,
{
    type Verdict = <Self as Splits<AM, U0>>::Verdict;
}

impl<AM, IS, ID, T> SignedSplits<AM, IS, ID> for HCons<Neg, T>
where
    IS: Signs<ID>,
    <IS as Signs<ID>>::PosMax: SignRule<AM, IS, ID>,
{
    type Verdict = <<IS as Signs<ID>>::PosMax as SignRule<AM, IS, ID>>::Verdict;
}

/// The flat integer leaves `Self` (extents) : `D` (strides) of B by the
/// sign of their stride: the largest sum `Σ (s-1)·d` of the positive ones
/// and `Σ (s-1)·|d|` of the negative ones, and the negative ones mirrored
/// (`s:|d|`).
pub trait Signs<D> {
    /// `Σ (s-1)·d` over the positive strides (unsigned).
    type PosMax;
    /// `Σ (s-1)·|d|` over the negative strides (unsigned).
    type NegMax;
    /// The extents of the negative leaves.
    type NegShapes;
    /// Their strides `|d|`.
    type NegStrides;
}

impl Signs<HNil> for HNil {
    type PosMax = U0;
    type NegMax = U0;
    type NegShapes = HNil;
    type NegStrides = HNil;
}

impl<S, T: Signs<DT>, DT> Signs<HCons<Z0, DT>> for HCons<S, T> {
    type PosMax = T::PosMax;
    type NegMax = T::NegMax;
    type NegShapes = T::NegShapes;
    type NegStrides = T::NegStrides;
}

/// `Lower + (S-1)·X`, unsigned.
type Term<Lower, S, X> = Sum<Lower, Prod<Sub1<S>, X>>;

impl<U, V, T, DT> Signs<HCons<PInt<V>, DT>> for HCons<PInt<U>, T>
where
    U: Unsigned + NonZero + core::ops::Sub<B1>,
    V: Unsigned + NonZero,
    Sub1<U>: core::ops::Mul<V>,
    T: Signs<DT>,
    T::PosMax: core::ops::Add<Prod<Sub1<U>, V>>,
{
    type PosMax = Term<T::PosMax, U, V>;
    type NegMax = T::NegMax;
    type NegShapes = T::NegShapes;
    type NegStrides = T::NegStrides;
}

impl<U, V, T, DT> Signs<HCons<NInt<V>, DT>> for HCons<PInt<U>, T>
where
    U: Unsigned + NonZero + core::ops::Sub<B1>,
    V: Unsigned + NonZero,
    Sub1<U>: core::ops::Mul<V>,
    T: Signs<DT>,
    T::NegMax: core::ops::Add<Prod<Sub1<U>, V>>,
{
    type PosMax = T::PosMax;
    type NegMax = Term<T::NegMax, U, V>;
    type NegShapes = HCons<PInt<U>, T::NegShapes>;
    type NegStrides = HCons<PInt<V>, T::NegStrides>;
}

/// The signed rule, for the largest positive sum `Self` of B's integer
/// leaves `IS:ID` on A's coalesced modes `AM` (CuTe C++ and the runtime
/// layer extend A to negative offsets as `A(-x) = -A(x)`). Where every sum
/// lies in A's first coalesced mode `s₀:d₀`, A is linear on them
/// (`A(x) = x·d₀` for `|x| < s₀`): both `Σ (s-1)·d` and `Σ (s-1)·|d|`
/// below `s₀`. Else:
/// - no positive leaf (`U0`): `B(c) = -B'(c)` with `B'` mirrored (`s:|d|`),
///   so B distributes where `B'` does: the splits of `B'`;
/// - positive and negative leaves: `A(p - q) = A(p) - A(q)` would need no
///   borrow across a digit of A's radix, which the types do not prove:
///   refused (`try_composition` checks it point by point).
pub trait SignRule<AM, IS, ID> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

/// Both largest sums of the leaves `IS:ID` below `S0`.
type InFirstMode<IS, ID, S0> =
    And<Le<<IS as Signs<ID>>::PosMax, S0>, Le<<IS as Signs<ID>>::NegMax, S0>>;

impl<S0, D0, AT, IS, ID> SignRule<HCons<Mode<S0, D0>, AT>, IS, ID> for U0
where
    IS: Signs<ID>,
    <IS as Signs<ID>>::NegMax: IsLess<S0>,
    Le<<IS as Signs<ID>>::NegMax, S0>: OrMirrored<HCons<Mode<S0, D0>, AT>, IS, ID>,
{
    type Verdict =
        <Le<<IS as Signs<ID>>::NegMax, S0> as OrMirrored<HCons<Mode<S0, D0>, AT>, IS, ID>>::Verdict;
}

impl<U, B, S0, D0, AT, IS, ID> SignRule<HCons<Mode<S0, D0>, AT>, IS, ID> for UInt<U, B>
where
    IS: Signs<ID>,
    <IS as Signs<ID>>::PosMax: IsLess<S0>,
    <IS as Signs<ID>>::NegMax: IsLess<S0>,
    Le<<IS as Signs<ID>>::PosMax, S0>: BitAnd<Le<<IS as Signs<ID>>::NegMax, S0>>,
    InFirstMode<IS, ID, S0>: Holds<Distributivity>,
{
    type Verdict = <InFirstMode<IS, ID, S0> as Holds<Distributivity>>::Verdict;
}

/// `Pass` for `B1` (B's sums inside A's first mode), else the splits of
/// B's negative leaves `IS:ID` mirrored, on A's coalesced modes `AM`.
pub trait OrMirrored<AM, IS, ID> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

impl<AM, IS, ID> OrMirrored<AM, IS, ID> for B1 {
    type Verdict = Pass;
}

/// B's negative leaves mirrored and sorted by stride.
type Mirrored<IS, ID> =
    <<IS as Signs<ID>>::NegShapes as SortModes<<IS as Signs<ID>>::NegStrides>>::Output;

impl<AM, IS, ID> OrMirrored<AM, IS, ID> for B0
where
    IS: Signs<ID>,
    <IS as Signs<ID>>::NegShapes: SortModes<<IS as Signs<ID>>::NegStrides>,
    Mirrored<IS, ID>: Splits<AM, U0>,
{
    type Verdict = <Mirrored<IS, ID> as Splits<AM, U0>>::Verdict;
}

/// Splits flat leaves (extents `Self`, strides `D`) by the kind of their stride.
pub trait ByKind<D> {
    /// The extents of the leaves with an integer stride.
    type IntShapes;
    /// Their strides.
    type IntStrides;
    /// The extents of the leaves with a scaled-basis stride.
    type BaseShapes;
    /// Their strides.
    type BaseStrides;
}

impl ByKind<HNil> for HNil {
    type IntShapes = HNil;
    type IntStrides = HNil;
    type BaseShapes = HNil;
    type BaseStrides = HNil;
}

impl<S, V, P, T: ByKind<DT>, DT> ByKind<HCons<ScaledBasis<V, P>, DT>> for HCons<S, T> {
    type IntShapes = T::IntShapes;
    type IntStrides = T::IntStrides;
    type BaseShapes = HCons<S, T::BaseShapes>;
    type BaseStrides = HCons<ScaledBasis<V, P>, T::BaseStrides>;
}

macro_rules! integer_kind {
    ($([$($g:tt)*] $D:ty),*) => {$(
        impl<$($g)* S, T: ByKind<DT>, DT> ByKind<HCons<$D, DT>> for HCons<S, T> {
            type IntShapes = HCons<S, T::IntShapes>;
            type IntStrides = HCons<$D, T::IntStrides>;
            type BaseShapes = T::BaseShapes;
            type BaseStrides = T::BaseStrides;
        }
    )*};
}
integer_kind!([] Z0, [U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] NInt<U>);

/// For each scaled-basis leaf (`Self`, strides `D`) of B, whose leaves on
/// that mode of A are taken from `AllS:AllD`: those leaves, sorted by scale,
/// split at boundaries of that mode's coalesced radix.
pub trait OnModes<D, AllS, AllD, A> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

impl<AllS, AllD, A> OnModes<HNil, AllS, AllD, A> for HNil {
    type Verdict = Pass;
}

/// B's leaves on the mode of A at `P`, sorted by scale.
type OnSorted<AllS, AllD, P> =
    <<AllS as OnPath<AllD, P>>::Shapes as SortModes<<AllS as OnPath<AllD, P>>::Strides>>::Output;
/// Their verdict on that mode's coalesced radix.
type OnVerdict<AllS, AllD, P, A> =
    <OnSorted<AllS, AllD, P> as Splits<Coalesced<<A as ModeAt<P>>::Output>, U0>>::Verdict;

impl<S, T, V, P, DT, AllS, AllD, A> OnModes<HCons<ScaledBasis<V, P>, DT>, AllS, AllD, A>
    for HCons<S, T>
where
    AllS: OnPath<AllD, P>,
    <AllS as OnPath<AllD, P>>::Shapes: SortModes<<AllS as OnPath<AllD, P>>::Strides>,
    A: ModeAt<P>,
    <A as ModeAt<P>>::Output: StaticModes,
    ModesOf<<A as ModeAt<P>>::Output>: CoalesceX,
    OnSorted<AllS, AllD, P>: Splits<Coalesced<<A as ModeAt<P>>::Output>, U0>,
    T: OnModes<DT, AllS, AllD, A>,
    OnVerdict<AllS, AllD, P, A>: First<<T as OnModes<DT, AllS, AllD, A>>::Verdict>,
{
    type Verdict = Then<OnVerdict<AllS, AllD, P, A>, <T as OnModes<DT, AllS, AllD, A>>::Verdict>;
}

/// The scaled-basis leaves `s : v@P` of the lists `Self:D` as `s : v`.
pub trait OnPath<D, P> {
    /// Their extents.
    type Shapes;
    /// Their scales `v`.
    type Strides;
}

impl<P> OnPath<HNil, P> for HNil {
    type Shapes = HNil;
    type Strides = HNil;
}

impl<S, T, V, Q, DT, P> OnPath<HCons<ScaledBasis<V, Q>, DT>, P> for HCons<S, T>
where
    Q: SamePath<P>,
    T: OnPath<DT, P>,
    <Q as SamePath<P>>::Output: KeepIf<S, V, T::Shapes, T::Strides>,
{
    type Shapes = <<Q as SamePath<P>>::Output as KeepIf<S, V, T::Shapes, T::Strides>>::Shapes;
    type Strides = <<Q as SamePath<P>>::Output as KeepIf<S, V, T::Shapes, T::Strides>>::Strides;
}

/// The leaf `S:V` prepended to the lists `LS:LD` for `B1`, the lists for `B0`.
pub trait KeepIf<S, V, LS, LD> {
    /// The extents.
    type Shapes;
    /// The strides.
    type Strides;
}

impl<S, V, LS, LD> KeepIf<S, V, LS, LD> for B1 {
    type Shapes = HCons<S, LS>;
    type Strides = HCons<V, LD>;
}

impl<S, V, LS, LD> KeepIf<S, V, LS, LD> for B0 {
    type Shapes = LS;
    type Strides = LD;
}

/// Every split of the sorted leaves (`Self`) has a boundary of A's radix; `Lower` is the
/// largest sum of the leaves below.
pub trait Splits<AM, Lower> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

impl<AM, Lower> Splits<AM, Lower> for HNil {
    type Verdict = Pass;
}

impl<AM, Lower, S, X> Splits<AM, Lower> for HCons<Mode<S, X>, HNil> {
    type Verdict = Pass;
}

impl<AM, Lower> Splits<AM, Lower> for HCons<Neg, HNil> {
    type Verdict = Pass;
}

// A negative stride among several leaves of a scaled-basis mode: the runtime
// layer checks point by point; refused here (B's integer leaves take the
// signed rule, see `SignedSplits`).
impl<AM, Lower, N, T> Splits<AM, Lower> for HCons<Neg, HCons<N, T>> {
    type Verdict = Distributivity;
}

/// `Lower + (S-1)·X`.
type Raise<Lower, S, X> = Sum<Lower, Prod<Sub1<S>, X>>;

impl<AM, Lower, S: Unsigned + NonZero, X, N, T> Splits<AM, Lower>
    for HCons<Mode<PInt<S>, X>, HCons<N, T>>
where
    S: core::ops::Sub<B1>,
    Sub1<S>: core::ops::Mul<X>,
    Lower: core::ops::Add<Prod<Sub1<S>, X>>,
    HCons<N, T>: GcdAll,
    AM: Boundary<Raise<Lower, S, X>, <HCons<N, T> as GcdAll>::Output, U1>,
    <AM as Boundary<Raise<Lower, S, X>, <HCons<N, T> as GcdAll>::Output, U1>>::Output:
        Continue<HCons<N, T>, AM, Raise<Lower, S, X>>,
{
    type Verdict = <<AM as Boundary<Raise<Lower, S, X>, <HCons<N, T> as GcdAll>::Output, U1>>::Output as Continue<
        HCons<N, T>,
        AM,
        Raise<Lower, S, X>,
    >>::Verdict;
}

/// Branch on "this split has a boundary".
pub trait Continue<T, AM, Lower> {
    /// `Pass` or `Distributivity`.
    type Verdict;
}

impl<T: Splits<AM, Lower>, AM, Lower> Continue<T, AM, Lower> for B1 {
    type Verdict = <T as Splits<AM, Lower>>::Verdict;
}

impl<T, AM, Lower> Continue<T, AM, Lower> for B0 {
    type Verdict = Distributivity;
}

/// The gcd of the strides of a list of leaves (a negative one makes the split fail later).
pub trait GcdAll {
    /// The gcd (unsigned).
    type Output;
}

impl<S, X> GcdAll for HCons<Mode<S, X>, HNil> {
    type Output = X;
}

impl<S, X, N, T> GcdAll for HCons<Mode<S, X>, HCons<N, T>>
where
    HCons<N, T>: GcdAll,
    X: Gcd<<HCons<N, T> as GcdAll>::Output>,
{
    type Output = Gcf<X, <HCons<N, T> as GcdAll>::Output>;
}

impl<T> GcdAll for HCons<Neg, T> {
    type Output = U1;
}

/// Whether some boundary `M` of A's radix (`Self`, from prefix size `P`) has
/// `Lower < M` and `M | G`.
pub trait Boundary<Lower, G, P> {
    /// `B1` or `B0`.
    type Output;
}

// The last mode: any multiple of P; G itself is the best.
impl<S, D, Lower, G, P> Boundary<Lower, G, P> for HCons<Mode<S, D>, HNil>
where
    G: DivRem<P> + IsEqual<U0>,
    RemOf<G, P>: IsEqual<U0>,
    Lower: IsLess<G>,
    Eq<RemOf<G, P>, U0>: BitAnd<Le<Lower, G>>,
{
    type Output = And<Eq<RemOf<G, P>, U0>, Le<Lower, G>>;
}

// Mode S: the largest boundary P·r (r | S) dividing G has r = gcd(S, G/P).
impl<S, D, N, T, Lower, G, P> Boundary<Lower, G, P> for HCons<Mode<S, D>, HCons<N, T>>
where
    G: DivRem<P> + DivRem<P>,
    RemOf<G, P>: IsEqual<U0>,
    S: Gcd<QuotOf<G, P>>,
    P: core::ops::Mul<Gcf<S, QuotOf<G, P>>> + core::ops::Mul<S>,
    Lower: IsLess<Prod<P, Gcf<S, QuotOf<G, P>>>>,
    Eq<RemOf<G, P>, U0>: BitAnd<Le<Lower, Prod<P, Gcf<S, QuotOf<G, P>>>>>,
    And<Eq<RemOf<G, P>, U0>, Le<Lower, Prod<P, Gcf<S, QuotOf<G, P>>>>>:
        OrNext<HCons<N, T>, Lower, G, Prod<P, S>>,
{
    type Output = <And<Eq<RemOf<G, P>, U0>, Le<Lower, Prod<P, Gcf<S, QuotOf<G, P>>>>> as OrNext<
        HCons<N, T>,
        Lower,
        G,
        Prod<P, S>,
    >>::Output;
}

/// `B1`, or the boundary search on the next modes.
pub trait OrNext<T, Lower, G, P> {
    /// `B1` or `B0`.
    type Output;
}

impl<T, Lower, G, P> OrNext<T, Lower, G, P> for B1 {
    type Output = B1;
}

impl<T: Boundary<Lower, G, P>, Lower, G, P> OrNext<T, Lower, G, P> for B0 {
    type Output = <T as Boundary<Lower, G, P>>::Output;
}
