//! The divides of layouts whose leaves mix static integers and [`Dyn`]:
//! `try_logical_divide`, `try_zipped_divide`, `try_tiled_divide`,
//! `try_flat_divide`, by a tiler `<B₀, B₁, ..>` of static entries, and the
//! composition with such a tiler (the tiles alone, see
//! [`try_composition`](super::composition_mixed::try_composition)).
//!
//! Mode by mode, `logical_divide(s:d, B) = (B·d, complement(B, s)·d)`: a leaf
//! mode `s:d` is linear (`A(x) = x·d`, extended past `s` as CuTe C++ extends
//! it), so composing it with `(B, B*)` scales `B*`'s strides by `d`. The
//! structure of the result is decided from the static parts alone, as CuTe C++
//! decides it:
//! - a fully static mode is divided by the static algebra (its checks are
//!   compile errors, its result is the all-static one);
//! - a mode that nests a dynamic leaf (`(2,M):(1,2)` in `((2,M),K)`) is
//!   `(A_m ∘ B, A_m ∘ complement(B, shape(A_m)))`, both by
//!   [`try_composition`](super::composition_mixed::try_composition)'s walk (see
//!   [`mixed_divide_nested`](super::mixed_divide_nested));
//! - a static extent `s` with a dynamic stride keeps the static tile and rest
//!   shapes; their strides become dynamic;
//! - a dynamic extent `s` gives the static gap modes of `B`
//!   (`complement(B) = complement(B, cosize(B))`) followed by one dynamic mode
//!   `⌈s / E⌉ : E`, with `E = size(filter(B))·size(complement(B))` the extent
//!   that `B` and its gaps fill; as in CuTe, the last tile may reach past `s`
//!   (predicate it with an identity tensor);
//! - a [`DivBy<N>`] extent `s` (a multiple of `N` checked when it was made)
//!   with `E | N` gives the exact `s/E : E`, `s/E` a `DivBy<N/E>`: no tile
//!   reaches past `s`, which [`evenly_divides`](crate::typelevel::evenly_divides) then reports as the constant
//!   `true` (a kernel drops its predication); with `E ∤ N` it is `⌈s/E⌉`, as
//!   for `Dyn`.
//!
//! `B` must be complementable (a compile error otherwise, as in the static
//! algebra). What depends on dynamic values is checked once at run time: the
//! result's strides, size and cosize must fit `i64` (`Overflow`), so the
//! functions return a `Result`; a mode that nests dynamic leaves adds its
//! compositions' run-time checks (`ShapeDivisibility`, `StrideDivisibility`:
//! B's elements must land on the boundaries of the leaves they cross). A tiler
//! with more entries than the layout has modes is a compile error too.
//!
//! The mixed algebra (this file and the `*_mixed.rs` files) is
//! `#[inline(always)]` in optimized builds only: there it flattens the
//! run-time part into the kernel (zero cost); in a debug build forced inlining
//! would copy every body into each caller and double the compile time.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let (m, k) = (200, 64);
//! let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)]).unwrap();
//! let z = try_zipped_divide(a, tile!(128, 8)).unwrap();
//! assert_eq!(format!("{z:#}"), "((_128,_8),(2,8)):((_1,200),(_128,1600))");
//! let f = try_flat_divide(a, tile!(128)).unwrap();
//! assert_eq!(format!("{f:#}"), "((_128),2,64):((_1),_128,200)"); // one tile: a one-mode tuple, as in CuTe
//! ```

use core::ops::Add;
use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, NonZero, PInt, Prod, UInt, UTerm, Unsigned, B0, B1, Z0};

use super::complement::{TryComplement, TryComplementDefault};
use super::divide::TryLogicalDivide;
use super::filter::FilterOut;
use super::mixed_divide_dyn::DynEntryMode;
use super::modes::{CompactStride, Parts, StaticValue};
use super::size::StaticSize;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::rules::{op, Admissible};
use crate::typelevel::check::verdict::{First, Holds, NotEvenlyDivided, Pass, Then};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf, IntMul, StaticInt};
use crate::typelevel::tensor::AllStatic;
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::{Layout, Tile};

/// A tiler entry as a layout: an integer `n` is `n:1` (`1:0` for `n = 1`, as in
/// CuTe C++'s `make_layout`), a layout is itself.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TileEntry {
    /// The entry's layout.
    type Layout: Parts;
}
impl<U: Unsigned + NonZero + CompactStride> TileEntry for PInt<U> {
    type Layout = Layout<PInt<U>, <U as CompactStride>::Output>;
}
impl<S, D> TileEntry for Layout<S, D> {
    type Layout = Self;
}

/// Every stride leaf times `k`, `None` if a product leaves `i64`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ScaleBy<K> {
    /// The scaled tuple: a leaf is static when both factors are.
    type Output;
    /// The scaled value.
    fn scale_by(self, k: K) -> Option<Self::Output>;
}
macro_rules! scale_leaf {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)* K: IntLeaf> ScaleBy<K> for $T
        where
            $T: IntMul<K>,
        {
            type Output = <$T as IntMul<K>>::Output;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn scale_by(self, k: K) -> Option<Self::Output> {
                let exact = self.value() as i128 * k.value() as i128;
                i64::try_from(exact).is_ok().then(|| self.int_mul(k))
            }
        }
    )*};
}
scale_leaf!([U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] typenum::NInt<U>, [] Dyn,
    [N: Unsigned + NonZero,] DivBy<N>);
// 0·k = 0 whatever k is: a zero stride stays static (as `_0 * k` in CuTe C++).
impl<K> ScaleBy<K> for Z0 {
    type Output = Z0;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn scale_by(self, _: K) -> Option<Z0> {
        Some(Z0)
    }
}
impl<K> ScaleBy<K> for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn scale_by(self, _: K) -> Option<HNil> {
        Some(HNil)
    }
}
impl<H: ScaleBy<K>, T: ScaleBy<K>, K: Copy> ScaleBy<K> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn scale_by(self, k: K) -> Option<Self::Output> {
        Some(HCons {
            head: self.head.scale_by(k)?,
            tail: self.tail.scale_by(k)?,
        })
    }
}

/// The tile and the rest of one mode `Self = s:d` divided by the tiler entry `B`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeDivide<B> {
    /// The tile's shape and stride (`B·d`).
    type TileShape;
    /// See `TileShape`.
    type TileStride;
    /// The rest's shape and stride (`complement(B, s)·d`).
    type RestShape;
    /// See `RestShape`.
    type RestStride;
    /// `Pass` or the violated rule (of the static parts).
    type Verdict;
    /// `Pass` or the violated rule of the tile alone, `A_m ∘ B` (the
    /// composition by the tiler, which needs no complement of a nested mode).
    type TileVerdict;
    /// Whether the tiles provably fill the extent exactly (no tile reaches past
    /// it): decided from the static parts and the [`DivBy`] facts.
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else `NotEvenlyDivided` with the extent and
    /// the tile extent `E` (the verdict of `assert_evenly_divides`).
    type Evenness;
    /// The four parts: `Overflow` if a stride leaves `i64`, or the error of
    /// a composition the mode's values refuse (a nested mode, a dynamic entry `b`).
    fn mode_divide(
        self,
        b: B,
    ) -> DivideParts<Self::TileShape, Self::TileStride, Self::RestShape, Self::RestStride>;
    /// The tile alone (the composition by the tiler entry `b`): its two parts.
    #[allow(clippy::type_complexity)]
    fn mode_tile(self, b: B) -> Result<(Self::TileShape, Self::TileStride), Fault>;
}

/// The two modes `(tile, rest)` of a static logical divide's result.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Halves {
    /// Shapes and strides of the two modes.
    type TS;
    /// See `TS`.
    type TD;
    /// See `TS`.
    type RS;
    /// See `TS`.
    type RD;
}
impl<TS, RS, TD, RD> Halves for Layout<HCons<TS, HCons<RS, HNil>>, HCons<TD, HCons<RD, HNil>>> {
    type TS = TS;
    type TD = TD;
    type RS = RS;
    type RD = RD;
}

/// `size(tile)·size(rest) = s` for static sizes: the tiles fill `s` exactly.
pub(super) const fn exact(tile: Option<i64>, rest: Option<i64>, s: Option<i64>) -> bool {
    match (tile, rest, s) {
        (Some(t), Some(r), Some(s)) => t as i128 * r as i128 == s as i128,
        _ => false,
    }
}
/// The static size of a tuple type, `None` when dynamic.
pub(super) type SizeOf<T> = <T as IntTuple>::Size;

/// The verdict of a static extent `S` divided into tiles of size `Self` and
/// `R` tiles: `Pass` when `Self·R = S` (they fill it exactly), else `V`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Fills<R, S, V> {
    /// `Pass` or `V`.
    type Verdict;
}
impl<T: core::ops::Mul<R>, R, S, V> Fills<R, S, V> for T
where
    Prod<T, R>: typenum::IsEqual<S>,
    typenum::Eq<Prod<T, R>, S>: Holds<V>,
{
    type Verdict = <typenum::Eq<Prod<T, R>, S> as Holds<V>>::Verdict;
}

/// The static logical divide of a fully static mode, as four constants.
macro_rules! static_mode_divide {
    ($L:ty, $S:ty, $($arg:tt)*) => {
        const EVEN: bool = exact(
            <SizeOf<<LogicalOf<$L, B> as Halves>::TS> as IntLeaf>::STATIC,
            <SizeOf<<LogicalOf<$L, B> as Halves>::RS> as IntLeaf>::STATIC,
            <SizeOf<$S> as IntLeaf>::STATIC,
        );
        type TileShape = <LogicalOf<$L, B> as Halves>::TS;
        type TileStride = <LogicalOf<$L, B> as Halves>::TD;
        type RestShape = <LogicalOf<$L, B> as Halves>::RS;
        type RestStride = <LogicalOf<$L, B> as Halves>::RD;
        type Verdict = <$L as TryLogicalDivide<B>>::Verdict;
        type TileVerdict = <$L as TryLogicalDivide<B>>::Verdict;
        type Evenness = <SizeOf<<LogicalOf<$L, B> as Halves>::TS> as Fills<
            SizeOf<<LogicalOf<$L, B> as Halves>::RS>,
            SizeOf<$S>,
            NotEvenlyDivided<$S, <B as FilledBy>::E>,
        >>::Verdict;
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn mode_divide(
            $($arg)*
        ) -> DivideParts<Self::TileShape, Self::TileStride, Self::RestShape, Self::RestStride> {
            Ok((
                StaticValue::VALUE,
                StaticValue::VALUE,
                StaticValue::VALUE,
                StaticValue::VALUE,
            ))
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn mode_tile(
            $($arg)*
        ) -> Result<(Self::TileShape, Self::TileStride), Fault> {
            Ok((StaticValue::VALUE, StaticValue::VALUE))
        }
    };
}
/// The static logical divide of `A` by `B`.
type LogicalOf<A, B> = <A as TryLogicalDivide<B>>::Output;

// A static leaf mode s:d: the static algebra.
impl<U: Unsigned + NonZero, X: StaticInt, B> ModeDivide<B> for Layout<PInt<U>, X>
where
    Self: TryLogicalDivide<B>,
    LogicalOf<Self, B>: Halves,
    <LogicalOf<Self, B> as Halves>::TS: StaticValue + IntTuple,
    <LogicalOf<Self, B> as Halves>::TD: StaticValue,
    <LogicalOf<Self, B> as Halves>::RS: StaticValue + IntTuple,
    <LogicalOf<Self, B> as Halves>::RD: StaticValue,
    SizeOf<<LogicalOf<Self, B> as Halves>::TS>: Fills<
        SizeOf<<LogicalOf<Self, B> as Halves>::RS>,
        SizeOf<PInt<U>>,
        NotEvenlyDivided<PInt<U>, <B as FilledBy>::E>,
    >,
    B: FilledBy,
    PInt<U>: IntTuple,
{
    static_mode_divide!(Self, PInt<U>, self, _: B);
}

/// The divide of a nested mode `L` by the tiler entry `B`, chosen by `Self`:
/// `B1` when every leaf of `L` is static (the static algebra), `B0` otherwise
/// (see [`mixed_divide_nested`](super::mixed_divide_nested)).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NestedDivide<L, B> {
    /// See [`ModeDivide`].
    type TileShape;
    /// See [`ModeDivide`].
    type TileStride;
    /// See [`ModeDivide`].
    type RestShape;
    /// See [`ModeDivide`].
    type RestStride;
    /// See [`ModeDivide`].
    type Verdict;
    /// See [`ModeDivide`].
    type TileVerdict;
    /// See [`ModeDivide`].
    const EVEN: bool;
    /// See [`ModeDivide`].
    type Evenness;
    /// See [`ModeDivide`].
    fn mode_divide(
        l: L,
    ) -> DivideParts<Self::TileShape, Self::TileStride, Self::RestShape, Self::RestStride>;
    /// See [`ModeDivide`].
    fn mode_tile(l: L) -> Result<(Self::TileShape, Self::TileStride), Fault>;
}
/// `B1` when every leaf of the nested mode `S:D` is static.
type AllStaticBit<S, D> = And<<S as AllStatic>::Bit, <D as AllStatic>::Bit>;
// A nested mode: by its kind.
impl<H, T, D, B> ModeDivide<B> for Layout<HCons<H, T>, D>
where
    HCons<H, T>: AllStatic,
    D: AllStatic,
    <HCons<H, T> as AllStatic>::Bit: BitAnd<<D as AllStatic>::Bit>,
    AllStaticBit<HCons<H, T>, D>: NestedDivide<Self, B>,
{
    type TileShape = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::TileShape;
    type TileStride = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::TileStride;
    type RestShape = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::RestShape;
    type RestStride = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::RestStride;
    type Verdict = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::Verdict;
    type TileVerdict = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::TileVerdict;
    const EVEN: bool = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::EVEN;
    type Evenness = <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_divide(
        self,
        _: B,
    ) -> DivideParts<Self::TileShape, Self::TileStride, Self::RestShape, Self::RestStride> {
        <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::mode_divide(self)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_tile(self, _: B) -> Result<(Self::TileShape, Self::TileStride), Fault> {
        <AllStaticBit<HCons<H, T>, D> as NestedDivide<Self, B>>::mode_tile(self)
    }
}
// A nested mode of static leaves: the static algebra.
impl<H, T, D, B> NestedDivide<Layout<HCons<H, T>, D>, B> for B1
where
    Layout<HCons<H, T>, D>: TryLogicalDivide<B>,
    LogicalOf<Layout<HCons<H, T>, D>, B>: Halves,
    <LogicalOf<Layout<HCons<H, T>, D>, B> as Halves>::TS: StaticValue + IntTuple,
    <LogicalOf<Layout<HCons<H, T>, D>, B> as Halves>::TD: StaticValue,
    <LogicalOf<Layout<HCons<H, T>, D>, B> as Halves>::RS: StaticValue + IntTuple,
    <LogicalOf<Layout<HCons<H, T>, D>, B> as Halves>::RD: StaticValue,
    SizeOf<<LogicalOf<Layout<HCons<H, T>, D>, B> as Halves>::TS>: Fills<
        SizeOf<<LogicalOf<Layout<HCons<H, T>, D>, B> as Halves>::RS>,
        SizeOf<HCons<H, T>>,
        NotEvenlyDivided<HCons<H, T>, <B as FilledBy>::E>,
    >,
    B: FilledBy,
    HCons<H, T>: IntTuple,
{
    static_mode_divide!(Layout<HCons<H, T>, D>, HCons<H, T>, _: Layout<HCons<H, T>, D>);
}

/// The entry's layout, its shape and stride.
pub(super) type EntryOf<B> = <B as TileEntry>::Layout;
pub(super) type EntryShape<B> = <EntryOf<B> as Parts>::Shape;
type EntryStride<B> = <EntryOf<B> as Parts>::Stride;
/// `complement(B, s)` for a static `s`.
pub(super) type StaticRest<B, U> = <EntryOf<B> as TryComplement<PInt<U>>>::Output;

// s:d with a static s and a dynamic d: static shapes, strides times d.
macro_rules! dynamic_stride {
    ($([$($g:tt)*] $X:ty),*) => {$(
impl<U: Unsigned + NonZero, B, $($g)*> ModeDivide<B> for Layout<PInt<U>, $X>
where
    B: TileEntry,
    EntryShape<B>: StaticValue + IntTuple,
    EntryStride<B>: StaticValue + ScaleBy<$X>,
    EntryOf<B>: TryComplement<PInt<U>>,
    <StaticRest<B, U> as Parts>::Shape: StaticValue + IntTuple,
    PInt<U>: IntLeaf,
    <StaticRest<B, U> as Parts>::Stride: StaticValue + ScaleBy<$X>,
    B: FilledBy,
    SizeOf<EntryShape<B>>:
        Fills<SizeOf<<StaticRest<B, U> as Parts>::Shape>, PInt<U>, NotEvenlyDivided<PInt<U>, <B as FilledBy>::E>>,
{
    type TileShape = EntryShape<B>;
    type TileStride = <EntryStride<B> as ScaleBy<$X>>::Output;
    type RestShape = <StaticRest<B, U> as Parts>::Shape;
    type RestStride = <<StaticRest<B, U> as Parts>::Stride as ScaleBy<$X>>::Output;
    type Verdict = <EntryOf<B> as TryComplement<PInt<U>>>::Verdict;
    type TileVerdict = <EntryOf<B> as TryComplement<PInt<U>>>::Verdict;
    type Evenness = <SizeOf<EntryShape<B>> as Fills<
        SizeOf<<StaticRest<B, U> as Parts>::Shape>,
        PInt<U>,
        NotEvenlyDivided<PInt<U>, <B as FilledBy>::E>,
    >>::Verdict;
    const EVEN: bool = exact(
        <SizeOf<EntryShape<B>> as IntLeaf>::STATIC,
        <SizeOf<<StaticRest<B, U> as Parts>::Shape> as IntLeaf>::STATIC,
        <PInt<U> as IntLeaf>::STATIC,
    );
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_divide(
        self,
        _: B,
    ) -> DivideParts<Self::TileShape, Self::TileStride, Self::RestShape, Self::RestStride> {
        let d = *self.stride();
        Ok((
            StaticValue::VALUE,
            <EntryStride<B> as StaticValue>::VALUE.scale_by(d).ok_or_else(stride_overflow)?,
            StaticValue::VALUE,
            <<StaticRest<B, U> as Parts>::Stride as StaticValue>::VALUE.scale_by(d).ok_or_else(stride_overflow)?,
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_tile(self, _: B) -> Result<(Self::TileShape, Self::TileStride), Fault> {
        let d = *self.stride();
        Ok((
            StaticValue::VALUE,
            <EntryStride<B> as StaticValue>::VALUE.scale_by(d).ok_or_else(stride_overflow)?,
        ))
    }
}
    )*};
}
dynamic_stride!([] Dyn, [N: Unsigned + NonZero] DivBy<N>);

/// `complement(B)`: the gap modes of `B`.
pub(super) type Gaps<B> = <EntryOf<B> as TryComplementDefault>::Output;
/// `E = size(filter(B))·size(complement(B))`, the extent `B` and its gaps fill.
pub(super) type Filled<B> =
    Prod<<FilterOut<EntryOf<B>> as StaticSize>::Unsigned, <Gaps<B> as StaticSize>::Unsigned>;

/// A tiler entry `B` and `E = Filled<B>`, the extent it fills with its gaps
/// (named in `assert_evenly_divides`'s error).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FilledBy {
    /// `E`, a typenum unsigned.
    type E;
}
impl<B> FilledBy for B
where
    B: TileEntry,
    EntryOf<B>: TryComplementDefault + crate::typelevel::Filter,
    FilterOut<EntryOf<B>>: StaticSize,
    Gaps<B>: StaticSize,
    <FilterOut<EntryOf<B>> as StaticSize>::Unsigned:
        core::ops::Mul<<Gaps<B> as StaticSize>::Unsigned>,
{
    type E = Filled<B>;
}

// s:d with a dynamic s: B's gaps, then the mode `R : E`, strides times d;
// `R = ⌈s/E⌉` (a `Dyn`), or `s/E` exactly (a `DivBy<N/E>`) when s is a
// `DivBy<N>` and E divides N.
macro_rules! dynamic_extent {
    ($([$($g:tt)*] $S:ty),*) => {$(
impl<X: IntLeaf, B, $($g)*> ModeDivide<B> for Layout<$S, X>
where
    $S: DynExtent<Filled<B>>,
    B: TileEntry,
    EntryShape<B>: StaticValue,
    EntryStride<B>: StaticValue + ScaleBy<X>,
    EntryOf<B>: TryComplementDefault + crate::typelevel::Filter,
    FilterOut<EntryOf<B>>: StaticSize,
    Gaps<B>: StaticSize + AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>,
    <FilterOut<EntryOf<B>> as StaticSize>::Unsigned:
        core::ops::Mul<<Gaps<B> as StaticSize>::Unsigned>,
    Filled<B>: Unsigned + NonZero,
    <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Stride: ScaleBy<X>,
{
    type TileShape = EntryShape<B>;
    type TileStride = <EntryStride<B> as ScaleBy<X>>::Output;
    type RestShape = <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Shape;
    type RestStride =
        <<Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Stride as ScaleBy<X>>::Output;
    type Verdict = <EntryOf<B> as TryComplementDefault>::Verdict;
    type TileVerdict = <EntryOf<B> as TryComplementDefault>::Verdict;
    const EVEN: bool = <$S as DynExtent<Filled<B>>>::EVEN;
    type Evenness = <$S as DynExtent<Filled<B>>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_divide(
        self,
        _: B,
    ) -> DivideParts<Self::TileShape, Self::TileStride, Self::RestShape, Self::RestStride> {
        let (s, d) = (*self.shape(), *self.stride());
        let (rs, rd) = <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::append(s.rest());
        Ok((
            StaticValue::VALUE,
            <EntryStride<B> as StaticValue>::VALUE.scale_by(d).ok_or_else(stride_overflow)?,
            rs,
            rd.scale_by(d).ok_or_else(stride_overflow)?,
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_tile(self, _: B) -> Result<(Self::TileShape, Self::TileStride), Fault> {
        let d = *self.stride();
        Ok((
            StaticValue::VALUE,
            <EntryStride<B> as StaticValue>::VALUE.scale_by(d).ok_or_else(stride_overflow)?,
        ))
    }
}
    )*};
}
dynamic_extent!([] Dyn, [N: Unsigned + NonZero] DivBy<N>);

/// A dynamic extent `s` divided by the static extent `E` (typenum unsigned)
/// that a tile and its gaps fill: the number of tiles.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait DynExtent<E> {
    /// `Dyn` (`⌈s/E⌉`), or `DivBy<N/E>` (`s/E`) when `Self = DivBy<N>` and `E | N`.
    type Rest: Copy;
    /// Whether `E` provably divides `s`.
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else `NotEvenlyDivided<Self, E>`.
    type Evenness;
    /// The number of tiles.
    fn rest(self) -> Self::Rest;
}
impl<E: Unsigned + NonZero> DynExtent<E> for Dyn {
    type Rest = Dyn;
    const EVEN: bool = false;
    type Evenness = NotEvenlyDivided<Dyn, E>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rest(self) -> Dyn {
        let (s, e) = (self.0, E::I64);
        Dyn(s / e + i64::from(s % e != 0))
    }
}
impl<N: Unsigned + NonZero + core::ops::Rem<E>, E: Unsigned + NonZero> DynExtent<E> for DivBy<N>
where
    typenum::Mod<N, E>: Quotient<N, E>,
{
    type Rest = <typenum::Mod<N, E> as Quotient<N, E>>::Rest;
    const EVEN: bool = <typenum::Mod<N, E> as Quotient<N, E>>::EVEN;
    type Evenness = <typenum::Mod<N, E> as Quotient<N, E>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rest(self) -> Self::Rest {
        <typenum::Mod<N, E> as Quotient<N, E>>::rest(self.get())
    }
}
/// The tiles of a `DivBy<N>` extent `s` by `E`, chosen by `Self = N mod E`:
/// `s/E`, a `DivBy<N/E>`, when it is 0; `⌈s/E⌉`, a `Dyn`, otherwise.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Quotient<N, E> {
    /// `DivBy<N/E>` or `Dyn`.
    type Rest: Copy;
    /// Whether `E | N`.
    const EVEN: bool;
    /// `Pass` where `E | N`, else `NotEvenlyDivided<DivBy<N>, E>`.
    type Evenness;
    /// The number of tiles of `s`.
    fn rest(s: i64) -> Self::Rest;
}
impl<N: core::ops::Div<E>, E: Unsigned + NonZero> Quotient<N, E> for UTerm
where
    typenum::Quot<N, E>: Unsigned + NonZero,
{
    type Rest = DivBy<typenum::Quot<N, E>>;
    const EVEN: bool = true;
    type Evenness = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rest(s: i64) -> Self::Rest {
        // s = k·N = (k·N/E)·E: exact, and a positive multiple of N/E.
        DivBy::proven(s / E::I64)
    }
}
impl<U, C, N, E: Unsigned + NonZero> Quotient<N, E> for UInt<U, C> {
    type Rest = Dyn;
    const EVEN: bool = false;
    type Evenness = NotEvenlyDivided<DivBy<N>, E>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rest(s: i64) -> Dyn {
        let e = E::I64;
        Dyn(s / e + i64::from(s % e != 0))
    }
}

/// The static gap layout `Self` followed by the mode `last : E` (`last` a `Dyn` or a `DivBy`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait AppendLast<E, R> {
    /// The shape with `R` appended.
    type Shape;
    /// The stride with `E` appended.
    type Stride;
    /// The values.
    fn append(last: R) -> (Self::Shape, Self::Stride);
}
// No gaps (`1:0`): the mode alone.
impl<X, E: StaticValue, R> AppendLast<E, R> for Layout<PInt<UInt<UTerm, B1>>, X> {
    type Shape = R;
    type Stride = E;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn append(last: R) -> (R, E) {
        (last, E::VALUE)
    }
}
// One gap mode g:x (g > 1).
impl<U: Unsigned, C: typenum::Bit, L: typenum::Bit, X: StaticValue, E: StaticValue, R>
    AppendLast<E, R> for Layout<PInt<UInt<UInt<U, C>, L>>, X>
where
    PInt<UInt<UInt<U, C>, L>>: StaticValue,
{
    type Shape = HCons<PInt<UInt<UInt<U, C>, L>>, HCons<R, HNil>>;
    type Stride = HCons<X, HCons<E, HNil>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn append(last: R) -> (Self::Shape, Self::Stride) {
        (
            HCons {
                head: StaticValue::VALUE,
                tail: HCons {
                    head: last,
                    tail: HNil,
                },
            },
            HCons {
                head: X::VALUE,
                tail: HCons {
                    head: E::VALUE,
                    tail: HNil,
                },
            },
        )
    }
}
// Several gap modes: appended at the end.
impl<SH, ST, DH, DT, E: StaticValue, R> AppendLast<E, R> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: StaticValue + Add<HCons<R, HNil>>,
    HCons<DH, DT>: StaticValue + Add<HCons<E, HNil>>,
{
    type Shape = <HCons<SH, ST> as Add<HCons<R, HNil>>>::Output;
    type Stride = <HCons<DH, DT> as Add<HCons<E, HNil>>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn append(last: R) -> (Self::Shape, Self::Stride) {
        (
            <HCons<SH, ST> as StaticValue>::VALUE
                + HCons {
                    head: last,
                    tail: HNil,
                },
            <HCons<DH, DT> as StaticValue>::VALUE
                + HCons {
                    head: E::VALUE,
                    tail: HNil,
                },
        )
    }
}

/// The modes `Self` (shapes) and `D` (strides) divided by the tiler entries `T`,
/// mode by mode; the modes past the tiler are kept.
#[diagnostic::on_unimplemented(
    message = "a divide of a layout with dynamic leaves cannot divide the modes `{Self}` by `{T}`",
    note = "each mode is divided by its tiler entry: a static integer or a static layout"
)]
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait DivideModes<D, T> {
    /// The tiles' shapes and strides, one per tiler entry.
    type TS;
    /// See `TS`.
    type TD;
    /// The rests' shapes and strides, then the modes past the tiler.
    type QS;
    /// See `QS`.
    type QD;
    /// The `(tile, rest)` pairs, then the modes past the tiler.
    type PS;
    /// See `PS`.
    type PD;
    /// `Pass` or the first violated rule.
    type Verdict;
    /// `Pass` or the first violated rule of the tiles alone.
    type TileVerdict;
    /// Whether every divided mode is provably filled exactly by its tiles.
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else the first mode's `NotEvenlyDivided`.
    type Evenness;
    /// The values, or the first mode's error.
    #[allow(clippy::type_complexity)]
    fn divide_modes(
        self,
        d: D,
        t: T,
    ) -> Result<(Self::TS, Self::TD, Self::QS, Self::QD, Self::PS, Self::PD), Fault>;
    /// The tiles alone, or the first mode's error.
    fn tile_modes(self, d: D, t: T) -> Result<(Self::TS, Self::TD), Fault>;
}
impl<S: Copy, D: Copy> DivideModes<D, HNil> for S {
    type TS = HNil;
    type TD = HNil;
    type QS = S;
    type QD = D;
    type PS = S;
    type PD = D;
    type Verdict = crate::typelevel::check::verdict::Pass;
    type TileVerdict = Pass;
    const EVEN: bool = true;
    type Evenness = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(self, d: D, _: HNil) -> Result<(HNil, HNil, S, D, S, D), Fault> {
        Ok((HNil, HNil, self, d, self, d))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(self, _: D, _: HNil) -> Result<(HNil, HNil), Fault> {
        Ok((HNil, HNil))
    }
}
// More tiler entries than modes: refused (the values are never computed).
impl<BH, BT> DivideModes<HNil, HCons<BH, BT>> for HNil {
    type TS = HNil;
    type TD = HNil;
    type QS = HNil;
    type QD = HNil;
    type PS = HNil;
    type PD = HNil;
    type Verdict = crate::typelevel::check::verdict::RankMismatch;
    type TileVerdict = crate::typelevel::check::verdict::RankMismatch;
    const EVEN: bool = false;
    type Evenness = crate::typelevel::check::verdict::RankMismatch;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        self,
        _: HNil,
        _: HCons<BH, BT>,
    ) -> Result<(HNil, HNil, HNil, HNil, HNil, HNil), Fault> {
        Err(too_many_entries())
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(self, _: HNil, _: HCons<BH, BT>) -> Result<(HNil, HNil), Fault> {
        Err(too_many_entries())
    }
}
/// A tiler longer than the layout (refused at compile time: never reached).
fn too_many_entries() -> Fault {
    Fault::new(LayoutError::new(
        ErrorKind::RankMismatch,
        "logical_divide",
        alloc::string::String::from("the tiler has more entries than the layout has modes"),
    ))
}

/// A pair as a two-element HList.
type Pair<X, Y> = HCons<X, HCons<Y, HNil>>;
#[cfg_attr(not(debug_assertions), inline(always))]
fn pair<X, Y>(x: X, y: Y) -> Pair<X, Y> {
    HCons {
        head: x,
        tail: HCons {
            head: y,
            tail: HNil,
        },
    }
}
/// Whether a tiler entry is static (`B1`: the divides above, the result's
/// leaves computed from the types) or has a dynamic leaf (`B0`: see
/// [`mixed_divide_dyn`](super::mixed_divide_dyn)).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait EntryKind {
    /// `B1` or `B0`.
    type Static;
}
impl<U: Unsigned + NonZero> EntryKind for PInt<U> {
    type Static = B1;
}
impl EntryKind for Dyn {
    type Static = B0;
}
impl<N> EntryKind for DivBy<N> {
    type Static = B0;
}
impl<S: AllStatic, D: AllStatic> EntryKind for Layout<S, D>
where
    S::Bit: BitAnd<D::Bit>,
{
    type Static = And<S::Bit, D::Bit>;
}
/// The mode `L` as the entry's kind `Self` divides it: itself for a static
/// entry, wrapped in [`DynEntryMode`] for an entry with a dynamic leaf (so
/// that the two families of [`ModeDivide`] impls never overlap).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait EntryMode<L> {
    /// The mode, as the divide takes it.
    type Mode;
    /// Wraps the mode.
    fn mode(l: L) -> Self::Mode;
}
impl<L> EntryMode<L> for B1 {
    type Mode = L;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode(l: L) -> L {
        l
    }
}
impl<L> EntryMode<L> for B0 {
    type Mode = DynEntryMode<L>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode(l: L) -> DynEntryMode<L> {
        DynEntryMode(l)
    }
}
/// The mode `SH:DH` as the entry `BH` divides it.
type ModeOf<SH, DH, BH> = <<BH as EntryKind>::Static as EntryMode<Layout<SH, DH>>>::Mode;

impl<SH, ST, DH, DT, BH, BT> DivideModes<HCons<DH, DT>, HCons<BH, BT>> for HCons<SH, ST>
where
    BH: EntryKind,
    <BH as EntryKind>::Static: EntryMode<Layout<SH, DH>>,
    ModeOf<SH, DH, BH>: ModeDivide<BH>,
    ST: DivideModes<DT, BT>,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileShape: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileStride: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestShape: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestStride: Copy,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::Verdict: First<<ST as DivideModes<DT, BT>>::Verdict>,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::Evenness: First<<ST as DivideModes<DT, BT>>::Evenness>,
    <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileVerdict:
        First<<ST as DivideModes<DT, BT>>::TileVerdict>,
{
    type TS = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileShape, ST::TS>;
    type TD = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileStride, ST::TD>;
    type QS = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestShape, ST::QS>;
    type QD = HCons<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestStride, ST::QD>;
    type PS = HCons<
        Pair<
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileShape,
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestShape,
        >,
        ST::PS,
    >;
    type PD = HCons<
        Pair<
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileStride,
            <ModeOf<SH, DH, BH> as ModeDivide<BH>>::RestStride,
        >,
        ST::PD,
    >;
    type Verdict =
        Then<<ModeOf<SH, DH, BH> as ModeDivide<BH>>::Verdict, <ST as DivideModes<DT, BT>>::Verdict>;
    type TileVerdict = Then<
        <ModeOf<SH, DH, BH> as ModeDivide<BH>>::TileVerdict,
        <ST as DivideModes<DT, BT>>::TileVerdict,
    >;
    const EVEN: bool = <ModeOf<SH, DH, BH> as ModeDivide<BH>>::EVEN && ST::EVEN;
    type Evenness = Then<
        <ModeOf<SH, DH, BH> as ModeDivide<BH>>::Evenness,
        <ST as DivideModes<DT, BT>>::Evenness,
    >;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide_modes(
        self,
        d: HCons<DH, DT>,
        t: HCons<BH, BT>,
    ) -> Result<(Self::TS, Self::TD, Self::QS, Self::QD, Self::PS, Self::PD), Fault> {
        let (ts, td, rs, rd) =
            <BH::Static as EntryMode<_>>::mode(Layout::from_parts(self.head, d.head))
                .mode_divide(t.head)?;
        let (tts, ttd, tqs, tqd, tps, tpd) = self.tail.divide_modes(d.tail, t.tail)?;
        Ok((
            HCons {
                head: ts,
                tail: tts,
            },
            HCons {
                head: td,
                tail: ttd,
            },
            HCons {
                head: rs,
                tail: tqs,
            },
            HCons {
                head: rd,
                tail: tqd,
            },
            HCons {
                head: pair(ts, rs),
                tail: tps,
            },
            HCons {
                head: pair(td, rd),
                tail: tpd,
            },
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile_modes(self, d: HCons<DH, DT>, t: HCons<BH, BT>) -> Result<(Self::TS, Self::TD), Fault> {
        let (ts, td) = <BH::Static as EntryMode<_>>::mode(Layout::from_parts(self.head, d.head))
            .mode_tile(t.head)?;
        let (tts, ttd) = self.tail.tile_modes(d.tail, t.tail)?;
        Ok((
            HCons {
                head: ts,
                tail: tts,
            },
            HCons {
                head: td,
                tail: ttd,
            },
        ))
    }
}

/// The four divides of a layout with dynamic leaves by a tiler (see the module).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TilerDivide<T> {
    /// `((B₀, B₀*), (B₁, B₁*), ..)`.
    type Logical;
    /// `((B₀, B₁, ..), (B₀*, B₁*, ..))`.
    type Zipped;
    /// `((B₀, B₁, ..), B₀*, B₁*, ..)`.
    type Tiled;
    /// `(B₀, B₁, .., B₀*, B₁*, ..)`.
    type Flat;
    /// `(A₀ ∘ B₀, A₁ ∘ B₁, ..)`: the tiles alone (modes past the tiler dropped,
    /// as CuTe C++'s `composition` with a tiler does).
    type Composed;
    /// `Pass` or the violated rule of the composition with the tiler (the
    /// tiles alone: a nested mode's complement is not needed there).
    type Verdict;
    /// `Pass` or the violated rule of the divides.
    type DivideVerdict;
    /// Whether the tiles provably fill every mode exactly (see [`evenly_divides`](crate::typelevel::evenly_divides)).
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else the first divided extent not proven
    /// filled (the verdict of [`assert_evenly_divides`](crate::typelevel::assert_evenly_divides)).
    type Evenness;
    /// The logical divide by the tiler `t`, or the error of the values (see [`ModeDivide`]).
    fn logical(self, t: T) -> Result<Self::Logical, Fault>;
    /// The zipped divide.
    fn zipped(self, t: T) -> Result<Self::Zipped, Fault>;
    /// The tiled divide.
    fn tiled(self, t: T) -> Result<Self::Tiled, Fault>;
    /// The flat divide.
    fn flat(self, t: T) -> Result<Self::Flat, Fault>;
    /// The composition with the tiler.
    fn composed_with(self, t: T) -> Result<Self::Composed, Fault>;
}
/// The parts of the modes `S`, `D` divided by the tiler entries `T`.
type Ts<S, D, T> = <S as DivideModes<D, T>>::TS;
type Td<S, D, T> = <S as DivideModes<D, T>>::TD;
type Qs<S, D, T> = <S as DivideModes<D, T>>::QS;
type Qd<S, D, T> = <S as DivideModes<D, T>>::QD;
type Ps<S, D, T> = <S as DivideModes<D, T>>::PS;
type Pd<S, D, T> = <S as DivideModes<D, T>>::PD;
impl<S, D, T> TilerDivide<Tile<T>> for Layout<S, D>
where
    S: DivideModes<D, T> + Copy,
    D: Copy,
    Ts<S, D, T>: FlatJoin<Qs<S, D, T>>,
    Td<S, D, T>: FlatJoin<Qd<S, D, T>>,
{
    type Logical = Layout<Ps<S, D, T>, Pd<S, D, T>>;
    type Zipped = Layout<Pair<Ts<S, D, T>, Qs<S, D, T>>, Pair<Td<S, D, T>, Qd<S, D, T>>>;
    type Tiled = Layout<HCons<Ts<S, D, T>, Qs<S, D, T>>, HCons<Td<S, D, T>, Qd<S, D, T>>>;
    type Flat = Layout<
        <Ts<S, D, T> as FlatJoin<Qs<S, D, T>>>::Output,
        <Td<S, D, T> as FlatJoin<Qd<S, D, T>>>::Output,
    >;
    type Composed = Layout<Ts<S, D, T>, Td<S, D, T>>;
    type Verdict = <S as DivideModes<D, T>>::TileVerdict;
    type DivideVerdict = <S as DivideModes<D, T>>::Verdict;
    const EVEN: bool = <S as DivideModes<D, T>>::EVEN;
    type Evenness = <S as DivideModes<D, T>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical(self, t: Tile<T>) -> Result<Self::Logical, Fault> {
        let (_, _, _, _, ps, pd) = divided(self, t)?;
        Ok(Layout::from_parts(ps, pd))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self, t: Tile<T>) -> Result<Self::Zipped, Fault> {
        let (ts, td, qs, qd, _, _) = divided(self, t)?;
        Ok(Layout::from_parts(pair(ts, qs), pair(td, qd)))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(self, t: Tile<T>) -> Result<Self::Tiled, Fault> {
        let (ts, td, qs, qd, _, _) = divided(self, t)?;
        Ok(Layout::from_parts(
            HCons { head: ts, tail: qs },
            HCons { head: td, tail: qd },
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_with(self, t: Tile<T>) -> Result<Self::Composed, Fault> {
        let (s, d) = self.into_parts();
        let (ts, td) = s.tile_modes(d, t.0)?;
        Ok(Layout::from_parts(ts, td))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn flat(self, t: Tile<T>) -> Result<Self::Flat, Fault> {
        let (ts, td, qs, qd, _, _) = divided(self, t)?;
        Ok(Layout::from_parts(ts.join(qs), td.join(qd)))
    }
}

/// The parts of a whole layout `S:D` divided by one layout `B` (not by mode).
type WholeOf<S, D, B> = <<B as EntryKind>::Static as EntryMode<Layout<S, D>>>::Mode;
type WTs<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::TileShape;
type WTd<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::TileStride;
type WRs<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::RestShape;
type WRd<S, D, B> = <WholeOf<S, D, B> as ModeDivide<B>>::RestStride;
// A layout `B` (static or with dynamic leaves) divides the whole layout, as
// CuTe C++'s divides by a layout or an integer do: `(A ∘ B, A ∘ B*)`, already
// zipped; the tiled and flat forms splice the modes of the rest (and of the tile).
impl<S, D, BS, BD> TilerDivide<Layout<BS, BD>> for Layout<S, D>
where
    Layout<BS, BD>: EntryKind,
    <Layout<BS, BD> as EntryKind>::Static: EntryMode<Layout<S, D>>,
    WholeOf<S, D, Layout<BS, BD>>: ModeDivide<Layout<BS, BD>>,
    WTs<S, D, Layout<BS, BD>>: Splice,
    WTd<S, D, Layout<BS, BD>>: Splice,
    WRs<S, D, Layout<BS, BD>>: Splice,
    WRd<S, D, Layout<BS, BD>>: Splice,
    <WTs<S, D, Layout<BS, BD>> as Splice>::Modes: Add<<WRs<S, D, Layout<BS, BD>> as Splice>::Modes>,
    <WTd<S, D, Layout<BS, BD>> as Splice>::Modes: Add<<WRd<S, D, Layout<BS, BD>> as Splice>::Modes>,
{
    type Logical = Layout<
        Pair<WTs<S, D, Layout<BS, BD>>, WRs<S, D, Layout<BS, BD>>>,
        Pair<WTd<S, D, Layout<BS, BD>>, WRd<S, D, Layout<BS, BD>>>,
    >;
    type Zipped = Self::Logical;
    type Tiled = Layout<
        HCons<WTs<S, D, Layout<BS, BD>>, <WRs<S, D, Layout<BS, BD>> as Splice>::Modes>,
        HCons<WTd<S, D, Layout<BS, BD>>, <WRd<S, D, Layout<BS, BD>> as Splice>::Modes>,
    >;
    type Flat = Layout<
        <<WTs<S, D, Layout<BS, BD>> as Splice>::Modes as Add<
            <WRs<S, D, Layout<BS, BD>> as Splice>::Modes,
        >>::Output,
        <<WTd<S, D, Layout<BS, BD>> as Splice>::Modes as Add<
            <WRd<S, D, Layout<BS, BD>> as Splice>::Modes,
        >>::Output,
    >;
    type Composed = Layout<WTs<S, D, Layout<BS, BD>>, WTd<S, D, Layout<BS, BD>>>;
    type Verdict = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::TileVerdict;
    type DivideVerdict = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::Verdict;
    const EVEN: bool = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::EVEN;
    type Evenness = <WholeOf<S, D, Layout<BS, BD>> as ModeDivide<Layout<BS, BD>>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical(self, b: Layout<BS, BD>) -> Result<Self::Logical, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td, rs, rd) = m.mode_divide(b)?;
        Ok(Layout::from_parts(pair(ts, rs), pair(td, rd)))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self, b: Layout<BS, BD>) -> Result<Self::Zipped, Fault> {
        self.logical(b)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(self, b: Layout<BS, BD>) -> Result<Self::Tiled, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td, rs, rd) = m.mode_divide(b)?;
        Ok(Layout::from_parts(
            HCons {
                head: ts,
                tail: rs.modes(),
            },
            HCons {
                head: td,
                tail: rd.modes(),
            },
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn flat(self, b: Layout<BS, BD>) -> Result<Self::Flat, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td, rs, rd) = m.mode_divide(b)?;
        Ok(Layout::from_parts(
            ts.modes() + rs.modes(),
            td.modes() + rd.modes(),
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_with(self, b: Layout<BS, BD>) -> Result<Self::Composed, Fault> {
        let m = <<Layout<BS, BD> as EntryKind>::Static as EntryMode<Self>>::mode(self);
        let (ts, td) = m.mode_tile(b)?;
        Ok(Layout::from_parts(ts, td))
    }
}

/// The top-level modes of a tuple, spliced into the tiled and flat forms: a
/// leaf is one mode.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Splice {
    /// The modes as an HList.
    type Modes;
    /// The modes.
    fn modes(self) -> Self::Modes;
}
impl<L: IntLeaf> Splice for L {
    type Modes = HCons<L, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn modes(self) -> Self::Modes {
        HCons {
            head: self,
            tail: HNil,
        }
    }
}
impl<H, T> Splice for HCons<H, T> {
    type Modes = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn modes(self) -> Self {
        self
    }
}

/// The tiles, rests and pairs of the modes of `l` divided by the tiler entries `T`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::type_complexity)]
fn divided<S: DivideModes<D, T>, D, T>(
    l: Layout<S, D>,
    t: Tile<T>,
) -> Result<
    (
        Ts<S, D, T>,
        Td<S, D, T>,
        Qs<S, D, T>,
        Qd<S, D, T>,
        Ps<S, D, T>,
        Pd<S, D, T>,
    ),
    Fault,
> {
    let (s, d) = l.into_parts();
    s.divide_modes(d, t.0)
}

/// The tiles followed by the rests in a flat divide: one tile stays a
/// one-mode tuple (`((8),1,7)`), several are spliced in (`(8,128,1,1)`), as in
/// CuTe C++ (and the runtime layer).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatJoin<Q> {
    /// The joined list.
    type Output;
    /// The joined value.
    fn join(self, q: Q) -> Self::Output;
}
impl<X, Q> FlatJoin<Q> for HCons<X, HNil> {
    type Output = HCons<Self, Q>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn join(self, q: Q) -> Self::Output {
        HCons {
            head: self,
            tail: q,
        }
    }
}
impl<X, Y, Z, Q> FlatJoin<Q> for HCons<X, HCons<Y, Z>>
where
    Self: Add<Q>,
{
    type Output = <Self as Add<Q>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn join(self, q: Q) -> Self::Output {
        self + q
    }
}

/// The error of a divide's parts, boxed: the results travel through the
/// divide's recursion as small as an `Option` (a `LayoutError` in each
/// `Result` made the loops of `try_local_tile` 10 % slower, benches/zero_cost).
pub(super) type Fault = alloc::boxed::Box<LayoutError>;

/// A divided mode's four parts (the tile's shape and stride, the rest's shape
/// and stride), or the fault.
pub(super) type DivideParts<TS, TD, RS, RD> = Result<(TS, TD, RS, RD), Fault>;

/// A stride of a divide's result that leaves `i64`.
fn stride_overflow() -> Fault {
    Fault::new(LayoutError::new(
        ErrorKind::Overflow,
        "logical_divide",
        alloc::string::String::from("a stride of the result exceeds i64"),
    ))
}

/// The result checked once: its values computed without error (an overflow
/// is reported as `what`'s), extents positive, size and cosize inside `i64`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn finish<S: Shape + Congruent<D>, D: IntTuple>(
    l: Result<Layout<S, D>, Fault>,
    what: &'static str,
) -> Result<Layout<S, D>, LayoutError> {
    let fail = || {
        LayoutError::new(
            ErrorKind::Overflow,
            what,
            alloc::string::String::from(
                "a stride, the size or the cosize of the result exceeds i64",
            ),
        )
    };
    // An overflow anywhere in the divide is reported as the divide's.
    let (s, d) = l
        .map_err(|e| match e.kind() {
            ErrorKind::Overflow => fail(),
            _ => *e,
        })?
        .into_parts();
    Layout::try_new_or(s, d, fail)
}

macro_rules! mixed_front {
    ($doc:literal, $cute:literal, $func:ident, $Out:ident, $method:ident, $Op:ident, $example:literal) => {
        #[doc = concat!("CuTe's `", $cute, "` for a layout with dynamic leaves: ", $doc)]
        ///
        /// Mode by mode, `logical_divide(s:d, B) = (B·d, complement(B, s)·d)`, a
        /// leaf mode being linear. The result's structure comes from the static
        /// parts, as in CuTe C++: a fully static mode is divided by the static
        /// algebra; a static `s` with a dynamic `d` keeps static shapes; a dynamic
        /// `s` gives `B`'s gap modes, then `⌈s/E⌉ : E` with `E` the extent `B` and
        /// its gaps fill (the last tile may reach past `s`: predicate it with an
        /// identity tensor), unless `s` is a [`DivBy<N>`](crate::typelevel::DivBy)
        /// with `E | N`: then `s/E` is exact, a `DivBy<N/E>` (see
        /// [`evenly_divides`](crate::typelevel::evenly_divides)). A stride 0 stays static. Violations decidable from the
        /// static parts are compile errors (a tiler that is not complementable,
        /// too many tiler entries); the run-time check is `Overflow`. A mode whose
        /// nested leaves include `Dyn` is `(A_m ∘ B, A_m ∘ complement(B, shape(A_m)))`,
        /// with the compositions' run-time checks (`ShapeDivisibility`, ...).
        ///
        /// ```
        /// use layout_algebra::typelevel::*;
        /// use layout_algebra::typelevel::frunk_core::hlist;
        /// let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
        #[doc = concat!("let r = ", stringify!($func), "(a, tile!(128, 8)).unwrap();")]
        #[doc = concat!("assert_eq!(format!(\"{r:#}\"), \"", $example, "\");")]
        /// ```
        #[cfg_attr(not(debug_assertions), inline(always))]
        pub fn $func<S, D, T, RS, RD>(
            a: Layout<S, D>,
            tiler: T,
        ) -> Result<Layout<RS, RD>, LayoutError>
        where
            Layout<S, D>: TilerDivide<T, $Out = Layout<RS, RD>>,
            <Layout<S, D> as TilerDivide<T>>::DivideVerdict: Admissible<op::$Op, Layout<S, D>, T>,
            RS: Shape + Congruent<RD>,
            RD: IntTuple,
        {
            finish(a.$method(tiler), $cute)
        }
    };
}

mixed_front!(
    "`((B₀, B₀*), (B₁, B₁*), ..)`.",
    "logical_divide",
    try_logical_divide,
    Logical,
    logical,
    LogicalDivideOp,
    "((_128,2),(_8,8)):((_1,_128),(200,1600))"
);
mixed_front!(
    "`((B₀, B₁, ..), (B₀*, B₁*, ..))`.",
    "zipped_divide",
    try_zipped_divide,
    Zipped,
    zipped,
    ZippedDivideOp,
    "((_128,_8),(2,8)):((_1,200),(_128,1600))"
);
mixed_front!(
    "`((B₀, B₁, ..), B₀*, B₁*, ..)`.",
    "tiled_divide",
    try_tiled_divide,
    Tiled,
    tiled,
    TiledDivideOp,
    "((_128,_8),2,8):((_1,200),_128,1600)"
);
mixed_front!(
    "`(B₀, B₁, .., B₀*, B₁*, ..)`.",
    "flat_divide",
    try_flat_divide,
    Flat,
    flat,
    FlatDivideOp,
    "(_128,_8,2,8):(_1,200,_128,1600)"
);
