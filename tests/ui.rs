//! Compile-fail documentation: every malformed `layout!` input and every
//! illegal coordinate is a compile error whose message names the rule
//! (`ui-tests/fail/*.stderr`), and so is every inadmissible operation of the
//! type-level algebra (composition's divisibility conditions, complementability,
//! ranks); `ui-tests/pass/*.rs` must compile and run.
//!
//! The tensor layer's static checks are here too: copy and gemm sizes, the
//! exactly-once rule of `local_partition` and `tv_partition`, fragment sizes.
//! Operands print in a readable form: `ShapeStride<(Num<4>, Num<6>), (Num<1>, Num<4>)>`
//! is the layout `(4,6):(1,4)`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/fail/*.rs");
    t.pass("ui-tests/pass/*.rs");
}
