//! Compile-fail documentation: every malformed `layout!` input and every
//! illegal coordinate is a compile error whose message names the rule
//! (`ui-tests/fail/*.stderr`), and so is every inadmissible operation of the
//! type-level algebra (composition's divisibility conditions, complementability,
//! ranks); `ui-tests/pass/*.rs` must compile and run.
//!
//! In trybuild's generated crate rustc prints the algebra's operands with full
//! paths (`layout_algebra::typelevel::algebra::shown::I<4>`); a user's crate sees
//! the short form, e.g. `Layout<(I<4>, I<6>, I<8>), (I<2>, I<3>, I<5>)> ∘ Layout<I<6>, I<3>>`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/fail/*.rs");
    t.pass("ui-tests/pass/*.rs");
}
