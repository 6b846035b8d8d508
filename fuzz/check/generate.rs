//! Small structured inputs built from fuzz bytes with `arbitrary`: layouts,
//! integer tuples, tilers and slice coordinates. Mostly friendly values
//! (extents 1..=6, strides -4..=24, a few scaled bases) so that operations
//! succeed and their postconditions are exercised; in hostile mode also
//! zeros, negatives, empty tuples and extreme integers.

use arbitrary::Unstructured;
use layout_algebra::runtime::{
    Builder, IntTuple, Layout, ScaledBasis, SliceCoord, Stride, StrideTuple, Tiler,
};

/// Extreme integers for hostile inputs.
const EXTREMES: [i64; 10] = [
    0,
    -1,
    -2,
    i64::MAX,
    i64::MIN,
    i64::MIN + 1,
    1 << 31,
    1 << 32,
    1 << 62,
    3 << 40,
];

/// A generator over fuzz bytes.
pub struct Gen<'a, 'b> {
    u: &'b mut Unstructured<'a>,
    /// Whether extreme values and empty tuples may appear.
    pub hostile: bool,
    leaves: usize,
}

impl<'a, 'b> Gen<'a, 'b> {
    /// A generator; the first byte decides whether it is hostile (1 in 4).
    pub fn new(u: &'b mut Unstructured<'a>) -> Self {
        let hostile = u.ratio(1, 4).unwrap_or(false);
        Gen {
            u,
            hostile,
            leaves: 0,
        }
    }
    /// A choice among `n` alternatives.
    pub fn pick(&mut self, n: usize) -> usize {
        self.u.choose_index(n).unwrap_or(0)
    }
    /// An integer in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.u.int_in_range(lo..=hi).unwrap_or(lo)
    }
    /// True with probability about `num/den`.
    pub fn chance(&mut self, num: u8, den: u8) -> bool {
        self.u.ratio(num, den).unwrap_or(false)
    }
    fn extreme(&mut self) -> Option<i64> {
        (self.hostile && self.chance(1, 8)).then(|| EXTREMES[self.pick(EXTREMES.len())])
    }
    /// An extent: 1..=6 (hostile: any of [`EXTREMES`] too).
    pub fn extent(&mut self) -> i64 {
        self.extreme().unwrap_or_else(|| self.int(1, 6))
    }
    /// A small integer argument in `lo..=hi` (hostile: extremes too).
    pub fn arg(&mut self, lo: i64, hi: i64) -> i64 {
        self.extreme().unwrap_or_else(|| self.int(lo, hi))
    }
    /// An integer stride, 0 and -4..=24 likely; sometimes a scaled basis.
    pub fn stride(&mut self, bases: bool) -> Stride {
        if let Some(v) = self.extreme() {
            return Stride::Int(v);
        }
        if bases && self.chance(1, 4) {
            let v = self.int(-2, 4);
            let depth = self.int(1, 2) as usize;
            let modes: Vec<usize> = (0..depth).map(|_| self.int(0, 2) as usize).collect();
            if let Ok(b) = ScaledBasis::new(v, &modes) {
                return Stride::Basis(b);
            }
        }
        Stride::Int(match self.pick(4) {
            0 => 0,
            1 => 1,
            _ => self.int(-4, 24),
        })
    }

    /// A tree of at most about 6 leaves, depth at most 3, leaves from `leaf`.
    fn tree<T: Copy>(
        &mut self,
        out: &mut Builder<T>,
        depth: usize,
        leaf: &mut impl FnMut(&mut Self) -> T,
    ) {
        let min = usize::from(!self.hostile);
        if depth == 0 || self.leaves >= 6 || self.chance(1, 2) {
            self.leaves += 1;
            let v = leaf(self);
            out.leaf(v);
            return;
        }
        out.open();
        let n = self.int(min as i64, 3);
        for k in 0..n {
            if k > 0 && self.leaves >= 6 {
                break;
            }
            self.tree(out, depth - 1, leaf);
        }
        out.close();
    }

    /// An integer tuple (a shape or a coordinate) with leaves from `leaf`.
    pub fn tuple_with(&mut self, leaf: &mut impl FnMut(&mut Self) -> i64) -> IntTuple {
        self.leaves = 0;
        let mut b = Builder::new();
        self.tree(&mut b, 3, leaf);
        b.finish()
    }
    /// A shape.
    pub fn shape(&mut self) -> IntTuple {
        self.tuple_with(&mut Self::extent)
    }
    /// A layout with integer strides, or (`bases`) some scaled-basis strides;
    /// `None` when the constructor refuses it (hostile extents).
    pub fn layout_with(&mut self, bases: bool) -> Option<Layout> {
        let shape = self.shape();
        let stride: StrideTuple = shape.map(|_| Stride::Int(0));
        let mut leaves = Vec::new();
        for _ in shape.leaves() {
            leaves.push(self.stride(bases));
        }
        let mut it = leaves.into_iter();
        let stride = stride.map(|_| it.next().unwrap_or(Stride::Int(0)));
        Layout::new(shape, stride).ok()
    }
    /// A layout, mostly integral.
    pub fn layout(&mut self) -> Option<Layout> {
        let bases = self.chance(1, 8);
        self.layout_with(bases)
    }
    /// A layout, a shape applied by mode, or a tuple of tilers `<…>`.
    pub fn tiler(&mut self, depth: usize) -> Option<Tiler> {
        match self.pick(4) {
            0 if depth > 0 => {
                let n = self.int(i64::from(!self.hostile), 3);
                (0..n)
                    .map(|_| self.tiler(depth - 1))
                    .collect::<Option<Vec<_>>>()
                    .map(Tiler::Tuple)
            }
            1 => Tiler::from_shape(&self.shape()).ok(),
            _ => self.layout().map(Tiler::Layout),
        }
    }
    /// A slice coordinate weakly congruent to `shape` most of the time, in range mostly.
    pub fn slice_coord(&mut self, shape: &IntTuple) -> SliceCoord {
        if self.chance(1, 8) {
            self.leaves = 0;
            let mut b = Builder::new();
            self.tree(&mut b, 2, &mut |g: &mut Self| {
                g.chance(1, 2).then(|| g.arg(0, 8))
            });
            return b.finish();
        }
        let mut b = Builder::new();
        self.coord_like(shape.as_ref(), &mut b);
        b.finish()
    }
    fn coord_like(
        &mut self,
        s: layout_algebra::runtime::IntRef<'_>,
        out: &mut Builder<Option<i64>>,
    ) {
        if s.is_leaf() || self.chance(1, 4) {
            let n = s.size().unwrap_or(1).max(1);
            let v = if self.chance(1, 2) {
                None
            } else {
                Some(self.arg(0, n - 1))
            };
            out.leaf(v);
            return;
        }
        out.open();
        for m in s.modes() {
            self.coord_like(m, out);
        }
        out.close();
    }
}
