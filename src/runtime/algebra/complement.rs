//! Complement `complement(A, M)`: the layout that tiles the rest of `[0, M)`.
//!
//! With the modes of `A` of size > 1 and nonzero stride sorted by stride,
//! `(s₀:d₀), (s₁:d₁), …`, the complement is (coalesced)
//! `(d₀/1, d₁/(s₀d₀), …, ⌈M / (sₙ₋₁dₙ₋₁)⌉) : (1, s₀d₀, s₁d₁, …, sₙ₋₁dₙ₋₁)`
//! (001, 3.4; errata 6). It requires `A` to be *complementable*: every sorted
//! stride a multiple of the previous mode's extent `sᵢ₋₁dᵢ₋₁` (so `A` is
//! injective and the gaps tile). Both references silently floor otherwise;
//! this library refuses with [`ErrorKind::NotComplementable`](crate::runtime::ErrorKind).
//!
//! Postconditions: `R` is strictly increasing, disjoint from `A` except at 0,
//! and `(A, R)` covers `[0, M)`. For a shape cotarget the last extent is
//! CuTe's `size(ceil_div(M, sₙ₋₁dₙ₋₁))`, computed mode by mode
//! (`complement(4:1, (6,4)) = 8:4`), raised where it would not cover `M`;
//! the default cotarget is `cosize(A)` (CuTe C++'s `cosize(filter(A))`).
//!
//! ```
//! use layout_algebra::runtime::{complement, IntTuple, Layout};
//! let a: Layout = "(2,2):(1,6)".parse().unwrap();
//! assert_eq!(complement(&a, &IntTuple::leaf(24)).unwrap().to_string(), "(3,2):(2,12)");
//! let b: Layout = "4:32".parse().unwrap();
//! assert_eq!(complement(&b, &IntTuple::leaf(256)).unwrap().to_string(), "(32,2):(1,128)");
//! ```

use super::mode_list::FlatModes;
use crate::runtime::error::{ErrorKind, LayoutError, Result};
use crate::runtime::int_tuple::{ceil_div, ceil_div_int, mul, IntRef, IntTuple};
use crate::runtime::layout::{Layout, LayoutBuilder, LayoutRef, Mark};
use crate::runtime::sort::sort_by;
use crate::runtime::stride::Stride;
use alloc::format;

/// CuTe `complement(A, M)` for an integer or shape cotarget `M`.
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    Layout::build(|out| {
        let mut sink = Coalescing {
            mark: out.mark(),
            out,
            open: None,
        };
        complement_each(a.view(), cotarget.as_ref(), &mut sink)?;
        match sink.open {
            Some((s0, d0)) => sink.out.last_group_leaf(sink.mark, s0, Stride::Int(d0)),
            None => sink.out.leaf(1, Stride::Int(0)),
        }
        Ok(())
    })
}

/// Where [`gap_modes`] gives the modes (the runtime layer's lists and the
/// type level's fixed arrays).
pub(crate) trait GapSink {
    /// The next mode `s:d`.
    fn mode(&mut self, s: i64, d: i64) -> Result<()>;
}

impl GapSink for FlatModes {
    #[inline(always)]
    fn mode(&mut self, s: i64, d: i64) -> Result<()> {
        self.push((s, Stride::Int(d)));
        Ok(())
    }
}

/// The modes coalesced as they come into a layout (`coalesce` of the list):
/// the mode being merged into is held until the next one starts.
struct Coalescing<'o, 'a> {
    out: &'o mut LayoutBuilder<'a>,
    mark: Mark,
    open: Option<(i64, i64)>,
}

impl GapSink for Coalescing<'_, '_> {
    #[inline(always)]
    fn mode(&mut self, s: i64, d: i64) -> Result<()> {
        if s == 1 {
            return Ok(());
        }
        self.open = Some(match self.open {
            Some((s0, d0)) if mul(d0, s0, "coalesce")? == d => (mul(s0, s, "coalesce")?, d0),
            Some((s0, d0)) => {
                self.out.group_leaf(self.mark, s0, Stride::Int(d0));
                (s, d)
            }
            None => (s, d),
        });
        Ok(())
    }
}

/// The modes of `complement(A, M)` before coalescing, written to the empty
/// `out` (their coalesced layout is the complement).
#[inline]
pub(crate) fn complement_modes(
    a: LayoutRef<'_>,
    cotarget: IntRef<'_>,
    out: &mut FlatModes,
) -> Result<()> {
    complement_each(a, cotarget, out)
}

/// The modes `s:d` of `complement(A, M)` before coalescing, given to `out`
/// in order.
#[inline(always)]
fn complement_each(a: LayoutRef<'_>, cotarget: IntRef<'_>, out: &mut impl GapSink) -> Result<()> {
    if cotarget.leaves().any(|v| v <= 0) {
        return Err(refused(a, cotarget, Refusal::Cotarget));
    }
    if !a.is_integral() {
        a.stride.to_ints("complement")?;
    }
    let mut modes: smallvec::SmallVec<[(i64, i64); 16]> = smallvec::SmallVec::new();
    let refuse = |why| refused(a, cotarget, why);
    let mut keep = |s: i64, d: i64| {
        if s > 1 && d != 0 {
            modes.push((s, d));
        }
    };
    match a.narrow_leaves() {
        Some((shapes, strides)) => {
            for (&s, &d) in shapes.iter().zip(strides) {
                keep(s, d.into());
            }
        }
        None => {
            for (s, d) in a.leaves() {
                keep(s, d.scale());
            }
        }
    }
    let current = gap_modes(&mut modes, out, &refuse)?;
    // An extent past i64 exceeds every cotarget: the last mode has size 1
    // and is left out (complement(2:2^62, 2^63-1) = 2^62:1).
    let Ok(current) = i64::try_from(current) else {
        return Ok(());
    };
    // The last mode reaches the cotarget. CuTe C++ computes its extent mode
    // by mode, size(ceil_div(M, current)), which can fall short of covering a
    // shape cotarget (complement(8:1, (6,16,16)) = 128:8 covers 1024 of
    // 1536); it is raised to ⌈size(M) / current⌉ then.
    let last = match cotarget.as_leaf() {
        // An integer cotarget is its own size: both extents agree. Both are
        // positive (checked above; current >= 1): an unsigned ceiling.
        Some(m) => (m as u64).div_ceil(current as u64) as i64,
        None => ceil_div(cotarget, IntTuple::leaf(current).as_ref())?
            .size()?
            .max(ceil_div_int(cotarget.size()?, current, "complement")?),
    };
    out.mode(last, current)
}

/// The gap modes of CuTe's complement over flat modes, the one value core of
/// the runtime layer's `complement` and the type level's complements: with
/// the modes `s_i:d_i` of `modes` (those that count: the caller leaves out
/// stride 0, and extent 1 unless its order is fixed by types) sorted here
/// by stride (stable), `E_0 = 1` and `E_(i+1) = s_i·d_i`, each gap
/// `d_i/E_i : E_i` goes to `out` in order and `E_r` is returned (in `i128`:
/// past `i64` it only compares). Refused (by `refuse`) for a negative stride,
/// a `d_i < E_i` (the mode starts inside the modes below it) and an
/// `E_i ∤ d_i`.
///
/// Not generic over operands: the flat modes are plain pairs (or pairs with
/// a tag that follows the sort, [`Tagged`]), so the type level's value code
/// runs this and no copy of it.
#[inline(always)]
pub(crate) fn gap_modes<T: Tagged, O: GapSink>(
    modes: &mut [T],
    out: &mut O,
    refuse: &dyn Fn(Refusal) -> LayoutError,
) -> Result<i128> {
    if let Some((s, d)) = modes.iter().map(Tagged::mode).find(|m| m.1 < 0) {
        return Err(refuse(Refusal::Negative(s, d)));
    }
    // By stride; ties overlap and are refused below.
    sort_by(modes, |x, y| x.mode().1 < y.mode().1);
    let mut current = 1i128;
    for (s, d) in modes.iter().map(Tagged::mode) {
        if (d as i128) < current {
            return Err(refuse(Refusal::Overlap(s, d, current)));
        }
        let c = current as i64; // current <= d here
        if d % c != 0 {
            return Err(refuse(Refusal::Gap(s, d, c)));
        }
        out.mode(d / c, c)?;
        current = s as i128 * d as i128;
    }
    Ok(current)
}

/// A flat mode `s:d` for [`gap_modes`], with what its caller needs to know
/// of it in stride order (the type level: whether its extent is static).
pub(crate) trait Tagged: Clone {
    /// `(s, d)`.
    fn mode(&self) -> (i64, i64);
}
impl Tagged for (i64, i64) {
    #[inline(always)]
    fn mode(&self) -> (i64, i64) {
        *self
    }
}
impl Tagged for (i64, i64, bool) {
    #[inline(always)]
    fn mode(&self) -> (i64, i64) {
        (self.0, self.1)
    }
}

/// Why [`gap_modes`] refuses `A` (the numbers of the offending mode).
#[derive(Clone, Copy)]
pub(crate) enum Refusal {
    /// A cotarget leaf is not positive.
    Cotarget,
    /// The mode `s:d` has a negative stride.
    Negative(i64, i64),
    /// The mode `s:d` starts inside the extent of the modes before it.
    Overlap(i64, i64, i128),
    /// The stride of the mode `s:d` is not a multiple of that extent.
    Gap(i64, i64, i64),
}

/// The error of `complement(A, M)` refused for `why` (out of line: the
/// views are formatted only here, so the walk keeps them in registers).
#[cold]
#[inline(never)]
fn refused(a: LayoutRef<'_>, cotarget: IntRef<'_>, why: Refusal) -> LayoutError {
    match why {
        Refusal::Cotarget => LayoutError::new(
            ErrorKind::NonPositiveShape,
            "complement",
            format!("cotarget {cotarget} of A = {a} must be positive"),
        ),
        why => refusal(why, &format_args!("A = {a}")),
    }
}

/// The error of a complement refused for `why` by [`gap_modes`], naming the
/// operand as `a` (the runtime layer's `A = (2,2):(2,3)`, the type level's
/// `A`).
#[cold]
#[inline(never)]
pub(crate) fn refusal(why: Refusal, a: &dyn core::fmt::Display) -> LayoutError {
    let detail = match why {
        Refusal::Cotarget => format!("the cotarget of {a} must be positive"),
        Refusal::Negative(s, d) => format!("{a} has the negative-stride mode {s}:{d}"),
        Refusal::Overlap(s, d, current) => format!("{a} has the mode {s}:{d} starting inside the extent {current} of the modes with smaller strides (interleaved with or overlapping them)"),
        Refusal::Gap(s, d, current) => format!("{a}: stride {d} of mode {s}:{d} is not a multiple of the extent {current} of the modes with smaller strides"),
    };
    let kind = match why {
        Refusal::Cotarget => ErrorKind::NonPositiveShape,
        _ => ErrorKind::NotComplementable,
    };
    LayoutError::new(kind, "complement", detail)
}

/// CuTe `complement(A)`: the complement with respect to `cosize(A)`.
pub fn complement_default(a: &Layout) -> Result<Layout> {
    complement(a, &IntTuple::leaf(a.cosize()?))
}
