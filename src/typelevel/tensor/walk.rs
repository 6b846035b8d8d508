//! Walks over the leaves of a shape and a congruent stride: the lowest offset
//! of a layout, and its offsets in colexicographic order as nested loops.

use crate::typelevel::{IntLeaf, IntTuple, ShapeLeaf};
use frunk_core::hlist::{HCons, HNil};

/// Leaf-by-leaf walks of `Self:D` (a shape and a congruent stride).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Walk<D> {
    /// `Σ (sᵢ - 1)·min(dᵢ, 0)`: the lowest offset (in `i128`, never wraps).
    fn low(&self, d: &D) -> i128;
    /// Calls `f(base + L(c))` for every coordinate `c`, the first leaf fastest:
    /// one loop per leaf, so static extents give loops of constant trip count.
    fn for_each_offset(&self, d: &D, base: i64, f: &mut impl FnMut(i64));
    /// As [`Walk::for_each_offset`], with a second layout of the same shape
    /// walked alongside: `g` holds its leaf strides, this subtree's first
    /// leaf at index `k`; calls `f(base + L(c), base2 + G(c))`.
    fn for_each_offset2(
        &self,
        d: &D,
        g: &[i64; 16],
        k: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    );
    /// As [`Walk::for_each_offset2`], with the leaves at index `< skip` held
    /// at coordinate 0: one call per run of them. (Not a parameter of
    /// `for_each_offset2`: there it costs the swizzled copy its offsets' ranges.)
    fn for_each_run2(
        &self,
        d: &D,
        g: &[i64; 16],
        k: usize,
        skip: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    );
}

impl<S: ShapeLeaf, D: IntLeaf> Walk<D> for S {
    #[inline(always)]
    fn low(&self, d: &D) -> i128 {
        (self.value() as i128 - 1) * (d.value().min(0) as i128)
    }
    #[inline(always)]
    fn for_each_offset(&self, d: &D, base: i64, f: &mut impl FnMut(i64)) {
        // `base + c·d` rather than a running sum: LLVM then knows the
        // range of each term (which bits a swizzle reads), and still
        // reduces the product to an increment.
        let (s, d) = (self.value(), d.value());
        for c in 0..s {
            f(base.wrapping_add(c.wrapping_mul(d)));
        }
    }
    #[inline(always)]
    fn for_each_offset2(
        &self,
        d: &D,
        g: &[i64; 16],
        k: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    ) {
        let (s, d, e) = (self.value(), d.value(), g[k % 16]);
        for c in 0..s {
            f(
                base.0.wrapping_add(c.wrapping_mul(d)),
                base.1.wrapping_add(c.wrapping_mul(e)),
            );
        }
    }
    #[inline(always)]
    fn for_each_run2(
        &self,
        d: &D,
        g: &[i64; 16],
        k: usize,
        skip: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    ) {
        if k < skip {
            return f(base.0, base.1);
        }
        self.for_each_offset2(d, g, k, base, f)
    }
}

impl Walk<HNil> for HNil {
    #[inline(always)]
    fn low(&self, _: &HNil) -> i128 {
        0
    }
    #[inline(always)]
    fn for_each_offset(&self, _: &HNil, base: i64, f: &mut impl FnMut(i64)) {
        f(base)
    }
    #[inline(always)]
    fn for_each_offset2(
        &self,
        _: &HNil,
        _: &[i64; 16],
        _: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    ) {
        f(base.0, base.1)
    }
    #[inline(always)]
    fn for_each_run2(
        &self,
        _: &HNil,
        _: &[i64; 16],
        _: usize,
        _: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    ) {
        f(base.0, base.1)
    }
}

impl<SH: Walk<DH> + IntTuple, ST: Walk<DT>, DH, DT> Walk<HCons<DH, DT>> for HCons<SH, ST> {
    #[inline(always)]
    fn low(&self, d: &HCons<DH, DT>) -> i128 {
        self.head.low(&d.head) + self.tail.low(&d.tail)
    }
    #[inline(always)]
    fn for_each_offset(&self, d: &HCons<DH, DT>, base: i64, f: &mut impl FnMut(i64)) {
        // The tail's leaves are the outer loops, the head's the inner ones.
        self.tail.for_each_offset(&d.tail, base, &mut |b| {
            self.head.for_each_offset(&d.head, b, f)
        })
    }
    #[inline(always)]
    fn for_each_offset2(
        &self,
        d: &HCons<DH, DT>,
        g: &[i64; 16],
        k: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    ) {
        let kt = k + SH::LEAVES;
        self.tail
            .for_each_offset2(&d.tail, g, kt, base, &mut |b, c| {
                self.head.for_each_offset2(&d.head, g, k, (b, c), f)
            })
    }
    #[inline(always)]
    fn for_each_run2(
        &self,
        d: &HCons<DH, DT>,
        g: &[i64; 16],
        k: usize,
        skip: usize,
        base: (i64, i64),
        f: &mut impl FnMut(i64, i64),
    ) {
        let kt = k + SH::LEAVES;
        self.tail
            .for_each_run2(&d.tail, g, kt, skip, base, &mut |b, c| {
                self.head.for_each_run2(&d.head, g, k, skip, (b, c), f)
            })
    }
}

/// The offsets a layout reaches: `[low, high]`, `None` if they overflow `i64`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Reach {
    /// `(low, high)`.
    fn reach(&self) -> Option<(i128, i128)>;
}
impl<S: Walk<D> + crate::typelevel::Congruent<D>, D> Reach for crate::typelevel::Layout<S, D> {
    #[inline(always)]
    fn reach(&self) -> Option<(i128, i128)> {
        let low = self.shape().low(self.stride());
        Some((low, low + self.shape().checked_span(self.stride())? as i128))
    }
}
