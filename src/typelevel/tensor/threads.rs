//! Partitions of a tile among threads: `local_partition` by a thread layout,
//! `tv_partition` by a thread-value layout; each thread layout must cover its
//! range exactly once (a compile error otherwise).

use super::access::{ShownSize, SizeShow, SizesAgree, WantedSize};
use super::cover::Bijection;
use super::engine::Engine;
use super::partition::{
    derive, outside, same_static_size, Blanks, DivideOf, HasShape, PartCoord, SliceInside, TileAt,
    TileOut, ZipHalves,
};
use super::walk::Reach;
use super::Tensor;
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::check::gate::{GatedYields, TensorGate, TensorGated};
use crate::typelevel::check::readable::{Readable, ReadableOf};
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::rules::{AssertSameSize, AssertThreadIndex};
use crate::typelevel::eval::{IntoCoord, Underscore};
use crate::typelevel::{IntLeaf, IntTuple, Layout, ShapeLeaf, Tile};
use frunk_core::hlist::{HCons, HNil};

/// The tiler `<s₀, s₁, ..>` of the mode sizes of a shape (CuTe `product_each`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeSizes {
    /// HList of the top-level modes' sizes (a leaf is one mode).
    type Output: StaticValue;
}
impl<U: typenum::Unsigned + typenum::NonZero> ModeSizes for typenum::PInt<U>
where
    Self: StaticValue,
{
    type Output = HCons<Self, HNil>;
}
impl ModeSizes for HNil {
    type Output = HNil;
}
impl<H: IntTuple, T: ModeSizes> ModeSizes for HCons<H, T>
where
    H::Size: StaticValue,
{
    type Output = HCons<H::Size, T::Output>;
}

/// The coordinate of thread `idx` in a thread layout, one 1-D entry per mode
/// (CuTe `get_flat_coord` of `idx2crd(idx, shape, stride)`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ThreadCoord<D> {
    /// HList of `i64`.
    type Coord;
    /// The coordinate.
    fn thread_coord(&self, d: &D, idx: i64) -> Self::Coord;
}
impl<S: ShapeLeaf, D: IntLeaf> ThreadCoord<D> for S {
    type Coord = HCons<i64, HNil>;
    #[inline(always)]
    fn thread_coord(&self, d: &D, idx: i64) -> Self::Coord {
        HCons {
            head: self.mode_coord(d, idx, &mut 1),
            tail: HNil,
        }
    }
}
impl ThreadCoord<HNil> for HNil {
    type Coord = HNil;
    #[inline(always)]
    fn thread_coord(&self, _: &HNil, _: i64) -> HNil {
        HNil
    }
}
impl<SH: ModeCoord<DH>, ST: ThreadCoord<DT>, DH, DT> ThreadCoord<HCons<DH, DT>> for HCons<SH, ST> {
    type Coord = HCons<i64, ST::Coord>;
    #[inline(always)]
    fn thread_coord(&self, d: &HCons<DH, DT>, idx: i64) -> Self::Coord {
        HCons {
            head: self.head.mode_coord(&d.head, idx, &mut 1),
            tail: self.tail.thread_coord(&d.tail, idx),
        }
    }
}

/// The 1-D coordinate within one mode of the offset `idx`: `Σ ((idx / dₖ) mod sₖ)·Pₖ`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeCoord<D> {
    /// The coordinate; `prefix` is the product of the extents before this subtree.
    fn mode_coord(&self, d: &D, idx: i64, prefix: &mut i64) -> i64;
}
impl<S: ShapeLeaf, D: IntLeaf> ModeCoord<D> for S {
    #[inline(always)]
    fn mode_coord(&self, d: &D, idx: i64, prefix: &mut i64) -> i64 {
        let (s, d) = (self.value(), d.value());
        let c = if d == 0 { 0 } else { (idx / d) % s };
        let r = c * *prefix;
        *prefix *= s;
        r
    }
}
impl ModeCoord<HNil> for HNil {
    #[inline(always)]
    fn mode_coord(&self, _: &HNil, _: i64, _: &mut i64) -> i64 {
        0
    }
}
impl<SH: ModeCoord<DH>, ST: ModeCoord<DT>, DH, DT> ModeCoord<HCons<DH, DT>> for HCons<SH, ST> {
    #[inline(always)]
    fn mode_coord(&self, d: &HCons<DH, DT>, idx: i64, prefix: &mut i64) -> i64 {
        let h = self.head.mode_coord(&d.head, idx, prefix);
        h + self.tail.mode_coord(&d.tail, idx, prefix)
    }
}

/// The index of a thread in `local_partition` and `try_local_partition`: a
/// run-time integer (`usize`, `u32`, `i64`, `i32`; one outside the thread
/// layout is refused when called), or a static one (`_3`, `int!(3)`), which a
/// thread layout of static size checks when the program compiles.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data: Vec<i32> = (0..64).collect();
/// let a = make_tensor(&data[..], layout!((8,8))).unwrap();
/// let p = local_partition(a, layout!((4,8):(8,1)), _9); // thread 9, known statically
/// assert_eq!(p[0usize], 1 + 8);
/// assert_eq!(p.layout(), local_partition(a, layout!((4,8):(8,1)), 9usize).layout());
/// ```
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// let data = [0i32; 64];
/// let a = make_tensor(&data[..], layout!((8,8))).unwrap();
/// let _ = local_partition(a, layout!((4,8):(8,1)), int!(32)); // 32 threads: 0..32
/// ```
pub trait ThreadIndex<N>: Copy {
    /// `SizesAgree` where the index may be a thread (dynamic, or below a
    /// static count), else the index in `Num<n>` form.
    type Shown;
    /// `()`, or the thread count in `Num<n>` form.
    type Wanted;
    /// The index (a negative one is refused as outside).
    fn index(self) -> i128;
}
macro_rules! run_time_index {
    ($($t:ty),*) => {$(
        impl<N> ThreadIndex<N> for $t {
            type Shown = SizesAgree;
            type Wanted = ();
            #[inline(always)]
            fn index(self) -> i128 {
                self as i128
            }
        }
    )*};
}
run_time_index!(usize, u32, i64, i32);
impl<N> ThreadIndex<N> for typenum::Z0 {
    type Shown = SizesAgree;
    type Wanted = ();
    #[inline(always)]
    fn index(self) -> i128 {
        0
    }
}
impl<U: typenum::Unsigned + typenum::NonZero, N: IntLeaf> ThreadIndex<N> for typenum::PInt<U>
where
    N: IndexBelow<Self>,
{
    type Shown = <N as IndexBelow<Self>>::Shown;
    type Wanted = <N as IndexBelow<Self>>::Wanted;
    #[inline(always)]
    fn index(self) -> i128 {
        U::U64 as i128
    }
}

/// Whether the static index `I` is below the thread count `Self`: decided
/// for a static count, left to run time for a dynamic one.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IndexBelow<I> {
    /// `SizesAgree`, or the readable index.
    type Shown;
    /// `()`, or the readable count.
    type Wanted;
}
impl<I> IndexBelow<I> for crate::typelevel::Dyn {
    type Shown = SizesAgree;
    type Wanted = ();
}
impl<I, M> IndexBelow<I> for crate::typelevel::DivBy<M> {
    type Shown = SizesAgree;
    type Wanted = ();
}
impl<I, V: typenum::Unsigned + typenum::NonZero> IndexBelow<I> for typenum::PInt<V>
where
    I: typenum::IsLess<Self>,
    typenum::Le<I, Self>: IndexShow<I, Self>,
{
    type Shown = <typenum::Le<I, Self> as IndexShow<I, Self>>::Shown;
    type Wanted = <typenum::Le<I, Self> as IndexShow<I, Self>>::Wanted;
}
/// The comparison bit of [`IndexBelow`], shown readably.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IndexShow<I, N> {
    /// `SizesAgree`, or the readable index.
    type Shown;
    /// `()`, or the readable count.
    type Wanted;
}
impl<I, N> IndexShow<I, N> for typenum::B1 {
    type Shown = SizesAgree;
    type Wanted = ();
}
impl<I: Readable, N: Readable> IndexShow<I, N> for typenum::B0 {
    type Shown = ReadableOf<I>;
    type Wanted = ReadableOf<N>;
}

/// The coordinate `(thread, _)` of a thread's values in a thread-value tensor.
pub(super) type TvCoord = (usize, Underscore);

/// CuTe `local_partition(t, threads, idx)`: thread `idx`'s part of `t`, the
/// elements at the thread's position in every tile of the thread layout's
/// shape (`zipped_divide(t, shape(threads))(c, _)` with `c` the coordinate of
/// `idx` in `threads`).
///
/// A swizzled tensor (`Sw ∘ off ∘ L`) gives a swizzled partition,
/// `Sw ∘ (off + o) ∘ L'` for `zipped_divide(L, shape(threads))(c, _) = L' + o`:
/// the partition's offset stays inside the swizzle, as [`local_tile`](super::local_tile)'s.
///
/// The thread layout must cover its threads exactly once, a bijection onto
/// `[0, size)`: otherwise it does not compile (two threads would write one
/// element, or an element would have no thread). `idx ≥ size(threads)` panics.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data: Vec<i32> = (0..64).collect();
/// let a = make_tensor(&data[..], layout!((8,8))).unwrap();
/// // 4×8 threads, row-major thread numbering: thread 9 is at (1,1)
/// let p = local_partition(a, layout!((4,8):(8,1)), 9);
/// assert_eq!(p.layout().to_string(), "(2,1):(4,0)"); // as CuTe C++
/// assert_eq!((p[0usize], p[1usize]), (1 + 8, 5 + 8));
/// // A swizzled shared-memory tile: thread 9's elements (1 + 4i, 1), swizzled.
/// let sw = composition(Swizzle::<2, 0, 3>::new(), layout!((8,8)));
/// let s = local_partition(make_tensor(&data[..], sw).unwrap(), layout!((4,8):(8,1)), 9);
/// assert_eq!(s.layout().to_string(), "Sw<2,0,3> o 9 o (2,1):(4,0)");
/// assert_eq!(s[1usize], sw.call((5usize, 1usize)) as i32);
/// ```
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// let data = [0i32; 64];
/// let a = make_tensor(&data[..], layout!((8,8))).unwrap();
/// let _ = local_partition(a, layout!((4,8):(8,2)), 9); // threads 1 and 2 meet
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn local_partition<E, L, TS, TD, R, V, I>(
    t: Tensor<E, L>,
    threads: Layout<TS, TD>,
    idx: I,
) -> Tensor<E, TileOut<R, PartCoord<R, TS::Coord>>>
where
    E: Engine,
    I: ThreadIndex<TS::Size>,
    I::Shown: AssertThreadIndex<op::LocalPartitionOp, I::Wanted>,
    L: HasShape,
    TS: IntTuple + ModeSizes + ThreadCoord<TD>,
    TS::Coord: IntoCoord + Copy,
    Layout<TS, TD>: Bijection,
    <Layout<TS, TD> as Bijection>::Verdict: Shown<Layout<TS, TD>, ()>,
    ShownOf<<Layout<TS, TD> as Bijection>::Verdict, Layout<TS, TD>, ()>:
        Admissible<op::LocalPartitionOp>,
    L: TensorGate<op::LocalPartitionOp> + DivideOf<R>,
    TensorGated<L, op::LocalPartitionOp>: GatedYields<op::ZippedDivideOp, Tile<TS::Output>, R, V>,
    V: Shown<L, Tile<TS::Output>>,
    ShownOf<V, L, Tile<TS::Output>>: Admissible<op::LocalPartitionOp>,
    R: HasShape + ZipHalves + TileAt<PartCoord<R, TS::Coord>>,
    TileOut<R, PartCoord<R, TS::Coord>>: Reach,
{
    let n = threads.shape().size().value();
    let idx = idx.index();
    if idx < 0 || idx >= n as i128 {
        panic!("local_partition: thread {idx} of a thread layout of {n} threads");
    }
    let k = HCons {
        head: threads.shape().thread_coord(threads.stride(), idx as i64),
        tail: HCons {
            head: <<R as ZipHalves>::Second as Blanks>::VALUE,
            tail: HNil,
        },
    };
    let (l, o) = t.layout().divide_of().tile_at(k);
    let covered = same_static_size::<R::Shape, L::Shape>();
    derive(
        t.engine,
        l,
        t.origin as i128 + o as i128,
        covered,
        "local_partition",
    )
}

/// Thread `thread`'s values under a thread-value layout `tv` (`(thread, value)
/// ↦ 1-D coordinate` of the tile): `composition(t, tv)(thread, _)`, as a tiled
/// copy or MMA partitions its tile (001, 3.3.4).
///
/// `tv` must cover the tile exactly once — a bijection onto `[0, size(t))` —
/// and have `t`'s size; otherwise it does not compile, naming the broken mode
/// or the sizes. `thread` outside `tv`'s thread mode panics. For layouts with
/// `Dyn` leaves, [`try_tv_partition`](super::try_tv_partition) checks the same
/// at run time.
///
/// A swizzled tensor (`Sw ∘ off ∘ L`) gives `Sw ∘ (off + o) ∘ L'` for
/// `(L ∘ tv)(thread, _) = L' + o` (composition acts on the inner layout): the
/// thread's offset stays inside the swizzle.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data: Vec<i32> = (0..64).collect();
/// let tile = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap();
/// let mine = tv_partition(tile, layout!(((4,8),2):((16,1),8)), 5);
/// assert_eq!(mine.layout().to_string(), "(2):(1)");
/// assert_eq!((mine[0usize], mine[1usize]), (10, 11)); // as CuTe C++
/// // The same thread of a swizzled tile: its values at row 1, columns 2 and 3.
/// let sw = composition(Swizzle::<2, 1, 3>::new(), layout!((8,8):(8,1)));
/// let mine = tv_partition(make_tensor(&data[..], sw).unwrap(), layout!(((4,8),2):((16,1),8)), 5);
/// assert_eq!(mine.layout().to_string(), "Sw<2,1,3> o 10 o (2):(1)");
/// assert_eq!(mine[1usize], sw.call((1usize, 3usize)) as i32);
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn tv_partition<E, L, TS, TD, R, V>(
    t: Tensor<E, L>,
    tv: Layout<TS, TD>,
    thread: usize,
) -> Tensor<E, TileOut<R, TvCoord>>
where
    E: Engine,
    L: HasShape,
    TS: IntTuple,
    TS::Size: SizeShow<<L::Shape as IntTuple>::Size>,
    ShownSize<TS::Size, <L::Shape as IntTuple>::Size>:
        AssertSameSize<op::TvPartitionOp, WantedSize<TS::Size, <L::Shape as IntTuple>::Size>>,
    Layout<TS, TD>: Bijection,
    <Layout<TS, TD> as Bijection>::Verdict: Shown<Layout<TS, TD>, ()>,
    ShownOf<<Layout<TS, TD> as Bijection>::Verdict, Layout<TS, TD>, ()>:
        Admissible<op::TvPartitionOp>,
    L: TensorGate<op::TvPartitionOp> + DivideOf<R>,
    TensorGated<L, op::TvPartitionOp>: GatedYields<op::CompositionOp, Layout<TS, TD>, R, V>,
    V: Shown<L, Layout<TS, TD>>,
    ShownOf<V, L, Layout<TS, TD>>: Admissible<op::CompositionOp>,
    R: HasShape + TileAt<TvCoord>,
    <TvCoord as IntoCoord>::Coord: SliceInside<<R as HasShape>::Shape>,
    TileOut<R, TvCoord>: Reach,
{
    let _ = tv;
    let k = (thread, Underscore);
    let r = t.layout().divide_of();
    if !k.into_coord().slice_inside(r.shape_ref()) {
        outside("tv_partition")
    }
    let (l, o) = r.tile_at(k);
    // `tv` is a bijection onto `[0, size(t))`, so `t ∘ tv` reaches exactly
    // the offsets `t` reaches (inside a swizzle: those of its inner layout).
    derive(
        t.engine,
        l,
        t.origin as i128 + o as i128,
        true,
        "tv_partition",
    )
}
