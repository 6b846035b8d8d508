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

/// Files whose errors still print typenum's binary form, in a `required
/// for` note that names the user's own layout type: a `Tensor` indexed by a
/// static coordinate outside its shape (the check is a bound of the
/// standard `Index` impl, so rustc names the impl's `Self`), and a right
/// operand of composition that is not one (the kind of the operand is
/// looked up inside the composition's impl). The first line, label and help
/// of both read in decimal. Remove an entry when its error is made readable.
const BINARY_LEFT: &[&str] = &[
    "composition_not_a_right_operand",
    "tensor_static_coord_outside",
];

/// Single-error files still over 25 lines (see [`BINARY_LEFT`]).
const LONG_LEFT: &[&str] = &[];

/// Every compile error of the library reads in decimal and fits a screen:
/// no `.stderr` prints typenum's binary integers (`UInt<`, `UTerm`), and a
/// file with a single error is at most 25 lines.
#[test]
fn ui_errors_are_short_and_decimal() {
    let mut bad = Vec::new();
    let mut seen = 0;
    for entry in std::fs::read_dir("ui-tests/fail").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("stderr") {
            continue;
        }
        seen += 1;
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let binary = text.contains("UInt<") || text.contains("UTerm");
        if binary != BINARY_LEFT.contains(&name.as_str()) {
            bad.push(format!(
                "{name}: typenum binary {}",
                if binary {
                    "printed"
                } else {
                    "gone: drop it from BINARY_LEFT"
                }
            ));
        }
        let errors = text.lines().filter(|l| l.starts_with("error")).count();
        let long = errors == 1 && text.lines().count() > 25;
        if long != LONG_LEFT.contains(&name.as_str()) {
            bad.push(format!(
                "{name}: {} lines{}",
                text.lines().count(),
                if long {
                    ""
                } else {
                    ", now short: drop it from LONG_LEFT"
                }
            ));
        }
    }
    assert!(seen > 80, "found only {seen} .stderr files");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
