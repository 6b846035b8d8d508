//! Slicing a layout with a partial coordinate.
//!
//! A slice coordinate is weakly congruent to the layout's shape; each of its
//! leaves is an integer (a fixed coordinate, or an index into a whole mode)
//! or `_` (keep the mode). For `L = (S,D)` and a coordinate `c`:
//!
//! - `slice(c, L)` is the layout of the `_` modes, as the flat list of those
//!   sub-layouts (nested tuples of `c` do not nest the result, CuTe C++);
//! - `dice(c, L)` is the layout of the fixed modes, listed the same way;
//! - the offset is `L(c)` with every `_` read as 0, so that
//!   `L(c[_ ← x]) = offset + slice(c, L)(x)`.
//!
//! ```
//! use layout_algebra::runtime::{slice_and_offset, Layout, Offset, SliceCoord};
//! let l: Layout = "((4,5),(3,6)):((1,4),(20,60))".parse().unwrap();
//! let c: SliceCoord = "(_,(2,_))".parse().unwrap();
//! let (s, off) = slice_and_offset(&c, &l).unwrap();
//! assert_eq!(s.to_string(), "((4,5),6):((1,4),60)");
//! assert_eq!(off, Offset::Int(40));
//! ```

use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::IntRef;
use crate::runtime::layout::Layout;
use crate::runtime::stride::{Offset, OffsetSum, StrideRef};
use crate::runtime::tuple::{Builder, HRef, HTuple};
use alloc::string::String;
use core::fmt::Write;

/// A slice coordinate: `Some(i)` fixes a coordinate, `None` is CuTe's `_`.
/// Parses from CuTe notation, e.g. `"(_,(2,_))"`.
pub type SliceCoord = HTuple<Option<i64>>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Slice,
    Dice,
}

struct Out {
    shape: Builder<i64>,
    stride: Builder<crate::runtime::stride::Stride>,
    offset: OffsetSum,
}

/// CuTe `slice(c, L)`: the sub-layout of the modes where `c` is `_`.
///
/// A top-level `_` gives `L`; a top-level integer gives the empty layout
/// `():()`. Errors: `NotCongruent` when `c` is not weakly congruent to the
/// shape (a tuple of `c` meets a leaf, or a tuple of another rank),
/// `OutOfBounds` when a fixed coordinate lies outside its mode.
///
/// ```
/// use layout_algebra::runtime::{slice, Layout, SliceCoord};
/// let l: Layout = "(4,3):(1,4)".parse().unwrap();
/// let c: SliceCoord = "(_,2)".parse().unwrap();
/// assert_eq!(slice(&c, &l).unwrap().to_string(), "(4):(1)");
/// ```
pub fn slice(coord: &SliceCoord, layout: &Layout) -> Result<Layout> {
    Ok(run(coord, layout, Part::Slice, "slice")?.0)
}

/// CuTe `dice(c, L)`: the sub-layout of the modes where `c` is fixed, the
/// complement of [`slice()`].
///
/// A top-level `_` gives `():()`; a top-level integer gives `L`. Errors as
/// for [`slice()`].
///
/// ```
/// use layout_algebra::runtime::{dice, Layout, SliceCoord};
/// let l: Layout = "((4,5),(3,6)):((1,4),(20,60))".parse().unwrap();
/// let c: SliceCoord = "((_,2),5)".parse().unwrap();
/// assert_eq!(dice(&c, &l).unwrap().to_string(), "(5,(3,6)):(4,(20,60))");
/// ```
pub fn dice(coord: &SliceCoord, layout: &Layout) -> Result<Layout> {
    Ok(run(coord, layout, Part::Dice, "dice")?.0)
}

/// CuTe `slice_and_offset(c, L)`: `(slice(c, L), L(c with _ = 0))`.
///
/// ```
/// use layout_algebra::runtime::{slice_and_offset, Layout, Offset, SliceCoord};
/// let l: Layout = "(4,3):(1,4)".parse().unwrap();
/// let c: SliceCoord = "(_,2)".parse().unwrap();
/// let (s, off) = slice_and_offset(&c, &l).unwrap();
/// assert_eq!((s.to_string(), off), ("(4):(1)".into(), Offset::Int(8)));
/// ```
pub fn slice_and_offset(coord: &SliceCoord, layout: &Layout) -> Result<(Layout, Offset)> {
    run(coord, layout, Part::Slice, "slice_and_offset")
}

fn run(
    coord: &SliceCoord,
    layout: &Layout,
    part: Part,
    op: &'static str,
) -> Result<(Layout, Offset)> {
    let mut out = Out {
        shape: Builder::new(),
        stride: Builder::new(),
        offset: OffsetSum::default(),
    };
    let (s, d) = (layout.shape().as_ref(), layout.stride());
    match coord.as_leaf() {
        Some(None) => {
            let l = match part {
                Part::Slice => layout.clone(),
                Part::Dice => empty(),
            };
            return Ok((l, Offset::Int(0)));
        }
        Some(Some(i)) => {
            fixed(i, s, d, &mut out.offset, coord, layout, op)?;
            let l = match part {
                Part::Slice => empty(),
                Part::Dice => layout.clone(),
            };
            return Ok((l, out.offset.finish(op)?));
        }
        None => {
            out.shape.open();
            out.stride.open();
            modes(coord.as_ref(), s, d, part, &mut out, (coord, layout, op))?;
            out.shape.close();
            out.stride.close();
        }
    }
    let l = Layout::from_parts(out.shape.finish(), out.stride.finish());
    Ok((l, out.offset.finish(op)?))
}

fn empty() -> Layout {
    Layout::from_parts(HTuple::empty(), HTuple::empty())
}

/// The modes of tuple coordinate `c` against tuple `s:d`, appended flat to `out`.
fn modes(
    c: HRef<'_, Option<i64>>,
    s: IntRef<'_>,
    d: StrideRef<'_>,
    part: Part,
    out: &mut Out,
    ctx: (&SliceCoord, &Layout, &'static str),
) -> Result<()> {
    if s.is_leaf() {
        bail!(
            NotCongruent,
            ctx.2,
            "coordinate {} is not congruent to shape {}: tuple {} meets leaf {s}",
            show(ctx.0),
            ctx.1.shape(),
            show(&c.to_owned())
        );
    }
    if s.rank() != c.rank() {
        bail!(
            NotCongruent,
            ctx.2,
            "coordinate {} does not match shape {}: rank-{} {} against rank-{} {s}",
            show(ctx.0),
            ctx.1.shape(),
            c.rank(),
            show(&c.to_owned()),
            s.rank()
        );
    }
    for ((cm, sm), dm) in c.modes().zip(s.modes()).zip(d.modes()) {
        match cm.as_leaf() {
            Some(None) => {
                if part == Part::Slice {
                    out.shape.push(sm);
                    dm.push_to(&mut out.stride);
                }
            }
            Some(Some(i)) => {
                fixed(i, sm, dm, &mut out.offset, ctx.0, ctx.1, ctx.2)?;
                if part == Part::Dice {
                    out.shape.push(sm);
                    dm.push_to(&mut out.stride);
                }
            }
            None => modes(cm, sm, dm, part, out, ctx)?,
        }
    }
    Ok(())
}

/// Add `(s:d)(i)` to the offset, checking `0 ≤ i < size(s)`.
fn fixed(
    mut i: i64,
    s: IntRef<'_>,
    d: StrideRef<'_>,
    sum: &mut OffsetSum,
    coord: &SliceCoord,
    layout: &Layout,
    op: &'static str,
) -> Result<()> {
    if i < 0 || i >= s.size()? {
        bail!(
            OutOfBounds,
            op,
            "coordinate {i} in {} is outside mode {s} of {layout}",
            show(coord)
        );
    }
    for (sk, dk) in s.leaves().zip(d.leaves()) {
        sum.add(i % sk, dk, op)?;
        i /= sk;
    }
    Ok(())
}

/// A slice coordinate in CuTe notation (`_` for `None`).
fn show(c: &SliceCoord) -> String {
    let mut s = String::new();
    fn go(c: HRef<'_, Option<i64>>, s: &mut String) {
        match c.as_leaf() {
            Some(Some(i)) => {
                let _ = write!(s, "{i}");
            }
            Some(None) => s.push('_'),
            None => {
                s.push('(');
                for (k, m) in c.modes().enumerate() {
                    if k > 0 {
                        s.push(',');
                    }
                    go(m, s);
                }
                s.push(')');
            }
        }
    }
    go(c.as_ref(), &mut s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::ErrorKind;
    use alloc::string::ToString;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn c(s: &str) -> SliceCoord {
        s.parse().unwrap()
    }

    // Expected values checked against CuTe C++ 4.2 (slice, dice, slice_and_offset).
    #[test]
    fn slice_dice_examples() {
        let a = l("((4,5),(3,6)):((1,4),(20,60))");
        let m = l("(4,3):(1,4)");
        for (lay, crd, s, d, off) in [
            (&a, "(_,(2,_))", "((4,5),6):((1,4),60)", "(3):(20)", 40),
            (&a, "(_,5)", "((4,5)):((1,4))", "((3,6)):((20,60))", 100),
            (&a, "((_,_),5)", "(4,5):(1,4)", "((3,6)):((20,60))", 100),
            (&a, "((_,2),5)", "(4):(1)", "(5,(3,6)):(4,(20,60))", 108),
            (&m, "(_,2)", "(4):(1)", "(3):(4)", 8),
            (&m, "_", "(4,3):(1,4)", "():()", 0),
            (&m, "(1,2)", "():()", "(4,3):(1,4)", 9),
            (&m, "7", "():()", "(4,3):(1,4)", 7),
        ] {
            let k = c(crd);
            assert_eq!(slice(&k, lay).unwrap().to_string(), s, "slice {crd}");
            assert_eq!(dice(&k, lay).unwrap().to_string(), d, "dice {crd}");
            let (sl, o) = slice_and_offset(&k, lay).unwrap();
            assert_eq!((sl.to_string(), o), (s.to_string(), Offset::Int(off)));
        }
    }

    #[test]
    fn slice_of_a_coordinate_layout_has_a_coordinate_offset() {
        let id = l("(4,3):(1@0,1@1)");
        let (s, off) = slice_and_offset(&c("(_,2)"), &id).unwrap();
        assert_eq!(s.to_string(), "(4):(1@0)");
        assert_eq!(off.to_string(), "(0,2)");
    }

    #[test]
    fn out_of_bounds_coordinates_are_errors() {
        let a = l("((4,5),(3,6)):((1,4),(20,60))");
        for crd in [
            "(_,18)",
            "((4,_),_)",
            "(_,(3,_))",
            "(-1,_)",
            "360",
            "(_,(_,-2))",
        ] {
            for e in [
                slice(&c(crd), &a).expect_err(crd),
                dice(&c(crd), &a).expect_err(crd),
            ] {
                assert_eq!(e.kind(), ErrorKind::OutOfBounds, "{crd}: {e}");
            }
        }
    }

    #[test]
    fn non_congruent_coordinates_are_errors() {
        let a = l("((4,5),(3,6)):((1,4),(20,60))");
        for crd in ["(_,_,_)", "(_)", "((_,_,_),1)", "(_,(1,(_,_)))"] {
            let e = slice(&c(crd), &a).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::NotCongruent, "{crd}");
            assert!(e.to_string().contains(crd), "{e}");
            let e = dice(&c(crd), &a).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::NotCongruent, "{crd}");
        }
        let e = slice(&c("(_)"), &l("4:1")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotCongruent);
    }

    #[test]
    fn slice_coordinates_parse_and_reject_garbage() {
        assert_eq!(show(&c(" ( _ , (2,_) ) ")), "(_,(2,_))");
        for bad in ["", "(_,", "(_ 2)", "x", "(_,2))"] {
            assert_eq!(
                bad.parse::<SliceCoord>().err().expect("rejected").kind(),
                ErrorKind::Parse,
                "{bad:?}"
            );
        }
    }
}
