//! By-mode application of an operation to a layout and a tiler:
//! `A ⋆ <T₀, …, Tₖ> = (A₀ ⋆ T₀, …, Aₖ ⋆ Tₖ, Aₖ₊₁, …)`. Mode `i` of `A` meets
//! tiler entry `i`; the modes of `A` past the tiler are kept (the divides and
//! products; composition drops them, as CuTe C++ does). A tiler of higher rank
//! than `A` is a `rank_mismatch`.

use crate::runtime::error::{bail, Result};
use crate::runtime::layout::{LayoutBuilder, LayoutRef};
use crate::runtime::tiler::{AsTiler, Tiler, TilerRef};

/// Apply `f` to mode `i` of `a` and tiler entry `i`, appending each result
/// to `out` (as `f` does), and keeping the modes of `a` past the tiler's rank;
/// the whole is appended to `out` as one tuple mode. A tiler longer than
/// `a`'s rank is a `RankMismatch`.
pub(crate) fn by_mode_into(
    a: LayoutRef<'_>,
    ts: &[Tiler],
    op: &'static str,
    out: &mut LayoutBuilder,
    f: fn(LayoutRef<'_>, TilerRef<'_>, &mut LayoutBuilder) -> Result<()>,
) -> Result<()> {
    check_rank(a, ts, op)?;
    out.open();
    for (i, m) in a.modes().enumerate() {
        match ts.get(i) {
            Some(t) => f(m, t.as_tiler(), out)?,
            None => out.push_view(m),
        }
    }
    out.close();
    Ok(())
}

/// A `RankMismatch` of `op` if the tiler `ts` is longer than `a`'s rank.
pub(crate) fn check_rank(a: LayoutRef<'_>, ts: &[Tiler], op: &'static str) -> Result<()> {
    if ts.len() > a.rank() {
        bail!(
            RankMismatch,
            op,
            "tiler {} has rank {} but layout {a} has rank {}",
            Tiler::Tuple(ts.to_vec()),
            ts.len(),
            a.rank()
        );
    }
    Ok(())
}
