//! Flat mode lists: the coalesced, flattened form of a layout that the
//! algebra works on internally.
//!
//! `coalesce_modes(L)` reads the leaves of `L` left to right, drops size-1
//! modes and merges mode `i+1` into mode `i` whenever `dᵢ₊₁ = sᵢ·dᵢ`. The
//! result computes the same function as `L` (CuTe's `coalesce`), and is empty
//! only when `size(L) = 1`.

use crate::runtime::error::Result;
use crate::runtime::layout::{Layout, LayoutBuilder, LayoutRef, Mark};
use crate::runtime::stride::Stride;
use smallvec::SmallVec;

/// A flat list of `(shape, stride)` modes, stored inline (room for the 16
/// modes of a 16-leaf layout plus the extra modes a complement appends).
pub(crate) type FlatModes = SmallVec<[(i64, Stride); 20]>;

/// Flat modes `(extent, stride)` with integer strides, stored inline.
pub(crate) type IntModes = SmallVec<[(i64, i64); 16]>;

/// The coalesced flat modes of `layout` (empty when its size is 1).
#[inline]
pub(crate) fn coalesce_modes(layout: &Layout) -> Result<FlatModes> {
    coalesce_leaves(layout.leaves())
}

/// The coalesced flat modes of the leaves `leaves` read left to right.
#[inline]
pub(crate) fn coalesce_leaves(leaves: impl Iterator<Item = (i64, Stride)>) -> Result<FlatModes> {
    let mut out = FlatModes::new();
    for (s, d) in leaves {
        if s == 1 {
            continue;
        }
        if let Some(last) = out.last_mut()
            && merges(*last, d)?
        {
            last.0 = crate::runtime::int_tuple::mul(last.0, s, "coalesce")?;
            continue;
        }
        out.push((s, d));
    }
    Ok(out)
}

/// `modes` coalesced in place (as [`coalesce_leaves`] would list them).
#[inline]
pub(crate) fn coalesce_in_place(modes: &mut FlatModes) -> Result<()> {
    let v = modes.as_mut_slice();
    let mut w = 0usize;
    for i in 0..v.len() {
        let (s, d) = v[i];
        if s == 1 {
            continue;
        }
        if w > 0 && merges(v[w - 1], d)? {
            v[w - 1].0 = crate::runtime::int_tuple::mul(v[w - 1].0, s, "coalesce")?;
        } else {
            v[w] = (s, d);
            w += 1;
        }
    }
    modes.truncate(w);
    Ok(())
}

/// Whether a mode of stride `d` continues the mode `s₀:d₀`, `d = s₀·d₀`.
#[inline]
fn merges((s0, d0): (i64, Stride), d: Stride) -> Result<bool> {
    match (d0, d) {
        (Stride::Int(d0), Stride::Int(d)) => {
            Ok(crate::runtime::int_tuple::mul(d0, s0, "coalesce")? == d)
        }
        _ => Ok(d0.mul(s0, "coalesce")? == d),
    }
}

/// Append the coalesced modes of `leaves` to `out` as one mode: a leaf when
/// one mode remains, a flat tuple when several do; returns how many remain
/// (none appends nothing).
#[inline]
pub(crate) fn push_coalesced(
    out: &mut LayoutBuilder,
    leaves: impl Iterator<Item = (i64, Stride)> + Clone,
) -> Result<usize> {
    let mark = out.mark();
    // Integer strides take the fast path, which gives up at the first basis
    // stride; its partial output is then dropped and the general path
    // starts over (both fail alike on an overflow before that stride).
    if let Some(n) = push_coalesced_ints(out, leaves.clone())? {
        return Ok(n);
    }
    out.truncate(mark);
    // The mode being merged into stays in registers until the next one starts.
    let mut open: Option<(i64, Stride)> = None;
    for (s, d) in leaves {
        if s == 1 {
            continue;
        }
        open = Some(match open {
            Some(m) if merges(m, d)? => (crate::runtime::int_tuple::mul(m.0, s, "coalesce")?, m.1),
            Some(m) => {
                out.group_leaf(mark, m.0, m.1);
                (s, d)
            }
            None => (s, d),
        });
    }
    if let Some(m) = open {
        out.last_group_leaf(mark, m.0, m.1);
    }
    Ok(out.leaves_since(mark))
}

/// [`push_coalesced`] of the leaves of `layout`, read from its leaf arrays
/// without a per-leaf test of the stride's form where every stride is a
/// narrow integer.
#[inline]
pub(crate) fn push_coalesced_layout(
    out: &mut LayoutBuilder,
    layout: LayoutRef<'_>,
) -> Result<usize> {
    if let Some((shapes, strides)) = layout.narrow_leaves() {
        // Integer strides only: the integer path alone, with no copy of the
        // leaves kept for a fallback (it takes registers from the loop).
        let mark = out.mark();
        let ints = shapes
            .iter()
            .zip(strides)
            .map(|(&s, &d)| (s, Stride::Int(d.into())));
        if let Some(n) = push_coalesced_ints(out, ints)? {
            return Ok(n);
        }
        out.truncate(mark);
    }
    push_coalesced(out, layout.leaves())
}

/// [`push_coalesced`] of integer strides: `d₀·s₀ = d` decides a merge.
/// `None` at the first scaled-basis stride (what was appended, its group
/// closed, is left for the caller to drop).
#[inline]
fn push_coalesced_ints(
    out: &mut LayoutBuilder,
    leaves: impl Iterator<Item = (i64, Stride)>,
) -> Result<Option<usize>> {
    let mark = out.mark();
    let mut leaves = leaves;
    // The mode being merged into: the first of extent > 1.
    let (mut s0, mut d0) = loop {
        match leaves.next() {
            None => return Ok(Some(0)),
            Some((_, Stride::Basis(_))) => return Ok(None),
            Some((1, _)) => {}
            Some((s, Stride::Int(d))) => break (s, d),
        }
    };
    for (s, d) in leaves {
        let Stride::Int(d) = d else {
            if out.leaves_since(mark) > 0 {
                out.close();
            }
            return Ok(None);
        };
        // The merge tested first (the common case): a size-1 leaf that
        // passes it changes nothing, one that fails it (or overflows the
        // product, which a size-1 leaf does not compute) is skipped.
        match d0.checked_mul(s0) {
            Some(next) if next == d => s0 = crate::runtime::int_tuple::mul(s0, s, "coalesce")?,
            _ if s == 1 => {}
            Some(_) => {
                push_mode(out, mark, s0, d0);
                (s0, d0) = (s, d);
            }
            None => return Err(crate::runtime::error::LayoutError::overflow("coalesce")),
        }
    }
    out.last_group_leaf(mark, s0, Stride::Int(d0));
    // Counted from the builder, not in the loop (one value fewer in registers).
    Ok(Some(out.leaves_since(mark)))
}

/// Append the finished mode `s:d` to the group at `mark` (out of line: the
/// merge loop of [`push_coalesced_ints`] keeps its values in registers
/// across it).
#[cold]
#[inline(never)]
fn push_mode(out: &mut LayoutBuilder, mark: Mark, s: i64, d: i64) {
    out.group_leaf(mark, s, Stride::Int(d));
}

/// The layout of a flat mode list: `1:0` when empty, a single mode unwrapped,
/// otherwise a flat tuple.
#[inline]
pub(crate) fn layout_of(modes: &[(i64, Stride)]) -> Layout {
    let mut r = Layout::unfinished();
    let mut out = LayoutBuilder::on(&mut r);
    match modes {
        [] => out.leaf(1, Stride::Int(0)),
        [(s, d)] => out.leaf(*s, *d),
        _ => {
            out.open();
            for &(s, d) in modes {
                out.leaf(s, d);
            }
            out.close();
        }
    }
    out.finish();
    r
}

/// CuTe C++'s `coalesce_x` of `layout`, written to the empty `rev` (no list
/// moved on return): the coalesced flat modes that also preserve its function
/// *outside* its domain, where the last mode is unbounded (`idx2crd` does not
/// wrap it). The last leaf is therefore kept even when its extent is 1, and
/// always ends the list; the other size-1 leaves are dropped and adjacent modes
/// merge when `dᵢ₊₁ = sᵢ·dᵢ`. Its leaves are read by index, right to left.
#[inline]
pub(crate) fn coalesce_x_into(layout: LayoutRef<'_>, rev: &mut FlatModes) -> Result<()> {
    debug_assert!(rev.is_empty());
    let (shapes, strides) = (layout.shape.leaf_slice(), layout.stride.raw().1);
    let n = shapes.len().min(strides.len());
    coalesce_x_walk(n, |i| (shapes[i], strides.get(i)), |m| rev.push(m))
        .ok_or_else(|| crate::runtime::error::LayoutError::overflow("coalesce"))?;
    rev.reverse();
    Ok(())
}

/// A stride of a flat mode list: a plain integer (the narrow paths' `i64`)
/// or any [`Stride`], so that one walk serves both forms.
pub(crate) trait FlatStride: Copy + PartialEq {
    /// The stride 0.
    const ZERO: Self;
    /// `self·k`, `None` past i64.
    fn times(self, k: i64) -> Option<Self>;
    /// As a [`Stride`].
    fn stride(self) -> Stride;
}

impl FlatStride for i64 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn times(self, k: i64) -> Option<Self> {
        self.checked_mul(k)
    }
    #[inline(always)]
    fn stride(self) -> Stride {
        Stride::Int(self)
    }
}

impl FlatStride for Stride {
    const ZERO: Self = Stride::Int(0);
    #[inline(always)]
    fn times(self, k: i64) -> Option<Self> {
        match self {
            Stride::Int(v) => v.checked_mul(k).map(Stride::Int),
            Stride::Basis(e) => e
                .value()
                .checked_mul(k)
                .map(|v| Stride::Basis(e.with_value(v))),
        }
    }
    #[inline(always)]
    fn stride(self) -> Stride {
        self
    }
}

/// The walk of [`coalesce_x_into`] over the `n` leaves `leaf(i)`, right to
/// left: each finished mode goes to `emit`, the rightmost first (one mode,
/// `1:0`, for no leaf). The last leaf always starts the list, whatever its
/// extent; another leaf of extent 1 is dropped, and `s:d` merges into the
/// mode `s₁:d₁` to its right when `d·s = d₁`. `None` where a product passes
/// i64.
#[inline(always)]
pub(crate) fn coalesce_x_walk<S: FlatStride>(
    n: usize,
    leaf: impl Fn(usize) -> (i64, S),
    mut emit: impl FnMut((i64, S)),
) -> Option<()> {
    let Some(last) = n.checked_sub(1) else {
        emit((1, S::ZERO));
        return Some(());
    };
    let mut front = leaf(last);
    for i in (0..last).rev() {
        let (s, d) = leaf(i);
        if s == 1 {
            continue;
        }
        if d.times(s)? == front.1 {
            front = (s.checked_mul(front.0)?, d);
        } else {
            emit(front);
            front = (s, d);
        }
    }
    emit(front);
    Some(())
}

/// `A(x)` with the last mode unbounded and `A(-x) = -A(x)` (CuTe C++'s
/// `idx2crd` without wrap, truncating division).
pub(crate) fn eval_extended(flat: &[(i64, i64)], x: i64) -> Result<i64> {
    let mut rest = x
        .checked_abs()
        .ok_or_else(|| crate::runtime::error::LayoutError::overflow("call"))?;
    let mut sum = 0i64;
    for (k, &(s, d)) in flat.iter().enumerate() {
        let c = if k + 1 == flat.len() { rest } else { rest % s };
        rest /= s;
        sum = crate::runtime::int_tuple::add(
            sum,
            crate::runtime::int_tuple::mul(c, d, "call")?,
            "call",
        )?;
    }
    crate::runtime::int_tuple::mul(sum, x.signum(), "call")
}
