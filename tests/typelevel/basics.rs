//! The type-level layer against the runtime layer: `to_dynamic()`, `Display`
//! and evaluation agree with the runtime parser on many layouts, including
//! rank 8 and depth 4 (which need no `recursion_limit` increase).

use layout_algebra::runtime;
use layout_algebra::typelevel::*;

/// Checks Display, to_dynamic, size, cosize, rank, depth and every 1-D
/// evaluation against the runtime layout parsed from `text`.
macro_rules! agree {
    ($($l:expr => $text:expr),* $(,)?) => {$({
        let l = $l;
        let r: runtime::Layout = $text.parse().unwrap();
        assert_eq!(l.to_string(), r.to_string(), "{}", $text);
        assert_eq!(l.to_string(), $text);
        assert_eq!(l.to_dynamic(), r);
        assert_eq!(size(&l).value(), r.size().unwrap());
        assert_eq!(cosize(&l).value(), r.cosize().unwrap());
        assert_eq!((rank(&l), depth(&l)), (r.rank(), r.depth()));
        for i in 0..r.size().unwrap() {
            assert_eq!(l.call(i), r.call(i).unwrap(), "{} at {i}", $text);
            assert_eq!(l.try_call(i as usize).unwrap(), r.call(i).unwrap());
        }
    })*};
}

#[test]
fn static_layouts_agree_with_runtime() {
    agree!(
        layout!(1:0) => "1:0",
        layout!(8:1) => "8:1",
        layout!(8:-2) => "8:-2",
        layout!((4):(1)) => "(4):(1)",
        layout!((4,8)) => "(4,8):(1,4)",
        layout!((4,8):row_major) => "(4,8):(8,1)",
        layout!((4,8):(0,1)) => "(4,8):(0,1)",
        layout!((4,(3,2)):(2,(8,1))) => "(4,(3,2)):(2,(8,1))",
        layout!(((2,2),(2,4)):((1,4),(2,8))) => "((2,2),(2,4)):((1,4),(2,8))",
        layout!((3,(5,2)):(-1,(3,-15))) => "(3,(5,2)):(-1,(3,-15))",
        layout!((2,3,5,7)) => "(2,3,5,7):(1,2,6,30)",
        layout!((2,3,5,7):row_major) => "(2,3,5,7):(105,35,7,1)",
        // Nested compact layouts, checked against CuTe C++ (LayoutRight / LayoutLeft).
        layout!(((4,3),(2,5)):row_major) => "((4,3),(2,5)):((30,10),(5,1))",
        layout!((2,(3,4),5):row_major) => "(2,(3,4),5):(60,(20,5),1)",
        layout!(((4,3),(2,5)):col_major) => "((4,3),(2,5)):((1,4),(12,24))",
        layout!((16,1536):(1536,1)) => "(16,1536):(1536,1)",
        layout!((2,2,2,2,2,2,2,2)) => "(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)",
        layout!((2,3,2,3,2,3,2,3):row_major) => "(2,3,2,3,2,3,2,3):(648,216,108,36,18,6,3,1)",
        layout!((((2,3),2),2):(((1,2),6),12)) => "(((2,3),2),2):(((1,2),6),12)",
        layout!(((((2,2),2),2),3):((((1,2),4),8),16)) => "((((2,2),2),2),3):((((1,2),4),8),16)",
    );
}

#[test]
fn dynamic_layouts_agree_with_runtime() {
    let (m, n) = (3i64, 5i64);
    agree!(
        layout!(({m},{n})).unwrap() => "(3,5):(1,3)",
        layout!(({m},{n}):row_major).unwrap() => "(3,5):(5,1)",
        layout!((4,({m},2)):(2,({-1},{m * 4}))).unwrap() => "(4,(3,2)):(2,(-1,12))",
        layout!((2,{n},2,2,2,2,2,{m})).unwrap() => "(2,5,2,2,2,2,2,3):(1,2,10,20,40,80,160,320)",
    );
}

#[test]
fn rank_8_and_depth_4_coordinates() {
    let r8 = layout!((2,3,2,3,2,3,2,3):row_major);
    let r = r8.to_dynamic();
    let c = (
        1usize, 2usize, 0usize, 1usize, 1usize, 0usize, 1usize, 2usize,
    );
    let expect = 648 + 2 * 216 + 36 + 18 + 3 + 2;
    assert_eq!(r8.call(c), expect);
    assert_eq!(
        r.eval(&"(1,2,0,1,1,0,1,2)".parse().unwrap())
            .unwrap()
            .to_string(),
        expect.to_string()
    );
    assert_eq!(r8.call((_1, _2, _0, _1, _1, _0, _1, _2)), expect);

    let d4 = layout!(((((2,2),2),2),3):((((1,2),4),8),16));
    assert_eq!(depth(&d4), 4);
    assert_eq!(
        d4.call(((((1usize, 1usize), 1usize), 1usize), 2usize)),
        1 + 2 + 4 + 8 + 32
    );
    assert_eq!(d4.call((13usize, 1usize)), 13 + 16);
    assert_eq!(d4.call((((3usize, 1usize), 1usize), 0usize)), 15);
}

#[test]
fn static_coordinates_fold_and_integers_of_any_size() {
    let l = layout!((16,1536):(1536,1));
    assert_eq!(l.call((_3, int!(1535))), 3 * 1536 + 1535);
    let c: Int![1536] = int!(1536);
    assert_eq!(c.value(), 1536);
    assert_eq!(<Int![-40000] as IntLeaf>::STATIC, Some(-40000));
    assert_eq!(
        <Int![9223372036854775807] as IntLeaf>::STATIC,
        Some(i64::MAX)
    );
    assert_eq!(size(&layout!((16, 1536))).value(), 16 * 1536);
}

#[test]
fn unsuffixed_and_narrow_integer_coordinates() {
    let l = layout!((4,(3,2)):(2,(8,1)));
    assert_eq!(l.call(13), 3);
    assert_eq!(l.call((1, (2, 1))), 2 + 16 + 1);
    assert_eq!(l.call((1u32, 5i32)), 2 + 2 * 8 + 1);
    // Prefix products beyond i32/u32 are not truncated.
    let big = layout!((65536,65536,4):(1,65536,0));
    assert_eq!(big.call(7i32), 7);
    assert_eq!(big.call((5u32, 3u32, 2u32)), 5 + 3 * 65536);
    assert_eq!(big.call(u32::MAX), u32::MAX as i64);
}

#[test]
fn try_call_reports_out_of_bounds() {
    let l = layout!((4,(3,2)):(2,(8,1)));
    assert_eq!(l.try_call((3usize, (2usize, 1usize))).unwrap(), 6 + 16 + 1);
    let e = l.try_call((3usize, (3usize, 0usize))).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::OutOfBounds);
    assert!(e
        .to_string()
        .contains("coordinate (3,(3,0)) is outside shape (4,(3,2))"));
    assert!(l.try_call(24usize).is_err());
    assert!(l.try_call(-1i64).is_err());
    assert!(l.try_call((0usize, 6usize)).is_err());
}

#[test]
fn tilers_print_like_cute() {
    assert_eq!(tile!(4:1, 8:2).to_string(), "<4:1,8:2>");
    assert_eq!(
        tile!([2:1, 2:4], (2,4):(1,2)).to_string(),
        "<<2:1,2:4>,(2,4):(1,2)>"
    );
}

mod dynamic_properties {
    //! Layouts with dynamic leaves evaluate like the runtime layer at every
    //! index, and reject the first index past the size.
    use super::*;
    use proptest::prelude::*;

    macro_rules! check {
        ($l:expr, $text:expr) => {{
            let (l, text): (_, String) = ($l, $text);
            let r: runtime::Layout = text.parse().unwrap();
            prop_assert_eq!(l.to_string(), r.to_string());
            prop_assert_eq!(l.to_dynamic(), r.clone());
            prop_assert_eq!(size(&l).value(), r.size().unwrap());
            prop_assert_eq!(cosize(&l).value(), r.cosize().unwrap());
            let n = r.size().unwrap();
            for i in 0..n {
                prop_assert_eq!(l.call(i), r.call(i).unwrap());
            }
            prop_assert!(l.try_call(n).is_err());
        }};
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn rank_2(s0 in 1i64..7, s1 in 1i64..7, d0 in -30i64..30, d1 in -30i64..30) {
            check!(layout!(({s0},{s1}):({d0},{d1})).unwrap(), format!("({s0},{s1}):({d0},{d1})"));
        }

        #[test]
        fn hierarchical(a in 1i64..5, b in 1i64..5, c in 1i64..5, d in -9i64..9, e in -9i64..9, f in -9i64..9) {
            check!(
                layout!(({a},({b},{c})):({d},({e},{f}))).unwrap(),
                format!("({a},({b},{c})):({d},({e},{f}))")
            );
        }

        #[test]
        fn mixed_static_and_dynamic(a in 1i64..5, b in 1i64..5, d in -9i64..9) {
            check!(
                layout!((({a},2),(3,({b},2))):((1,{d}),(7,(2,{d})))).unwrap(),
                format!("(({a},2),(3,({b},2))):((1,{d}),(7,(2,{d})))")
            );
            check!(layout!((2,({a},3),{b}):row_major).unwrap(), {
                let s = [2, a, 3, b];
                format!("(2,({a},3),{b}):({},({},{}),1)", s[1] * s[2] * s[3], s[2] * s[3], s[3])
            });
        }
    }
}

/// The largest static values still fit: no overflow error short of i64's range.
#[test]
fn static_values_up_to_i64_max() {
    let l = layout!(2:4611686018427387903);
    assert_eq!(
        (size(&l).value(), cosize(&l).value()),
        (2, 4611686018427387904)
    );
    let p = logical_product(layout!(2147483648:1), layout!(2147483647:1));
    assert_eq!(size(&p).value(), 4611686016279904256);
    assert_eq!((int!(9223372036854775806) + int!(1)).value(), i64::MAX);
    assert_eq!((int!(-9223372036854775807) - int!(1)).value(), i64::MIN);
    let c = composition(layout!(2:2305843009213693952), layout!(2:2));
    assert_eq!(c.to_string(), "2:4611686018427387904");
}

/// The type level and the runtime agree where the extent of a complement's
/// modes passes i64: the size-1 last mode is left out.
#[test]
fn complement_past_i64_agrees_with_the_runtime() {
    let c = complement(layout!(2:4611686018427387904), int!(9223372036854775807));
    assert_eq!(c.to_string(), "4611686018427387904:1");
    let r = layout_algebra::runtime::complement(
        &"2:4611686018427387904".parse().unwrap(),
        &layout_algebra::runtime::IntTuple::leaf(i64::MAX),
    )
    .unwrap();
    assert_eq!(c.to_dynamic(), r);
}
