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

use typenum::{NonZero, PInt, Unsigned};

use super::entry::{EntryOf, EntryShape, EntryStride, FilledBy, ScaleBy, StaticRest, TileEntry};
use super::finish::{stride_overflow, DivideParts, Fault};
use super::mode::{exact, Fills, ModeDivide, SizeOf};
use crate::typelevel::algebra::complement::TryComplement;
use crate::typelevel::algebra::modes::{Parts, StaticValue};
use crate::typelevel::check::verdict::NotEvenlyDivided;
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::IntTuple;
use crate::typelevel::Layout;

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
        what: &'static str,
    ) -> DivideParts<Self::TileShape, Self::TileStride, Self::RestShape, Self::RestStride> {
        let d = *self.stride();
        Ok((
            StaticValue::VALUE,
            <EntryStride<B> as StaticValue>::VALUE.scale_by(d).ok_or_else(|| stride_overflow(what))?,
            StaticValue::VALUE,
            <<StaticRest<B, U> as Parts>::Stride as StaticValue>::VALUE.scale_by(d).ok_or_else(|| stride_overflow(what))?,
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn mode_tile(self, _: B) -> Result<(Self::TileShape, Self::TileStride), Fault> {
        let d = *self.stride();
        Ok((
            StaticValue::VALUE,
            <EntryStride<B> as StaticValue>::VALUE.scale_by(d).ok_or_else(|| stride_overflow("composition"))?,
        ))
    }
}
    )*};
}
dynamic_stride!([] Dyn, [N: Unsigned + NonZero] DivBy<N>);
