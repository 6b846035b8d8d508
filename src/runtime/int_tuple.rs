//! `IntTuple`: hierarchical integer tuples and CuTe's operations on them.
//!
//! All arithmetic is checked: an overflow is an [`ErrorKind::Overflow`] error,
//! never a wrapped value.
//!
//! ```
//! use layout_algebra::runtime::{idx2crd, crd2idx, IntTuple};
//! let shape = IntTuple::parse_shape("(4,(3,2))");
//! let c = idx2crd(&IntTuple::leaf(17), &shape).unwrap();
//! assert_eq!(c.to_string(), "(1,(1,1))");
//! let stride = IntTuple::parse_shape("(2,(8,1))");
//! assert_eq!(crd2idx(&c, &shape, &stride).unwrap(), 2 + 8 + 1);
//! ```

use super::error::{bail, ErrorKind, LayoutError, Result};
use super::tuple::{Builder, HRef, HTuple};

/// An integer or a tuple of `IntTuple`s.
pub type IntTuple = HTuple<i64>;
/// A borrowed [`IntTuple`].
pub type IntRef<'a> = HRef<'a, i64>;

pub(crate) fn mul(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_mul(b).ok_or_else(|| LayoutError::overflow(op))
}
pub(crate) fn add(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_add(b).ok_or_else(|| LayoutError::overflow(op))
}
/// `a mod b` for `a >= 0` and `b > 0`, divided unsigned (no test of
/// `i64::MIN % -1`, which these operands exclude).
#[inline(always)]
pub(crate) fn rem(a: i64, b: i64) -> i64 {
    debug_assert!(a >= 0 && b > 0);
    (a as u64 % b as u64) as i64
}
/// `(a / b, a mod b)` for `a >= 0` and `b > 0`, from one unsigned division.
#[inline(always)]
pub(crate) fn div_rem(a: i64, b: i64) -> (i64, i64) {
    debug_assert!(a >= 0 && b > 0);
    let (a, b) = (a as u64, b as u64);
    ((a / b) as i64, (a % b) as i64)
}
/// `⌈a / b⌉` for `b > 0`.
/// Euclid's greatest common divisor, carrying signs as `%` does (`gcd(0, -4)
/// = -4`); `gcd(a, 0) = a`. Exact for every pair (`i64::MIN % -1` is 0 here).
pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        (a, b) = (b, a.wrapping_rem(b));
    }
    a
}

#[inline]
pub(crate) fn ceil_div_int(a: i64, b: i64, op: &'static str) -> Result<i64> {
    if b <= 0 {
        return Err(non_positive_divisor(b, op));
    }
    // One division: the truncated quotient is the ceiling unless a positive
    // remainder is left.
    Ok(a / b + i64::from(a % b > 0))
}

/// The error of [`ceil_div_int`] by `b <= 0` (out of line: the division is hot).
#[cold]
#[inline(never)]
fn non_positive_divisor(b: i64, op: &'static str) -> LayoutError {
    LayoutError::new(
        ErrorKind::NonPositiveShape,
        op,
        alloc::format!("ceil_div by non-positive {b}"),
    )
}

impl<'a> IntRef<'a> {
    /// CuTe `size`/`product`: the product of all leaves.
    pub fn size(self) -> Result<i64> {
        self.leaves().try_fold(1i64, |p, v| mul(p, v, "size"))
    }
}

impl IntTuple {
    /// CuTe `size`/`product`: the product of all leaves.
    pub fn size(&self) -> Result<i64> {
        self.as_ref().size()
    }
}

/// Check that every leaf of `shape` is positive.
pub fn check_shape(shape: IntRef<'_>, op: &'static str) -> Result<()> {
    if shape.leaves().any(|v| v <= 0) {
        bail!(
            NonPositiveShape,
            op,
            "shape {shape} has a non-positive extent"
        );
    }
    Ok(())
}

/// CuTe `weakly_congruent(a, b)`: `a`'s tree is a prefix of `b`'s (an integer
/// in `a` may stand for a whole sub-tuple of `b`).
pub fn weakly_congruent<T: Copy, U: Copy>(a: HRef<'_, T>, b: HRef<'_, U>) -> bool {
    match (a.is_leaf(), b.is_leaf()) {
        (true, _) => true,
        (false, true) => false,
        (false, false) => {
            a.rank() == b.rank()
                && a.modes()
                    .zip(b.modes())
                    .all(|(x, y)| weakly_congruent(x, y))
        }
    }
}

/// CuTe `compatible(a, b)`: sizes agree and every coordinate of `a` is a
/// coordinate of `b` (an integer of `a` may stand for a sub-tuple of `b` of equal size).
pub fn compatible(a: IntRef<'_>, b: IntRef<'_>) -> bool {
    match (a.as_leaf(), b.is_leaf()) {
        (Some(x), _) => b.size().is_ok_and(|s| s == x),
        (None, true) => false,
        (None, false) => {
            a.rank() == b.rank() && a.modes().zip(b.modes()).all(|(x, y)| compatible(x, y))
        }
    }
}

/// CuTe `shape_div(a, b)`: divide `a` by `b`, mode by mode when both are
/// tuples, folding `b` through `a`'s modes when `b` is an integer. At leaves,
/// `a / b` if `b | a`, else `1` if `a | b`, else an error.
pub fn shape_div(a: IntRef<'_>, b: IntRef<'_>) -> Result<IntTuple> {
    match (a.as_leaf(), b.as_leaf()) {
        (_, None) if !a.is_leaf() => {
            if a.rank() != b.rank() {
                bail!(
                    RankMismatch,
                    "shape_div",
                    "{a} and {b} have different ranks"
                );
            }
            let modes: Result<smallvec::SmallVec<[IntTuple; 8]>> = a
                .modes()
                .zip(b.modes())
                .map(|(x, y)| shape_div(x, y))
                .collect();
            Ok(HTuple::from_modes(modes?.iter().map(HTuple::as_ref)))
        }
        (_, Some(mut d)) if !a.is_leaf() => {
            let mut out = Builder::new();
            out.open();
            for m in a.modes() {
                let r = shape_div(m, HTuple::leaf(d).as_ref())?;
                out.push(r.as_ref());
                d = shape_div_int(d, m.size()?)?;
            }
            out.close();
            Ok(out.finish())
        }
        (Some(x), _) => Ok(HTuple::leaf(shape_div_int(x, b.size()?)?)),
        _ => unreachable!(),
    }
}

/// `shape_div` on integers: `a / b` if `b | a`, `signum(a·b)` if `a | b`.
pub fn shape_div_int(a: i64, b: i64) -> Result<i64> {
    if b == 0 || a == 0 {
        bail!(NonPositiveShape, "shape_div", "{a} / {b}: zero operand");
    }
    // `wrapping_rem` is exact for divisibility (`i64::MIN % -1` is 0); the
    // one quotient that does not fit, `i64::MIN / -1`, is an overflow.
    if a.wrapping_rem(b) == 0 {
        a.checked_div(b)
            .ok_or_else(|| LayoutError::overflow("shape_div"))
    } else if b.wrapping_rem(a) == 0 {
        Ok(a.signum() * b.signum())
    } else {
        bail!(
            Divisibility,
            "shape_div",
            "neither of {a} and {b} divides the other"
        );
    }
}

/// CuTe `ceil_div(a, b)`: like [`shape_div`] but rounding up, so it never fails on divisibility.
pub fn ceil_div(a: IntRef<'_>, b: IntRef<'_>) -> Result<IntTuple> {
    match (a.is_leaf(), b.as_leaf()) {
        (false, None) => {
            if a.rank() != b.rank() {
                bail!(RankMismatch, "ceil_div", "{a} and {b} have different ranks");
            }
            let modes: Result<smallvec::SmallVec<[IntTuple; 8]>> = a
                .modes()
                .zip(b.modes())
                .map(|(x, y)| ceil_div(x, y))
                .collect();
            Ok(HTuple::from_modes(modes?.iter().map(HTuple::as_ref)))
        }
        (false, Some(mut d)) => {
            let mut out = Builder::new();
            out.open();
            for m in a.modes() {
                let r = ceil_div(m, HTuple::leaf(d).as_ref())?;
                out.push(r.as_ref());
                d = ceil_div_int(d, m.size()?, "ceil_div")?;
            }
            out.close();
            Ok(out.finish())
        }
        (true, _) => {
            let x = a.as_leaf().unwrap_or(0);
            Ok(HTuple::leaf(ceil_div_int(x, b.size()?, "ceil_div")?))
        }
    }
}

/// CuTe `prefix_product(a, init)`: the exclusive prefix product of `a`'s
/// leaves in colexicographic order, congruent to `a`.
pub fn prefix_product(a: IntRef<'_>, init: i64) -> Result<IntTuple> {
    let mut acc = init;
    a.try_map(|v| {
        let r = acc;
        acc = mul(acc, v, "prefix_product")?;
        Ok(r)
    })
}

/// CuTe `inner_product(a, b)`: `Σ aᵢ·bᵢ` over congruent tuples.
pub fn inner_product(a: IntRef<'_>, b: IntRef<'_>) -> Result<i64> {
    if !a.congruent(b) {
        bail!(NotCongruent, "inner_product", "{a} and {b}");
    }
    a.leaves().zip(b.leaves()).try_fold(0i64, |s, (x, y)| {
        add(s, mul(x, y, "inner_product")?, "inner_product")
    })
}

/// CuTe `elem_scale(a, b)`: `a` scaled leaf by leaf by the sizes of `b`'s matching modes.
pub fn elem_scale(a: IntRef<'_>, b: IntRef<'_>) -> Result<IntTuple> {
    match a.as_leaf() {
        Some(x) => Ok(HTuple::leaf(mul(x, b.size()?, "elem_scale")?)),
        None => {
            if b.is_leaf() {
                bail!(
                    NotCongruent,
                    "elem_scale",
                    "the tuple {a} cannot be scaled by the integer {b}"
                );
            }
            if a.rank() != b.rank() {
                bail!(
                    RankMismatch,
                    "elem_scale",
                    "{a} and {b} have different ranks"
                );
            }
            let modes: Result<smallvec::SmallVec<[IntTuple; 8]>> = a
                .modes()
                .zip(b.modes())
                .map(|(x, y)| elem_scale(x, y))
                .collect();
            Ok(HTuple::from_modes(modes?.iter().map(HTuple::as_ref)))
        }
    }
}

/// CuTe `idx2crd(idx, shape)` with the compact column-major stride.
///
/// An integer index is split colexicographically; the last mode of each tuple
/// is not wrapped (CuTe C++), so an index beyond the size lands out of the
/// shape rather than aliasing. A tuple `idx` is mapped mode by mode.
pub fn idx2crd(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    check_shape(shape.as_ref(), "idx2crd")?;
    let mut b = Builder::new();
    idx2crd_into(idx.as_ref(), shape.as_ref(), &mut b)?;
    Ok(b.finish())
}

fn idx2crd_into(idx: IntRef<'_>, shape: IntRef<'_>, out: &mut Builder<i64>) -> Result<()> {
    match (idx.as_leaf(), shape.is_leaf()) {
        (_, true) => {
            let i = idx.as_leaf().ok_or_else(|| {
                LayoutError::new(
                    ErrorKind::NotCongruent,
                    "idx2crd",
                    alloc::format!("coordinate {idx} for shape {shape}"),
                )
            })?;
            out.leaf(i);
            Ok(())
        }
        (Some(mut i), false) => {
            let n = shape.rank();
            if n == 0 && i != 0 {
                // `()` has the single coordinate `()` at index 0: nothing can hold the rest.
                bail!(
                    OutOfBounds,
                    "idx2crd",
                    "the index has {i} left for the empty shape (), whose only coordinate () is index 0"
                );
            }
            out.open();
            for (k, m) in shape.modes().enumerate() {
                let s = m.size()?;
                let (here, rest) = if k + 1 == n { (i, 0) } else { (i % s, i / s) };
                idx2crd_into(HTuple::leaf(here).as_ref(), m, out)?;
                i = rest;
            }
            out.close();
            Ok(())
        }
        (None, false) => {
            if idx.rank() != shape.rank() {
                bail!(
                    NotCongruent,
                    "idx2crd",
                    "coordinate {idx} for shape {shape}"
                );
            }
            out.open();
            for (c, m) in idx.modes().zip(shape.modes()) {
                idx2crd_into(c, m, out)?;
            }
            out.close();
            Ok(())
        }
    }
}

/// CuTe `idx2crd(idx, shape, stride)`: `(idx / dᵢ) % sᵢ` at each leaf.
pub fn idx2crd_strided(idx: i64, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
    if !shape.congruent(stride) {
        bail!(NotCongruent, "idx2crd", "shape {shape} and stride {stride}");
    }
    check_shape(shape.as_ref(), "idx2crd")?;
    let mut strides = stride.leaves();
    shape.try_map(|s| {
        let d = strides.next().unwrap_or(1);
        if d == 0 {
            bail!(InvalidArgument, "idx2crd", "stride 0 in {stride}");
        }
        idx.checked_div(d)
            .map(|q| q.rem_euclid(s))
            .ok_or_else(|| LayoutError::overflow("idx2crd"))
    })
}

/// CuTe `crd2idx(coord, shape, stride)`: the inner product of the coordinate
/// (an integer index, an R-D or a hierarchical coordinate weakly congruent to
/// `shape`) with `stride`.
pub fn crd2idx(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<i64> {
    if !shape.congruent(stride) {
        bail!(NotCongruent, "crd2idx", "shape {shape} and stride {stride}");
    }
    let c = idx2crd(coord, shape)?;
    inner_product(c.as_ref(), stride.as_ref())
}

/// CuTe `crd2crd(coord, src_shape, dst_shape)`: re-express a coordinate of
/// `src_shape` as a coordinate of `dst_shape`: mode by mode when all three
/// are tuples (of one rank), else through the linear index.
pub fn crd2crd(coord: &IntTuple, src: &IntTuple, dst: &IntTuple) -> Result<IntTuple> {
    if !coord.is_leaf() && !src.is_leaf() && !dst.is_leaf() {
        if coord.rank() != src.rank() || coord.rank() != dst.rank() {
            bail!(
                RankMismatch,
                "crd2crd",
                "coordinate {coord}, source shape {src} and target shape {dst} must have one rank"
            );
        }
        let mut b = Builder::new();
        b.open();
        for ((c, s), d) in coord.modes().zip(src.modes()).zip(dst.modes()) {
            let r = crd2crd(&c.to_owned(), &s.to_owned(), &d.to_owned())?;
            b.push(r.as_ref());
        }
        b.close();
        return Ok(b.finish());
    }
    // An integer coordinate is its own index (CuTe's two-argument `crd2idx`).
    let idx = match coord.as_leaf() {
        Some(i) => i,
        None => crd2idx(coord, src, &prefix_product(src.as_ref(), 1)?)?,
    };
    idx2crd(&HTuple::leaf(idx), dst)
}

/// CuTe `unflatten(flat, profile)`: regroup the leaves of `flat` into the tree of `profile`.
pub fn unflatten<T: Copy>(flat: HRef<'_, T>, profile: HRef<'_, impl Copy>) -> Result<HTuple<T>> {
    if flat.leaf_count() != profile.leaf_count() {
        bail!(
            RankMismatch,
            "unflatten",
            "{} leaves for a profile of {}",
            flat.leaf_count(),
            profile.leaf_count()
        );
    }
    let mut vals = flat.leaves();
    Ok(profile.map(|_| vals.next().expect("counted")))
}
