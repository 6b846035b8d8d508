//! Inverses of layouts, common vectors, and the null space.
//!
//! With `L` coalesced to flat modes `(sᵢ:dᵢ)` and `pᵢ = s₀⋯sᵢ₋₁` the position
//! of mode `i` in `L`'s domain:
//!
//! - `right_inverse(L) = R` with `L(R(i)) = i` for all `i < size(R)`: starting
//!   from stride 1, repeatedly take the mode whose stride is the extent reached
//!   so far (`dᵢ = 1`, then `dⱼ = sᵢdᵢ`, …) and give it stride `pᵢ`. Modes of
//!   stride 0 or negative stride are never reached, so they are skipped
//!   (CuTe C++).
//! - `left_inverse(L) = Q` with `Q(L(i)) = i` for all `i < size(L)`: sorted by
//!   stride `d₀ < d₁ < …`, an offset is read in the mixed radix
//!   `(d₀, d₁/d₀, …, sₙ₋₁)` and digit `i` gets stride `pᵢ`. This needs `L`
//!   injective with each sorted stride dividing the next.
//!
//! ```
//! use layout_algebra::runtime::{left_inverse, right_inverse, Layout};
//! let l: Layout = "(4,2,3):(2,1,8)".parse().unwrap();
//! let r = right_inverse(&l).unwrap();
//! assert_eq!(r.to_string(), "(2,4,3):(4,1,8)");
//! assert!((0..24).all(|i| l.call(r.call(i).unwrap()).unwrap() == i));
//! let q = left_inverse(&l).unwrap();
//! assert!((0..24).all(|i| q.call(l.call(i).unwrap()).unwrap() == i));
//! ```

use super::composition::composition;
use super::mode_list::{
    coalesce_leaves, coalesce_modes, eval_extended, layout_of, FlatModes, IntModes,
};
use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::mul;
use crate::runtime::layout::Layout;
use crate::runtime::sort::sort_by;
use crate::runtime::stride::Stride;
use core::fmt::Display;
use smallvec::SmallVec;

/// Coalesced flat modes of `a` as `(shape, stride, domain position)`.
fn int_modes(a: &Layout, op: &'static str) -> Result<SmallVec<[(i64, i64, i64); 16]>> {
    let mut out = SmallVec::new();
    let mut pos = 1i64;
    for (s, d) in coalesce_modes(a)? {
        let Some(d) = d.as_int() else {
            bail!(BasisStride, op, "{a} has scaled-basis strides");
        };
        out.push((s, d, pos));
        pos = mul(pos, s, op)?;
    }
    Ok(out)
}

/// CuTe `right_inverse(L)`: the largest `R` built from `L`'s modes with
/// `L(R(i)) = i` for every `i < size(R)` (`1:0` when `L` has no stride-1 mode).
///
/// ```
/// use layout_algebra::runtime::{right_inverse, Layout};
/// let l: Layout = "(6,4):(0,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "4:6");
/// ```
pub fn right_inverse(a: &Layout) -> Result<Layout> {
    let modes = int_modes(a, "right_inverse")?;
    let mut used: SmallVec<[bool; 16]> = SmallVec::from_elem(false, modes.len());
    let mut out = FlatModes::new();
    let mut next = 1i64;
    while let Some(i) = (0..modes.len()).find(|&i| !used[i] && modes[i].1 == next) {
        used[i] = true;
        let (s, d, p) = modes[i];
        out.push((s, Stride::Int(p)));
        next = mul(s, d, "right_inverse")?;
    }
    Ok(layout_of(&out))
}

/// CuTe `left_inverse(L)`: a layout `Q` with `Q(L(i)) = i` for every
/// `i < size(L)`, or, for a non-injective `L`, the paper's generalized left
/// inverse with `L(Q(L(i))) = L(i)` (001 Eq. 26).
///
/// With the coalesced modes sorted by stride, `d₀ < d₁ < …`, `Q` reads an
/// offset in the mixed radix `(d₀, d₁/d₀, d₂/d₁, …, sₙ₋₁)`: the digit below
/// `d₀` is ignored (stride 0), the digit of mode `i` gets stride `pᵢ`; then
/// `Q` is coalesced (CuTe C++; stride-0 modes are skipped). Errors:
/// `InvalidArgument` for a negative stride (offsets that are not indices);
/// `Divisibility` when a sorted stride does not divide the next one (C++'s
/// "left inverse divisibility condition"), or when `L` is not injective and
/// the candidate breaks Eq. 26 (checked point by point; CuTe C++ returns it).
///
/// ```
/// use layout_algebra::runtime::{left_inverse, Layout};
/// let l: Layout = "(4,8):(1,5)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(5,8):(1,4)");
/// ```
pub fn left_inverse(a: &Layout) -> Result<Layout> {
    let (modes, check) = left_inverse_modes(int_modes(a, "left_inverse")?, a)?;
    let q_modes = coalesce_leaves(modes.iter().map(|&(s, d)| (s, Stride::Int(d))))?;
    let q = layout_of(&q_modes);
    if check {
        // `L` as given and `Q` coalesced, as CuTe C++ evaluates them: a
        // non-injective `L` reaches past `size(Q)`, so their last modes count.
        let mut l = IntModes::new();
        for (s, d) in a.leaves() {
            let Some(d) = d.as_int() else {
                bail!(BasisStride, "left_inverse", "{a} has scaled-basis strides");
            };
            l.push((s, d));
        }
        let q_ints: IntModes = q_modes.iter().map(|&(s, d)| (s, d.scale())).collect();
        check_generalized_inverse(&l, &q_ints, (a, &q))?;
    }
    Ok(q)
}

/// The modes of `Q = left_inverse(L)` before coalescing, from `L`'s flat
/// modes `(sᵢ, dᵢ, pᵢ)` (extent, stride, domain position; coalesced, though a
/// mode of extent 1 may remain), and whether `Q` must be checked point by
/// point ([`check_generalized_inverse`]: a stride-0 mode of extent above 1 or
/// overlapping sorted modes, `sᵢ·dᵢ > dᵢ₊₁`, make `L` non-injective). The
/// modes of stride 0 are left out; with `d₀ < d₁ < …` the others sorted, `Q`
/// is `(d₀, d₁/d₀, …, sₙ₋₁) : (0, p₀, …, pₙ₋₁)`; no mode of stride above 0:
/// the first stride-0 mode's extent with stride 0, or nothing (`1:0`). The
/// rules, with `a` naming `L` in their errors: no negative stride
/// (`InvalidArgument`), each sorted stride divides the next (`Divisibility`).
/// One core for the runtime layer and the type level's dynamic leaves.
pub(crate) fn left_inverse_modes(
    mut modes: SmallVec<[(i64, i64, i64); 16]>,
    a: &dyn Display,
) -> Result<(IntModes, bool)> {
    if let Some(&(s, d, _)) = modes.iter().find(|m| m.1 < 0) {
        bail!(
            InvalidArgument,
            "left_inverse",
            "{a} has the negative-stride mode {s}:{d}; its offsets are not indices"
        );
    }
    let zeros = modes.iter().find(|m| m.1 == 0).map(|m| m.0);
    let mut check = modes.iter().any(|m| m.1 == 0 && m.0 > 1);
    modes.retain(|m| m.1 != 0);
    sort_by(&mut modes, |x, y| x.1 < y.1);
    let mut out = SmallVec::new();
    if let Some(&(_, d0, _)) = modes.first() {
        out.push((d0, 0));
    }
    for (i, &(s, d, p)) in modes.iter().enumerate() {
        let digit = match modes.get(i + 1) {
            Some(&(_, next, _)) if next % d != 0 => bail!(
                Divisibility,
                "left_inverse",
                "{a}: stride {d} of mode {s}:{d} does not divide the next larger stride {next}"
            ),
            Some(&(_, next, _)) => {
                check |= mul(s, d, "left_inverse")? > next;
                next / d
            }
            None => s,
        };
        out.push((digit, p));
    }
    if let (true, Some(s)) = (modes.is_empty(), zeros) {
        // All strides 0: C++ keeps the (coalesced) mode's extent, `s:0`.
        out.push((s, 0));
    }
    Ok((out, check))
}

/// Refuse `Q` unless `L(Q(L(k))) = L(k)` for every `k < size(L)` (001
/// Eq. 26), `L` and `Q` given by their flat leaves `(extent, stride)` and
/// evaluated past their sizes as CuTe C++ does (the last leaf unbounded);
/// `names` show them in the errors. The points are charged to the budget.
pub(crate) fn check_generalized_inverse(
    l: &[(i64, i64)],
    q: &[(i64, i64)],
    (ln, qn): (&dyn Display, &dyn Display),
) -> Result<()> {
    let mut n = 1i64;
    for &(s, _) in l {
        n = mul(n, s, "left_inverse")?;
    }
    if n > crate::runtime::budget::MAX_CHECK_POINTS {
        bail!(
            Divisibility,
            "left_inverse",
            "{ln} is not injective and too large ({n} points) to verify a generalized left inverse"
        );
    }
    crate::runtime::budget::charge(
        n,
        "left_inverse",
        format_args!("verifying the generalized left inverse of {ln}"),
    )?;
    for k in 0..n {
        let y = eval_extended(l, k)?;
        let back = eval_extended(q, y).and_then(|j| eval_extended(l, j));
        if back.as_ref() != Ok(&y) {
            bail!(Divisibility, "left_inverse", "{ln} is not injective and has no left inverse: CuTe's candidate {qn} gives L(Q(L({k}))) != L({k}) = {y}");
        }
    }
    Ok(())
}

/// CuTe `max_common_layout(A, B)`: the largest `C` such that `A ∘ C` and
/// `B ∘ C` are both the identity `n:1` on `[0, size C)`.
///
/// With `R = right_inverse(B)`, if the first mode of `coalesce(A ∘ R)` is `n:1`
/// then `C = R ∘ n:1`, else `C = 1:0`.
///
/// ```
/// use layout_algebra::runtime::{max_common_layout, Layout};
/// let a: Layout = "(4,8):(1,4)".parse().unwrap();
/// let b: Layout = "(8,4):(1,8)".parse().unwrap();
/// assert_eq!(max_common_layout(&a, &b).unwrap().to_string(), "32:1");
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let inv_b = right_inverse(b)?;
    let common = coalesce_modes(&composition(a, &inv_b)?)?;
    match common.first() {
        Some(&(s, Stride::Int(1))) => composition(&inv_b, &layout_of(&[(s, Stride::Int(1))])),
        _ => Ok(layout_of(&[])),
    }
}

/// CuTe `max_common_vector(A, B)`: the number of leading elements of
/// `right_inverse(B)` that `A` also maps contiguously: the extent of the first
/// mode of `coalesce(A ∘ right_inverse(B))` if its stride is 1, else 1.
///
/// ```
/// use layout_algebra::runtime::{max_common_vector, Layout};
/// let a: Layout = "(4,8):(8,1)".parse().unwrap();
/// let b: Layout = "(4,8):(1,4)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &b).unwrap(), 1);
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64> {
    let common = coalesce_modes(&composition(a, &right_inverse(b)?)?)?;
    Ok(match common.first() {
        Some(&(s, Stride::Int(1))) => s,
        _ => 1,
    })
}

/// CuTe `nullspace(L)`: the layout of the domain indices that the stride-0
/// leaves of `L` span. With `L` flattened to leaves `(sᵢ:dᵢ)` and
/// `pᵢ = s₀⋯sᵢ₋₁`, it is `(sᵢ…):(pᵢ…)` over the leaves with `dᵢ = 0` (a
/// size-1 one kept with stride 0, as C++), so `L(N(j)) = L(0) = 0` for all
/// `j < size(N)`; `1:0` if none.
///
/// ```
/// use layout_algebra::runtime::{nullspace, Layout};
/// let l: Layout = "(2,(3,4),5):(0,(2,0),1)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "(2,4):(1,6)");
/// let m: Layout = "(2,1,8):(0,0,1)".parse().unwrap();
/// assert_eq!(nullspace(&m).unwrap().to_string(), "(2,1):(1,0)");
/// ```
pub fn nullspace(a: &Layout) -> Result<Layout> {
    let mut out = FlatModes::new();
    let mut pos = 1i64;
    for (s, d) in a.leaves() {
        if d.is_zero() {
            out.push((s, Stride::Int(if s == 1 { 0 } else { pos })));
        }
        pos = mul(pos, s, "nullspace")?;
    }
    Ok(layout_of(&out))
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
    fn right_inverse_examples() {
        for (a, r) in [
            ("(6,4):(0,1)", "4:6"),
            ("(4,2,3):(2,1,8)", "(2,4,3):(4,1,8)"),
            ("(4,2):(2,8)", "1:0"),
            ("1:0", "1:0"),
            ("(4,8):(1,4)", "32:1"),
            ("(2,4,8):(1,16,2)", "(2,8,4):(1,8,2)"),
        ] {
            assert_eq!(right_inverse(&l(a)).unwrap().to_string(), r, "{a}");
        }
    }

    /// Negative strides are never reached from stride 1 (as CuTe C++).
    #[test]
    fn right_inverse_skips_negative_strides() {
        assert_eq!(right_inverse(&l("4:-1")).unwrap().to_string(), "1:0");
        assert_eq!(
            right_inverse(&l("(4,2):(-2,1)")).unwrap().to_string(),
            "2:4"
        );
    }

    #[test]
    fn left_inverse_examples() {
        for (a, r) in [
            ("(4,2):(2,1)", "(2,4):(4,1)"),
            ("(4,2):(1,8)", "(8,2):(1,4)"),
            ("(4,2):(2,16)", "(2,8,2):(0,1,4)"),
            ("(2,3):(3,1)", "(3,2):(2,1)"),
            ("(4,8):(1,5)", "(5,8):(1,4)"),
            ("(8,6):(9,1)", "(9,8):(8,1)"),
            ("(2,2):(1,3)", "(3,2):(1,2)"),
            ("1:0", "1:0"),
            ("(1,1):(5,7)", "1:0"),
            // Not injective: generalized left inverses (001 Eq. 26), as C++.
            ("(4,2):(1,0)", "4:1"),
            ("(6,4):(0,1)", "4:6"),
            ("8:0", "8:0"),
            ("((8,8)):((2,2))", "(2,8):(0,8)"),
            ("(4,2):(1,2)", "(2,2):(1,4)"),
        ] {
            assert_eq!(left_inverse(&l(a)).unwrap().to_string(), r, "{a}");
        }
    }

    #[test]
    fn left_inverse_rejects_what_it_cannot_invert() {
        for (a, kind) in [
            ("(4,8,8):(32,8,1)", ErrorKind::Divisibility),
            ("(2,2):(2,3)", ErrorKind::Divisibility),
            ("(((8,2),4),2):(((0,2),0),9)", ErrorKind::Divisibility),
            ("4:-1", ErrorKind::InvalidArgument),
            ("(4,3):(1@0,1@1)", ErrorKind::BasisStride),
        ] {
            assert_eq!(left_inverse(&l(a)).unwrap_err().kind(), kind, "{a}");
        }
        assert_eq!(
            right_inverse(&l("(4,3):(1@0,1@1)")).unwrap_err().kind(),
            ErrorKind::BasisStride
        );
    }

    #[test]
    fn common_layout_and_vector_examples() {
        for (a, b, r, v) in [
            ("(4,8):(1,4)", "(8,4):(1,8)", "32:1", 32),
            ("(4,8):(8,1)", "(4,8):(1,4)", "1:0", 1),
            ("(4,8):(1,4)", "(4,8):(1,4)", "32:1", 32),
            (
                "(2,4,8):(1,16,2)",
                "(2,4,8):(1,16,2)",
                "(2,8,4):(1,8,2)",
                64,
            ),
        ] {
            assert_eq!(max_common_layout(&l(a), &l(b)).unwrap().to_string(), r);
            assert_eq!(max_common_vector(&l(a), &l(b)).unwrap(), v);
        }
    }

    #[test]
    fn common_layout_errors() {
        let id = l("(4,3):(1@0,1@1)");
        let a = l("(4,3):(1,4)");
        assert_eq!(
            max_common_layout(&a, &id).unwrap_err().kind(),
            ErrorKind::BasisStride
        );
        assert_eq!(
            max_common_vector(&a, &id).unwrap_err().kind(),
            ErrorKind::BasisStride
        );
        // A ∘ right_inverse(B) must be an admissible composition.
        let b = l("(4,6,8):(2,3,5)");
        let c = l("(2,3):(3,1)");
        let e = max_common_layout(&b, &c).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    }

    #[test]
    fn nullspace_examples() {
        for (a, r) in [
            ("(2,(3,4),5):(0,(2,0),1)", "(2,4):(1,6)"),
            ("(2,3):(1,2)", "1:0"),
            ("(2,1):(1,0)", "1:0"),
            ("(3,2):(0,0)", "(3,2):(1,3)"),
        ] {
            assert_eq!(nullspace(&l(a)).unwrap().to_string(), r, "{a}");
        }
    }
}
