//! Composition `A ∘ B` of a layout with a layout or a [tiler](crate::runtime::Tiler).
//!
//! `(A ∘ B)(c) = A(B(c))` for every coordinate `c` of `B`; the result is
//! compatible with `B`. Past its size, `A` extends as CuTe C++ evaluates it:
//! `idx2crd` does not wrap the last leaf, so that leaf is unbounded even if
//! its extent is 1 (`7:11 ∘ 3:4 = 3:44`, `((2,1)):((0,6)) ∘ 12:8 = 12:24`).
//! For a leaf `B = s:d` the result walks the coalesced modes `(sₖ:dₖ)` of `A`
//! (CuTe's `coalesce_x`, which keeps that extension), first dividing out the
//! stride `d`, then keeping `s` elements. The paper's admissibility conditions (001, 3.3.2)
//! are enforced exactly:
//! - **stride divisibility**: a mode of `A` may be crossed only where the
//!   remaining stride divides, or is divided by, its extent;
//! - **shape divisibility**: a shape of `B` crossing a mode of `A` must be
//!   divisible by that mode's remaining extent.
//!
//! Truncation that stays inside one mode needs neither
//! (`(4,2,8):(3,12,97) ∘ 3:3 = 3:9`). A multi-mode `B` is composed mode by mode;
//! that equals `A(B(c))` only under 001 Eq. 23, which is proved structurally
//! (the images of `B`'s modes occupy separate digit ranges of `A`), or else
//! checked point by point, and refused with [`ErrorKind::Distributivity`]
//! when it fails. A tiler `<B₀, B₁, …>` composes mode `i` of `A` with `Bᵢ` and
//! drops the modes of `A` it does not reach (CuTe C++).
//!
//! Negative strides in `B` follow CuTe C++: `A` is extended oddly,
//! `A(-x) = -A(x)`. A scaled-basis stride `v@i` in `B` composes with mode `i` of `A`.
//!
//! ```
//! use layout_algebra::runtime::{composition, Layout, Tiler};
//! let a: Layout = "(6,2):(8,2)".parse().unwrap();
//! let b: Layout = "(4,3):(3,1)".parse().unwrap();
//! assert_eq!(composition(&a, &b).unwrap().to_string(), "((2,2),3):((24,2),8)");
//! let t = Tiler::parse("<3:1, 2:1>").unwrap();
//! let c: Layout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
//! assert_eq!(composition(&c, &t).unwrap().to_string(), "(3,2):(59,13)");
//! ```

use super::mode_list::{
    coalesce_x_into, coalesce_x_walk, eval_extended, FlatModes, FlatStride, IntModes,
};
use crate::runtime::error::{bail, ErrorKind, LayoutError, Result};
use crate::runtime::int_tuple::{div_rem, gcd, mul, rem};
use crate::runtime::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::runtime::sort::sort_by;
use crate::runtime::stride::{Stride, StrideSlice};
use crate::runtime::tiler::{int_layout, AsTiler, Tiler, TilerRef};
use crate::runtime::tuple::{INLINE, LEAF, OPEN};
use core::fmt::Display;

/// CuTe `composition(A, B)`: the layout `R` compatible with `B` such that
/// `R(c) = A(B(c))`; `B` is a layout or a tiler.
pub fn composition(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    Layout::build(|out| match b.as_tiler() {
        // A layout `B` straight to its composition, not through the tiler walk.
        TilerRef::Layout(l) => compose_layout(a.view(), l.view(), out),
        t => compose_into(a.view(), t, out),
    })
}

/// `A ∘ B` appended to `out` as one mode.
pub(crate) fn compose_into(
    a: LayoutRef<'_>,
    b: TilerRef<'_>,
    out: &mut LayoutBuilder,
) -> Result<()> {
    match b {
        TilerRef::Layout(l) => compose_layout(a, l.view(), out),
        // C++'s composition reads an integer n as n:1.
        TilerRef::Int(n) => compose_layout(a, int_layout(n, false)?.view(), out),
        TilerRef::Tuple(ts) => {
            if ts.len() > a.rank() {
                bail!(
                    RankMismatch,
                    "composition",
                    "tiler {} has rank {} but layout {a} has rank {}",
                    Tiler::Tuple(ts.to_vec()),
                    ts.len(),
                    a.rank()
                );
            }
            out.open();
            for (m, t) in a.modes().zip(ts) {
                compose_into(m, t.as_tiler(), out)?;
            }
            out.close();
            Ok(())
        }
    }
}

/// The right operand `B` of a composition: a layout, or the `(B, B*)` a
/// divide composes with, `B*` kept as its coalesced flat modes (one mode is
/// a leaf; it is never built as a layout unless an error message or the
/// point-by-point distributivity check needs it).
#[derive(Clone, Copy)]
pub(crate) enum RightOperand<'a> {
    /// A layout `B`.
    Layout(&'a LayoutRef<'a>),
    /// `(B, B*)` with the non-empty modes of `B*`.
    Pair(&'a LayoutRef<'a>, &'a [(i64, Stride)]),
}

impl<'a> RightOperand<'a> {
    /// The (shape, stride) leaves in order.
    fn leaves(self) -> impl Iterator<Item = (i64, Stride)> + Clone + 'a {
        let (first, rest) = match self {
            RightOperand::Layout(l) => (*l, &[][..]),
            RightOperand::Pair(l, rest) => (*l, rest),
        };
        first.leaves().chain(rest.iter().copied())
    }
    /// `f` of every (shape, stride) leaf in order, part by part (cheaper
    /// than [`RightOperand::leaves`] in hot loops).
    #[inline(always)]
    fn for_each_leaf(self, mut f: impl FnMut(i64, Stride)) {
        let (first, rest) = match self {
            RightOperand::Layout(l) => (*l, &[][..]),
            RightOperand::Pair(l, rest) => (*l, rest),
        };
        // One test of the stride form, not one per leaf.
        let shapes = first.shape.leaf_slice();
        match first.stride.raw().1 {
            StrideSlice::Narrow(strides) => {
                for (&s, &d) in shapes.iter().zip(strides) {
                    f(s, Stride::Int(d.into()));
                }
            }
            StrideSlice::Wide(strides) => {
                for (&s, &d) in shapes.iter().zip(strides) {
                    f(s, d);
                }
            }
        }
        for &(s, d) in rest {
            f(s, d);
        }
    }
    /// Whether every stride is an integer.
    fn is_integral(self) -> bool {
        match self {
            RightOperand::Layout(l) => l.is_integral(),
            RightOperand::Pair(l, rest) => {
                l.is_integral() && rest.iter().all(|(_, d)| d.as_int().is_some())
            }
        }
    }
    /// Whether `B` is a single leaf.
    fn is_leaf(self) -> bool {
        matches!(self, RightOperand::Layout(l) if l.shape.is_leaf())
    }
    /// `B` as a layout.
    fn to_layout(self) -> Layout {
        match self {
            RightOperand::Layout(l) => l.to_owned(),
            RightOperand::Pair(l, rest) => {
                let mut r = Layout::unfinished();
                let mut out = LayoutBuilder::on(&mut r);
                out.open();
                out.push_view(*l);
                push_modes(rest, &mut out);
                out.close();
                out.finish();
                r
            }
        }
    }
}

impl core::fmt::Display for RightOperand<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RightOperand::Layout(l) => l.fmt(f),
            RightOperand::Pair(..) => self.to_layout().fmt(f),
        }
    }
}

/// The flat modes `modes` appended as one mode: a leaf if there is one, a
/// flat tuple otherwise.
fn push_modes(modes: &[(i64, Stride)], out: &mut LayoutBuilder) {
    if let [(s, d)] = modes {
        out.leaf(*s, *d);
    } else {
        out.open();
        for &(s, d) in modes {
            out.leaf(s, d);
        }
        out.close();
    }
}

/// `A ∘ B` for a layout `B`, appended to `out` as one mode; a by-mode result
/// is checked for distributivity before it is handed over.
pub(crate) fn compose_layout(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    out: &mut LayoutBuilder,
) -> Result<()> {
    compose_operand(a, RightOperand::Layout(&b), out)
}

/// `A ∘ B` for a [`RightOperand`] `B`, appended to `out` as one mode; a by-mode
/// result is checked for distributivity before it is handed over.
pub(crate) fn compose_operand(
    a: LayoutRef<'_>,
    b: RightOperand<'_>,
    out: &mut LayoutBuilder,
) -> Result<()> {
    if let RightOperand::Layout(bl) = b
        && compose_narrow(a, *bl, out)
    {
        return Ok(());
    }
    let mut flat = FlatModes::new();
    coalesce_x_into(a, &mut flat)?;
    let mark = out.mark();
    compose_whole(a, &flat, b, out)?;
    if !b.is_leaf() && flat.len() > 1 {
        check_distributive(a, &flat, b, Some(out.view_since(mark)))?;
    }
    Ok(())
}

/// `A ∘ B` appended to `out` when every stride of `A` and `B` is a narrow
/// integer and `B`'s are not negative: the same steps as the general path
/// ([`coalesce_x_into`], the one leaf walk [`walk_leaf`], the structural
/// proof of [`check_distributive`]) on plain integers, with `A`'s coalesced modes
/// and `B`'s leaves on the stack. `false` (with nothing appended) wherever
/// that path would raise an error or fall back to the point-by-point check:
/// the general path then runs, and names the error.
#[inline]
fn compose_narrow(a: LayoutRef<'_>, b: LayoutRef<'_>, out: &mut LayoutBuilder) -> bool {
    let (Some((a_shapes, a_strides)), Some((b_shapes, b_strides))) =
        (a.narrow_leaves(), b.narrow_leaves())
    else {
        return false;
    };
    // A's coalesced modes, written right to left into the end of `modes`.
    let mut modes = [(0i64, 0i64); INLINE];
    let Some(first) = coalesce_x_narrow(a_shapes, a_strides, &mut modes) else {
        return false;
    };
    let flat = &modes[first..];
    let mark = out.mark();
    // B's leaves of extent > 1 and stride ≠ 0, for the proof of distributivity,
    // and whether each of their images ends on a boundary of A's radix.
    let mut leaves = [(0i64, 0i64); INLINE];
    let mut n = 0usize;
    let mut on_boundaries = true;
    let mut depth = 0usize;
    let mut b_leaves = b_shapes.iter().zip(b_strides);
    let mut ok = true;
    for &token in b.shape.raw().0 {
        match token {
            LEAF => {
                let Some((&s, &d)) = b_leaves.next() else {
                    ok = false;
                    break;
                };
                let d = i64::from(d);
                if d == 0 {
                    out.leaf(s, Stride::Int(0));
                } else {
                    let on_boundary = if d > 0 {
                        walk_leaf(flat, s, d, out).ok()
                    } else {
                        None
                    };
                    let Some(on_boundary) = on_boundary else {
                        ok = false;
                        break;
                    };
                    if s > 1 {
                        on_boundaries &= on_boundary;
                        let Some(slot) = leaves.get_mut(n) else {
                            ok = false;
                            break;
                        };
                        *slot = (s, d);
                        n += 1;
                    }
                }
            }
            OPEN => {
                out.open();
                depth += 1;
            }
            _ => {
                out.close();
                depth -= 1;
            }
        }
    }
    ok = ok
        && (n <= 1
            || flat.len() <= 1
            || on_boundaries && nested(&leaves[..n]) && {
                debug_assert!(matches!(segregated(flat, &mut leaves[..n]), Ok(true)));
                true
            }
            || matches!(segregated(flat, &mut leaves[..n]), Ok(true)));
    if !ok {
        for _ in 0..depth {
            out.close();
        }
        out.truncate(mark);
    }
    ok
}

/// [`coalesce_x_into`] of narrow integer leaves (the same walk), written
/// right to left so that the modes end `modes`; the index of the first, or
/// `None` where the general path would overflow.
#[inline(always)]
fn coalesce_x_narrow(
    shapes: &[i64],
    strides: &[i32],
    modes: &mut [(i64, i64); INLINE],
) -> Option<usize> {
    let n = shapes.len().min(strides.len());
    if n > INLINE {
        return None;
    }
    // At most one mode per leaf (one for none), so `w` stays in bounds.
    let mut w = INLINE;
    coalesce_x_walk(
        n,
        |i| (shapes[i], i64::from(strides[i])),
        |m| {
            w -= 1;
            modes[w] = m;
        },
    )?;
    Some(w)
}

/// Where [`walk_leaf`] stops: an admissibility condition (001, 3.3.2) fails
/// at mode `k` of coalesced A, or a product passes i64.
#[derive(Clone, Copy)]
enum Crossing {
    /// The remaining shape `rest_shape` crosses mode `k` after `next`
    /// elements and is not divisible by `next` (shape divisibility).
    Shape {
        k: usize,
        next: i64,
        rest_shape: i64,
    },
    /// The remaining stride `rest_stride` reaches past mode `k` and neither
    /// divides nor is divided by its extent (stride divisibility).
    Stride { k: usize, rest_stride: i64 },
    /// A product past i64.
    Overflow,
}

/// `A ∘ s:d` for a leaf of `B` of stride `d > 0`, `flat` being `A` coalesced
/// (`coalesce_x`), appended to `out` as one item (a leaf, or a flat tuple of
/// several modes): `d` is divided out of A's modes, then `s` elements are
/// kept. The one walk of both paths, generic over the stride form of `flat`.
/// Returns whether the image ends on a boundary of A's radix, `d·s = Pₖ·r`
/// with `r | sₖ` or a multiple of the last prefix (as [`segregated`] defines
/// them; `false` where that is not known); on a [`Crossing`], what was
/// appended is left for the caller to drop.
#[inline(always)]
fn walk_leaf<S: FlatStride>(
    flat: &[(i64, S)],
    s: i64,
    d: i64,
    out: &mut LayoutBuilder,
) -> core::result::Result<bool, Crossing> {
    debug_assert!(d > 0);
    let mut rest_stride = d;
    let mut rest_shape = s;
    // Leaves appended (each one token): the mark to group them is found
    // from the count at the end, and only several need grouping.
    let mut appended = 0usize;
    // The divisions before the mode where the image starts are exact, so it
    // starts at Pₖ·rest_stride; it ends on a boundary where it reaches the
    // last mode or fills its last mode k up to a divisor of sₖ.
    let mut on_boundary = true;
    let (&(_, last_stride), init) = flat.split_last().expect("coalesce_x gives a mode");
    // Every value divided here is positive (extents, and strides from d > 0
    // divided exactly or rounded up): unsigned divisions, each giving its
    // quotient and remainder at once.
    for (k, &(sk, dk)) in init.iter().enumerate() {
        let (q, r) = div_rem(rest_stride, sk);
        if rest_shape == 1 {
            // ceil_div_int.
            rest_stride = q + i64::from(r > 0);
        } else if r == 0 {
            rest_stride = q;
        } else if rem(sk, rest_stride) == 0 {
            let (next, _) = div_rem(sk, rest_stride);
            if rest_shape > next && rem(rest_shape, next) != 0 {
                return Err(Crossing::Shape {
                    k,
                    next,
                    rest_shape,
                });
            }
            let new = rest_shape.min(next);
            if rest_shape < next {
                // The image ends inside this mode, at Pₖ·rest_stride·rest_shape.
                on_boundary = rem(next, rest_shape) == 0;
            }
            out.leaf(
                new,
                dk.times(rest_stride).ok_or(Crossing::Overflow)?.stride(),
            );
            appended += 1;
            rest_shape = div_rem(rest_shape, new).0;
            rest_stride = 1;
        } else if (rest_shape - 1)
            .checked_mul(rest_stride)
            .ok_or(Crossing::Overflow)?
            < sk
        {
            // The whole remaining image stays inside this mode: not known
            // to end on a boundary.
            on_boundary = false;
            out.leaf(
                rest_shape,
                dk.times(rest_stride).ok_or(Crossing::Overflow)?.stride(),
            );
            appended += 1;
            rest_shape = 1;
            rest_stride = 1;
        } else {
            return Err(Crossing::Stride { k, rest_stride });
        }
    }
    let last = last_stride
        .times(rest_stride)
        .ok_or(Crossing::Overflow)?
        .stride();
    if appended == 0 || rest_shape != 1 {
        out.leaf(rest_shape, last);
        appended += 1;
    }
    if appended > 1 {
        let (tokens, leaves) = out.mark();
        out.group_leaves((tokens - appended, leaves - appended));
    }
    Ok(on_boundary)
}

/// Whether the positive-stride leaves `(s, d)` nest: of any two, the one of
/// smaller stride `d` has `s·d` dividing the other's stride. With every
/// image ending on a boundary `Mₜ = sₜ·dₜ` of A's radix, that proves them
/// [`segregated`]: sorted by stride, `Mₜ` divides every upper stride, and
/// the lower leaves' largest sum is below it (each `Mᵢ` is at most the next
/// stride, so the sum telescopes to less than `Mₜ`).
#[inline(always)]
fn nested(leaves: &[(i64, i64)]) -> bool {
    for (i, &(s, d)) in leaves.iter().enumerate() {
        for &(s2, d2) in &leaves[i + 1..] {
            let (m, upper) = if d < d2 {
                (s.checked_mul(d), d2)
            } else if d2 < d {
                (s2.checked_mul(d2), d)
            } else {
                return false;
            };
            match m {
                Some(m) if rem(upper, m) == 0 => {}
                _ => return false,
            }
        }
    }
    true
}

/// `A ∘ (B, B*)` split: `A ∘ B` is appended to `first` and `A ∘ B*` to
/// `second` (the halves of a divide, built where the zipped form wants
/// them), with the checks of [`compose_operand`] on the whole of `(B, B*)`,
/// in the same order.
pub(crate) fn compose_halves(
    a: LayoutRef<'_>,
    b: LayoutRef<'_>,
    rest: &[(i64, Stride)],
    first: &mut LayoutBuilder,
    second: &mut LayoutBuilder,
) -> Result<()> {
    let mut flat = FlatModes::new();
    coalesce_x_into(a, &mut flat)?;
    let whole = RightOperand::Pair(&b, rest);
    compose_tokens(a, &flat, b, whole, first)?;
    compose_modes(a, &flat, rest, whole, second)?;
    if flat.len() > 1 {
        check_distributive(a, &flat, whole, None)?;
    }
    Ok(())
}

/// `A ∘ B` appended to `out` as one mode, unchecked for distributivity.
#[inline(always)]
fn compose_whole(
    a: LayoutRef<'_>,
    flat: &[(i64, Stride)],
    b: RightOperand<'_>,
    out: &mut LayoutBuilder,
) -> Result<()> {
    match b {
        RightOperand::Layout(l) => compose_tokens(a, flat, *l, b, out),
        RightOperand::Pair(l, rest) => {
            out.open();
            compose_tokens(a, flat, *l, b, out)?;
            compose_modes(a, flat, rest, b, out)?;
            out.close();
            Ok(())
        }
    }
}

/// `A ∘ part` appended to `out`, `part` being `B` or a mode of it (named in
/// errors as `B`): its tree walked token by token, its leaves composed one
/// by one, its tuples kept.
#[inline(always)]
fn compose_tokens(
    a: LayoutRef<'_>,
    flat: &[(i64, Stride)],
    part: LayoutRef<'_>,
    b: RightOperand<'_>,
    out: &mut LayoutBuilder,
) -> Result<()> {
    let (tree, shapes) = part.shape.raw();
    let strides = part.stride.raw().1;
    let mut leaf = 0usize;
    for &token in tree {
        match token {
            LEAF => {
                compose_leaf(&a, flat, shapes[leaf], strides.get(leaf), &b, out)?;
                leaf += 1;
            }
            OPEN => out.open(),
            _ => out.close(),
        }
    }
    Ok(())
}

/// `A ∘ M` for the flat modes `M` of a part of `B` (one mode a leaf, several
/// a flat tuple), appended to `out` as one mode.
fn compose_modes(
    a: LayoutRef<'_>,
    flat: &[(i64, Stride)],
    modes: &[(i64, Stride)],
    b: RightOperand<'_>,
    out: &mut LayoutBuilder,
) -> Result<()> {
    if let [(s, d)] = modes {
        return compose_leaf(&a, flat, *s, *d, &b, out);
    }
    out.open();
    for &(s, d) in modes {
        compose_leaf(&a, flat, s, d, &b, out)?;
    }
    out.close();
    Ok(())
}

/// `A ∘ s:d` for one leaf of `B`, `flat` being `A` coalesced (`coalesce_x`),
/// appended to `out` as one item (a leaf, or a flat tuple of several modes):
/// a zero stride, a scaled basis (on the mode of `A` it names) and the sign
/// are taken here, the rest is [`walk_leaf`].
fn compose_leaf(
    a: &LayoutRef<'_>,
    flat: &[(i64, Stride)],
    s: i64,
    d: Stride,
    b: &RightOperand<'_>,
    out: &mut LayoutBuilder,
) -> Result<()> {
    let d = match d {
        Stride::Int(0) => {
            out.leaf(s, Stride::Int(0));
            return Ok(());
        }
        Stride::Int(v) => v,
        Stride::Basis(e) => {
            let path: smallvec::SmallVec<[usize; 4]> = e.modes().collect();
            let sub = a.get(&path).map_err(|_| {
                LayoutError::new(
                    ErrorKind::OutOfBounds,
                    "composition",
                    alloc::format!(
                        "basis stride {} of B = {b} names no mode of A = {a}",
                        Stride::Basis(e)
                    ),
                )
            })?;
            let mut sub_flat = FlatModes::new();
            coalesce_x_into(sub, &mut sub_flat)?;
            return compose_leaf(&sub, &sub_flat, s, Stride::Int(e.value()), b, out);
        }
    };
    let sign = d.signum();
    let abs = d
        .checked_abs()
        .ok_or_else(|| LayoutError::overflow("composition"))?;
    let mark = out.mark();
    if let Err(c) = walk_leaf(flat, s, abs, out) {
        return Err(refused(a, flat, s, d, b, c));
    }
    if sign < 0 {
        out.negate_strides_since(mark, "composition")?;
    }
    Ok(())
}

/// The error of `A ∘ s:d`, a leaf of `B`, stopped by `c` on A's coalesced
/// modes `flat` (out of line: only an error formats the operands).
#[cold]
#[inline(never)]
fn refused(
    a: &LayoutRef<'_>,
    flat: &[(i64, Stride)],
    s: i64,
    d: i64,
    b: &RightOperand<'_>,
    c: Crossing,
) -> LayoutError {
    match c {
        Crossing::Shape {
            k,
            next,
            rest_shape,
        } => {
            let (sk, dk) = flat[k];
            LayoutError::new(
                ErrorKind::ShapeDivisibility,
                "composition",
                alloc::format!("A = {a}, B = {b}: the leaf {s}:{d} of B crosses mode {k} of coalesced A ({sk}:{dk}) after {next} elements, and {rest_shape} is not divisible by {next}"),
            )
        }
        Crossing::Stride { k, rest_stride } => {
            let (sk, dk) = flat[k];
            LayoutError::new(
                ErrorKind::StrideDivisibility,
                "composition",
                alloc::format!("A = {a}, B = {b}: the leaf {s}:{d} of B reaches past mode {k} of coalesced A ({sk}:{dk}) with stride {rest_stride}, which neither divides nor is divided by {sk}"),
            )
        }
        Crossing::Overflow => LayoutError::overflow("composition"),
    }
}

/// A scaled-basis leaf of `B`: the path of the mode of `A` it names, its
/// extent and its scale.
type BasisLeaf = (smallvec::SmallVec<[usize; 4]>, i64, i64);

/// Refuse a by-mode result `r` that is not `A(B(c))` (001 Eq. 23); `r` is
/// composed again here when the caller has not kept it. Without
/// the structural proof, a coordinate layout `A` is refused: the point-by-point
/// check compares integer offsets only.
/// Scaled-basis leaves of `B` on one mode of `A` must be proved segregated
/// in that mode (no point-by-point fallback).
fn check_distributive(
    a: LayoutRef<'_>,
    flat: &[(i64, Stride)],
    b: RightOperand<'_>,
    r: Option<LayoutRef<'_>>,
) -> Result<()> {
    if !b.is_integral() {
        // B's scaled-basis leaves compose with the mode of A they name: two
        // or more on one mode may interfere there. Prove those segregated
        // in that mode's radix, or refuse.
        let mut on: smallvec::SmallVec<[BasisLeaf; 16]> = b
            .leaves()
            .filter(|&(s, d)| s > 1 && !d.is_zero())
            .filter_map(|(s, d)| match d {
                Stride::Basis(e) => Some((e.modes().collect(), s, e.value())),
                Stride::Int(_) => None,
            })
            .collect();
        sort_by(&mut on, |x, y| x.0 < y.0);
        for group in on.chunk_by(|x, y| x.0 == y.0).filter(|g| g.len() > 1) {
            let mut sub_flat = FlatModes::new();
            coalesce_x_into(a.get(&group[0].0)?, &mut sub_flat)?;
            let mut leaves: smallvec::SmallVec<[(i64, i64); 16]> =
                group.iter().map(|&(_, s, v)| (s, v)).collect();
            if !(leaves.iter().all(|l| l.1 > 0) && segregated(&sub_flat, &mut leaves)?) {
                bail!(
                    Distributivity,
                    "composition",
                    "A = {a}, B = {b}: B's leaves on mode {:?} of A may interfere there",
                    group[0].0.as_slice()
                );
            }
        }
        // B's integer leaves index A as a whole, as in an integral B; without
        // a point-by-point fallback here, they must be proved segregated.
        let mut ints: smallvec::SmallVec<[(i64, i64); 16]> = smallvec::SmallVec::new();
        for (s, d) in b.leaves() {
            if let Stride::Int(v) = d
                && s > 1
                && v != 0
            {
                ints.push((s, v));
            }
        }
        if ints.len() > 1 && !(ints.iter().all(|l| l.1 > 0) && segregated(flat, &mut ints)?) {
            bail!(
                Distributivity,
                "composition",
                "A = {a}, B = {b}: B's integer modes may interfere in A, and a B with scaled-basis strides is not checked point by point"
            );
        }
        return Ok(());
    }
    let mut leaves: smallvec::SmallVec<[(i64, i64); 16]> = smallvec::SmallVec::new();
    b.for_each_leaf(|s, d| {
        if s > 1 && d.scale() != 0 {
            leaves.push((s, d.scale()));
        }
    });
    if leaves.len() <= 1 || (leaves.iter().all(|l| l.1 > 0) && segregated(flat, &mut leaves)?) {
        return Ok(());
    }
    if !a.is_integral() {
        // The proof above reads only A's extents; its point-by-point
        // fallback compares integer offsets.
        bail!(Distributivity, "composition", "A = {a}, B = {b}: B's modes may interfere in A, whose scaled-basis strides are not checked point by point");
    }
    let r = match r {
        Some(r) => r.to_owned(),
        None => Layout::build(|out| compose_whole(a, flat, b, out))?,
    };
    let ints = |l: &Layout| -> IntModes { l.leaves().map(|(s, d)| (s, d.scale())).collect() };
    let flat_ints: IntModes = flat.iter().map(|&(s, d)| (s, d.scale())).collect();
    let b = b.to_layout();
    check_by_points(&flat_ints, &ints(&b), &ints(&r), (&a, &b, &r))
}

/// Refuse `R = A ∘ B` composed by mode unless `R(i) = A(B(i))` for every
/// `i < size(B)` (001 Eq. 23), `A`, `B` and `R` given by their flat leaves
/// `(extent, stride)` (`A` evaluated past its size as CuTe C++ does, its last
/// leaf unbounded); `names` show them in the errors. The points are charged
/// to the budget. One check for the runtime layer and the type level's
/// dynamic leaves.
pub(crate) fn check_by_points(
    a: &[(i64, i64)],
    b: &[(i64, i64)],
    r: &[(i64, i64)],
    (an, bn, rn): (&dyn Display, &dyn Display, &dyn Display),
) -> Result<()> {
    let n = b.iter().try_fold(1i64, |p, &(s, _)| mul(p, s, "size"))?;
    if n > crate::runtime::budget::MAX_CHECK_POINTS {
        bail!(Distributivity, "composition", "A = {an}, B = {bn}: B's modes may interfere in A and B is too large ({n} points) to check point by point");
    }
    crate::runtime::budget::charge(
        n,
        "composition",
        format_args!("the distributivity check of A = {an}, B = {bn}"),
    )?;
    for i in 0..n {
        let x = eval_extended(b, i)?;
        let want = eval_extended(a, x)?;
        let got = eval_extended(r, i)?;
        if want != got {
            bail!(
                Distributivity,
                "composition",
                "A = {an}, B = {bn}: composing by mode gives {rn}, whose value {got} at {i} differs from A(B({i})) = A({x}) = {want}"
            );
        }
    }
    Ok(())
}

/// Whether the images of the positive-stride leaves `(s, d)` of B lie in
/// separate digit ranges of A's mixed radix, so `A(Σ xᵢ) = Σ A(xᵢ)`: sorted by
/// stride, every split must have a boundary `M` of A's radix (a prefix
/// product `Pₖ` times a divisor of `sₖ`, or any multiple of the last prefix)
/// above the lower leaves' largest sum and dividing every upper stride.
/// Only the extents of `flat` (A's coalesced modes) are read; every stride
/// in `leaves` must be positive, and `leaves` is scratch space (sorted, then
/// overwritten).
#[inline(never)]
pub(crate) fn segregated<S>(flat: &[(i64, S)], leaves: &mut [(i64, i64)]) -> Result<bool> {
    sort_by(leaves, |x, y| x.1 < y.1);
    // Right to left, each leaf becomes its term (sₜ-1)·dₜ of the lower sums
    // (-1 where that overflows: terms are not negative) and the gcd of the
    // strides from it on, in place: no array of suffix gcds to fill.
    let mut g = 0i64;
    for l in leaves.iter_mut().rev() {
        let (s, d) = *l;
        // gcd(g, d) is d where d divides g (gcd(0, d) = d).
        g = if g == 0 || rem(g, d) == 0 {
            d
        } else {
            gcd(g, d)
        };
        *l = ((s - 1).checked_mul(d).unwrap_or(-1), g);
    }
    // Left to right, as the sums grow (an overflow is raised where reached).
    // The boundary of a split is searched from the mode where the previous
    // split's was found: the boundaries below it are at most that one,
    // which divides the upper gcd, so they either lie below the new lower
    // sum or are not needed.
    let mut from = (0usize, 1i64);
    let mut lower = 0i64;
    for w in leaves.windows(2) {
        let term = w[0].0;
        if term < 0 {
            return Err(LayoutError::overflow("composition"));
        }
        lower = crate::runtime::int_tuple::add(lower, term, "composition")?;
        match boundary_above(flat, from, lower, w[1].1)? {
            Some(at) => from = at,
            None => return Ok(false),
        }
    }
    Ok(true)
}

/// The mode `k` (and its prefix `Pₖ`) of the first boundary `M` of A's radix
/// with `lower < M` and `M | g`, searched from the mode and prefix `from`;
/// `None` if there is none.
#[inline]
fn boundary_above<S>(
    flat: &[(i64, S)],
    from: (usize, i64),
    lower: i64,
    g: i64,
) -> Result<Option<(usize, i64)>> {
    let (start, mut prefix) = from;
    let last = flat.len().saturating_sub(1);
    for (k, &(s, _)) in flat.iter().enumerate().skip(start) {
        if k == last {
            // Any multiple of the last prefix is a boundary; g itself is the best.
            return Ok((rem(g, prefix) == 0 && g > lower).then_some((k, prefix)));
        }
        // The largest boundary P·r (r | s) dividing g has r = gcd(s, g / P),
        // which is g / P or s where one divides the other (no Euclid then).
        let q = if prefix == 1 {
            g
        } else {
            (g as u64 / prefix as u64) as i64
        };
        if q * prefix == g {
            let r = if rem(s, q) == 0 {
                q
            } else if rem(q, s) == 0 {
                s
            } else {
                gcd(s, q)
            };
            if mul(prefix, r, "composition")? > lower {
                return Ok(Some((k, prefix)));
            }
        }
        prefix = mul(prefix, s, "composition")?;
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    /// [`compose_operand`]'s general path alone, for a layout `B`.
    fn general(a: &Layout, b: &Layout) -> Result<Layout> {
        Layout::build(|out| {
            let mut flat = FlatModes::new();
            coalesce_x_into(a.view(), &mut flat)?;
            let mark = out.mark();
            let bv = b.view();
            let op = RightOperand::Layout(&bv);
            compose_whole(a.view(), &flat, op, out)?;
            if !op.is_leaf() && flat.len() > 1 {
                check_distributive(a.view(), &flat, op, Some(out.view_since(mark)))?;
            }
            Ok(())
        })
    }

    /// A layout of rank 1 to 3 whose modes are leaves or pairs, with
    /// extents and strides drawn by `next`.
    fn random_layout(next: &mut impl FnMut(u64) -> u64) -> Layout {
        const SHAPES: [i64; 7] = [1, 2, 3, 4, 6, 8, 16];
        const STRIDES: [i64; 10] = [0, 1, 2, 3, 4, 8, 16, 24, -1, -4];
        let (mut shape, mut stride) = (String::from("("), String::from("("));
        for m in 0..1 + next(3) {
            let sep = if m == 0 { "" } else { "," };
            let leaves = 1 + next(2);
            let (mut s, mut d) = (String::new(), String::new());
            for k in 0..leaves {
                let sep = if k == 0 { "" } else { "," };
                s += &format!("{sep}{}", SHAPES[next(7) as usize]);
                d += &format!("{sep}{}", STRIDES[next(10) as usize]);
            }
            if leaves > 1 {
                (s, d) = (format!("({s})"), format!("({d})"));
            }
            shape += &format!("{sep}{s}");
            stride += &format!("{sep}{d}");
        }
        format!("{shape}):{stride})").parse().unwrap()
    }

    #[test]
    fn narrow_path_agrees_with_the_general_path() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        let (mut taken, mut left) = (0, 0);
        for _ in 0..20_000 {
            let (a, b) = (random_layout(&mut next), random_layout(&mut next));
            let mut r = Layout::unfinished();
            let mut out = LayoutBuilder::on(&mut r);
            if compose_narrow(a.view(), b.view(), &mut out) {
                out.finish();
                assert_eq!(Ok(&r), general(&a, &b).as_ref(), "{a} o {b}");
                taken += 1;
            } else {
                // Nothing appended: the general path starts from scratch.
                assert_eq!(out.mark(), (0, 0), "{a} o {b}");
                left += 1;
            }
        }
        assert!(taken > 2_000 && left > 2_000, "{taken} taken, {left} left");
    }
}
