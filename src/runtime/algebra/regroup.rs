//! The zipped, tiled and flat regroupings shared by the divides and products.
//!
//! A logical divide or product by a tiler gives, mode by mode, `(tile, rest)`
//! pairs; [`unzip`] gathers them into `((tiles…), (rests…))` (CuTe's
//! `zip2_by`), the zipped form; the tiled form spreads the rests
//! ([`spread_rest`]), the flat form both halves ([`spread_both`]). A rank-1
//! group is kept whole (CuTe C++'s `repeat<1>(_)` is `_`).

use super::restructure::ModeBuilder;
use crate::runtime::error::Result;
use crate::runtime::layout::Layout;
use crate::runtime::tiler::{AsTiler, TilerRef};

/// CuTe `zip2_by(L, tiler)`: split a by-mode `(tile, rest)` result into the
/// tuple of tiles and the tuple of rests (plus the modes past the tiler).
pub(crate) fn unzip(l: &Layout, guide: TilerRef<'_>) -> Result<(Layout, Layout)> {
    match guide {
        TilerRef::Layout(_) => Ok((l.mode(0)?, l.mode(1)?)),
        TilerRef::Tuple(ts) => {
            let mut tiles = ModeBuilder::new();
            let mut rests = ModeBuilder::new();
            for (i, m) in l.modes().enumerate() {
                match ts.get(i) {
                    Some(t) => {
                        let (tile, rest) = unzip(&m, t.as_tiler())?;
                        tiles.push_layout(&tile);
                        rests.push_layout(&rest);
                    }
                    None => rests.push_layout(&m),
                }
            }
            Ok((tiles.finish(), rests.finish()))
        }
    }
}

/// `(Z₀, Z₁…)`: mode 1 of a zipped result spread into its modes (kept whole if rank 1).
pub(crate) fn spread_rest(z: &Layout) -> Result<Layout> {
    let rest = z.mode(1)?;
    if rest.rank() == 1 {
        return Ok(z.clone());
    }
    let mut out = ModeBuilder::new();
    out.push_layout(&z.mode(0)?);
    for m in rest.modes() {
        out.push_layout(&m);
    }
    Ok(out.finish())
}

/// `(Z₀…, Z₁…)`: both modes of a zipped result spread (each kept whole if rank 1).
pub(crate) fn spread_both(z: &Layout) -> Result<Layout> {
    let mut out = ModeBuilder::new();
    for half in z.modes() {
        if half.rank() == 1 {
            out.push_layout(&half);
        } else {
            for m in half.modes() {
                out.push_layout(&m);
            }
        }
    }
    Ok(out.finish())
}
