//! `layout!`, `Layout!`, `tile!`, `int!` and `Int!` take CuTe's printed forms
//! as input, and a compact layout means what it means in the runtime layer
//! and in static CuTe C++: a size-1 mode has stride 0.
//! Every printed form and every result below is what `../shared/tools/cute-cpp`
//! prints for the C++ named beside it.

use layout_algebra::runtime;
use layout_algebra::typelevel::*;

#[test]
fn static_integers_as_cute_prints_them() {
    // print(Layout<Shape<_4,_8>>{}) is `(_4,_8):(_1,_4)`.
    let l: Layout![(4,8):(1,4)] = layout!((_4,_8):(_1,_4));
    assert_eq!(l.to_string(), "(4,8):(1,4)");
    let r: Layout![(_4,_8):(_8,_1)] = layout!((4,8):row_major);
    assert_eq!(r.to_string(), "(4,8):(8,1)");
    // print(make_stride(_1{}, Int<-2>{})) is `(_1,_-2)`.
    assert_eq!(layout!((_4,_2):(_1,_-2)).to_string(), "(4,2):(1,-2)");
    // print(make_layout(make_shape(_1{},make_shape(_4{},_1{}),_2{}), LayoutRight{})).
    assert_eq!(
        layout!((_1,(_4,_1),_2):(_0,(_2,_0),_1)).to_string(),
        "(1,(4,1),2):(0,(2,0),1)"
    );
    // print(make_layout(make_shape(1,4))): dynamic and static leaves mixed.
    assert_eq!(layout!((1,4):(_1,1)).to_string(), "(1,4):(1,1)");
    // A bare static shape is its compact layout.
    assert_eq!(layout!((_4, _8)).to_string(), "(4,8):(1,4)");
    // With a dynamic leaf beside the static ones.
    let n = 8;
    assert_eq!(
        layout!((_4,{n}):(_1,_4)).unwrap().to_string(),
        "(4,8):(1,4)"
    );
}

#[test]
fn static_integer_constants_as_cute_prints_them() {
    // print(Int<-3>{}) is `_-3`.
    let m: Int![_ - 3] = int!(_ - 3);
    assert_eq!(m, int!(-3));
    let k: Int![1536] = int!(_1536);
    assert_eq!(k.value(), 1536);
    assert_eq!(int!(_0), int!(0));
}

#[test]
fn tiles_as_cute_prints_them() {
    // print(make_tile(Layout<_4,_1>{}, Layout<_8,_2>{})) is `(_4:_1,_8:_2)`.
    let t = tile!((_4:_1,_8:_2));
    assert_eq!(t.to_string(), tile!(4:1, 8:2).to_string());
    assert_eq!(
        t.to_dynamic(),
        runtime::Tiler::parse("(_4:_1,_8:_2)").unwrap()
    );
    // print(make_tile(Layout<_4,_1>{}, make_tile(Layout<_2,_1>{}, _2{}))).
    let nested = tile!((_4:_1,(_2:_1,_2)));
    assert_eq!(nested.to_string(), "<4:1,<2:1,2>>");
    assert_eq!(
        nested.to_dynamic(),
        runtime::Tiler::parse("(_4:_1,(_2:_1,_2))").unwrap()
    );
    // print(make_tile(make_shape(_2{},_4{}), Layout<_8,_2>{})): a shape by mode.
    let by_mode = tile!(((_2,_4),_8:_2));
    assert_eq!(by_mode.to_string(), "<<2,4>,8:2>");
    assert_eq!(
        by_mode.to_dynamic(),
        runtime::Tiler::parse("((_2,_4),_8:_2)").unwrap()
    );
    // A printed tile with a layout of tuple shape, beside another mode.
    assert_eq!(
        tile!(((_2,_2):(_1,_8),_4:_1), 2:1).to_string(),
        "<<(2,2):(1,8),4:1>,2:1>"
    );
}

#[test]
fn printed_tiles_divide_as_in_cute() {
    // logical_divide(Layout<Shape<_8,_16>,Stride<Int<20>,_1>>{}, make_tile(
    // Layout<_4,_1>{}, Layout<_8,_2>{})) in CuTe C++.
    let d = logical_divide(layout!((_8,_16):(_20,_1)), tile!((_4:_1,_8:_2)));
    assert_eq!(d.to_string(), "((4,2),(8,2)):((20,80),(2,1))");
    // logical_divide(Layout<Shape<_8,Shape<_4,_4>>>{}, make_tile(Layout<_4,_1>{},
    // make_tile(Layout<_2,_1>{}, _2{}))) in CuTe C++.
    let d = logical_divide(layout!((_8, (_4, _4))), tile!((_4:_1,(_2:_1,_2))));
    assert_eq!(
        d.to_string(),
        "((4,2),((2,2),(2,2))):((1,4),((8,16),(32,64)))"
    );
}

#[test]
fn compact_layouts_give_size_1_modes_stride_0() {
    // print(make_layout(make_shape(_1{},_4{}))) is `(_1,_4):(_0,_1)`;
    // print(make_layout(make_shape(_4{},_1{}), LayoutRight{})) is `(_4,_1):(_1,_0)`.
    let cases = [
        (layout!((1, 4)).to_dynamic(), "(1,4):(0,1)", false),
        (layout!((4, 1)).to_dynamic(), "(4,1):(1,0)", false),
        (layout!((4,1):row_major).to_dynamic(), "(4,1):(1,0)", true),
        (layout!((1,4):row_major).to_dynamic(), "(1,4):(0,1)", true),
        // print(make_layout(make_shape(_1{},make_shape(_1{},_1{})))).
        (
            layout!((1, (1, 1))).to_dynamic(),
            "(1,(1,1)):(0,(0,0))",
            false,
        ),
        // print(make_layout(make_shape(_2{},make_shape(_1{},_3{}),_1{}), LayoutRight{})).
        (
            layout!((2,(1,3),1):row_major).to_dynamic(),
            "(2,(1,3),1):(3,(0,1),0)",
            true,
        ),
        (
            layout!((2,(1,3),1):col_major).to_dynamic(),
            "(2,(1,3),1):(1,(0,2),0)",
            false,
        ),
        // print(make_layout(_1{})) and print(make_layout(_1{}, LayoutRight{})): `_1:_0`.
        (layout!(1).to_dynamic(), "1:0", false),
        (layout!(1:row_major).to_dynamic(), "1:0", true),
    ];
    for (l, want, row) in cases {
        assert_eq!(l.to_string(), want);
        // The runtime layer's compact layout of the same shape.
        let s = l.shape().clone();
        let rt = match row {
            true => runtime::Layout::row_major(&s),
            false => runtime::Layout::column_major(&s),
        };
        assert_eq!(l, rt.unwrap());
    }
    assert_eq!(
        "(1,4)".parse::<runtime::Layout>().unwrap(),
        layout!((1, 4)).to_dynamic()
    );
}

#[test]
fn compact_types_carry_stride_0() {
    let l: Layout![(1,4):(0,1)] = layout!((1, 4));
    assert_eq!(size(&l).value(), 4);
    let r: Layout![(4,1):(1,0)] = layout!((4,1):row_major);
    assert_eq!(r.call(3usize), 3);
    let t: Layout![(_1, _4)] = layout!((_1,_4):(_0,_1));
    assert_eq!(t.to_string(), "(1,4):(0,1)");
}

#[test]
fn an_integer_tile_is_cutes_int() {
    // An integer entry stays one, as CuTe's `Int<n>` in `make_tile`, and the
    // runtime's `<1,4>` is the same tiler.
    assert_eq!(tile!(1).to_string(), "<1>");
    assert_eq!(format!("{:#}", tile!(1, 4)), "<_1,_4>");
    assert_eq!(
        tile!(1, 4).to_dynamic(),
        runtime::Tiler::parse("<1,4>").unwrap()
    );
    let (a, t) = (
        "(8):(1)".parse().unwrap(),
        runtime::Tiler::parse("<1>").unwrap(),
    );
    // composition(Layout<Shape<_8>,Stride<_1>>{}, make_tile(_1{})) is `(_1):(_1)`:
    // C++'s composition reads an integer n as n:1.
    let c = composition(layout!((8):(1)), tile!(1));
    assert_eq!(c.to_string(), "(1):(1)");
    assert_eq!(c.to_dynamic(), runtime::composition(&a, &t).unwrap());
    // logical_divide(Layout<Shape<_8>,Stride<_1>>{}, make_tile(_1{})) is
    // `((_1,_8)):((_0,_1))`: the divides read it as make_layout(_1{}) = `_1:_0`.
    let d = logical_divide(layout!((8):(1)), tile!(1));
    assert_eq!(d.to_string(), "((1,8)):((0,1))");
    assert_eq!(d.to_dynamic(), runtime::logical_divide(&a, &t).unwrap());
    // logical_product(Layout<_4,_1>{}, make_tile(_1{})) is `((_4,_1)):((_1,_0))`.
    let p = logical_product(layout!(4:1), tile!(1));
    assert_eq!(p.to_string(), "((4,1)):((1,0))");
    // composition(Layout<Shape<_4,_8>,Stride<_9,_2>>{}, _1{}) is `_1:_2`.
    assert_eq!(
        composition(layout!((4,8):(9,2)), int!(1)).to_string(),
        "1:2"
    );
}

#[test]
fn dynamic_extents_follow_cute_cs_dynamic_rule() {
    // print(make_layout(make_shape(_1{}, 4))) is `(_1,4):(_0,_1)`: a static 1 gets 0.
    let n = 4;
    assert_eq!(layout!((1, { n })).unwrap().to_string(), "(1,4):(0,1)");
    // print(make_layout(make_shape(1, 4))) is `(1,4):(_1,1)`: a dynamic extent
    // gets the prefix product whatever its value (its stride type is fixed
    // before the value is known); the layouts agree at every coordinate.
    let m = 1;
    let d = layout!(({ m }, 4)).unwrap();
    assert_eq!(d.to_string(), "(1,4):(1,1)");
    let rt: runtime::Layout = "(1,4)".parse().unwrap();
    for i in 0..4 {
        assert_eq!(d.to_dynamic().call(i).unwrap(), rt.call(i).unwrap());
    }
}

/// A `macro_rules!` macro may forward its fragments to the macros: a literal
/// or expression fragment arrives in an invisible group, read as its tokens.
#[test]
fn forwarded_fragments_are_read() {
    macro_rules! square {
        ($n:literal) => {
            layout!(($n, $n))
        };
    }
    macro_rules! strided {
        ($n:literal, $d:literal) => {
            layout!($n: $d)
        };
    }
    assert_eq!(square!(256).to_string(), "(256,256):(1,256)");
    assert_eq!(strided!(8, -2).to_string(), "8:-2");
    macro_rules! tiled {
        ($a:literal, $b:literal) => {
            tile!($a, $b)
        };
    }
    assert_eq!(tiled!(4, 8).to_string(), "<4,8>");
}

/// `{:#}` prints CuTe C++'s form (static leaves `_n`, dynamic ones bare), which
/// the runtime parser reads back to the same layout.
#[test]
fn alternate_display_is_cute_print_and_parses_back() {
    let d = layout!((4,({6},2)):(1,({-8},24))).unwrap();
    assert_eq!(format!("{d:#}"), "(_4,(6,_2)):(_1,(-8,_24))");
    let back: runtime::Layout = format!("{d:#}").parse().unwrap();
    assert_eq!(back, d.to_dynamic());
    let s = layout!((8,64):(64,1));
    assert_eq!(format!("{s:#}"), "(_8,_64):(_64,_1)");
    let sw = composition(Swizzle::<3, 4, 3>::new(), s);
    assert_eq!(format!("{sw:#}"), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    let back: runtime::ComposedLayout = format!("{sw:#}").parse().unwrap();
    assert_eq!(back.to_string(), sw.to_string());
    let t = tile!(4, [2:1, 2:4]);
    assert_eq!(format!("{t:#}"), "<_4,<_2:_1,_2:_4>>");
    let back = runtime::Tiler::parse(&format!("{t:#}")).unwrap();
    assert_eq!(back, t.to_dynamic());
    let data = [0u8; 512];
    let t = make_tensor(&data[..], sw).unwrap();
    assert_eq!(
        format!("{t:#}"),
        "tensor o Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"
    );
}

/// `{expr}{div=N}`, the form `{:#}` prints (CuTe DSL's `?{div=N}`), is a
/// `DivBy<N>` leaf: equal to one built by `div_by`, checked the same way, and
/// printed back as written; a compact layout's stride copied from it keeps the
/// fact, a product of it does not (a plain `Dyn`).
#[test]
fn divisibility_facts_as_printed() {
    for m in [128i64, 256, 384, 1 << 40] {
        let a = layout!(({m}{div=128},8):(1,{m}{div=128})).unwrap();
        let d = div_by::<128>(m).unwrap();
        let b = Layout::try_new(frunk_core::hlist![d, _8], frunk_core::hlist![_1, d]).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            format!("{a:#}"),
            format!("({m}{{div=128}},_8):(_1,{m}{{div=128}})")
        );
        let back: runtime::Layout = format!("{a:#}").parse().unwrap();
        assert_eq!(back.to_string(), a.to_string());
    }
    for m in [0i64, -128, 100, 129] {
        assert_eq!(
            layout!(({m}{div=128},8)).unwrap_err().to_string(),
            div_by::<128>(m).unwrap_err().to_string()
        );
    }
    let c: Layout![(4,{_}{div=16},{_}):(1,4,{_})] = layout!((4,{48}{div=16},{3})).unwrap();
    assert_eq!(format!("{c:#}"), "(_4,48{div=16},3):(_1,_4,192)");
    let r: Layout![({_}{div=16},8):({_}{div=16},1)] =
        layout!(({32}{div=16},8):({64}{div=16},1)).unwrap();
    assert_eq!(format!("{r:#}"), "(32{div=16},_8):(64{div=16},_1)");
}
