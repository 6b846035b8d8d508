//! A static composed layout: CuTe's `ComposedLayout<Swizzle, Offset, Layout>`,
//! `outer ∘ offset ∘ inner`, the form of swizzled shared-memory layouts
//! (`Sw<3,4,3> o 0 o (8,64):(64,1)`); the twin of the runtime's
//! [`runtime::ComposedLayout`].
//!
//! `R(c) = outer(offset + inner(c))`: the outer function is a static
//! [`Swizzle`], the offset an integer (static, usually `0`), the inner a
//! [`Layout`](struct@Layout), whose shape is the domain. Evaluation takes the
//! inner layout's coordinates (1-D, R-D, hierarchical) and unrolls as the
//! layout's does, so a static composed layout indexes with the hand-written
//! shift, `and` and `xor` (`benches/zero_cost.sh`). Composition on the right
//! reshapes the domain only: `composition(Sw o L, B) = Sw o composition(L, B)`,
//! with the offset kept, as in CuTe; `composition(Sw, L)` is `Sw o 0 o L`.
//! The divides (logical, zipped, tiled, flat) and products (logical, zipped,
//! tiled, flat, blocked, raked) likewise act on the inner layout:
//! `blocked_product(Sw o off o L, B) = Sw o off o blocked_product(L, B)`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let c = composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1)));
//! assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
//! assert_eq!(core::mem::size_of_val(&c), 0);
//! assert_eq!(c.call((2usize, 17usize)), Swizzle::<3, 4, 3>::new().apply(2 * 64 + 17));
//! assert_eq!(c.call(17usize), c.to_dynamic().call(17).unwrap());
//! // A (4,8) tile of every second row and eighth column, still swizzled.
//! let t = composition(c, layout!((4,8):(2,64)));
//! assert_eq!(t.to_string(), "Sw<3,4,3> o 0 o (4,8):(128,8)");
//! assert_eq!(t.call((1usize, 3usize)), c.call((2usize, 24usize)));
//! let o = make_composed_layout(Swizzle::<1, 2, -2>::new(), int!(5), layout!((4,8)));
//! assert_eq!(o.to_string(), "Sw<1,2,-2> o 5 o (4,8):(1,4)");
//! // Tiles of 4 rows x 8 columns, zipped: ((tile), (rest)), as CuTe C++ prints it.
//! let z = zipped_divide(c, tile!(4:2, 8:1));
//! assert_eq!(z.to_string(), "Sw<3,4,3> o 0 o ((4,8),(2,8)):((128,1),(64,8))");
//! let b = blocked_product(c, layout!((2,3)));
//! assert_eq!(b.to_string(), "Sw<3,4,3> o 0 o ((8,2),(64,3)):((64,512),(1,1024))");
//! ```

use super::algebra::modes::StaticValue;
use super::algebra::{Compose, ComposeOut};
use super::check::front_door::Yields;
use super::check::rules::op::{self, CompositionOp};
use super::check::{
    AssertCoordInBounds, AssertCoordRank, BoundsCoord, BoundsShape, CoordEval, InBounds,
    InBoundsOut, RankShown, Readable, ReadableOf, ShowBounds,
};
use super::dynamic::ToDynamic;
use super::eval::IntoCoord;
use super::int::IntLeaf;
use super::layout::{Layout, Size};
use super::swizzle::Swizzle;
use super::tuple::IntTuple;
use crate::runtime::{self, LayoutError};
use core::fmt;
use typenum::Z0;

/// `outer ∘ offset ∘ inner` (see the module docs); zero-sized when all three are static.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let c = composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1)));
/// assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
/// assert_eq!(core::mem::size_of_val(&c), 0);
/// // The algebra applies to the inner layout; the swizzle stays outside.
/// let t = zipped_divide(c, tile!(4:2, 8:1));
/// assert_eq!(t.to_string(), "Sw<3,4,3> o 0 o ((4,8),(2,8)):((128,1),(64,8))");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ComposedLayout<A, O, L> {
    outer: A,
    offset: O,
    inner: L,
}

/// `outer o offset o inner` (CuTe's `make_composed_layout`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// let o = make_composed_layout(Swizzle::<1, 2, -2>::new(), int!(5), layout!((4,8)));
/// assert_eq!(o.to_string(), "Sw<1,2,-2> o 5 o (4,8):(1,4)");
/// assert_eq!(o.call(3usize), Swizzle::<1, 2, -2>::new().apply(5 + 3));
/// ```
#[inline(always)]
pub const fn make_composed_layout<A, O, L>(
    outer: A,
    offset: O,
    inner: L,
) -> ComposedLayout<A, O, L> {
    ComposedLayout {
        outer,
        offset,
        inner,
    }
}

impl<A, O, L> ComposedLayout<A, O, L> {
    /// The outer function.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let c = make_composed_layout(Swizzle::<3, 4, 3>::new(), int!(8), layout!((8,64):(64,1)));
    /// assert_eq!(c.outer().to_string(), "Sw<3,4,3>");
    /// assert_eq!(c.offset().value(), 8);
    /// assert_eq!(c.inner().to_string(), "(8,64):(64,1)");
    /// ```
    #[inline(always)]
    pub fn outer(&self) -> &A {
        &self.outer
    }
    /// The offset added before the outer function.
    ///
    /// See [`ComposedLayout::outer`] for an example.
    #[inline(always)]
    pub fn offset(&self) -> &O {
        &self.offset
    }
    /// The inner layout (the domain).
    ///
    /// See [`ComposedLayout::outer`] for an example.
    #[inline(always)]
    pub fn inner(&self) -> &L {
        &self.inner
    }
}

impl<const B: u32, const M: u32, const S: i32, O: IntLeaf, SH: IntTuple, D>
    ComposedLayout<Swizzle<B, M, S>, O, Layout<SH, D>>
{
    /// `outer(offset + inner(c))` at a 1-D, R-D or hierarchical coordinate of
    /// the inner layout (CuTe `layout(c)`). Coordinates are checked and
    /// trusted as by [`Layout::call`]; the offset is added in wrapping arithmetic.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let c = make_composed_layout(Swizzle::<2, 0, 2>::new(), _0, layout!((4,4):(4,1)));
    /// // Row r of the 4×4 tile has its column XORed with r.
    /// assert_eq!(c.call((3usize, 1usize)), 3 * 4 + (1 ^ 3));
    /// assert_eq!(c.call(7usize), c.call((3usize, 1usize)));
    /// ```
    #[inline(always)]
    pub fn call<C: IntoCoord>(&self, c: C) -> i64
    where
        Layout<SH, D>: CoordEval<C>,
        RankShown<Layout<SH, D>, C>: AssertCoordRank<C>,
        C::Coord: InBounds<SH>,
        InBoundsOut<C, SH>: ShowBounds<C::Coord, SH>,
        BoundsCoord<C, SH>: AssertCoordInBounds<BoundsShape<C, SH>>,
    {
        self.outer
            .apply(self.inner.call(c).wrapping_add(self.offset.value()))
    }

    /// Evaluate at a coordinate after checking it lies inside the shape.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let c = composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1)));
    /// // 511 ^ ((511 & 0x380) >> 3) = 511 ^ 0x30
    /// assert_eq!(c.try_call((7usize, 63usize)).unwrap(), 463);
    /// assert!(c.try_call((8usize, 0usize)).is_err());
    /// ```
    pub fn try_call<C: IntoCoord>(&self, c: C) -> Result<i64, LayoutError>
    where
        Layout<SH, D>: CoordEval<C>,
        RankShown<Layout<SH, D>, C>: AssertCoordRank<C>,
        C::Coord: InBounds<SH>,
        InBoundsOut<C, SH>: ShowBounds<C::Coord, SH>,
        BoundsCoord<C, SH>: AssertCoordInBounds<BoundsShape<C, SH>>,
    {
        let x = self.inner.try_call(c)?;
        Ok(self.outer.apply(x.wrapping_add(self.offset.value())))
    }
}

/// The size of the domain (the inner layout's).
impl<A, O, L: Size> Size for ComposedLayout<A, O, L> {
    type Output = L::Output;
    #[inline(always)]
    fn size(&self) -> L::Output {
        self.inner.size()
    }
}

impl<A: fmt::Display, O: IntLeaf + IntTuple, L: fmt::Display> fmt::Display
    for ComposedLayout<A, O, L>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Through `f` itself, so that `{:#}` (CuTe's `_0`) reaches the parts.
        fmt::Display::fmt(&self.outer, f)?;
        f.write_str(" o ")?;
        self.offset.fmt_cute(f)?;
        f.write_str(" o ")?;
        fmt::Display::fmt(&self.inner, f)
    }
}

impl<A: fmt::Display, O: IntLeaf + IntTuple, L: fmt::Display> fmt::Debug
    for ComposedLayout<A, O, L>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<A, O, L> ToDynamic for ComposedLayout<A, O, L>
where
    A: ToDynamic<Output = runtime::Swizzle>,
    O: IntLeaf,
    L: ToDynamic<Output = runtime::Layout>,
{
    type Output = runtime::ComposedLayout;
    fn to_dynamic(&self) -> runtime::ComposedLayout {
        runtime::ComposedLayout::new(
            self.outer.to_dynamic(),
            self.offset.value(),
            self.inner.to_dynamic(),
        )
    }
}

// Composition on the right: the inner layout's, through the same front door
// (`Compose`, `ComposeOut`, `composition`) and the same compile errors.

impl<A, O, L: Compose<T>, T> Compose<T> for ComposedLayout<A, O, L> {
    type Output = ComposedLayout<A, O, ComposeOut<L, T>>;
}

impl<A, O, L, T, R, V> Yields<CompositionOp, T, ComposedLayout<A, O, R>, V>
    for ComposedLayout<A, O, L>
where
    L: Yields<CompositionOp, T, R, V>,
{
}

// The divides and products act on the inner layout, as in CuTe:
// `logical_divide(Sw o off o L, T) = Sw o off o logical_divide(L, T)`, through
// the same front doors and compile errors as a layout's.
macro_rules! on_inner {
    ($($Trait:ident $Op:ident,)*) => {$(
        impl<A, O, L: super::algebra::$Trait<T>, T> super::algebra::$Trait<T>
            for ComposedLayout<A, O, L>
        {
            type Output = ComposedLayout<A, O, <L as super::algebra::$Trait<T>>::Output>;
        }

        impl<A, O, L, T, R, V> Yields<op::$Op, T, ComposedLayout<A, O, R>, V>
            for ComposedLayout<A, O, L>
        where
            L: Yields<op::$Op, T, R, V>,
        {
        }
    )*};
}

on_inner! {
    LogicalDivide LogicalDivideOp,
    ZippedDivide ZippedDivideOp,
    TiledDivide TiledDivideOp,
    FlatDivide FlatDivideOp,
    LogicalProduct LogicalProductOp,
    ZippedProduct ZippedProductOp,
    TiledProduct TiledProductOp,
    FlatProduct FlatProductOp,
    BlockedProduct BlockedProductOp,
    RakedProduct RakedProductOp,
}

impl<const B: u32, const M: u32, const S: i32, SH, D> Compose<Layout<SH, D>> for Swizzle<B, M, S> {
    type Output = ComposedLayout<Self, Z0, Layout<SH, D>>;
}

/// `composition(Sw, L) = Sw o 0 o L`: always admissible.
impl<const B: u32, const M: u32, const S: i32, SH, D>
    Yields<
        CompositionOp,
        Layout<SH, D>,
        ComposedLayout<Self, Z0, Layout<SH, D>>,
        super::check::Pass,
    > for Swizzle<B, M, S>
{
}

impl<A: StaticValue, O: StaticValue, L: StaticValue> StaticValue for ComposedLayout<A, O, L> {
    const VALUE: Self = make_composed_layout(A::VALUE, O::VALUE, L::VALUE);
}

impl<const B: u32, const M: u32, const S: i32> StaticValue for Swizzle<B, M, S> {
    const VALUE: Self = Swizzle::new();
}

// Compile errors show a composed layout's offset and inner layout in readable form.
impl<A, O: Readable, L: Readable> Readable for ComposedLayout<A, O, L> {
    type Out = ComposedLayout<A, ReadableOf<O>, ReadableOf<L>>;
}
