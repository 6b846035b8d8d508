//! Recasting a layout to another element width: `upcast`, `downcast`,
//! `recast_layout` (CuTe C++ semantics).
//!
//! A layout over elements of `b` bits read as elements of `n·b` bits
//! (`upcast(L, n)`) has, leaf by leaf, `s:d ↦ ⌈s / ⌈n/|d|⌉⌉ : sign(d)·⌈|d|/n⌉`
//! (stride-0 leaves unchanged): the stride-1 mode shrinks by `n`, the other
//! strides are divided by `n`. CuTe C++ requires `n | d` or `d | n` for every
//! nonzero stride. `downcast(L, n)` is the inverse direction: a stride-±1
//! leaf grows to `s·n`, every other stride is multiplied by `n`; it requires a
//! stride-1 leaf ("adjacent elements").
//!
//! ```
//! use layout_algebra::runtime::{downcast, upcast, Layout};
//! let l: Layout = "(4,8):(1,4)".parse().unwrap();
//! assert_eq!(upcast(&l, 2).unwrap().to_string(), "(2,8):(1,2)");
//! assert_eq!(downcast(&l, 2).unwrap().to_string(), "(8,8):(1,8)");
//! ```

use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::{ceil_div_int, gcd, mul};
use crate::runtime::layout::Layout;
use crate::runtime::stride::Stride;
use core::fmt::Display;

fn check_factor(n: i64, op: &'static str) -> Result<()> {
    if n <= 0 {
        bail!(InvalidArgument, op, "factor {n} must be positive");
    }
    Ok(())
}

/// Map the (shape, stride) leaves of `a` through `f`, keeping the tree.
fn map_leaves(
    a: &Layout,
    op: &'static str,
    mut f: impl FnMut(i64, i64) -> Result<(i64, i64)>,
) -> Result<Layout> {
    let strides = a.int_strides(op)?;
    let mut pairs: smallvec::SmallVec<[(i64, i64); 16]> = smallvec::SmallVec::new();
    for (s, d) in a.shape().leaves().zip(strides.leaves()) {
        pairs.push(f(s, d)?);
    }
    let mut it = pairs.iter();
    let shape = a.shape().map(|_| it.next().map_or(1, |p| p.0));
    let mut it = pairs.iter();
    let stride = a.shape().map(|_| Stride::Int(it.next().map_or(0, |p| p.1)));
    Layout::new(shape, stride)
}

/// CuTe `upcast<n>(L)`: `L` seen through elements `n` times wider.
///
/// Errors: `InvalidArgument` for `n ≤ 0`, `Divisibility` when a nonzero
/// stride `d` has neither `n | d` nor `d | n`, `BasisStride` for coordinate
/// layouts.
///
/// ```
/// use layout_algebra::runtime::{upcast, Layout};
/// let l: Layout = "(4,(2,4)):(1,(4,8))".parse().unwrap();
/// assert_eq!(upcast(&l, 4).unwrap().to_string(), "(1,(2,4)):(1,(1,2))");
/// ```
pub fn upcast(a: &Layout, n: i64) -> Result<Layout> {
    check_factor(n, "upcast")?;
    map_leaves(a, "upcast", |s, d| upcast_leaf(s, d, n, a))
}

/// The leaf `s:d` of the layout `a` upcast by `n > 0`: `s:0` for `d = 0`,
/// else `⌈s/⌈n/|d|⌉⌉ : sign(d)·⌈|d|/n⌉`, refused unless `n | d` or `d | n`.
/// The runtime layer's [`upcast`] and the type level's `try_upcast` map their
/// leaves by it.
pub(crate) fn upcast_leaf(s: i64, d: i64, n: i64, a: &dyn Display) -> Result<(i64, i64)> {
    if d == 0 {
        return Ok((s, 0));
    }
    let ad = d
        .checked_abs()
        .ok_or_else(|| crate::runtime::LayoutError::overflow("upcast"))?;
    if ad % n != 0 && n % ad != 0 {
        bail!(
            Divisibility,
            "upcast",
            "stride {d} of {a} and factor {n}: neither divides the other"
        );
    }
    let shrink = ceil_div_int(n, ad, "upcast")?;
    Ok((
        ceil_div_int(s, shrink, "upcast")?,
        d.signum() * ceil_div_int(ad, n, "upcast")?,
    ))
}

/// The leaf `s:d` downcast by `n > 0`: `s·n:d` for `d = ±1`, else `s:d·n`.
/// The runtime layer's [`downcast`] and the type level's `try_downcast` map
/// their leaves by it.
pub(crate) fn downcast_leaf(s: i64, d: i64, n: i64) -> Result<(i64, i64)> {
    if d == 1 || d == -1 {
        Ok((mul(s, n, "downcast")?, d))
    } else {
        Ok((s, mul(d, n, "downcast")?))
    }
}

/// CuTe `downcast<n>(L)`: `L` seen through elements `n` times narrower.
///
/// Errors: `InvalidArgument` for `n ≤ 0`, `Divisibility` when no leaf has
/// stride 1 (C++ "Downcast requires adjacent elements"), `Overflow`,
/// `BasisStride` for coordinate layouts.
///
/// ```
/// use layout_algebra::runtime::{downcast, Layout};
/// let l: Layout = "(4,8):(-1,1)".parse().unwrap();
/// assert_eq!(downcast(&l, 2).unwrap().to_string(), "(8,16):(-1,1)");
/// ```
pub fn downcast(a: &Layout, n: i64) -> Result<Layout> {
    check_factor(n, "downcast")?;
    if !a.leaves().any(|(_, d)| d == Stride::Int(1)) {
        bail!(
            Divisibility,
            "downcast",
            "{a} has no stride-1 mode (downcast requires adjacent elements)"
        );
    }
    map_leaves(a, "downcast", |s, d| downcast_leaf(s, d, n))
}

/// CuTe `recast_layout<Old, New>(L)` for element widths in bits: with
/// `new/old = p/q` in lowest terms, `downcast(upcast(L, p), q)` (either step
/// skipped when its factor is 1).
///
/// Errors: `InvalidArgument` for non-positive widths, and those of
/// [`upcast`] and [`downcast`].
///
/// ```
/// use layout_algebra::runtime::{recast_layout, Layout};
/// let l: Layout = "(6,8):(1,6)".parse().unwrap();
/// assert_eq!(recast_layout(&l, 32, 48).unwrap().to_string(), "(4,8):(1,4)");
/// ```
pub fn recast_layout(a: &Layout, old_bits: i64, new_bits: i64) -> Result<Layout> {
    if old_bits <= 0 || new_bits <= 0 {
        bail!(
            InvalidArgument,
            "recast_layout",
            "element widths {old_bits} and {new_bits} bits must be positive"
        );
    }
    let g = gcd(new_bits, old_bits);
    let (num, den) = (new_bits / g, old_bits / g);
    let up = if num == 1 { a.clone() } else { upcast(a, num)? };
    if den == 1 {
        Ok(up)
    } else {
        downcast(&up, den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::ErrorKind;
    use alloc::string::ToString;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    // Expected values checked against CuTe C++ 4.2 (static layouts).
    #[test]
    fn recast_examples() {
        let s = |r: Result<Layout>| r.unwrap().to_string();
        let a = l("(4,8):(1,4)");
        assert_eq!(s(upcast(&a, 2)), "(2,8):(1,2)");
        assert_eq!(s(upcast(&l("(6,8):(1,8)"), 4)), "(2,8):(1,2)");
        assert_eq!(s(upcast(&l("(4,8):(0,-4)"), 2)), "(4,8):(0,-2)");
        assert_eq!(s(upcast(&l("(4,8):(2,8)"), 4)), "(2,8):(1,2)");
        assert_eq!(s(upcast(&a, 8)), "(1,4):(1,1)");
        assert_eq!(s(downcast(&a, 2)), "(8,8):(1,8)");
        assert_eq!(s(downcast(&l("(4,8):(-1,1)"), 2)), "(8,16):(-1,1)");
        assert_eq!(s(recast_layout(&a, 16, 32)), "(2,8):(1,2)");
        assert_eq!(s(recast_layout(&a, 32, 16)), "(8,8):(1,8)");
        assert_eq!(s(recast_layout(&a, 16, 16)), "(4,8):(1,4)");
        assert_eq!(s(recast_layout(&l("(6,8):(1,6)"), 32, 48)), "(4,8):(1,4)");
    }

    #[test]
    fn recast_errors() {
        let a = l("(4,8):(1,4)");
        for (r, kind) in [
            (upcast(&l("(4,8):(1,6)"), 4), ErrorKind::Divisibility),
            (upcast(&a, 0), ErrorKind::InvalidArgument),
            (downcast(&a, -2), ErrorKind::InvalidArgument),
            (downcast(&l("(4,8):(-1,0)"), 2), ErrorKind::Divisibility),
            (recast_layout(&a, 32, 48), ErrorKind::Divisibility),
            (recast_layout(&a, 0, 8), ErrorKind::InvalidArgument),
            (upcast(&l("(4,3):(1@0,1@1)"), 2), ErrorKind::BasisStride),
            (
                downcast(&l("(2,4):(1,4611686018427387904)"), 2),
                ErrorKind::Overflow,
            ),
            (
                downcast(&l("(4611686018427387904,2):(1,0)"), 2),
                ErrorKind::Overflow,
            ),
        ] {
            assert_eq!(r.unwrap_err().kind(), kind);
        }
    }
}
