//! The expression evaluator: calls by CuTe name against results checked with
//! CuTe C++ 4.2 and pycute, argument diagnostics, and the operation's own
//! errors passed through.

use layout_algebra::calc::{evaluate, functions, Value};
use layout_algebra::runtime::{ErrorKind, Layout};

fn eval(src: &str) -> String {
    match evaluate(src) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{src}: {e}"),
    }
}

/// Each result was checked with `cute-cpp` (and `cute-py` where it agrees).
#[test]
fn calls_match_the_references() {
    let cases = [
        ("composition((8,16):(20,1), <4:1, 8:2>)", "(4,8):(20,2)"),
        // A shape as a tiler is by mode, as in CuTe.
        ("composition((4,8):(8,1), (2,4))", "(2,4):(8,1)"),
        ("composition(7:11, 3:4)", "3:44"),
        (
            "composition(composition((8,16):(20,1), <4:1, 8:2>), 8:4)",
            "8:2",
        ),
        ("complement(4:2, 24)", "(2,3):(1,8)"),
        ("complement(4:2, (4,6))", "(2,3):(1,8)"),
        ("complement((2,2):(1,6), 24)", "(3,2):(2,12)"),
        // C++ default cotarget: cosize(filter(A)).
        ("complement(4:2)", "2:1"),
        (
            "logical_divide((8,16):(20,1), <4:1, 8:2>)",
            "((4,2),(8,2)):((20,80),(2,1))",
        ),
        (
            "zipped_divide((8,16):(20,1), <4:1, 8:2>)",
            "((4,8),(2,2)):((20,2),(80,1))",
        ),
        (
            "tiled_divide((8,16):(20,1), <4:1, 8:2>)",
            "((4,8),2,2):((20,2),80,1)",
        ),
        (
            "flat_divide((8,16):(20,1), <4:1, 8:2>)",
            "(4,8,2,2):(20,2,80,1)",
        ),
        (
            "logical_product((2,2):(4,1), 6:1)",
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            "blocked_product((2,2):(1,2), (3,4))",
            "((2,3),(2,4)):((1,4),(2,12))",
        ),
        (
            "raked_product((2,2):(1,2), (3,4))",
            "((3,2),(4,2)):((4,1),(12,2))",
        ),
        (
            "tile_to_shape((2,2):(1,2), (4,8))",
            "((2,2),(2,4)):((1,4),(2,8))",
        ),
        ("upcast((4,8), 2)", "(2,8):(1,2)"),
        ("downcast((4,8), 2)", "(8,8):(1,8)"),
        ("right_inverse((4,8):(8,1))", "(8,4):(4,1)"),
        ("left_inverse((4,8):(8,1))", "(8,4):(4,1)"),
        ("nullspace((4,3):(1,0))", "3:4"),
        ("filter_zeros((4,3):(1,0))", "(4,1):(1,0)"),
        ("coalesce((2,(1,6)):(1,(6,2)), (1,1))", "(2,6):(1,2)"),
        ("slice_and_offset((_,2), (4,3):(1,4))", "(4):(1) + 8"),
        ("slice((_,2), (4,3):(1,4))", "(4):(1)"),
        ("((4,3):(1,4))(_,2)", "(4):(1)"),
        ("dice((_,2), (4,3):(1,4))", "(3):(4)"),
        ("size((4,(3,2)):(2,(8,1)))", "24"),
        ("cosize((4,(3,2)):(2,(8,1)))", "24"),
        ("rank((4,(3,2)))", "2"),
        ("depth((4,(3,2)))", "2"),
        ("shape((4,(3,2)):(2,(8,1)))", "(4,(3,2))"),
        ("stride((4,(3,2)):(2,(8,1)))", "(2,(8,1))"),
        ("get((4,(3,2)):(2,(8,1)), 1, 0)", "3:8"),
        ("get((4,(3,2)), 1)", "(3,2)"),
        ("shape_div((12,8), 6)", "(2,8)"),
        ("ceil_div((12,8), 5)", "(3,8)"),
        ("prefix_product((2,3,4))", "(1,2,6)"),
        ("inner_product((2,3), (4,5))", "23"),
        ("elem_scale((2,3), (4,5))", "(8,15)"),
        ("idx2crd(17, (4,(3,2)))", "(1,(1,1))"),
        ("idx2crd(17, (4,(3,2)), (1,(4,12)))", "(1,(1,1))"),
        ("crd2idx((1,(1,1)), (4,(3,2)):(2,(8,1)))", "11"),
        ("crd2idx(17, (4,(3,2)), (2,(8,1)))", "11"),
        ("crd2crd((1,2), (4,8), 32)", "9"),
        ("make_layout((4,8))", "(4,8):(1,4)"),
        ("make_layout((4,8), (8,1))", "(4,8):(8,1)"),
        ("make_layout(4:1, (2,3):(4,8))", "(4,(2,3)):(1,(4,8))"),
        (
            "make_identity_layout((4,(2,3)))",
            "(4,(2,3)):(1@0,(1@0@1,1@1@1))",
        ),
        ("make_ordered_layout((2,3,4), (2,0,1))", "(2,3,4):(12,1,3)"),
        ("congruent((2,(3,4)), (5,(6,7)))", "true"),
        ("weakly_congruent(2, (3,4))", "true"),
        ("compatible(12, (3,4))", "true"),
        ("((4,8):(8,1))(5)", "9"),
        ("((4,8):(8,1))(1,2)", "10"),
        ("(make_identity_layout((4,8)))(13)", "(1,3)"),
    ];
    for (src, out) in cases {
        assert_eq!(eval(src), out, "{src}");
    }
}

#[test]
fn operation_errors_pass_through_with_rule_and_operands() {
    // CuTe C++ 4.2 wrongly returns (2,3):(6,3); the paper and pycute refuse.
    let e = evaluate("composition((4,6,8):(2,3,5), 6:3)").unwrap_err();
    assert_eq!(
        (e.kind(), e.operation()),
        (ErrorKind::StrideDivisibility, "composition")
    );
    assert!(e.to_string().contains("(4,6,8):(2,3,5)"), "{e}");
    let e = evaluate("complement((2,2):(1,1), 24)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotComplementable);
    let e = evaluate("shape_div(6, 4)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Divisibility);
    let e = evaluate("cosize((4,8):(1@0,1@1))").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::BasisStride);
    let e = evaluate("size((99999999999,99999999999))").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
}

#[test]
fn wrong_names_counts_and_kinds_are_invalid_arguments_with_positions() {
    let cases = [
        ("compositon(4:1, 2:1)", 0, "unknown function 'compositon'"),
        (
            "composition(4:1)",
            0,
            "composition takes 2 arguments, found 1",
        ),
        (
            "size(1, composition(4:1, 2:1, 3:1))",
            8,
            "composition takes 2 arguments, found 3",
        ),
        (
            "complement(4:1, 2:1, 3)",
            0,
            "complement takes 1 to 2 arguments, found 3",
        ),
        (
            "composition(4:1, (_,2))",
            17,
            "expected a layout, shape or tiler, found a slice coordinate (_,2)",
        ),
        (
            "complement(<4:1>)",
            11,
            "expected a layout, found a tiler <4:1>",
        ),
        (
            "prefix_product((2,3), 2:1)",
            22,
            "expected an integer, found a layout 2:1",
        ),
        ("get(4:1, -1)", 9, "expected a non-negative mode index"),
    ];
    for (src, pos, text) in cases {
        let e = evaluate(src).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{src}: {e}");
        assert_eq!(e.position(), Some(pos), "{src}: {e}");
        assert!(e.to_string().contains(text), "{src}: {e}");
    }
}

#[test]
fn every_listed_function_is_dispatched() {
    // A call with no arguments reaches each function's own argument check
    // (an unlisted name would be "unknown function").
    for f in functions() {
        let e = evaluate(&format!("{f}()")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{f}: {e}");
        assert!(e.to_string().contains(&format!("{f} takes")), "{f}: {e}");
    }
}

#[test]
fn values_display_in_golden_text() {
    let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
    assert_eq!(Value::Layout(l).to_string(), "(4,(3,2)):(2,(8,1))");
    assert_eq!(eval("  24 "), "24");
    assert_eq!(eval("(1,(1,1))"), "(1,(1,1))");
    assert_eq!(eval("( 4 )"), "(4)");
    assert_eq!(eval("(_, (2,_))"), "(_,(2,_))");
}

proptest::proptest! {
    /// Any string of CuTe-ish tokens gives a value or an error, never a panic;
    /// a parse error points inside the input.
    #[test]
    fn random_token_strings_never_panic(tokens in proptest::collection::vec(
        proptest::prop_oneof![
            proptest::sample::select(vec![
                "(", ")", ",", ":", "<", ">", "_", "@", "/", "-", " ", "0", "1", "2", "4", "8",
                "-3", "99999999999", "9223372036854775807", "x", "LayoutRight{}", "{", "}",
                "uint16_t", "-1",
            ]),
            proptest::sample::select(functions().collect::<Vec<_>>()),
        ],
        0..24,
    )) {
        let src: String = tokens.concat();
        if let Err(e) = evaluate(&src)
            && let Some(p) = e.position() {
                proptest::prop_assert!(p <= src.len(), "{} for {:?}", e, src);
            }
    }
}

proptest::proptest! {
    /// Every function on arguments of every kind (including hostile values)
    /// returns a value or an error, never a panic.
    #[test]
    fn every_function_on_any_arguments_never_panics(
        f in proptest::sample::select(functions().collect::<Vec<_>>()),
        args in proptest::collection::vec(proptest::sample::select(vec![
            "4:2", "(4,8):(8,1)", "(2,(3,2)):(0,(-1,6))", "24", "(4,6)", "<4:1,2:2>", "(_,1)",
            "(1@0,1@1)", "0", "-1", "1", "(4,8):(1@0,1@1)", "()", "():()", "9223372036854775807",
            "(0)", "(3037000500,3037000500):(1,3037000500)", "true_is_not_a_literal",
            "(8,(2,2)):(4611686018427387904,(1,2))", "<2:1,(2,2):(1,4)>", "(4,8):(-1,4)",
            "(-4)", "(2,3)", "(_,_)", "2", "3", "16", "((2,2),(2,2)):((1,4),(2,8))", "(4,8):(0,1)",
            "<<2,2>,4:0>", "(4,(2,2)):(1@0,(1@1,2@1))", "(1,1):(0,0)",
        ]), 0..4),
    ) {
        let src = format!("{f}({})", args.join(", "));
        let called = format!("({})({})", args.first().copied().unwrap_or("4:1"), args.get(1).copied().unwrap_or("3"));
        for s in [&src, &called] {
            match evaluate(s) {
                Ok(v) => proptest::prop_assert!(!v.to_string().is_empty()),
                Err(e) => proptest::prop_assert!(!e.detail().is_empty(), "{} for {}", e, s),
            }
        }
    }
}
