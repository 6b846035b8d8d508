//! Hostile input at the library level (issue 7, items 1, 3 and 5): every
//! case that once panicked, wrapped or answered wrongly now returns the error
//! naming the violated rule.

use layout_algebra::runtime::expr::evaluate;
use layout_algebra::runtime::{
    composition, crd2crd, crd2idx, idx2crd, shape_div, ErrorKind, IntTuple, Layout,
};

fn t(s: &str) -> IntTuple {
    s.parse().expect("valid IntTuple")
}
fn l(s: &str) -> Layout {
    s.parse().expect("valid Layout")
}
/// The error kind of a calculator expression that must fail.
fn calc_err(src: &str) -> ErrorKind {
    match evaluate(src) {
        Ok(v) => panic!("{src} = {v}, expected an error"),
        Err(e) => e.kind(),
    }
}

#[test]
fn zero_and_negative_extents_are_refused_not_divided_by() {
    // These divided by zero (or overflowed i64::MIN % -1) in idx2crd.
    let e = idx2crd(&t("5"), &t("(0,3)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    assert_eq!(e.operation(), "idx2crd");
    let e = crd2idx(&t("5"), &t("(0,3)"), &t("(1,1)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    let e = crd2crd(&t("5"), &t("(2,3)"), &t("(0,3)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    let e = idx2crd(&t("-9223372036854775808"), &t("(-1,3)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    // A zero extent used to be accepted: idx2crd(5,(2,0)) = (1,2).
    let e = idx2crd(&t("5"), &t("(2,0)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    assert!(e.to_string().contains("(2,0)"), "{e}");
}

#[test]
fn shape_div_at_the_ends_of_i64() {
    // i64::MIN / -1 does not fit: overflow, not a panic.
    let e = shape_div(t("-9223372036854775808").as_ref(), t("-1").as_ref()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    // -1 divides i64::MIN: the result is signum(a·b) = 1, as pycute's
    // shape_div(-1, -2**63) (its a % b test wrapped in Rust).
    let r = shape_div(t("-1").as_ref(), t("-9223372036854775808").as_ref()).unwrap();
    assert_eq!(r, t("1"));
    // The ordinary cases still divide (CuTe C++ and pycute: 3 and 1).
    assert_eq!(
        shape_div(t("12").as_ref(), t("4").as_ref()).unwrap(),
        t("3")
    );
    assert_eq!(
        shape_div(t("4").as_ref(), t("12").as_ref()).unwrap(),
        t("1")
    );
}

#[test]
fn composition_check_overflow_is_an_error_in_debug_builds() {
    // The left-distributivity check evaluated A(B(i)) with an unchecked
    // multiply (panic in a debug build, wrap in release).
    let a = l("(2,2):(1,-4611686018427387904)");
    let b = l("(2,2):(-2,-2)");
    let e = composition(&a, &b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        calc_err("composition((2,2):(1,-4611686018427387904), (2,2):(-2,-2))"),
        ErrorKind::Overflow
    );
}

#[test]
fn an_index_the_empty_shape_cannot_hold_is_out_of_bounds() {
    // These returned 0 and (0,()): the index vanished into `()`.
    assert_eq!(calc_err("(():())(5)"), ErrorKind::OutOfBounds);
    assert_eq!(calc_err("((4,()):(1,()))(100)"), ErrorKind::OutOfBounds);
    let e = idx2crd(&t("100"), &t("(4,())")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutOfBounds);
    assert_eq!(
        l("():()").eval(&t("-1")).unwrap_err().kind(),
        ErrorKind::OutOfBounds
    );
    // Index 0 is the one coordinate of `()`, and what fits still maps.
    assert_eq!(evaluate("(():())(0)").unwrap().to_string(), "0");
    assert_eq!(idx2crd(&t("3"), &t("(4,())")).unwrap(), t("(3,())"));
    assert_eq!(evaluate("((4,()):(1,()))(3)").unwrap().to_string(), "3");
}

#[test]
fn basis_strides_of_mixed_depth_are_refused() {
    // E<0> and E<0,1> make mode 0 of the coordinate both an integer and a
    // tuple; CuTe C++ does not compile it (no operator+ for int and
    // ArithmeticTuple). The runtime dropped the E<0> term: ((0,1)).
    let e = evaluate("((2,2):(1@0,1@1@0))(1,1)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(
        e.to_string()
            .contains("scaled-basis strides must address one coordinate tree"),
        "{e}"
    );
    assert!(e.to_string().contains("1@1@0"), "{e}");
    // Bases of one depth still sum (CuTe C++ prints ((1,1)) too).
    assert_eq!(
        evaluate("((2,2):(1@0@0,1@1@0))(1,1)").unwrap().to_string(),
        "((1,1))"
    );
}

#[test]
fn coalesce_keeps_a_coordinate_codomain() {
    // coalesce(1:1@0) was 1:0, whose value 0 is an integer where the layout's
    // value (0) is a coordinate. (CuTe C++ prints _1:_0, its Int<0> being the
    // zero of every codomain; the runtime's integer 0 is not a coordinate.)
    let c = layout_algebra::runtime::coalesce(&l("1:1@0")).unwrap();
    assert_eq!(c.to_string(), "1:0@0");
    for a in ["1:1@0", "(1,1):(1@0,1@1)", "(1,(1,1)):(3@1,(1@0,2@1))"] {
        let a = l(a);
        let c = layout_algebra::runtime::coalesce(&a).unwrap();
        assert_eq!(c.size().unwrap(), 1, "{a}");
        assert_eq!(c.eval(&t("0")).unwrap(), a.eval(&t("0")).unwrap(), "{a}");
    }
    // Integer layouts of size 1 still coalesce to 1:0 (CuTe C++ and pycute).
    assert_eq!(
        layout_algebra::runtime::coalesce(&l("(1,1):(3,1)"))
            .unwrap()
            .to_string(),
        "1:0"
    );
}

#[test]
fn a_builder_with_two_roots_is_not_a_layout() {
    use layout_algebra::runtime::{Builder, Stride};
    let mut shape = Builder::new();
    shape.leaf(2i64);
    shape.leaf(3);
    let mut stride = Builder::new();
    stride.leaf(Stride::Int(1));
    stride.leaf(Stride::Int(2));
    let (shape, stride) = (shape.finish(), stride.finish());
    assert!(!shape.is_tree());
    let e = Layout::new(shape, stride).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.to_string().contains("not several roots"), "{e}");
    // One root is a layout.
    assert!(Layout::new(t("(2,3)"), l("(2,3):(1,2)").stride().clone()).is_ok());
}
