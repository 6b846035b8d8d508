//! ComposedLayout: CuTe C++'s results for composition, divides and products of
//! swizzled layouts (`tests/golden/swizzle/composed.jsonl`, from
//! `tests/golden/gen_composed.py`), pointwise and printed, and the defining
//! property R(c) = outer(offset + inner(c)).

use layout_algebra::runtime::parse::parse_tiler;
use layout_algebra::runtime::{
    slice_and_offset, ComposedLayout, ComposedSlice, Layout, Offset, SliceCoord, Swizzle, Tiler,
};
use proptest::prelude::*;
use serde_json::Value;

fn run(c: &ComposedLayout, op: &str, arg: &str) -> ComposedLayout {
    let t: Tiler = if arg.starts_with('<') {
        parse_tiler(arg).unwrap()
    } else {
        Tiler::Layout(arg.parse().unwrap())
    };
    match op {
        "composition" => c.compose(&t),
        "logical_divide" => c.logical_divide(&t),
        "zipped_divide" => c.zipped_divide(&t),
        "tiled_divide" => c.tiled_divide(&t),
        "flat_divide" => c.flat_divide(&t),
        "logical_product" => c.logical_product(&t),
        "zipped_product" => c.zipped_product(&t),
        "tiled_product" => c.tiled_product(&t),
        "flat_product" => c.flat_product(&t),
        _ => panic!("unknown op {op}"),
    }
    .unwrap_or_else(|e| panic!("{op}({c}, {arg}): {e}"))
}

#[test]
fn composed_algebra_matches_cute_cpp_at_every_point() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/swizzle/composed.jsonl"
    ))
    .unwrap();
    let mut n = 0;
    for line in text.lines() {
        let g: Value = serde_json::from_str(line).unwrap();
        let o: Vec<i64> = g["outer"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        let inner: Layout = g["inner"].as_str().unwrap().parse().unwrap();
        let c = ComposedLayout::new(Swizzle::new(o[0], o[1], o[2]).unwrap(), 0, inner);
        let (op, arg) = (g["op"].as_str().unwrap(), g["arg"].as_str().unwrap());
        let values: Vec<i64> = g["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        let (printed, size, at): (String, i64, Box<dyn Fn(i64) -> i64>) =
            if op == "slice_and_offset" {
                let coord: SliceCoord = arg.parse().unwrap();
                let (r, off) = c
                    .slice_and_offset(&coord)
                    .unwrap_or_else(|e| panic!("{op}({arg}, {c}): {e}"));
                // The defining property: c(coord) = r(i) + off.
                let (sliced, fixed) = slice_and_offset(&coord, c.inner()).unwrap();
                let Offset::Int(fixed) = fixed else {
                    unreachable!()
                };
                for i in 0..r.size().unwrap() {
                    let x = fixed + sliced.call(i).unwrap();
                    assert_eq!(
                        r.call(i).unwrap() + off,
                        c.outer().apply(c.offset() + x).unwrap(),
                        "{op}({arg}, {c}) at {i}"
                    );
                }
                (
                    format!("{r} + {off}"),
                    r.size().unwrap(),
                    Box::new(move |i| r.call(i).unwrap()),
                )
            } else {
                let r = run(&c, op, arg);
                (
                    r.to_string(),
                    r.size().unwrap(),
                    Box::new(move |i| r.call(i).unwrap()),
                )
            };
        assert_eq!(printed, g["print"].as_str().unwrap(), "{op}({c}, {arg})");
        assert_eq!(size, values.len() as i64);
        for (i, v) in values.iter().enumerate() {
            assert_eq!(at(i as i64), *v, "{op}({c}, {arg}) at {i}");
        }
        n += 1;
    }
    assert!(n >= 700, "{n} cases");
}

#[test]
fn printed_form_and_slicing_as_cute() {
    let sw = Swizzle::new(3, 4, 3).unwrap();
    let c = ComposedLayout::new(sw, 0, "(8,64):(64,1)".parse().unwrap());
    assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
    let coord: SliceCoord = "(_,3)".parse().unwrap();
    // CuTe C++: slice_and_offset((_,3), c) = ((_2,_4)):((_64,_144)) + _3: the
    // swizzle decays (the column reaches only its source bits) and the low
    // bits of the offset pass through.
    let (s, off) = c.slice_and_offset(&coord).unwrap();
    assert!(matches!(s, ComposedSlice::Layout(_)));
    assert_eq!((s.to_string(), off), ("((2,4)):((64,144))".to_string(), 3));
    assert_eq!(c.slice(&coord).unwrap(), s);
    for r in 0..8 {
        assert_eq!(s.call(r).unwrap() + off, c.call(r + 8 * 3).unwrap());
    }
}

/// Every row and column slice of the swizzled layouts CUTLASS's own swizzle
/// test slices (`Sw<3,0,3>`, `Sw<3,0,-3>` over 8x8 row-major, `Sw<2,1,3>`
/// over a nested 8x8): the slice plus its offset is the layout at every point.
#[test]
fn every_row_and_column_slice_is_the_layout() {
    for s in [
        "Sw<3,0,3> o 0 o (8,8):(8,1)",
        "Sw<3,0,-3> o 0 o (8,8):(8,1)",
        "Sw<2,1,3> o 0 o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))",
    ] {
        let c: ComposedLayout = s.parse().unwrap();
        for i in 0..8 {
            for row in [true, false] {
                let coord = if row {
                    format!("({i},_)")
                } else {
                    format!("(_,{i})")
                };
                let (r, off) = c.slice_and_offset(&coord.parse().unwrap()).unwrap();
                for j in 0..8 {
                    let (x, y) = if row { (i, j) } else { (j, i) };
                    let want = c.eval(&format!("({x},{y})").parse().unwrap()).unwrap();
                    assert_eq!(r.call(j).unwrap() + off, want, "{s} at {coord}, {j}");
                }
            }
        }
    }
}

proptest! {
    /// A slice of any swizzled or layout-composed layout is the sliced
    /// function, shifted by its offset, or refused by the point-by-point check.
    #[test]
    fn slices_of_composed_layouts_are_the_sliced_function(
        b in 0i64..4, m in 0i64..5, s in 3i64..6, off in 0i64..1024,
        rows in 1i64..9, cols in 1i64..17, pad in 0i64..3, fix_row in any::<bool>(),
        at in 0i64..16, outer_is_layout in any::<bool>(),
    ) {
        let inner: Layout = format!("({rows},{cols}):({},1)", cols + pad).parse().unwrap();
        let c = if outer_is_layout {
            ComposedLayout::new("(16,256):(256,1)".parse::<Layout>().unwrap(), off, inner.clone())
        } else {
            ComposedLayout::new(Swizzle::new(b, m, s).unwrap(), off, inner.clone())
        };
        let (coord, fixed): (SliceCoord, i64) = if fix_row {
            let r = at % rows;
            (format!("({r},_)").parse().unwrap(), r * (cols + pad))
        } else {
            let k = at % cols;
            (format!("(_,{k})").parse().unwrap(), k)
        };
        match c.slice_and_offset(&coord) {
            Ok((r, o)) => {
                let sliced = layout_algebra::runtime::slice(&coord, &inner).unwrap();
                for i in 0..sliced.size().unwrap() {
                    let x = c.offset() + fixed + sliced.call(i).unwrap();
                    prop_assert_eq!(r.call(i).unwrap() + o, c.outer().apply(x).unwrap());
                }
                prop_assert_eq!(c.slice(&coord).unwrap(), r);
            }
            Err(e) => {
                use layout_algebra::runtime::ErrorKind::*;
                prop_assert!(matches!(e.kind(), Distributivity | ShapeDivisibility | StrideDivisibility), "{}", e);
                prop_assert_eq!(e.operation(), "slice");
            }
        }
    }

    #[test]
    fn composed_layouts_agree_with_outer_of_offset_plus_inner(
        b in 0i64..4, m in 0i64..5, s in 3i64..6, off in 0i64..1024,
        rows in 1i64..9, cols in 1i64..17, pad in 0i64..3,
        outer_is_layout in any::<bool>(),
    ) {
        let inner: Layout = format!("({rows},{cols}):({},1)", cols + pad).parse().unwrap();
        let sw = Swizzle::new(b, m, s).unwrap();
        let outer: Layout = "(16,256):(256,1)".parse().unwrap();
        let c = if outer_is_layout {
            ComposedLayout::new(outer.clone(), off, inner.clone())
        } else {
            ComposedLayout::new(sw, off, inner.clone())
        };
        for i in 0..inner.size().unwrap() {
            let x = off + inner.call(i).unwrap();
            let want = if outer_is_layout { outer.call(x).unwrap() } else { sw.apply(x) };
            prop_assert_eq!(c.call(i).unwrap(), want);
        }
    }
}
