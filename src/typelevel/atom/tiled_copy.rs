//! Tiled copy: CuTe's `TiledCopy` for a CPU, a copy atom tiled over threads
//! (cores) and values (a thread's block of a tile), with its partitions
//! ([`TiledCopy`]).

use super::copy::CopyAtom;
use super::tiling::{CoordPair, FirstUnfit, Repeats};
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::check::rules::{
    op, Admissible, AssertContiguousRun, AssertCopyWidth, AssertSameSize, AssertTilesDivide, Shown,
    ShownOf,
};
use crate::typelevel::check::{Readable, ReadableOf};
use crate::typelevel::tensor::helpers::{
    EarlierMismatch, MismatchParts, ShownSize, SizeShow, ThreadCoord, WantedSize,
};
use crate::typelevel::tensor::{Bijection, Engine, GemmOperandMut, MatrixBatch, Tensor};
use crate::typelevel::tuple::{pair, Pair};
use crate::typelevel::{
    DivBy, Dyn, IntLeaf, IntMul, IntMulOut, IntTuple, Layout, StaticInt, StaticTuple,
};
use core::marker::PhantomData;
use core::ops::{Div, Mul, Rem};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Eq, IsEqual, Prod, Quot, P1, Z0};

/// CuTe's `TiledCopy`: copy atom `A` of `W` elements, thread layout `T`
/// `(TM,TN)`, values `V` `(VM,VN)`. Made by [`make_tiled_copy`].
///
/// Thread `(tm, tn)` copies the block of `VM × VN` elements at `(tm·VM,
/// tn·VN)` of each `(TM·VM) × (TN·VN)` tile, `W` consecutive elements of a
/// column per atom move (`W` divides `VM`). A thread's slice
/// ([`TiledCopy::get_slice`], CuTe's `ThrCopy`) partitions a source and a
/// destination tile alike ([`partition_S`](ThrCopy::partition_S),
/// [`partition_D`](ThrCopy::partition_D)): `(BM,BN):(dm,dn)` (multiples of the
/// tile: a compile error otherwise) gives
/// `(W,(VM/W,RM),(VN,RN)):(dm,(W·dm,TileM·dm),(dn,TileN·dn))` at offset
/// `tm·VM·dm + tn·VN·dn`, the strides the tile's scaled by static factors.
/// [`TiledCopy::copy`] moves a thread's partition with the atom: each
/// `W`-run must be consecutive in memory in both (`dm = 1`; a static stride
/// other than 1 does not compile, a dynamic one that is not 1 takes one
/// element at a time). [`ThrCopy::retile`] views a register fragment of a
/// thread's values in the copy's shape (CuTe's `retile_S`/`retile_D`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// // 2 x 2 threads, each a 4 x 3 block, moved 4 floats at a time.
/// let cp = make_tiled_copy(UniversalCopy::<f32, _4>::new(), layout!((2, 2)), layout!((4, 3)));
/// let src: Vec<f32> = (0..8 * 6).map(|x| x as f32).collect();
/// let mut dst = vec![0.0f32; 8 * 6];
/// let ts = make_tensor(&src[..], layout!((8, 6))).unwrap();
/// let mut td = make_tensor(&mut dst[..], layout!((8, 6))).unwrap();
/// for t in 0..4 {
///     let thr = cp.get_slice(t);
///     let s = thr.partition_S(ts);
///     assert_eq!(s.layout().to_string(), "(4,(1,1),(3,1)):(1,(4,8),(8,48))");
///     cp.copy(&s, &mut thr.partition_D(td.view_mut()));
/// }
/// assert_eq!(dst, src);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TiledCopy<A, T, V> {
    atom: A,
    threads: T,
    values: PhantomData<V>,
}

/// One thread's slice of a tiled copy (CuTe's `ThrCopy`). Made by
/// [`TiledCopy::get_slice`].
#[derive(Clone, Copy, Debug)]
pub struct ThrCopy<'a, A, T, V> {
    copy: PhantomData<&'a TiledCopy<A, T, V>>,
    tm: i64,
    tn: i64,
}

/// CuTe `make_tiled_copy(atom, threads, values)`: `threads` `(TM,TN)` must
/// cover its threads exactly once, and the atom's width must divide `VM`
/// (each a compile error otherwise).
///
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// // An atom of 4 elements on blocks of 6 rows: 6 is no multiple of 4.
/// let _ = make_tiled_copy(UniversalCopy::<f32, _4>::new(), layout!((2, 1)), layout!((6, 1)));
/// ```
#[allow(clippy::type_complexity)]
pub fn make_tiled_copy<A, TM, TN, TD, VM, VN, VD>(
    atom: A,
    threads: Layout<Pair<TM, TN>, TD>,
    values: Layout<Pair<VM, VN>, VD>,
) -> TiledCopy<A, Layout<Pair<TM, TN>, TD>, Pair<VM, VN>>
where
    A: CopyAtom,
    Layout<Pair<TM, TN>, TD>: Bijection,
    <Layout<Pair<TM, TN>, TD> as Bijection>::Verdict: Shown<Layout<Pair<TM, TN>, TD>, ()>,
    ShownOf<<Layout<Pair<TM, TN>, TD> as Bijection>::Verdict, Layout<Pair<TM, TN>, TD>, ()>:
        Admissible<op::TiledCopyOp>,
    VM: AtomRuns<A::Width>,
    VN: StaticInt,
{
    let _ = values;
    TiledCopy {
        atom,
        threads,
        values: PhantomData,
    }
}

/// `VM` as runs of the atom's `W` elements, checked to divide.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait AtomRuns<W> {
    /// `VM / W`.
    type Output: StaticInt;
}
impl<VM, W> AtomRuns<W> for VM
where
    VM: Rem<W> + Div<W>,
    <VM as Rem<W>>::Output: IsEqual<Z0>,
    Eq<<VM as Rem<W>>::Output, Z0>: WidthVerdict<VM, W>,
    Quot<VM, W>: StaticInt,
{
    type Output = Quot<VM, W>;
}

/// The width verdict, asserted readably.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait WidthVerdict<VM, W> {}
impl<VM, W> WidthVerdict<VM, W> for typenum::B1 {}
impl<VM: Readable, W: Readable> WidthVerdict<VM, W> for typenum::B0 where
    ReadableOf<VM>: AssertCopyWidth<op::TiledCopyOp, ReadableOf<W>>
{
}

/// The sizes of a tiled copy, as types.
pub trait CopyTiling {
    /// The atom.
    type Atom: CopyAtom;
    /// `VM / W`: atom moves per column of a thread's block.
    type Runs: StaticInt;
    /// `VM`, `VN`: a thread's block.
    type Vm: StaticInt;
    /// See [`CopyTiling::Vm`].
    type Vn: StaticInt;
    /// `TM·VM`, `TN·VN`: the tiled copy's tile.
    type TileM: StaticInt;
    /// See [`CopyTiling::TileM`].
    type TileN: StaticInt;
}

impl<A, TM, TN, TD, VM, VN> CopyTiling for TiledCopy<A, Layout<Pair<TM, TN>, TD>, Pair<VM, VN>>
where
    A: CopyAtom,
    VM: StaticInt + AtomRuns<A::Width>,
    VN: StaticInt,
    TM: Mul<VM>,
    TN: Mul<VN>,
    Prod<TM, VM>: StaticInt,
    Prod<TN, VN>: StaticInt,
{
    type Atom = A;
    type Runs = <VM as AtomRuns<A::Width>>::Output;
    type Vm = VM;
    type Vn = VN;
    type TileM = Prod<TM, VM>;
    type TileN = Prod<TN, VN>;
}

impl<A, TS: ThreadCoord<TD> + IntTuple, TD, V> TiledCopy<A, Layout<TS, TD>, V>
where
    TS::Coord: CoordPair,
{
    /// Thread `t`'s slice (CuTe `get_slice`); panics if `t` is not a thread
    /// of the thread layout.
    pub fn get_slice(&self, t: usize) -> ThrCopy<'_, A, Layout<TS, TD>, V> {
        let n = self.threads.shape().size().value();
        if t as u64 >= n as u64 {
            panic!("get_slice: thread {t} of a tiled copy of {n} threads");
        }
        let (tm, tn) = self
            .threads
            .shape()
            .thread_coord(self.threads.stride(), t as i64)
            .pair();
        ThrCopy {
            copy: PhantomData,
            tm,
            tn,
        }
    }
}

/// The partition of a rank-2 tile by a tiled copy `M` (for the source and
/// the destination alike).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CopyPart<M> {
    /// The thread's partition.
    type Part;
    /// `SizesAgree` where the tiled copy's tile divides this tile, else the
    /// first extent it does not divide (readable).
    type Shown;
    /// `()`, or the tiled copy's tile extent (readable).
    type Wanted;
    /// The partition's layout and the thread's offset, for thread `(tm, tn)`.
    fn part(&self, tm: i64, tn: i64) -> (Self::Part, i64);
}

/// `(W,(VM/W,RM),(VN,RN)):(dm,(W·dm,TileM·dm),(dn,TileN·dn))`.
type PartLayout<M, RM, RN, DM, DN> = Layout<
    HCons<
        <<M as CopyTiling>::Atom as CopyAtom>::Width,
        HCons<Pair<<M as CopyTiling>::Runs, RM>, HCons<Pair<<M as CopyTiling>::Vn, RN>, HNil>>,
    >,
    HCons<
        DM,
        HCons<
            Pair<
                IntMulOut<DM, <<M as CopyTiling>::Atom as CopyAtom>::Width>,
                IntMulOut<DM, <M as CopyTiling>::TileM>,
            >,
            HCons<Pair<DN, IntMulOut<DN, <M as CopyTiling>::TileN>>, HNil>,
        >,
    >,
>;

impl<M, BM, BN, DM, DN> CopyPart<M> for Layout<Pair<BM, BN>, Pair<DM, DN>>
where
    M: CopyTiling,
    BM: Repeats<M::TileM>,
    BN: Repeats<M::TileN>,
    DM: IntLeaf + IntMul<<M::Atom as CopyAtom>::Width> + IntMul<M::TileM>,
    DN: IntLeaf + IntMul<M::TileN>,
    HCons<
        <M::Atom as CopyAtom>::Width,
        HCons<
            Pair<M::Runs, <BM as Repeats<M::TileM>>::Output>,
            HCons<Pair<M::Vn, <BN as Repeats<M::TileN>>::Output>, HNil>,
        >,
    >: StaticTuple,
    (
        <BM as Repeats<M::TileM>>::Shown,
        <BM as Repeats<M::TileM>>::Wanted,
    ): EarlierMismatch<(
        <BN as Repeats<M::TileN>>::Shown,
        <BN as Repeats<M::TileN>>::Wanted,
    )>,
    FirstUnfit<BM, M::TileM, BN, M::TileN>: MismatchParts,
{
    type Part =
        PartLayout<M, <BM as Repeats<M::TileM>>::Output, <BN as Repeats<M::TileN>>::Output, DM, DN>;
    type Shown = <FirstUnfit<BM, M::TileM, BN, M::TileN> as MismatchParts>::Shown;
    type Wanted = <FirstUnfit<BM, M::TileM, BN, M::TileN> as MismatchParts>::Wanted;
    #[inline(always)]
    fn part(&self, tm: i64, tn: i64) -> (Self::Part, i64) {
        let (dm, dn) = (self.stride.head, self.stride.tail.head);
        let w = <<M::Atom as CopyAtom>::Width as StaticInt>::VALUE;
        let stride = HCons {
            head: dm,
            tail: HCons {
                head: pair(dm.int_mul(w), dm.int_mul(M::TileM::VALUE)),
                tail: HCons {
                    head: pair(dn, dn.int_mul(M::TileN::VALUE)),
                    tail: HNil,
                },
            },
        };
        let o = M::Vm::VALUE.value() * dm.value() * tm + M::Vn::VALUE.value() * dn.value() * tn;
        let l = Layout {
            shape: StaticTuple::VALUE,
            stride,
        };
        (l, o)
    }
}

/// The partition of `Tensor<E, L>`.
type CopyPartOf<E, L, M> = Tensor<E, <L as CopyPart<M>>::Part>;

// CuTe's names: `partition_S`, `partition_D`.
#[allow(non_snake_case)]
impl<'a, A: CopyAtom, T, V> ThrCopy<'a, A, T, V>
where
    TiledCopy<A, T, V>: CopyTiling<Atom = A>,
{
    /// The partition of `x`.
    #[inline(always)]
    fn partition<E: Engine, L: CopyPart<TiledCopy<A, T, V>>>(
        &self,
        x: Tensor<E, L>,
    ) -> CopyPartOf<E, L, TiledCopy<A, T, V>> {
        let (l, o) = x.layout().part(self.tm, self.tn);
        let (engine, _, origin) = x.into_parts();
        // A sub-tensor: the thread's coordinates are among the tile's.
        Tensor::from_parts(engine, l, (origin as i64 + o) as usize)
    }
    /// CuTe `partition_S(src)`: this thread's part of a source tile `(BM,BN)`,
    /// `(W,(VM/W,RM),(VN,RN))` (see [`TiledCopy`]).
    #[inline(always)]
    pub fn partition_S<E: Engine, L: CopyPart<TiledCopy<A, T, V>>>(
        &self,
        src: Tensor<E, L>,
    ) -> CopyPartOf<E, L, TiledCopy<A, T, V>>
    where
        L::Shown: AssertTilesDivide<op::TiledCopyOp, L::Wanted>,
    {
        self.partition(src)
    }
    /// CuTe `partition_D(dst)`: this thread's part of a destination tile.
    #[inline(always)]
    pub fn partition_D<E: Engine, L: CopyPart<TiledCopy<A, T, V>>>(
        &self,
        dst: Tensor<E, L>,
    ) -> CopyPartOf<E, L, TiledCopy<A, T, V>>
    where
        L::Shown: AssertTilesDivide<op::TiledCopyOp, L::Wanted>,
    {
        self.partition(dst)
    }
    /// CuTe `retile_S`/`retile_D`: a register fragment of a thread's values,
    /// compact column-major `(FM, FN)` (`FM` a multiple of `VM`, `FN` of
    /// `VN`), viewed in the copy's shape: `(W,(VM/W,FM/VM),(VN,FN/VN)):(1,(W,VM),(FM,FM·VN))`,
    /// so that [`TiledCopy::copy`] moves it with the atom.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let cp = make_tiled_copy(UniversalCopy::<i32, _2>::new(), layout!((1, 1)), layout!((4, 2)));
    /// let src: Vec<i32> = (0..8).collect();
    /// let ts = make_tensor(&src[..], layout!((4, 2))).unwrap();
    /// let thr = cp.get_slice(0);
    /// let mut regs = make_fragment::<i32, _, _>(layout!((4, 2)));
    /// cp.copy(&thr.partition_S(ts), &mut thr.retile(regs.view_mut()));
    /// assert_eq!(regs[(3usize, 1usize)], 7);
    /// ```
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub fn retile<E: Engine, FM, FN>(
        &self,
        frag: Tensor<E, Layout<Pair<FM, FN>, Pair<P1, FM>>>,
    ) -> Tensor<E, RetileOf<TiledCopy<A, T, V>, FM, FN>>
    where
        TiledCopy<A, T, V>: Retile<FM, FN>,
        RetileOf<TiledCopy<A, T, V>, FM, FN>: StaticValue,
        <TiledCopy<A, T, V> as Retile<FM, FN>>::Shown:
            AssertTilesDivide<op::TiledCopyOp, <TiledCopy<A, T, V> as Retile<FM, FN>>::Wanted>,
    {
        let (engine, _, origin) = frag.into_parts();
        // The fragment's elements, visited in the copy's order.
        Tensor::from_parts(engine, StaticValue::VALUE, origin)
    }
}

/// The layout [`ThrCopy::retile`] gives a compact `(FM, FN)` fragment.
#[doc(hidden)]
pub type RetileOf<M, FM, FN> = <M as Retile<FM, FN>>::Out;

/// The retiled view of a compact `(FM, FN)` fragment.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Retile<FM, FN> {
    /// Its layout.
    type Out;
    /// `SizesAgree` where `(VM, VN)` divides `(FM, FN)`, else the first
    /// extent it does not divide (readable).
    type Shown;
    /// `()`, or the copy's value extent (readable).
    type Wanted;
}
impl<M: CopyTiling, FM, FN> Retile<FM, FN> for M
where
    FM: Repeats<M::Vm> + Mul<M::Vn>,
    FN: Repeats<M::Vn>,
    (
        <FM as Repeats<M::Vm>>::Shown,
        <FM as Repeats<M::Vm>>::Wanted,
    ): EarlierMismatch<(
        <FN as Repeats<M::Vn>>::Shown,
        <FN as Repeats<M::Vn>>::Wanted,
    )>,
    FirstUnfit<FM, M::Vm, FN, M::Vn>: MismatchParts,
{
    type Shown = <FirstUnfit<FM, M::Vm, FN, M::Vn> as MismatchParts>::Shown;
    type Wanted = <FirstUnfit<FM, M::Vm, FN, M::Vn> as MismatchParts>::Wanted;
    type Out = Layout<
        HCons<
            <M::Atom as CopyAtom>::Width,
            HCons<
                Pair<M::Runs, <FM as Repeats<M::Vm>>::Output>,
                HCons<Pair<M::Vn, <FN as Repeats<M::Vn>>::Output>, HNil>,
            >,
        >,
        HCons<
            P1,
            HCons<
                Pair<<M::Atom as CopyAtom>::Width, M::Vm>,
                HCons<Pair<FM, Prod<FM, M::Vn>>, HNil>,
            >,
        >,
    >;
}

/// A copy partition's first stride: a run of `W` consecutive elements.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait UnitRun<W> {
    /// Whether the run is consecutive (for a static stride, proved).
    fn unit(&self) -> bool;
}
impl<W> UnitRun<W> for Dyn {
    #[inline(always)]
    fn unit(&self) -> bool {
        self.0 == 1
    }
}
impl<W, N> UnitRun<W> for DivBy<N>
where
    DivBy<N>: IntLeaf,
{
    #[inline(always)]
    fn unit(&self) -> bool {
        self.value() == 1
    }
}
impl<W, D: StaticInt> UnitRun<W> for D {
    #[inline(always)]
    fn unit(&self) -> bool {
        self.value() == 1
    }
}

/// The readable outcome of "the first stride `Self` makes runs of `W`
/// consecutive elements": [`RunsConsecutive`] (always for a run-time
/// stride, checked when the program runs), else `W` and the stride readable.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RunShow<W> {
    /// `RunsConsecutive`, or the readable width.
    type Width;
    /// `()`, or the readable stride.
    type Stride;
}
/// The width that a run error shows.
pub type RunShown<D, W> = <D as RunShow<W>>::Width;
/// The stride that a run error shows.
pub type RunStride<D, W> = <D as RunShow<W>>::Stride;
/// Runs that are consecutive (or checked at run time).
#[derive(Clone, Copy, Debug, Default)]
pub struct RunsConsecutive;
// Hidden from error messages: rustc would otherwise list it as the type
// implementing the assertion.
#[diagnostic::do_not_recommend]
impl<Op> AssertContiguousRun<Op, ()> for RunsConsecutive {}
impl<W> RunShow<W> for Dyn {
    type Width = RunsConsecutive;
    type Stride = ();
}
impl<W, N> RunShow<W> for DivBy<N> {
    type Width = RunsConsecutive;
    type Stride = ();
}
impl<W, D: StaticInt + IsEqual<P1>> RunShow<W> for D
where
    Eq<D, P1>: RunVerdict<D, W>,
{
    type Width = <Eq<D, P1> as RunVerdict<D, W>>::Width;
    type Stride = <Eq<D, P1> as RunVerdict<D, W>>::Stride;
}

/// Branch of [`RunShow`] on "the stride is 1".
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait RunVerdict<D, W> {
    /// `RunsConsecutive`, or the readable width.
    type Width;
    /// `()`, or the readable stride.
    type Stride;
}
impl<D, W> RunVerdict<D, W> for typenum::B1 {
    type Width = RunsConsecutive;
    type Stride = ();
}
impl<D: Readable, W: Readable> RunVerdict<D, W> for typenum::B0 {
    type Width = ReadableOf<W>;
    type Stride = ReadableOf<D>;
}

/// A rank-3 copy partition whose runs are `W` consecutive elements.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CopyOperand<W>: MatrixBatch {
    /// The first stride, whose runs the copy checks ([`RunShow`]).
    type FirstStride;
    /// Whether the runs are consecutive.
    fn unit_runs(&self) -> bool;
}
impl<W, E, S, D0, DR> CopyOperand<W> for Tensor<E, Layout<S, HCons<D0, DR>>>
where
    Self: MatrixBatch,
    D0: UnitRun<W>,
{
    type FirstStride = D0;
    #[inline(always)]
    fn unit_runs(&self) -> bool {
        self.layout().stride().head.unit()
    }
}

impl<A: CopyAtom, T, V> TiledCopy<A, T, V> {
    /// CuTe `copy(tiled_copy, src, dst)`: a thread's partition moved, `W`
    /// elements per atom move. The partitions' shapes must agree (a static
    /// mismatch does not compile, a dynamic one panics), and so must their
    /// first mode and the atom's width; a static first stride other than 1
    /// (the atom wider than a consecutive run) does not compile.
    #[inline(always)]
    pub fn copy<S, D>(&self, src: &S, dst: &mut D)
    where
        S: CopyOperand<A::Width, Elem = A::Elem>,
        D: CopyOperand<A::Width, Elem = A::Elem> + GemmOperandMut,
        S::FirstStride: RunShow<A::Width>,
        RunShown<S::FirstStride, A::Width>:
            AssertContiguousRun<op::TiledCopyOp, RunStride<S::FirstStride, A::Width>>,
        D::FirstStride: RunShow<A::Width>,
        RunShown<D::FirstStride, A::Width>:
            AssertContiguousRun<op::TiledCopyOp, RunStride<D::FirstStride, A::Width>>,
        S::Rows: SizeShow<A::Width>,
        ShownSize<S::Rows, A::Width>:
            AssertSameSize<op::TiledCopyOp, WantedSize<S::Rows, A::Width>>,
        D::Rows: SizeShow<A::Width>,
        ShownSize<D::Rows, A::Width>:
            AssertSameSize<op::TiledCopyOp, WantedSize<D::Rows, A::Width>>,
        S::Cols: SizeShow<D::Cols>,
        ShownSize<S::Cols, D::Cols>: AssertSameSize<op::TiledCopyOp, WantedSize<S::Cols, D::Cols>>,
        S::Batches: SizeShow<D::Batches>,
        ShownSize<S::Batches, D::Batches>:
            AssertSameSize<op::TiledCopyOp, WantedSize<S::Batches, D::Batches>>,
    {
        let w = A::WIDTH;
        let (m, n) = (src.mode_size(1), src.mode_size(2));
        for (what, x, y) in [
            ("the runs of the source", src.mode_size(0), w),
            ("the runs of the destination", dst.mode_size(0), w),
            ("mode 1 of the destination", dst.mode_size(1), m),
            ("mode 2 of the destination", dst.mode_size(2), n),
        ] {
            if x != y {
                panic!("copy: sizes must match: {what} are {x} where {y} are required");
            }
        }
        let fast = src.unit_runs() && dst.unit_runs();
        let (ps, pd) = (src.as_ptr(), dst.as_mut_ptr());
        for j in 0..n {
            for i in 0..m {
                let os = (src.mode_offset(1, i) + src.mode_offset(2, j)) as isize;
                let od = (dst.mode_offset(1, i) + dst.mode_offset(2, j)) as isize;
                // SAFETY: offsets of coordinates inside the partitions, which
                // were checked when their tensors were made; `dst` is borrowed
                // mutably, `src` shared.
                unsafe {
                    match fast {
                        true => self
                            .atom
                            .copy(ps.wrapping_offset(os), pd.wrapping_offset(od)),
                        false => {
                            for v in 0..w {
                                *pd.wrapping_offset(od + dst.mode_offset(0, v) as isize) =
                                    *ps.wrapping_offset(os + src.mode_offset(0, v) as isize);
                            }
                        }
                    }
                }
            }
        }
    }
}
