//! `try_local_tile`, `try_local_partition` and `try_tv_partition`: CuTe's
//! tiling of tensors whose layouts have dynamic leaves (a matrix of run-time
//! size `(M,K):(1,ld)`), by static tiles and thread layouts, and thread-value
//! layouts whose leaves may be dynamic too.
//!
//! They divide the layout with the mixed divides
//! ([`try_zipped_divide`](crate::typelevel::try_zipped_divide)): the tile's
//! shape stays static, its strides are dynamic where the tensor's are. What
//! the static parts decide is a compile error; what depends on run-time values
//! is an error here: a tile coordinate or thread index outside the grid
//! (`OutOfBounds`), offsets past `i64` (`Overflow`), a view reaching past the
//! storage (`StorageTooSmall`: the last tile of a dimension that is not a
//! multiple of the tile may; predicate its elements through an identity tensor
//! and read them from the parent tensor). Where the extents are
//! [`DivBy<N>`](crate::typelevel::DivBy) facts that the tile extents divide,
//! [`assert_evenly_divides`](crate::typelevel::assert_evenly_divides) proves at
//! compile time that no tile of the grid does: none needs predication, and on
//! a tensor made by `make_tensor` none reports `StorageTooSmall`.

use super::access::{size_matches, ShownSize, SizeShow, WantedSize};
use super::cover::MixedBijection;
use super::engine::Engine;
use super::partition::{Blanks, HasShape, PartCoord, SliceInside, TileCoord, ZipHalves};
use super::threads::{ThreadCoord, ThreadIndex, TvCoord};
use super::walk::Reach;
use super::Tensor;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::helpers::{MixedComposition, RunCompose, TilerDivide};
use crate::typelevel::algebra::zipped_divide_in;
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::rules::{AssertSameSize, AssertThreadIndex};
use crate::typelevel::eval::{IntoCoord, Underscore};
use crate::typelevel::tuple::Congruent;
use crate::typelevel::{
    IntLeaf, IntTuple, Layout, Shape, ShapeLeaf, SliceAndOffset, SliceOut, Tile,
};
use frunk_core::hlist::{HCons, HNil};

/// The view `l` at `origin` of `engine`, or `StorageTooSmall` naming `what`.
#[inline(always)]
fn view<E: Engine, R: Reach>(
    engine: E,
    l: R,
    origin: i128,
    what: &'static str,
) -> Result<Tensor<E, R>, LayoutError> {
    Tensor::checked(engine, l, origin).ok_or_else(|| {
        LayoutError::new(
            ErrorKind::StorageTooSmall,
            what,
            alloc::string::String::from("the view reaches past the tensor's storage (a tile past the edge of the data: predicate its elements and read them from the parent tensor)"),
        )
    })
}

/// CuTe `local_tile(t, tiler, c)` for a layout with dynamic leaves: tile `c`
/// of `zipped_divide(t, tiler)`, the sub-tensor of the tiler's static shape.
/// The tiler is a tile (`tile!`, mode by mode) or a layout (`layout!`,
/// dividing the whole tensor as CuTe's `local_tile(t, layout, c)` does).
///
/// The tile's shape stays static, its strides are dynamic where the tensor's
/// are. What the static parts decide is a compile error; the errors here:
/// `c` outside the grid of tiles (`OutOfBounds`), offsets past `i64`
/// (`Overflow`), a tile reaching past the storage (`StorageTooSmall`: the last
/// tile of a dimension that is not a multiple of the tile may; predicate its
/// elements through an identity tensor and read them from the parent tensor).
/// Where the tiler is proven to divide the tensor evenly
/// ([`proven_evenly_divides`](crate::typelevel::proven_evenly_divides)), a
/// tile of the grid holds the tensor's elements and is not checked again.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let (m, k) = (6, 5);
/// let data: Vec<i32> = (0..30).collect();
/// let l = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)]).unwrap(); // (M,K):(1,M)
/// let a = make_tensor(&data[..], l).unwrap();
/// let t = try_local_tile(a, tile!(2, 4), (1usize, 0usize)).unwrap(); // rows 2..4, columns 0..4
/// assert_eq!(format!("{:#}", t.layout()), "(_2,_4):(_1,6)");
/// assert_eq!(t[(1usize, 3usize)], 3 + 3 * 6);
/// let p = try_local_partition(t, layout!((2,2)), 3).unwrap(); // thread 3 = (1,1)
/// assert_eq!((p[0usize], p[1usize]), (3 + 6, 3 + 18));
/// // By a layout: tile 5 of 8:2 (every other element of a column) on (6,5).
/// let u = try_local_tile(a, layout!(3:2), 5usize).unwrap();
/// assert_eq!(format!("{:#}", u.layout()), "(3,1):(_2,6)"); // as CuTe C++
/// assert_eq!(u[0usize], 13);
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn try_local_tile<E, S, D, T, C, ZS, ZD>(
    t: Tensor<E, Layout<S, D>>,
    tiler: T,
    c: C,
) -> Result<Tensor<E, SliceOut<Layout<ZS, ZD>, TileCoord<Layout<ZS, ZD>, C>>>, LayoutError>
where
    E: Engine,
    S: Copy,
    D: Copy,
    C: IntoCoord + Copy,
    Layout<S, D>: TilerDivide<T, Zipped = Layout<ZS, ZD>>,
    <Layout<S, D> as TilerDivide<T>>::DivideVerdict: Shown<Layout<S, D>, T>,
    ShownOf<<Layout<S, D> as TilerDivide<T>>::DivideVerdict, Layout<S, D>, T>:
        Admissible<op::LocalTileOp>,
    ZS: Shape + Congruent<ZD>,
    ZD: IntTuple,
    Layout<ZS, ZD>: ZipHalves + SliceAndOffset<TileCoord<Layout<ZS, ZD>, C>>,
    <TileCoord<Layout<ZS, ZD>, C> as IntoCoord>::Coord: SliceInside<ZS>,
    SliceOut<Layout<ZS, ZD>, TileCoord<Layout<ZS, ZD>, C>>: Reach,
{
    let z = zipped_divide_in(*t.layout(), tiler, "local_tile")?;
    let k = HCons {
        head: <<Layout<ZS, ZD> as ZipHalves>::First as Blanks>::VALUE,
        tail: HCons {
            head: c,
            tail: HNil,
        },
    };
    if !k.into_coord().slice_inside(z.shape()) {
        return Err(LayoutError::new(
            ErrorKind::OutOfBounds,
            "local_tile",
            alloc::format!("the tile coordinate lies outside the grid of tiles of {z}"),
        ));
    }
    let (l, o) = SliceAndOffset::slice_and_offset(&z, k);
    if const { <Layout<S, D> as TilerDivide<T>>::EVEN } {
        // Proven at compile time: the tiler evenly divides `t`, so a tile of
        // the grid holds `t`'s elements only: no check.
        return Ok(Tensor::from_parts(
            t.engine,
            l,
            (t.origin as i64 + o) as usize,
        ));
    }
    view(t.engine, l, t.origin as i128 + o as i128, "local_tile")
}

/// CuTe `local_partition(t, threads, idx)` for a layout with dynamic leaves:
/// thread `idx`'s elements, `zipped_divide(t, shape(threads))(c, _)` with `c`
/// the thread's coordinate. The thread layout's extents may be dynamic too
/// (each top-level mode's size is a tiler entry, static where the mode is);
/// its strides static or dynamic. It must be a bijection onto `[0, size)`: a
/// compile error for static leaves, `NotBijective` for dynamic ones that break
/// it (two threads meeting on an element, or an element nobody holds). As in
/// CuTe, where a thread extent does not divide the tensor's extent, some
/// threads' elements reach past it (CuTe C++ gives thread 2 of 3 on 8 rows the
/// rows 2, 5 and 8): partition an identity tensor alike and predicate them
/// (over storage, such an element is another one of the tensor, or past the
/// storage: `StorageTooSmall`). Other errors: `idx ≥ size(threads)`
/// (`OutOfBounds`), offsets past `i64` (`Overflow`). Where the thread
/// extents are proven to divide the tensor's (static extents, or
/// [`DivBy`](crate::typelevel::DivBy) facts), a thread's elements are the
/// tensor's and the view is not checked again.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // A 4x6 column-major matrix of run-time size over a 2x2 grid of threads.
/// let data: Vec<i32> = (0..24).collect();
/// let (m, n) = (4, 6);
/// let l = Layout::try_new(hlist![Dyn(m), Dyn(n)], hlist![_1, Dyn(m)]).unwrap();
/// let a = make_tensor(&data[..], l).unwrap();
/// // Thread 3 is (1,1): rows 1, 3 and columns 1, 3, 5.
/// let mine = try_local_partition(a, layout!((2,2):(1,2)), 3).unwrap();
/// assert_eq!(mine[0usize], 1 + 1 * 4);
/// assert_eq!(mine[5usize], 3 + 5 * 4);
/// assert!(try_local_partition(a, layout!((2,2):(1,2)), 4).is_err()); // no thread 4
/// // Threads numbered at run time: (2,2):(2,1) is exact, (2,2):(1,1) is not.
/// let rows = Layout::try_new(hlist![_2, _2], hlist![Dyn(2), Dyn(1)]).unwrap();
/// assert_eq!(try_local_partition(a, rows, 1).unwrap()[0usize], 4); // thread 1 is (0,1)
/// let meet = Layout::try_new(hlist![_2, _2], hlist![Dyn(1), Dyn(1)]).unwrap();
/// let e = try_local_partition(a, meet, 1).unwrap_err();
/// assert_eq!(e.kind(), layout_algebra::runtime::ErrorKind::NotBijective);
/// // A thread count known at run time: 2 threads down, 3 across.
/// let grid = Layout::try_new(hlist![Dyn(2), Dyn(3)], hlist![_1, Dyn(2)]).unwrap();
/// let p = try_local_partition(a, grid, 5).unwrap(); // thread 5 is (1,2)
/// assert_eq!(format!("{:#}", p.layout()), "(2,2):(2,12)"); // as CuTe C++
/// let three = Layout::try_new(hlist![Dyn(3), Dyn(3)], hlist![_1, Dyn(3)]).unwrap();
/// let e = try_local_partition(a, three, 8).unwrap_err(); // rows 2, 5 of 4, columns 2, 5
/// assert_eq!(e.kind(), layout_algebra::runtime::ErrorKind::StorageTooSmall);
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn try_local_partition<E, S, D, TS, TD, ZS, ZD, I>(
    t: Tensor<E, Layout<S, D>>,
    threads: Layout<TS, TD>,
    idx: I,
) -> Result<Tensor<E, SliceOut<Layout<ZS, ZD>, PartCoord<Layout<ZS, ZD>, TS::Coord>>>, LayoutError>
where
    E: Engine,
    I: ThreadIndex<TS::Size>,
    I::Shown: AssertThreadIndex<op::LocalPartitionOp, I::Wanted>,
    S: Copy,
    D: Copy,
    TS: IntTuple + ThreadTiler + ThreadCoord<TD>,
    TS::Coord: IntoCoord + Copy,
    Layout<TS, TD>: MixedBijection,
    <Layout<TS, TD> as MixedBijection>::Verdict: Shown<Layout<TS, TD>, ()>,
    ShownOf<<Layout<TS, TD> as MixedBijection>::Verdict, Layout<TS, TD>, ()>:
        Admissible<op::LocalPartitionOp>,
    Layout<S, D>: TilerDivide<Tile<TS::Output>, Zipped = Layout<ZS, ZD>>,
    <Layout<S, D> as TilerDivide<Tile<TS::Output>>>::DivideVerdict:
        Shown<Layout<S, D>, Tile<TS::Output>>,
    ShownOf<
        <Layout<S, D> as TilerDivide<Tile<TS::Output>>>::DivideVerdict,
        Layout<S, D>,
        Tile<TS::Output>,
    >: Admissible<op::LocalPartitionOp>,
    ZS: Shape + Congruent<ZD>,
    ZD: IntTuple,
    Layout<ZS, ZD>: ZipHalves + SliceAndOffset<PartCoord<Layout<ZS, ZD>, TS::Coord>>,
    SliceOut<Layout<ZS, ZD>, PartCoord<Layout<ZS, ZD>, TS::Coord>>: Reach,
{
    let n = threads.shape().size().value();
    let idx = idx.index();
    if idx < 0 || idx >= n as i128 {
        return Err(LayoutError::new(
            ErrorKind::OutOfBounds,
            "local_partition",
            alloc::format!("thread {idx} of a thread layout of {n} threads"),
        ));
    }
    threads.cover("local_partition")?;
    let z = zipped_divide_in(
        *t.layout(),
        Tile(threads.shape().thread_tiler()),
        "local_partition",
    )?;
    let k = HCons {
        head: threads.shape().thread_coord(threads.stride(), idx as i64),
        tail: HCons {
            head: <<Layout<ZS, ZD> as ZipHalves>::Second as Blanks>::VALUE,
            tail: HNil,
        },
    };
    let (l, o) = SliceAndOffset::slice_and_offset(&z, k);
    if const { <Layout<S, D> as TilerDivide<Tile<TS::Output>>>::EVEN } {
        // Proven at compile time: the thread grid evenly divides `t`, so the
        // divide re-indexes `t`'s coordinates and a thread's elements are
        // among `t`'s: no check.
        return Ok(Tensor::from_parts(
            t.engine,
            l,
            (t.origin as i64 + o) as usize,
        ));
    }
    view(t.engine, l, t.origin as i128 + o as i128, "local_partition")
}

/// The sizes of the top-level modes of a thread layout's shape: the tiler
/// `try_local_partition` divides by, an entry static where its mode is.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ThreadTiler {
    /// HList of the modes' sizes (a leaf is one mode).
    type Output: Copy;
    /// Their values.
    fn thread_tiler(&self) -> Self::Output;
}
impl<S: ShapeLeaf> ThreadTiler for S {
    type Output = HCons<S, HNil>;
    #[inline(always)]
    fn thread_tiler(&self) -> Self::Output {
        HCons {
            head: *self,
            tail: HNil,
        }
    }
}
impl ThreadTiler for HNil {
    type Output = HNil;
    #[inline(always)]
    fn thread_tiler(&self) -> HNil {
        HNil
    }
}
impl<H: IntTuple, T: ThreadTiler> ThreadTiler for HCons<H, T> {
    type Output = HCons<H::Size, T::Output>;
    #[inline(always)]
    fn thread_tiler(&self) -> Self::Output {
        HCons {
            head: self.head.size(),
            tail: self.tail.thread_tiler(),
        }
    }
}

/// Thread `thread`'s values under a thread-value layout `tv` (`(thread, value)
/// ↦ 1-D coordinate` of the tile) whose leaves, and the tensor's, may be
/// static or dynamic: `composition(t, tv)(thread, _)`, as
/// [`tv_partition`](super::tv_partition) for static layouts, with the mixed
/// [`try_composition`](crate::typelevel::try_composition) (a leaf of the
/// result is dynamic where CuTe C++ makes it dynamic).
///
/// `tv` must cover the tile exactly once, a bijection onto `[0, size(t))`.
/// What the static parts decide is a compile error, as for `tv_partition`;
/// the rest is checked once here, in this order: `tv` a bijection onto
/// `[0, size(tv))` (`NotBijective` naming the mode that breaks it: two
/// `(thread, value)` pairs on one element, or an element nobody holds),
/// `size(tv) = size(t)` (`SizeMismatch`), the composition's rules (its
/// errors), `thread` inside `tv`'s thread mode (`OutOfBounds`), the thread's
/// view inside the tensor's storage (`StorageTooSmall`).
///
/// A static `tv` on a tensor of static shape, whose strides may be dynamic
/// (a static tile of a run-time matrix, as [`try_local_tile`] makes it), is
/// planned when the program compiles: which modes the result has and which
/// of the tensor's strides each of its strides scales by which static factor.
/// A call then costs those products and the thread's offset, nothing else
/// (the view needs no check either: its elements are the tensor's).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// use layout_algebra::runtime::ErrorKind;
/// let data: Vec<i32> = (0..32).collect();
/// let tile = make_tensor(&data[..], layout!((8,4):(4,1))).unwrap(); // row-major 8×4
/// // ((4,2),(2,2)):((2,16),(1,8)), 8 threads × 4 values, two extents and two strides Dyn
/// let (t, v) = (Dyn(4), Dyn(2));
/// let tv = Layout::try_new(hlist![hlist![t, _2], hlist![_2, v]],
///                          hlist![hlist![Dyn(2), _16], hlist![_1, Dyn(8)]]).unwrap();
/// let mine = try_tv_partition(tile, tv, 5).unwrap();
/// assert_eq!(format!("{:#}", mine.layout()), "((_2,(1,2))):((_4,(32,1)))"); // as CuTe C++
/// assert_eq!([mine[0usize], mine[1usize], mine[2usize], mine[3usize]], [10, 14, 11, 15]);
/// // Stride 4 where the modes below cover [0, 8): two threads meet.
/// let meet = Layout::try_new(hlist![hlist![t, _2], hlist![_2, v]],
///                            hlist![hlist![Dyn(2), _16], hlist![_1, Dyn(4)]]).unwrap();
/// let e = try_tv_partition(tile, meet, 5).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::NotBijective);
/// assert_eq!(try_tv_partition(tile, tv, 8).unwrap_err().kind(), ErrorKind::OutOfBounds);
/// ```
/// Static layouts keep the static checks:
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// let data = [0i32; 64];
/// let tile = make_tensor(&data[..], layout!((8,8))).unwrap();
/// let _ = try_tv_partition(tile, layout!((32,2):(1,0)), 5); // a broadcast value mode
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn try_tv_partition<E, L, TV>(
    t: Tensor<E, L>,
    tv: TV,
    thread: usize,
) -> Result<Tensor<E, SliceOut<L::Output, TvCoord>>, LayoutError>
where
    E: Engine,
    L: HasShape + Copy + MixedComposition<TV>,
    TV: HasShape + MixedBijection + Copy + core::fmt::Display,
    <TV::Shape as IntTuple>::Size: SizeShow<<L::Shape as IntTuple>::Size>,
    ShownSize<<TV::Shape as IntTuple>::Size, <L::Shape as IntTuple>::Size>: AssertSameSize<
        op::TvPartitionOp,
        WantedSize<<TV::Shape as IntTuple>::Size, <L::Shape as IntTuple>::Size>,
    >,
    TV::Verdict: Shown<TV, ()>,
    ShownOf<TV::Verdict, TV, ()>: Admissible<op::TvPartitionOp>,
    <L as MixedComposition<TV>>::Verdict: Shown<L, TV>,
    ShownOf<<L as MixedComposition<TV>>::Verdict, L, TV>: Admissible<op::CompositionOp>,
    L::Output: HasShape + SliceAndOffset<TvCoord>,
    <TvCoord as IntoCoord>::Coord: SliceInside<<L::Output as HasShape>::Shape>,
    SliceOut<L::Output, TvCoord>: Reach,
{
    tv.cover("tv_partition")?;
    size_matches(
        tv.shape_ref().size(),
        t.layout().shape_ref().size(),
        "tv_partition",
    )?;
    // A static TV layout on a tensor of static shape: the composition's
    // plan is a constant, only the strides' products are left to compute.
    let (r, planned) =
        match <<L as MixedComposition<TV>>::Plan as RunCompose<L, TV, L::Output>>::planned(
            t.layout(),
            &tv,
        ) {
            Some(r) => (r, true),
            None => (
                <L as MixedComposition<TV>>::mixed_compose(*t.layout(), tv)?,
                false,
            ),
        };
    let k = (thread, Underscore);
    if !k.into_coord().slice_inside(r.shape_ref()) {
        return Err(LayoutError::new(
            ErrorKind::OutOfBounds,
            "tv_partition",
            alloc::format!("thread {thread} lies outside the thread mode of {tv}"),
        ));
    }
    let (l, o) = SliceAndOffset::slice_and_offset(&r, k);
    if planned {
        // `tv` is a bijection onto `[0, size(t))` and the plan is exact, so
        // `t ∘ tv` reaches exactly the offsets `t` reaches: no check.
        return Ok(Tensor::from_parts(
            t.engine,
            l,
            (t.origin as i64 + o) as usize,
        ));
    }
    view(t.engine, l, t.origin as i128 + o as i128, "tv_partition")
}
