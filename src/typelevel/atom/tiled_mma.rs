//! Tiled MMA: CuTe's `TiledMMA` for a CPU, an MMA atom tiled over threads
//! (cores) and values (a thread's atoms), with its partitions ([`TiledMma`]).

use super::mma::MmaAtom;
use super::scalar::GemmScalar;
use super::tiling::{CoordPair, FirstUnfit, Repeats};
use crate::typelevel::check::rules::{
    op, Admissible, AssertGemmExtent, AssertTilesDivide, Shown, ShownOf,
};
use crate::typelevel::tensor::helpers::{
    CosizeOf, EarlierMismatch, FragLen, MismatchParts, ShownSize, SizeShow, StaticLen, ThreadCoord,
    Walk, WantedSize,
};
use crate::typelevel::tensor::{
    make_fragment, Bijection, Engine, Fragment, GemmOperandMut, MatrixBatch, Tensor,
};
use crate::typelevel::tuple::{pair, Pair};
use crate::typelevel::{
    Cosize, IntLeaf, IntMul, IntMulOut, IntTuple, Layout, StaticInt, StaticTuple,
};
use core::marker::PhantomData;
use core::ops::Mul;
use frunk_core::hlist::{HCons, HNil};
use generic_array::ArrayLength;
use typenum::{Prod, P1};

/// CuTe's `TiledMMA`: atom `A`, thread layout `T` `(TM,TN)`, values `V`
/// `(VM,VN)`. Made by [`make_tiled_mma`].
///
/// `make_tiled_mma(atom, threads, values)`: the thread layout `(TM,TN)` maps a
/// thread's coordinate to its index (it must cover its threads exactly once:
/// a compile error otherwise), `values` `(VM,VN)` is the number of atoms a
/// thread owns in M and N: its block of `C` is `(VM·MR) × (VN·NR)`, and the
/// tiled MMA's tile is `(TileM, TileN) = (TM·VM·MR, TN·VN·NR)`. A tile of `C`
/// that is `RM` such tiles high and `RN` wide gives thread `(tm, tn)` the
/// blocks `(tm + TM·r, tn + TN·s)`. A thread's slice ([`TiledMma::get_slice`],
/// CuTe's `ThrMMA`) partitions tiles as CuTe's `partition_A/B/C` do, by mode:
///
/// | | shape | offset of the thread |
/// |---|---|---|
/// | [`partition_C`](ThrMma::partition_C) of `(BM,BN):(dm,dn)` | `((MR,NR),(VM,RM),(VN,RN)):((dm,dn),(MR·dm,TileM·dm),(NR·dn,TileN·dn))` | `tm·VM·MR·dm + tn·VN·NR·dn` |
/// | [`partition_A`](ThrMma::partition_A) of `(BM,BK):(dm,dk)` | `(MR,(VM,RM),BK):(dm,(MR·dm,TileM·dm),dk)` | `tm·VM·MR·dm` |
/// | [`partition_B`](ThrMma::partition_B) of `(BN,BK):(dn,dk)` | `(NR,(VN,RN),BK):(dn,(NR·dn,TileN·dn),dk)` | `tn·VN·NR·dn` |
///
/// `BM`, `BN` must be multiples of `TileM`, `TileN` (a compile error naming
/// both otherwise). The strides are the tile's scaled by static factors (a
/// `Dyn` stride stays `Dyn`): a partition costs no instruction beyond its
/// offset. The fragments ([`partition_fragment_A`](ThrMma::partition_fragment_A),
/// ...) are registers of the same shapes: `C`'s compact, each `(MR,NR)` tile
/// column-major, `A`'s and `B`'s the atom's packed panels (CuTe's
/// `make_ordered_layout` with `K` inside the panels:
/// `(MR,(VM,RM),BK):(1,(MR·BK,MR·BK·VM),MR)`). [`TiledMma::gemm`] (CuTe's
/// `gemm(mma, A, B, C)`) runs the atom on each of a thread's tiles over the
/// whole `K` mode.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // 2 threads over M, each 2 x 1 atoms of the portable 8 x 4 atom: tile 32 x 4.
/// let mma = make_tiled_mma(MmaPortable::<i32>::new(), layout!((2, 1)), layout!((2, 1)));
/// let a: Vec<i32> = (0..32 * 3).collect(); // A (32,3), column-major
/// let b: Vec<i32> = (0..4 * 3).collect();  // B (4,3)
/// let mut c = vec![0; 32 * 4];
/// let ta = make_tensor(&a[..], layout!((32, 3))).unwrap();
/// let tb = make_tensor(&b[..], layout!((4, 3))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((32, 4))).unwrap();
/// for t in 0..2 {
///     let thr = mma.get_slice(t);
///     let mut fc = thr.partition_C(tc.view_mut());
///     assert_eq!(fc.layout().to_string(), "((8,4),(2,1),(1,1)):((1,32),(8,32),(128,128))");
///     mma.gemm(&thr.partition_A(ta), &thr.partition_B(tb), &mut fc);
/// }
/// // C(17, 2) = Σₖ A(17,k)·B(2,k)
/// assert_eq!(c[17 + 32 * 2], (0..3).map(|k| (17 + 32 * k) * (2 + 4 * k)).sum::<i32>());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TiledMma<A, T, V> {
    atom: A,
    threads: T,
    values: PhantomData<V>,
}

/// One thread's slice of a tiled MMA (CuTe's `ThrMMA`): its coordinate
/// `(tm, tn)` in the thread layout. Made by [`TiledMma::get_slice`].
#[derive(Clone, Copy, Debug)]
pub struct ThrMma<'a, A, T, V> {
    mma: PhantomData<&'a TiledMma<A, T, V>>,
    tm: i64,
    tn: i64,
}

/// CuTe `make_tiled_mma(atom, threads, values)`: `threads` `(TM,TN)` maps a
/// thread's coordinate to its index and must cover `[0, TM·TN)` exactly once
/// (else a compile error); `values` `(VM,VN)` are the atoms per thread (its
/// shape is what counts).
///
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// // Two coordinates of the thread layout meet at thread 1: no bijection.
/// let _ = make_tiled_mma(MmaPortable::<f32>::new(), layout!((2, 2):(1, 1)), layout!((1, 1)));
/// ```
#[allow(clippy::type_complexity)]
pub fn make_tiled_mma<A, TM, TN, TD, VM, VN, VD>(
    atom: A,
    threads: Layout<Pair<TM, TN>, TD>,
    values: Layout<Pair<VM, VN>, VD>,
) -> TiledMma<A, Layout<Pair<TM, TN>, TD>, Pair<VM, VN>>
where
    A: MmaAtom,
    Layout<Pair<TM, TN>, TD>: Bijection,
    <Layout<Pair<TM, TN>, TD> as Bijection>::Verdict: Shown<Layout<Pair<TM, TN>, TD>, ()>,
    ShownOf<<Layout<Pair<TM, TN>, TD> as Bijection>::Verdict, Layout<Pair<TM, TN>, TD>, ()>:
        Admissible<op::TiledMmaOp>,
    VM: StaticInt,
    VN: StaticInt,
{
    let _ = values;
    TiledMma {
        atom,
        threads,
        values: PhantomData,
    }
}

/// The sizes of a tiled MMA, as types.
pub trait MmaTiling {
    /// The atom.
    type Atom: MmaAtom;
    /// `VM`: atoms per thread along M.
    type Vm: StaticInt;
    /// `VN`: atoms per thread along N.
    type Vn: StaticInt;
    /// `VM·MR`: the rows of a thread's block of `C`.
    type BlockM: StaticInt;
    /// `VN·NR`: its columns.
    type BlockN: StaticInt;
    /// `TM·VM·MR`: the rows of the tiled MMA's tile.
    type TileM: StaticInt;
    /// `TN·VN·NR`: its columns.
    type TileN: StaticInt;
}

impl<A, TM, TN, TD, VM, VN> MmaTiling for TiledMma<A, Layout<Pair<TM, TN>, TD>, Pair<VM, VN>>
where
    A: MmaAtom,
    VM: StaticInt + Mul<A::Mr>,
    VN: StaticInt + Mul<A::Nr>,
    Prod<VM, A::Mr>: StaticInt,
    Prod<VN, A::Nr>: StaticInt,
    TM: Mul<Prod<VM, A::Mr>>,
    TN: Mul<Prod<VN, A::Nr>>,
    Prod<TM, Prod<VM, A::Mr>>: StaticInt,
    Prod<TN, Prod<VN, A::Nr>>: StaticInt,
{
    type Atom = A;
    type Vm = VM;
    type Vn = VN;
    type BlockM = Prod<VM, A::Mr>;
    type BlockN = Prod<VN, A::Nr>;
    type TileM = Prod<TM, Prod<VM, A::Mr>>;
    type TileN = Prod<TN, Prod<VN, A::Nr>>;
}

impl<A: MmaAtom, TS: ThreadCoord<TD> + IntTuple, TD, V> TiledMma<A, Layout<TS, TD>, V>
where
    TS::Coord: CoordPair,
{
    /// Thread `t`'s slice (CuTe `get_slice`); panics if `t` is not a thread
    /// of the thread layout.
    pub fn get_slice(&self, t: usize) -> ThrMma<'_, A, Layout<TS, TD>, V> {
        let n = self.threads.shape().size().value();
        if t as u64 >= n as u64 {
            panic!("get_slice: thread {t} of a tiled MMA of {n} threads");
        }
        let c = self
            .threads
            .shape()
            .thread_coord(self.threads.stride(), t as i64);
        let (tm, tn) = c.pair();
        let _ = self;
        ThrMma {
            mma: PhantomData,
            tm,
            tn,
        }
    }
}

/// Marks the operand a partition is of.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub struct RoleA;
/// See [`RoleA`].
#[doc(hidden)]
pub struct RoleB;

/// The partition of a rank-2 tile by a tiled MMA `M` as operand `Role`:
/// its layout and the fragment's.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait MmaPart<M, Role> {
    /// The thread's partition.
    type Part;
    /// The fragment's layout (static).
    type Frag;
    /// `SizesAgree` where the tiled MMA's tile divides this tile, else the
    /// first extent it does not divide (readable).
    type Shown;
    /// `()`, or the tiled MMA's tile extent (readable).
    type Wanted;
    /// The partition's layout and the thread's offset, for thread `(tm, tn)`.
    fn part(&self, tm: i64, tn: i64) -> (Self::Part, i64);
}

/// `(R,(V,Rep),BK):(d,(R·d,Tile·d),dk)` of a tile `(B,BK):(d,dk)`: the
/// partition of A or B.
type OpPart<R, V, Rep, BK, D, Tile, DK> = Layout<
    HCons<R, HCons<Pair<V, Rep>, HCons<BK, HNil>>>,
    HCons<D, HCons<Pair<IntMulOut<D, R>, IntMulOut<D, Tile>>, HCons<DK, HNil>>>,
>;
/// Its packed fragment: `K` inside each panel.
type OpFrag<R, V, Rep, BK> = Layout<
    HCons<R, HCons<Pair<V, Rep>, HCons<BK, HNil>>>,
    HCons<P1, HCons<Pair<Prod<R, BK>, Prod<Prod<R, BK>, V>>, HCons<R, HNil>>>,
>;

macro_rules! operand_part {
    ($Role:ident, $R:ident, $V:ident, $Tile:ident, $Block:ident, $t:literal) => {
        impl<M, B, BK, D, DK> MmaPart<M, $Role> for Layout<Pair<B, BK>, Pair<D, DK>>
        where
            M: MmaTiling,
            B: Repeats<M::$Tile>,
            BK: StaticInt + Mul<<M::Atom as MmaAtom>::$R>,
            <M::Atom as MmaAtom>::$R: Mul<BK>,
            Prod<<M::Atom as MmaAtom>::$R, BK>: Mul<M::$V>,
            D: IntLeaf + IntMul<<M::Atom as MmaAtom>::$R> + IntMul<M::$Tile>,
            DK: IntLeaf,
            HCons<
                <M::Atom as MmaAtom>::$R,
                HCons<Pair<M::$V, <B as Repeats<M::$Tile>>::Output>, HCons<BK, HNil>>,
            >: StaticTuple,
        {
            type Part = OpPart<
                <M::Atom as MmaAtom>::$R,
                M::$V,
                <B as Repeats<M::$Tile>>::Output,
                BK,
                D,
                M::$Tile,
                DK,
            >;
            type Frag =
                OpFrag<<M::Atom as MmaAtom>::$R, M::$V, <B as Repeats<M::$Tile>>::Output, BK>;
            type Shown = <B as Repeats<M::$Tile>>::Shown;
            type Wanted = <B as Repeats<M::$Tile>>::Wanted;
            #[inline(always)]
            fn part(&self, tm: i64, tn: i64) -> (Self::Part, i64) {
                let t = [tm, tn][$t];
                let (d, dk) = (self.stride.head, self.stride.tail.head);
                let r = <<M::Atom as MmaAtom>::$R as StaticInt>::VALUE;
                let stride = HCons {
                    head: d,
                    tail: HCons {
                        head: HCons {
                            head: d.int_mul(r),
                            tail: HCons {
                                head: d.int_mul(M::$Tile::VALUE),
                                tail: HNil,
                            },
                        },
                        tail: HCons {
                            head: dk,
                            tail: HNil,
                        },
                    },
                };
                let o = M::$Block::VALUE.value() * d.value() * t;
                (
                    Layout {
                        shape: StaticTuple::VALUE,
                        stride,
                    },
                    o,
                )
            }
        }
    };
}
operand_part!(RoleA, Mr, Vm, TileM, BlockM, 0);
operand_part!(RoleB, Nr, Vn, TileN, BlockN, 1);

/// The partition of C: `((MR,NR),(VM,RM),(VN,RN)):((dm,dn),(MR·dm,TileM·dm),(NR·dn,TileN·dn))`.
type CShape<M, RM, RN> = HCons<
    Pair<<<M as MmaTiling>::Atom as MmaAtom>::Mr, <<M as MmaTiling>::Atom as MmaAtom>::Nr>,
    HCons<Pair<<M as MmaTiling>::Vm, RM>, HCons<Pair<<M as MmaTiling>::Vn, RN>, HNil>>,
>;
type CPart<M, RM, RN, DM, DN> = Layout<
    CShape<M, RM, RN>,
    HCons<
        Pair<DM, DN>,
        HCons<
            Pair<
                IntMulOut<DM, <<M as MmaTiling>::Atom as MmaAtom>::Mr>,
                IntMulOut<DM, <M as MmaTiling>::TileM>,
            >,
            HCons<
                Pair<
                    IntMulOut<DN, <<M as MmaTiling>::Atom as MmaAtom>::Nr>,
                    IntMulOut<DN, <M as MmaTiling>::TileN>,
                >,
                HNil,
            >,
        >,
    >,
>;
/// C's fragment: each `(MR,NR)` tile column-major, then the tiles.
type CFrag<M, RM, RN> = Layout<
    CShape<M, RM, RN>,
    HCons<
        Pair<P1, <<M as MmaTiling>::Atom as MmaAtom>::Mr>,
        HCons<
            Pair<MrNr<M>, Prod<MrNr<M>, <M as MmaTiling>::Vm>>,
            HCons<Pair<MrNrM<M, RM>, Prod<MrNrM<M, RM>, <M as MmaTiling>::Vn>>, HNil>,
        >,
    >,
>;
/// `MR·NR`.
type MrNr<M> =
    Prod<<<M as MmaTiling>::Atom as MmaAtom>::Mr, <<M as MmaTiling>::Atom as MmaAtom>::Nr>;
/// `MR·NR·VM·RM`: one column of tiles.
type MrNrM<M, RM> = Prod<Prod<MrNr<M>, <M as MmaTiling>::Vm>, RM>;

/// Marks C.
#[doc(hidden)]
pub struct RoleC;

impl<M, BM, BN, DM, DN> MmaPart<M, RoleC> for Layout<Pair<BM, BN>, Pair<DM, DN>>
where
    M: MmaTiling,
    BM: Repeats<M::TileM>,
    BN: Repeats<M::TileN>,
    DM: IntLeaf + IntMul<<M::Atom as MmaAtom>::Mr> + IntMul<M::TileM>,
    DN: IntLeaf + IntMul<<M::Atom as MmaAtom>::Nr> + IntMul<M::TileN>,
    CShape<M, <BM as Repeats<M::TileM>>::Output, <BN as Repeats<M::TileN>>::Output>: StaticTuple,
    <M::Atom as MmaAtom>::Mr: Mul<<M::Atom as MmaAtom>::Nr>,
    MrNr<M>: Mul<M::Vm>,
    Prod<MrNr<M>, M::Vm>: Mul<<BM as Repeats<M::TileM>>::Output>,
    MrNrM<M, <BM as Repeats<M::TileM>>::Output>: Mul<M::Vn>,
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
        CPart<M, <BM as Repeats<M::TileM>>::Output, <BN as Repeats<M::TileN>>::Output, DM, DN>;
    type Frag = CFrag<M, <BM as Repeats<M::TileM>>::Output, <BN as Repeats<M::TileN>>::Output>;
    type Shown = <FirstUnfit<BM, M::TileM, BN, M::TileN> as MismatchParts>::Shown;
    type Wanted = <FirstUnfit<BM, M::TileM, BN, M::TileN> as MismatchParts>::Wanted;
    #[inline(always)]
    fn part(&self, tm: i64, tn: i64) -> (Self::Part, i64) {
        let (dm, dn) = (self.stride.head, self.stride.tail.head);
        let mr = <<M::Atom as MmaAtom>::Mr as StaticInt>::VALUE;
        let nr = <<M::Atom as MmaAtom>::Nr as StaticInt>::VALUE;
        let stride = HCons {
            head: pair(dm, dn),
            tail: HCons {
                head: pair(dm.int_mul(mr), dm.int_mul(M::TileM::VALUE)),
                tail: HCons {
                    head: pair(dn.int_mul(nr), dn.int_mul(M::TileN::VALUE)),
                    tail: HNil,
                },
            },
        };
        let o =
            M::BlockM::VALUE.value() * dm.value() * tm + M::BlockN::VALUE.value() * dn.value() * tn;
        (
            Layout {
                shape: StaticTuple::VALUE,
                stride,
            },
            o,
        )
    }
}

/// A static layout that a register fragment can hold.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait FragmentLayout<X>: Sized {
    /// The fragment.
    type Out;
    /// A fragment of this layout (zeros: `X::default()`).
    fn fragment() -> Self::Out;
}
impl<X: Default, S: StaticTuple + Walk<D>, D: StaticTuple> FragmentLayout<X> for Layout<S, D>
where
    Layout<S, D>: Cosize,
    CosizeOf<Layout<S, D>>: StaticLen,
    FragLen<Layout<S, D>>: ArrayLength,
{
    type Out = Fragment<X, Layout<S, D>>;
    #[inline(always)]
    fn fragment() -> Self::Out {
        make_fragment(Layout {
            shape: S::VALUE,
            stride: D::VALUE,
        })
    }
}

/// The partition of `Tensor<E, L>` as `Role`.
type MmaPartOf<E, L, M, Role> = Tensor<E, <L as MmaPart<M, Role>>::Part>;
/// The fragment of `L` as `Role`.
type FragOf<X, L, M, Role> = <<L as MmaPart<M, Role>>::Frag as FragmentLayout<X>>::Out;

// CuTe's names: `partition_A`, `partition_fragment_C`, ...
#[allow(non_snake_case)]
impl<'a, A: MmaAtom, T, V> ThrMma<'a, A, T, V>
where
    TiledMma<A, T, V>: MmaTiling<Atom = A>,
{
    /// The partition of `x` as `Role`.
    #[inline(always)]
    fn partition<E: Engine, L: MmaPart<TiledMma<A, T, V>, Role>, Role>(
        &self,
        x: Tensor<E, L>,
    ) -> MmaPartOf<E, L, TiledMma<A, T, V>, Role> {
        let (l, o) = x.layout().part(self.tm, self.tn);
        let (engine, _, origin) = x.into_parts();
        // A sub-tensor: the thread's coordinates are among the tile's, so
        // are their offsets.
        Tensor::from_parts(engine, l, (origin as i64 + o) as usize)
    }

    /// CuTe `partition_C(c)`: this thread's tiles of `c` `(BM,BN)`, as
    /// `((MR,NR),(VM,RM),(VN,RN))` (see [`TiledMma`]).
    #[inline(always)]
    pub fn partition_C<E: Engine, L: MmaPart<TiledMma<A, T, V>, RoleC>>(
        &self,
        c: Tensor<E, L>,
    ) -> MmaPartOf<E, L, TiledMma<A, T, V>, RoleC>
    where
        L::Shown: AssertTilesDivide<op::TiledMmaOp, L::Wanted>,
    {
        self.partition(c)
    }
    /// CuTe `partition_A(a)`: this thread's rows of `a` `(BM,BK)`, as `(MR,(VM,RM),BK)`.
    #[inline(always)]
    pub fn partition_A<E: Engine, L: MmaPart<TiledMma<A, T, V>, RoleA>>(
        &self,
        a: Tensor<E, L>,
    ) -> MmaPartOf<E, L, TiledMma<A, T, V>, RoleA>
    where
        L::Shown: AssertTilesDivide<op::TiledMmaOp, L::Wanted>,
    {
        self.partition(a)
    }
    /// CuTe `partition_B(b)`: this thread's rows of `b` `(BN,BK)`, as `(NR,(VN,RN),BK)`.
    #[inline(always)]
    pub fn partition_B<E: Engine, L: MmaPart<TiledMma<A, T, V>, RoleB>>(
        &self,
        b: Tensor<E, L>,
    ) -> MmaPartOf<E, L, TiledMma<A, T, V>, RoleB>
    where
        L::Shown: AssertTilesDivide<op::TiledMmaOp, L::Wanted>,
    {
        self.partition(b)
    }
    /// CuTe `partition_fragment_C(c)`: registers of [`partition_C`](ThrMma::partition_C)'s
    /// shape, each `(MR,NR)` tile column-major (zeros).
    #[inline(always)]
    pub fn partition_fragment_C<X, E, L>(
        &self,
        c: &Tensor<E, L>,
    ) -> FragOf<X, L, TiledMma<A, T, V>, RoleC>
    where
        L: MmaPart<TiledMma<A, T, V>, RoleC>,
        L::Frag: FragmentLayout<X>,
        L::Shown: AssertTilesDivide<op::TiledMmaOp, L::Wanted>,
    {
        let _ = c;
        L::Frag::fragment()
    }
    /// CuTe `partition_fragment_A(a)`: registers of [`partition_A`](ThrMma::partition_A)'s
    /// shape, the atom's packed panels `(1,(MR·BK,MR·BK·VM),MR)` (zeros).
    #[inline(always)]
    pub fn partition_fragment_A<X, E, L>(
        &self,
        a: &Tensor<E, L>,
    ) -> FragOf<X, L, TiledMma<A, T, V>, RoleA>
    where
        L: MmaPart<TiledMma<A, T, V>, RoleA>,
        L::Frag: FragmentLayout<X>,
        L::Shown: AssertTilesDivide<op::TiledMmaOp, L::Wanted>,
    {
        let _ = a;
        L::Frag::fragment()
    }
    /// CuTe `partition_fragment_B(b)`: registers of [`partition_B`](ThrMma::partition_B)'s
    /// shape, packed panels (zeros).
    #[inline(always)]
    pub fn partition_fragment_B<X, E, L>(
        &self,
        b: &Tensor<E, L>,
    ) -> FragOf<X, L, TiledMma<A, T, V>, RoleB>
    where
        L: MmaPart<TiledMma<A, T, V>, RoleB>,
        L::Frag: FragmentLayout<X>,
        L::Shown: AssertTilesDivide<op::TiledMmaOp, L::Wanted>,
    {
        let _ = b;
        L::Frag::fragment()
    }
}

impl<A: MmaAtom, T, V> TiledMma<A, T, V> {
    /// CuTe `gemm(mma, A, B, C)`: `C(i,j,vm,vn) += Σₖ A(i,vm,k)·B(j,vn,k)` on a
    /// thread's partitions or fragments: `A` `(MR,M,K)`, `B` `(NR,N,K)`, `C`
    /// `((MR,NR),M,N)`, one atom call per `(vm, vn)` over all of `K`. Static
    /// sizes that disagree do not compile; dynamic ones panic. Operands
    /// whose rows are not consecutive (or whose `K` mode is not one leaf)
    /// take plain loops.
    pub fn gemm<FA, FB, FC>(&self, a: &FA, b: &FB, c: &mut FC)
    where
        FA: MatrixBatch<Elem = A::Elem>,
        FB: MatrixBatch<Elem = A::Elem>,
        FC: MatrixBatch<Elem = A::Elem> + GemmOperandMut,
        FA::Rows: SizeShow<A::Mr>,
        ShownSize<FA::Rows, A::Mr>: AssertGemmExtent<op::GemmOp, WantedSize<FA::Rows, A::Mr>>,
        FB::Rows: SizeShow<A::Nr>,
        ShownSize<FB::Rows, A::Nr>: AssertGemmExtent<op::GemmOp, WantedSize<FB::Rows, A::Nr>>,
        FA::Cols: SizeShow<FC::Cols>,
        ShownSize<FA::Cols, FC::Cols>: AssertGemmExtent<op::GemmOp, WantedSize<FA::Cols, FC::Cols>>,
        FB::Cols: SizeShow<FC::Batches>,
        ShownSize<FB::Cols, FC::Batches>:
            AssertGemmExtent<op::GemmOp, WantedSize<FB::Cols, FC::Batches>>,
        FB::Batches: SizeShow<FA::Batches>,
        ShownSize<FB::Batches, FA::Batches>:
            AssertGemmExtent<op::GemmOp, WantedSize<FB::Batches, FA::Batches>>,
    {
        let (mr, nr) = (A::MR, A::NR);
        let (m, n, k) = (a.mode_size(1), b.mode_size(1), a.mode_size(2));
        for (what, x, y) in [
            ("the rows of A's values", a.mode_size(0), mr),
            ("the rows of B's values", b.mode_size(0), nr),
            ("C's values", c.mode_size(0), mr * nr),
            ("M (C's mode 1)", c.mode_size(1), m),
            ("N (C's mode 2)", c.mode_size(2), n),
            ("K (B's mode 2)", b.mode_size(2), k),
        ] {
            if x != y {
                panic!("gemm: sizes must match: {what} are {x} where the tiled MMA has {y}");
            }
        }
        let (pa, pb, pc) = (a.as_ptr(), b.as_ptr(), c.as_mut_ptr());
        let (va, vb) = (
            |i| a.mode_offset(0, i) as isize,
            |j| b.mode_offset(0, j) as isize,
        );
        let vc = |x| c.mode_offset(0, x) as isize;
        let (ak, bk) = (a.mode_stride(2), b.mode_stride(2));
        let bj = if nr > 1 { vb(1) } else { 1 };
        let ldc = if nr > 1 { vc(mr) } else { mr as isize };
        let rows = (0..mr).all(|i| va(i) == i as isize)
            && (0..mr * nr).all(|x| vc(x) == (x % mr) as isize + ldc * (x / mr) as isize)
            && (0..nr).all(|j| vb(j) == bj * j as isize);
        let one = A::Elem::ONE;
        for vn in 0..n {
            for vm in 0..m {
                let (oa, ob) = (a.mode_offset(1, vm) as isize, b.mode_offset(1, vn) as isize);
                let oc = (c.mode_offset(1, vm) + c.mode_offset(2, vn)) as isize;
                // SAFETY: the partitions' elements were checked when their
                // tensors were made; C is borrowed mutably, A and B shared.
                unsafe {
                    match (rows, ak, bk) {
                        (true, Some(ak), Some(bk)) => self.atom.mma(
                            k,
                            (pa.wrapping_offset(oa), ak as isize),
                            (pb.wrapping_offset(ob), bj, bk as isize),
                            (pc.wrapping_offset(oc), ldc),
                            one,
                            one,
                        ),
                        _ => {
                            for (p, j, i) in (0..k).flat_map(|p| {
                                (0..nr).flat_map(move |j| (0..mr).map(move |i| (p, j, i)))
                            }) {
                                let x =
                                    *pa.wrapping_offset(oa + va(i) + a.mode_offset(2, p) as isize);
                                let y =
                                    *pb.wrapping_offset(ob + vb(j) + b.mode_offset(2, p) as isize);
                                let z = pc.wrapping_offset(oc + vc(i + mr * j));
                                *z = x.mul_add(y, *z);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The atom.
    pub fn atom(&self) -> &A {
        &self.atom
    }
}
