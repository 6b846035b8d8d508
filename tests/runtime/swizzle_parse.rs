//! Parsing `Sw<B,M,S>`, `Swizzle<B,M,S>` and CuTe's printed composed form.

use layout_algebra::runtime::parse::{parse_composed, parse_swizzle};
use layout_algebra::runtime::{ComposedLayout, ErrorKind, Layout, Swizzle};
use proptest::prelude::*;

#[test]
fn cute_printed_forms_parse() {
    // As CuTe C++ prints composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_8>,Stride<_8,_1>>{}).
    let c = parse_composed("Sw<3,4,3> o _0 o (_8,_8):(_8,_1)").unwrap();
    assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,8):(8,1)");
    // CuTe C++: that layout at 3 is 24.
    assert_eq!(c.call(3).unwrap(), 24);
    let d = parse_composed("Swizzle<2,0,-2> o 5 o 4:1").unwrap();
    assert_eq!(d.to_string(), "Sw<2,0,-2> o 5 o 4:1");
    let e = parse_composed("(4,4):(4,1) o (2,2):(2,1)").unwrap();
    assert_eq!(e.to_string(), "(4,4):(4,1) o 0 o (2,2):(2,1)");
    assert_eq!(
        parse_swizzle("_Sw<3,4,3>").unwrap_err().kind(),
        ErrorKind::Parse
    );
    assert_eq!(
        "Sw<_3,_4,_-3>".parse::<Swizzle>().unwrap().to_string(),
        "Sw<3,4,-3>"
    );
}

#[test]
fn errors_name_the_byte_and_the_rule() {
    for (text, byte) in [
        ("Sw<3,4>", "byte 6"),
        ("Sw<3,4,3> (8,8):(8,1)", "byte 10"),
        ("Sw<3,4,3> o _0 o (_8,_8):(_8,)", "byte 29"),
        ("Sx<3,4,3>", "byte 0"),
    ] {
        let e = parse_composed(text).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Parse, "{text}");
        assert!(e.to_string().contains(byte), "{text}: {e}");
    }
    let e = parse_composed("Sw<1,2,0> o 0 o 4:1").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.to_string().contains("Swizzle<1,2,0>"), "{e}");
}

proptest! {
    #[test]
    fn printed_composed_layouts_round_trip(
        b in 0i64..4, m in 0i64..5, extra in 0i64..3, neg in any::<bool>(),
        off in -100i64..100, shape in prop::collection::vec(1i64..9, 1..4),
    ) {
        let s = if neg { -(b + extra) } else { b + extra };
        let inner = Layout::row_major(&format!("({})", shape.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")).parse().unwrap()).unwrap();
        let c = ComposedLayout::new(Swizzle::new(b, m, s).unwrap(), off, inner);
        let text = c.to_string();
        prop_assert_eq!(parse_composed(&text).unwrap(), c.clone());
        // CuTe's static marks: an underscore before every integer.
        let marked: String = text.chars().enumerate().flat_map(|(i, ch)| {
            let prev = text[..i].chars().last();
            let start = (ch.is_ascii_digit() || ch == '-') && !prev.is_some_and(|p| p.is_ascii_digit() || p == '-');
            if start { vec!['_', ch] } else { vec![ch] }
        }).collect();
        prop_assert_eq!(parse_composed(&marked).unwrap(), c);
    }
}
