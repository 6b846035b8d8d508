//! Coalesce: the shortest layout with the same function.
//!
//! `coalesce(A)` flattens `A`, drops size-1 modes and merges neighbouring
//! leaves `s₀:d₀, s₁:d₁` into `s₀s₁:d₀` whenever `d₁ = s₀·d₀`, reading left
//! to right. The result has the same size and `coalesce(A)(i) = A(i)` for
//! every `i < size(A)`; it is `s:d` when one mode remains and `1:0` when none
//! does (CuTe C++ conventions).
//!
//! ```
//! use layout_algebra::runtime::{coalesce, Layout};
//! let a: Layout = "(2,(1,4)):(1,(7,2))".parse().unwrap();
//! assert_eq!(coalesce(&a).unwrap().to_string(), "8:1");
//! ```

use super::mode_list::push_coalesced_layout;
use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::IntTuple;
use crate::runtime::layout::Layout;
use crate::runtime::stride::Stride;
use crate::runtime::tuple::Builder;

/// CuTe `coalesce(A)`: the shortest flat layout with the same size and
/// function as `A`.
///
/// Size-1 leaves are dropped; a leaf `s₁:d₁` following `s₀:d₀` merges into
/// `s₀s₁:d₀` when `d₁ = s₀·d₀` (also for scaled-basis strides of the same
/// basis). One remaining leaf gives the rank-1 layout `s:d`, none gives `1:0`
/// (`1:0@p` for a coordinate layout, whose values stay coordinates).
///
/// ```
/// use layout_algebra::runtime::{coalesce, Layout};
/// let a: Layout = "(2,1,4):(1,0,2)".parse().unwrap();
/// assert_eq!(coalesce(&a).unwrap().to_string(), "8:1");
/// let b: Layout = "(2,4):(4,1)".parse().unwrap();
/// assert_eq!(coalesce(&b).unwrap().to_string(), "(2,4):(4,1)");
/// ```
pub fn coalesce(a: &Layout) -> Result<Layout> {
    Layout::build(|out| {
        if push_coalesced_layout(out, a.view())? == 0 {
            // Size 1: `1:0`, but a coordinate layout keeps a coordinate codomain,
            // `1:0@p` with the deepest-reaching basis (`coalesce(1:1@0) = 1:0@0`).
            let basis = a.leaves().filter_map(|(_, d)| match d {
                Stride::Basis(b) => Some(b),
                Stride::Int(_) => None,
            });
            match basis.max_by(|x, y| x.modes().cmp(y.modes())) {
                Some(b) => out.leaf(1, Stride::Basis(b.with_value(0))),
                None => out.leaf(1, Stride::Int(0)),
            }
        }
        Ok(())
    })
}

/// CuTe `coalesce(A, profile)`: coalesce by mode, keeping the tree of
/// `profile`.
///
/// Where `profile` is an integer the sub-layout is [`coalesce`]d; where it is
/// a tuple of rank `r`, the first `r` modes are coalesced against the
/// matching sub-profiles and the remaining modes are kept unchanged; the
/// result is then a tuple (a leaf layout counts as rank 1, so
/// `coalesce(4:1, (1)) = (4):(1)`, as C++). A tuple profile longer than the
/// layout's rank is a `RankMismatch`.
///
/// ```
/// use layout_algebra::runtime::{coalesce_profile, IntTuple, Layout};
/// let a: Layout = "(2,(2,4),3):(1,(2,4),16)".parse().unwrap();
/// let p = IntTuple::parse_shape("(1,1)");
/// assert_eq!(coalesce_profile(&a, &p).unwrap().to_string(), "(2,8,3):(1,2,16)");
/// ```
pub fn coalesce_profile(a: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile(a, profile, "coalesce", coalesce)
}

/// CuTe's `transform_layout(A, profile, op)` as `coalesce` and `filter` use
/// it: `op(A)` where `profile` is an integer; where it is a tuple of rank `r`,
/// the first `r` modes recurse with the matching sub-profiles, the remaining
/// modes are kept, and each result becomes one mode of a tuple layout. A
/// tuple profile longer than the layout's rank is a `RankMismatch` of `name`.
pub(crate) fn by_profile(
    a: &Layout,
    profile: &IntTuple,
    name: &'static str,
    op: fn(&Layout) -> Result<Layout>,
) -> Result<Layout> {
    if profile.is_leaf() {
        return op(a);
    }
    if profile.rank() > a.rank() {
        bail!(
            RankMismatch,
            name,
            "profile {profile} has more modes than layout {a}"
        );
    }
    let mut shape = Builder::new();
    let mut stride = Builder::new();
    shape.open();
    stride.open();
    let mut profiles = profile.modes();
    for m in a.modes() {
        let m = match profiles.next() {
            Some(p) => by_profile(&m, &p.to_owned(), name, op)?,
            None => m,
        };
        shape.push(m.shape().as_ref());
        m.stride().push_to(&mut stride);
    }
    shape.close();
    stride.close();
    Ok(Layout::from_parts(shape.finish(), stride.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::ErrorKind;
    use alloc::string::ToString;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn p(s: &str) -> IntTuple {
        IntTuple::parse_shape(s)
    }

    // Expected values checked against CuTe C++ 4.2 (static layouts) and pycute.
    #[test]
    fn coalesce_examples() {
        for (a, r) in [
            ("(2,4):(1,2)", "8:1"),
            ("(2,1,4):(1,0,2)", "8:1"),
            ("(2,4):(4,1)", "(2,4):(4,1)"),
            ("(1,1):(3,0)", "1:0"),
            ("(1,1):(3,1)", "1:0"),
            ("(2,1):(3,1)", "2:3"),
            ("(2,4):(0,0)", "8:0"),
            ("(2,(1,4)):(1,(7,2))", "8:1"),
            ("((2,2),(2,3)):((1,2),(4,8))", "24:1"),
            ("(2,4,3,5):(1,2,16,48)", "(8,15):(1,16)"),
            ("(4,3):(1@0,1@1)", "(4,3):(1@0,1@1)"),
            ("(4,3):(1@0,4@0)", "12:1@0"),
            ("(4,2):(-1,-4)", "8:-1"),
            ("7:3", "7:3"),
        ] {
            assert_eq!(coalesce(&l(a)).unwrap().to_string(), r, "coalesce({a})");
        }
    }

    #[test]
    fn coalesce_profile_examples() {
        let a = l("(2,(2,4),3,5):(1,(2,4),16,48)");
        for (prof, r) in [
            ("(1,(1,1))", "(2,(2,4),3,5):(1,(2,4),16,48)"),
            ("(1,1)", "(2,8,3,5):(1,2,16,48)"),
            ("1", "240:1"),
        ] {
            assert_eq!(coalesce_profile(&a, &p(prof)).unwrap().to_string(), r);
        }
        let b = l("(2,(1,1)):(1,(2,4))");
        assert_eq!(
            coalesce_profile(&b, &p("(1,1)")).unwrap().to_string(),
            "(2,1):(1,0)"
        );
        assert_eq!(
            coalesce_profile(&b, &p("(1,(1,1))")).unwrap().to_string(),
            "(2,(1,1)):(1,(0,0))"
        );
        assert_eq!(
            coalesce_profile(&l("4:1"), &p("(1)")).unwrap().to_string(),
            "(4):(1)"
        );
        assert_eq!(
            coalesce_profile(&l("(2,2):(1,2)"), &p("(1)"))
                .unwrap()
                .to_string(),
            "(2,2):(1,2)"
        );
    }

    #[test]
    fn coalesce_profile_deeper_than_layout_is_rank_mismatch() {
        let a = l("(2,4):(1,2)");
        for prof in ["(1,(1,1))", "(1,1,1)"] {
            let e = coalesce_profile(&l("4:1"), &p(prof)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::RankMismatch, "{prof}");
            let e = coalesce_profile(&a, &p(prof)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::RankMismatch, "{prof}");
        }
    }

    #[test]
    fn coalesce_overflow_is_an_error() {
        let a = l("(4294967296,4294967296):(1,4294967296)");
        assert_eq!(coalesce(&a).unwrap_err().kind(), ErrorKind::Overflow);
        // A size-1 leaf is dropped without testing the merge, whose product
        // would overflow here (pycute: 4611686018427387904:2).
        let b = l("(4611686018427387904,1):(2,5)");
        assert_eq!(coalesce(&b).unwrap().to_string(), "4611686018427387904:2");
    }
}
