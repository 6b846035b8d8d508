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
    fn for_each_offset(&self, d: &D, base: i64, f: &mut impl Visit);
    /// As [`Walk::for_each_offset`], with a second layout of the same shape
    /// walked alongside: `g` holds its leaf strides, this subtree's first
    /// leaf at index `k`; calls `f(base + L(c), base2 + G(c))`.
    fn for_each_offset2(
        &self,
        d: &D,
        g: &[i64; 16],
        k: usize,
        base: (i64, i64),
        f: &mut impl Visit2,
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
        f: &mut impl Visit2,
    );
}

impl<S: ShapeLeaf, D: IntLeaf> Walk<D> for S {
    #[inline(always)]
    fn low(&self, d: &D) -> i128 {
        (self.value() as i128 - 1) * (d.value().min(0) as i128)
    }
    #[inline(always)]
    fn for_each_offset(&self, d: &D, base: i64, f: &mut impl Visit) {
        // `base + c·d` rather than a running sum: LLVM then knows the
        // range of each term (which bits a swizzle reads), and still
        // reduces the product to an increment.
        let (s, d) = (self.value(), d.value());
        for c in 0..s {
            f.visit(base.wrapping_add(c.wrapping_mul(d)));
        }
    }
    #[inline(always)]
    fn for_each_offset2(
        &self,
        d: &D,
        g: &[i64; 16],
        k: usize,
        base: (i64, i64),
        f: &mut impl Visit2,
    ) {
        let (s, d, e) = (self.value(), d.value(), g[k % 16]);
        for c in 0..s {
            f.visit(
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
        f: &mut impl Visit2,
    ) {
        if k < skip {
            return f.visit(base.0, base.1);
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
    fn for_each_offset(&self, _: &HNil, base: i64, f: &mut impl Visit) {
        f.visit(base)
    }
    #[inline(always)]
    fn for_each_offset2(
        &self,
        _: &HNil,
        _: &[i64; 16],
        _: usize,
        base: (i64, i64),
        f: &mut impl Visit2,
    ) {
        f.visit(base.0, base.1)
    }
    #[inline(always)]
    fn for_each_run2(
        &self,
        _: &HNil,
        _: &[i64; 16],
        _: usize,
        _: usize,
        base: (i64, i64),
        f: &mut impl Visit2,
    ) {
        f.visit(base.0, base.1)
    }
}

impl<SH: Walk<DH> + IntTuple, ST: Walk<DT>, DH, DT> Walk<HCons<DH, DT>> for HCons<SH, ST> {
    #[inline(always)]
    fn low(&self, d: &HCons<DH, DT>) -> i128 {
        self.head.low(&d.head) + self.tail.low(&d.tail)
    }
    #[inline(always)]
    fn for_each_offset(&self, d: &HCons<DH, DT>, base: i64, f: &mut impl Visit) {
        // The tail's leaves are the outer loops, the head's the inner ones.
        let mut head = Head {
            s: &self.head,
            d: &d.head,
            f,
        };
        self.tail.for_each_offset(&d.tail, base, &mut head)
    }
    #[inline(always)]
    fn for_each_offset2(
        &self,
        d: &HCons<DH, DT>,
        g: &[i64; 16],
        k: usize,
        base: (i64, i64),
        f: &mut impl Visit2,
    ) {
        let kt = k + SH::LEAVES;
        let mut head = Head2 {
            s: &self.head,
            d: &d.head,
            g,
            k,
            f,
        };
        self.tail.for_each_offset2(&d.tail, g, kt, base, &mut head)
    }
    #[inline(always)]
    fn for_each_run2(
        &self,
        d: &HCons<DH, DT>,
        g: &[i64; 16],
        k: usize,
        skip: usize,
        base: (i64, i64),
        f: &mut impl Visit2,
    ) {
        let kt = k + SH::LEAVES;
        let mut head = HeadRun2 {
            s: &self.head,
            d: &d.head,
            g,
            k,
            skip,
            f,
        };
        self.tail
            .for_each_run2(&d.tail, g, kt, skip, base, &mut head)
    }
}

/// What a walk calls with each offset: a closure, or the walk of the leaves
/// inside (a named type whose call is `#[inline(always)]`: LLVM may keep a
/// closure out of line, and a kernel's loop then calls it per element).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Visit {
    /// One offset.
    fn visit(&mut self, o: i64);
}
impl<F: FnMut(i64)> Visit for F {
    #[inline(always)]
    fn visit(&mut self, o: i64) {
        self(o)
    }
}
/// [`Visit`] of two offsets (a layout and one walked alongside).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Visit2 {
    /// One pair of offsets.
    fn visit(&mut self, o: i64, p: i64);
}
impl<F: FnMut(i64, i64)> Visit2 for F {
    #[inline(always)]
    fn visit(&mut self, o: i64, p: i64) {
        self(o, p)
    }
}

/// The walk of an `HCons`'s head leaves from each offset of its tail's.
struct Head<'a, S, D, F> {
    s: &'a S,
    d: &'a D,
    f: &'a mut F,
}
impl<S: Walk<D>, D, F: Visit> Visit for Head<'_, S, D, F> {
    #[inline(always)]
    fn visit(&mut self, o: i64) {
        self.s.for_each_offset(self.d, o, self.f)
    }
}
/// [`Head`] of [`Walk::for_each_offset2`] (the head's leaves from index `k`).
struct Head2<'a, S, D, F> {
    s: &'a S,
    d: &'a D,
    g: &'a [i64; 16],
    k: usize,
    f: &'a mut F,
}
impl<S: Walk<D>, D, F: Visit2> Visit2 for Head2<'_, S, D, F> {
    #[inline(always)]
    fn visit(&mut self, o: i64, p: i64) {
        self.s
            .for_each_offset2(self.d, self.g, self.k, (o, p), self.f)
    }
}
/// [`Head`] of [`Walk::for_each_run2`].
struct HeadRun2<'a, S, D, F> {
    s: &'a S,
    d: &'a D,
    g: &'a [i64; 16],
    k: usize,
    skip: usize,
    f: &'a mut F,
}
impl<S: Walk<D>, D, F: Visit2> Visit2 for HeadRun2<'_, S, D, F> {
    #[inline(always)]
    fn visit(&mut self, o: i64, p: i64) {
        self.s
            .for_each_run2(self.d, self.g, self.k, self.skip, (o, p), self.f)
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
