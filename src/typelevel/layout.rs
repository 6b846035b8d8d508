//! `Layout<S, D>`: a shape and a congruent stride whose leaves are static
//! integers or [`Dyn`](crate::typelevel::Dyn); zero-sized when every leaf is static.
//!
//! The type records which leaves are static. A fully static layout is built by
//! [`Layout::new`] (or `layout!`, or `Default`); a layout with a dynamic leaf by
//! [`Layout::try_new`], which checks at run time that dynamic extents are
//! positive and that size and cosize fit `i64` — after that, evaluating at a
//! coordinate inside the shape cannot overflow.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::{size, cosize, rank, depth};
//! let l = layout!((4,(3,2)):(2,(8,1)));
//! assert_eq!(core::mem::size_of_val(&l), 0);
//! assert_eq!(size(&l).value(), 24);
//! assert_eq!(cosize(&l).value(), 24);
//! assert_eq!((rank(&l), depth(&l)), (2, 2));
//! let n = 6;
//! let d = layout!((4,{n}):(1,4)).unwrap();
//! assert_eq!(size(&d), Dyn(24));
//! ```

use super::int::{IntAdd, IntLeaf, StaticInt};
use super::tuple::{Congruent, IntTuple, LayoutCheck, Shape, StaticTuple, Written};
use crate::runtime::{ErrorKind, LayoutError};
use typenum::P1;

/// A CuTe layout `shape:stride` with static and/or dynamic leaves.
///
/// `Debug` and `Display` both print CuTe notation.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // From the macro, or from a shape and a stride.
/// let a: Layout![(4,8):(1,4)] = layout!((4,8));
/// assert_eq!(a, Layout::new(hlist![_4, _8], hlist![_1, _4]));
/// assert_eq!(core::mem::size_of_val(&a), 0);
/// assert_eq!(a.call((3usize, 2usize)), 11);
/// // A dynamic leaf is checked when the layout is made.
/// let n = 8;
/// let d = Layout::try_new(hlist![_4, Dyn(n)], hlist![_1, _4]).unwrap();
/// assert_eq!((d.shape().tail.head, d.call((3usize, 2usize))), (Dyn(8), 11));
/// assert!(Layout::try_new(hlist![_4, Dyn(0)], hlist![_1, _4]).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout<S, D> {
    // Read in place by the mixed operations' generic glue (an accessor
    // is one more function per layout type in a debug build).
    pub(crate) shape: S,
    pub(crate) stride: D,
}

/// A tiler `<L₀, L₁, …>`: an HList of layouts (or nested tilers), one per mode
/// of the layout it tiles. Built by `tile!(4:1, 8:2)`; prints as `<4:1,8:2>`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let t = tile!(4:1, 8:2);
/// assert_eq!(t.to_string(), "<4:1,8:2>");
/// // Mode 0 of the layout is divided by 4:1, mode 1 by 8:2.
/// assert_eq!(logical_divide(layout!((8,16)), t).to_string(), "((4,2),(8,2)):((1,4),(16,8))");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile<T>(pub T);

impl<S: Shape + StaticTuple + Congruent<D>, D: IntTuple + StaticTuple> Layout<S, D> {
    /// The value of this fully static layout, usable in `const` items.
    pub const VALUE: Self = Layout {
        shape: S::VALUE,
        stride: D::VALUE,
    };

    /// `shape:stride` from static tuples (checked by the types).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::hlist;
    /// let l = Layout::new(hlist![_4, _8], hlist![_1, _4]);
    /// assert_eq!(l, layout!((4,8)));
    /// ```
    #[inline(always)]
    pub fn new(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }
}

impl<S, D> Layout<S, D> {
    /// A layout from parts the caller guarantees to be a static, congruent
    /// shape and stride (the algebra's results, congruent by construction).
    pub(crate) const fn from_static_parts(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }
}

impl<S: Shape + StaticTuple + Congruent<D>, D: IntTuple + StaticTuple> Default for Layout<S, D> {
    fn default() -> Self {
        Self::VALUE
    }
}

// No bound `D: IntTuple`: `Congruent<D>` has the stride's tree (a bound less
// to prove at every call of `try_new`).
impl<S: Shape + Congruent<D>, D> Layout<S, D> {
    /// `shape:stride` with dynamic leaves: checks that every extent is positive
    /// and that size and cosize fit `i64` (`NonPositiveShape`, `Overflow`).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::hlist;
    /// let l = Layout::try_new(hlist![_4, Dyn(6)], hlist![_1, _4]).unwrap();
    /// assert_eq!(l.to_string(), "(4,6):(1,4)");
    /// let e = Layout::try_new(hlist![_4, Dyn(0)], hlist![_1, _4]).unwrap_err();
    /// assert_eq!(e.to_string(), "make_layout: shape extents must be positive: (4,0):(1,4) has an extent below 1");
    /// ```
    pub fn try_new(shape: S, stride: D) -> Result<Self, LayoutError> {
        let layout = Layout { shape, stride };
        let mut check = LayoutCheck::new();
        layout.check(&mut check);
        match check.fault() {
            None => Ok(layout),
            Some(kind) => Err(make_layout_error(kind, &layout)),
        }
    }

    /// `try_new` with the algebra's own error `fail` for a result that breaks
    /// a rule (the message of `try_new` is not built).
    #[inline]
    pub(crate) fn try_new_or(
        shape: S,
        stride: D,
        fail: impl FnOnce() -> LayoutError,
    ) -> Result<Self, LayoutError> {
        let layout = Layout { shape, stride };
        let mut check = LayoutCheck::new();
        layout.check(&mut check);
        match check.fault() {
            None => Ok(layout),
            Some(_) => Err(fail()),
        }
    }
}

/// A layout whose modes `try_new`'s rule reads: once typed, to check them,
/// and behind `dyn` for the message of a layout that breaks the rule (so that
/// the code that writes it is not generic).
///
/// The check is generic, so that in a kernel it folds to the checks of the
/// dynamic leaves (read into arrays by code that is not generic, it did not:
/// twice the instructions of the `dtile` kernel); what it generates per
/// layout type is this function and one [`Congruent::check_modes`] per tuple.
trait CheckModes {
    /// Reads the modes into `check`.
    fn check(&self, check: &mut LayoutCheck<'_>);
}
impl<S: Congruent<D>, D> CheckModes for Layout<S, D> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check(&self, check: &mut LayoutCheck<'_>) {
        self.shape.check_modes(&self.stride, check, true);
    }
}

/// `make_layout`'s error of the rule `kind` broken by `layout`: its modes
/// read again, written as they are read.
#[cold]
fn make_layout_error(kind: ErrorKind, layout: &dyn CheckModes) -> LayoutError {
    let mut written = Written::default();
    layout.check(&mut LayoutCheck::writing(&mut written));
    let why = match kind {
        ErrorKind::NonPositiveShape => "has an extent below 1",
        _ => "has a size or cosize beyond i64",
    };
    let Written { shape, stride } = written;
    LayoutError::new(
        kind,
        "make_layout",
        alloc::format!("{shape}:{stride} {why}"),
    )
}

impl<S, D> Layout<S, D> {
    /// Internal constructor for results known to be well formed.
    #[inline(always)]
    pub(crate) fn from_parts(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }
    /// The shape and the stride, moved out (the restructuring operations
    /// regroup them without recomputing a leaf).
    #[inline(always)]
    pub(crate) fn into_parts(self) -> (S, D) {
        (self.shape, self.stride)
    }
    /// The shape.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::hlist;
    /// let l = layout!((4,(3,2)):(2,(8,1)));
    /// assert_eq!(*l.shape(), hlist![_4, hlist![_3, _2]]);
    /// assert_eq!(*l.stride(), hlist![_2, hlist![_8, _1]]);
    /// ```
    #[inline(always)]
    pub fn shape(&self) -> &S {
        &self.shape
    }
    /// The stride.
    ///
    /// See [`Layout::shape`] for an example.
    #[inline(always)]
    pub fn stride(&self) -> &D {
        &self.stride
    }
}

/// CuTe `size`: the number of coordinates of a tuple or layout.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// let n: SizeOut<Layout![(4,(3,2)):(2,(8,1))]> = l.size(); // a static integer type
/// assert_eq!(n, _24);
/// assert_eq!(size(l.shape()).value(), 24); // tuples have a size too
/// let n = 6;
/// let d = layout!((4,{n})).unwrap();
/// assert_eq!(size(&d), Dyn(24)); // a dynamic leaf gives a dynamic size
/// ```
pub trait Size {
    /// The size (static when the shape is).
    type Output: IntLeaf;
    /// The size value.
    fn size(&self) -> Self::Output;
}
impl<T: IntTuple> Size for T {
    type Output = T::Size;
    #[inline(always)]
    fn size(&self) -> T::Size {
        IntTuple::size(self)
    }
}
impl<S: IntTuple, D> Size for Layout<S, D> {
    type Output = S::Size;
    #[inline(always)]
    fn size(&self) -> S::Size {
        IntTuple::size(&self.shape)
    }
}
/// CuTe `size` of a tuple or layout type.
/// See [`Size`] for an example.
pub type SizeOut<T> = <T as Size>::Output;

/// CuTe `cosize` (C++ definition): `1 + Σ (sᵢ - 1)·|dᵢ|`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// let n: CosizeOut<Layout![(4,(3,2)):(2,(8,1))]> = l.cosize();
/// assert_eq!(n.value(), 24);
/// assert_eq!(layout!((4,8):(2,16)).cosize().value(), 1 + 3 * 2 + 7 * 16); // the last offset + 1
/// ```
pub trait Cosize {
    /// The cosize (static when the layout is).
    type Output: IntLeaf;
    /// The cosize value.
    fn cosize(&self) -> Self::Output;
}
impl<S: Congruent<D>, D> Cosize for Layout<S, D>
where
    P1: IntAdd<S::Span>,
{
    type Output = <P1 as IntAdd<S::Span>>::Output;
    #[inline(always)]
    fn cosize(&self) -> Self::Output {
        <P1 as StaticInt>::VALUE.int_add(self.shape.span(&self.stride))
    }
}

/// CuTe `rank` and `depth` of a layout (those of its shape).
///
/// ```
/// use layout_algebra::typelevel::*;
/// type L = Layout![(4,(3,2)):(2,(8,1))];
/// assert_eq!(<L as Rank>::RANK, 2);
/// assert_eq!(<L as Rank>::DEPTH, 2);
/// assert_eq!(<Layout![8:1] as Rank>::RANK, 1);
/// assert_eq!(<Layout![8:1] as Rank>::DEPTH, 0);
/// ```
pub trait Rank {
    /// The rank.
    const RANK: usize;
    /// The depth.
    const DEPTH: usize;
}
impl<S: IntTuple, D> Rank for Layout<S, D> {
    const RANK: usize = S::RANK;
    const DEPTH: usize = S::DEPTH;
}

/// The cosize type of a layout.
/// See [`Cosize`] for an example.
pub type CosizeOut<L> = <L as Cosize>::Output;
/// The shape type of a layout.
///
/// See [`LayoutParts`] for an example.
pub type ShapeOut<L> = <L as LayoutParts>::Shape;
/// The stride type of a layout.
///
/// See [`LayoutParts`] for an example.
pub type StrideOut<L> = <L as LayoutParts>::Stride;

/// Names the shape and stride types of a layout type.
///
/// ```
/// use layout_algebra::typelevel::*;
/// type L = Layout![(4,8):(1,4)];
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let s: ShapeOut<L> = *layout!((4,8)).shape();
/// assert_eq!(s, hlist![_4, _8]);
/// assert_eq!(<StrideOut<L> as StaticTuple>::VALUE, hlist![_1, _4]);
/// ```
pub trait LayoutParts {
    /// The shape type.
    type Shape: IntTuple;
    /// The stride type.
    type Stride: IntTuple;
}
impl<S: IntTuple, D: IntTuple> LayoutParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}

/// CuTe `size(x)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(size(&l).value(), 24);
/// assert_eq!(size(l.shape()).value(), 24);
/// ```
#[inline(always)]
pub fn size<T: Size>(x: &T) -> T::Output {
    x.size()
}
/// CuTe `cosize(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(cosize(&layout!((4,8):(2,16))).value(), 119);
/// ```
#[inline(always)]
pub fn cosize<L: Cosize>(l: &L) -> L::Output {
    l.cosize()
}
/// CuTe `rank(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(rank(&layout!((4,(3,2)):(2,(8,1)))), 2);
/// assert_eq!(rank(&layout!(8:1)), 1);
/// ```
#[inline(always)]
pub fn rank<L: Rank>(_: &L) -> usize {
    L::RANK
}
/// CuTe `depth(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(depth(&layout!((4,(3,2)):(2,(8,1)))), 2);
/// assert_eq!(depth(&layout!((4,8):(1,4))), 1);
/// assert_eq!(depth(&layout!(8:1)), 0);
/// ```
#[inline(always)]
pub fn depth<L: Rank>(_: &L) -> usize {
    L::DEPTH
}

#[cfg(test)]
mod tests {
    use super::super::*;

    #[test]
    fn static_layout_is_zero_sized_and_const() {
        const L: Layout![(4, 8):(1, 4)] = layout!((4, 8):(1, 4));
        assert_eq!(core::mem::size_of_val(&L), 0);
        assert_eq!(size(&L).value(), 32);
        assert_eq!(cosize(&L).value(), 32);
        assert_eq!(<Layout![(4, 8):(1, 4)]>::default(), L);
    }

    #[test]
    fn results_are_typenum_types() {
        use typenum::consts::{P24, P29, U2};
        let l = layout!((4, 6):(1, -5));
        let s: P24 = size(&l);
        let c: P29 = cosize(&l);
        type L = Layout![(4, 6):(1, -5)];
        let _: SizeOut<L> = s;
        let _: CosizeOut<L> = c;
        let _: RankOut<ShapeOut<L>> = U2::new();
        assert_eq!((s.value(), c.value()), (24, 1 + 3 + 25));
        let d = layout!((4, {6}):(1, -5)).unwrap();
        type D = Layout![(4, {_}):(1, -5)];
        let _: StrideOut<D> = *d.stride();
        assert_eq!(cosize(&d), Dyn(29));
    }

    #[test]
    fn dynamic_checks() {
        assert_eq!(size(&layout!(({ 3 }, 8)).unwrap()), Dyn(24));
        let e = layout!(({ 0 }, 8)).unwrap_err();
        assert_eq!(e.kind(), crate::runtime::ErrorKind::NonPositiveShape);
        let e = layout!(({ 1 << 40 }, { 1 << 40 })).unwrap_err();
        assert_eq!(e.kind(), crate::runtime::ErrorKind::Overflow);
        let e = layout!((2, 2):({i64::MAX}, 1)).unwrap_err();
        assert_eq!(e.kind(), crate::runtime::ErrorKind::Overflow);
        assert_eq!(cosize(&layout!((4, 3):(1, {-8})).unwrap()), Dyn(1 + 3 + 16));
    }

    /// `try_new`'s message writes the layout as `Display` does, whatever its
    /// nesting (a leaf, a rank-1 tuple, an empty one, a basis stride).
    #[test]
    fn message_writes_the_layout() {
        use super::super::frunk_core::{hlist, HList};
        use super::super::typenum::U1;
        use alloc::{format, string::ToString};
        fn check<S: Shape + Congruent<D>, D: IntTuple>(s: S, d: D, why: &str) {
            let written = Layout::from_parts(s, d).to_string();
            let e = Layout::try_new(s, d).unwrap_err();
            let rule = e.kind().rule();
            assert_eq!(
                e.to_string(),
                format!("make_layout: {rule}: {written} {why}")
            );
        }
        let below = "has an extent below 1";
        let beyond = "has a size or cosize beyond i64";
        check(Dyn(0), _2, below);
        check(hlist![Dyn(0)], hlist![_1], below);
        check(
            hlist![hlist![_2, Dyn(0)], _3],
            hlist![hlist![_1, _2], Dyn(-4)],
            below,
        );
        check(
            hlist![hlist![], Dyn(-1), hlist![_2]],
            hlist![hlist![], _1, hlist![_4]],
            below,
        );
        check(hlist![_2, Dyn(i64::MAX)], hlist![Dyn(1), _2], beyond);
        let e1: E<HList!(U1)> = ScaledBasis::new();
        check(hlist![_4, Dyn(0)], hlist![_1, e1], below);
        assert_eq!(
            Layout::try_new(hlist![_4, Dyn(0)], hlist![_1, e1])
                .unwrap_err()
                .to_string(),
            "make_layout: shape extents must be positive: (4,0):(1,1@1) has an extent below 1"
        );
    }
}
