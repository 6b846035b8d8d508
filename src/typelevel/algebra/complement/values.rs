//! The value code of the type level's complements (`try_complement`, the
//! complement inside the mixed products and divides): the leaves of `A` as
//! flat arrays, which of them are static as bit masks, and the runtime
//! layer's [`gap_modes`] for the gaps, so that the type level computes no
//! gap of its own and nothing here is generic over the operand types.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // A's leaves 2, 4 : 1, 8 read as values; the gaps 1:1 (a static 1, left
//! // out), 2:2, then the last extent 64/32 = 2, run-time because M is.
//! let r = try_complement(layout!((2,4):(1,8)), Dyn(64)).unwrap();
//! assert_eq!(format!("{r:#}"), "(_4,2):(_2,_32)");
//! ```

use crate::runtime::algebra::complement::{gap_modes, refusal, GapSink};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::mixed_values::{fault, FlatLayout, LeafValues};
use crate::typelevel::int::IntLeaf;

/// Which leaves of a leaf or tuple (nested or not) are static, as bits in
/// order (a constant per type, cheaper to evaluate than the leaves' values:
/// the value code reads a static leaf's value from the leaf).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticMask {
    /// The number of leaves.
    const LEN: u32;
    /// Bit `i` set where leaf `i` is static.
    const MASK: u64;
}
impl<L: IntLeaf> StaticMask for L {
    const LEN: u32 = 1;
    const MASK: u64 = L::STATIC.is_some() as u64;
}
impl StaticMask for frunk_core::hlist::HNil {
    const LEN: u32 = 0;
    const MASK: u64 = 0;
}
impl<H: StaticMask, T: StaticMask> StaticMask for frunk_core::hlist::HCons<H, T> {
    const LEN: u32 = H::LEN + T::LEN;
    const MASK: u64 = {
        assert!(
            H::LEN + T::LEN <= u64::BITS,
            "a mixed operation takes tuples of at most 64 leaves"
        );
        // `T::MASK` is 0 when `H` has all 64 leaves.
        if H::LEN < u64::BITS {
            H::MASK | T::MASK << H::LEN
        } else {
            H::MASK
        }
    };
}

/// The most modes of a mixed complement: one per leaf of `A` (at most 64, see
/// [`StaticMask`]) and the last.
const MAX_MODES: usize = 65;

/// A complement's flat modes in fixed arrays (no drop glue, so that the
/// generic caller that places them has no cleanup code), filled by
/// [`gap_modes`].
#[derive(Clone, Copy)]
pub(crate) struct GapList {
    len: usize,
    shapes: [i64; MAX_MODES],
    strides: [i64; MAX_MODES],
}
impl GapList {
    fn push(&mut self, s: i64, d: i64) {
        if let (Some(x), Some(y)) = (
            self.shapes.get_mut(self.len),
            self.strides.get_mut(self.len),
        ) {
            (*x, *y) = (s, d);
            self.len += 1;
        }
    }
    /// The extents.
    pub(crate) fn shapes(&self) -> &[i64] {
        &self.shapes[..self.len]
    }
    /// The strides.
    pub(crate) fn strides(&self) -> &[i64] {
        &self.strides[..self.len]
    }
}
impl GapSink for GapList {
    #[inline(always)]
    fn mode(&mut self, s: i64, d: i64) -> Result<(), LayoutError> {
        self.push(s, d);
        Ok(())
    }
}

/// The error of a complement past `i64`.
fn overflow(m: i64) -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        "complement",
        alloc::format!("the cosize of the complement up to {m} exceeds i64"),
    )
}

/// `complement(A, m)` on values for a layout `A` of flat leaves `s:d`, from
/// which of them are static (the [`StaticMask`]s `a`) and whether the
/// cotarget is (`m_static`), as the types decide (see the module).
/// `filter(A)` is taken first: a static stride 0 makes its extent a static 1,
/// a static extent 1 goes away, the runs of static modes between the modes
/// with a dynamic leaf coalesce. With every stride static the order is the
/// types': every mode of a nonzero stride counts, and the gaps above a
/// static extent `E_i` that are 1 are left out (`E_i` is static up to the
/// first mode of a dynamic extent in stride order, the last gap's when the
/// cotarget is static too). With a dynamic stride the modes of extent 1 go
/// and `1:1` modes lead in their place. The result is the flat extents and
/// strides of the coalesced complement, `1:0` if no mode is left.
pub(crate) fn complement_of(
    (s, d): (LeafValues, LeafValues),
    (ss, ds): (u64, u64),
    m_static: bool,
    m: i64,
) -> Result<GapList, LayoutError> {
    if m <= 0 {
        return Err(LayoutError::new(
            ErrorKind::NonPositiveShape,
            "complement",
            alloc::format!("cotarget {m} must be positive"),
        ));
    }
    // filter(A): the modes `s:d` tagged with whether `s` is static, and
    // whether every stride is.
    let mut modes = [(0i64, 0i64, false); MAX_MODES];
    let (mut len, mut run, mut static_order) = (0, 0, true);
    for (i, (&s, &d)) in s.iter().zip(d.iter()).enumerate() {
        let (s_fixed, d_fixed) = (ss >> i & 1 == 1, ds >> i & 1 == 1);
        let (s, s_fixed) = if d_fixed && d == 0 {
            (1, true)
        } else {
            (s, s_fixed)
        };
        if s_fixed && s == 1 {
            continue;
        }
        let fixed_mode = s_fixed && d_fixed;
        if fixed_mode && len > run {
            let (ls, ld, _) = modes[len - 1];
            if ls.checked_mul(ld) == Some(d) {
                modes[len - 1].0 = ls * s;
                continue;
            }
        }
        if let Some(slot) = modes.get_mut(len) {
            *slot = (s, d, s_fixed);
            len += 1;
        }
        static_order &= d_fixed;
        if !fixed_mode {
            run = len;
        }
    }
    let mut out = GapList {
        len: 0,
        shapes: [0; MAX_MODES],
        strides: [0; MAX_MODES],
    };
    // The modes that count: stride nonzero, and in the run-time order extent
    // above 1 (`1:1` modes lead for the others).
    let mut kept = 0;
    for i in 0..len {
        let (s, d, _) = modes[i];
        if d != 0 && (static_order || s > 1) {
            modes[kept] = modes[i];
            kept += 1;
        } else if !static_order {
            out.push(1, 1);
        }
    }
    let modes = &mut modes[..kept];
    let e = gap_modes(modes, &mut out, &|why| refusal(why, &"A"))?;
    let Ok(e) = i64::try_from(e) else {
        return Err(LayoutError::new(
            ErrorKind::Overflow,
            "complement",
            alloc::format!("the extent {e} of A exceeds i64"),
        ));
    };
    // Positive: an unsigned ceiling.
    out.push((m as u64).div_ceil(e as u64) as i64, e);
    if fault(out.shapes(), out.strides()) {
        return Err(overflow(m));
    }
    if static_order {
        // In the types' order, gap `i` lies above the static extent `E_i`
        // where `i = 0` or the mode below it (in stride order) has a static
        // extent, the last one when the cotarget is static too: those of
        // value 1 are left out, as the types leave them out.
        let mut below = true;
        let mut at = 0;
        for i in 0..out.len {
            let fixed = below && (i < kept || m_static);
            below = modes.get(i).is_some_and(|m| m.2);
            if !(fixed && out.shapes[i] == 1) {
                (out.shapes[at], out.strides[at]) = (out.shapes[i], out.strides[i]);
                at += 1;
            }
        }
        out.len = at;
    }
    if out.len == 0 {
        out.push(1, 0);
    }
    Ok(out)
}

/// `complement(A, m)` of the flat leaves `a` (static where the masks say)
/// placed into the result `R` (one short function per result type).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn complement_into<R: FlatLayout>(
    a: (LeafValues, LeafValues),
    masks: (u64, u64),
    m_static: bool,
    m: i64,
) -> Result<R, LayoutError> {
    match complement_of(a, masks, m_static, m) {
        Ok(g) => match R::place(g.shapes(), g.strides()) {
            Some(r) => Ok(r),
            None => Err(overflow(m)),
        },
        Err(e) => Err(e),
    }
}
