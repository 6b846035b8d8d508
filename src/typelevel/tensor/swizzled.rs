//! Tensors over swizzled layouts, `Sw ∘ offset ∘ L` (CuTe's
//! `ComposedLayout`): the shared-memory tiles of GPU kernels. The element at
//! `c` is `engine[origin + Sw(offset + L(c))]`.
//!
//! A swizzle flips bits of its target field only, so `Sw(x)` stays in the
//! aligned block of `2^(t+1)` offsets that holds `x`, `t` the highest target
//! bit; the offsets a swizzled layout reaches are those of `offset + L`
//! widened to whole blocks, and `make_tensor` checks that the engine covers
//! them (for the usual tiles, whose size is a multiple of the block, nothing
//! is added). Indexing, `copy` and `fill` then need no further check.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let gmem: Vec<f32> = (0..512).map(|x| x as f32).collect();
//! let src = make_tensor(&gmem[..], layout!((8,64):(64,1))).unwrap();
//! let mut smem = [0.0f32; 512];
//! let sw = composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1)));
//! let mut dst = make_tensor(&mut smem[..], sw).unwrap();
//! copy(&src, &mut dst);
//! assert_eq!(dst[(2usize, 17usize)], 2.0 * 64.0 + 17.0);      // logical view
//! assert_eq!(smem[sw.call((2usize, 17usize)) as usize], 145.0); // where it lives
//! assert_ne!(sw.call((2usize, 17usize)), 145);
//! ```

use super::access::{out_of_bounds, ReadTensor, WriteTensor};
use super::engine::{Engine, Load, Storage, StorageMut};
use super::partition::{DivideOf, HasShape, TileAt, ZipHalves};
use super::walk::{Reach, Walk};
use super::Tensor;
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::check::{
    AssertCoordInBounds, AssertCoordRank, BoundsCoord, BoundsShape, CoordEval, InBounds,
    InBoundsOut, RankShown, ShowBounds,
};
use crate::typelevel::eval::IntoCoord;
use crate::typelevel::{
    make_composed_layout, ComposedLayout, Dyn, IntLeaf, IntTuple, Layout, SliceAndOffset, SliceOut,
    Swizzle,
};
use core::ops::{Index, IndexMut};

/// A swizzled layout `Sw<B,M,S> ∘ O ∘ Layout<SH, D>`.
type Swizzled<const B: u32, const M: u32, const S: i32, O, SH, D> =
    ComposedLayout<Swizzle<B, M, S>, O, Layout<SH, D>>;

impl<const B: u32, const M: u32, const S: i32, O: IntLeaf, SH, D> Reach
    for Swizzled<B, M, S, O, SH, D>
where
    Layout<SH, D>: Reach,
{
    #[inline(always)]
    fn reach(&self) -> Option<(i128, i128)> {
        let (low, high) = self.inner().reach()?;
        let o = self.offset().value() as i128;
        let t = self.outer().target_mask();
        // Bits below the target field's top stay in their aligned block.
        let block = if t == 0 {
            1
        } else {
            1i128 << (64 - t.leading_zeros())
        };
        let (low, high) = (low + o, high + o);
        Some((
            low.div_euclid(block) * block,
            (high.div_euclid(block) + 1) * block - 1,
        ))
    }
}

impl<E, const B: u32, const M: u32, const S: i32, O: IntLeaf, SH: IntTuple, D>
    Tensor<E, Swizzled<B, M, S, O, SH, D>>
{
    /// The engine position of coordinate `c`, or the runtime layer's error.
    #[inline(always)]
    fn swizzled_position<C: IntoCoord>(&self, c: C) -> Result<usize, crate::runtime::LayoutError>
    where
        Layout<SH, D>: CoordEval<C>,
        RankShown<Layout<SH, D>, C>: AssertCoordRank<C>,
    {
        let l = self.layout();
        let x = l.inner().try_eval(c)?.wrapping_add(l.offset().value());
        Ok(self.origin().wrapping_add(l.outer().apply(x) as usize))
    }
}

impl<E: Storage, const B: u32, const M: u32, const S: i32, O: IntLeaf, SH: IntTuple, D, C> Index<C>
    for Tensor<E, Swizzled<B, M, S, O, SH, D>>
where
    C: IntoCoord,
    Layout<SH, D>: CoordEval<C>,
    RankShown<Layout<SH, D>, C>: AssertCoordRank<C>,
    C::Coord: InBounds<SH>,
    InBoundsOut<C, SH>: ShowBounds<C::Coord, SH>,
    BoundsCoord<C, SH>: AssertCoordInBounds<BoundsShape<C, SH>>,
{
    type Output = E::Elem;
    #[inline(always)]
    fn index(&self, c: C) -> &E::Elem {
        let p = self
            .swizzled_position(c)
            .unwrap_or_else(|e| out_of_bounds(e));
        // SAFETY: `c` is inside the shape, so `p` lies in the checked reach.
        unsafe { self.engine().data().get_unchecked(p) }
    }
}

impl<E: StorageMut, const B: u32, const M: u32, const S: i32, O: IntLeaf, SH: IntTuple, D, C>
    IndexMut<C> for Tensor<E, Swizzled<B, M, S, O, SH, D>>
where
    C: IntoCoord,
    Layout<SH, D>: CoordEval<C>,
    RankShown<Layout<SH, D>, C>: AssertCoordRank<C>,
    C::Coord: InBounds<SH>,
    InBoundsOut<C, SH>: ShowBounds<C::Coord, SH>,
    BoundsCoord<C, SH>: AssertCoordInBounds<BoundsShape<C, SH>>,
{
    #[inline(always)]
    fn index_mut(&mut self, c: C) -> &mut E::Elem {
        let p = self
            .swizzled_position(c)
            .unwrap_or_else(|e| out_of_bounds(e));
        // SAFETY: as in `index`.
        unsafe { self.data_mut().get_unchecked_mut(p) }
    }
}

impl<E: Load, const B: u32, const M: u32, const S: i32, O: IntLeaf, SH, D> ReadTensor
    for Tensor<E, Swizzled<B, M, S, O, SH, D>>
where
    SH: IntTuple + Walk<D>,
    Layout<SH, D>: CoordEval<usize>,
    RankShown<Layout<SH, D>, usize>: AssertCoordRank<usize>,
{
    type Elem = E::Value;
    type Size = SH::Size;
    const LEAVES: usize = SH::LEAVES;
    #[inline(always)]
    fn tensor_size(&self) -> SH::Size {
        self.layout().inner().shape().size()
    }
    #[inline(always)]
    fn read(&self, i: usize) -> E::Value {
        assert!(
            i < self.len(),
            "read: index {i} is outside a tensor of {} elements",
            self.len()
        );
        // SAFETY: checked.
        unsafe { self.read_unchecked(i) }
    }
    #[inline(always)]
    unsafe fn read_unchecked(&self, i: usize) -> E::Value {
        let l = self.layout();
        let x = l.inner().eval(i).wrapping_add(l.offset().value());
        // SAFETY: `i < len`, so the position lies in the checked reach.
        unsafe {
            self.engine()
                .load(self.origin().wrapping_add(l.outer().apply(x) as usize))
        }
    }
    #[inline(always)]
    fn for_each(&self, mut f: impl FnMut(usize, E::Value)) {
        let (l, mut i) = (self.layout(), 0);
        let (sw, o) = (*l.outer(), l.offset().value());
        l.inner()
            .shape()
            .for_each_offset(l.inner().stride(), o, &mut |x| {
                // SAFETY: `x` is reached by a coordinate inside the shape.
                f(i, unsafe {
                    self.engine()
                        .load(self.origin().wrapping_add(sw.apply(x) as usize))
                });
                i += 1;
            });
    }
}

impl<E, const B: u32, const M: u32, const S: i32, O: IntLeaf, SH, D> WriteTensor
    for Tensor<E, Swizzled<B, M, S, O, SH, D>>
where
    E: StorageMut + Load<Value = <E as Engine>::Elem>,
    SH: IntTuple + Walk<D>,
    D: Copy,
    Layout<SH, D>: CoordEval<usize>,
    RankShown<Layout<SH, D>, usize>: AssertCoordRank<usize>,
{
    #[inline(always)]
    fn write(&mut self, i: usize, v: E::Elem) {
        assert!(
            i < self.len(),
            "write: index {i} is outside a tensor of {} elements",
            self.len()
        );
        // SAFETY: checked.
        unsafe { self.write_unchecked(i, v) }
    }
    #[inline(always)]
    unsafe fn write_unchecked(&mut self, i: usize, v: E::Elem) {
        let l = *self.layout();
        let x = l.inner().eval(i).wrapping_add(l.offset().value());
        let p = self.origin().wrapping_add(l.outer().apply(x) as usize);
        // SAFETY: as in `read_unchecked`.
        unsafe { *self.data_mut().get_unchecked_mut(p) = v }
    }
    #[inline(always)]
    unsafe fn copy_from<R: ReadTensor<Elem = E::Elem>>(&mut self, src: &R) {
        let l = *self.layout();
        let (sw, o) = (*l.outer(), l.offset().value());
        let base = self.data_mut().as_mut_ptr().wrapping_add(self.origin());
        let (mut ss, mut sd) = ([0i64; 16], [0i64; 16]);
        if SH::LEAVES == R::LEAVES && SH::LEAVES <= 16 && src.flat_leaves(&mut ss, &mut sd) {
            let mut same = true;
            let mut k = 0;
            l.inner().shape().for_each_leaf(&mut |s| {
                same &= ss[k % 16] == s;
                k += 1;
            });
            if same {
                let (sh, st) = (l.inner().shape(), l.inner().stride());
                sh.for_each_offset2(st, &sd, 0, (o, 0), &mut |x, p| {
                    // SAFETY: `x` and `p` are reached by one coordinate inside the shape.
                    unsafe { *base.wrapping_offset(sw.apply(x) as isize) = src.read_offset(p) };
                });
                return;
            }
        }
        if SH::LEAVES > 1 && R::LEAVES == 1 {
            let mut i = 0;
            l.inner()
                .shape()
                .for_each_offset(l.inner().stride(), o, &mut |x| {
                    // SAFETY: `x` is reached by a coordinate inside the shape; `i < len`.
                    unsafe { *base.wrapping_offset(sw.apply(x) as isize) = src.read_unchecked(i) };
                    i += 1;
                });
        } else {
            src.for_each(|i, v| {
                let x = l.inner().eval(i).wrapping_add(o);
                // SAFETY: `i < src.len() = self.len()`.
                unsafe { *base.wrapping_offset(sw.apply(x) as isize) = v }
            });
        }
    }
}

// Tiles and partitions of a swizzled tensor: the divide `Sw o off o L'` is
// sliced inside the swizzle.

impl<A, O, L: HasShape> HasShape for ComposedLayout<A, O, L> {
    type Shape = L::Shape;
    #[inline(always)]
    fn shape_ref(&self) -> &L::Shape {
        self.inner().shape_ref()
    }
}

impl<A, O, L: ZipHalves> ZipHalves for ComposedLayout<A, O, L> {
    type First = L::First;
    type Second = L::Second;
}

/// A divide `R'` of the inner layout around the swizzle and this layout's offset.
impl<A: Copy, O: Copy, L, R: StaticValue> DivideOf<ComposedLayout<A, O, R>>
    for ComposedLayout<A, O, L>
{
    #[inline(always)]
    fn divide_of(&self) -> ComposedLayout<A, O, R> {
        make_composed_layout(*self.outer(), *self.offset(), R::VALUE)
    }
}

/// `(Sw o off o L)(k, _) = Sw o (off + o) o L'` for `L(k, _) = L' + o`; the
/// origin does not move (the offset is added before the swizzle).
impl<A: Copy, O: IntLeaf, L: SliceAndOffset<K>, K> TileAt<K> for ComposedLayout<A, O, L> {
    type Out = ComposedLayout<A, Dyn, SliceOut<L, K>>;
    #[inline(always)]
    fn tile_at(&self, k: K) -> (Self::Out, i64) {
        let (l, o) = self.inner().slice_and_offset(k);
        let off = Dyn(self.offset().value().wrapping_add(o));
        (make_composed_layout(*self.outer(), off, l), 0)
    }
}
