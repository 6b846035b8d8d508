//! CuTe's tensor algebra: views made by slicing, composing, dividing and
//! partitioning a tensor's layout, over the same elements.
//!
//! Each takes the tensor by value: pass `t.view()` (or `t.view_mut()` to write
//! through the result); a tensor over `&[T]` is `Copy` and can be passed as is.
//! Each result is checked once to stay inside the engine (a tile past the edge
//! of the data panics, naming the tile), so that its accesses need no check.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let data: Vec<i32> = (0..24).collect();
//! let a = make_tensor(&data[..], layout!((4,6))).unwrap(); // column-major 4×6
//! assert_eq!(a.slice((2usize, __)).layout().to_string(), "(6):(4)");
//! assert_eq!(a.slice((2usize, __))[5usize], 22);
//! let z = a.zipped_divide(tile!(2, 3));
//! assert_eq!(z.layout().to_string(), "((2,3),(2,2)):((1,4),(2,12))");
//! ```

use super::engine::Engine;
use super::walk::Reach;
use super::Tensor;
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::check::front_door::Yields;
use crate::typelevel::check::gate::{GatedYields, TensorGate, TensorGated};
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::eval::{CoordLeaf, IntoCoord, Underscore};
use crate::typelevel::{
    flatten, group_modes, EndIndex, Flatten, FlattenOut, GroupModes, GroupModesOut, IntLeaf,
    IntTuple, Layout, ModeIndex, SliceAndOffset, SliceOut,
};
use frunk_core::hlist::{HCons, HNil};

#[cold]
#[inline(never)]
pub(super) fn outside(what: &str) -> ! {
    panic!("{what}: the view leaves the tensor's storage (a coordinate outside the shape, or a tile past the edge of the data)")
}

/// A slicing coordinate whose integer entries lie inside their extents.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SliceInside<S> {
    /// Whether every integer entry is inside its extent.
    fn slice_inside(&self, s: &S) -> bool;
}
impl<S> SliceInside<S> for Underscore {
    #[inline(always)]
    fn slice_inside(&self, _: &S) -> bool {
        true
    }
}
impl<S: IntTuple, C: CoordLeaf> SliceInside<S> for C {
    #[inline(always)]
    fn slice_inside(&self, s: &S) -> bool {
        let c = self.to_i64();
        c >= 0 && c < s.size().value()
    }
}
impl SliceInside<HNil> for HNil {
    #[inline(always)]
    fn slice_inside(&self, _: &HNil) -> bool {
        true
    }
}
impl<CH: SliceInside<SH>, CT: SliceInside<ST>, SH, ST> SliceInside<HCons<SH, ST>>
    for HCons<CH, CT>
{
    #[inline(always)]
    fn slice_inside(&self, s: &HCons<SH, ST>) -> bool {
        self.head.slice_inside(&s.head) && self.tail.slice_inside(&s.tail)
    }
}

impl<E: Engine, S: IntTuple, D: IntTuple> Tensor<E, Layout<S, D>> {
    /// CuTe `t(c)` with `_` entries: the sub-tensor of the modes marked `__`,
    /// a view at offset `L(c with _ = 0)`; panics if an integer entry lies
    /// outside its extent.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
    /// let col = t.slice((__, 3usize)); // column 3
    /// assert_eq!(col.layout().to_string(), "(8):(8)");
    /// assert_eq!(col[2usize], 2 * 8 + 3);
    /// ```
    #[inline(always)]
    pub fn slice<C>(&self, c: C) -> Tensor<E::View<'_>, SliceOut<Layout<S, D>, C>>
    where
        C: IntoCoord + Copy,
        C::Coord: SliceInside<S>,
        Layout<S, D>: SliceAndOffset<C>,
        SliceOut<Layout<S, D>, C>: Reach,
    {
        self.view().into_slice(c)
    }

    /// [`Tensor::slice`] by value (for `t.view_mut().into_slice(c)`).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let mut data = [0; 16];
    /// let mut t = make_tensor(&mut data[..], layout!((4,4):(4,1))).unwrap();
    /// let mut row = t.view_mut().into_slice((1usize, __)); // row 1, writable
    /// row[2usize] = 9;
    /// assert_eq!(data[4 + 2], 9);
    /// ```
    #[inline(always)]
    pub fn into_slice<C>(self, c: C) -> Tensor<E, SliceOut<Layout<S, D>, C>>
    where
        C: IntoCoord + Copy,
        C::Coord: SliceInside<S>,
        Layout<S, D>: SliceAndOffset<C>,
        SliceOut<Layout<S, D>, C>: Reach,
    {
        if !c.into_coord().slice_inside(self.layout.shape()) {
            outside("slice")
        }
        let (l, o) = SliceAndOffset::slice_and_offset(&self.layout, c);
        // A slice at a coordinate inside the shape reaches a subset of the
        // offsets the tensor reaches.
        derive(
            self.engine,
            l,
            self.origin as i128 + o as i128,
            true,
            "slice",
        )
    }

    /// CuTe `composition(t, b)`: the tensor `c ↦ t(b(c))` (checked like
    /// [`composition`](crate::typelevel::composition)).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
    /// // The tensor read through (4,2):(1,8): rows 0..4 of columns 0 and 1.
    /// let c = t.compose(layout!((4,2):(1,8)));
    /// assert_eq!(c.layout().to_string(), "(4,2):(8,1)");
    /// assert_eq!(c[(3usize, 1usize)], 3 * 8 + 1);
    /// ```
    #[inline(always)]
    pub fn compose<B, R, V>(self, b: B) -> Tensor<E, R>
    where
        Layout<S, D>: Yields<op::CompositionOp, B, R, V>,
        V: Shown<Layout<S, D>, B>,
        ShownOf<V, Layout<S, D>, B>: Admissible<op::CompositionOp>,
        R: StaticValue + Reach,
    {
        let _ = b;
        self.relayout(R::VALUE, "composition")
    }

    /// CuTe `zipped_divide(t, tiler)`: `((tile), (rest))`.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
    /// let z = t.zipped_divide(tile!(4, 4)); // ((inside a 4x4 tile), (which tile))
    /// assert_eq!(z.layout().to_string(), "((4,4),(2,2)):((8,1),(32,4))");
    /// assert_eq!(z[((1usize, 2usize), (1usize, 0usize))], (4 + 1) * 8 + 2);
    /// ```
    #[inline(always)]
    pub fn zipped_divide<B, R, V>(self, b: B) -> Tensor<E, R>
    where
        Layout<S, D>: Yields<op::ZippedDivideOp, B, R, V>,
        V: Shown<Layout<S, D>, B>,
        ShownOf<V, Layout<S, D>, B>: Admissible<op::ZippedDivideOp>,
        R: StaticValue + Reach,
    {
        let _ = b;
        self.relayout(R::VALUE, "zipped_divide")
    }

    /// CuTe `logical_divide(t, tiler)`.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
    /// let l = t.logical_divide(tile!(4, 4));
    /// assert_eq!(l.layout().to_string(), "((4,2),(4,2)):((8,32),(1,4))");
    /// ```
    #[inline(always)]
    pub fn logical_divide<B, R, V>(self, b: B) -> Tensor<E, R>
    where
        Layout<S, D>: Yields<op::LogicalDivideOp, B, R, V>,
        V: Shown<Layout<S, D>, B>,
        ShownOf<V, Layout<S, D>, B>: Admissible<op::LogicalDivideOp>,
        R: StaticValue + Reach,
    {
        let _ = b;
        self.relayout(R::VALUE, "logical_divide")
    }

    /// CuTe `flat_divide(t, tiler)`.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
    /// let f = t.flat_divide(tile!(4, 4));
    /// assert_eq!(f.layout().to_string(), "(4,4,2,2):(8,1,32,4)");
    /// assert_eq!(f[(1usize, 2usize, 1usize, 0usize)], (4 + 1) * 8 + 2);
    /// ```
    #[inline(always)]
    pub fn flat_divide<B, R, V>(self, b: B) -> Tensor<E, R>
    where
        Layout<S, D>: Yields<op::FlatDivideOp, B, R, V>,
        V: Shown<Layout<S, D>, B>,
        ShownOf<V, Layout<S, D>, B>: Admissible<op::FlatDivideOp>,
        R: StaticValue + Reach,
    {
        let _ = b;
        self.relayout(R::VALUE, "flat_divide")
    }

    /// CuTe `flatten(t)`: the same elements under the flattened layout (a
    /// regrouping: every coordinate keeps its offset, so no check is needed).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..24).collect();
    /// let t = make_tensor(&data[..], layout!((4,(3,2)):(6,(2,1)))).unwrap();
    /// let f = t.flatten();
    /// assert_eq!(f.layout().to_string(), "(4,3,2):(6,2,1)");
    /// assert_eq!(f[(1usize, 2usize, 1usize)], t[(1usize, (2usize, 1usize))]);
    /// ```
    #[inline(always)]
    pub fn flatten(self) -> Tensor<E, FlattenOut<Layout<S, D>>>
    where
        Layout<S, D>: Flatten,
    {
        let origin = self.origin;
        Tensor::from_parts(self.engine, flatten(self.layout), origin)
    }

    /// CuTe `group_modes<B, E>(t)`: modes `[B, E)` grouped into one (`E = -1`:
    /// to the end); the same elements, a regrouped layout.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..24).collect();
    /// let t = make_tensor(&data[..], layout!((4,3,2):(6,2,1))).unwrap();
    /// let g = t.group_modes(_1, int!(-1));
    /// assert_eq!(g.layout().to_string(), "(4,(3,2)):(6,(2,1))");
    /// assert_eq!(g[(1usize, 5usize)], t[(1usize, 2usize, 1usize)]);
    /// ```
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub fn group_modes<B: ModeIndex, En: EndIndex>(
        self,
        begin: B,
        end: En,
    ) -> Tensor<E, GroupModesOut<Layout<S, D>, B::Index, En::Index>>
    where
        Layout<S, D>: GroupModes<B::Index, En::Index>,
    {
        let origin = self.origin;
        Tensor::from_parts(self.engine, group_modes(self.layout, begin, end), origin)
    }

    /// The same engine and origin under another layout, checked.
    #[inline(always)]
    fn relayout<R: Reach>(self, l: R, what: &str) -> Tensor<E, R> {
        derive(self.engine, l, self.origin as i128, false, what)
    }
}

/// A view of `engine` under layout `l` placed at `origin`. `covered` says the
/// view provably reaches only offsets its parent reaches (a compile-time
/// constant at every call); otherwise the view is checked against the engine
/// once, here.
#[inline(always)]
pub(super) fn derive<E: Engine, R: Reach>(
    engine: E,
    l: R,
    origin: i128,
    covered: bool,
    what: &str,
) -> Tensor<E, R> {
    if covered {
        return Tensor::from_parts(engine, l, origin as usize);
    }
    match Tensor::checked(engine, l, origin) {
        Some(t) => t,
        None => outside(what),
    }
}

/// Whether two shapes have the same static size. A zipped divide `R` of a
/// layout `L` with `size(R) = size(L)` is `L ∘ (T, T*)` with `(T, T*)` a
/// bijection onto `[0, size(L))` (an admissible complement fills exactly the
/// gaps of `T`), so `R` reaches exactly the offsets `L` reaches, and a slice
/// of `R` at a coordinate inside its shape a subset of them.
#[inline(always)]
pub(super) fn same_static_size<A: IntTuple, B: IntTuple>() -> bool {
    matches!(
        (<A::Size as IntLeaf>::STATIC, <B::Size as IntLeaf>::STATIC),
        (Some(a), Some(b)) if a == b
    )
}

/// The slicing coordinate that keeps every top-level mode of a mode, CuTe's
/// `repeat<rank>(_)`: `_` for a leaf and for a rank-1 tuple (which is kept
/// whole, so `local_tile` by a one-entry tiler gives `((4)):((1))` as CuTe
/// does), `(_, _, ..)` for a larger tuple, so that its modes come out flat.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Blanks {
    /// `Underscore` or an HList of them.
    type Out: IntoCoord + Copy;
    /// The value.
    const VALUE: Self::Out;
}
impl<U: typenum::Unsigned + typenum::NonZero> Blanks for typenum::PInt<U> {
    type Out = Underscore;
    const VALUE: Underscore = Underscore;
}
impl Blanks for crate::typelevel::Dyn {
    type Out = Underscore;
    const VALUE: Underscore = Underscore;
}
impl<N> Blanks for crate::typelevel::DivBy<N> {
    type Out = Underscore;
    const VALUE: Underscore = Underscore;
}
impl Blanks for HNil {
    type Out = HNil;
    const VALUE: HNil = HNil;
}
impl<H> Blanks for HCons<H, HNil> {
    type Out = Underscore;
    const VALUE: Underscore = Underscore;
}
impl<H, H2, T: EachBlank> Blanks for HCons<H, HCons<H2, T>>
where
    T::Out: IntoCoord,
{
    type Out = HCons<Underscore, HCons<Underscore, T::Out>>;
    const VALUE: Self::Out = HCons {
        head: Underscore,
        tail: HCons {
            head: Underscore,
            tail: T::VALUE,
        },
    };
}

/// One `_` per entry of the list `Self`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait EachBlank {
    /// The HList of `Underscore`s.
    type Out: IntoCoord + Copy;
    /// The value.
    const VALUE: Self::Out;
}
impl EachBlank for HNil {
    type Out = HNil;
    const VALUE: HNil = HNil;
}
impl<H, T: EachBlank> EachBlank for HCons<H, T>
where
    T::Out: IntoCoord,
{
    type Out = HCons<Underscore, T::Out>;
    const VALUE: Self::Out = HCons {
        head: Underscore,
        tail: T::VALUE,
    };
}

/// The two modes `(X, Y)` of a zipped layout's shape.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ZipHalves {
    /// `X`.
    type First: Blanks;
    /// `Y`.
    type Second: Blanks;
}
impl<X: Blanks, Y: Blanks, D> ZipHalves for Layout<HCons<X, HCons<Y, HNil>>, D> {
    type First = X;
    type Second = Y;
}

/// The coordinate `((_, ..), c)` of tile `c` in a zipped divide `R`.
pub(super) type TileCoord<R, C> = HCons<BlanksOf<<R as ZipHalves>::First>, HCons<C, HNil>>;
/// The blanks of a mode.
pub(super) type BlanksOf<M> = <M as Blanks>::Out;
/// The coordinate `(k, (_, ..))` of thread coordinate `k`'s part of a zipped divide `R`.
pub(super) type PartCoord<R, K> = HCons<K, HCons<BlanksOf<<R as ZipHalves>::Second>, HNil>>;

/// CuTe `local_tile(t, tiler, c)`: tile `c` of `t` divided by `tiler`, the
/// sub-tensor `zipped_divide(t, tiler)(_, c)` of the tiler's shape. A
/// swizzled tensor (`Sw o off o L`) gives a swizzled tile,
/// `Sw o (off + o) o L'` for `zipped_divide(L, tiler)(_, c) = L' + o`: the
/// tile's offset stays inside the swizzle (`off` may be known only at run
/// time: a tile of a swizzled tile is tiled alike).
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data: Vec<i32> = (0..64).collect();
/// let a = make_tensor(&data[..], layout!((8,8))).unwrap();
/// let t = local_tile(a, tile!(4, 2), (1usize, 3usize));
/// assert_eq!(t.layout().to_string(), "(4,2):(1,8)");
/// assert_eq!(t[(0usize, 0usize)], 4 + 6 * 8);
/// // The same tile of a swizzled shared-memory tile.
/// let sw = composition(Swizzle::<2, 0, 3>::new(), layout!((8,8)));
/// let s = local_tile(make_tensor(&data[..], sw).unwrap(), tile!(4, 2), (1usize, 3usize));
/// assert_eq!(s.layout().to_string(), "Sw<2,0,3> o 52 o (4,2):(1,8)");
/// assert_eq!(s[(1usize, 1usize)], sw.call((5usize, 7usize)) as i32);
/// ```
#[inline(always)]
pub fn local_tile<E, L, T, C, R, V>(
    t: Tensor<E, L>,
    tiler: T,
    c: C,
) -> Tensor<E, TileOut<R, TileCoord<R, C>>>
where
    E: Engine,
    L: HasShape,
    C: IntoCoord + Copy,
    L: TensorGate<op::LocalTileOp> + DivideOf<R>,
    TensorGated<L, op::LocalTileOp>: GatedYields<op::ZippedDivideOp, T, R, V>,
    V: Shown<L, T>,
    ShownOf<V, L, T>: Admissible<op::LocalTileOp>,
    R: HasShape + ZipHalves + TileAt<TileCoord<R, C>>,
    <TileCoord<R, C> as IntoCoord>::Coord: SliceInside<<R as HasShape>::Shape>,
    TileOut<R, TileCoord<R, C>>: Reach,
{
    let _ = tiler;
    let z = t.layout.divide_of();
    let k = HCons {
        head: <R::First as Blanks>::VALUE,
        tail: HCons {
            head: c,
            tail: HNil,
        },
    };
    if !k.into_coord().slice_inside(z.shape_ref()) {
        outside("local_tile")
    }
    let (l, o) = z.tile_at(k);
    let covered = same_static_size::<R::Shape, L::Shape>();
    derive(
        t.engine,
        l,
        t.origin as i128 + o as i128,
        covered,
        "local_tile",
    )
}

/// The sub-layout of a zipped divide at a slicing coordinate, and the offset
/// moved into the tensor's origin: CuTe's `slice_and_offset` for a layout;
/// for a composed layout the offset stays inside it (after it, a swizzle).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TileAt<K> {
    /// The tile's layout.
    type Out;
    /// The tile's layout and the offset added to the origin.
    fn tile_at(&self, k: K) -> (Self::Out, i64);
}

/// The value of a divide or composition `R` of a layout, whose type the
/// operation gives: `R::VALUE` for a static layout; `Sw ∘ off ∘ R'` for
/// `Sw ∘ off ∘ L` (the divide acts on `L`, `R'` static, `off` this layout's,
/// maybe known only at run time).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait DivideOf<R> {
    /// `R` around this layout's run-time parts.
    fn divide_of(&self) -> R;
}
impl<S, D, R: StaticValue> DivideOf<R> for Layout<S, D> {
    #[inline(always)]
    fn divide_of(&self) -> R {
        R::VALUE
    }
}

/// The layout of `R`'s tile at `K`.
pub type TileOut<R, K> = <R as TileAt<K>>::Out;

impl<S, D, K> TileAt<K> for Layout<S, D>
where
    Layout<S, D>: SliceAndOffset<K>,
{
    type Out = SliceOut<Layout<S, D>, K>;
    #[inline(always)]
    fn tile_at(&self, k: K) -> (Self::Out, i64) {
        SliceAndOffset::slice_and_offset(self, k)
    }
}

/// The shape of a layout type, named by the bounds of generic functions.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait HasShape {
    /// The shape type.
    type Shape: IntTuple;
    /// The shape.
    fn shape_ref(&self) -> &Self::Shape;
}
impl<S: IntTuple, D> HasShape for Layout<S, D> {
    type Shape = S;
    #[inline(always)]
    fn shape_ref(&self) -> &S {
        self.shape()
    }
}
