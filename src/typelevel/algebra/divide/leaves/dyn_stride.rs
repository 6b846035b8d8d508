//! The divide of a mode `s:d` with a static extent `s` and a dynamic stride
//! `d` by a static entry `B`: `(B·d, complement(B, s)·d)`, the shapes static
//! (those of the static algebra), the strides `d` times static ones.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![_8], hlist![Dyn(3)]).unwrap();
//! let r = try_logical_divide(a, tile!(2)).unwrap();
//! assert_eq!(format!("{r:#}"), "((_2,_4)):((3,6))");
//! ```

use core::marker::PhantomData;
use typenum::{NonZero, PInt, Unsigned};

use super::entry::{
    scaled_tile, EntryOf, EntryShape, EntryStride, FilledBy, ScaleBy, StaticRest, TileEntry,
};
use super::finish::{stride_overflow, DivideParts, Fault};
use super::mode::{exact, Fills, ModeDivide, SizeOf};
use super::plan::{ModePlan, RunMode};
use crate::typelevel::algebra::complement::TryComplement;
use crate::typelevel::algebra::modes::{Parts, StaticValue};
use crate::typelevel::check::verdict::{NotEvenlyDivided, Pass};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::IntTuple;
use crate::typelevel::Layout;

// s:d with a static s and a dynamic d: static shapes, strides times d.
macro_rules! dynamic_stride {
    ($([$($g:tt)*] $X:ty),*) => {$(
impl<U: Unsigned + NonZero, B, $($g)*> ModeDivide<B> for Layout<PInt<U>, $X>
where
    B: TileEntry,
    EntryShape<B>: IntTuple,
    EntryStride<B>: ScaleBy<$X>,
    EntryOf<B>: TryComplement<PInt<U>>,
    <StaticRest<B, U> as Parts>::Shape: IntTuple,
    PInt<U>: IntLeaf,
    <StaticRest<B, U> as Parts>::Stride: ScaleBy<$X>,
    B: FilledBy,
    SizeOf<EntryShape<B>>:
        Fills<SizeOf<<StaticRest<B, U> as Parts>::Shape>, PInt<U>, NotEvenlyDivided<PInt<U>, <B as FilledBy>::E>>,
{
    type Plan = ModePlan<
        StrideRecipe<EntryStride<B>, <StaticRest<B, U> as Parts>::Stride>,
        EntryShape<B>,
        <EntryStride<B> as ScaleBy<$X>>::Output,
        <StaticRest<B, U> as Parts>::Shape,
        <<StaticRest<B, U> as Parts>::Stride as ScaleBy<$X>>::Output,
    >;
    type Verdict = <EntryOf<B> as TryComplement<PInt<U>>>::Verdict;
    // The tile of a leaf mode is `B·d` (the mode is linear), whatever `B`:
    // the composition by the tiler takes no complement (CuTe C++).
    type TileVerdict = Pass;
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
}
    )*};
}
dynamic_stride!([] Dyn, [N: Unsigned + NonZero] DivBy<N>);

/// The recipe of a mode with a static extent and a dynamic stride `d`: the
/// tile's stride `ES·d`, the rest's `RD₀·d`, the shapes static.
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct StrideRecipe<ES, RD0>(PhantomData<(ES, RD0)>);
impl<S, X: Copy, B, TS, TD, RS, RD, ES, RD0> RunMode<Layout<S, X>, B, TS, TD, RS, RD>
    for StrideRecipe<ES, RD0>
where
    TS: StaticValue,
    ES: StaticValue + ScaleBy<X, Output = TD>,
    RS: StaticValue,
    RD0: StaticValue + ScaleBy<X, Output = RD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide(l: Layout<S, X>, _: B, what: &'static str) -> DivideParts<TS, TD, RS, RD> {
        let d = *l.stride();
        let (ts, td) = scaled_tile::<TS, ES, X>(d, what)?;
        let rd = RD0::VALUE
            .scale_by(d)
            .ok_or_else(|| stride_overflow(what))?;
        Ok((ts, td, RS::VALUE, rd))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(l: Layout<S, X>, _: B) -> Result<(TS, TD), Fault> {
        scaled_tile::<TS, ES, X>(*l.stride(), "composition")
    }
}
