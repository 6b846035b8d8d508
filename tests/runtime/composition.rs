//! Composition: worked examples (each checked against CuTe C++ 4.2 and
//! pycute; where they are wrong, the paper decides), the errors, and the
//! postcondition on random layouts.

use crate::support::*;
use layout_algebra::runtime::{composition, ErrorKind, Layout, Tiler};
use proptest::prelude::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn compose(a: &str, b: &str) -> Result<String, ErrorKind> {
    let t = Tiler::parse(b).unwrap();
    composition(&l(a), &t)
        .map(|r| r.to_string())
        .map_err(|e| e.kind())
}

#[test]
fn worked_examples_agree_with_cute() {
    let cases = [
        // 000 / 001 basics and CuTe C++ conventions.
        ("(4,8):(1,10)", "1:3", "1:10"),
        ("(4,8):(1,10)", "2:4", "2:10"),
        ("(4,8):(1,10)", "2:8", "2:20"),
        ("(4,8):(1,10)", "4:2", "(2,2):(2,10)"),
        ("(4,8):(1,10)", "16:2", "(2,8):(2,10)"),
        ("(4,8):(1,10)", "64:1", "(4,16):(1,10)"),
        ("(4,8):(1,10)", "64:4", "64:10"),
        ("(4,8):(1,10)", "3:1", "3:1"),
        ("(4,8):(1,10)", "1:1", "1:10"),
        ("(4,8):(1,10)", "(8):(4)", "(8):(10)"),
        ("(4,8):(1,10)", "(2,4):(1,8)", "(2,4):(1,20)"),
        ("(4,8):(1,10)", "(2,1,4):(1,2,8)", "(2,1,4):(1,10,20)"),
        // Stride 0 in B, and A of size 1 (acts through its last stride, as C++).
        ("(4,8):(1,10)", "1:0", "1:0"),
        ("(4,8):(1,10)", "8:0", "8:0"),
        ("1:1", "1:1", "1:1"),
        ("1:5", "4:1", "4:5"),
        ("(1,1):(5,3)", "4:1", "4:3"),
        // Negative strides in B (C++: A extended oddly).
        ("(4,8):(1,10)", "4:-1", "4:-1"),
        ("(4,8):(1,10)", "4:-4", "4:-10"),
        ("8:2", "4:-3", "4:-6"),
        // Reaching past A's size (errata 1).
        ("7:11", "3:4", "3:44"),
        // 001 Table 4: data layouts composed with a TV layout.
        (
            "(8,8):(1,8)",
            "((4,8),2):((16,1),8)",
            "((4,8),2):((16,1),8)",
        ),
        ("(8,8):(8,1)", "((4,8),2):((16,1),8)", "((4,8),2):((2,8),1)"),
        (
            "(8,8):(1,9)",
            "((4,8),2):((16,1),8)",
            "((4,8),2):((18,1),9)",
        ),
        (
            "((4,2),(2,4)):((2,16),(1,8))",
            "((4,8),2):((16,1),8)",
            "((4,(4,2)),2):((8,(2,16)),1)",
        ),
        (
            "(8,8):(1@0,1@1)",
            "((4,8),2):((16,1),8)",
            "((4,8),2):((2@1,1@0),1@1)",
        ),
        // Scaled-basis strides in B select modes of A.
        ("(4,8):(8,1)", "(4,8):(1@0,1@1)", "(4,8):(8,1)"),
        // Tilers: by mode, dropping the modes of A they do not reach (C++).
        ("(4,8,3):(1,10,100)", "<2:2>", "(2):(2)"),
        ("(4,8,3):(1,10,100)", "<2:2,4:1>", "(2,4):(2,10)"),
        ("(12,(4,8)):(59,(13,1))", "<3:1, 2:1>", "(3,2):(59,13)"),
        ("(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"),
        // B's modes interleave inside one mode of A without interfering.
        ("(4,8):(1,10)", "(8,2):(2,1)", "((2,4),2):((2,10),1)"),
        // Legal "apparent violation": truncation inside one mode (pycute rejects it).
        ("(4,2,8):(3,12,97)", "3:3", "3:9"),
    ];
    for (a, b, want) in cases {
        assert_eq!(compose(a, b), Ok(want.to_string()), "{a} o {b}");
    }
}

#[test]
fn inadmissible_compositions_are_refused() {
    let cases = [
        // CuTe C++ returns (2,3):(6,3), which is wrong: R(2) = 3 but A(6) = 7.
        ("(4,6,8):(2,3,5)", "6:3", ErrorKind::StrideDivisibility),
        // pycute returns 4:2, which is wrong (shape 6 crosses mode 4).
        ("(4,6,8):(2,3,5)", "6:1", ErrorKind::ShapeDivisibility),
        // CuTe C++ returns (2,4):(49,1).
        ("(8,7):(7,1)", "8:7", ErrorKind::StrideDivisibility),
        ("(4,2,8):(3,12,97)", "4:3", ErrorKind::StrideDivisibility),
        ("(4,2,8):(3,15,97)", "3:3", ErrorKind::StrideDivisibility),
        ("(4,8):(1,10)", "6:1", ErrorKind::ShapeDivisibility),
        // Both references compose by mode and return a layout that is not A(B(c)).
        (
            "((32,8,4)):((0,3,32))",
            "(4,(2),16):(64,(128),1)",
            ErrorKind::Distributivity,
        ),
        // A tiler longer than the layout's rank.
        ("(4,8):(1,4)", "<2:1,2:1,2:1>", ErrorKind::RankMismatch),
        // A basis stride naming a mode A does not have.
        ("(4,8):(1,4)", "4:1@2", ErrorKind::OutOfBounds),
    ];
    for (a, b, kind) in cases {
        assert_eq!(compose(a, b), Err(kind), "{a} o {b}");
    }
}

#[test]
fn error_messages_name_the_rule_and_operands() {
    let e = composition(&l("(4,6,8):(2,3,5)"), &l("6:3")).unwrap_err();
    let msg = e.to_string();
    assert!(msg.starts_with("composition: stride divisibility"), "{msg}");
    assert!(
        msg.contains("(4,6,8):(2,3,5)") && msg.contains("6:3"),
        "{msg}"
    );
}

#[test]
fn overflow_is_an_error_not_a_wrap() {
    let a = l("3:4611686018427387904");
    let e = composition(&a, &l("4:2")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
}

/// A random B whose strides and extents are built from A's own extents, so
/// that admissible compositions are common.
fn arb_pair() -> impl Strategy<Value = (Layout, Layout)> {
    let a = arb_layout_with(prop_oneof![0i64..=40, -4i64..=-1]);
    (
        a,
        arb_layout_with(prop_oneof![
            Just(0i64),
            Just(1),
            Just(2),
            Just(3),
            Just(4),
            Just(6),
            Just(8),
            Just(12),
            Just(16),
            Just(32),
            Just(-1),
            Just(-2)
        ]),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Composition agrees pointwise with function composition and is
    /// compatible with B, whenever it does not refuse.
    #[test]
    fn composition_is_function_composition((a, b) in arb_pair()) {
        if let Ok(r) = composition(&a, &b) {
            prop_assert!(compatible(b.shape().as_ref(), r.shape().as_ref()), "{a} o {b} = {r}");
            for i in 0..b.size().unwrap() {
                let x = b.call(i).unwrap();
                prop_assert_eq!(r.call(i).unwrap(), eval_extended(&a, x), "{} o {} = {} at {}", a, b, r, i);
            }
        }
    }

    /// A composed with the compact column-major layout of its own shape is A.
    #[test]
    fn composing_with_own_column_major_shape_is_identity(a in arb_layout()) {
        let b = Layout::column_major(a.shape()).unwrap();
        let r = composition(&a, &b).unwrap();
        for i in 0..a.size().unwrap() {
            prop_assert_eq!(r.call(i).unwrap(), a.call(i).unwrap(), "{} o {} = {} at {}", a, b, r, i);
        }
    }

    /// T1: (A ∘ B) ∘ C = A ∘ (B ∘ C) as functions where all compositions
    /// exist and each inner layout maps into the domain of the outer one.
    #[test]
    fn composition_is_associative((a, b) in arb_pair(), c in arb_layout_with(prop_oneof![Just(0i64), Just(1), Just(2), Just(3), Just(4)])) {
        let inside = |outer: &Layout, inner: &Layout| {
            (0..inner.size().unwrap()).all(|i| (0..outer.size().unwrap()).contains(&inner.call(i).unwrap()))
        };
        if !inside(&a, &b) || !inside(&b, &c) {
            return Ok(());
        }
        if let (Ok(ab), Ok(bc)) = (composition(&a, &b), composition(&b, &c))
            && let (Ok(l), Ok(r)) = (composition(&ab, &c), composition(&a, &bc)) {
                for i in 0..c.size().unwrap() {
                    prop_assert_eq!(l.call(i).unwrap(), r.call(i).unwrap(), "({} o {}) o {} vs {} o ({} o {}) at {}", a, b, c, a, b, c, i);
                }
            }
    }
}
