//! The divide of a mode `s:d` with a dynamic extent `s` by a static entry `B`:
//! the tile `B·d`, then `B`'s gap modes `complement(B)·d` followed by one mode
//! `R : E·d`, `E` the extent `B` and its gaps fill. `R = ⌈s/E⌉` (a `Dyn`: the
//! last tile may reach past `s`), or `R = s/E` exactly (a `DivBy<N/E>`) when
//! `s` is a `DivBy<N>` and `E | N` ([`DynExtent`], [`Quotient`]); the gaps and
//! the last mode are joined by [`AppendLast`]. The stride `d` is an integer
//! or a static scaled basis `v@i` (an identity layout's mode, CuTe's
//! coordinate layout): `B`'s static strides times `v@i` are static bases.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![Dyn(100)], hlist![_1]).unwrap();
//! let r = try_logical_divide(a, tile!(8)).unwrap();
//! assert_eq!(format!("{r:#}"), "((_8,13)):((_1,_8))"); // 13 = ⌈100/8⌉
//! let id = try_make_identity_layout(hlist![Dyn(10), Dyn(12)]).unwrap();
//! let t = try_logical_divide(id, tile!(4, 8)).unwrap();
//! assert_eq!(format!("{t:#}"), "((_4,3),(_8,2)):((_1@0,_4@0),(_1@1,_8@1))"); // as CuTe C++
//! ```

use core::marker::PhantomData;
use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, UInt, UTerm, Unsigned, B1};

use super::entry::{
    scaled_tile, EntryOf, EntryShape, EntryStride, Filled, Gaps, ScaleBy, TileEntry,
};
use super::finish::{stride_overflow, DivideParts, Fault};
use super::mode::ModeDivide;
use super::plan::{ModePlan, RunMode};
use crate::typelevel::algebra::complement::TryComplementDefault;
use crate::typelevel::algebra::filter::FilterOut;
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::algebra::size::StaticSize;
use crate::typelevel::check::verdict::{NotEvenlyDivided, Pass};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::Layout;

// s:d with a dynamic s: B's gaps, then the mode `R : E`, strides times d;
// `R = ⌈s/E⌉` (a `Dyn`), or `s/E` exactly (a `DivBy<N/E>`) when s is a
// `DivBy<N>` and E divides N.
macro_rules! dynamic_extent {
    ($([$($g:tt)*] $S:ty),*) => {$(
impl<X, B, $($g)*> ModeDivide<B> for Layout<$S, X>
where
    $S: DynExtent<Filled<B>>,
    B: TileEntry,
    EntryStride<B>: ScaleBy<X>,
    EntryOf<B>: TryComplementDefault + crate::typelevel::Filter,
    FilterOut<EntryOf<B>>: StaticSize,
    Gaps<B>: StaticSize + AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>,
    <FilterOut<EntryOf<B>> as StaticSize>::Unsigned:
        core::ops::Mul<<Gaps<B> as StaticSize>::Unsigned>,
    Filled<B>: Unsigned + NonZero,
    <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Stride: ScaleBy<X>,
{
    type Plan = ModePlan<
        ExtentRecipe<EntryStride<B>, Gaps<B>, Filled<B>>,
        EntryShape<B>,
        <EntryStride<B> as ScaleBy<X>>::Output,
        <Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Shape,
        <<Gaps<B> as AppendLast<PInt<Filled<B>>, <$S as DynExtent<Filled<B>>>::Rest>>::Stride as ScaleBy<X>>::Output,
    >;
    type Verdict = <EntryOf<B> as TryComplementDefault>::Verdict;
    // The tile of a leaf mode is `B·d` (the mode is linear), whatever `B`:
    // the composition by the tiler takes no complement (CuTe C++).
    type TileVerdict = Pass;
    const EVEN: bool = <$S as DynExtent<Filled<B>>>::EVEN;
    type Evenness = <$S as DynExtent<Filled<B>>>::Evenness;
}
    )*};
}
dynamic_extent!([] Dyn, [N: Unsigned + NonZero] DivBy<N>);

/// The recipe of a mode with a dynamic extent `s` and the stride `d`: the
/// tile's stride `ES·d`, the rest the gaps `G` followed by the number of tiles
/// `R : E` ([`DynExtent`], [`AppendLast`]), its strides times `d`.
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct ExtentRecipe<ES, G, E>(PhantomData<(ES, G, E)>);
impl<S, X: Copy, B, TS, TD, RS, RD, ES, G, E, R, GD> RunMode<Layout<S, X>, B, TS, TD, RS, RD>
    for ExtentRecipe<ES, G, E>
where
    S: DynExtent<E, Rest = R> + Copy,
    E: Unsigned + NonZero,
    TS: StaticValue,
    ES: StaticValue + ScaleBy<X, Output = TD>,
    G: AppendLast<PInt<E>, R, Shape = RS, Stride = GD>,
    GD: ScaleBy<X, Output = RD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide(l: Layout<S, X>, _: B, what: &'static str) -> DivideParts<TS, TD, RS, RD> {
        let (s, d) = (*l.shape(), *l.stride());
        let (ts, td) = scaled_tile::<TS, ES, X>(d, what)?;
        let (rs, rd) = G::append(s.rest());
        let rd = rd.scale_by(d).ok_or_else(|| stride_overflow(what))?;
        Ok((ts, td, rs, rd))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(l: Layout<S, X>, _: B) -> Result<(TS, TD), Fault> {
        scaled_tile::<TS, ES, X>(*l.stride(), "composition")
    }
}

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
