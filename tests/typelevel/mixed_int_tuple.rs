//! The int-tuple functions on run-time leaves: properties on random values.
//!
//! For fixed type structures and random values of the run-time leaves, each
//! `try_*` form is the runtime layer's function on the same values (leaf by
//! leaf, in the nesting the types give) and keeps its postcondition
//! (`idx2crd` inverts the compact index, `crd2crd` keeps it, `ceil_div`
//! covers, `shape_div` divides); on all-static operands it is the static
//! function. The golden test against CuTe C++ (forms_golden.rs) checks the
//! form: values and which leaves are static.

use layout_algebra::runtime::{self, IntTuple as Rt};
use layout_algebra::typelevel::frunk_core::{hlist, HList};
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// The runtime layer's tuple of a type-level one.
fn rt<T: IntTuple>(t: T) -> Rt {
    struct Cute<T>(T);
    impl<T: IntTuple> core::fmt::Display for Cute<T> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            self.0.fmt_cute(f)
        }
    }
    Rt::parse_shape(&Cute(t).to_string())
}

/// The compact column-major index of the coordinate `c` in `s`.
fn index(c: &Rt, s: &Rt) -> i64 {
    runtime::crd2idx(c, s, &runtime::prefix_product(s.as_ref(), 1).unwrap()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `try_idx2crd` in a shape with run-time extents is the runtime
    /// layer's, each mode but the last within its extent, and the compact
    /// index of the coordinate is the index; `try_crd2idx` is its inner
    /// product with the stride.
    #[test]
    fn idx2crd_and_crd2idx(i in 0i64..200, m in 1i64..6, k in 1i64..5, d in -9i64..9) {
        let shape = hlist![_4, hlist![Dyn(m), _2], Dyn(k)];
        let stride = hlist![Dyn(d), hlist![_1, Dyn(3)], _0];
        let c = try_idx2crd(Dyn(i), shape).unwrap();
        let want = runtime::idx2crd(&Rt::leaf(i), &rt(shape)).unwrap();
        prop_assert_eq!(rt(c), want.clone());
        prop_assert_eq!(index(&want, &rt(shape)), i);
        prop_assert!(c.head.value() < 4 && c.tail.head.head.value() < m && c.tail.head.tail.head.value() < 2);
        let s = try_crd2idx(Dyn(i), shape, stride).unwrap();
        prop_assert_eq!(s.value(), runtime::inner_product(want.as_ref(), rt(stride).as_ref()).unwrap());
        // A static index stays static through static extents, not past a run-time one.
        let c: HList![Int<1>, Int<3>] = try_idx2crd(int!(13), hlist![_4, Dyn(m)]).unwrap();
        prop_assert_eq!(c, hlist![_1, _3]);
        let c: HList![Dyn, Dyn] = try_idx2crd(int!(13), hlist![Dyn(m), _4]).unwrap();
        prop_assert_eq!(c, hlist![Dyn(13 % m), Dyn(13 / m)]);
    }

    /// `try_crd2crd` keeps the compact index, mode by mode where all three
    /// operands are tuples.
    #[test]
    fn crd2crd_keeps_the_index(i in 0i64..48, m in 1i64..7) {
        let src = hlist![_4, Dyn(m)];
        let dst = hlist![Dyn(m), hlist![_2, _2]];
        let c = try_crd2crd(Dyn(i), src, dst).unwrap();
        prop_assert_eq!(index(&rt(c), &rt(dst)), i);
        prop_assert_eq!(rt(c), runtime::crd2crd(&Rt::leaf(i), &rt(src), &rt(dst)).unwrap());
        let by_modes = try_crd2crd(hlist![Dyn(i % 4), Dyn(i % m)], hlist![_4, Dyn(m)], hlist![hlist![_2, _2], Dyn(m)]).unwrap();
        prop_assert_eq!(rt(by_modes.head), runtime::idx2crd(&Rt::leaf(i % 4), &rt(hlist![_2, _2])).unwrap());
        prop_assert_eq!(by_modes.tail.head, Dyn(i % m));
    }

    /// The strided `try_idx2crd_strided` takes each coordinate into `[0, s)`.
    #[test]
    fn idx2crd_strided_wraps(i in -60i64..200, m in 1i64..6, d in 1i64..9) {
        let c = try_idx2crd_strided(Dyn(i), hlist![_4, Dyn(m)], hlist![_1, Dyn(-d)]).unwrap();
        prop_assert_eq!(c.head.value(), (i % 4 + 4) % 4);
        prop_assert_eq!(c.tail.head.value(), ((i / -d) % m + m) % m);
    }

    /// `try_inner_product`, `try_elem_scale` and `try_prefix_product` are the
    /// sums and products of the values.
    #[test]
    fn products(a in -9i64..9, b in 1i64..9, c in -9i64..9) {
        let x = hlist![Dyn(a), hlist![_3, Dyn(b)]];
        let y = hlist![_2, hlist![Dyn(c), _0]];
        prop_assert_eq!(try_inner_product(x, y).unwrap().value(), 2 * a + 3 * c);
        let s = try_elem_scale(hlist![Dyn(a), _3], hlist![hlist![_2, Dyn(b)], _4]).unwrap();
        prop_assert_eq!(s, hlist![Dyn(a * 2 * b), _12]);
        let p = try_prefix_product(hlist![_2, hlist![Dyn(b), _3]], Dyn(c)).unwrap();
        prop_assert_eq!(p, hlist![Dyn(c), hlist![Dyn(2 * c), Dyn(2 * c * b)]]);
    }

    /// `try_ceil_div` covers (`q·d ≥ a`, `(q - 1)·d < a`) and `try_shape_div`
    /// divides exactly where it answers, each the runtime layer's.
    #[test]
    fn divisions(a in 1i64..60, d in -2i64..12) {
        let x = hlist![Dyn(a), _8];
        match try_ceil_div(x, hlist![Dyn(d), _4]) {
            Ok(q) => {
                prop_assert!(d > 0);
                prop_assert!(q.head.value() * d >= a && (q.head.value() - 1) * d < a);
                prop_assert_eq!(q.tail.head, _2);
            }
            Err(e) => prop_assert!(d <= 0, "{}", e),
        }
        let want = runtime::shape_div(rt(x).as_ref(), Rt::leaf(d).as_ref());
        match (try_shape_div(x, Dyn(d)), want) {
            (Ok(q), Ok(w)) => prop_assert_eq!(rt(q), w),
            (Err(g), Err(w)) => prop_assert_eq!(g.kind(), w.kind()),
            (g, w) => prop_assert!(false, "type level {:?}, runtime {:?}", g.map(rt), w),
        }
    }
}

#[test]
fn all_static_operands_give_the_static_functions() {
    let s = hlist![_4, hlist![_3, _2]];
    assert_eq!(try_idx2crd(_17, s).unwrap(), idx2crd(_17, s));
    assert_eq!(
        try_crd2idx(_17, s, hlist![_1, hlist![_4, _0]]).unwrap(),
        crd2idx(_17, s, hlist![_1, hlist![_4, _0]])
    );
    assert_eq!(
        try_crd2crd(_17, s, hlist![_6, _4]).unwrap(),
        crd2crd(_17, s, hlist![_6, _4])
    );
    assert_eq!(
        try_idx2crd_strided(_17, s, hlist![_1, hlist![_4, _2]]).unwrap(),
        idx2crd_strided(_17, s, hlist![_1, hlist![_4, _2]])
    );
    assert_eq!(
        try_inner_product(s, hlist![_2, hlist![_1, _5]]).unwrap(),
        inner_product(s, hlist![_2, hlist![_1, _5]])
    );
    assert_eq!(
        try_elem_scale(hlist![_2, _3], s).unwrap(),
        elem_scale(hlist![_2, _3], s)
    );
    assert_eq!(try_ceil_div(s, _5).unwrap(), ceil_div(s, _5));
    assert_eq!(try_shape_div(s, _12).unwrap(), shape_div(s, _12));
    assert_eq!(try_prefix_product(s, _3).unwrap(), prefix_product(s, _3));
}

#[test]
fn run_time_refusals_are_the_runtime_layers() {
    let kind = |e: runtime::LayoutError| e.kind();
    assert_eq!(
        try_idx2crd(Dyn(3), hlist![]).map_err(kind),
        Err(runtime::ErrorKind::OutOfBounds)
    );
    assert_eq!(
        try_idx2crd(_3, hlist![_2, Dyn(-1)]).map_err(kind),
        Err(runtime::ErrorKind::NonPositiveShape)
    );
    assert_eq!(
        try_shape_div(Dyn(6), _4).map_err(kind),
        Err(runtime::ErrorKind::Divisibility)
    );
    assert_eq!(
        try_idx2crd_strided(_3, hlist![_2], hlist![Dyn(0)]).map_err(kind),
        Err(runtime::ErrorKind::InvalidArgument)
    );
    assert!(try_prefix_product(hlist![Dyn(i64::MAX), _2, _2], _1).is_err());
}
