//! The CuTe-notation parser: each grammar rule, each diagnostic, the examples
//! of spec 002, and print∘parse = identity on random layouts.

use layout_algebra::calc::{evaluate, Value};
use layout_algebra::runtime::parse::{
    normalize, parse_descriptor, parse_int_tuple, parse_layout, parse_slice_coord, parse_stride,
};
use layout_algebra::runtime::{
    Builder, ErrorKind, IntTuple, Layout, ScaledBasis, Stride, StrideTuple, Tiler,
};
use proptest::prelude::*;

fn layout(s: &str) -> String {
    parse_layout(s).unwrap().to_string()
}

/// The error for `s`: its kind, byte offset and message.
fn error(s: &str) -> (ErrorKind, Option<usize>, String) {
    let e = parse_layout(s).unwrap_err();
    (e.kind(), e.position(), e.to_string())
}

#[test]
fn layouts_hierarchical_flat_and_bare_shapes() {
    assert_eq!(layout("(4,(3,2)):(2,(8,1))"), "(4,(3,2)):(2,(8,1))");
    assert_eq!(layout("24:1"), "24:1");
    assert_eq!(layout("(4,8)"), "(4,8):(1,4)");
    assert_eq!(layout("((2,2),(3,4))"), "((2,2),(3,4)):((1,2),(4,12))");
    assert_eq!(layout("(4):(2)"), "(4):(2)");
    assert_eq!(layout("(4,8):(-1,0)"), "(4,8):(-1,0)");
    assert_eq!(
        layout("  ( 4 ,\t( 3,2 ) ) :\n( 2,(8 ,1))  "),
        "(4,(3,2)):(2,(8,1))"
    );
    assert_eq!(layout("():()"), "():()");
    assert_eq!(layout("(4,()):(1,())"), "(4,()):(1,())");
}

#[test]
fn basis_strides_follow_cute_order() {
    // CuTe: v@N1@N0 is v·E<N0,N1> (innermost index printed first).
    let s = parse_stride("1@0@1").unwrap();
    let expected = Stride::Basis(ScaledBasis::new(1, &[1, 0]).unwrap());
    assert_eq!(s.as_leaf(), Some(expected));
    assert_eq!(
        layout("(4,(2,3)):(1@0,(1@0@1,1@1@1))"),
        "(4,(2,3)):(1@0,(1@0@1,1@1@1))"
    );
    assert_eq!(
        parse_layout("(4,(2,3)):(1@0,(1@0@1,1@1@1))").unwrap(),
        Layout::identity(&IntTuple::parse_shape("(4,(2,3))")).unwrap()
    );
    assert_eq!(layout("(4,8):(-2@1,0@0)"), "(4,8):(-2@1,0@0)");
}

#[test]
fn spec_002_descriptor_examples() {
    let cases = [
        ("(1@0, 1@1)", "(1@0,1@1)"),
        ("(16@0, 1@1)", "(16@0,1@1)"),
        ("((1@0, 8@1), 1@2)", "((1@0,8@1),1@2)"),
        ("(1@0@1)", "(1@0@1)"),
        ("( 4 / 2 @ 0 , 1 @ 1 @ 0 )", "(2@0,1@1@0)"),
        ("()", "()"),
        ("(1@0,())", "(1@0,())"),
    ];
    for (src, printed) in cases {
        assert_eq!(parse_stride(src).unwrap().to_string(), printed, "{src}");
        assert_eq!(evaluate(src).unwrap().to_string(), printed, "{src}");
    }
    // A fractional count parses; normalization rejects it, naming where it is.
    let d = parse_descriptor("(1/2@0, 4@1)").unwrap();
    assert_eq!(
        (
            d.leaves().next().unwrap().num,
            d.leaves().next().unwrap().den
        ),
        (1, 2)
    );
    let e = normalize(&d).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotIntegral);
    assert_eq!(e.position(), Some(1));
    assert!(e.to_string().contains("1/2"), "{e}");
    let e = parse_stride("(1@0, -3/2@1)").unwrap_err();
    assert_eq!((e.kind(), e.position()), (ErrorKind::NotIntegral, Some(6)));
}

#[test]
fn int_tuples_and_slice_coordinates() {
    assert_eq!(
        parse_int_tuple("(1,(1,1))").unwrap().to_string(),
        "(1,(1,1))"
    );
    assert_eq!(parse_int_tuple("-7").unwrap().as_leaf(), Some(-7));
    let c = parse_slice_coord("(_,2,(1,_))").unwrap();
    assert_eq!(
        c.leaves().collect::<Vec<_>>(),
        [None, Some(2), Some(1), None]
    );
    assert_eq!(c.rank(), 3);
    assert_eq!(evaluate("(_,2,(1,_))").unwrap().to_string(), "(_,2,(1,_))");
    let e = parse_slice_coord("(_,x)").map(|_| ()).unwrap_err();
    assert_eq!(e.position(), Some(3));
    assert!(
        e.to_string().contains("expected an integer, '_' or '('"),
        "{e}"
    );
}

#[test]
fn tilers_flat_shapes_and_nested() {
    assert_eq!(evaluate("<4:1, 8:2>").unwrap().to_string(), "<4:1,8:2>");
    // An integer in a tiler stays one (composition reads n as n:1, the
    // divides and products as make_layout(n)); a shape is a by-mode tiler,
    // as in CuTe.
    assert_eq!(evaluate("< 4 , 8 >").unwrap().to_string(), "<4,8>");
    assert_eq!(evaluate("<(2,4), 3>").unwrap().to_string(), "<<2,4>,3>");
    let nested = evaluate("<<2:1,2:4>, (2,4):(1,8)>").unwrap();
    assert_eq!(nested.to_string(), "<<2:1,2:4>,(2,4):(1,8)>");
    let Value::Tiler(Tiler::Tuple(modes)) = nested else {
        panic!("not a tiler tuple")
    };
    assert!(matches!(modes[0], Tiler::Tuple(_)));
    assert!(matches!(modes[1], Tiler::Layout(_)));
    let e = evaluate("<4:1, 8:2").unwrap_err();
    assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, Some(9)));
    assert!(
        e.to_string()
            .contains("expected ',' or '>', found end of input"),
        "{e}"
    );
    let e = evaluate("<>").unwrap_err();
    assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, Some(1)));
    let e = evaluate("<4, (_,1)>").unwrap_err();
    assert_eq!(
        (e.kind(), e.position()),
        (ErrorKind::InvalidArgument, Some(4))
    );
}

#[test]
fn diagnostics_name_offset_found_and_expected() {
    let cases: [(&str, ErrorKind, usize, &str); 13] = [
        (
            "(4,8):(1,)",
            ErrorKind::Parse,
            9,
            "expected a stride (integer, v@N basis, or '('), found ')'",
        ),
        (
            "(4,8",
            ErrorKind::Parse,
            4,
            "expected ',' or ')', found end of input",
        ),
        (
            "(4;8)",
            ErrorKind::Parse,
            2,
            "expected ',' or ')', found ';'",
        ),
        (
            "",
            ErrorKind::Parse,
            0,
            "expected an integer or '(', found end of input",
        ),
        (
            "x:1",
            ErrorKind::Parse,
            0,
            "expected an integer or '(', found 'x'",
        ),
        (
            "4:1 junk",
            ErrorKind::Parse,
            4,
            "expected end of input, found 'j'",
        ),
        (
            "4:1@",
            ErrorKind::Parse,
            4,
            "expected a basis index (non-negative integer), found end of input",
        ),
        (
            "4:1@-1",
            ErrorKind::Parse,
            4,
            "expected a basis index (non-negative integer), found '-'",
        ),
        (
            "4:1@256",
            ErrorKind::Parse,
            4,
            "expected a basis index below 256, found 256",
        ),
        (
            "4:1@0@0@0@0@0",
            ErrorKind::Parse,
            12,
            "expected at most 4 basis indices",
        ),
        (
            "4:1/0@0",
            ErrorKind::Parse,
            4,
            "expected a non-zero denominator, found 0",
        ),
        (
            "99999999999999999999:1",
            ErrorKind::Parse,
            0,
            "expected an integer that fits in i64",
        ),
        (
            "4:-",
            ErrorKind::Parse,
            3,
            "expected an integer, found end of input",
        ),
    ];
    for (src, kind, pos, text) in cases {
        let (k, p, msg) = error(src);
        assert_eq!((k, p), (kind, Some(pos)), "{src}: {msg}");
        assert!(msg.contains(text), "{src}: {msg}");
    }
    let (k, p, msg) = error("(4,8):(1,2,3)");
    assert_eq!((k, p), (ErrorKind::NotCongruent, Some(0)), "{msg}");
    let (k, p, msg) = error("(4,0):(1,4)");
    assert_eq!((k, p), (ErrorKind::NonPositiveShape, Some(0)), "{msg}");
    let (k, _, msg) = error("(4,-2)");
    assert_eq!(k, ErrorKind::NonPositiveShape, "{msg}");
}

#[test]
fn expression_diagnostics() {
    let cases: [(&str, ErrorKind, usize, &str); 9] = [
        (
            "foo(4:1)",
            ErrorKind::InvalidArgument,
            0,
            "unknown function 'foo'",
        ),
        (
            "size(4:1, 2)",
            ErrorKind::InvalidArgument,
            0,
            "size takes 1 argument, found 2",
        ),
        (
            "size(<4>)",
            ErrorKind::InvalidArgument,
            5,
            "expected a layout or an integer tuple, found a tiler <4>",
        ),
        (
            "size",
            ErrorKind::Parse,
            4,
            "expected '(' after function name 'size'",
        ),
        (
            // `(4,8:1)` is CuTe's printed tile <4:1,8:1> (tests/fidelity_parse.rs).
            "(4,congruent(4,4))",
            ErrorKind::Parse,
            3,
            "inside a tuple, found a boolean true",
        ),
        ("(_,1@0)", ErrorKind::Parse, 1, "either '_' or v@N entries"),
        (
            "(4,8)(1)",
            ErrorKind::InvalidArgument,
            5,
            "only a layout, a swizzle or a composed layout can be evaluated",
        ),
        (
            "<4,8>:(1,2)",
            ErrorKind::Parse,
            5,
            "expected end of input, found ':'",
        ),
        (
            "(_,2):(1,2)",
            ErrorKind::Parse,
            0,
            "expected a shape (integers) before ':', found a slice coordinate",
        ),
    ];
    for (src, kind, pos, text) in cases {
        let e = evaluate(src).unwrap_err();
        assert_eq!((e.kind(), e.position()), (kind, Some(pos)), "{src}: {e}");
        assert!(e.to_string().contains(text), "{src}: {e}");
    }
}

#[test]
fn evaluation_of_layouts_at_coordinates() {
    for (src, out) in [
        ("((4,8):(8,1))(5)", "9"),
        ("((4,8):(8,1))(1,2)", "10"),
        ("((4,8):(8,1))((1,2))", "10"),
        ("((4,(3,2)):(2,(8,1)))(1,(2,1))", "19"),
        ("(((2,2),4):((1,8),2))((1,1),3)", "15"),
        ("make_identity_layout((4,8))(1,2)", "(1,2)"),
    ] {
        assert_eq!(evaluate(src).unwrap().to_string(), out, "{src}");
    }
    let e = evaluate("((4,8):(8,1))(32)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutOfBounds);
}

/// A random layout: hierarchical shape (depth ≤ 3, ≤ 8 leaves per level),
/// strides integer (negative and zero included) or scaled bases.
fn arb_layout() -> impl Strategy<Value = Layout> {
    #[derive(Clone, Debug)]
    enum T {
        Leaf(i64, Stride),
        Node(Vec<T>),
    }
    let stride = prop_oneof![
        (-50i64..50).prop_map(Stride::Int),
        (-9i64..9, proptest::collection::vec(0usize..4, 1..=3))
            .prop_map(|(v, m)| Stride::Basis(ScaledBasis::new(v, &m).unwrap())),
    ];
    let leaf = (1i64..9, stride).prop_map(|(s, d)| T::Leaf(s, d));
    let tree = leaf.prop_recursive(3, 16, 4, |inner| {
        proptest::collection::vec(inner, 0..4).prop_map(T::Node)
    });
    fn build(t: &T, s: &mut Builder<i64>, d: &mut Builder<Stride>) {
        match t {
            T::Leaf(x, y) => {
                s.leaf(*x);
                d.leaf(*y);
            }
            T::Node(ms) => {
                s.open();
                d.open();
                for m in ms {
                    build(m, s, d);
                }
                s.close();
                d.close();
            }
        }
    }
    tree.prop_map(|t| {
        let (mut s, mut d) = (Builder::new(), Builder::new());
        build(&t, &mut s, &mut d);
        let stride: StrideTuple = d.finish();
        Layout::new(s.finish(), stride).unwrap()
    })
}

proptest! {
    #[test]
    fn print_parse_is_identity(l in arb_layout()) {
        let text = l.to_string();
        prop_assert_eq!(parse_layout(&text).unwrap(), l.clone());
        prop_assert_eq!(evaluate(&text).unwrap(), Value::Layout(l.clone()));
        // Whitespace anywhere between tokens changes nothing.
        let spaced: String = text
            .chars()
            .flat_map(|c| if "(),:@".contains(c) { vec![' ', c, '\t'] } else { vec![c] })
            .collect();
        prop_assert_eq!(parse_layout(&spaced).unwrap(), l);
    }

    #[test]
    fn strides_and_slice_coordinates_round_trip(l in arb_layout(), free in proptest::collection::vec(any::<bool>(), 64)) {
        let d = l.stride().to_owned();
        prop_assert_eq!(parse_stride(&d.to_string()).unwrap(), d.clone());
        // The same tree as a slice coordinate, some leaves free.
        let mut k = 0;
        let c = l.shape().map(|v| {
            k += 1;
            (!free[k % free.len()]).then_some(v - 1)
        });
        let text = layout_algebra::calc::DisplayCoord(c.as_ref()).to_string();
        let back = parse_slice_coord(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(back == c, "{} parsed differently", text);
    }

    #[test]
    fn malformed_prefixes_never_panic_and_name_a_position(l in arb_layout(), cut in 0usize..64) {
        let text = l.to_string();
        let cut = cut.min(text.len());
        match parse_layout(&text[..cut]) {
            Ok(p) => prop_assert_eq!(p.to_string(), layout(&text[..cut])),
            Err(e) => prop_assert!(e.position().is_some_and(|p| p <= cut), "{}", e),
        }
    }
}

#[test]
fn nesting_is_bounded_by_an_error_not_a_stack_overflow() {
    let deep = |n: usize| format!("{}4{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(parse_int_tuple(&deep(64)).unwrap().depth(), 64);
    let e = parse_int_tuple(&deep(100_000)).unwrap_err();
    assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, Some(64)));
    assert!(
        e.to_string().contains("at most 64 levels of nesting"),
        "{e}"
    );
    assert!(parse_layout(&format!("{}:{}", deep(64), deep(64))).is_ok());
    assert!(parse_stride(&deep(100_000)).is_err());
    assert!(parse_slice_coord(&deep(100_000)).is_err());
    assert!(evaluate(&deep(100_000)).is_err());
    assert!(evaluate(&"size(".repeat(100_000)).is_err());
    assert!(evaluate(&"<".repeat(100_000)).is_err());
    let nested_calls = format!("{}(4,8){}", "size(".repeat(40), ")".repeat(40));
    assert_eq!(evaluate(&nested_calls).unwrap().to_string(), "32");
}

#[test]
fn runtime_tiler_parser_reads_shapes_by_mode_like_cute() {
    let t = Tiler::parse("<(2,4), 3, 8:2, <2:1, (2,2):(1,4)>>").unwrap();
    assert_eq!(t.to_string(), "<<2,4>,3,8:2,<2:1,(2,2):(1,4)>>");
    // The expression language agrees.
    assert_eq!(
        evaluate("<(2,4), 3, 8:2, <2:1, (2,2):(1,4)>>").unwrap(),
        Value::Tiler(t)
    );
    assert_eq!(Tiler::parse("(2,4)").unwrap().to_string(), "(2,4):(1,2)");
    let e = Tiler::parse("<(2,0)>").unwrap_err();
    assert_eq!(
        (e.kind(), e.position()),
        (ErrorKind::NonPositiveShape, Some(1))
    );
}
