//! The composition of a layout with run-time leaves by a layout with
//! scaled-basis strides: properties on random values.
//!
//! For random values of the run-time leaves, `try_composition` is the runtime
//! layer's composition on the same values (the same size and offsets, or a
//! refusal where it refuses), and on all-static operands the static door's
//! constant. The golden test against CuTe C++ (forms_golden.rs) checks the
//! form.

use layout_algebra::runtime;
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// The mixed result `r` (or its refusal) against the runtime layer's
/// composition of the same values.
fn agrees(
    a: &runtime::Layout,
    b: &runtime::Layout,
    r: Result<runtime::Layout, runtime::LayoutError>,
) {
    let want = runtime::composition(a, b);
    match (r, want) {
        (Ok(r), Ok(want)) => crate::mixed::same_function(&want, &r),
        (Err(e), Err(_)) => assert!(e.to_string().contains("composition"), "{e}"),
        (r, want) => panic!("{a} ∘ {b}: {r:?}, runtime {want:?}"),
    }
}

/// `try_composition(a, layout!(B))` against the runtime layer.
macro_rules! by {
    ($a:expr, $($b:tt)*) => {{
        let (a, b) = ($a, layout!($($b)*));
        agrees(&a.to_dynamic(), &b.to_dynamic(), try_composition(a, b).map(|r| r.to_dynamic()));
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Leaves on the modes of `A` (one, two, nested, negative, with an
    /// integer leaf of stride 0) for random run-time extents and strides.
    #[test]
    fn equals_the_runtime_layer(m in 1i64..9, n in 1i64..9, d in 1i64..40, e in 1i64..40) {
        let a = Layout::try_new(hlist![Dyn(m), hlist![_2, Dyn(n)]], hlist![_1, hlist![Dyn(d), Dyn(e)]]).unwrap();
        by!(a, 2:1@0);
        by!(a, (2,2):(1@0,1@0@1));
        by!(a, (2,3):(1@1,-1@0));
        by!(a, (3,2):(1@1@1,2@0@1));
        by!(a, (2,4,2):(0,1@0,1@1@1));
        by!(a, (2,2):(1@0,2@0));
        let f = Layout::try_new(hlist![_4, Dyn(n)], hlist![_1, Dyn(d)]).unwrap();
        by!(f, (4,2):(1@0,1@1));
        by!(f, (2,2):(1,1@1));
    }
}

/// Every leaf static: the static door's constant.
#[test]
fn all_static_equals_the_static_door() {
    let a = layout!((4,(2,3)):(1,(4,8)));
    for (r, s) in [
        (
            try_composition(a, layout!((2,3):(1@0,1@1@1)))
                .unwrap()
                .to_string(),
            composition(a, layout!((2,3):(1@0,1@1@1))).to_string(),
        ),
        (
            try_composition(a, layout!(2:-1@0@1)).unwrap().to_string(),
            composition(a, layout!(2:-1@0@1)).to_string(),
        ),
        (
            try_composition(a, layout!((2,2):(1,1@1@1)))
                .unwrap()
                .to_string(),
            composition(a, layout!((2,2):(1,1@1@1))).to_string(),
        ),
    ] {
        assert_eq!(r, s);
    }
}

/// Two leaves on one mode of `A` that may interfere there: refused, as the
/// runtime layer refuses, naming both operands.
#[test]
fn interfering_leaves_are_refused() {
    // B(1,1) names index 2 of mode 1, A's offset 16 there, not 4 + 4.
    let a = Layout::try_new(
        hlist![Dyn(4), hlist![_2, Dyn(3)]],
        hlist![_1, hlist![Dyn(4), Dyn(16)]],
    )
    .unwrap();
    let e = try_composition(a, layout!((2,2):(1@1,1@1))).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::Distributivity, "{e}");
    assert!(e.to_string().contains("(4,(2,3)):(1,(4,16))"), "{e}");
    let d = runtime::composition(&a.to_dynamic(), &layout!((2,2):(1@1,1@1)).to_dynamic());
    assert_eq!(d.unwrap_err().kind(), runtime::ErrorKind::Distributivity);
    // In separate digits of mode 1: composed.
    let r = try_composition(a, layout!((2,2):(1@1,2@1))).unwrap();
    assert_eq!(format!("{r:#}"), "(_2,_2):(4,16)");
}
