//! Compile-fail documentation: every malformed `layout!` input and every
//! illegal coordinate is a compile error whose message names the rule
//! (`ui-tests/fail/*.stderr`); `ui-tests/pass/*.rs` must compile and run.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/fail/*.rs");
    t.pass("ui-tests/pass/*.rs");
}
