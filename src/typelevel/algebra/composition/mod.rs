//! `composition`: `R = A ∘ B` with `R(c) = A(B(c))` for every coordinate `c` of B.
//!
//! Base case `A ∘ s:d`, with `A` coalesced as CuTe C++'s `coalesce_x` to
//! modes `(c0,..,cR):(x0,..,xR)`: the walk of `leaves.rs`, one for static and
//! run-time leaves. With the rest `(s, d)`, at each mode but the last
//! `n = ⌈c_i/d⌉` and `d' = ⌈d/c_i⌉`; the mode is skipped when `n` or `s` is 1,
//! else it gives `min(n, s) : d·x_i` and the rest becomes `(s/min(n, s), d')`;
//! the last mode takes the rest, `s : d·x_R` (left out when it is 1 after
//! other modes). Its rules: where `s` elements cross a mode, `d` and `c_i`
//! divide one another (**stride divisibility**) and `min(n, s)` divides `s`
//! (**shape divisibility**); on static leaves they are compile errors.
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

pub(crate) mod basis;
mod distributive;
pub(crate) mod leaves;
pub(crate) mod plan;
pub(crate) mod tiler;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, P1, Z0};

use super::bymode::{Apply, ByModeLayout};
use super::coalesce::{CoalesceX, CoalescedLists};
use super::modes::{Build, Built, Concat, ModesOf, Parts, StaticModes};
use super::restructure::{ModeList, ModeListOf, NoMode, NthOr};
use crate::typelevel::check::rules::op;
use crate::typelevel::check::rules::op::CompositionOp;
use crate::typelevel::check::rules::Admissible;
use crate::typelevel::check::verdict::{BasisModeMissing, First, Pass, Then};
use crate::typelevel::{Layout, Tile};
use distributive::Distributes;
use leaves::ComposeWith;

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
    /// The verdict of the walk alone, without the distributivity proof (which
    /// a run-time point check can take over: the mixed composition by a
    /// tiler, see `tiler.rs`).
    type WalkVerdict;
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
    type WalkVerdict = <SB as ComposeTree<DB, A, Coalesced<A>>>::Verdict;
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
    type WalkVerdict = <Layout<PInt<U>, P1> as ComposeRhs<A>>::WalkVerdict;
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
    type WalkVerdict = Self::Verdict;
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

// A leaf s:d of B walks A's coalesced modes: the walk of `leaves.rs`, one
// for static and run-time leaves (static operands leave it no run-time
// check). Its rules on static leaves are the compile errors of this door.
impl<AM, Us, Ud, A> ComposeLeaf<Us, PInt<Ud>, A> for AM
where
    Us: Unsigned + NonZero,
    Ud: Unsigned + NonZero,
    AM: Build,
    Built<AM>: CoalescedLists,
    Layout<PInt<Us>, PInt<Ud>>: ComposeWith<ListsShapes<AM>, ListsStrides<AM>>,
    Layout<WalkedShape<AM, Us, Ud>, WalkedStride<AM, Us, Ud>>: Parts,
{
    type Output = Layout<WalkedShape<AM, Us, Ud>, WalkedStride<AM, Us, Ud>>;
    type Verdict =
        <Layout<PInt<Us>, PInt<Ud>> as ComposeWith<ListsShapes<AM>, ListsStrides<AM>>>::Verdict;
}

/// A's coalesced modes as the walk reads them: extents and strides.
type ListsShapes<AM> = <Built<AM> as CoalescedLists>::Shapes;
type ListsStrides<AM> = <Built<AM> as CoalescedLists>::Strides;
/// The walk's result.
type WalkedShape<AM, Us, Ud> =
    <Layout<PInt<Us>, PInt<Ud>> as ComposeWith<ListsShapes<AM>, ListsStrides<AM>>>::Shape;
type WalkedStride<AM, Us, Ud> =
    <Layout<PInt<Us>, PInt<Ud>> as ComposeWith<ListsShapes<AM>, ListsStrides<AM>>>::Stride;

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
    /// The mode's value (`1:0` where there is none).
    fn mode_at_path(self) -> Self::Output;
}

impl<S, D> ModeAt<HNil> for Layout<S, D> {
    type Output = Self;
    type Verdict = Pass;
    #[inline(always)]
    fn mode_at_path(self) -> Self {
        self
    }
}

impl<S, D, I, T> ModeAt<HCons<I, T>> for Layout<S, D>
where
    Self: ModeList,
    ModeListOf<Self>: NthOr<I>,
    <ModeListOf<Self> as NthOr<I>>::Output: ModeAt<T>,
{
    type Output = <<ModeListOf<Self> as NthOr<I>>::Output as ModeAt<T>>::Output;
    type Verdict = <<ModeListOf<Self> as NthOr<I>>::Output as ModeAt<T>>::Verdict;
    #[inline(always)]
    fn mode_at_path(self) -> Self::Output {
        self.mode_list().nth_or().mode_at_path()
    }
}

impl<P> ModeAt<P> for NoMode {
    type Output = Layout<P1, Z0>;
    type Verdict = BasisModeMissing;
    #[inline(always)]
    fn mode_at_path(self) -> Layout<P1, Z0> {
        Layout::from_parts(P1::new(), Z0::new())
    }
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
