//! Static swizzles and composed layouts: equal to the runtime layer point by
//! point on every `Sw<B,M,S>` with `B` in 0..=3, `M` in 0..=4 and `S` in
//! -5..=5 that CuTe accepts (`|S| ≥ B`: 175 swizzles), alone and composed with
//! a few static layouts; `Display` equal to the runtime's and to CuTe C++'s
//! printed form (underscores of static integers dropped, as everywhere in this
//! crate) on cases checked with `tools/cute-cpp`.

use layout_algebra::runtime;
use layout_algebra::typelevel::*;

/// A composed layout `sw o offset o inner` and its composition with `rhs` on
/// the right agree with the runtime's: value, `Display`, size, and the value
/// at every 1-D index; `coords` lists extra coordinates checked against the
/// runtime's `eval`, as (type-level coordinate, CuTe notation) pairs.
macro_rules! agree {
    ($sw:expr, $offset:expr, $inner:expr, $rhs:expr $(, $coord:expr => $text:expr)* $(,)?) => {{
        let (sw, offset, inner, rhs) = ($sw, $offset, $inner, $rhs);
        let c = make_composed_layout(sw, offset, inner);
        let r = runtime::ComposedLayout::new(sw.to_dynamic(), offset.value(), inner.to_dynamic());
        assert_eq!(c.to_dynamic(), r);
        assert_eq!(c.to_string(), r.to_string());
        assert_eq!(size(&c).value(), r.size().unwrap());
        for i in 0..r.size().unwrap() {
            assert_eq!(c.call(i), r.call(i).unwrap(), "{r} at {i}");
            assert_eq!(c.try_call(i as usize).unwrap(), c.call(i));
        }
        $(assert_eq!(c.call($coord), r.eval(&$text.parse().unwrap()).unwrap(), "{r} at {}", $text);)*
        let t = composition(c, rhs);
        let rt = r.compose(&rhs.to_dynamic()).unwrap();
        assert_eq!(t.to_dynamic(), rt);
        assert_eq!(t.to_string(), rt.to_string());
        for i in 0..rt.size().unwrap() {
            assert_eq!(t.call(i), rt.call(i).unwrap(), "{rt} at {i}");
        }
    }};
}

/// One swizzle against the runtime's: parameters, masks, `Display`, `apply` on
/// two periods either side of 0, the involution, and composed layouts.
fn check<const B: u32, const M: u32, const S: i32>() {
    let sw = Swizzle::<B, M, S>::new();
    let rt = runtime::Swizzle::new(B.into(), M.into(), S.into()).unwrap();
    assert_eq!(sw.to_dynamic(), rt);
    assert_eq!(sw.to_string(), rt.to_string());
    assert_eq!(format!("{sw:?}"), rt.to_string());
    assert_eq!(
        (sw.source_mask(), sw.target_mask()),
        (rt.source_mask(), rt.target_mask())
    );
    let span = 2 * rt.period();
    for x in -span..span {
        assert_eq!(sw.apply(x), rt.apply(x), "{rt} at {x}");
        assert_eq!(sw.inverse().apply(sw.apply(x)), x, "{rt} at {x}");
    }
    for x in [i64::MIN, i64::MIN + 1, -1, i64::MAX] {
        assert_eq!(sw.apply(x), rt.apply(x), "{rt} at {x}");
    }
    assert_eq!(
        composition(sw, layout!((8,64):(64,1))),
        make_composed_layout(sw, _0, layout!((8,64):(64,1)))
    );

    // The smem tile of CuTe's SW128 atoms, with R-D coordinates, a layout and a tiler on the right.
    agree!(sw, _0, layout!((8,64):(64,1)), layout!((4,8):(2,64)),
        (7usize, 63usize) => "(7,63)", (_3, 5u32) => "(3,5)", (1i32, _0) => "(1,0)");
    agree!(sw, _0, layout!((8,64):(64,1)), tile!(4:2, 8:8));
    // Hierarchical, with a static offset and hierarchical coordinates.
    agree!(sw, int!(5), layout!((4,(2,8)):(2,(1,16))), layout!((2,8):(4,8)),
        (3usize, (1usize, 7usize)) => "(3,(1,7))", (2usize, 9usize) => "(2,9)");
    // A negative stride and a negative offset: swizzled in two's complement.
    agree!(sw, int!(-3), layout!((16,4):(4,-1)), layout!(4:4));
}

/// Every valid `Sw<B,M,S>` with `B` in 0..=3, `M` in 0..=4, `S` in -5..=5.
macro_rules! sweep {
    ($($m:literal)*) => {$(
        sweep!(@ 0 $m [-5 -4 -3 -2 -1 0 1 2 3 4 5]);
        sweep!(@ 1 $m [-5 -4 -3 -2 -1 1 2 3 4 5]);
        sweep!(@ 2 $m [-5 -4 -3 -2 2 3 4 5]);
        sweep!(@ 3 $m [-5 -4 -3 3 4 5]);
    )*};
    (@ $b:literal $m:literal [$($s:literal)*]) => {$(
        check::<$b, $m, $s>();
    )*};
}

#[test]
fn every_small_swizzle_agrees_with_runtime() {
    sweep!(0 1 2 3 4);
}

/// CuTe C++'s printed form of a static value and its values at every 1-D index
/// (`tools/cute-cpp`, CuTe 4.2), against the type level and the runtime parser.
macro_rules! cute {
    ($($value:expr => $printed:literal $([$($v:literal),*])?;)*) => {$({
        let value = $value;
        assert_eq!(value.to_string(), $printed.replace('_', ""));
        assert_eq!(value.to_string(), value.to_dynamic().to_string());
        $(
            let expect: &[i64] = &[$($v),*];
            let r: runtime::ComposedLayout = $printed.parse().unwrap();
            assert_eq!(value.to_dynamic(), r);
            for (i, &v) in expect.iter().enumerate() {
                assert_eq!(value.call(i), v, "{} at {i}", $printed);
            }
            assert_eq!(expect.len() as i64, size(&value).value());
        )?
    })*};
}

#[test]
fn display_and_values_as_cute_cpp() {
    let sw128 = composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1)));
    let h = make_composed_layout(
        Swizzle::<2, 1, -3>::new(),
        _0,
        layout!((4,(2,8)):(2,(1,16))),
    );
    cute! {
        // print(Swizzle<2,0,-3>{}), print(Swizzle<0,0,0>{})
        Swizzle::<2, 0, -3>::new() => "Sw<2,0,-3>";
        Swizzle::<0, 0, 0>::new() => "Sw<0,0,0>";
        // composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})
        sw128 => "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)";
        // composition(that, make_tile(Layout<_4,_2>{}, Layout<_8,_8>{}))
        composition(sw128, tile!(4:2, 8:8)) => "Sw<3,4,3> o _0 o (_4,_8):(_128,_8)" [
            0,144,288,432,8,152,296,440,16,128,304,416,24,136,312,424,
            32,176,256,400,40,184,264,408,48,160,272,384,56,168,280,392];
        // make_composed_layout(Swizzle<1,2,-2>{}, Int<5>{}, Layout<Shape<_4,_8>>{})
        make_composed_layout(Swizzle::<1, 2, -2>::new(), int!(5), layout!((4,8)))
            => "Sw<1,2,-2> o _5 o (_4,_8):(_1,_4)" [
            21,22,23,8,9,10,11,28,29,30,31,16,17,18,19,4,
            5,6,7,24,25,26,27,12,13,14,15,32,33,34,35,52];
        // make_composed_layout(Swizzle<2,1,-3>{}, Int<0>{},
        //     Layout<Shape<_4,Shape<_2,_8>>,Stride<_2,Stride<_1,_16>>>{})
        h => "Sw<2,1,-3> o _0 o (_4,(_2,_8)):(_2,(_1,_16))" [
            0,18,36,54,1,19,37,55,16,2,52,38,17,3,53,39,
            32,50,4,22,33,51,5,23,48,34,20,6,49,35,21,7,
            64,82,100,118,65,83,101,119,80,66,116,102,81,67,117,103,
            96,114,68,86,97,115,69,87,112,98,84,70,113,99,85,71];
        // composition(that, Layout<Shape<_2,_8>,Stride<_4,_8>>{})
        composition(h, layout!((2,8):(4,8))) => "Sw<2,1,-3> o _0 o (_2,_8):(_1,_16)" [
            0,1,16,17,32,33,48,49,64,65,80,81,96,97,112,113];
    }
}

/// CuTe's `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`, as a type.
type Sw128 = ComposedLayout<Swizzle<3, 4, 3>, Z0, Layout![(8,64):(64,1)]>;
/// Every second row and eighth column of it.
type Pick = Layout![(4,8):(2,64)];

#[test]
fn static_values_are_zero_sized_and_const() {
    const SW: Swizzle<3, 4, 3> = Swizzle::new();
    const X: i64 = SW.apply(0x98);
    assert_eq!(X, 0x88);
    let c: Sw128 = composition(SW, layout!((8,64):(64,1)));
    let t: ComposeOut<Sw128, Pick> = composition(c, layout!((4,8):(2,64)));
    let _: Layout![(4,8):(128,8)] = *t.inner();
    assert_eq!(core::mem::size_of_val(&c), 0);
    assert_eq!(core::mem::size_of_val(&t), 0);
    assert_eq!(Swizzle::<3, 4, 3>::default(), SW);
    assert_eq!((*c.outer(), c.offset().value()), (SW, 0));
}

/// Each divide and product of a composed layout agrees with the runtime's:
/// value, `Display`, and the value at every 1-D index.
macro_rules! on_inner_agrees {
    ($c:expr, $tiler:expr, $b:expr) => {{
        let (c, tiler, b) = ($c, $tiler, $b);
        let r = c.to_dynamic();
        let (rt, rb) = (tiler.to_dynamic(), b.to_dynamic());
        macro_rules! same {
            ($t:expr, $r:expr) => {{
                let (t, r) = ($t, $r.unwrap());
                assert_eq!(t.to_dynamic(), r);
                assert_eq!(t.to_string(), r.to_string());
                for i in 0..r.size().unwrap() {
                    assert_eq!(t.call(i), r.call(i).unwrap(), "{r} at {i}");
                }
            }};
        }
        same!(logical_divide(c, tiler), r.logical_divide(&rt));
        same!(zipped_divide(c, tiler), r.zipped_divide(&rt));
        same!(tiled_divide(c, tiler), r.tiled_divide(&rt));
        same!(flat_divide(c, tiler), r.flat_divide(&rt));
        same!(logical_product(c, b), r.logical_product(&rb));
        same!(zipped_product(c, b), r.zipped_product(&rb));
        same!(tiled_product(c, b), r.tiled_product(&rb));
        same!(flat_product(c, b), r.flat_product(&rb));
        same!(blocked_product(c, b), r.blocked_product(&rb));
        same!(raked_product(c, b), r.raked_product(&rb));
    }};
}

#[test]
fn divides_and_products_act_on_the_inner_layout_as_at_runtime() {
    let sw = Swizzle::<3, 3, 3>::new();
    let rows = layout!((8,64):(64,1));
    on_inner_agrees!(composition(sw, rows), tile!(4:2, 8:1), layout!((2, 3)));
    on_inner_agrees!(composition(sw, rows), layout!(16:2), layout!((2,2):(2,1)));
    let h = make_composed_layout(
        Swizzle::<2, 1, -3>::new(),
        int!(5),
        layout!((4,(2,8)):(2,(1,16))),
    );
    on_inner_agrees!(h, tile!(2:1, [2:1, 4:2]), layout!((2, 4)));
}

#[test]
fn divides_and_products_as_cute_cpp() {
    let c = composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1)));
    let t = tile!(4:2, 8:1);
    cute! {
        // logical_divide(c, make_tile(Layout<_4,_2>{}, Layout<_8,_1>{}))
        logical_divide(c, t) => "Sw<3,3,3> o _0 o ((_4,_2),(_8,_8)):((_128,_64),(_1,_8))";
        // zipped_divide(c, same tile)
        zipped_divide(c, t) => "Sw<3,3,3> o _0 o ((_4,_8),(_2,_8)):((_128,_1),(_64,_8))";
        // logical_product(c, Layout<Shape<_2,_2>>{})
        logical_product(c, layout!((2,2))) => "Sw<3,3,3> o _0 o ((_8,_64),(_2,_2)):((_64,_1),(_512,_1024))";
        // blocked_product(c, Layout<Shape<_2,_3>>{}), raked_product(same)
        blocked_product(c, layout!((2,3))) => "Sw<3,3,3> o _0 o ((_8,_2),(_64,_3)):((_64,_512),(_1,_1024))";
        raked_product(c, layout!((2,3))) => "Sw<3,3,3> o _0 o ((_2,_8),(_3,_64)):((_512,_64),(_1024,_1))";
    }
}
