//! Stride leaves: integers or scaled-basis coordinate strides.
//!
//! A scaled basis `v·E<N0,N1,…>` is the coordinate with value `v` at the
//! hierarchical position `(N0,N1,…)` and zero elsewhere. CuTe writes it
//! innermost index first: `E<1,0>` with value 3 prints as `3@0@1`. Layouts
//! with basis strides map coordinates to coordinates: `(4,8):(1@0,1@1)` is the
//! identity layout of shape `(4,8)`.
//!
//! ```
//! use layout_algebra::runtime::{ScaledBasis, Stride};
//! let e = Stride::Basis(ScaledBasis::new(3, &[1, 0]).unwrap());
//! assert_eq!(e.to_string(), "3@0@1");
//! assert_eq!(Stride::Int(-2).to_string(), "-2");
//! ```

use super::error::{bail, Result};
use super::int_tuple::{add, mul, IntTuple};
use super::sort::sort_by;
use super::tuple::{self, fmt_cute, Builder, HRef, HTuple, INLINE, LEAF};
use alloc::vec::Vec;
use core::fmt;

/// Maximum depth of a basis index `E<N0,…>`.
pub const MAX_BASIS_DEPTH: usize = 4;

/// `value · E<modes…>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ScaledBasis {
    value: i64,
    /// Nonzero, so that a [`Stride`] fits in 16 bytes (its tag takes the zero).
    len: core::num::NonZeroU8,
    modes: [u8; MAX_BASIS_DEPTH],
}

impl ScaledBasis {
    /// `value · E<modes…>`, outermost index first. At least one and at most
    /// [`MAX_BASIS_DEPTH`] indices, each below 256.
    pub fn new(value: i64, modes: &[usize]) -> Result<Self> {
        if modes.is_empty() || modes.len() > MAX_BASIS_DEPTH || modes.iter().any(|&m| m > 255) {
            bail!(
                InvalidArgument,
                "ScaledBasis",
                "basis index {modes:?} must have 1 to {MAX_BASIS_DEPTH} entries below 256"
            );
        }
        let mut m = [0u8; MAX_BASIS_DEPTH];
        for (d, &s) in m.iter_mut().zip(modes) {
            *d = s as u8;
        }
        Ok(ScaledBasis {
            value,
            len: core::num::NonZeroU8::new(modes.len() as u8).expect("checked non-empty"),
            modes: m,
        })
    }
    /// The scale `v`.
    pub fn value(&self) -> i64 {
        self.value
    }
    /// The basis index, outermost first.
    pub fn modes(&self) -> impl Iterator<Item = usize> + '_ {
        self.modes[..self.len.get() as usize]
            .iter()
            .map(|&m| m as usize)
    }
    /// The same basis with another scale.
    pub fn with_value(self, value: i64) -> Self {
        ScaledBasis { value, ..self }
    }
}

/// A stride leaf.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stride {
    /// An integer stride.
    Int(i64),
    /// A scaled-basis (coordinate) stride.
    Basis(ScaledBasis),
}

impl Stride {
    /// The integer, if this is an integer stride.
    pub fn as_int(self) -> Option<i64> {
        match self {
            Stride::Int(v) => Some(v),
            Stride::Basis(_) => None,
        }
    }
    /// Whether the stride is zero (an integer 0 or a basis scaled by 0).
    pub fn is_zero(self) -> bool {
        self.scale() == 0
    }
    /// The integer value or the basis scale.
    pub fn scale(self) -> i64 {
        match self {
            Stride::Int(v) => v,
            Stride::Basis(b) => b.value,
        }
    }
    /// `self · k`, checked.
    pub fn mul(self, k: i64, op: &'static str) -> Result<Stride> {
        Ok(match self {
            Stride::Int(v) => Stride::Int(mul(v, k, op)?),
            Stride::Basis(b) => Stride::Basis(b.with_value(mul(b.value, k, op)?)),
        })
    }
    /// The same kind of stride with scale `v`.
    pub fn with_scale(self, v: i64) -> Stride {
        match self {
            Stride::Int(_) => Stride::Int(v),
            Stride::Basis(b) => Stride::Basis(b.with_value(v)),
        }
    }
}

impl From<i64> for Stride {
    fn from(v: i64) -> Self {
        Stride::Int(v)
    }
}

impl fmt::Display for Stride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stride::Int(v) => write!(f, "{v}"),
            Stride::Basis(b) => {
                write!(f, "{}", b.value)?;
                for m in b.modes[..b.len.get() as usize].iter().rev() {
                    write!(f, "@{m}")?;
                }
                Ok(())
            }
        }
    }
}

/// A hierarchical stride.
pub type StrideTuple = HTuple<Stride>;

impl StrideTuple {
    /// Integer strides from an [`IntTuple`].
    pub fn from_ints(t: &IntTuple) -> Self {
        t.map(Stride::Int)
    }
}

/// The stride leaves of a runtime [`Layout`](super::Layout), as many as its
/// shape has leaves (the shape keeps the count): [`INLINE`] `i32` inline
/// while every stride is an integer that fits, otherwise every leaf on the
/// heap as a [`Stride`] ("wide": a large integer or a scaled basis).
#[derive(Clone)]
pub(crate) enum StrideLeaves {
    /// Integer strides that fit in `i32`, at most [`INLINE`].
    Narrow([i32; INLINE]),
    /// Any strides.
    Wide(Vec<Stride>),
}

impl StrideLeaves {
    /// No leaves yet.
    #[inline]
    pub(crate) const fn new() -> Self {
        StrideLeaves::Narrow([0; INLINE])
    }
    /// The leaves of `strides`.
    pub(crate) fn from_slice(strides: &[Stride]) -> Self {
        let mut r = StrideLeaves::new();
        for (n, &d) in strides.iter().enumerate() {
            r.set(n, n, d);
        }
        r
    }
    /// Set leaf `i` of the first `n` leaves to `d`; `i == n` appends it.
    #[inline(always)]
    pub(crate) fn set(&mut self, n: usize, i: usize, d: Stride) {
        debug_assert!(i <= n);
        if let (StrideLeaves::Narrow(v), Stride::Int(x)) = (&mut *self, d)
            && let (Some(slot), Ok(x)) = (v.get_mut(i), i32::try_from(x))
        {
            *slot = x;
            return;
        }
        self.set_wide(n, i, d);
    }
    /// [`StrideLeaves::set`] past the narrow form: the leaves become wide.
    #[cold]
    #[inline(never)]
    fn set_wide(&mut self, n: usize, i: usize, d: Stride) {
        if let StrideLeaves::Narrow(v) = self {
            *self = StrideLeaves::Wide(v[..n].iter().map(|&x| Stride::Int(x.into())).collect());
        }
        if let StrideLeaves::Wide(w) = self {
            match w.get_mut(i) {
                Some(slot) => *slot = d,
                None => w.push(d),
            }
        }
    }
    /// Keep the first `n` leaves.
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        if let StrideLeaves::Wide(w) = self {
            w.truncate(n);
        }
    }
    /// The leaves `range` (within the first leaves the shape counts).
    #[inline]
    pub(crate) fn slice(&self, range: core::ops::Range<usize>) -> StrideSlice<'_> {
        match self {
            StrideLeaves::Narrow(v) => StrideSlice::Narrow(&v[range]),
            StrideLeaves::Wide(w) => StrideSlice::Wide(&w[range]),
        }
    }
}

/// Borrowed stride leaves: narrow (`i32`) or wide ([`Stride`]), read by value.
#[derive(Clone, Copy)]
pub(crate) enum StrideSlice<'a> {
    /// Integer strides.
    Narrow(&'a [i32]),
    /// Any strides.
    Wide(&'a [Stride]),
}

impl<'a> StrideSlice<'a> {
    /// Number of leaves.
    #[inline]
    pub(crate) fn len(self) -> usize {
        match self {
            StrideSlice::Narrow(v) => v.len(),
            StrideSlice::Wide(w) => w.len(),
        }
    }
    /// Leaf `i` (`i` below [`StrideSlice::len`]).
    #[inline]
    pub(crate) fn get(self, i: usize) -> Stride {
        match self {
            StrideSlice::Narrow(v) => Stride::Int(v[i].into()),
            StrideSlice::Wide(w) => w[i],
        }
    }
    /// The first `l` leaves and the rest.
    #[inline]
    pub(crate) fn split_at(self, l: usize) -> (Self, Self) {
        match self {
            StrideSlice::Narrow(v) => {
                let (a, b) = v.split_at(l);
                (StrideSlice::Narrow(a), StrideSlice::Narrow(b))
            }
            StrideSlice::Wide(w) => {
                let (a, b) = w.split_at(l);
                (StrideSlice::Wide(a), StrideSlice::Wide(b))
            }
        }
    }
    /// The leaves in order.
    #[inline]
    pub(crate) fn iter(self) -> StrideIter<'a> {
        StrideIter {
            leaves: self,
            front: 0,
            back: self.len(),
        }
    }
}

/// The leaves of a [`StrideRef`] in order, by value.
#[derive(Clone)]
pub struct StrideIter<'a> {
    leaves: StrideSlice<'a>,
    front: usize,
    back: usize,
}

impl Iterator for StrideIter<'_> {
    type Item = Stride;
    #[inline]
    fn next(&mut self) -> Option<Stride> {
        if self.front == self.back {
            return None;
        }
        self.front += 1;
        Some(self.leaves.get(self.front - 1))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.back - self.front, Some(self.back - self.front))
    }
}

impl DoubleEndedIterator for StrideIter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Stride> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some(self.leaves.get(self.back))
    }
}

impl ExactSizeIterator for StrideIter<'_> {}

/// A borrowed hierarchical stride: the stride of a [`Layout`](super::Layout)
/// (its leaves stored as the layout stores them, read by value) or a
/// borrowed [`StrideTuple`] (`StrideRef::from(&t)`).
///
/// ```
/// use layout_algebra::runtime::{Layout, Stride};
/// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
/// let d = l.stride();
/// assert_eq!(d.to_string(), "(2,(8,1))");
/// assert_eq!(d.mode(1).unwrap().leaves().collect::<Vec<_>>(), [Stride::Int(8), Stride::Int(1)]);
/// assert_eq!(d.to_owned().to_string(), "(2,(8,1))");
/// ```
#[derive(Clone, Copy)]
pub struct StrideRef<'a> {
    tree: &'a [u8],
    leaves: StrideSlice<'a>,
}

impl<'a> StrideRef<'a> {
    /// The leaves `leaves` under the tokens `tree` (as many as `tree` has
    /// leaf tokens).
    #[inline]
    pub(crate) fn from_raw(tree: &'a [u8], leaves: StrideSlice<'a>) -> Self {
        debug_assert_eq!(tree.iter().filter(|&&b| b == LEAF).count(), leaves.len());
        StrideRef { tree, leaves }
    }
    /// The nesting tokens and the leaves.
    #[inline]
    pub(crate) fn raw(self) -> (&'a [u8], StrideSlice<'a>) {
        (self.tree, self.leaves)
    }
    /// Whether this is a single leaf.
    #[inline]
    pub fn is_leaf(self) -> bool {
        self.tree[0] == LEAF
    }
    /// The leaf value, if this is a leaf.
    #[inline]
    pub fn as_leaf(self) -> Option<Stride> {
        self.is_leaf().then(|| self.leaves.get(0))
    }
    /// CuTe `rank`.
    pub fn rank(self) -> usize {
        tuple::rank(self.tree)
    }
    /// CuTe `depth`.
    pub fn depth(self) -> usize {
        tuple::depth(self.tree)
    }
    /// Number of nodes (leaves plus tuple headers).
    pub fn node_count(self) -> usize {
        tuple::node_count(self.tree)
    }
    /// The modes (for a leaf, the leaf itself).
    #[inline]
    pub fn modes(self) -> StrideModes<'a> {
        StrideModes {
            tree: tuple::mode_tokens(self.tree),
            leaves: self.leaves,
        }
    }
    /// Mode `i`; mode 0 of a leaf is the leaf itself.
    pub fn mode(self, i: usize) -> Option<StrideRef<'a>> {
        self.modes().nth(i)
    }
    /// Follow a hierarchical index path.
    pub fn get(self, path: &[usize]) -> Option<StrideRef<'a>> {
        path.iter().try_fold(self, |t, &i| t.mode(i))
    }
    /// The leaves in order.
    #[inline]
    pub fn leaves(self) -> StrideIter<'a> {
        self.leaves.iter()
    }
    /// Number of leaves.
    #[inline]
    pub fn leaf_count(self) -> usize {
        self.leaves.len()
    }
    /// Whether `self` and `other` have the same tree structure.
    #[inline]
    pub fn congruent<U: Copy>(self, other: HRef<'_, U>) -> bool {
        self.tree == other.raw().0
    }
    /// Append this subtree to `b`.
    #[inline]
    pub(crate) fn push_to(self, b: &mut Builder<Stride>) {
        b.push_raw(self.tree, self.leaves());
    }
    /// Copy into an owned tuple.
    pub fn to_owned(self) -> StrideTuple {
        let mut b = Builder::new();
        b.push_raw(self.tree, self.leaves());
        b.finish()
    }
    /// CuTe `flatten`: a leaf stays a leaf, a tuple becomes the flat tuple of its leaves.
    pub fn flatten(self) -> StrideTuple {
        match self.as_leaf() {
            Some(v) => HTuple::leaf(v),
            None => HTuple::from_leaves(self.leaves()),
        }
    }
    /// The strides as integers, or a [`BasisStride`](super::ErrorKind::BasisStride) error.
    pub fn to_ints(self, op: &'static str) -> Result<IntTuple> {
        let mut b = Builder::new();
        let mut leaves = self.leaves();
        for &t in self.tree {
            match t {
                LEAF => match leaves.next() {
                    Some(Stride::Int(v)) => b.leaf(v),
                    _ => bail!(BasisStride, op, "stride {self} has scaled-basis leaves"),
                },
                tuple::OPEN => b.open(),
                _ => b.close(),
            }
        }
        Ok(b.finish())
    }
    /// Whether every leaf is an integer.
    pub fn is_integral(self) -> bool {
        match self.leaves {
            StrideSlice::Narrow(_) => true,
            StrideSlice::Wide(w) => w.iter().all(|s| s.as_int().is_some()),
        }
    }
}

impl<'a> From<HRef<'a, Stride>> for StrideRef<'a> {
    #[inline]
    fn from(t: HRef<'a, Stride>) -> Self {
        let (tree, leaves) = t.raw();
        StrideRef {
            tree,
            leaves: StrideSlice::Wide(leaves),
        }
    }
}

impl<'a> From<&'a StrideTuple> for StrideRef<'a> {
    #[inline]
    fn from(t: &'a StrideTuple) -> Self {
        t.as_ref().into()
    }
}

impl PartialEq for StrideRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.tree == other.tree && self.leaves().eq(other.leaves())
    }
}

impl Eq for StrideRef<'_> {}

/// Iterator over the modes of a [`StrideRef`].
#[derive(Clone)]
pub struct StrideModes<'a> {
    tree: &'a [u8],
    leaves: StrideSlice<'a>,
}

impl<'a> Iterator for StrideModes<'a> {
    type Item = StrideRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (n, l) = tuple::next_mode(self.tree)?;
        let (tree, tail) = self.tree.split_at(n);
        let (leaves, rest) = self.leaves.split_at(l);
        self.tree = tail;
        self.leaves = rest;
        Some(StrideRef { tree, leaves })
    }
}

impl fmt::Display for StrideRef<'_> {
    /// CuTe notation: `(2,(8,1))`, a leaf alone as `2`, a rank-1 tuple as `(2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_cute(f, self.as_leaf(), self.modes())
    }
}

impl fmt::Debug for StrideRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The value of a layout at a coordinate: an integer offset, or a coordinate
/// when the strides are scaled bases.
#[derive(Clone, PartialEq, Eq, Debug)]
#[allow(clippy::large_enum_variant)] // tuples are stored inline on purpose
pub enum Offset {
    /// An integer offset.
    Int(i64),
    /// A coordinate (sum of scaled bases).
    Coord(IntTuple),
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(v) => write!(f, "{v}"),
            Offset::Coord(c) => write!(f, "{c}"),
        }
    }
}

/// Accumulates `Σ cᵢ·dᵢ` over integer and basis strides.
#[derive(Default)]
pub(crate) struct OffsetSum {
    int: i64,
    /// The basis terms `cᵢ·dᵢ`, one per basis stride added (merged by path in `finish`).
    terms: smallvec::SmallVec<[ScaledBasis; 16]>,
}

/// The most nodes of a coordinate an evaluation may build (scaled bases
/// pad it with zeros: one `1@255@255@255@255` alone gives 1,024 nodes).
pub const MAX_COORD_NODES: usize = 1 << 16;

impl OffsetSum {
    pub(crate) fn add(&mut self, c: i64, d: Stride, op: &'static str) -> Result<()> {
        match d {
            Stride::Int(v) => self.int = add(self.int, mul(c, v, op)?, op)?,
            Stride::Basis(b) => self.terms.push(b.with_value(mul(c, b.value, op)?)),
        }
        Ok(())
    }

    /// The integer offset, or the coordinate `Σ vᵢ·E<pathᵢ>` padded with zeros.
    pub(crate) fn finish(mut self, op: &'static str) -> Result<Offset> {
        if self.terms.is_empty() {
            return Ok(Offset::Int(self.int));
        }
        if self.int != 0 {
            bail!(
                InvalidArgument,
                op,
                "layout mixes integer and scaled-basis strides"
            );
        }
        // Sorted by path (a path before its extensions), equal paths summed.
        sort_by(&mut self.terms, |x, y| x.modes().lt(y.modes()));
        let mut merged: smallvec::SmallVec<[ScaledBasis; 16]> = smallvec::SmallVec::new();
        for t in self.terms {
            match merged.last_mut() {
                Some(m) if m.modes().eq(t.modes()) => m.value = add(m.value, t.value, op)?,
                _ => merged.push(t),
            }
        }
        let mut b = Builder::new();
        let mut room = MAX_COORD_NODES;
        build_coord(&merged, 0, &mut b, &mut room, op)?;
        Ok(Offset::Coord(b.finish()))
    }
}

/// Build the coordinate tuple of the basis terms `terms`, sorted by path,
/// distinct, and sharing their first `depth` indices; at most `room` more nodes.
///
/// The terms must address one coordinate tree: a path that is a proper
/// prefix of another (`E<0>` beside `E<0,1>`) would make one mode both an
/// integer and a tuple, which CuTe C++ refuses too (no `int + ArithmeticTuple`).
fn build_coord(
    terms: &[ScaledBasis],
    depth: usize,
    out: &mut Builder<i64>,
    room: &mut usize,
    op: &'static str,
) -> Result<()> {
    if *room == 0 {
        bail!(
            Limit,
            op,
            "the coordinate would have more than {MAX_COORD_NODES} nodes"
        );
    }
    *room -= 1;
    // A path of length `depth` sorts before its extensions.
    let (here, below) = match terms.first() {
        Some(t) if t.len.get() as usize == depth => (Some(t), &terms[1..]),
        _ => (None, terms),
    };
    let Some(last) = below.last() else {
        out.leaf(here.map_or(0, |t| t.value));
        return Ok(());
    };
    if let Some(t) = here {
        bail!(
            InvalidArgument,
            op,
            "scaled-basis strides must address one coordinate tree: {} makes a mode an integer and {} makes it a tuple",
            Stride::Basis(*t),
            Stride::Basis(below[0])
        );
    }
    out.open();
    let mut rest = below;
    for i in 0..=last.modes[depth] {
        let n = rest.iter().take_while(|t| t.modes[depth] == i).count();
        build_coord(&rest[..n], depth + 1, out, room, op)?;
        rest = &rest[n..];
    }
    out.close();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::layout::Layout;
    use alloc::string::ToString;
    use core::hash::BuildHasher;

    fn leaves(s: &StrideLeaves, n: usize) -> Vec<Stride> {
        s.slice(0..n).iter().collect()
    }

    #[test]
    fn stride_leaves_widen_on_a_large_integer_a_basis_or_a_seventeenth_leaf() {
        let big = Stride::Int(1 << 40);
        let basis = Stride::Basis(ScaledBasis::new(3, &[1, 0]).unwrap());
        for (wide, at) in [
            (big, 2),
            (Stride::Int(i64::from(i32::MIN) - 1), 0),
            (basis, 1),
        ] {
            let mut s = StrideLeaves::new();
            let mut want = Vec::new();
            for i in 0..4 {
                let d = if i == at {
                    wide
                } else {
                    Stride::Int(i as i64 - 1)
                };
                s.set(i, i, d);
                want.push(d);
                assert_eq!(leaves(&s, i + 1), want);
            }
            assert!(matches!(s, StrideLeaves::Wide(_)));
            s.truncate(2);
            assert_eq!(leaves(&s, 2), want[..2]);
        }
        let mut s = StrideLeaves::new();
        for i in 0..17 {
            s.set(i, i, Stride::Int(i as i64));
            assert_eq!(matches!(s, StrideLeaves::Wide(_)), i == 16);
        }
        assert_eq!(leaves(&s, 17), (0..17).map(Stride::Int).collect::<Vec<_>>());
        // Negating i32::MIN in place leaves the narrow form.
        let mut s = StrideLeaves::new();
        s.set(0, 0, Stride::Int(7));
        s.set(1, 1, Stride::Int(i32::MIN.into()));
        s.set(2, 1, Stride::Int(-i64::from(i32::MIN)));
        assert_eq!(leaves(&s, 2), [Stride::Int(7), Stride::Int(1 << 31)]);
    }

    #[test]
    fn narrow_and_wide_layouts_of_equal_strides_are_equal() {
        let narrow: Layout = "(2,3):(1,2)".parse().unwrap();
        // Built wide (a stride past i32 appended, then dropped), same strides.
        let wide = Layout::build(|out| {
            out.open();
            out.leaf(2, Stride::Int(1));
            let mark = out.mark();
            out.leaf(3, Stride::Int(1 << 40));
            out.truncate(mark);
            out.leaf(3, Stride::Int(2));
            out.close();
            Ok(())
        })
        .unwrap();
        assert_eq!(wide, narrow);
        let h = std::hash::RandomState::new();
        assert_eq!(h.hash_one(&wide), h.hash_one(&narrow));
        assert_eq!(wide.stride(), narrow.stride());
        assert_eq!(wide.to_string(), "(2,3):(1,2)");
        let far: Layout = "(2,3):(1,4294967296)".parse().unwrap();
        assert_eq!(far.stride().to_string(), "(1,4294967296)");
        assert_eq!(far.call(5).unwrap(), 1 + 2 * 4294967296);
        assert_ne!(far, narrow);
    }
}
