//! A tiler entry of the mixed divides, as a layout `B`: an integer `n` is
//! `n:1`, a layout is itself. Its gap modes `complement(B)` and the extent
//! `E = size(filter(B))·size(complement(B))` that `B` and its gaps fill; a
//! stride `d` of the divided mode scales `B`'s strides (`ScaleBy`: `B·d`, each
//! product checked to fit `i64`, `0·d = 0` kept static).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! // B = 4:2 has the gap 2:1 and fills E = 8: tile (4:2·d), rest (2:1·d, 25:8·d).
//! let a = Layout::try_new(hlist![Dyn(200)], hlist![Dyn(3)]).unwrap();
//! let r = try_logical_divide(a, tile!((_4:_2))).unwrap();
//! assert_eq!(format!("{r:#}"), "((_4,(_2,25))):((6,(3,24)))");
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Prod, Unsigned, Z0};

use super::finish::{stride_overflow, Fault};
use crate::typelevel::algebra::complement::{TryComplement, TryComplementDefault};
use crate::typelevel::algebra::filter::FilterOut;
use crate::typelevel::algebra::modes::{CompactStride, Parts, StaticValue};
use crate::typelevel::algebra::size::StaticSize;
use crate::typelevel::int::{DivBy, Dyn, IntLeaf, IntMul};
use crate::typelevel::{Layout, ScaledBasis};

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
scale_leaf!([U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] NInt<U>, [] Dyn,
    [N: Unsigned + NonZero,] DivBy<N>);
// `k·(v@P) = (k·v)@P` for a static integer `k`: the strides of a divided
// mode with a basis stride (an identity layout's) stay static, as CuTe C++'s.
macro_rules! scale_basis {
    ($($T:ident),*) => {$(
        impl<U: Unsigned + NonZero, V: IntLeaf, P> ScaleBy<ScaledBasis<V, P>> for $T<U>
        where
            $T<U>: IntMul<V>,
        {
            type Output = ScaledBasis<<$T<U> as IntMul<V>>::Output, P>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn scale_by(self, _: ScaledBasis<V, P>) -> Option<Self::Output> {
                Some(ScaledBasis::default())
            }
        }
    )*};
}
scale_basis!(PInt, NInt);
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

/// The tile `B·d` of a mode with the stride `d` and a static extent or a
/// dynamic one: the entry's static shape `TS` and its stride `ES` times `d`,
/// `Overflow` (of the operation `what`) if a product leaves `i64`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn scaled_tile<TS: StaticValue, ES: StaticValue + ScaleBy<X>, X>(
    d: X,
    what: &'static str,
) -> Result<(TS, ES::Output), Fault> {
    let td = ES::VALUE.scale_by(d).ok_or_else(|| stride_overflow(what))?;
    Ok((TS::VALUE, td))
}

/// The entry's layout, its shape and stride.
pub(in crate::typelevel::algebra) type EntryOf<B> = <B as TileEntry>::Layout;
pub(in crate::typelevel::algebra) type EntryShape<B> = <EntryOf<B> as Parts>::Shape;
pub(super) type EntryStride<B> = <EntryOf<B> as Parts>::Stride;
/// `complement(B, s)` for a static `s`.
pub(in crate::typelevel::algebra) type StaticRest<B, U> =
    <EntryOf<B> as TryComplement<PInt<U>>>::Output;

/// `complement(B)`: the gap modes of `B`.
pub(in crate::typelevel::algebra) type Gaps<B> = <EntryOf<B> as TryComplementDefault>::Output;
/// `E = size(filter(B))·size(complement(B))`, the extent `B` and its gaps fill.
pub(in crate::typelevel::algebra) type Filled<B> =
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
