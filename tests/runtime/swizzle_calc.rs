//! Swizzles and composed layouts in the calculator's expressions; every
//! expected value is what CuTe C++ prints for the same expression
//! (`composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})`).

use layout_algebra::calc::{evaluate, Value};
use layout_algebra::runtime::ErrorKind;

fn eval(src: &str) -> String {
    evaluate(src)
        .unwrap_or_else(|e| panic!("{src}: {e}"))
        .to_string()
}

const SW: &str = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)";

#[test]
fn swizzles_and_composed_layouts_read_and_print_as_cute() {
    assert_eq!(eval("Sw<3,4,3>"), "Sw<3,4,3>");
    assert_eq!(eval("Swizzle<3,4,-3>"), "Sw<3,4,-3>");
    assert_eq!(eval(SW), "Sw<3,4,3> o 0 o (8,64):(64,1)");
    // The offset may be left out; the inner layout is any layout expression.
    assert_eq!(eval("Sw<3,4,3> o (8,64):(64,1)"), eval(SW));
    assert_eq!(eval("composition(Sw<3,4,3>, (8,64):(64,1))"), eval(SW));
    assert_eq!(
        eval("Sw<1,2,3> o 5 o zipped_divide((8,8), <2,4>)"),
        "Sw<1,2,3> o 5 o ((2,4),(4,2)):((1,8),(2,32))"
    );
    assert!(matches!(evaluate(SW), Ok(Value::Composed(_))));
}

#[test]
fn evaluated_composed_and_divided_as_cute() {
    // sw(5,3) = 355 and Swizzle<3,4,3>{}(355) = 323 (an involution).
    assert_eq!(eval(&format!("({SW})(5,3)")), "355");
    assert_eq!(eval("Sw<3,4,3>(355)"), "323");
    assert_eq!(eval(&format!("size({SW})")), "512");
    assert_eq!(
        eval(&format!("composition({SW}, <4:1, 8:1>)")),
        "Sw<3,4,3> o 0 o (4,8):(64,1)"
    );
    assert_eq!(
        eval(&format!("logical_divide({SW}, <2,8>)")),
        "Sw<3,4,3> o 0 o ((2,4),(8,8)):((64,128),(1,8))"
    );
    // blocked_product(c, Layout<Shape<_2,_3>>{}) and raked_product: on the inner layout.
    assert_eq!(
        eval(&format!("blocked_product({SW}, (2,3))")),
        "Sw<3,4,3> o 0 o ((8,2),(64,3)):((64,512),(1,1024))"
    );
    assert_eq!(
        eval(&format!("raked_product({SW}, (2,3))")),
        "Sw<3,4,3> o 0 o ((2,8),(3,64)):((512,64),(1024,1))"
    );
    // Slicing is CuTe C++'s: the row reaches only the swizzle's target bits,
    // so it decays to a plain layout, its offset 144 returned apart
    // (C++: ((_16,_2,_2)):((_1,_-16,_32)) + _144); every point agrees.
    let row = format!("({SW})(2,_)");
    assert_eq!(eval(&row), "((16,2,2)):((1,-16,32))");
    assert_eq!(
        eval(&format!("slice_and_offset((2,_), {SW})")),
        "((16,2,2)):((1,-16,32)) + 144"
    );
    assert_eq!(eval(&format!("slice((2,_), {SW})")), eval(&row));
    for j in 0..64 {
        assert_eq!(
            eval(&format!("({row})({j})")).parse::<i64>().unwrap() + 144,
            eval(&format!("({SW})(2,{j})")).parse::<i64>().unwrap()
        );
    }
    // A slice that keeps the swizzle: the composed form, the offset apart.
    assert_eq!(
        eval("slice_and_offset((_,3), Sw<3,3,3> o 0 o (64,8):(8,1))"),
        "Sw<3,3,3> o 0 o (64):(8) + 3"
    );
}

#[test]
fn bad_swizzles_and_inner_functions_are_errors() {
    let e = evaluate("Sw<3,4,2>").unwrap_err();
    assert_eq!(
        (e.kind(), e.position()),
        (ErrorKind::InvalidArgument, Some(0))
    );
    let e = evaluate("Sw<3,4,3> o <2,3>").unwrap_err();
    assert_eq!(
        (e.kind(), e.position()),
        (ErrorKind::InvalidArgument, Some(12))
    );
    let e = evaluate("(2,3)(Sw<3,4,3>)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
}
