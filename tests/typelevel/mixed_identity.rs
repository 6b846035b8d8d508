//! The divides of an identity layout with run-time extents (CuTe's
//! coordinate layout for predication) by static tilers: properties on random
//! extents.
//!
//! For random extents, each divide and the composition by the tiler equal
//! the runtime layer's on the same values (the same size and coordinates),
//! every basis stride static; with every extent static, the static door's
//! constant (by a layout too). The golden test against CuTe C++ (forms_golden.rs) checks the
//! form.

use layout_algebra::runtime;
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// The same size and the same coordinate at every index.
fn same_coordinates(want: &runtime::Layout, got: &runtime::Layout) {
    assert_eq!(
        want.size().unwrap(),
        got.size().unwrap(),
        "{want} and {got}"
    );
    for i in 0..want.size().unwrap() {
        let at = runtime::IntTuple::leaf(i);
        assert_eq!(
            want.eval(&at).unwrap(),
            got.eval(&at).unwrap(),
            "{want} and {got} at {i}"
        );
    }
}

/// `try_$form(id, tile!(..))` against the runtime layer's `$form`.
macro_rules! by {
    ($id:expr, $form:ident, $try_form:ident, $($t:tt)*) => {{
        let (id, t) = ($id, tile!($($t)*));
        let want = runtime::$form(&id.to_dynamic(), &t.to_dynamic()).unwrap();
        let got = $try_form(id, t).unwrap().to_dynamic();
        same_coordinates(&want, &got);
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Rank 2 and 3, the tilers of integers and of layouts with gaps.
    #[test]
    fn equals_the_runtime_layer(m in 1i64..40, n in 1i64..40, k in 1i64..9) {
        let id = try_make_identity_layout(hlist![Dyn(m), Dyn(n)]).unwrap();
        by!(id, logical_divide, try_logical_divide, 4, 8);
        by!(id, zipped_divide, try_zipped_divide, 4:2, 2);
        by!(id, tiled_divide, try_tiled_divide, (2,2):(1,4));
        by!(id, flat_divide, try_flat_divide, 1, 2:3);
        by!(id, composition, try_composition, 4, 8);
        let id3 = try_make_identity_layout(hlist![Dyn(m), _4, Dyn(k)]).unwrap();
        by!(id3, logical_divide, try_logical_divide, 8, 2, 2:2);
        by!(id3, zipped_divide, try_zipped_divide, 2, 2);
        by!(id3, composition, try_composition, 2:3, 1, 2);
    }
}

/// Every extent static: the static door's constant.
#[test]
fn all_static_equals_the_static_door() {
    let id = try_make_identity_layout(hlist![_12, _6]).unwrap();
    let s = layout!((12,6):(1@0,1@1));
    assert_eq!(
        try_logical_divide(id, tile!(4, 2:3)).unwrap().to_string(),
        logical_divide(s, tile!(4, 2:3)).to_string()
    );
    assert_eq!(
        try_flat_divide(id, tile!(8)).unwrap().to_string(),
        flat_divide(s, tile!(8)).to_string()
    );
    assert_eq!(
        try_composition(id, tile!(4, 1)).unwrap().to_string(),
        composition(s, tile!(4, 1)).to_string()
    );
    // By a layout (the static composition, every leaf being static).
    assert_eq!(
        try_composition(id, layout!((2,4):(2@0,1@1)))
            .unwrap()
            .to_string(),
        composition(s, layout!((2,4):(2@0,1@1))).to_string()
    );
    assert_eq!(
        try_composition(id, layout!(24:1)).unwrap().to_string(),
        composition(s, layout!(24:1)).to_string()
    );
    assert_eq!(
        try_tiled_divide(id, layout!(2:1)).unwrap().to_string(),
        tiled_divide(s, layout!(2:1)).to_string()
    );
}

/// The static basis strides of the divide of an identity layout with a
/// run-time extent: CuTe C++'s `((_4,3),(_8,2)):((_1@0,_4@0),(_1@1,_8@1))`.
#[test]
fn basis_strides_stay_static() {
    let id = try_make_identity_layout(hlist![Dyn(10), Dyn(12)]).unwrap();
    let r = try_logical_divide(id, tile!(4, 8)).unwrap();
    assert_eq!(
        format!("{r:#}"),
        "((_4,3),(_8,2)):((_1@0,_4@0),(_1@1,_8@1))"
    );
    assert_eq!(core::mem::size_of_val(r.stride()), 0);
}
