//! Checking functions shared by the fuzz targets (`fuzz/fuzz_targets/*.rs`)
//! and the stable corpus replay (`tests/runtime/fuzz_corpus.rs`), included by both
//! with `#[path]`.
//!
//! Each `check_*` takes the raw fuzz input, runs the library on it and checks
//! the postconditions of every `Ok` result. It returns the number of
//! properties it checked, or a [`Finding`]: a description of a wrong `Ok` (a
//! panic is a finding too; the fuzzer reports it itself). Any `Err` is fine.
#![allow(dead_code)]

pub mod calc;
pub mod generate;
pub mod ops;
pub mod parse;

use layout_algebra::runtime::{IntTuple, Layout, Offset, SliceCoord};

/// A wrong result, described for a human.
pub type Finding = String;

/// What one check returns: the number of properties checked, or a finding.
pub type Checked = Result<usize, Finding>;

/// Largest domain checked point by point (larger results are only checked structurally).
pub const POINTS: i64 = 1 << 9;

/// Fail with a message unless `cond` holds.
macro_rules! ensure {
    ($n:ident, $cond:expr, $($fmt:tt)+) => {{
        if !$cond {
            return Err(format!($($fmt)+));
        }
        $n += 1;
    }};
}
pub(crate) use ensure;

/// The (shape, stride) leaves of an integral layout, or `None`.
pub fn int_leaves(l: &Layout) -> Option<Vec<(i64, i64)>> {
    l.leaves().map(|(s, d)| Some((s, d.as_int()?))).collect()
}

/// `L(x)` computed independently, extended past the size as CuTe C++ does:
/// colexicographic digits with the last leaf unbounded, and `L(-x) = -L(x)`.
/// `None` for a non-integral layout or an overflow.
pub fn eval_ext(l: &Layout, x: i64) -> Option<i64> {
    let leaves = int_leaves(l)?;
    let mut rest = x.checked_abs()?;
    let mut sum: i64 = 0;
    for (k, &(s, d)) in leaves.iter().enumerate() {
        let c = if k + 1 == leaves.len() {
            rest
        } else {
            rest.checked_rem(s)?
        };
        rest = rest.checked_div(s).unwrap_or(0);
        sum = sum.checked_add(c.checked_mul(d)?)?;
    }
    sum.checked_mul(x.signum())
}

/// Offsets compare equal as vectors: a coordinate equals another padded
/// with zeros, and a zero coordinate equals the integer 0 (a size-1 or
/// stride-0 mode may be dropped with its basis).
pub fn same_offset(a: &Offset, b: &Offset) -> bool {
    a == b || terms(a) == terms(b)
}

/// The nonzero terms of an offset as (path, value), sorted.
fn terms(o: &Offset) -> Vec<(Vec<usize>, i64)> {
    fn go(
        t: layout_algebra::runtime::IntRef<'_>,
        path: &mut Vec<usize>,
        out: &mut Vec<(Vec<usize>, i64)>,
    ) {
        match t.as_leaf() {
            Some(0) => {}
            Some(v) => out.push((path.clone(), v)),
            None => {
                for (i, m) in t.modes().enumerate() {
                    path.push(i);
                    go(m, path, out);
                    path.pop();
                }
            }
        }
    }
    let mut out = Vec::new();
    match o {
        Offset::Int(0) => {}
        Offset::Int(v) => out.push((vec![usize::MAX], *v)),
        Offset::Coord(c) => go(c.as_ref(), &mut Vec::new(), &mut out),
    }
    out.sort();
    out
}

/// `L(i)` through the library for `i < size(L)`.
pub fn at(l: &Layout, i: i64) -> Option<Offset> {
    l.eval(&IntTuple::leaf(i)).ok()
}

/// The size of `l` if it is small enough to check point by point.
pub fn small(l: &Layout) -> Option<i64> {
    l.size().ok().filter(|&n| (0..=POINTS).contains(&n))
}

/// All values `L(0..size)` as integers, for a small integral layout.
pub fn int_values(l: &Layout) -> Option<Vec<i64>> {
    let n = small(l)?;
    (0..n).map(|i| l.call(i).ok()).collect()
}

/// The flat (shape, stride) leaves as text, sorted (a regrouping keeps this multiset).
pub fn leaf_multiset(l: &Layout) -> Vec<String> {
    let mut v: Vec<String> = l.leaves().map(|(s, d)| format!("{s}:{d}")).collect();
    v.sort();
    v
}

/// A slice coordinate in CuTe notation, `_` for a free mode.
pub fn show(c: &SliceCoord) -> String {
    match c.as_leaf() {
        Some(Some(v)) => v.to_string(),
        Some(None) => "_".into(),
        None => format!(
            "({})",
            c.modes()
                .map(|m| show(&m.to_owned()))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}
