//! Complement: worked examples (checked against CuTe C++ 4.2 and pycute),
//! refusals of non-complementable layouts, and the postconditions on random layouts.

use crate::support::*;
use layout_algebra::runtime::{complement, complement_default, ErrorKind, IntTuple, Layout};
use proptest::prelude::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn comp(a: &str, m: &str) -> Result<String, ErrorKind> {
    complement(&l(a), &m.parse::<IntTuple>().unwrap())
        .map(|r| r.to_string())
        .map_err(|e| e.kind())
}

#[test]
fn worked_examples_agree_with_cute() {
    let cases = [
        ("4:2", "24", "(2,3):(1,8)"),
        ("4:2", "(2,12)", "(2,3):(1,8)"),
        ("4:2", "(4,6)", "(2,3):(1,8)"),
        // A shape cotarget: CuTe's mode-by-mode ceil_div, and where that
        // falls short of covering M (C++ gives 128:8), the cover.
        ("4:1", "(6,4)", "8:4"),
        ("8:1", "(6,16,16)", "192:8"),
        ("2:3", "(5,4)", "(3,4):(1,6)"),
        // Errata 6: the min_stride/period algorithm of 000 is wrong here.
        ("(2,2):(1,6)", "24", "(3,2):(2,12)"),
        // Errata 2: not 32:1.
        ("4:32", "256", "(32,2):(1,128)"),
        ("4:1", "4", "1:0"),
        ("4:1", "6", "2:4"),
        ("1:0", "6", "6:1"),
        ("(4,4):(4,1)", "32", "2:16"),
        ("(4,8):(1,8)", "60", "2:4"),
        ("(3,7,5):(5,15,1)", "210", "2:105"),
        ("(2,3):(3,1)", "12", "2:6"),
        ("(4,3):(3,1)", "24", "2:12"),
        // 001 Table 7 rows that hold with a cotarget (errata 7).
        ("(4,8):(1,4)", "32", "1:0"),
        ("(4,8):(8,1)", "32", "1:0"),
        ("(4,(4,2)):(4,(1,16))", "32", "1:0"),
        ("((2,2),(2,4)):((0,2),(0,4))", "16", "2:1"),
        ("((2,2),(2,4)):((0,1),(0,2))", "8", "1:0"),
        ("(4,8):(1,8)", "64", "2:4"),
    ];
    for (a, m, want) in cases {
        assert_eq!(comp(a, m), Ok(want.to_string()), "complement({a}, {m})");
    }
}

#[test]
fn default_cotarget_is_cosize() {
    for (a, want) in [
        ("(4,8):(1,8)", "2:4"),
        ("((2,2),(2,4)):((0,2),(0,4))", "2:1"),
        ("((2,2),(2,4)):((0,1),(0,2))", "1:0"),
        ("(4,8):(1,4)", "1:0"),
    ] {
        assert_eq!(
            complement_default(&l(a)).unwrap().to_string(),
            want,
            "complement({a})"
        );
    }
}

#[test]
fn non_complementable_layouts_are_refused() {
    // CuTe C++ asserts "Non-injective Layout" on the first; both references
    // floor the others and return complements that do not cover the cotarget
    // (CuTe C++: complement((4,8):(1,5)) = 1:0, yet 4 is never reached).
    for (a, m) in [
        ("(4,4):(1,3)", "64"),
        ("(4,8):(1,5)", "80"),
        ("(4,8):(1,5)", "39"),
        ("(2,2):(2,3)", "12"),
        ("(4,4):(1,1)", "16"),
    ] {
        assert_eq!(
            comp(a, m),
            Err(ErrorKind::NotComplementable),
            "complement({a}, {m})"
        );
    }
    assert_eq!(comp("4:-1", "8"), Err(ErrorKind::NotComplementable));
    assert_eq!(comp("4:1", "0"), Err(ErrorKind::NonPositiveShape));
    assert_eq!(comp("(4,8):(1@0,1@1)", "32"), Err(ErrorKind::BasisStride));
    let msg = complement(&l("(4,8):(1,5)"), &IntTuple::leaf(80))
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("complementability") && msg.contains("(4,8):(1,5)"),
        "{msg}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// T6 and Eqs. 28-29: R is strictly increasing, disjoint from A, and
    /// (A, R) is a bijection onto [0, size(A)·size(R)) ⊇ [0, M).
    #[test]
    fn complement_is_ordered_disjoint_and_covers(a in arb_compact_layout(), extra in 1i64..=4, trim in 0i64..=3) {
        let m = (a.cosize().unwrap() * extra - trim).max(1);
        let r = complement(&a, &IntTuple::leaf(m)).unwrap();
        let (na, nr) = (a.size().unwrap(), r.size().unwrap());
        for j in 1..nr {
            prop_assert!(r.call(j - 1).unwrap() < r.call(j).unwrap(), "complement({a}, {m}) = {r} not increasing");
        }
        let mut seen = vec![false; (na * nr) as usize];
        for j in 0..nr {
            for i in 0..na {
                let v = a.call(i).unwrap() + r.call(j).unwrap();
                prop_assert!((0..na * nr).contains(&v) && !seen[v as usize], "(A, R) = ({a}, {r}) not a bijection at {v}");
                seen[v as usize] = true;
            }
        }
        prop_assert!(na * nr >= m, "({a}, {r}) does not cover {m}");
    }

    /// Stride-0 and size-1 modes do not change the complement.
    #[test]
    fn broadcast_modes_do_not_matter(a in arb_compact_layout(), m in 1i64..=64) {
        let padded: Layout = format!("({},7,1):({},0,5)", a.shape(), a.stride()).parse().unwrap();
        let m = IntTuple::leaf(m * a.cosize().unwrap());
        prop_assert_eq!(complement(&a, &m).unwrap(), complement(&padded, &m).unwrap());
    }

    /// Whenever complement succeeds on an arbitrary layout, the postconditions hold.
    #[test]
    fn complement_of_any_layout_is_sound_or_refused(a in arb_layout_with(0i64..=24), m in 1i64..=200) {
        if let Ok(r) = complement(&a, &IntTuple::leaf(m)) {
            let img: std::collections::BTreeSet<i64> = (0..a.size().unwrap()).map(|i| a.call(i).unwrap()).collect();
            let nr = r.size().unwrap();
            for j in 1..nr {
                prop_assert!(r.call(j - 1).unwrap() < r.call(j).unwrap());
                prop_assert!(!img.contains(&r.call(j).unwrap()), "complement({a}, {m}) = {r} meets A");
            }
            let covered: std::collections::BTreeSet<i64> = img.iter().flat_map(|&x| (0..nr).map(move |j| (x, j))).map(|(x, j)| x + r.call(j).unwrap()).collect();
            prop_assert!((0..m).all(|v| covered.contains(&v)), "({a}, {r}) does not cover {m}");
        }
    }
}
