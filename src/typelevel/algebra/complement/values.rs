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
use crate::typelevel::algebra::values::{fault, FlatLayout, LeafValues};
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
/// which of them are static (the [`StaticMask`]s `ss`, `ds`) and whether
/// the cotarget is (`m_static`), as the types decide (see the module). With
/// every stride static (but on a static extent 1) the order is the types':
/// every mode of a nonzero stride and not of a static extent 1 counts, and
/// the gaps above a static extent `E_i` (the mode below of a static extent)
/// that are 1 are left out, the last one's when the cotarget is static too.
/// With a dynamic stride the modes of `filter(A)` of extent 1 or stride 0 go
/// and `1:1` modes lead in their place. The result is the flat extents and
/// strides of the coalesced complement, `1:0` if no mode is left.
fn complement_of(
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
    // The modes `s:d` tagged with whether `s` is static.
    let mut modes = [(0i64, 0i64, false); MAX_MODES];
    let mut out = GapList {
        len: 0,
        shapes: [0; MAX_MODES],
        strides: [0; MAX_MODES],
    };
    // Every stride static but on a static extent 1 (see `StaticOrder`).
    let static_order = s
        .iter()
        .enumerate()
        .all(|(i, &s)| ds >> i & 1 == 1 || (ss >> i & 1 == 1 && s == 1));
    let mut kept = 0;
    if static_order {
        // The types' order: every mode of a nonzero stride and not of a
        // static extent 1, as they are.
        for (i, (&s, &d)) in s.iter().zip(d.iter()).enumerate() {
            let s_fixed = ss >> i & 1 == 1;
            if d == 0 || (s_fixed && s == 1) {
                continue;
            }
            if let Some(slot) = modes.get_mut(kept) {
                *slot = (s, d, s_fixed);
                kept += 1;
            }
        }
    } else {
        // filter(A): a static stride 0 makes its extent a static 1, a static
        // extent 1 goes away, the runs of static modes between the modes with
        // a dynamic leaf coalesce.
        let (mut len, mut run) = (0, 0);
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
            if !fixed_mode {
                run = len;
            }
        }
        // The modes that count: stride nonzero and extent above 1; `1:1`
        // modes lead for the others.
        for i in 0..len {
            let (s, d, _) = modes[i];
            if d != 0 && s > 1 {
                modes[kept] = modes[i];
                kept += 1;
            } else {
                out.push(1, 1);
            }
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

#[cfg(test)]
mod tests {
    use crate::runtime::{self, IntTuple};
    use crate::typelevel::frunk_core::hlist;
    use crate::typelevel::*;
    use alloc::format;

    #[test]
    fn modes_without_gaps_leave_the_order_static() {
        // A static extent 1 adds no gap, whatever its stride.
        assert_eq!(
            format!("{}", complement(layout!((1,4):(-2,1)), int!(16))),
            "4:4"
        );
        let a = Layout::try_new(hlist![_1, _4], hlist![Dyn(3), _1]).unwrap();
        assert_eq!(format!("{:#}", try_complement(a, _16).unwrap()), "_4:_4");
    }

    #[test]
    fn static_gaps_of_one_are_left_out() {
        // Gaps 1:1, 1:2 (static, left out), 2:_4, then 64/16 above a dynamic extent.
        let a = Layout::try_new(hlist![Dyn(2), _2, _2], hlist![_8, _1, _2]).unwrap();
        let r = try_complement(a, _64).unwrap();
        assert_eq!(format!("{r:#}"), "(_2,4):(_4,16)");
        assert_eq!(
            r.to_dynamic(),
            runtime::complement(&a.to_dynamic(), &IntTuple::leaf(64)).unwrap()
        );
        // A dynamic stride: the run-time order, one mode per mode of filter(A) and the last.
        let b = Layout::try_new(hlist![_2, _2, Dyn(2)], hlist![_1, _2, Dyn(4)]).unwrap();
        assert_eq!(
            format!("{:#}", try_complement(b, _64).unwrap()),
            "(1,1,8):(_1,4,8)"
        );
    }

    #[test]
    fn run_time_refusals_are_the_runtime_layers() {
        let a = Layout::try_new(hlist![_2, Dyn(2)], hlist![_1, Dyn(1)]).unwrap();
        let e = try_complement(a, Dyn(64)).unwrap_err();
        assert_eq!(e.kind(), crate::runtime::ErrorKind::NotComplementable);
        assert!(format!("{e}").contains("A has the mode 2:1 starting inside the extent 2"));
        assert!(try_complement(layout!(4:1), Dyn(-4)).is_err());
    }
}
