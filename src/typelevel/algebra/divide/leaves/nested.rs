//! The logical divide of one mode that nests dynamic leaves (the mode
//! `(2,M):(1,2)` of `((2,M),K):((1,2),2M)`) by a tiler entry `B`, for the
//! divides of [`divide::leaves`](super).
//!
//! `logical_divide(A_m, B) = (A_m ∘ B, A_m ∘ complement(B, shape(A_m)))`, both
//! compositions by [`try_composition`](crate::typelevel::try_composition)'s
//! walk (a leaf of its right operand is static where its operands are, as in
//! CuTe C++). With a dynamic size, the complement is CuTe C++'s by the shape:
//! `B`'s gap modes, then `coalesce(ceil_div(shape(A_m), E))` with compact
//! strides from `E`, the extent `B` and its gaps fill (`ceil_div((a₀,a₁,..), E)
//! = (⌈a₀/E⌉, ⌈a₁/⌈E/a₀⌉⌉, ..)`; `coalesce` multiplies neighbours that are both
//! static or both dynamic), so that an extent `E` divides statically stays
//! static (`(4,M):(1,4)` by `<2>`: rest `(_2,M):(_2,_4)`); a `B` that filters to
//! nothing (`1`, `1:0`, `4:0`) gives CuTe C++'s `make_layout(coalesce(shape(A_m)))`,
//! not coalesced again (`(_200,M,_7)`: `(_200,M,_7):(_1,_200,200M)`); with a static size
//! (static extents, dynamic strides) it is the static complement. As for a
//! flat dynamic mode, the last tile may reach past the size (the tiles extend
//! the mode's last leaf, as CuTe C++ and the runtime layer do); a
//! [`DivBy<N>`](crate::typelevel::DivBy) size with `E | N` proves that none
//! does. The static checks of the compositions and of the complement are
//! compile errors (`<3>` on `(2,M):(1,2)`: 3 elements cross the extent-2 leaf
//! off its boundary); the run-time ones are the composition's errors
//! (`ShapeDivisibility`, `StrideDivisibility`, `Overflow`), where CuTe C++
//! answers wrongly (`((M,2)):((1,M))` by `<4>` with `M = 3`: a tile of 3
//! elements).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let (m, k) = (6, 5); // ((2,M),K):((1,2),2M)
//! let a = Layout::try_new(hlist![hlist![_2, Dyn(m)], Dyn(k)], hlist![hlist![_1, _2], Dyn(2 * m)])
//!     .unwrap();
//! let r = try_logical_divide(a, tile!(4)).unwrap();
//! assert_eq!(format!("{r:#}"), "(((_2,_2),3),5):(((_1,_2),_4),12)"); // as CuTe C++
//! ```

use core::marker::PhantomData;
use core::ops::Mul;
use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;
use typenum::{IsEqual, NonZero, PInt, Unsigned, B0, B1, U1};

use super::plan::{ModePlan, RunMode};
use super::{
    exact, DivideParts, DynExtent, EntryOf, EntryShape, Fault, Filled, FilledBy, Fills, Gaps,
    ModeDivide, SizeOf, StaticRest, TileEntry,
};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::coalesce::{CoalesceAny, FlatLists};
use crate::typelevel::algebra::complement::{TryComplement, TryComplementDefault};
use crate::typelevel::algebra::composition::leaves::{Arith, MixedComposition, Scale};
use crate::typelevel::algebra::filter::FilterOut;
use crate::typelevel::algebra::modes::{Parts, StaticValue};
use crate::typelevel::algebra::size::StaticSize;
use crate::typelevel::algebra::values::{FlatLeaves, Values};
use crate::typelevel::check::verdict::{First, NotEvenlyDivided, Then};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::tuple::{IntTuple, Pair};
use crate::typelevel::Layout;

/// `complement(B, s)` for the size `Self = s` of a nested mode: the static
/// complement for a static `s`, CuTe C++'s complement by the shape of the mode for a dynamic one.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NestedRest<B, L> {
    /// The complement's shape.
    type Shape: Copy;
    /// The complement's stride.
    type Stride: Copy;
    /// `Pass` or the complement's violated rule (`B` not complementable).
    type Verdict;
    /// Whether `B` and its complement provably fill `s` exactly.
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else `NotEvenlyDivided` with `s` and `E`.
    type Evenness;
    /// The complement's value, for the nested mode `l` of size `self`.
    fn complement_of(self, l: L) -> Result<Layout<Self::Shape, Self::Stride>, Fault>;
}
impl<U: Unsigned + NonZero, B, L> NestedRest<B, L> for PInt<U>
where
    B: TileEntry + FilledBy,
    EntryOf<B>: TryComplement<PInt<U>>,
    StaticRest<B, U>: Parts,
    <StaticRest<B, U> as Parts>::Shape: IntTuple + StaticValue,
    <StaticRest<B, U> as Parts>::Stride: StaticValue + Copy,
    EntryShape<B>: IntTuple,
    PInt<U>: IntLeaf,
    SizeOf<EntryShape<B>>: Fills<
        SizeOf<<StaticRest<B, U> as Parts>::Shape>,
        PInt<U>,
        NotEvenlyDivided<PInt<U>, <B as FilledBy>::E>,
    >,
{
    type Shape = <StaticRest<B, U> as Parts>::Shape;
    type Stride = <StaticRest<B, U> as Parts>::Stride;
    type Verdict = <EntryOf<B> as TryComplement<PInt<U>>>::Verdict;
    const EVEN: bool = exact(
        <SizeOf<EntryShape<B>> as IntLeaf>::STATIC,
        <SizeOf<<StaticRest<B, U> as Parts>::Shape> as IntLeaf>::STATIC,
        <PInt<U> as IntLeaf>::STATIC,
    );
    type Evenness = <SizeOf<EntryShape<B>> as Fills<
        SizeOf<<StaticRest<B, U> as Parts>::Shape>,
        PInt<U>,
        NotEvenlyDivided<PInt<U>, <B as FilledBy>::E>,
    >>::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn complement_of(self, _: L) -> Result<Layout<Self::Shape, Self::Stride>, Fault> {
        Ok(Layout::from_parts(StaticValue::VALUE, StaticValue::VALUE))
    }
}
/// CuTe's `ceil_div(shape, b)` of the flat extents `Self` of a nested mode:
/// `(⌈a₀/b⌉, ⌈a₁/⌈b/a₀⌉⌉, ..)`, each leaf static where its operands are.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CeilFold<B> {
    /// The quotients.
    type Output;
}
impl<B> CeilFold<B> for HNil {
    type Output = HNil;
}
impl<A, T, B> CeilFold<B> for HCons<A, T>
where
    A: Arith<B>,
    B: Arith<A>,
    T: CeilFold<<B as Arith<A>>::Ceil>,
{
    type Output = HCons<<A as Arith<B>>::Ceil, T::Output>;
}

/// [`CeilFold`] by `E` (`F = B0`), or the extents `Self` as they are (`F =
/// B1`: `B` filters to nothing, `E = 1`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CeilBy<E, F> {
    /// The quotients.
    type Output;
}
impl<T: CeilFold<E>, E> CeilBy<E, B0> for T {
    type Output = T::Output;
}
impl<T, E> CeilBy<E, B1> for T {
    type Output = T;
}

/// CuTe's `coalesce` of a shape: the run `L` and the leaves `Self` after it,
/// neighbours of the same kind (both static or both dynamic) multiplied.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ShapeRuns<L> {
    /// The runs.
    type Output;
}
impl<L> ShapeRuns<L> for HNil {
    type Output = HCons<L, HNil>;
}
impl<L: AllStatic, A: AllStatic, T> ShapeRuns<L> for HCons<A, T>
where
    (L::Bit, A::Bit): RunStep<L, A, T>,
{
    type Output = <(L::Bit, A::Bit) as RunStep<L, A, T>>::Output;
}
/// One step of [`ShapeRuns`], chosen by the kinds of the run `L` and the next leaf `A`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RunStep<L, A, T> {
    /// The runs.
    type Output;
}
impl<L: Scale<A>, A, T: ShapeRuns<<L as Scale<A>>::Output>> RunStep<L, A, T> for (B1, B1) {
    type Output = T::Output;
}
impl<L: Scale<A>, A, T: ShapeRuns<<L as Scale<A>>::Output>> RunStep<L, A, T> for (B0, B0) {
    type Output = T::Output;
}
impl<L, A, T: ShapeRuns<A>> RunStep<L, A, T> for (B1, B0) {
    type Output = HCons<L, T::Output>;
}
impl<L, A, T: ShapeRuns<A>> RunStep<L, A, T> for (B0, B1) {
    type Output = HCons<L, T::Output>;
}
/// The first leaf of a list as the run of [`ShapeRuns`].
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Runs {
    /// The runs.
    type Output;
}
impl<A, T: ShapeRuns<A>> Runs for HCons<A, T> {
    type Output = T::Output;
}

/// The compact (column-major) strides of the extents `Self` from `X`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CompactFrom<X> {
    /// The strides.
    type Output;
}
impl<X> CompactFrom<X> for HNil {
    type Output = HNil;
}
impl<A, T, X: Scale<A>> CompactFrom<X> for HCons<A, T>
where
    T: CompactFrom<<X as Scale<A>>::Output>,
{
    type Output = HCons<X, T::Output>;
}

/// The flat extents of the nested mode `L`.
type FlatShape<L> = <L as FlatLists>::Shapes;
/// `ceil_div(shape(L), E)`, or `shape(L)` itself where `B` filters to nothing
/// (CuTe C++'s `make_layout(coalesce(shape))` there: with `E = 1` its
/// quotients keep the kinds of the extents).
type Quotients<L, B> = <FlatShape<L> as CeilBy<PInt<Filled<B>>, Empty<B>>>::Output;
/// `coalesce(ceil_div(shape(L), E))`, the extents of the complement's last mode.
type RestRuns<L, B> = <Quotients<L, B> as Runs>::Output;
/// Their compact strides from `E`.
type RestSteps<L, B> = <RestRuns<L, B> as CompactFrom<PInt<Filled<B>>>>::Output;
/// `(gaps(B), coalesce(ceil_div(shape(L), E)) : E..)` before it is coalesced.
type RawRest<L, B> = Layout<
    Pair<<Gaps<B> as Parts>::Shape, RestRuns<L, B>>,
    Pair<<Gaps<B> as Parts>::Stride, RestSteps<L, B>>,
>;
/// `B1` where `B` filters to nothing (its modes all of size 1 or stride 0), else `B0`.
type Empty<B> = <<FilterOut<EntryOf<B>> as StaticSize>::Unsigned as IsEqual<U1>>::Output;
/// [`RawRest`] finished as CuTe C++ finishes the complement (see [`FinishRest`]).
type Finished<L, B> = <RawRest<L, B> as FinishRest<Empty<B>>>::Output;
/// The complement `Self = (gaps(B), runs) : (.., steps)` before its last step,
/// finished as CuTe C++ does: coalesced as a layout (`F = B0`), or, where `B`
/// filters to nothing (`F = B1`: no gaps, `E = 1`), CuTe's
/// `make_layout(coalesce(shape))`, the runs (neighbours of the same kind
/// multiplied) with their compact strides, not coalesced again: by
/// `(_200,M,_7)` the complement is `(_200,M,_7):(_1,_200,200M)`, one run a
/// leaf.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FinishRest<F> {
    /// The finished complement.
    type Output;
    /// Its value.
    fn finish(self) -> Self::Output;
}
impl<L: CoalesceAny> FinishRest<B0> for L {
    type Output = L::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish(self) -> L::Output {
        self.coalesce_any()
    }
}
impl<GS, GD, RS: OneRunLeaf, RD: OneRunLeaf> FinishRest<B1> for Layout<Pair<GS, RS>, Pair<GD, RD>> {
    type Output = Layout<RS::Output, RD::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(s.tail.head.leaf(), d.tail.head.leaf())
    }
}
/// A list of runs as CuTe writes a coalesced shape: one run is a leaf.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait OneRunLeaf {
    /// The leaf, or the list.
    type Output;
    /// Its value.
    fn leaf(self) -> Self::Output;
}
impl<X> OneRunLeaf for HCons<X, HNil> {
    type Output = X;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leaf(self) -> X {
        self.head
    }
}
impl<X, Y, T> OneRunLeaf for HCons<X, HCons<Y, T>> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leaf(self) -> Self {
        self
    }
}

// A dynamic size s: CuTe's `complement(B, shape(L))`, `coalesce((gaps(B),
// ceil_div(shape(L), E) : E..))`; the extents that divide statically stay static.
macro_rules! dynamic_size {
    ($([$($g:tt)*] $S:ty),*) => {$(
impl<B, SL, DL, $($g)*> NestedRest<B, Layout<SL, DL>> for $S
where
    $S: DynExtent<Filled<B>>,
    B: TileEntry,
    EntryOf<B>: TryComplementDefault + crate::typelevel::Filter,
    FilterOut<EntryOf<B>>: StaticSize,
    Gaps<B>: StaticSize + Parts,
    <Gaps<B> as Parts>::Shape: StaticValue,
    <Gaps<B> as Parts>::Stride: StaticValue,
    <FilterOut<EntryOf<B>> as StaticSize>::Unsigned: Mul<<Gaps<B> as StaticSize>::Unsigned>,
    Filled<B>: Unsigned + NonZero,
    Layout<SL, DL>: FlatLists + Copy,
    SL: IntTuple,
    FlatShape<Layout<SL, DL>>: CeilBy<PInt<Filled<B>>, Empty<B>>,
    Quotients<Layout<SL, DL>, B>: Runs + FlatLeaves,
    RestRuns<Layout<SL, DL>, B>: CompactFrom<PInt<Filled<B>>> + FlatLeaves,
    RestSteps<Layout<SL, DL>, B>: FlatLeaves,
    <FilterOut<EntryOf<B>> as StaticSize>::Unsigned: IsEqual<U1>,
    RawRest<Layout<SL, DL>, B>: FinishRest<Empty<B>>,
    Finished<Layout<SL, DL>, B>: SplitLayout,
    <Finished<Layout<SL, DL>, B> as Parts>::Shape: Copy,
    <Finished<Layout<SL, DL>, B> as Parts>::Stride: Copy,
{
    type Shape = <Finished<Layout<SL, DL>, B> as Parts>::Shape;
    type Stride = <Finished<Layout<SL, DL>, B> as Parts>::Stride;
    type Verdict = <EntryOf<B> as TryComplementDefault>::Verdict;
    const EVEN: bool = <$S as DynExtent<Filled<B>>>::EVEN;
    type Evenness = <$S as DynExtent<Filled<B>>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn complement_of(self, l: Layout<SL, DL>) -> Result<Layout<Self::Shape, Self::Stride>, Fault> {
        let overflow = || {
            LayoutError::new(
                ErrorKind::Overflow,
                "complement",
                alloc::string::String::from("a stride of the complement exceeds i64"),
            )
        };
        // ceil_div(shape(l), E), then the neighbours of the same kind multiplied.
        let mut q = Values::new();
        let mut b = <Filled<B>>::I64;
        l.shape().for_each_leaf(&mut |a| {
            q.push(a / b + i64::from(a % b != 0));
            b = b / a + i64::from(b % a != 0);
        });
        let kinds = <Quotients<Layout<SL, DL>, B> as FlatLeaves>::STATICS;
        let mut runs: SmallVec<[(i64, bool); 8]> = SmallVec::new();
        for (v, k) in q.into_iter().zip(kinds.get().iter().map(Option::is_some)) {
            match runs.last_mut() {
                Some((w, kw)) if *kw == k => *w = w.checked_mul(v).ok_or_else(overflow)?,
                _ => runs.push((v, k)),
            }
        }
        let mut x = <Filled<B>>::I64;
        let mut steps = SmallVec::<[i64; 8]>::new();
        for &(v, _) in &runs {
            steps.push(x);
            x = x.checked_mul(v).ok_or_else(overflow)?;
        }
        let runs: Values = runs.into_iter().map(|(v, _)| v).collect();
        let shape = <RestRuns<Layout<SL, DL>, B> as FlatLeaves>::place(&runs, &mut 0).ok_or_else(overflow)?;
        let stride = <RestSteps<Layout<SL, DL>, B> as FlatLeaves>::place(&steps, &mut 0).ok_or_else(overflow)?;
        let raw: RawRest<Layout<SL, DL>, B> = Layout::from_parts(
            HCons { head: StaticValue::VALUE, tail: HCons { head: shape, tail: HNil } },
            HCons { head: StaticValue::VALUE, tail: HCons { head: stride, tail: HNil } },
        );
        let (s, d) = raw.finish().split();
        Ok(Layout::from_parts(s, d))
    }
}
    )*};
}
dynamic_size!([] Dyn, [N: Unsigned + NonZero] DivBy<N>);

/// A layout's shape and stride, moved out.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait SplitLayout: Parts {
    /// The shape and the stride.
    fn split(self) -> (Self::Shape, Self::Stride);
}
impl<S, D> SplitLayout for Layout<S, D> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn split(self) -> (S, D) {
        self.into_parts()
    }
}

/// `L ∘ Self` for a layout `Self`, as its shape and stride.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ComposedBy<L> {
    /// The composition's shape.
    type Shape;
    /// The composition's stride.
    type Stride;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
    /// The composition's shape and stride.
    fn composed_by(self, l: L) -> Result<(Self::Shape, Self::Stride), Fault>;
}
impl<L, BS, BD> ComposedBy<L> for Layout<BS, BD>
where
    L: MixedComposition<Self>,
    L::Output: SplitLayout,
{
    type Shape = <L::Output as Parts>::Shape;
    type Stride = <L::Output as Parts>::Stride;
    type Verdict = L::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_by(self, l: L) -> Result<(Self::Shape, Self::Stride), Fault> {
        Ok(l.mixed_compose(self)?.split())
    }
}

/// `complement(B, shape(L))` for the nested mode `L = S:D`.
type RestLayout<S, D, B> = Layout<
    <SizeOf<S> as NestedRest<B, Layout<S, D>>>::Shape,
    <SizeOf<S> as NestedRest<B, Layout<S, D>>>::Stride,
>;

/// A nested mode `L` with a dynamic leaf, to be divided by a static tiler
/// entry (see the module): a marker of [`ModeDivide`]'s impls (the values
/// are [`NestedRecipe`]'s).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct NestedMode<L>(PhantomData<L>);

// The two compositions, for an integer entry `n` (`n:1`) and a layout entry.
macro_rules! divide_nested {
    ($([$($g:tt)*] $B:ty),*) => {$(
impl<S, D, $($g)*> ModeDivide<$B> for NestedMode<Layout<S, D>>
where
    S: IntTuple,
    $B: TileEntry,
    EntryOf<$B>: ComposedBy<Layout<S, D>>,
    SizeOf<S>: NestedRest<$B, Layout<S, D>>,
    RestLayout<S, D, $B>: ComposedBy<Layout<S, D>>,
    <EntryOf<$B> as ComposedBy<Layout<S, D>>>::Verdict: First<
        Then<
            <SizeOf<S> as NestedRest<$B, Layout<S, D>>>::Verdict,
            <RestLayout<S, D, $B> as ComposedBy<Layout<S, D>>>::Verdict,
        >,
    >,
    <SizeOf<S> as NestedRest<$B, Layout<S, D>>>::Verdict:
        First<<RestLayout<S, D, $B> as ComposedBy<Layout<S, D>>>::Verdict>,
{
    type Plan = ModePlan<
        NestedRecipe<EntryOf<$B>, SizeOf<S>>,
        <EntryOf<$B> as ComposedBy<Layout<S, D>>>::Shape,
        <EntryOf<$B> as ComposedBy<Layout<S, D>>>::Stride,
        <RestLayout<S, D, $B> as ComposedBy<Layout<S, D>>>::Shape,
        <RestLayout<S, D, $B> as ComposedBy<Layout<S, D>>>::Stride,
    >;
    type Verdict = Then<
        <EntryOf<$B> as ComposedBy<Layout<S, D>>>::Verdict,
        Then<
            <SizeOf<S> as NestedRest<$B, Layout<S, D>>>::Verdict,
            <RestLayout<S, D, $B> as ComposedBy<Layout<S, D>>>::Verdict,
        >,
    >;
    type TileVerdict = <EntryOf<$B> as ComposedBy<Layout<S, D>>>::Verdict;
    const EVEN: bool = <SizeOf<S> as NestedRest<$B, Layout<S, D>>>::EVEN;
    type Evenness = <SizeOf<S> as NestedRest<$B, Layout<S, D>>>::Evenness;
}
    )*};
}
divide_nested!([U: Unsigned + NonZero] PInt<U>, [BS, BD] Layout<BS, BD>);

/// The recipe of a nested mode `L` with a dynamic leaf, of size type `N`, by
/// the static entry `B` (the layout `BL`): the tile `L ∘ BL`, the rest
/// `L ∘ complement(BL, shape(L))` ([`NestedRest`]).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct NestedRecipe<BL, N>(PhantomData<(BL, N)>);
impl<S, D, B, TS, TD, RS, RD, BL, N, QS, QD> RunMode<Layout<S, D>, B, TS, TD, RS, RD>
    for NestedRecipe<BL, N>
where
    Layout<S, D>: Copy,
    S: IntTuple<Size = N>,
    BL: StaticValue + ComposedBy<Layout<S, D>, Shape = TS, Stride = TD>,
    N: NestedRest<B, Layout<S, D>, Shape = QS, Stride = QD>,
    Layout<QS, QD>: ComposedBy<Layout<S, D>, Shape = RS, Stride = RD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide(l: Layout<S, D>, _: B, _: &'static str) -> DivideParts<TS, TD, RS, RD> {
        // Its errors are the compositions'.
        let (ts, td) = BL::VALUE.composed_by(l)?;
        let (rs, rd) = l.shape().size().complement_of(l)?.composed_by(l)?;
        Ok((ts, td, rs, rd))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(l: Layout<S, D>, _: B) -> Result<(TS, TD), Fault> {
        BL::VALUE.composed_by(l)
    }
}
