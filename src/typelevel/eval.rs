//! Evaluation `L(c)`: CuTe's `crd2idx(c, shape, stride)`, unrolled at compile
//! time over the shape's leaves.
//!
//! A coordinate is an integer (a 1-D index, colexicographic), a tuple with one
//! entry per mode (`(i, j)`), or hierarchical (`((i0, i1), j)`); any entry may
//! be an integer for a whole (sub)mode. An integer `c` into a mode with leaves
//! `s₀, s₁, …` reaches leaf `k` as `(c / (s₀⋯sₖ₋₁)) mod sₖ` (the mode's last leaf
//! is not wrapped, as in CuTe C++), and the offset is `Σ cₖ·dₖ`. Index
//! arithmetic runs on values read from the types' constants, so for static
//! layouts every prefix product and extent is a constant: divisions become
//! shifts, remainders masks, and the whole offset folds when the coordinate is
//! static. Coordinate leaves: `usize`, `u32`, `i64`, `i32`, [`Dyn`] and static
//! integers (`_3`, `int!(3)`).
//!
//! Checks (with `call` and `try_call`, in `check/coord.rs`): a coordinate
//! whose tree does not match the shape is a compile error
//! ([`AssertCoordRank`](crate::typelevel::check::AssertCoordRank)); so is a
//! *static* coordinate outside its extent
//! ([`AssertCoordInBounds`](crate::typelevel::check::AssertCoordInBounds)).
//! [`Layout::call`](crate::typelevel::Layout::call) trusts dynamic
//! coordinates (as CuTe does: outside the shape it returns CuTe's extension
//! of the formula, with wrapping arithmetic, never a panic);
//! [`Layout::try_call`](crate::typelevel::Layout::try_call) checks them and
//! returns an `OutOfBounds` error.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let l = layout!((4,(3,2)):(2,(8,1)));
//! assert_eq!(l.call(13usize), 2 + 1);                  // 1-D: 13 = (1,(0,1))
//! assert_eq!(l.call((1usize, 3usize)), 2 + 1);         // R-D: mode 1 by index
//! assert_eq!(l.call(13usize), l.to_dynamic().call(13).unwrap());
//! assert_eq!(l.call((1usize, (0usize, 1usize))), 2 + 1); // hierarchical
//! assert_eq!(l.call((_3, (_2, _1))), 6 + 16 + 1);     // static: folds to 23
//! assert!(l.try_call((4usize, 0usize)).is_err());
//! ```

use super::int::{Dyn, IntLeaf, ShapeLeaf};
use super::tuple::IntTuple;
use core::fmt;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

/// CuTe's `_`: in a slicing coordinate, keeps the whole mode.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(l.slice((Underscore, 1usize)).to_string(), "(4):(2)");
/// assert_eq!(l.slice((__, (__, 1usize))).to_string(), "(4,3):(2,8)"); // `__` is short for it
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

/// An integer coordinate leaf.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,8):(1,4));
/// // Any of these is a coordinate entry: native integers, `Dyn`, static integers.
/// assert_eq!(l.call((3usize, 2u32)), 11);
/// assert_eq!(l.call((3i64, Dyn(2))), 11);
/// assert_eq!(l.call((_3, 2i32)), 11);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer coordinate",
    label = "expected `usize`, `u32`, `i64`, `i32`, `Dyn` or a static integer such as `_3`"
)]
pub trait CoordLeaf: Copy {
    /// `(self / p) mod s`, or `self / p` when `s` is `None` (`p`, `s` positive),
    /// computed in the 64-bit integer type of the coordinate's signedness and
    /// returned as `i64`.
    fn digit(self, p: i64, s: Option<i64>) -> i64;
    /// The value as `i64` (wrapping for unsigned values above `i64::MAX`).
    fn to_i64(self) -> i64;
}

// Native integers compute in a 64-bit type of their signedness, so a prefix
// product or extent (an `i64` up to the layout's size) is never truncated.
macro_rules! native_coord {
    ($($t:ty => $w:ty),*) => {$(
        impl CoordLeaf for $t {
            #[inline(always)]
            fn digit(self, p: i64, s: Option<i64>) -> i64 {
                let q = self as $w / p as $w;
                (match s {
                    Some(s) => q % s as $w,
                    None => q,
                }) as i64
            }
            #[inline(always)]
            fn to_i64(self) -> i64 {
                self as i64
            }
        }
        // Named in `IntoCoord`'s message; kept out of rustc's list of implementors.
        #[diagnostic::do_not_recommend]
        impl IntoCoord for $t {
            type Coord = $t;
            #[inline(always)]
            fn into_coord(self) -> $t {
                self
            }
        }
    )*};
}
native_coord!(usize => u64, u32 => u64, i64 => i64, i32 => i64);

macro_rules! value_coord {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> CoordLeaf for $T {
            #[inline(always)]
            fn digit(self, p: i64, s: Option<i64>) -> i64 {
                self.value().digit(p, s)
            }
            #[inline(always)]
            fn to_i64(self) -> i64 {
                self.value()
            }
        }
        impl<$($g)*> IntoCoord for $T {
            type Coord = $T;
            #[inline(always)]
            fn into_coord(self) -> $T {
                self
            }
        }
    )*};
}
value_coord!([] Z0, [U: Unsigned + NonZero + fmt::Debug + crate::typelevel::int::Bits] PInt<U>,
    [U: Unsigned + NonZero + fmt::Debug + crate::typelevel::int::Bits] NInt<U>, [] Dyn,
    [N: Unsigned + NonZero] super::int::DivBy<N>);

impl IntoCoord for Underscore {
    type Coord = Underscore;
    fn into_coord(self) -> Underscore {
        self
    }
}

/// A coordinate as the user writes it (integers and nested Rust tuples, up to
/// rank 8 per level), converted to an HList coordinate.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(l.call(13usize), 3);                        // 1-D index
/// assert_eq!(l.call((1usize, 3usize)), 2 + 1);            // one integer per mode: 3 in (3,2) is (0,1)
/// assert_eq!(l.call((1usize, (_0, 1usize))), 2 + 1);     // hierarchical, mixed static
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate",
    note = "a coordinate is an integer or a tuple of coordinates, e.g. `5usize`, `(1usize, 2usize)`, `(_1, (_0, 2usize))`"
)]
pub trait IntoCoord {
    /// The HList form.
    type Coord;
    /// Converts.
    fn into_coord(self) -> Self::Coord;
}
impl IntoCoord for HNil {
    type Coord = HNil;
    fn into_coord(self) -> HNil {
        self
    }
}
impl<H: IntoCoord, T: IntoCoord> IntoCoord for HCons<H, T> {
    type Coord = HCons<H::Coord, T::Coord>;
    #[inline(always)]
    fn into_coord(self) -> Self::Coord {
        HCons {
            head: self.head.into_coord(),
            tail: self.tail.into_coord(),
        }
    }
}

macro_rules! tuple_coord {
    ($($A:ident $a:ident),+) => {
        impl<$($A: IntoCoord),+> IntoCoord for ($($A,)+) {
            type Coord = tuple_coord!(@ty $($A)+);
            #[inline(always)]
            fn into_coord(self) -> Self::Coord {
                let ($($a,)+) = self;
                tuple_coord!(@val $($a)+)
            }
        }
    };
    (@ty $A:ident $($R:ident)*) => { HCons<$A::Coord, tuple_coord!(@ty $($R)*)> };
    (@ty) => { HNil };
    (@val $a:ident $($r:ident)*) => { HCons { head: $a.into_coord(), tail: tuple_coord!(@val $($r)*) } };
    (@val) => { HNil };
}
tuple_coord!(A a);
tuple_coord!(A a, B b);
tuple_coord!(A a, B b, C c);
tuple_coord!(A a, B b, C c, D d);
tuple_coord!(A a, B b, C c, D d, E e);
tuple_coord!(A a, B b, C c, D d, E e, F f);
tuple_coord!(A a, B b, C c, D d, E e, F f, G g);
tuple_coord!(A a, B b, C c, D d, E e, F f, G g, H h);

/// An integer coordinate `c` spread over the leaves of a shape (`idx2crd`
/// then the inner product with the stride), leaf by leaf.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IdxLeaves<D> {
    /// `Σₖ digitₖ(c)·dₖ` with `prefix` the product of the extents before this
    /// subtree; `last` when this subtree ends the mode (its last leaf is not wrapped).
    fn idx_offset<C: CoordLeaf>(&self, d: &D, c: C, prefix: &mut i64, last: bool) -> i64;
}
impl<S: ShapeLeaf, D: IntLeaf> IdxLeaves<D> for S {
    #[inline(always)]
    fn idx_offset<C: CoordLeaf>(&self, d: &D, c: C, prefix: &mut i64, last: bool) -> i64 {
        let s = self.value();
        let k = c.digit(*prefix, if last { None } else { Some(s) });
        *prefix = prefix.wrapping_mul(s);
        k.wrapping_mul(d.value())
    }
}
impl IdxLeaves<HNil> for HNil {
    #[inline(always)]
    fn idx_offset<C: CoordLeaf>(&self, _: &HNil, _: C, _: &mut i64, _: bool) -> i64 {
        0
    }
}
impl<SH: IdxLeaves<DH>, ST: IdxLeaves<DT> + IntTuple, DH, DT> IdxLeaves<HCons<DH, DT>>
    for HCons<SH, ST>
{
    #[inline(always)]
    fn idx_offset<C: CoordLeaf>(
        &self,
        d: &HCons<DH, DT>,
        c: C,
        prefix: &mut i64,
        last: bool,
    ) -> i64 {
        let h = self
            .head
            .idx_offset(&d.head, c, prefix, last && ST::RANK == 0);
        h.wrapping_add(self.tail.idx_offset(&d.tail, c, prefix, last))
    }
}

/// CuTe `crd2idx(c, shape, stride)` for an HList coordinate `Self`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let s = hlist![_4, _8];
/// let d = hlist![_8, _1];
/// assert_eq!(hlist![3usize, 2usize].crd2idx(&s, &d), 26);
/// assert_eq!(5usize.crd2idx(&s, &d), 9); // an index: idx2crd, then the inner product
/// ```
pub trait Crd2Idx<S, D> {
    /// The offset (unchecked: see [`Layout::call`](crate::typelevel::Layout::call)).
    fn crd2idx(self, s: &S, d: &D) -> i64;
    /// Whether every entry lies inside its extent (an integer into a mode:
    /// inside the mode's size).
    fn inside(self, s: &S) -> bool;
}
impl<C: CoordLeaf, S: IdxLeaves<D> + IntTuple, D> Crd2Idx<S, D> for C {
    #[inline(always)]
    fn crd2idx(self, s: &S, d: &D) -> i64 {
        s.idx_offset(d, self, &mut 1, true)
    }
    fn inside(self, s: &S) -> bool {
        let c = self.to_i64();
        c >= 0 && c < s.size().value()
    }
}
impl Crd2Idx<HNil, HNil> for HNil {
    #[inline(always)]
    fn crd2idx(self, _: &HNil, _: &HNil) -> i64 {
        0
    }
    fn inside(self, _: &HNil) -> bool {
        true
    }
}
impl<CH, CT, SH, ST, DH, DT> Crd2Idx<HCons<SH, ST>, HCons<DH, DT>> for HCons<CH, CT>
where
    CH: Crd2Idx<SH, DH>,
    CT: Crd2Idx<ST, DT>,
{
    #[inline(always)]
    fn crd2idx(self, s: &HCons<SH, ST>, d: &HCons<DH, DT>) -> i64 {
        let h = self.head.crd2idx(&s.head, &d.head);
        h.wrapping_add(self.tail.crd2idx(&s.tail, &d.tail))
    }
    fn inside(self, s: &HCons<SH, ST>) -> bool {
        self.head.inside(&s.head) && self.tail.inside(&s.tail)
    }
}

/// Writes an HList coordinate in CuTe notation (for error messages).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FmtCoord {
    /// Writes the coordinate.
    fn fmt_coord(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Writes `,x` per item of an HList (`x` first when `first`).
    fn fmt_items(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.fmt_coord(f)
    }
}
impl<C: CoordLeaf> FmtCoord for C {
    fn fmt_coord(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_i64())
    }
}
impl FmtCoord for HNil {
    fn fmt_coord(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
    fn fmt_items(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}
impl<H: FmtCoord, T: FmtCoord> FmtCoord for HCons<H, T> {
    fn fmt_coord(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.fmt_items(f, true)?;
        f.write_str(")")
    }
    fn fmt_items(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.fmt_coord(f)?;
        self.tail.fmt_items(f, false)
    }
}

pub(crate) struct ShowCoord<'a, C>(pub(crate) &'a C);
impl<C: FmtCoord> fmt::Display for ShowCoord<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_coord(f)
    }
}
