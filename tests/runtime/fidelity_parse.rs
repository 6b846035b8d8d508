//! CuTe's printed forms as input to the runtime parser and the calculator.
//! Every printed form below is what
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
    assert_eq!(tiler("(_4:_1,(_2:_1,_2))"), tiler("<4:1,<2:1,2>>"));
    // print(make_tile(make_shape(_2{},_4{}), Layout<_8,_2>{})): a shape mode by mode.
    assert_eq!(tiler("((_2,_4),_8:_2)"), tiler("<<2,4>,8:2>"));
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
    assert_eq!(ev("(_4:_1,(_2:_1,_2))"), "<4:1,<2:1,2>>");
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

fn ev(s: &str) -> String {
    evaluate(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .to_string()
}

fn refused(s: &str) -> LayoutError {
    evaluate(s).expect_err(s)
}

#[test]
fn make_layout_with_cutes_order_tags() {
    // CuTe C++ on static shapes: make_layout(Shape<...>{}, LayoutRight{}) etc.
    assert_eq!(ev("make_layout((4,8), LayoutRight{})"), "(4,8):(8,1)");
    assert_eq!(ev("make_layout((4,8), LayoutLeft{})"), "(4,8):(1,4)");
    assert_eq!(ev("make_layout((4,8), GenRowMajor{})"), "(4,8):(8,1)");
    assert_eq!(
        ev("make_layout((2,(3,4),5), LayoutRight{})"),
        "(2,(3,4),5):(60,(20,5),1)"
    );
    assert_eq!(
        ev("make_layout((2,(3,4),5), GenColMajor{})"),
        "(2,(3,4),5):(1,(2,6),24)"
    );
    // Size-1 modes get stride 0: (_1,_4):(_0,_1) and (_4,_1,_2):(_2,_0,_1).
    assert_eq!(ev("make_layout((1,4), LayoutRight{})"), "(1,4):(0,1)");
    assert_eq!(ev("make_layout((4,1,2), LayoutRight{})"), "(4,1,2):(2,0,1)");
    assert_eq!(ev("make_layout(12, LayoutRight{})"), "12:1");
    assert_eq!(ev("LayoutRight{}"), "LayoutRight{}");
    // A tag needs its braces, and a shape before it.
    let e = refused("make_layout((4,8), LayoutRight)");
    assert_eq!(e.kind(), ErrorKind::Parse);
    assert!(
        e.to_string().contains("expected '{}' after 'LayoutRight'"),
        "{e}"
    );
    let e = refused("make_layout((4,8):(1,4), LayoutRight{})");
    assert!(
        e.to_string().contains("a shape before a layout order tag"),
        "{e}"
    );
    let e = refused("size(LayoutLeft{})");
    assert!(e.to_string().contains("found a layout order tag"), "{e}");
}

#[test]
fn template_forms_are_the_integer_forms() {
    // CuTe C++: get<1>(L), get<1,0>(L), take<1,3>, select<2,0>, group<1,3>,
    // upcast<2>, downcast<2> on the same static layouts.
    let l = "(4,(3,2)):(2,(8,1))";
    assert_eq!(ev(&format!("get<1>({l})")), "(3,2):(8,1)");
    assert_eq!(ev(&format!("get<1,0>({l})")), "3:8");
    assert_eq!(ev(&format!("get<0>({l})")), "4:2");
    assert_eq!(
        ev(&format!("get<1, 0>({l})")),
        ev(&format!("get({l}, 1, 0)"))
    );
    assert_eq!(ev("get<1>((4,(3,2)))"), "(3,2)");
    let g = "(2,3,5,7):(1,2,6,30)";
    assert_eq!(ev(&format!("take<1,3>({g})")), "(3,5):(2,6)");
    assert_eq!(ev(&format!("select<2,0>({g})")), "(5,2):(6,1)");
    assert_eq!(
        ev(&format!("group_modes<1,3>({g})")),
        "(2,(3,5),7):(1,(2,6),30)"
    );
    assert_eq!(ev("upcast<2>((4,8):(1,4))"), "(2,8):(1,2)");
    assert_eq!(ev("downcast<2>((4,8):(1,4))"), "(8,8):(1,8)");
}

#[test]
fn recast_layout_by_element_types() {
    // CuTe C++ recast_layout<Old,New>(L) on static layouts.
    let r = "(6,8):(1,6)";
    assert_eq!(
        ev(&format!("recast_layout<uint16_t,uint32_t>({r})")),
        "(3,8):(1,3)"
    );
    assert_eq!(
        ev(&format!("recast_layout<uint32_t,uint16_t>({r})")),
        "(12,8):(1,12)"
    );
    assert_eq!(
        ev(&format!("recast_layout<half_t,float>({r})")),
        "(3,8):(1,3)"
    );
    assert_eq!(
        ev(&format!("recast_layout<uint16_t,uint32_t>({r})")),
        ev(&format!("recast_layout({r}, 16, 32)"))
    );
    let w = "(16,8):(1,16)";
    assert_eq!(
        ev(&format!("recast_layout<int8_t,double>({w})")),
        "(2,8):(1,2)"
    );
    assert_eq!(
        ev(&format!("recast_layout<bfloat16_t,uint64_t>({w})")),
        "(4,8):(1,4)"
    );
    // Widths as CuTe's sizeof_bits_v gives them.
    for (t, bits) in [
        ("half_t", 16),
        ("bfloat16_t", 16),
        ("tfloat32_t", 32),
        ("float_e4m3_t", 8),
        ("float_e5m2_t", 8),
        ("int4_t", 4),
        ("uint1b_t", 1),
        ("bool", 1),
        ("uint128_t", 128),
        ("int2b_t", 2),
        ("char", 8),
        ("int64_t", 64),
    ] {
        assert_eq!(layout_algebra::calc::element_bits(t), Some(bits), "{t}");
    }
}

#[test]
fn template_forms_refuse_what_cute_does_not_compile() {
    let e = refused("recast_layout<16,32>((6,8):(1,6))");
    assert!(e.to_string().contains("expected a C++ element type"), "{e}");
    assert_eq!(e.position(), Some(14));
    let e = refused("recast_layout<half>((6,8):(1,6))");
    assert_eq!(e.kind(), ErrorKind::Parse);
    assert!(e.to_string().contains("found 'half'"), "{e}");
    let e = refused("recast_layout<half_t>((6,8):(1,6))");
    assert!(
        e.to_string().contains("takes 2 template argument(s)"),
        "{e}"
    );
    let e = refused("get<float>((4,8))");
    assert!(
        e.to_string()
            .contains("expected an integer, found an element type"),
        "{e}"
    );
    let e = refused("get<1>((4,(3,2)):(2,(8,1)), 0)");
    assert!(e.to_string().contains("found 1 and 2"), "{e}");
    let e = refused("get<>((4,8))");
    assert_eq!(e.kind(), ErrorKind::Parse);
    let e = refused("composition<1>(4:1, 2:1)");
    assert!(
        e.to_string()
            .contains("composition takes no template arguments; its forms: composition(A, B)"),
        "{e}"
    );
}

#[test]
fn group_modes_to_the_end() {
    // CuTe C++ group<B,-1>(L) = group<B,rank(L)>(L).
    let g = "(2,3,5,7):(1,2,6,30)";
    assert_eq!(
        ev(&format!("group_modes({g}, 1, -1)")),
        "(2,(3,5,7)):(1,(2,6,30))"
    );
    assert_eq!(
        ev(&format!("group_modes<0,-1>({g})")),
        "((2,3,5,7)):((1,2,6,30))"
    );
    assert_eq!(
        ev(&format!("group_modes({g}, 3, -1)")),
        "(2,3,5,(7)):(1,2,6,(30))"
    );
    assert_eq!(ev(&format!("group_modes({g}, 4, -1)")), g);
    // A leaf counts as a rank-1 tuple: CuTe C++ prints group<1,-1>(8:2),
    // group<0,0>(8:2) and group<1,1>(8:2) as (_8):(_2), group<0,-1> as ((_8)):((_2)).
    for e in [
        "group_modes(8:2, 1, -1)",
        "group_modes(8:2, 0, 0)",
        "group_modes(8:2, 1, 1)",
    ] {
        assert_eq!(ev(e), "(8):(2)", "{e}");
    }
    assert_eq!(ev("group_modes(8:2, 0, -1)"), "((8)):((2))");
    let e = refused(&format!("group_modes({g}, 1, -2)"));
    assert!(
        e.to_string()
            .contains("a non-negative mode index or -1 (to the end)"),
        "{e}"
    );
    // take<B,-1> does not compile for a layout in CuTe (B < E is asserted).
    assert!(refused(&format!("take({g}, 1, -1)"))
        .to_string()
        .contains("non-negative"));
}

#[test]
fn filter_by_profile() {
    // CuTe C++ filter(layout, trg_profile) on static layouts.
    let a = "(2,(2,4),3):(0,(1,0),4)";
    assert_eq!(ev(&format!("filter({a}, (1,1))")), "(1,2,3):(0,1,4)");
    assert_eq!(
        ev(&format!("filter({a}, (1,(1,1)))")),
        "(1,(2,1),3):(0,(1,0),4)"
    );
    assert_eq!(ev(&format!("filter({a}, 1)")), "(2,3):(1,4)");
    assert_eq!(ev(&format!("filter({a}, (1))")), "(1,(2,4),3):(0,(1,0),4)");
    let b = "((2,2),(3,1)):((1,2),(0,7))";
    assert_eq!(ev(&format!("filter({b}, (1,1))")), "(4,1):(1,0)");
    assert_eq!(ev(&format!("filter({b}, (1))")), "(4,(3,1)):(1,(0,7))");
    assert_eq!(
        ev("filter(((2,3),(3,1)):((1,4),(0,7)), ((1,1),1))"),
        "((2,3),1):((1,4),0)"
    );
    assert_eq!(ev("filter(4:0, (1))"), "(1):(0)");
    assert_eq!(ev("filter(4:2, (1))"), "(4):(2)");
    assert_eq!(ev("filter((2,2):(1,2), (1,1))"), "(2,2):(1,2)");
    // A profile longer than the layout is a static_assert in CuTe.
    let e = refused("filter((2,2):(1,2), (1,1,1))");
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
}

#[test]
fn a_misspelled_function_gets_the_nearest_name() {
    for (typo, name) in [
        ("compositon(4:1, 2:1)", "composition"),
        ("fliter(4:1)", "filter"),
        ("sise(4)", "size"),
        ("logical_divid(4:1, 2)", "logical_divide"),
    ] {
        let e = refused(typo);
        assert!(
            e.to_string().contains(&format!("did you mean `{name}`?")),
            "{typo}: {e}"
        );
    }
    // Nothing close: no guess.
    let e = refused("xyz(1)");
    assert!(e.to_string().ends_with("unknown function 'xyz'"), "{e}");
}

#[test]
fn every_form_names_its_function() {
    let names: Vec<&str> = layout_algebra::calc::functions().collect();
    for s in layout_algebra::calc::signatures() {
        let name = s.split(['(', '<']).next().unwrap_or_default();
        assert!(names.contains(&name), "{s}");
    }
    for f in &names {
        assert!(
            layout_algebra::calc::signatures()
                .any(|s| s.starts_with(&format!("{f}(")) || s.starts_with(&format!("{f}<"))),
            "{f} has no form"
        );
    }
}
