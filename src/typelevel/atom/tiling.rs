//! What the tiled MMA and the tiled copy share: a thread's coordinate of
//! two entries and a tile extent as repetitions of their tile.

use crate::typelevel::check::{Readable, ReadableOf};
use crate::typelevel::tensor::helpers::{EarlierMismatch, SizesAgree};
use crate::typelevel::tuple::Pair;
use crate::typelevel::StaticInt;
use core::ops::{Div, Rem};
use typenum::{Eq, IsEqual, Quot, Z0};

/// A thread coordinate of two entries.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CoordPair {
    /// `(m, n)`.
    fn pair(self) -> (i64, i64);
}
impl CoordPair for Pair<i64, i64> {
    #[inline(always)]
    fn pair(self) -> (i64, i64) {
        (self.head, self.tail.head)
    }
}

/// A tile extent `B` as repetitions `B / Tile` of a tiled operation's tile,
/// with the divisibility as a mismatch shows it: `Shown` is [`SizesAgree`]
/// where `Tile` divides `B`, else `B` in `Num<n>` form (and `Wanted` the
/// tile), so that a partition requiring `Shown: AssertTilesDivide<Op,
/// Wanted>` fails on that one readable bound.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Repeats<Tile> {
    /// `B / Tile` (rounded down).
    type Output: StaticInt;
    /// `SizesAgree`, or the readable extent.
    type Shown;
    /// `()`, or the readable tile.
    type Wanted;
}
impl<B, Tile> Repeats<Tile> for B
where
    B: Rem<Tile> + Div<Tile>,
    <B as Rem<Tile>>::Output: IsEqual<Z0>,
    Eq<<B as Rem<Tile>>::Output, Z0>: TilesShow<B, Tile>,
    Quot<B, Tile>: StaticInt,
{
    type Output = Quot<B, Tile>;
    type Shown = <Eq<<B as Rem<Tile>>::Output, Z0> as TilesShow<B, Tile>>::Shown;
    type Wanted = <Eq<<B as Rem<Tile>>::Output, Z0> as TilesShow<B, Tile>>::Wanted;
}

/// The divisibility bit, shown readably.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TilesShow<B, Tile> {
    /// `SizesAgree`, or the readable extent.
    type Shown;
    /// `()`, or the readable tile.
    type Wanted;
}
impl<B, Tile> TilesShow<B, Tile> for typenum::B1 {
    type Shown = SizesAgree;
    type Wanted = ();
}
impl<B: Readable, Tile: Readable> TilesShow<B, Tile> for typenum::B0 {
    type Shown = ReadableOf<B>;
    type Wanted = ReadableOf<Tile>;
}

/// The first of two extents' divisibility that fails, as `(shown, wanted)`.
pub(crate) type FirstUnfit<X, TX, Y, TY> =
    <(<X as Repeats<TX>>::Shown, <X as Repeats<TX>>::Wanted) as EarlierMismatch<(
        <Y as Repeats<TY>>::Shown,
        <Y as Repeats<TY>>::Wanted,
    )>>::Pair;
