//! `composition`: `R = A ∘ B` with `R(c) = A(B(c))` for every coordinate `c` of B.
//!
//! Base case `A ∘ s:d` (CuTe paper, 3.3.2), with `A` coalesced to modes
//! `(S0,..,SR):(D0,..,DR)` and prefix sizes `P_r = S0⋯S(r-1)`:
//! 1. *Truncate*: the indices `0, d, .., (s-1)·d` only reach modes up to the
//!    first `r` with `P(r+1) > (s-1)·d`; that mode is treated as the last
//!    (unbounded) one and later modes are dropped.
//! 2. *Divide out* `d`: mode by mode, a rest stride `ρ` (initially `d`) skips a
//!    whole mode when `S_r | ρ` (`ρ ← ρ/S_r`), or splits it into `S_r/ρ : D_r·ρ`
//!    when `ρ | S_r` (`ρ ← 1`); otherwise **stride divisibility** fails.
//! 3. *Keep* the first `s` elements: each emitted extent `n` must divide the
//!    rest `q` (initially `s`, `q ← q/n`), otherwise **shape divisibility**
//!    fails; the last mode takes the remaining `q`.
//!
//! A stride `d = 0` gives `s:0`. A B with several modes is composed leaf by leaf
//! (left distributivity), keeping B's hierarchy; a tiler `<T0, T1, ..>` applies
//! by mode (see `bymode.rs`); an integer `n` is `n:1`, as CuTe C++'s
//! composition reads it (its divides and products read it as
//! `make_layout(n)`, `1:0` for `n = 1`).
//!
//! A scaled-basis stride `v@i` of B (`v@i@j`: deeper) selects mode `i` of A and
//! composes it with `s:v`, as the runtime layer and CuTe C++ do; a path that
//! names no mode of A is refused (`BasisModeMissing`). B's leaves on one mode
//! of A must lie in separate digits of that mode, its integer leaves in
//! separate digits of A (left distributivity, see `distributive.rs`).
//!
//! Legal "apparent violations" are accepted, as in the paper:
//! `(4,2,8):(3,12,97) ∘ 3:3 = 3:9` (A coalesces to `(8,8):(3,97)` and 3
//! elements of stride 3 stay inside its first mode).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let r: Layout![3:9] = composition(layout!((4,2,8):(3,12,97)), layout!(3:3));
//! assert_eq!(r.to_string(), "3:9");
//! let t = composition(layout!((4,6,8,10):(2,3,5,7)), layout!(6:12));
//! assert_eq!(t.to_string(), "(2,3):(9,5)");
//! // 2:1@1 takes 2 elements of A's mode 1, 8:4 (CuTe C++: _2:_4).
//! assert_eq!(composition(layout!((4,8):(1,4)), layout!(2:1@1)).to_string(), "2:4");
//! let id = layout!((4,8):(1@0,1@1));
//! assert_eq!(composition(id, layout!((2,4):(2@0,1@1))).to_string(), "(2,4):(2@0,1@1)");
//! ```

mod distributive;
pub(crate) mod leaves;
pub(crate) mod plan;
pub(crate) mod tiler;

use frunk_core::hlist::{HCons, HNil};
use typenum::{
    Eq, IsEqual, IsLess, Le, NInt, NonZero, PInt, Prod, Sub1, Sum, UInt, Unsigned, B0, B1, P1, U0,
    U1, Z0,
};

use super::arith::{CeilQ, DivCeil, DivRem, QuotOf, RemOf};
use super::bymode::{Apply, ByModeLayout};
use super::coalesce::CoalesceX;
use super::modes::{Build, Built, Concat, Mode, ModesOf, MulU, MulUOut, Parts, StaticModes};
use super::restructure::{ModeList, ModeListOf, NoMode, NthOr};
use crate::typelevel::check::rules::op;
use crate::typelevel::check::rules::op::CompositionOp;
use crate::typelevel::check::rules::Admissible;
use crate::typelevel::check::verdict::{
    BasisModeMissing, First, Pass, ShapeDivisibility, StrideDivisibility, Then,
};
use crate::typelevel::{Layout, Tile};
use distributive::Distributes;

crate::typelevel::check::front_door::front_door!(
    r#"the layout `c ↦ a(b(c))`; inadmissible operands do not compile.

```
use layout_algebra::typelevel::*;
let r: ComposeOut<Layout![(6,2):(8,2)], Layout![(4,3):(3,1)]> =
    composition(layout!((6,2):(8,2)), layout!((4,3):(3,1)));
assert_eq!(r.to_string(), "((2,2),3):((24,2),8)");
let a = layout!(20:2);
let c: Layout![(5,4):(8,2)] = composition(a, layout!((5,4):(4,1)));
assert_eq!(c.call((1usize, 2usize)), a.call(4 * 1 + 1 * 2));
// By mode with a tiler: rows 0..4 and every second column of 0..16.
assert_eq!(composition(layout!((8,16):(20,1)), tile!(4:1, 8:2)).to_string(), "(4,8):(20,2)");
```"#,
    Compose,
    ComposeOut,
    composition,
    Admissible<CompositionOp>,
    TryCompose,
    b,
    Output: Parts
);

/// The verdict of `composition(A, B)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::check::Pass;
/// // `Pass` where `composition(A, B)` is admissible, else the violated rule.
/// let _: Pass = ComposeVerdict::<Layout![(6,2):(8,2)], Layout![(4,3):(3,1)]>::default();
/// ```
pub type ComposeVerdict<A, B> = <A as TryCompose<B>>::Verdict;

/// A's flat modes as composition walks them: coalesced, the last leaf kept
/// (CuTe C++'s `coalesce_x`; `((2,1)):((0,6)) ∘ 12:8 = 12:24`).
pub type Coalesced<A> = <ModesOf<A> as CoalesceX>::Output;

impl<S, D, B> TryCompose<B> for Layout<S, D>
where
    B: ComposeRhs<Self>,
{
    type Output = <B as ComposeRhs<Self>>::Output;
    type Verdict = <B as ComposeRhs<Self>>::Verdict;
}

/// The right operand's side of [`TryCompose`]: `A ∘ Self` for a layout, an integer or a tiler.
pub trait ComposeRhs<A> {
    /// The layout `A ∘ Self`.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<SB, DB, A> ComposeRhs<A> for Layout<SB, DB>
where
    A: StaticModes,
    ModesOf<A>: CoalesceX,
    SB: ComposeTree<DB, A, Coalesced<A>> + Distributes<DB, A, Coalesced<A>>,
    <SB as ComposeTree<DB, A, Coalesced<A>>>::Verdict:
        First<<SB as Distributes<DB, A, Coalesced<A>>>::Verdict>,
{
    type Output = <SB as ComposeTree<DB, A, Coalesced<A>>>::Output;
    type Verdict = Then<
        <SB as ComposeTree<DB, A, Coalesced<A>>>::Verdict,
        <SB as Distributes<DB, A, Coalesced<A>>>::Verdict,
    >;
}

// An integer n is n:1, as CuTe C++'s composition reads it (the divides and
// products read it as make_layout(n), 1:0 for n = 1).
impl<U, A> ComposeRhs<A> for PInt<U>
where
    U: Unsigned + NonZero,
    Layout<PInt<U>, P1>: ComposeRhs<A>,
{
    type Output = <Layout<PInt<U>, P1> as ComposeRhs<A>>::Output;
    type Verdict = <Layout<PInt<U>, P1> as ComposeRhs<A>>::Verdict;
}

// By mode; the modes of A beyond the tiler are dropped (CuTe C++).
impl<T, A> ComposeRhs<A> for Tile<T>
where
    T: ByModeLayout<op::CompositionOp, A>,
    <T as ByModeLayout<op::CompositionOp, A>>::Tiled: Concat,
    <<T as ByModeLayout<op::CompositionOp, A>>::Tiled as Concat>::Output: Parts,
{
    type Output = <<T as ByModeLayout<op::CompositionOp, A>>::Tiled as Concat>::Output;
    type Verdict = <T as ByModeLayout<op::CompositionOp, A>>::Verdict;
}

impl<E, A> Apply<op::CompositionOp, A> for E
where
    E: ComposeRhs<A>,
{
    type Output = <E as ComposeRhs<A>>::Output;
    type Verdict = <E as ComposeRhs<A>>::Verdict;
}

/// Composes A (coalesced modes `AM`) with B's sub-layout `Self:DB`, keeping B's hierarchy.
pub trait ComposeTree<DB, A, AM> {
    /// The result layout.
    type Output: Parts;
    /// The first failing verdict.
    type Verdict;
}

impl<U, DB, A, AM> ComposeTree<DB, A, AM> for PInt<U>
where
    U: Unsigned + NonZero,
    AM: ComposeLeaf<U, DB, A>,
{
    type Output = <AM as ComposeLeaf<U, DB, A>>::Output;
    type Verdict = <AM as ComposeLeaf<U, DB, A>>::Verdict;
}

impl<A, AM> ComposeTree<HNil, A, AM> for HNil {
    type Output = Layout<HNil, HNil>;
    type Verdict = Pass;
}

impl<S0, ST, D0, DT, A, AM> ComposeTree<HCons<D0, DT>, A, AM> for HCons<S0, ST>
where
    S0: ComposeTree<D0, A, AM>,
    ST: ComposeTree<DT, A, AM>,
    <S0 as ComposeTree<D0, A, AM>>::Verdict: First<<ST as ComposeTree<DT, A, AM>>::Verdict>,
{
    type Output = Layout<
        HCons<
            <<S0 as ComposeTree<D0, A, AM>>::Output as Parts>::Shape,
            <<ST as ComposeTree<DT, A, AM>>::Output as Parts>::Shape,
        >,
        HCons<
            <<S0 as ComposeTree<D0, A, AM>>::Output as Parts>::Stride,
            <<ST as ComposeTree<DT, A, AM>>::Output as Parts>::Stride,
        >,
    >;
    type Verdict =
        Then<<S0 as ComposeTree<D0, A, AM>>::Verdict, <ST as ComposeTree<DT, A, AM>>::Verdict>;
}

/// The base case `A ∘ Us:D` on A's coalesced modes (`Self`); a scaled-basis
/// `D` reads the mode of `A` it names.
pub trait ComposeLeaf<Us, D, A> {
    /// The result layout.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

// A ∘ s:0 = s:0.
impl<AM, Us, A> ComposeLeaf<Us, Z0, A> for AM
where
    Us: Unsigned + NonZero,
{
    type Output = Layout<PInt<Us>, Z0>;
    type Verdict = Pass;
}

impl<AM, Us, Ud, A> ComposeLeaf<Us, PInt<Ud>, A> for AM
where
    Ud: Unsigned + NonZero,
    Us: LeafSize<AM, Ud>,
{
    type Output = <Us as LeafSize<AM, Ud>>::Output;
    type Verdict = <Us as LeafSize<AM, Ud>>::Verdict;
}

// A scaled-basis stride v@i of B selects mode i of A (v@i@j: mode j of mode i)
// and composes it with s:v (the runtime layer and CuTe C++).
impl<AM, Us, V, P, A> ComposeLeaf<Us, crate::typelevel::ScaledBasis<V, P>, A> for AM
where
    Us: Unsigned + NonZero,
    A: ModeAt<P>,
    Layout<PInt<Us>, V>: ComposeRhs<<A as ModeAt<P>>::Output>,
    <A as ModeAt<P>>::Verdict:
        First<<Layout<PInt<Us>, V> as ComposeRhs<<A as ModeAt<P>>::Output>>::Verdict>,
{
    type Output = <Layout<PInt<Us>, V> as ComposeRhs<<A as ModeAt<P>>::Output>>::Output;
    type Verdict = Then<
        <A as ModeAt<P>>::Verdict,
        <Layout<PInt<Us>, V> as ComposeRhs<<A as ModeAt<P>>::Output>>::Verdict,
    >;
}

/// The mode of a layout at the basis path `P` (outermost index first): CuTe's
/// `get<P...>`, a leaf being its own mode 0. Where there is none, `1:0` in
/// its place and the verdict [`BasisModeMissing`].
pub trait ModeAt<P> {
    /// The mode.
    type Output;
    /// `Pass` or `BasisModeMissing`.
    type Verdict;
}

impl<S, D> ModeAt<HNil> for Layout<S, D> {
    type Output = Self;
    type Verdict = Pass;
}

impl<S, D, I, T> ModeAt<HCons<I, T>> for Layout<S, D>
where
    Self: ModeList,
    ModeListOf<Self>: NthOr<I>,
    <ModeListOf<Self> as NthOr<I>>::Output: ModeAt<T>,
{
    type Output = <<ModeListOf<Self> as NthOr<I>>::Output as ModeAt<T>>::Output;
    type Verdict = <<ModeListOf<Self> as NthOr<I>>::Output as ModeAt<T>>::Verdict;
}

impl<P> ModeAt<P> for NoMode {
    type Output = Layout<P1, Z0>;
    type Verdict = BasisModeMissing;
}

// A negative stride mirrors A (CuTe C++: A(-x) = -A(x)): compose with |d|, negate the strides.
impl<AM, Us, Ud, A> ComposeLeaf<Us, NInt<Ud>, A> for AM
where
    Ud: Unsigned + NonZero,
    AM: ComposeLeaf<Us, PInt<Ud>, A>,
    <AM as ComposeLeaf<Us, PInt<Ud>, A>>::Output: NegateStrides,
    <<AM as ComposeLeaf<Us, PInt<Ud>, A>>::Output as NegateStrides>::Output: Parts,
{
    type Output = <<AM as ComposeLeaf<Us, PInt<Ud>, A>>::Output as NegateStrides>::Output;
    type Verdict = <AM as ComposeLeaf<Us, PInt<Ud>, A>>::Verdict;
}

/// A layout with every stride negated.
pub trait NegateStrides {
    /// The layout.
    type Output;
}

impl<S, D> NegateStrides for Layout<S, D>
where
    D: NegList,
{
    type Output = Layout<S, <D as NegList>::Output>;
}

/// Negates a stride or a flat tuple of strides.
pub trait NegList {
    /// The negation.
    type Output;
}

impl NegList for Z0 {
    type Output = Z0;
}

impl<U: Unsigned + NonZero> NegList for PInt<U> {
    type Output = NInt<U>;
}

impl<U: Unsigned + NonZero> NegList for NInt<U> {
    type Output = PInt<U>;
}

// A dynamic stride's negation is dynamic (a stride of the mixed composition).
impl NegList for crate::typelevel::Dyn {
    type Output = crate::typelevel::Dyn;
}

impl<V: NegList, P> NegList for crate::typelevel::ScaledBasis<V, P> {
    type Output = crate::typelevel::ScaledBasis<V::Output, P>;
}

impl NegList for HNil {
    type Output = HNil;
}

impl<H: NegList, T: NegList> NegList for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
}

/// The base case split on B's extent: `1` (one offset) or more.
pub trait LeafSize<AM, Ud> {
    /// The result layout.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

// A ∘ 1:d is 1:D·ρ, ρ being d ceil-divided by each of A's modes but the last, D the last
// stride (the runtime layer's and CuTe C++'s convention for the stride of a size-1 result).
impl<AM, Ud> LeafSize<AM, Ud> for U1
where
    AM: CeilChain<Ud>,
{
    type Output = Layout<P1, <AM as CeilChain<Ud>>::Output>;
    type Verdict = Pass;
}

impl<X, B, C, AM, Ud> LeafSize<AM, Ud> for UInt<UInt<X, B>, C>
where
    UInt<UInt<X, B>, C>: core::ops::Sub<B1>,
    Sub1<UInt<UInt<X, B>, C>>: core::ops::Mul<Ud>,
    AM: ComposeWalk<
        Mode<UInt<UInt<X, B>, C>, Ud>,
        Ud,
        UInt<UInt<X, B>, C>,
        Prod<Sub1<UInt<UInt<X, B>, C>>, Ud>,
        U1,
    >,
    <AM as ComposeWalk<
        Mode<UInt<UInt<X, B>, C>, Ud>,
        Ud,
        UInt<UInt<X, B>, C>,
        Prod<Sub1<UInt<UInt<X, B>, C>>, Ud>,
        U1,
    >>::Output: Build,
    Built<
        <AM as ComposeWalk<
            Mode<UInt<UInt<X, B>, C>, Ud>,
            Ud,
            UInt<UInt<X, B>, C>,
            Prod<Sub1<UInt<UInt<X, B>, C>>, Ud>,
            U1,
        >>::Output,
    >: Parts,
{
    type Output = Built<
        <AM as ComposeWalk<
            Mode<UInt<UInt<X, B>, C>, Ud>,
            Ud,
            UInt<UInt<X, B>, C>,
            Prod<Sub1<UInt<UInt<X, B>, C>>, Ud>,
            U1,
        >>::Output,
    >;
    type Verdict = <AM as ComposeWalk<
        Mode<UInt<UInt<X, B>, C>, Ud>,
        Ud,
        UInt<UInt<X, B>, C>,
        Prod<Sub1<UInt<UInt<X, B>, C>>, Ud>,
        U1,
    >>::Verdict;
}

/// `D_last · ρ` with `ρ` ceil-divided by every mode's extent but the last's.
pub trait CeilChain<Rs> {
    /// The stride.
    type Output;
}

impl<S, D, Rs> CeilChain<Rs> for HCons<Mode<S, D>, HNil>
where
    D: MulU<Rs>,
{
    type Output = MulUOut<D, Rs>;
}

impl<S, D, N, T, Rs> CeilChain<Rs> for HCons<Mode<S, D>, HCons<N, T>>
where
    Rs: DivCeil<S>,
    HCons<N, T>: CeilChain<CeilQ<Rs, S>>,
{
    type Output = <HCons<N, T> as CeilChain<CeilQ<Rs, S>>>::Output;
}

/// The walk over A's modes for the leaf `Bl = M<s, d>` of B, with rest stride
/// `Rs`, rest shape `Q`, reach `Lim = (s-1)·d` and prefix size `P` of the modes
/// before `Self`'s head.
pub trait ComposeWalk<Bl, Rs, Q, Lim, P> {
    /// The result modes.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

// A's last mode takes what is left: Q : D·Rs.
impl<Bl, S, D, Rs, Q, Lim, P> ComposeWalk<Bl, Rs, Q, Lim, P> for HCons<Mode<S, D>, HNil>
where
    D: MulU<Rs>,
{
    type Output = HCons<Mode<Q, MulUOut<D, Rs>>, HNil>;
    type Verdict = Pass;
}

// A mode followed by others: is it the last one reached, i.e. (s-1)·d < P·S?
impl<Bl, S, D, N, T, Rs, Q, Lim, P> ComposeWalk<Bl, Rs, Q, Lim, P>
    for HCons<Mode<S, D>, HCons<N, T>>
where
    P: core::ops::Mul<S>,
    Lim: IsLess<Prod<P, S>>,
    Le<Lim, Prod<P, S>>: Reached<Bl, S, D, HCons<N, T>, Rs, Q, Lim, Prod<P, S>>,
{
    type Output =
        <Le<Lim, Prod<P, S>> as Reached<Bl, S, D, HCons<N, T>, Rs, Q, Lim, Prod<P, S>>>::Output;
    type Verdict =
        <Le<Lim, Prod<P, S>> as Reached<Bl, S, D, HCons<N, T>, Rs, Q, Lim, Prod<P, S>>>::Verdict;
}

/// Branch on "mode `S:D` is the last one reached" (`B1`) or not (`B0`); `P` includes `S`.
pub trait Reached<Bl, S, D, T, Rs, Q, Lim, P> {
    /// The result modes.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<Bl, S, D, T, Rs, Q, Lim, P> Reached<Bl, S, D, T, Rs, Q, Lim, P> for B1
where
    D: MulU<Rs>,
{
    type Output = HCons<Mode<Q, MulUOut<D, Rs>>, HNil>;
    type Verdict = Pass;
}

impl<Bl, S, D, T, Rs, Q, Lim, P> Reached<Bl, S, D, T, Rs, Q, Lim, P> for B0
where
    Rs: DivRem<S>,
    RemOf<Rs, S>: IsEqual<U0>,
    Eq<RemOf<Rs, S>, U0>: Skip<Bl, S, D, T, Rs, Q, Lim, P>,
{
    type Output = <Eq<RemOf<Rs, S>, U0> as Skip<Bl, S, D, T, Rs, Q, Lim, P>>::Output;
    type Verdict = <Eq<RemOf<Rs, S>, U0> as Skip<Bl, S, D, T, Rs, Q, Lim, P>>::Verdict;
}

/// Branch on `S | Rs`: the stride steps over the whole mode (`B1`), or not (`B0`).
pub trait Skip<Bl, S, D, T, Rs, Q, Lim, P> {
    /// The result modes.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<Bl, S, D, T, Rs, Q, Lim, P> Skip<Bl, S, D, T, Rs, Q, Lim, P> for B1
where
    Rs: DivRem<S>,
    T: ComposeWalk<Bl, QuotOf<Rs, S>, Q, Lim, P>,
{
    type Output = <T as ComposeWalk<Bl, QuotOf<Rs, S>, Q, Lim, P>>::Output;
    type Verdict = <T as ComposeWalk<Bl, QuotOf<Rs, S>, Q, Lim, P>>::Verdict;
}

impl<Bl, S, D, T, Rs, Q, Lim, P> Skip<Bl, S, D, T, Rs, Q, Lim, P> for B0
where
    S: DivRem<Rs>,
    RemOf<S, Rs>: IsEqual<U0>,
    Eq<RemOf<S, Rs>, U0>: SplitMode<Bl, S, D, T, Rs, Q, Lim, P>,
{
    type Output = <Eq<RemOf<S, Rs>, U0> as SplitMode<Bl, S, D, T, Rs, Q, Lim, P>>::Output;
    type Verdict = <Eq<RemOf<S, Rs>, U0> as SplitMode<Bl, S, D, T, Rs, Q, Lim, P>>::Verdict;
}

/// Branch on `Rs | S`: the mode splits into `S/Rs : D·Rs` (`B1`), or stride divisibility fails.
pub trait SplitMode<Bl, S, D, T, Rs, Q, Lim, P> {
    /// The result modes.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<Us, Ud, S, D, T, Rs, Q, Lim, P> SplitMode<Mode<Us, Ud>, S, D, T, Rs, Q, Lim, P> for B0
where
    D: MulU<Rs>,
{
    type Output = HCons<Mode<Q, MulUOut<D, Rs>>, HNil>;
    type Verdict = StrideDivisibility<P, Ud>;
}

impl<Bl, S, D, T, Rs, Q, Lim, P> SplitMode<Bl, S, D, T, Rs, Q, Lim, P> for B1
where
    S: DivRem<Rs>,
    Q: DivRem<QuotOf<S, Rs>>,
    RemOf<Q, QuotOf<S, Rs>>: IsEqual<U0>,
    Eq<RemOf<Q, QuotOf<S, Rs>>, U0>: KeepMode<Bl, QuotOf<S, Rs>, MulUOut<D, Rs>, T, Q, Lim, P>,
    D: MulU<Rs>,
{
    type Output = <Eq<RemOf<Q, QuotOf<S, Rs>>, U0> as KeepMode<
        Bl,
        QuotOf<S, Rs>,
        MulUOut<D, Rs>,
        T,
        Q,
        Lim,
        P,
    >>::Output;
    type Verdict = <Eq<RemOf<Q, QuotOf<S, Rs>>, U0> as KeepMode<
        Bl,
        QuotOf<S, Rs>,
        MulUOut<D, Rs>,
        T,
        Q,
        Lim,
        P,
    >>::Verdict;
}

/// Branch on `N | Q`: keep the whole mode `N:E` (`B1`), or shape divisibility fails.
pub trait KeepMode<Bl, N, E, T, Q, Lim, P> {
    /// The result modes.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<Bl, N, E, T, Q, Lim, P> KeepMode<Bl, N, E, T, Q, Lim, P> for B1
where
    Q: DivRem<N>,
    T: ComposeWalk<Bl, U1, QuotOf<Q, N>, Lim, P>,
{
    type Output = HCons<Mode<N, E>, <T as ComposeWalk<Bl, U1, QuotOf<Q, N>, Lim, P>>::Output>;
    type Verdict = <T as ComposeWalk<Bl, U1, QuotOf<Q, N>, Lim, P>>::Verdict;
}

// The selection spans ⌈P/d⌉ elements of A's first modes, which do not divide s.
impl<Us, Ud, N, E, T, Q, Lim, P> KeepMode<Mode<Us, Ud>, N, E, T, Q, Lim, P> for B0
where
    P: core::ops::Add<Ud>,
    Sum<P, Ud>: core::ops::Sub<B1>,
    Sub1<Sum<P, Ud>>: DivRem<Ud>,
{
    type Output = HCons<Mode<Q, E>, HNil>;
    type Verdict = ShapeDivisibility<QuotOf<Sub1<Sum<P, Ud>>, Ud>, Us>;
}
