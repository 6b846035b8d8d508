//! The zipped, tiled and flat regroupings shared by the divides and products
//! (`zipped_divide` builds the zipped form itself).
//!
//! A logical divide or product by a tiler gives, mode by mode, `(tile, rest)`
//! pairs; [`zip2`] gathers them into `((tiles…), (rests…))` (CuTe's
//! `zip2_by`), the zipped form; the tiled form spreads the rests
//! ([`spread_rest`]), the flat form both halves ([`spread_both`]). A rank-1
//! group is kept whole (CuTe C++'s `repeat<1>(_)` is `_`).

use crate::runtime::error::Result;
use crate::runtime::int_tuple::IntRef;
use crate::runtime::layout::{Layout, LayoutBuilder};
use crate::runtime::stride::StrideRef;
use crate::runtime::tiler::{AsTiler, TilerRef};

/// A borrowed mode: its shape and stride.
type ModeRef<'a> = (IntRef<'a>, StrideRef<'a>);

/// Mode `i` of `l`, borrowed; the error of [`Layout::mode`] if there is none.
fn mode(l: ModeRef<'_>, i: usize) -> Result<ModeRef<'_>> {
    match modes(l).nth(i) {
        Some(m) => Ok(m),
        _ => Layout::from_parts(l.0.to_owned(), l.1.to_owned())
            .mode(i)
            .map(|_| unreachable!("mode {i} exists")),
    }
}

/// The modes of `l`, borrowed (a leaf is its own single mode).
fn modes(l: ModeRef<'_>) -> impl Iterator<Item = ModeRef<'_>> {
    crate::runtime::layout::LayoutRef {
        shape: l.0,
        stride: l.1,
    }
    .modes()
    .map(|m| (m.shape, m.stride))
}

/// CuTe `zip2_by(L, tiler)`: a by-mode `(tile, rest)` result `l` regrouped
/// as `((tiles…), (rests…, modes past the tiler…))`, built in place.
pub(crate) fn zip2(l: &Layout, guide: TilerRef<'_>) -> Result<Layout> {
    let l = (l.shape().as_ref(), l.stride());
    Layout::build(|out| {
        out.open();
        push_half(l, guide, 0, out)?;
        push_half(l, guide, 1, out)?;
        out.close();
        Ok(())
    })
}

/// Append half `half` of the by-mode result `l` (0: the tuple of tiles,
/// 1: the tuple of rests and the modes past the tiler) as one mode.
fn push_half(
    l: ModeRef<'_>,
    guide: TilerRef<'_>,
    half: usize,
    out: &mut LayoutBuilder,
) -> Result<()> {
    match guide {
        TilerRef::Layout(_) | TilerRef::Int(_) => {
            let (s, d) = mode(l, half)?;
            out.push(s, d);
        }
        TilerRef::Tuple(ts) => {
            out.open();
            for (i, m) in modes(l).enumerate() {
                match ts.get(i) {
                    Some(t) => push_half(m, t.as_tiler(), half, out)?,
                    None if half == 1 => out.push(m.0, m.1),
                    None => {}
                }
            }
            out.close();
        }
    }
    Ok(())
}

/// `(Z₀, Z₁…)`: mode 1 of a zipped result spread into its modes (kept whole if rank 1).
pub(crate) fn spread_rest(z: &Layout) -> Result<Layout> {
    let zr = (z.shape().as_ref(), z.stride());
    let rest = mode(zr, 1)?;
    if rest.0.rank() == 1 {
        return Ok(z.clone());
    }
    let tiles = mode(zr, 0)?;
    Layout::build(|out| {
        out.open();
        out.push(tiles.0, tiles.1);
        for (s, d) in modes(rest) {
            out.push(s, d);
        }
        out.close();
        Ok(())
    })
}

/// `(Z₀…, Z₁…)`: both modes of a zipped result spread (each kept whole if rank 1).
pub(crate) fn spread_both(z: &Layout) -> Result<Layout> {
    Layout::build(|out| {
        out.open();
        for half in modes((z.shape().as_ref(), z.stride())) {
            if half.0.rank() == 1 {
                out.push(half.0, half.1);
            } else {
                for (s, d) in modes(half) {
                    out.push(s, d);
                }
            }
        }
        out.close();
        Ok(())
    })
}
