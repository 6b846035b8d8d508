//! Restructuring the modes of a layout without changing its leaves:
//! `select`, `take`, `group_modes`, `flatten`, `append`, `prepend`, `replace`.
//!
//! These only regroup the (shape, stride) leaves, so `flatten` of the result
//! lists (a subset of) the leaves of the input in the stated order. A leaf
//! layout `s:d` counts as the rank-1 tuple `(s):(d)`.
//!
//! ```
//! use layout_algebra::runtime::{group_modes, select, Layout};
//! let a: Layout = "(2,3,5,7):(1,2,6,30)".parse().unwrap();
//! assert_eq!(group_modes(&a, 1, 3).unwrap().to_string(), "(2,(3,5),7):(1,(2,6),30)");
//! assert_eq!(select(&a, &[2, 0]).unwrap().to_string(), "(5,2):(6,1)");
//! ```

use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::IntRef;
use crate::runtime::layout::{Layout, LayoutBuilder};
use crate::runtime::stride::StrideRef;

/// Builds a tuple layout mode by mode, in the caller's layout.
pub(crate) struct ModeBuilder<'a> {
    out: LayoutBuilder<'a>,
}

impl<'a> ModeBuilder<'a> {
    /// Build into `layout`, which has nothing appended yet.
    #[inline]
    pub(crate) fn on(layout: &'a mut Layout) -> Self {
        let mut out = LayoutBuilder::on(layout);
        out.open();
        ModeBuilder { out }
    }
    #[inline]
    pub(crate) fn push(&mut self, s: IntRef<'_>, d: StrideRef<'_>) {
        self.out.push(s, d);
    }
    #[inline]
    pub(crate) fn push_layout(&mut self, l: &Layout) {
        self.out.push_layout(l);
    }
    fn open(&mut self) {
        self.out.open();
    }
    fn close(&mut self) {
        self.out.close();
    }
    /// End the build: the tuple is complete.
    #[inline]
    pub(crate) fn finish(mut self) {
        self.close();
        self.out.finish()
    }
}

/// The modes of `a` as (shape, stride) pairs; a leaf layout is its own single mode.
fn modes(a: &Layout) -> impl Iterator<Item = (IntRef<'_>, StrideRef<'_>)> {
    a.view().modes().map(|m| (m.shape, m.stride))
}

/// CuTe `select<I...>(A)`: the tuple layout of modes `I₀, I₁, …` of `A`, in
/// that order (repeats allowed). An index `≥ rank(A)` is a `RankMismatch`.
///
/// ```
/// use layout_algebra::runtime::{select, Layout};
/// let a: Layout = "(2,3,5):(1,2,6)".parse().unwrap();
/// assert_eq!(select(&a, &[1, 1]).unwrap().to_string(), "(3,3):(2,2)");
/// ```
pub fn select(a: &Layout, indices: &[usize]) -> Result<Layout> {
    let all: smallvec::SmallVec<[_; 16]> = modes(a).collect();
    let mut nodes = 0usize;
    for &i in indices {
        match all.get(i) {
            Some((s, _)) => nodes = nodes.saturating_add(s.node_count()),
            None => bail!(
                RankMismatch,
                "select",
                "mode {i} of rank-{} layout {a}",
                a.rank()
            ),
        }
    }
    if nodes > MAX_SELECT_NODES {
        bail!(
            Limit,
            "select",
            "selecting {} modes of {a} would build {nodes} nodes; at most {MAX_SELECT_NODES}",
            indices.len()
        );
    }
    let mut r = Layout::unfinished();
    let mut out = ModeBuilder::on(&mut r);
    for &i in indices {
        let (s, d) = all[i];
        out.push(s, d);
    }
    out.finish();
    Ok(r)
}

/// The most nodes (leaves and tuples) a [`select`] result may have: repeated
/// indices could otherwise copy a large mode without bound.
pub const MAX_SELECT_NODES: usize = 1 << 20;

/// CuTe `take<B,E>(A)`: the tuple layout of modes `[B, E)` of `A`. Needs
/// `B < E ≤ rank(A)` (an empty range is an error, as in C++).
///
/// ```
/// use layout_algebra::runtime::{take, Layout};
/// let a: Layout = "(2,3,5,7):(1,2,6,30)".parse().unwrap();
/// assert_eq!(take(&a, 1, 3).unwrap().to_string(), "(3,5):(2,6)");
/// ```
pub fn take(a: &Layout, begin: usize, end: usize) -> Result<Layout> {
    if begin >= end || end > a.rank() {
        bail!(
            RankMismatch,
            "take",
            "range [{begin},{end}) of rank-{} layout {a} must be non-empty and in range",
            a.rank()
        );
    }
    let mut r = Layout::unfinished();
    let mut out = ModeBuilder::on(&mut r);
    for (s, d) in modes(a).skip(begin).take(end - begin) {
        out.push(s, d);
    }
    out.finish();
    Ok(r)
}

/// CuTe `group<B,E>(A)`: modes `[B, E)` of `A` become one mode. Needs
/// `B ≤ E ≤ rank(A)`; an empty range returns `A` unchanged, a leaf `A` as the
/// rank-1 tuple it counts as (C++: `group<1,1>(8:2)` is `(8):(2)`).
///
/// ```
/// use layout_algebra::runtime::{group_modes, Layout};
/// let a: Layout = "(2,3,5,7):(1,2,6,30)".parse().unwrap();
/// assert_eq!(group_modes(&a, 0, 1).unwrap().to_string(), "((2),3,5,7):((1),2,6,30)");
/// let leaf: Layout = "8:2".parse().unwrap();
/// assert_eq!(group_modes(&leaf, 1, 1).unwrap().to_string(), "(8):(2)");
/// ```
pub fn group_modes(a: &Layout, begin: usize, end: usize) -> Result<Layout> {
    if begin > end || end > a.rank() {
        bail!(
            RankMismatch,
            "group_modes",
            "range [{begin},{end}) of rank-{} layout {a}",
            a.rank()
        );
    }
    let mut r = Layout::unfinished();
    let mut out = ModeBuilder::on(&mut r);
    if begin == end {
        if !a.shape().is_leaf() {
            return Ok(a.clone());
        }
        for (s, d) in modes(a) {
            out.push(s, d);
        }
        out.finish();
        return Ok(r);
    }
    for (i, (s, d)) in modes(a).enumerate() {
        if i == begin {
            out.open();
        }
        out.push(s, d);
        if i + 1 == end {
            out.close();
        }
    }
    out.finish();
    Ok(r)
}

/// CuTe `flatten(A)`: the flat tuple of `A`'s leaves (a leaf layout stays a leaf).
///
/// ```
/// use layout_algebra::runtime::{flatten, Layout};
/// let a: Layout = "(2,(3,5)):(1,(2,6))".parse().unwrap();
/// assert_eq!(flatten(&a).to_string(), "(2,3,5):(1,2,6)");
/// ```
pub fn flatten(a: &Layout) -> Layout {
    Layout::from_parts(a.shape().flatten(), a.stride().flatten())
}

/// CuTe `append(A, x)`: `A`'s modes followed by the mode `x` (`(A, x)` when
/// `A` is a leaf).
///
/// ```
/// use layout_algebra::runtime::{append, Layout};
/// let a: Layout = "4:1".parse().unwrap();
/// let x: Layout = "2:4".parse().unwrap();
/// assert_eq!(append(&a, &x).to_string(), "(4,2):(1,4)");
/// ```
pub fn append(a: &Layout, x: &Layout) -> Layout {
    let mut r = Layout::unfinished();
    let mut out = ModeBuilder::on(&mut r);
    for (s, d) in modes(a) {
        out.push(s, d);
    }
    out.push_layout(x);
    out.finish();
    r
}

/// CuTe `prepend(A, x)`: the mode `x` followed by `A`'s modes.
///
/// ```
/// use layout_algebra::runtime::{prepend, Layout};
/// let a: Layout = "4:1".parse().unwrap();
/// let x: Layout = "2:4".parse().unwrap();
/// assert_eq!(prepend(&a, &x).to_string(), "(2,4):(4,1)");
/// ```
pub fn prepend(a: &Layout, x: &Layout) -> Layout {
    let mut r = Layout::unfinished();
    let mut out = ModeBuilder::on(&mut r);
    out.push_layout(x);
    for (s, d) in modes(a) {
        out.push(s, d);
    }
    out.finish();
    r
}

/// CuTe `replace<I>(A, x)`: `A` with mode `I` replaced by `x` (a leaf layout
/// with `I = 0` becomes `x`). `I ≥ rank(A)` is a `RankMismatch`.
///
/// ```
/// use layout_algebra::runtime::{replace, Layout};
/// let a: Layout = "(2,3,5):(1,2,6)".parse().unwrap();
/// let x: Layout = "4:1".parse().unwrap();
/// assert_eq!(replace(&a, 1, &x).unwrap().to_string(), "(2,4,5):(1,1,6)");
/// ```
pub fn replace(a: &Layout, i: usize, x: &Layout) -> Result<Layout> {
    if i >= a.rank() {
        bail!(
            RankMismatch,
            "replace",
            "mode {i} of rank-{} layout {a}",
            a.rank()
        );
    }
    if a.shape().is_leaf() {
        return Ok(x.clone());
    }
    let mut r = Layout::unfinished();
    let mut out = ModeBuilder::on(&mut r);
    for (k, (s, d)) in modes(a).enumerate() {
        if k == i {
            out.push_layout(x);
        } else {
            out.push(s, d);
        }
    }
    out.finish();
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::ErrorKind;
    use alloc::string::ToString;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    // Expected values checked against CuTe C++ 4.2.
    #[test]
    fn examples() {
        let a = l("(2,3,5,7):(1,2,6,30)");
        let v = l("4:1");
        let x = l("2:4");
        let s = |r: Result<Layout>| r.unwrap().to_string();
        assert_eq!(s(group_modes(&a, 1, 3)), "(2,(3,5),7):(1,(2,6),30)");
        assert_eq!(s(group_modes(&a, 0, 0)), "(2,3,5,7):(1,2,6,30)");
        assert_eq!(s(group_modes(&a, 4, 4)), "(2,3,5,7):(1,2,6,30)");
        assert_eq!(s(group_modes(&a, 0, 1)), "((2),3,5,7):((1),2,6,30)");
        assert_eq!(s(group_modes(&a, 0, 4)), "((2,3,5,7)):((1,2,6,30))");
        assert_eq!(s(group_modes(&v, 0, 1)), "((4)):((1))");
        assert_eq!(s(take(&a, 1, 3)), "(3,5):(2,6)");
        assert_eq!(s(take(&a, 1, 2)), "(3):(2)");
        assert_eq!(s(take(&v, 0, 1)), "(4):(1)");
        assert_eq!(s(select(&a, &[2, 0])), "(5,2):(6,1)");
        assert_eq!(s(select(&a, &[1, 1])), "(3,3):(2,2)");
        assert_eq!(s(select(&v, &[0])), "(4):(1)");
        assert_eq!(append(&v, &x).to_string(), "(4,2):(1,4)");
        assert_eq!(prepend(&v, &x).to_string(), "(2,4):(4,1)");
        assert_eq!(append(&a, &v).to_string(), "(2,3,5,7,4):(1,2,6,30,1)");
        assert_eq!(
            append(&l("((2,3)):((1,2))"), &v).to_string(),
            "((2,3),4):((1,2),1)"
        );
        assert_eq!(s(replace(&a, 1, &v)), "(2,4,5,7):(1,1,6,30)");
        assert_eq!(s(replace(&v, 0, &x)), "2:4");
        assert_eq!(
            flatten(&l("(2,(3,5)):(1,(2,6))")).to_string(),
            "(2,3,5):(1,2,6)"
        );
        assert_eq!(flatten(&v).to_string(), "4:1");
    }

    #[test]
    fn out_of_range_indices_are_rank_mismatches() {
        let a = l("(2,3,5,7):(1,2,6,30)");
        let v = l("4:1");
        for r in [
            select(&a, &[0, 4]),
            select(&v, &[1]),
            take(&a, 0, 0),
            take(&a, 2, 1),
            take(&a, 3, 5),
            group_modes(&a, 3, 2),
            group_modes(&a, 0, 5),
            replace(&a, 4, &v),
            replace(&v, 1, &v),
        ] {
            assert_eq!(r.unwrap_err().kind(), ErrorKind::RankMismatch);
        }
    }
}
