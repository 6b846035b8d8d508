//! What the tiled MMA and the tiled copy share: rank-2 tuples, a thread's
//! coordinate, and a tile extent as repetitions of their tile.

use crate::typelevel::check::rules::AssertTilesDivide;
use crate::typelevel::check::{Readable, ReadableOf};
use crate::typelevel::StaticInt;
use core::ops::{Div, Rem};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Eq, IsEqual, Quot, Z0};

/// A rank-2 tuple `(X, Y)`.
pub(crate) type Pair<X, Y> = HCons<X, HCons<Y, HNil>>;

/// The value `(x, y)`.
#[inline(always)]
pub(crate) fn pair<X, Y>(x: X, y: Y) -> Pair<X, Y> {
    HCons {
        head: x,
        tail: HCons {
            head: y,
            tail: HNil,
        },
    }
}

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

/// A tile extent `B` as repetitions `B / Tile` of operation `Op`'s tile,
/// checked to divide (a readable compile error otherwise).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Repeats<Tile, Op> {
    /// `B / Tile`.
    type Output: StaticInt;
}
impl<B, Tile, Op> Repeats<Tile, Op> for B
where
    B: Rem<Tile> + Div<Tile>,
    <B as Rem<Tile>>::Output: IsEqual<Z0>,
    Eq<<B as Rem<Tile>>::Output, Z0>: TilesVerdict<B, Tile, Op>,
    Quot<B, Tile>: StaticInt,
{
    type Output = Quot<B, Tile>;
}

/// The divisibility verdict, asserted readably.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TilesVerdict<B, Tile, Op> {}
impl<B, Tile, Op> TilesVerdict<B, Tile, Op> for typenum::B1 {}
impl<B: Readable, Tile: Readable, Op> TilesVerdict<B, Tile, Op> for typenum::B0 where
    ReadableOf<B>: AssertTilesDivide<Op, ReadableOf<Tile>>
{
}
