//! Hierarchical tuples as frunk HLists.
//!
//! A hierarchical tuple is a leaf ([`IntLeaf`]: a static integer or [`Dyn`])
//! or an HList of hierarchical tuples: `(4,(3,2))` is
//! `HCons<P4, HCons<HCons<P3, HCons<P2, HNil>>, HNil>>`. Rank and depth are
//! associated constants (and typenum types, for the algebra); the size is an
//! [`IntLeaf`] type, static exactly when every leaf is.
//!
//! ```
//! use layout_algebra::typelevel::{IntTuple, SizeOut, Shape, _2, _3, _4};
//! use layout_algebra::typelevel::frunk_core::HList;
//! type S = HList!(_4, HList!(_3, _2));
//! assert_eq!(<S as IntTuple>::RANK, 2);
//! assert_eq!(<S as IntTuple>::DEPTH, 2);
//! assert_eq!(<S as IntTuple>::LEAVES, 3);
//! assert_eq!(<SizeOut<S> as layout_algebra::typelevel::IntLeaf>::STATIC, Some(24));
//! ```

use super::int::{DivBy, Dyn, IntAdd, IntLeaf, IntMul, IntSpan, ShapeLeaf, StaticInt};
use crate::runtime::ErrorKind;
use crate::typelevel::Layout;
use alloc::string::String;
use core::fmt;
use core::fmt::Debug;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, NInt, NonZero, PInt, Unsigned, B0, B1, P1, U0, U1, Z0};

/// A hierarchical tuple of integer leaves (a leaf, or an HList of tuples).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let s = hlist![_4, hlist![_3, Dyn(2)]];
/// assert_eq!(IntTuple::size(&s), Dyn(24));
/// let mut leaves = Vec::new();
/// s.for_each_leaf(&mut |x| leaves.push(x));
/// assert_eq!(leaves, [4, 3, 2]);
/// type S = <Layout![(4,(3,{_})):(1,(4,12))] as LayoutParts>::Shape;
/// assert_eq!((S::RANK, S::DEPTH, S::LEAVES, S::IS_STATIC), (2, 2, 3, false));
/// assert_eq!((<_4 as IntTuple>::RANK, <_4 as IntTuple>::DEPTH), (1, 0));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a hierarchical integer tuple",
    note = "a tuple is a leaf (static integer or `Dyn`) or a frunk HList of tuples; write it with `layout!`/`Layout!`"
)]
pub trait IntTuple: Copy + Debug {
    /// CuTe `rank`: 1 for a leaf, the number of modes for a tuple.
    const RANK: usize;
    /// CuTe `depth`: 0 for a leaf, 1 + the deepest mode for a tuple.
    const DEPTH: usize;
    /// Number of leaves.
    const LEAVES: usize;
    /// Whether every leaf is static.
    const IS_STATIC: bool;
    /// Whether this is a single leaf.
    const IS_LEAF: bool;
    /// The rank as a typenum unsigned integer.
    type Rank: Unsigned;
    /// The product of the leaves (`P1` for the empty tuple).
    type Size: IntLeaf;
    /// The size value.
    fn size(&self) -> Self::Size;
    /// Calls `f` on every leaf value in order.
    fn for_each_leaf(&self, f: &mut impl FnMut(i64));
    /// Writes the tuple in CuTe notation.
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// The items of an HList, written comma-separated (helper of [`IntTuple::fmt_cute`]).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TupleItems: IntTuple {
    /// Writes `,x` for each item (`x` for the first when `first`).
    fn fmt_items(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
}

/// CuTe `rank` of a tuple type (typenum unsigned).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// use layout_algebra::typelevel::typenum::{Unsigned, U2};
/// let _: RankOut<ShapeOut<Layout![(4,(3,2)):(2,(8,1))]>> = U2::new();
/// assert_eq!(<RankOut<ShapeOut<Layout![(4,(3,2)):(2,(8,1))]>> as Unsigned>::USIZE, 2);
/// ```
pub type RankOut<T> = <T as IntTuple>::Rank;

macro_rules! leaf_tuple {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> IntTuple for $T {
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            const LEAVES: usize = 1;
            const IS_STATIC: bool = <$T as IntLeaf>::STATIC.is_some();
            const IS_LEAF: bool = true;
            type Rank = U1;
            type Size = $T;
            #[inline(always)]
            fn size(&self) -> Self::Size {
                *self
            }
            #[inline(always)]
            fn for_each_leaf(&self, f: &mut impl FnMut(i64)) {
                f(self.value())
            }
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // `{:#}`: CuTe's own form, `_4` for a static integer.
                if f.alternate() && <$T as IntLeaf>::STATIC.is_some() {
                    f.write_str("_")?;
                }
                write!(f, "{}", self.value())?;
                // and a dynamic value's static divisor, CuTe DSL's `{div=N}`.
                match <$T as IntLeaf>::DIVISOR {
                    Some(n) if n > 1 && f.alternate() => write!(f, "{{div={n}}}"),
                    _ => Ok(()),
                }
            }
        }
    )*};
}
leaf_tuple!([] Z0, [U: Unsigned + NonZero + Debug + crate::typelevel::int::Bits] PInt<U>, [U: Unsigned + NonZero + Debug + crate::typelevel::int::Bits] NInt<U>, [] Dyn,
    [N: Unsigned + NonZero] super::int::DivBy<N>);

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

impl IntTuple for HNil {
    const RANK: usize = 0;
    const DEPTH: usize = 1;
    const LEAVES: usize = 0;
    const IS_STATIC: bool = true;
    const IS_LEAF: bool = false;
    type Rank = U0;
    type Size = P1;
    #[inline(always)]
    fn size(&self) -> P1 {
        <P1 as StaticInt>::VALUE
    }
    #[inline(always)]
    fn for_each_leaf(&self, _: &mut impl FnMut(i64)) {}
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl TupleItems for HNil {
    fn fmt_items(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}

impl<H: IntTuple, T: TupleItems> IntTuple for HCons<H, T>
where
    T::Rank: core::ops::Add<B1>,
    Add1<T::Rank>: Unsigned,
    H::Size: IntMul<T::Size>,
{
    const RANK: usize = 1 + T::RANK;
    const DEPTH: usize = max(1 + H::DEPTH, T::DEPTH);
    const LEAVES: usize = H::LEAVES + T::LEAVES;
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    const IS_LEAF: bool = false;
    type Rank = Add1<T::Rank>;
    type Size = <H::Size as IntMul<T::Size>>::Output;
    #[inline(always)]
    fn size(&self) -> Self::Size {
        self.head.size().int_mul(self.tail.size())
    }
    #[inline(always)]
    fn for_each_leaf(&self, f: &mut impl FnMut(i64)) {
        self.head.for_each_leaf(f);
        self.tail.for_each_leaf(f);
    }
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.fmt_items(f, true)?;
        f.write_str(")")
    }
}
impl<H: IntTuple, T: TupleItems> TupleItems for HCons<H, T>
where
    HCons<H, T>: IntTuple,
{
    fn fmt_items(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.fmt_cute(f)?;
        self.tail.fmt_items(f, false)
    }
}

/// A shape: a tuple whose leaves are positive static integers or [`Dyn`].
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// fn elements<S: Shape>(s: S) -> i64 { IntTuple::size(&s).value() }
/// assert_eq!(elements(hlist![_4, hlist![_3, Dyn(2)]]), 24);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a valid shape",
    note = "CuTe rule: every extent of a shape is a positive integer"
)]
pub trait Shape: IntTuple {}
impl<S: ShapeLeaf + IntTuple> Shape for S {}
impl Shape for HNil {}
impl<H: Shape, T: Shape + TupleItems> Shape for HCons<H, T> where HCons<H, T>: IntTuple {}

/// A fully static tuple: its value is [`StaticTuple::VALUE`].
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// type S = ShapeOut<Layout![(4,(3,2)):(2,(8,1))]>;
/// assert_eq!(<S as StaticTuple>::VALUE, hlist![_4, hlist![_3, _2]]);
/// ```
pub trait StaticTuple: IntTuple {
    /// The (zero-sized) value.
    const VALUE: Self;
}
impl<S: StaticInt + IntTuple> StaticTuple for S {
    const VALUE: Self = <S as StaticInt>::VALUE;
}
impl StaticTuple for HNil {
    const VALUE: Self = HNil;
}
impl<H: StaticTuple, T: StaticTuple + TupleItems> StaticTuple for HCons<H, T>
where
    HCons<H, T>: IntTuple,
{
    const VALUE: Self = HCons {
        head: H::VALUE,
        tail: T::VALUE,
    };
}

/// `Self` (a shape) and `D` (a stride) have the same tree structure.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let (s, d) = (hlist![_4, hlist![_3, _2]], hlist![_2, hlist![_8, _1]]);
/// assert_eq!(s.span(&d).value(), 23); // 3·2 + 2·8 + 1·1: cosize − 1
/// assert_eq!(hlist![_4, Dyn(1 << 62)].checked_span(&hlist![_1, _4]), None); // overflow
/// ```
#[diagnostic::on_unimplemented(
    message = "shape `{Self}` and stride `{D}` are not congruent",
    note = "CuTe rule: a layout's shape and stride must have the same tree structure"
)]
pub trait Congruent<D> {
    /// `1 + Σ (sᵢ - 1)·|dᵢ|` without the `1`: the largest offset magnitude.
    type Span: IntLeaf;
    /// The span value.
    fn span(&self, d: &D) -> Self::Span;
    /// Reads the modes `s:d` into `check`, leaf by leaf in order, and the
    /// tuples' nesting (`first`: this is the first item of its tuple, or the
    /// whole tuple). The one recursion of `Layout::try_new`: its rule and the
    /// shape and stride its message prints.
    #[doc(hidden)] // a recursion helper of `Layout::try_new`
    fn check_modes(&self, d: &D, check: &mut LayoutCheck<'_>, first: bool);
    /// The span value, or `None` if `1 + span` overflows `i64` or an extent
    /// is not positive.
    #[inline]
    fn checked_span(&self, d: &D) -> Option<i64> {
        let mut check = LayoutCheck::new();
        self.check_modes(d, &mut check, true);
        check.span()
    }
}
impl<S: IntLeaf + IntSpan<D>, D: IntLeaf> Congruent<D> for S
where
    S: IntTuple,
{
    type Span = <S as IntSpan<D>>::Output;
    #[inline(always)]
    fn span(&self, d: &D) -> Self::Span {
        self.int_span(*d)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check_modes(&self, d: &D, check: &mut LayoutCheck<'_>, _: bool) {
        check.leaf(self.value(), d.value());
    }
}
impl Congruent<HNil> for HNil {
    type Span = Z0;
    #[inline(always)]
    fn span(&self, _: &HNil) -> Z0 {
        Z0
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check_modes(&self, _: &HNil, check: &mut LayoutCheck<'_>, first: bool) {
        check.end(first);
    }
}
impl<SH, ST, DH, DT> Congruent<HCons<DH, DT>> for HCons<SH, ST>
where
    SH: Congruent<DH>,
    ST: Congruent<DT>,
    SH::Span: IntAdd<ST::Span>,
{
    type Span = <SH::Span as IntAdd<ST::Span>>::Output;
    #[inline(always)]
    fn span(&self, d: &HCons<DH, DT>) -> Self::Span {
        self.head.span(&d.head).int_add(self.tail.span(&d.tail))
    }
    // One function per tuple node, no closure, no `?`, nothing to drop: the
    // arithmetic and the message are `LayoutCheck`'s, not generic (each
    // function here is walked and compiled again for every layout type a
    // mixed operation builds).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check_modes(&self, d: &HCons<DH, DT>, check: &mut LayoutCheck<'_>, first: bool) {
        check.item(first);
        self.head.check_modes(&d.head, check, true);
        self.tail.check_modes(&d.tail, check, false);
    }
}

// The span's arithmetic, not generic.
/// `(s - 1)·|d|`, `None` when `s < 1` or the span reaches `i64::MAX`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn leaf_span(s: i64, d: i64) -> Option<i64> {
    match (s.checked_sub(1), d.checked_abs()) {
        (Some(s), Some(d)) if s >= 0 => match s.checked_mul(d) {
            Some(v) if v < i64::MAX => Some(v),
            _ => None,
        },
        _ => None,
    }
}
/// `h + t`, `None` when the sum reaches `i64::MAX`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn span_sum(h: i64, t: i64) -> Option<i64> {
    match h.checked_add(t) {
        Some(v) if v < i64::MAX => Some(v),
        _ => None,
    }
}

/// A pair `(X, Y)` as a two-element HList (a mode split in two: tile and
/// rest, or the two halves of a product).
pub(crate) type Pair<X, Y> = HCons<X, HCons<Y, HNil>>;
/// The pair `(x, y)`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn pair<X, Y>(x: X, y: Y) -> Pair<X, Y> {
    HCons {
        head: x,
        tail: HCons {
            head: y,
            tail: HNil,
        },
    }
}

/// Writes a tuple in CuTe notation (`(4,(3,2))`).
pub(crate) struct Cute<'a, T>(pub(crate) &'a T);
impl<T: IntTuple> fmt::Display for Cute<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}

/// [`layout_fault`]'s rule read one mode at a time (by
/// [`Congruent::check_modes`]): the product of the extents so far, or the
/// first rule one breaks, and the span so far; and, for a message, the shape
/// and the stride written in CuTe notation as they are read.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub struct LayoutCheck<'a> {
    size: Result<i64, ErrorKind>,
    span: Option<i64>,
    written: Option<&'a mut Written>,
}

/// A layout's shape and stride in CuTe notation (`Display`'s).
#[derive(Default)]
pub(crate) struct Written {
    pub(crate) shape: String,
    pub(crate) stride: String,
}

impl LayoutCheck<'_> {
    /// Nothing read, nothing written.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new() -> Self {
        LayoutCheck {
            size: Ok(1),
            span: Some(0),
            written: None,
        }
    }
    /// Nothing read, writing the modes read into `w`.
    pub(crate) fn writing(w: &mut Written) -> LayoutCheck<'_> {
        LayoutCheck {
            written: Some(w),
            ..LayoutCheck::new()
        }
    }
    /// A mode of extent `s` and stride `d`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn leaf(&mut self, s: i64, d: i64) {
        self.leaf_written(s, d, &d);
    }
    /// A mode of extent `s` and stride `d`, the stride written `stride`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn leaf_written(&mut self, s: i64, d: i64, stride: &dyn fmt::Display) {
        if let Ok(n) = self.size {
            self.size = extent_rule(n, s);
        }
        self.span = match (self.span, leaf_span(s, d)) {
            (Some(t), Some(h)) => span_sum(h, t),
            _ => None,
        };
        if let Some(w) = &mut self.written {
            w.leaf(s, stride);
        }
    }
    /// An item of a tuple: its first (the tuple opens) or not.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn item(&mut self, first: bool) {
        if let Some(w) = &mut self.written {
            w.push(if first { "(" } else { "," });
        }
    }
    /// The end of a tuple: the empty tuple when `first`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end(&mut self, first: bool) {
        if let Some(w) = &mut self.written {
            w.push(if first { "()" } else { ")" });
        }
    }
    /// The span of the modes read (see [`Congruent::checked_span`]).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn span(&self) -> Option<i64> {
        self.span
    }
    /// The first rule the modes read break (see [`layout_fault`]).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn fault(&self) -> Option<ErrorKind> {
        match (self.size, self.span) {
            (Err(kind), _) => Some(kind),
            (Ok(_), None) => Some(ErrorKind::Overflow),
            (Ok(_), Some(_)) => None,
        }
    }
}

impl Written {
    /// `s` and `stride`, a mode.
    #[inline(never)]
    fn leaf(&mut self, s: i64, stride: &dyn fmt::Display) {
        use fmt::Write;
        // Writing to a `String` does not fail.
        let _ = write!(self.shape, "{s}");
        let _ = write!(self.stride, "{stride}");
    }
    /// `text` in both.
    #[inline(never)]
    fn push(&mut self, text: &str) {
        self.shape.push_str(text);
        self.stride.push_str(text);
    }
}

/// One extent `s` of a layout's rule after extents of product `size`: their
/// product, or the rule `s` breaks (`NonPositiveShape`, `Overflow`).
#[inline]
fn extent_rule(size: i64, s: i64) -> Result<i64, ErrorKind> {
    if s < 1 {
        return Err(ErrorKind::NonPositiveShape);
    }
    size.checked_mul(s).ok_or(ErrorKind::Overflow)
}

/// The first rule of a layout (`Layout::try_new`'s) that the flat modes `s:d`
/// break: an extent below 1 (`NonPositiveShape`), or the size `Π s_i` or the
/// cosize `1 + Σ (s_i - 1)·|d_i|` beyond `i64` (`Overflow`), the extents'
/// rule first: the modes read by the [`LayoutCheck`] that checks a typed
/// layout, so that both apply one rule with one arithmetic.
pub(crate) fn layout_fault(s: &[i64], d: &[i64]) -> Option<ErrorKind> {
    let mut check = LayoutCheck::new();
    for (&s, &d) in s.iter().zip(d) {
        check.leaf(s, d);
    }
    check.fault()
}

/// Whether every leaf of a tuple is static, as a type-level bit.
///
/// A list is read by the kind of its head, so that a leaf costs one
/// projection (the tail's) and a dynamic leaf ends the walk: the static gate
/// of every front door walks shape and stride so, for about 0.35 million
/// instructions of type checking per rank-3 layout less than with `And` of
/// the head's and the tail's bits.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait AllStatic {
    /// `B1` if every leaf is static.
    type Bit;
}
impl<U: Unsigned + NonZero> AllStatic for PInt<U> {
    type Bit = B1;
}
impl<U: Unsigned + NonZero> AllStatic for NInt<U> {
    type Bit = B1;
}
impl AllStatic for Z0 {
    type Bit = B1;
}
impl AllStatic for Dyn {
    type Bit = B0;
}
impl<N: Unsigned + NonZero> AllStatic for DivBy<N> {
    type Bit = B0;
}
impl AllStatic for HNil {
    type Bit = B1;
}
impl<U: Unsigned + NonZero, T: AllStatic> AllStatic for HCons<PInt<U>, T> {
    type Bit = T::Bit;
}
impl<U: Unsigned + NonZero, T: AllStatic> AllStatic for HCons<NInt<U>, T> {
    type Bit = T::Bit;
}
impl<T: AllStatic> AllStatic for HCons<Z0, T> {
    type Bit = T::Bit;
}
impl<T> AllStatic for HCons<Dyn, T> {
    type Bit = B0;
}
impl<N: Unsigned + NonZero, T> AllStatic for HCons<DivBy<N>, T> {
    type Bit = B0;
}
/// A list whose head is itself a tuple, a layout or a tiler: the head's
/// walk, then the tail's unless the head has a dynamic leaf.
macro_rules! nested_head {
    ($([$($g:tt)*] $H:ty),*) => {$(
        impl<$($g)* T> AllStatic for HCons<$H, T>
        where
            $H: AllStatic,
            <$H as AllStatic>::Bit: StaticThen<T>,
        {
            type Bit = <<$H as AllStatic>::Bit as StaticThen<T>>::Bit;
        }
    )*};
}
nested_head!([H, HT,] HCons<H, HT>, [S, D,] Layout<S, D>, [X,] crate::typelevel::Tile<X>);
/// [`AllStatic`] of a type of two parts (a layout's shape and stride, an
/// error's pair of operands): static when both parts are.
macro_rules! both_static {
    ($($T:ident),*) => {$(
        impl<S: $crate::typelevel::tuple::AllStatic, D: $crate::typelevel::tuple::AllStatic>
            $crate::typelevel::tuple::AllStatic for $T<S, D>
        where
            S::Bit: core::ops::BitAnd<D::Bit>,
        {
            type Bit = typenum::And<S::Bit, D::Bit>;
        }
    )*};
}
pub(crate) use both_static;
both_static!(Layout);
impl<T: AllStatic> AllStatic for crate::typelevel::Tile<T> {
    type Bit = T::Bit;
}
// An empty tuple nested in a tuple (`(4,())`) has no leaf.
impl<T: AllStatic> AllStatic for HCons<HNil, T> {
    type Bit = T::Bit;
}
/// [`AllStatic`] of a tuple's tail after a nested head: `B0` after a head
/// with a dynamic leaf, without walking the tail.
#[doc(hidden)]
pub trait StaticThen<T> {
    /// `B1` if every leaf is static.
    type Bit;
}
impl<T> StaticThen<T> for B0 {
    type Bit = B0;
}
impl<T: AllStatic> StaticThen<T> for B1 {
    type Bit = T::Bit;
}

#[cfg(test)]
mod tests {
    use super::super::{Dyn, _2, _3, _4};
    use super::*;
    use alloc::string::ToString;
    use frunk_core::{hlist, HList};

    #[test]
    fn rank_depth_size() {
        let t = hlist![_4, hlist![_3, Dyn(5)]];
        assert_eq!(<HList!(_4, HList!(_3, Dyn)) as IntTuple>::RANK, 2);
        assert_eq!(<HList!(_4, HList!(_3, Dyn)) as IntTuple>::DEPTH, 2);
        let is_static = <HList!(_4, Dyn) as IntTuple>::IS_STATIC;
        assert!(!is_static && <HList!(_4, _3) as IntTuple>::IS_STATIC);
        assert_eq!(t.size(), Dyn(60));
        assert_eq!(Cute(&t).to_string(), "(4,(3,5))");
        assert_eq!(Cute(&hlist![_2]).to_string(), "(2)");
        assert_eq!(Cute(&HNil).to_string(), "()");
        assert_eq!(<HNil as IntTuple>::DEPTH, 1);
    }

    #[test]
    fn span_is_cosize_minus_one() {
        let s = hlist![_4, _3];
        let d = hlist![_2, Dyn(-8)];
        assert_eq!(s.span(&d), Dyn(3 * 2 + 2 * 8));
    }
}
