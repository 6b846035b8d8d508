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
