//! CuTe's printed forms as input to the runtime parser and the calculator
//! (issue 11, item 1). Every printed form below is what
//! `../shared/tools/cute-cpp` prints for the C++ named beside it, and every
//! result was computed by CuTe C++ on the same operands.

use layout_algebra::calc::evaluate;
use layout_algebra::runtime::parse::parse_slice_coord;
use layout_algebra::runtime::*;

fn layout(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tiler(s: &str) -> Tiler {
    Tiler::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn static_integers_print_as_underscore_n() {
    // print(Layout<Shape<_4,_8>>{}), print(make_layout(make_shape(_4{},_8{}), LayoutRight{})).
    assert_eq!(layout("(_4,_8):(_1,_4)"), layout("(4,8):(1,4)"));
    assert_eq!(layout("(_4,_8):(_8,_1)"), layout("(4,8):(8,1)"));
    // print(make_layout(make_shape(1,4))): dynamic and static leaves mixed.
    assert_eq!(layout("(1,4):(_1,1)").to_string(), "(1,4):(1,1)");
    // print(make_layout(make_shape(_1{},make_shape(_4{},_1{}),_2{}), LayoutRight{})).
    assert_eq!(
        layout("(_1,(_4,_1),_2):(_0,(_2,_0),_1)").to_string(),
        "(1,(4,1),2):(0,(2,0),1)"
    );
    // print(make_layout(_1{})).
    assert_eq!(layout("_1:_0").to_string(), "1:0");
    // A bare static shape is its compact layout, as a bare shape is.
    assert_eq!(layout("(_1,_4)"), layout("(1,4)"));
    assert_eq!(layout("(_1,_4)").to_string(), "(1,4):(0,1)");
}

#[test]
fn negative_static_integers_print_as_underscore_minus_n() {
    // print(Int<-3>{}) is `_-3`; print(make_stride(_1{}, Int<-2>{})) is `(_1,_-2)`.
    assert_eq!("_-3".parse::<IntTuple>().unwrap(), IntTuple::leaf(-3));
    assert_eq!(layout("(_4,_2):(_1,_-2)").to_string(), "(4,2):(1,-2)");
    assert_eq!(
        "(_4,(_-3,5))".parse::<IntTuple>().unwrap().to_string(),
        "(4,(-3,5))"
    );
}

#[test]
fn scaled_bases_as_cute_prints_them() {
    // print(make_identity_layout(make_shape(_4{},_8{}))).
    let id = layout("(_4,_8):(_1@0,_1@1)");
    assert_eq!(id, Layout::identity(&"(4,8)".parse().unwrap()).unwrap());
    // print(Int<-1>{}*E<1>{}) is `_-1@1`; print(E<1,0>{}*Int<3>{}) is `_3@0@1`.
    assert_eq!(
        layout("(_4,_8):(_1@0,_-1@1)").to_string(),
        "(4,8):(1@0,-1@1)"
    );
    assert_eq!(
        layout("(_2,_3):(_3@0@1,_1@0)").to_string(),
        "(2,3):(3@0@1,1@0)"
    );
    // print(E<1,0>{}*3): a dynamic count, the same basis.
    assert_eq!(
        "_3@0@1".parse::<StrideTuple>().unwrap(),
        "3@0@1".parse::<StrideTuple>().unwrap()
    );
    assert_eq!("_-5@0".parse::<StrideTuple>().unwrap().to_string(), "-5@0");
}

#[test]
fn slice_coordinates_tell_a_free_mode_from_a_static_integer() {
    let c: SliceCoord = "(_,_2,(_1,_))".parse().unwrap();
    assert!(c == "(_,2,(1,_))".parse().unwrap());
    assert!(c != "(_,2,(_,_))".parse().unwrap());
    assert!(parse_slice_coord("(_,_-1)").unwrap() == parse_slice_coord("(_,-1)").unwrap());
}

#[test]
fn only_cutes_spellings_of_static_integers() {
    // CuTe prints `_-3`, never `-_3`, `_ 3` or `__3`; a `_` alone is no integer.
    for bad in [
        "-_3",
        "(_ 3)",
        "(__3)",
        "(_)",
        "(4,_)",
        "_x",
        "(_4,_8):(_1,_)",
    ] {
        let e = bad.parse::<Layout>().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Parse, "{bad}");
        assert!(e.position().is_some(), "{bad}: {e}");
    }
    let e = "(_4,_8):(_1,_x)".parse::<Layout>().unwrap_err();
    assert_eq!(e.position(), Some(12));
}

#[test]
fn tiles_as_cute_prints_them() {
    // print(make_tile(Layout<_4,_1>{}, Layout<_8,_2>{})).
    assert_eq!(tiler("(_4:_1,_8:_2)"), tiler("<4:1,8:2>"));
    // print(make_tile(Layout<_4,_1>{}, make_tile(Layout<_2,_1>{}, _2{}))).
    assert_eq!(tiler("(_4:_1,(_2:_1,_2))"), tiler("<4:1,<2:1,2:1>>"));
    // print(make_tile(make_shape(_2{},_4{}), Layout<_8,_2>{})): a shape mode by mode.
    assert_eq!(tiler("((_2,_4),_8:_2)"), tiler("<<2:1,4:1>,8:2>"));
    // A printed tile with a layout of tuple shape as a mode.
    assert_eq!(tiler("((_2,_2):(_1,_8),_4:_1)"), tiler("<(2,2):(1,8),4:1>"));
    // What reads as a layout stays one.
    assert_eq!(tiler("(_2,_4)").to_string(), "(2,4):(1,2)");
    assert_eq!(tiler("(_2,_4):(_4,_1)").to_string(), "(2,4):(4,1)");
}

#[test]
fn printed_tiles_divide_as_in_cute() {
    // logical_divide(Layout<Shape<_8,_16>,Stride<Int<20>,_1>>{}, tile) in CuTe C++.
    let a = layout("(_8,_16):(_20,_1)");
    assert_eq!(
        logical_divide(&a, &tiler("(_4:_1,_8:_2)"))
            .unwrap()
            .to_string(),
        "((4,2),(8,2)):((20,80),(2,1))"
    );
    // logical_divide(Layout<Shape<_8,Shape<_4,_4>>>{}, make_tile(Layout<_4,_1>{},
    // make_tile(Layout<_2,_1>{}, _2{}))) in CuTe C++.
    let b = layout("(_8,(_4,_4)):(_1,(_8,_32))");
    assert_eq!(
        logical_divide(&b, &tiler("(_4:_1,(_2:_1,_2))"))
            .unwrap()
            .to_string(),
        "((4,2),((2,2),(2,2))):((1,4),((8,16),(32,64)))"
    );
}

#[test]
fn malformed_printed_tiles_name_the_place() {
    // The reading that got further reports: here the tile's missing ')'.
    let e = Tiler::parse("(_4:_1,_8:_2").unwrap_err();
    assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, Some(12)));
    let e = Tiler::parse("(_4:_1,_8:)").unwrap_err();
    assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, Some(10)));
    // A broken rule inside a printed tile is that rule's error.
    let e = Tiler::parse("(_4:_1,_0:_2)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    let e = Tiler::parse("(_4:_1,(_2,_2):(_1))").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotCongruent);
    // Nesting stays bounded in a printed tile.
    let deep = format!("{}4:1{}", "(".repeat(100), ")".repeat(100));
    assert!(Tiler::parse(&deep).is_err());
}

#[test]
fn the_calculator_reads_cutes_printed_forms() {
    let ev = |s: &str| {
        evaluate(s)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .to_string()
    };
    assert_eq!(ev("(_4,_8):(_1,_4)"), "(4,8):(1,4)");
    assert_eq!(ev("(_4,_8):(_1@0,_1@1)"), "(4,8):(1@0,1@1)");
    assert_eq!(ev("_-3"), "-3");
    assert_eq!(ev("_3@0@1"), "3@0@1");
    assert_eq!(ev("(_4:_1,_8:_2)"), "<4:1,8:2>");
    assert_eq!(ev("(_4:_1,(_2:_1,_2))"), "<4:1,<2:1,2:1>>");
    // Layout<Shape<_4,_8>,Stride<_8,_1>>{}(_1{},_2{}) is _10 in CuTe C++.
    assert_eq!(ev("((_4,_8):(_8,_1))(_1,_2)"), "10");
    assert_eq!(
        ev("logical_divide((_8,_16):(_20,_1), (_4:_1,_8:_2))"),
        "((4,2),(8,2)):((20,80),(2,1))"
    );
    // `_` alone is still a free mode.
    assert_eq!(ev("((4,3):(1,4))(_,_2)"), ev("((4,3):(1,4))(_,2)"));
    assert!(evaluate("_x(4)").is_err());
}
