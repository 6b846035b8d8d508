//! ComposedLayout: CuTe C++'s results for composition, divides and products of
//! swizzled layouts (`tests/golden/swizzle/composed.jsonl`, from
//! `tests/golden/gen_composed.py`), pointwise and printed, and the defining
//! property R(c) = outer(offset + inner(c)).

use layout_algebra::runtime::parse::parse_tiler;
use layout_algebra::runtime::{ComposedLayout, Layout, SliceCoord, Swizzle, Tiler};
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
        let r = run(&c, op, arg);
        assert_eq!(
            r.to_string(),
            g["print"].as_str().unwrap(),
            "{op}({c}, {arg})"
        );
        let values: Vec<i64> = g["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        assert_eq!(r.size().unwrap(), values.len() as i64);
        for (i, v) in values.iter().enumerate() {
            assert_eq!(r.call(i as i64).unwrap(), *v, "{op}({c}, {arg}) at {i}");
        }
        n += 1;
    }
    assert!(n >= 500, "{n} cases");
}

#[test]
fn printed_form_and_slicing_moves_the_offset() {
    let sw = Swizzle::new(3, 4, 3).unwrap();
    let c = ComposedLayout::new(sw, 0, "(8,64):(64,1)".parse().unwrap());
    assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
    let coord: SliceCoord = "(_,3)".parse().unwrap();
    let s = c.slice(&coord).unwrap();
    assert_eq!(s.to_string(), "Sw<3,4,3> o 3 o (8):(64)");
    // CuTe C++'s slice((_,3), c) is ((2,2,2)):((64,144,288)), values 0 64 144 208 288 352 432 496,
    // with its offset 3 returned apart (the swizzle leaves the low bits alone); here it moves in.
    let cpp = [0, 64, 144, 208, 288, 352, 432, 496].map(|v| v + 3);
    for (r, v) in cpp.iter().enumerate() {
        assert_eq!(s.call(r as i64).unwrap(), *v);
        assert_eq!(c.call(r as i64 + 8 * 3).unwrap(), *v);
    }
}

proptest! {
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
