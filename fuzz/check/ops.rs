//! The `ops` target: every runtime operation on small structured inputs,
//! with the postconditions of each `Ok` result checked.

use super::generate::Gen;
use super::{at, ensure, eval_ext, int_values, same_offset, small, Checked, POINTS};
use arbitrary::Unstructured;
use layout_algebra::runtime::*;

mod algebra;
mod tuples;

/// Decode one operation and its operands from `data`, run it, check it.
pub fn check_ops(data: &[u8]) -> Checked {
    let mut u = Unstructured::new(data);
    let mut g = Gen::new(&mut u);
    let op = g.pick(algebra::COUNT + tuples::COUNT);
    if op < algebra::COUNT {
        algebra::run(op, &mut g)
    } else {
        tuples::run(op - algebra::COUNT, &mut g)
    }
}

/// `R(i) = A(B(i))` for every `i < size(B)` (checked where both sides are
/// defined: `A` is extended past its size as CuTe C++ does).
pub(crate) fn composed(a: &Layout, b: &Layout, r: &Layout, what: &str) -> Checked {
    let mut n = 0;
    let Some(size) = small(b) else { return Ok(0) };
    ensure!(
        n,
        r.size().ok() == Some(size),
        "{what}: size({r}) != size({b})"
    );
    for i in 0..size {
        let Some(bi) = at(b, i) else { continue };
        let want = match &bi {
            Offset::Int(x) if a.is_integral() => eval_ext(a, *x).map(Offset::Int),
            Offset::Int(x) => at(a, *x),
            Offset::Coord(c) => a.eval(c).ok(),
        };
        if let Some(want) = want {
            let got = match r.eval(&IntTuple::leaf(i)) {
                // Its terms may overflow where the total fits: an error, not a wrong value.
                Err(e) if e.kind() == ErrorKind::Overflow => continue,
                x => x.ok(),
            };
            ensure!(
                n,
                got.as_ref().is_some_and(|g| same_offset(g, &want)),
                "{what}: ({a} o {b})({i}) = {r}({i}) = {got:?}, want A({bi}) = {want}"
            );
        }
    }
    Ok(n)
}

/// `R` applies tiler `t` to `a` as a composition: a layout tiler pointwise,
/// a tuple by mode (the modes of `a` past the tiler dropped).
pub(crate) fn composed_tiler(a: &Layout, t: &Tiler, r: &Layout) -> Checked {
    let mut n = 0;
    match t {
        Tiler::Layout(b) => composed(a, b, r, "composition"),
        Tiler::Int(k) => composed(a, &int_tile(*k, false)?, r, "composition"),
        Tiler::Tuple(ts) => {
            ensure!(
                n,
                r.rank() == ts.len() || (ts.len() == 1 && r.rank() == 1),
                "composition({a}, {t}) = {r}: rank {} != {}",
                r.rank(),
                ts.len()
            );
            for (i, ti) in ts.iter().enumerate() {
                let (Ok(ai), Ok(ri)) = (a.mode(i), r.mode(i)) else {
                    return Err(format!("composition({a}, {t}) = {r}: mode {i} missing"));
                };
                n += composed_tiler(&ai, ti, &ri)?;
            }
            Ok(n)
        }
    }
}

/// An integer tile `k` as CuTe C++ reads it: `k:1` in composition,
/// `make_layout(k)` (`1:0` for 1) where `compact` (the divides and products).
pub(crate) fn int_tile(k: i64, compact: bool) -> core::result::Result<Layout, String> {
    let shape = IntTuple::leaf(k);
    match compact {
        true => Layout::column_major(&shape),
        false => Layout::from_ints(shape, &IntTuple::leaf(1)),
    }
    .map_err(|e| format!("{k} is no tile: {e}"))
}

/// The image of `L(0..size)` as a sorted set.
pub(crate) fn image(l: &Layout) -> Option<Vec<i64>> {
    let mut v = int_values(l)?;
    v.sort_unstable();
    v.dedup();
    Some(v)
}

/// Same size and `R(i) = A(i)` for every `i` where `A(i)` is defined (a
/// layout mixing integer and basis strides may fail to evaluate).
pub(crate) fn same_function(a: &Layout, r: &Layout, what: &str) -> Checked {
    let mut n = 0;
    ensure!(
        n,
        a.size().ok() == r.size().ok(),
        "{what}: size({r}) != size({a})"
    );
    if let Some(size) = small(a) {
        for i in 0..size {
            let (x, y) = (at(a, i), at(r, i));
            ensure!(
                n,
                x.is_none() || x.zip(y.clone()).is_some_and(|(x, y)| same_offset(&x, &y)),
                "{what}: {r}({i}) = {:?} != {a}({i}) = {:?}",
                at(r, i),
                at(a, i)
            );
        }
    }
    Ok(n)
}

/// `POINTS` as a bound for a product of sizes.
pub(crate) fn both_small(a: i64, b: i64) -> bool {
    a.checked_mul(b)
        .is_some_and(|p| (0..=POINTS * 4).contains(&p))
}
