//! `Layout`: a pair of congruent shape and stride tuples, a function from
//! coordinates to offsets.
//!
//! `L(c) = Σ idx2crd(c, S)ᵢ · Dᵢ`. Construction checks congruence and positive
//! extents, so every `Layout` value is well formed.
//!
//! ```
//! use layout_algebra::runtime::{Layout, IntTuple};
//! let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
//! assert_eq!(l.size().unwrap(), 24);
//! assert_eq!(l.cosize().unwrap(), 24);
//! assert_eq!(l.call(5).unwrap(), 2 + 8);
//! assert_eq!(l.to_string(), "(4,(3,2)):(2,(8,1))");
//! let col = Layout::column_major(&IntTuple::parse_shape("(4,8)")).unwrap();
//! assert_eq!(col.to_string(), "(4,8):(1,4)");
//! ```

use super::error::{bail, LayoutError, Result};
use super::int_tuple::{self, check_shape, mul, IntRef, IntTuple};
use super::sort::sort_by;
use super::stride::{
    Offset, OffsetSum, ScaledBasis, Stride, StrideLeaves, StrideRef, StrideSlice, StrideTuple,
};
use super::tuple::{self, Builder, HRef, HTuple};
use core::fmt;
use core::hash::{Hash, Hasher};

/// A CuTe layout `shape:stride`.
///
/// The shape and the stride are congruent, so one nesting serves both: the
/// layout keeps the shape tuple and the stride leaves alone, and
/// [`Layout::stride`] views those leaves under the shape's nesting. The
/// strides are `i32` inline while they are integers that fit, so a layout of
/// up to 16 leaves in up to 15 tuples takes 256 bytes and no heap; other
/// strides (larger integers, scaled bases) and larger layouts use the heap.
#[derive(Clone)]
pub struct Layout {
    shape: IntTuple,
    strides: StrideLeaves,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Self) -> bool {
        self.shape == other.shape && self.stride_leaves().iter().eq(other.stride_leaves().iter())
    }
}

impl Eq for Layout {}

impl Hash for Layout {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        for d in self.stride_leaves().iter() {
            d.hash(state);
        }
    }
}

impl Layout {
    /// `shape:stride`; the two must be congruent and every extent positive.
    pub fn new(shape: IntTuple, stride: StrideTuple) -> Result<Layout> {
        if !shape.is_tree() || !stride.is_tree() {
            bail!(
                InvalidArgument,
                "make_layout",
                "shape {shape} and stride {stride} must each be one tuple or integer, not several roots"
            );
        }
        if !shape.congruent(&stride) {
            bail!(
                NotCongruent,
                "make_layout",
                "shape {shape} and stride {stride} are not congruent"
            );
        }
        check_shape(shape.as_ref(), "make_layout")?;
        Ok(Layout::from_parts(shape, stride))
    }

    /// `shape:stride` with integer strides.
    pub fn from_ints(shape: IntTuple, stride: &IntTuple) -> Result<Layout> {
        Layout::new(shape, StrideTuple::from_ints(stride))
    }

    /// Internal constructor for results known to be well formed.
    #[inline]
    pub(crate) fn from_parts(shape: IntTuple, stride: StrideTuple) -> Layout {
        debug_assert!(shape.congruent(&stride));
        Layout {
            strides: StrideLeaves::from_slice(stride.leaf_slice()),
            shape,
        }
    }

    /// The compact column-major layout of `shape` (CuTe's default, `LayoutLeft`).
    /// As in CuTe C++, a size-1 leaf gets stride 0: `(1,4):(0,1)`.
    pub fn column_major(shape: &IntTuple) -> Result<Layout> {
        compact(shape, |i, _| i as i64, "make_layout")
    }

    /// The compact row-major layout of `shape` (`LayoutRight`): the last leaf
    /// has stride 1 (size-1 leaves stride 0).
    pub fn row_major(shape: &IntTuple) -> Result<Layout> {
        compact(shape, |i, n| (n - i) as i64, "make_layout")
    }

    /// CuTe `make_ordered_layout(shape, order)`: compact, with leaves ranked by
    /// `order` (lower order gets the smaller stride; ties broken left to right;
    /// size-1 leaves stride 0). An integer order applies to every leaf.
    ///
    /// ```
    /// use layout_algebra::runtime::{IntTuple, Layout};
    /// let s = IntTuple::parse_shape("(4,8,2)");
    /// let o = IntTuple::parse_shape("(1,2,0)");
    /// assert_eq!(Layout::ordered(&s, &o).unwrap().to_string(), "(4,8,2):(2,8,1)");
    /// assert_eq!(Layout::ordered(&s, &IntTuple::leaf(1)).unwrap().to_string(), "(4,8,2):(1,4,32)");
    /// ```
    pub fn ordered(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
        if let Some(o) = order.as_leaf() {
            // An integer order applies to every leaf (C++): column-major.
            return compact(shape, |_, _| o, "make_ordered_layout");
        }
        if !shape.congruent(order) {
            bail!(
                NotCongruent,
                "make_ordered_layout",
                "shape {shape} and order {order} are not congruent"
            );
        }
        let orders: smallvec::SmallVec<[i64; 16]> = order.leaves().collect();
        compact(shape, |i, _| orders[i], "make_ordered_layout")
    }

    /// CuTe `make_identity_layout(shape)`: `shape:(1@0,1@1,…)`, mapping each
    /// coordinate to itself (hierarchical bases for nested modes); an integer
    /// shape `n`, whose coordinates are integers, gives `n:1`.
    ///
    /// ```
    /// use layout_algebra::runtime::{IntTuple, Layout};
    /// let id = Layout::identity(&IntTuple::parse_shape("(4,(2,3))")).unwrap();
    /// assert_eq!(id.to_string(), "(4,(2,3)):(1@0,(1@0@1,1@1@1))");
    /// assert_eq!(Layout::identity(&IntTuple::leaf(4)).unwrap().to_string(), "4:1");
    /// ```
    pub fn identity(shape: &IntTuple) -> Result<Layout> {
        check_shape(shape.as_ref(), "make_identity_layout")?;
        if let Some(n) = shape.as_leaf() {
            // The coordinate of an integer shape is an integer (C++): n:1.
            return Layout::from_ints(IntTuple::leaf(n), &IntTuple::leaf(1));
        }
        let mut b = Builder::new();
        let mut path = smallvec::SmallVec::<[usize; 4]>::new();
        identity_strides(shape.as_ref(), &mut path, &mut b)?;
        Ok(Layout::from_parts(shape.clone(), b.finish()))
    }

    /// CuTe `make_layout(l0, l1, …)`: the layout whose modes are the given layouts.
    pub fn concat<'a>(modes: impl IntoIterator<Item = &'a Layout> + Clone) -> Layout {
        let mut r = Layout::unfinished();
        let mut out = LayoutBuilder::on(&mut r);
        out.open();
        for l in modes {
            out.push_layout(l);
        }
        out.close();
        out.finish();
        r
    }

    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }
    /// The stride, a view under the shape's nesting (an owned copy is
    /// `stride().to_owned()`).
    #[inline]
    pub fn stride(&self) -> StrideRef<'_> {
        StrideRef::from_raw(self.shape.as_ref().raw().0, self.stride_leaves())
    }
    /// The stride leaves, as many as the shape's.
    #[inline]
    fn stride_leaves(&self) -> StrideSlice<'_> {
        self.strides.slice(0..self.shape.leaf_count())
    }
    /// The strides as integers, or a `BasisStride` error naming `op`.
    pub fn int_strides(&self, op: &'static str) -> Result<IntTuple> {
        self.stride().to_ints(op)
    }
    /// CuTe `size`: the number of coordinates.
    pub fn size(&self) -> Result<i64> {
        self.shape.size()
    }
    /// CuTe `rank`.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }
    /// CuTe `depth`.
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }
    /// The (shape, stride) leaf pairs in order.
    pub fn leaves(&self) -> impl DoubleEndedIterator<Item = (i64, Stride)> + Clone + '_ {
        // Congruent trees have their leaves in the same order.
        self.shape
            .leaf_slice()
            .iter()
            .copied()
            .zip(self.stride_leaves().iter())
    }

    /// CuTe `cosize` (C++ definition): `1 + Σ (sᵢ-1)·|dᵢ|`, the extent of the
    /// codomain. Requires integer strides.
    pub fn cosize(&self) -> Result<i64> {
        let mut acc = 1i64;
        for (s, d) in self.leaves() {
            let d = d.as_int().ok_or_else(|| {
                LayoutError::new(
                    super::ErrorKind::BasisStride,
                    "cosize",
                    alloc::format!("{self} has scaled-basis strides"),
                )
            })?;
            let t = mul(
                s - 1,
                d.checked_abs()
                    .ok_or_else(|| LayoutError::overflow("cosize"))?,
                "cosize",
            )?;
            acc = int_tuple::add(acc, t, "cosize")?;
        }
        Ok(acc)
    }

    /// Mode `i` as a layout (CuTe `layout<i>` / `get<i>`); mode 0 of a rank-1
    /// integer layout is itself.
    pub fn mode(&self, i: usize) -> Result<Layout> {
        match (self.shape.mode(i), self.stride().mode(i)) {
            (Some(s), Some(d)) => Ok(Layout::from_parts(s.to_owned(), d.to_owned())),
            _ => bail!(
                OutOfBounds,
                "get",
                "mode {i} of rank-{} layout {self}",
                self.rank()
            ),
        }
    }
    /// The sub-layout at a hierarchical path (`get<i, j, …>`).
    pub fn get(&self, path: &[usize]) -> Result<Layout> {
        self.view().get(path).map(LayoutRef::to_owned)
    }
    /// Borrow the whole layout.
    #[inline]
    pub(crate) fn view(&self) -> LayoutRef<'_> {
        LayoutRef {
            shape: self.shape.as_ref(),
            stride: self.stride(),
        }
    }
    /// The modes as layouts.
    pub fn modes(&self) -> impl Iterator<Item = Layout> + '_ {
        self.view().modes().map(LayoutRef::to_owned)
    }

    /// Evaluate at a 1-D index (colexicographic; the last mode is not wrapped).
    /// Requires integer strides; see [`Layout::eval`] for coordinate layouts.
    pub fn call(&self, idx: i64) -> Result<i64> {
        match self.eval(&IntTuple::leaf(idx))? {
            Offset::Int(v) => Ok(v),
            Offset::Coord(_) => bail!(BasisStride, "call", "{self} maps to coordinates; use eval"),
        }
    }

    /// Evaluate at a 1-D, R-D or hierarchical coordinate weakly congruent to
    /// the shape. Every coordinate leaf must lie inside its extent, and an
    /// integer index inside the size.
    pub fn eval(&self, coord: &IntTuple) -> Result<Offset> {
        let c = int_tuple::idx2crd(coord, &self.shape)?;
        for (ci, si) in c.leaves().zip(self.shape.leaves()) {
            if ci < 0 || ci >= si {
                bail!(
                    OutOfBounds,
                    "call",
                    "coordinate {coord} is outside shape {}",
                    self.shape
                );
            }
        }
        let mut sum = OffsetSum::default();
        for (ci, di) in c.leaves().zip(self.stride_leaves().iter()) {
            sum.add(ci, di, "call")?;
        }
        sum.finish("call")
    }

    /// Whether every stride is an integer.
    pub fn is_integral(&self) -> bool {
        self.stride().is_integral()
    }
}

/// A borrowed layout: congruent shape and stride views, for the algebra's
/// internal steps (a mode, a sub-layout, a result under construction).
#[derive(Clone, Copy)]
pub(crate) struct LayoutRef<'a> {
    pub(crate) shape: IntRef<'a>,
    pub(crate) stride: super::stride::StrideRef<'a>,
}

impl<'a> LayoutRef<'a> {
    /// The (shape, stride) leaf pairs in order.
    #[inline]
    pub(crate) fn leaves(self) -> impl DoubleEndedIterator<Item = (i64, Stride)> + Clone + 'a {
        self.shape
            .leaf_slice()
            .iter()
            .copied()
            .zip(self.stride.leaves())
    }
    /// The shape leaves and the stride leaves, when every stride is an
    /// integer stored narrow (`i32`).
    #[inline]
    pub(crate) fn narrow_leaves(self) -> Option<(&'a [i64], &'a [i32])> {
        match self.stride.raw().1 {
            StrideSlice::Narrow(d) => Some((self.shape.leaf_slice(), d)),
            StrideSlice::Wide(_) => None,
        }
    }
    /// The modes, borrowed (a leaf layout is its own single mode): the
    /// common nesting of shape and stride scanned once per mode.
    #[inline]
    pub(crate) fn modes(self) -> LayoutModes<'a> {
        let (tree, shapes) = self.shape.raw();
        LayoutModes {
            tree: tuple::mode_tokens(tree),
            shapes,
            strides: self.stride.raw().1,
        }
    }
    /// The sub-layout at a hierarchical path, borrowed.
    pub(crate) fn get(self, path: &[usize]) -> Result<LayoutRef<'a>> {
        match (self.shape.get(path), self.stride.get(path)) {
            (Some(shape), Some(stride)) => Ok(LayoutRef { shape, stride }),
            _ => bail!(OutOfBounds, "get", "path {path:?} in layout {self}"),
        }
    }
    /// CuTe `rank`.
    #[inline]
    pub(crate) fn rank(self) -> usize {
        self.shape.rank()
    }
    /// CuTe `size`.
    #[inline]
    pub(crate) fn size(self) -> Result<i64> {
        self.shape.size()
    }
    /// Whether every stride is an integer.
    #[inline]
    pub(crate) fn is_integral(self) -> bool {
        self.stride.is_integral()
    }
    /// Copy into an owned layout.
    #[inline]
    pub(crate) fn to_owned(self) -> Layout {
        Layout::from_parts(self.shape.to_owned(), self.stride.to_owned())
    }
}

/// The modes of a [`LayoutRef`], borrowed.
#[derive(Clone)]
pub(crate) struct LayoutModes<'a> {
    tree: &'a [u8],
    shapes: &'a [i64],
    strides: StrideSlice<'a>,
}

impl<'a> Iterator for LayoutModes<'a> {
    type Item = LayoutRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (n, l) = tuple::next_mode(self.tree)?;
        let (tree, tail) = self.tree.split_at(n);
        let (shapes, shapes_rest) = self.shapes.split_at(l);
        let (strides, strides_rest) = self.strides.split_at(l);
        self.tree = tail;
        self.shapes = shapes_rest;
        self.strides = strides_rest;
        Some(LayoutRef {
            shape: HRef::from_raw(tree, shapes),
            stride: StrideRef::from_raw(tree, strides),
        })
    }
}

impl fmt::Display for LayoutRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

/// A layout built in place, in memory the caller owns (the result of an
/// operation is built where it is returned from, not moved there): shape and
/// stride leaves grow together, the nesting is written once, to the shape,
/// and copied to the stride when the build ends. The algebra appends
/// congruent pieces only, so the result is well formed.
pub(crate) struct LayoutBuilder<'a> {
    layout: &'a mut Layout,
    open: usize,
}

/// Where the next item of a [`LayoutBuilder`] starts: its token and its leaf.
pub(crate) type Mark = (usize, usize);

impl Layout {
    /// No tokens yet: storage for a [`LayoutBuilder`], not a layout until
    /// one is built in it.
    #[inline]
    pub(crate) fn unfinished() -> Layout {
        Layout {
            shape: HTuple::unfinished(),
            strides: StrideLeaves::new(),
        }
    }
    /// The layout that `f` builds, built in the caller's return slot: the
    /// slot is written by one out-of-line call and read once after it, which
    /// lets LLVM hand that call the caller's own return slot (no copy of the
    /// 256-byte layout on return, 29 of coalesce's 312 instructions).
    #[inline]
    pub(crate) fn build(f: impl FnOnce(&mut LayoutBuilder<'_>) -> Result<()>) -> Result<Layout> {
        let mut slot = core::mem::MaybeUninit::<Result<Layout>>::uninit();
        build_into(&mut slot, f);
        // SAFETY: `build_into` initialises the slot with `MaybeUninit::write`
        // first thing, before anything that can fail or panic, and only
        // overwrites it with valid values after that; it returns normally
        // only with the slot initialised (a panic never reaches this read).
        unsafe { slot.assume_init() }
    }
}

/// [`Layout::build`] into `slot`: `Ok` with the layout `f` builds, or the
/// error of `f` (the partial layout dropped).
#[inline(never)]
fn build_into(
    slot: &mut core::mem::MaybeUninit<Result<Layout>>,
    f: impl FnOnce(&mut LayoutBuilder<'_>) -> Result<()>,
) {
    let r = slot.write(Ok(Layout::unfinished()));
    if let Ok(l) = r {
        let mut out = LayoutBuilder::on(l);
        match f(&mut out) {
            Ok(()) => out.finish(),
            Err(e) => *r = Err(e),
        }
    }
}

impl<'a> LayoutBuilder<'a> {
    /// Build into `layout`, which has nothing appended yet.
    #[inline]
    pub(crate) fn on(layout: &'a mut Layout) -> Self {
        debug_assert!(layout.shape.is_unfinished());
        LayoutBuilder { layout, open: 0 }
    }
    /// Start a tuple mode.
    #[inline]
    pub(crate) fn open(&mut self) {
        self.open += 1;
        self.layout.shape.push_open();
    }
    /// Finish the innermost open tuple mode.
    #[inline]
    pub(crate) fn close(&mut self) {
        assert!(self.open > 0, "LayoutBuilder::close without open");
        self.open -= 1;
        self.layout.shape.push_close();
    }
    /// Append the leaf mode `s:d`.
    #[inline(always)]
    pub(crate) fn leaf(&mut self, s: i64, d: Stride) {
        let n = self.layout.shape.push_leaf(s);
        self.layout.strides.set(n, n, d);
    }
    /// Append the mode `s:d` (congruent sub-tuples).
    #[inline]
    pub(crate) fn push(&mut self, s: IntRef<'_>, d: StrideRef<'_>) {
        debug_assert!(d.congruent(s));
        // Element by element: the pieces are a few leaves long, shorter
        // than a call to `memcpy` costs.
        let n = self.layout.shape.leaf_count();
        for (i, v) in (n..).zip(d.leaves()) {
            self.layout.strides.set(i, i, v);
        }
        self.layout.shape.push_ref(s);
    }
    /// Append the layout `l` as one mode.
    #[inline]
    pub(crate) fn push_layout(&mut self, l: &Layout) {
        self.push(l.shape.as_ref(), l.stride());
    }
    /// Where the next item starts.
    #[inline]
    pub(crate) fn mark(&self) -> Mark {
        self.layout.shape.mark()
    }
    /// Drop the items appended since `mark` (a mode whose build is restarted).
    #[inline]
    pub(crate) fn truncate(&mut self, mark: Mark) {
        self.layout.shape.truncate(mark);
        self.layout.strides.truncate(mark.1);
    }
    /// The number of leaves appended since `mark`.
    #[inline]
    pub(crate) fn leaves_since(&self, mark: Mark) -> usize {
        self.layout.shape.mark().1 - mark.1
    }
    /// Negate the strides of the leaves appended since `mark`.
    #[inline]
    pub(crate) fn negate_strides_since(&mut self, mark: Mark, op: &'static str) -> Result<()> {
        let n = self.layout.shape.leaf_count();
        for i in mark.1..n {
            let d = self.layout.strides.slice(i..i + 1).get(0).mul(-1, op)?;
            self.layout.strides.set(n, i, d);
        }
        Ok(())
    }
    /// Make the leaves appended since `mark` one mode: a single leaf stays a
    /// leaf, several become a flat tuple.
    #[inline(always)]
    pub(crate) fn group_leaves(&mut self, mark: Mark) {
        // A single leaf stays as it is: tested here, without a call.
        if self.leaves_since(mark) != 1 {
            self.layout.shape.group_leaves(mark);
        }
    }
    /// Append `s:d` to the group of leaves that starts at `mark`, with more
    /// leaves to follow: the group opens as a flat tuple before its first
    /// leaf (no tokens shifted or regrouped later, as [`Self::group_leaves`] does).
    #[inline(always)]
    pub(crate) fn group_leaf(&mut self, mark: Mark, s: i64, d: Stride) {
        if self.leaves_since(mark) == 0 {
            self.open();
        }
        self.leaf(s, d);
    }
    /// Append `s:d` as the last leaf of the group that starts at `mark`: it
    /// stays a leaf when it is the group's only one, and closes the flat
    /// tuple that [`Self::group_leaf`] opened otherwise.
    #[inline(always)]
    pub(crate) fn last_group_leaf(&mut self, mark: Mark, s: i64, d: Stride) {
        self.leaf(s, d);
        if self.leaves_since(mark) > 1 {
            self.close();
        }
    }
    /// The items appended since `mark`, borrowed (one layout when a single
    /// mode was appended).
    #[inline]
    pub(crate) fn view_since(&self, mark: Mark) -> LayoutRef<'_> {
        let shape = self.layout.shape.since(mark);
        let n = self.layout.shape.leaf_count();
        LayoutRef {
            shape,
            stride: StrideRef::from_raw(shape.raw().0, self.layout.strides.slice(mark.1..n)),
        }
    }
    /// Everything appended so far, borrowed (the layout, once every mode is closed).
    #[inline]
    pub(crate) fn view(&self) -> LayoutRef<'_> {
        debug_assert!(self.open == 0 && !self.layout.shape.is_unfinished());
        self.view_since((0, 0))
    }
    /// Append the borrowed layout `l` as one mode.
    #[inline]
    pub(crate) fn push_view(&mut self, l: LayoutRef<'_>) {
        self.push(l.shape, l.stride);
    }
    /// End the build: the layout is complete. Panics if a mode is still
    /// open or nothing was appended (a programming error, not an input error).
    #[inline]
    pub(crate) fn finish(self) {
        assert!(
            self.open == 0 && !self.layout.shape.is_unfinished(),
            "unbalanced LayoutBuilder"
        );
    }
}

fn identity_strides(
    shape: IntRef<'_>,
    path: &mut smallvec::SmallVec<[usize; 4]>,
    out: &mut Builder<Stride>,
) -> Result<()> {
    if shape.is_leaf() {
        let p: &[usize] = if path.is_empty() { &[0] } else { path };
        out.leaf(Stride::Basis(ScaledBasis::new(1, p)?));
        return Ok(());
    }
    out.open();
    for (i, m) in shape.modes().enumerate() {
        path.push(i);
        identity_strides(m, path, out)?;
        path.pop();
    }
    out.close();
    Ok(())
}

impl fmt::Display for Layout {
    /// CuTe notation `shape:stride`, e.g. `(4,(3,2)):(2,(8,1))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride())
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The compact layout of `shape` whose leaves take strides in increasing
/// order of `key(leaf index, leaf count)` (ties left to right); size-1 leaves
/// get stride 0.
/// The compact strides of the flat extents `sizes` ranked by `(key(i), i)`:
/// leaf `i` gets the product of the extents ranked before it; a leaf that
/// `unit(i)` says is the extent 1 gets 0 and counts as 1. The runtime
/// layer's `Layout::ordered` (every extent 1 so) and the type level's
/// `try_make_ordered_layout` (the static extents 1: a run-time one is a
/// factor, as CuTe C++ takes it) share it.
pub(crate) fn ordered_strides(
    sizes: &[i64],
    key: &dyn Fn(usize) -> i64,
    unit: &dyn Fn(usize) -> bool,
    op: &'static str,
) -> Result<smallvec::SmallVec<[i64; 16]>> {
    let n = sizes.len();
    let mut idx: smallvec::SmallVec<[usize; 16]> = (0..n).collect();
    sort_by(&mut idx, |&i, &j| (key(i), i) < (key(j), j));
    let mut strides = smallvec::SmallVec::<[i64; 16]>::from_elem(0, n);
    let mut acc = 1i64;
    for &i in &idx {
        if !unit(i) {
            strides[i] = acc;
            acc = mul(acc, sizes[i], op)?;
        }
    }
    Ok(strides)
}

fn compact(
    shape: &IntTuple,
    key: impl Fn(usize, usize) -> i64,
    op: &'static str,
) -> Result<Layout> {
    check_shape(shape.as_ref(), op)?;
    let sizes: smallvec::SmallVec<[i64; 16]> = shape.leaves().collect();
    let n = sizes.len();
    let strides = ordered_strides(&sizes, &|i| key(i, n), &|i| sizes[i] == 1, op)?;
    let mut it = strides.into_iter();
    Ok(Layout::from_parts(
        shape.clone(),
        shape.map(|_| Stride::Int(it.next().expect("counted"))),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::ErrorKind;
    use alloc::string::ToString;

    #[test]
    fn build_returns_the_layout_or_the_error_inline_and_on_the_heap() {
        for leaves in [3usize, 20] {
            let built = Layout::build(|out| {
                out.open();
                for i in 0..leaves {
                    out.leaf(2, Stride::Int(1 << i));
                }
                out.close();
                Ok(())
            })
            .unwrap();
            assert_eq!(built.shape().leaf_count(), leaves);
            assert_eq!(built.size().unwrap(), 1 << leaves);
            assert_eq!(built.call((1 << leaves) - 1).unwrap(), (1 << leaves) - 1);
            // Failing after some leaves (spilled to the heap for 20): the
            // error comes back, the partial layout is dropped.
            let failed = Layout::build(|out| {
                out.open();
                for i in 0..leaves {
                    out.leaf(2, Stride::Int(1 << (40 + i)));
                }
                Err(LayoutError::overflow("test"))
            })
            .unwrap_err();
            assert_eq!(failed.kind(), ErrorKind::Overflow);
        }
        let failed = Layout::build(|_| Err(LayoutError::overflow("test"))).unwrap_err();
        assert_eq!(
            failed.to_string(),
            LayoutError::overflow("test").to_string()
        );
    }
}
