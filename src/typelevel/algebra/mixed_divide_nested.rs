//! The logical divide of one mode that nests dynamic leaves (the mode
//! `(2,M):(1,2)` of `((2,M),K):((1,2),2M)`) by a tiler entry `B`, for the
//! divides of [`mixed_divide`](super::mixed_divide).
//!
//! `logical_divide(A_m, B) = (A_m ∘ B, A_m ∘ complement(B, size(A_m)))`, both
//! compositions by [`try_composition`](crate::typelevel::try_composition)'s
//! walk (a leaf of its right operand is static where its operands are, as in
//! CuTe C++). With a dynamic `s = size(A_m)`, `complement(B, s)` is `B`'s gap
//! modes followed by `⌈s/E⌉ : E`, `E` the extent `B` and its gaps fill (the
//! flat dynamic mode's rest); with a static `s` (static extents, dynamic
//! strides) it is the static complement. As for a flat dynamic mode, the last
//! tile may reach past `s` (the tiles extend the mode's last leaf, as CuTe C++
//! and the runtime layer do); a [`DivBy<N>`](crate::typelevel::DivBy) size with
//! `E | N` proves that none does. The static checks of both compositions and of
//! the complement are compile errors (`<3>` on `(2,M):(1,2)`: 3 elements cross
//! the extent-2 leaf off its boundary); the run-time ones are the composition's
//! errors (`ShapeDivisibility`, `StrideDivisibility`, `Overflow`).
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

use core::ops::Mul;
use typenum::{NonZero, PInt, Unsigned, B0};

use super::complement::{TryComplement, TryComplementDefault};
use super::composition_mixed::MixedComposition;
use super::filter::FilterOut;
use super::mixed_divide::{
    exact, AppendLast, DynExtent, EntryOf, EntryShape, Filled, FilledBy, Fills, Gaps, NestedDivide,
    SizeOf, StaticRest, TileEntry,
};
use super::modes::{Parts, StaticValue};
use super::size::StaticSize;
use crate::runtime::LayoutError;
use crate::typelevel::check::verdict::{First, NotEvenlyDivided, Then};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::IntTuple;
use crate::typelevel::Layout;

/// `complement(B, s)` for the size `Self = s` of a nested mode: the static
/// complement for a static `s`, `(gaps(B), ⌈s/E⌉ : E)` for a dynamic one.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NestedRest<B> {
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
    /// The complement's value.
    fn complement_of(self) -> Layout<Self::Shape, Self::Stride>;
}
impl<U: Unsigned + NonZero, B> NestedRest<B> for PInt<U>
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
    fn complement_of(self) -> Layout<Self::Shape, Self::Stride> {
        Layout::from_parts(StaticValue::VALUE, StaticValue::VALUE)
    }
}
// A dynamic size s: `(gaps(B), R : E)`, `R` the number of tiles.
macro_rules! dynamic_size {
    ($([$($g:tt)*] $S:ty),*) => {$(
impl<B, $($g)*> NestedRest<B> for $S
where
    $S: DynExtent<Filled<B>>,
    B: TileEntry,
    EntryOf<B>: TryComplementDefault + crate::typelevel::Filter,
    FilterOut<EntryOf<B>>: StaticSize,
    Gaps<B>: StaticSize + AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>,
    <FilterOut<EntryOf<B>> as StaticSize>::Unsigned: Mul<<Gaps<B> as StaticSize>::Unsigned>,
    Filled<B>: Unsigned + NonZero,
    <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Shape: Copy,
    <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Stride: Copy,
{
    type Shape = <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Shape;
    type Stride = <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Stride;
    type Verdict = <EntryOf<B> as TryComplementDefault>::Verdict;
    const EVEN: bool = <$S as DynExtent<Filled<B>>>::EVEN;
    type Evenness = <$S as DynExtent<Filled<B>>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn complement_of(self) -> Layout<Self::Shape, Self::Stride> {
        let (s, d) = <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::append(
            DynExtent::<Filled<B>>::rest(self),
        );
        Layout::from_parts(s, d)
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
    fn composed_by(self, l: L) -> Result<(Self::Shape, Self::Stride), LayoutError>;
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
    fn composed_by(self, l: L) -> Result<(Self::Shape, Self::Stride), LayoutError> {
        Ok(l.mixed_compose(self)?.split())
    }
}

/// `complement(B, size(L))` for the nested mode `L = S:D`.
type RestLayout<S, B> =
    Layout<<SizeOf<S> as NestedRest<B>>::Shape, <SizeOf<S> as NestedRest<B>>::Stride>;

/// The divide of the nested mode `L` with a dynamic leaf by the tiler entry
/// `Self` (the entry is the trait's `Self`, so that a tiler whose type is not
/// inferred yet leaves the search ambiguous instead of walking it).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait DivideNested<L> {
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    type TileShape;
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    type TileStride;
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    type RestShape;
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    type RestStride;
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    type Verdict;
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    const EVEN: bool;
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    type Evenness;
    /// See [`ModeDivide`](super::mixed_divide::ModeDivide).
    #[allow(clippy::type_complexity)]
    fn divide_nested(
        l: L,
    ) -> Result<
        (
            Self::TileShape,
            Self::TileStride,
            Self::RestShape,
            Self::RestStride,
        ),
        LayoutError,
    >;
}
// A nested mode with a dynamic leaf: by the entry.
impl<L, B: DivideNested<L>> NestedDivide<L, B> for B0 {
    type TileShape = B::TileShape;
    type TileStride = B::TileStride;
    type RestShape = B::RestShape;
    type RestStride = B::RestStride;
    type Verdict = B::Verdict;
    const EVEN: bool = B::EVEN;
    type Evenness = B::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_divide(
        l: L,
    ) -> Result<
        (
            Self::TileShape,
            Self::TileStride,
            Self::RestShape,
            Self::RestStride,
        ),
        LayoutError,
    > {
        B::divide_nested(l)
    }
}
// The two compositions, for an integer entry `n` (`n:1`) and a layout entry.
macro_rules! divide_nested {
    ($([$($g:tt)*] $B:ty),*) => {$(
impl<S, D, $($g)*> DivideNested<Layout<S, D>> for $B
where
    Layout<S, D>: Copy,
    S: IntTuple,
    Self: TileEntry,
    EntryOf<Self>: StaticValue + ComposedBy<Layout<S, D>>,
    SizeOf<S>: NestedRest<Self>,
    RestLayout<S, Self>: ComposedBy<Layout<S, D>>,
    <EntryOf<Self> as ComposedBy<Layout<S, D>>>::Verdict: First<
        Then<
            <SizeOf<S> as NestedRest<Self>>::Verdict,
            <RestLayout<S, Self> as ComposedBy<Layout<S, D>>>::Verdict,
        >,
    >,
    <SizeOf<S> as NestedRest<Self>>::Verdict:
        First<<RestLayout<S, Self> as ComposedBy<Layout<S, D>>>::Verdict>,
{
    type TileShape = <EntryOf<Self> as ComposedBy<Layout<S, D>>>::Shape;
    type TileStride = <EntryOf<Self> as ComposedBy<Layout<S, D>>>::Stride;
    type RestShape = <RestLayout<S, Self> as ComposedBy<Layout<S, D>>>::Shape;
    type RestStride = <RestLayout<S, Self> as ComposedBy<Layout<S, D>>>::Stride;
    type Verdict = Then<
        <EntryOf<Self> as ComposedBy<Layout<S, D>>>::Verdict,
        Then<
            <SizeOf<S> as NestedRest<Self>>::Verdict,
            <RestLayout<S, Self> as ComposedBy<Layout<S, D>>>::Verdict,
        >,
    >;
    const EVEN: bool = <SizeOf<S> as NestedRest<Self>>::EVEN;
    type Evenness = <SizeOf<S> as NestedRest<Self>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_nested(
        l: Layout<S, D>,
    ) -> Result<
        (
            Self::TileShape,
            Self::TileStride,
            Self::RestShape,
            Self::RestStride,
        ),
        LayoutError,
    > {
        let (ts, td) = <EntryOf<Self> as StaticValue>::VALUE.composed_by(l)?;
        let (rs, rd) = l.shape().size().complement_of().composed_by(l)?;
        Ok((ts, td, rs, rd))
    }
}
    )*};
}
divide_nested!([U: Unsigned + NonZero] PInt<U>, [BS, BD] Layout<BS, BD>);
