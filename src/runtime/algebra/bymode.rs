//! By-mode application of an operation to a layout and a tiler:
//! `A ⋆ <T₀, …, Tₖ> = (A₀ ⋆ T₀, …, Aₖ ⋆ Tₖ, Aₖ₊₁, …)`. Mode `i` of `A` meets
//! tiler entry `i`; the modes of `A` past the tiler are kept (the divides and
//! products; composition drops them, as CuTe C++ does). A tiler of higher rank
//! than `A` is a `rank_mismatch`.

use super::restructure::ModeBuilder;
use crate::runtime::error::{bail, Result};
use crate::runtime::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::runtime::tiler::{AsTiler, Tiler, TilerRef};

/// Apply `f` to mode `i` of `a` and tiler entry `i`, keeping the modes of `a`
/// past the tiler's rank; a tiler longer than `a`'s rank is a `RankMismatch`.
pub(crate) fn by_mode(
    a: &Layout,
    ts: &[Tiler],
    op: &'static str,
    f: impl Fn(&Layout, &Tiler) -> Result<Layout>,
) -> Result<Layout> {
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
    let mut out = ModeBuilder::new();
    for (i, (s, d)) in a.shape().modes().zip(a.stride().modes()).enumerate() {
        match ts.get(i) {
            Some(t) => {
                let m = Layout::from_parts(s.to_owned(), d.to_owned());
                out.push_layout(&f(&m, t)?);
            }
            None => out.push(s, d),
        }
    }
    Ok(out.finish())
}

/// [`by_mode`] on borrowed modes, each result appended to `out` by `f`; the
/// whole is appended to `out` as one tuple mode.
pub(crate) fn by_mode_into(
    a: LayoutRef<'_>,
    ts: &[Tiler],
    op: &'static str,
    out: &mut LayoutBuilder,
    f: fn(LayoutRef<'_>, TilerRef<'_>, &mut LayoutBuilder) -> Result<()>,
) -> Result<()> {
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
