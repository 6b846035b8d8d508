//! The six products of a layout `A` (static or with dynamic leaves) by a
//! layout `B` with `Dyn` leaves: `(A, complement(A, size(A)·cosize(B)) ∘ B)`
//! with a run-time cotarget, then the zipped, tiled, flat, blocked and raked
//! forms.
//!
//! For random values, each product is the runtime layer's product on the same
//! values, or a refusal where the runtime layer refuses too (or refuses only a
//! divisibility the runtime layer decides by merging dynamic modes); with the
//! leaves of `B` made static it is the all-static algebra's, as a function
//! with the same top-level modes. The forms are CuTe C++'s with `int` leaves
//! (tests/golden_mixed has CuTe C++'s answers).

use super::mixed_tiler::{agrees, cute, Answer};
use layout_algebra::runtime::{self, ErrorKind};
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// The six mixed products of `a` by `b`, as runtime layouts.
macro_rules! six {
    ($a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        [
            try_logical_product(a, b).map(|r| r.to_dynamic()),
            try_zipped_product(a, b).map(|r| r.to_dynamic()),
            try_tiled_product(a, b).map(|r| r.to_dynamic()),
            try_flat_product(a, b).map(|r| r.to_dynamic()),
            try_blocked_product(a, b).map(|r| r.to_dynamic()),
            try_raked_product(a, b).map(|r| r.to_dynamic()),
        ]
    }};
}

/// The runtime layer's six products of `a` by `b`.
fn runtime_six(a: &runtime::Layout, b: &runtime::Layout) -> [Answer; 6] {
    let t = runtime::Tiler::Layout(b.clone());
    [
        runtime::logical_product(a, &t),
        runtime::zipped_product(a, &t),
        runtime::tiled_product(a, &t),
        runtime::flat_product(a, &t),
        runtime::blocked_product(a, b),
        runtime::raked_product(a, b),
    ]
}

/// The mixed results `got` against the runtime layer's on `a` by `b` (see
/// [`agrees`]): the same function, with the same top-level mode sizes but
/// for the tiled and flat forms.
/// Returns how many the mixed products answered.
fn six_agree(a: &runtime::Layout, b: &runtime::Layout, got: [Answer; 6]) -> usize {
    let what = format!("{a} by {b}");
    // The tiled and flat forms spread the repeat's modes: with a dynamic
    // stride in `B` these are CuTe C++'s modes of the mixed composition,
    // where the runtime layer merges modes by value.
    let modes = [true, true, false, false, true, true];
    got.iter()
        .zip(&runtime_six(a, b))
        .zip(modes)
        .filter(|((got, want), modes)| agrees(got, want, *modes, &what))
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A mixed `A` by `B` of rank 1 and 2 with `Dyn` extents and strides.
    #[test]
    fn mixed_a_by_dynamic_b(m in 1i64..9, n in 1i64..6, k in 1i64..5, d in 0i64..4) {
        let a = Layout::try_new(hlist![Dyn(m), _2], hlist![_1, Dyn(m)]).unwrap();
        let b = Layout::try_new(Dyn(n), Dyn(d)).unwrap();
        prop_assert_eq!(six_agree(&a.to_dynamic(), &b.to_dynamic(), six!(a, b)), 6);
        let b = Layout::try_new(hlist![_2, Dyn(n)], hlist![Dyn(k), _2]).unwrap();
        six_agree(&a.to_dynamic(), &b.to_dynamic(), six!(a, b));
        let c = Layout::try_new(Dyn(m), Dyn(k)).unwrap();
        let b = Layout::try_new(hlist![Dyn(n), _3], hlist![_1, Dyn(n)]).unwrap();
        six_agree(&c.to_dynamic(), &b.to_dynamic(), six!(c, b));
    }

    /// A static `A` (rank 1 to 3, with a hole) by `B` of rank 1 to 3, nested,
    /// with `Dyn` leaves.
    #[test]
    fn static_a_by_dynamic_b(n in 1i64..6, k in 1i64..5, d in 0i64..3) {
        let a = layout!((4, 2):(1, 8));
        let b = Layout::try_new(hlist![_2, Dyn(n), Dyn(k)], hlist![_1, _2, Dyn(2 * n)]).unwrap();
        prop_assert_eq!(six_agree(&a.to_dynamic(), &b.to_dynamic(), six!(a, b)), 6);
        let a = layout!((2, 3, 2):(1, 2, 6));
        let b = Layout::try_new(hlist![hlist![_2, Dyn(n)], Dyn(k)], hlist![hlist![Dyn(d), _2], _0])
            .unwrap();
        six_agree(&a.to_dynamic(), &b.to_dynamic(), six!(a, b));
        let a = layout!(6:2);
        let b = Layout::try_new(hlist![Dyn(n)], hlist![Dyn(d)]).unwrap();
        six_agree(&a.to_dynamic(), &b.to_dynamic(), six!(a, b));
    }
}

/// The products by `B` with `Dyn` leaves of the values of a static `B` are
/// the all-static algebra's products by it, as functions with the same
/// top-level modes (a macro: the static `B` is a type).
macro_rules! as_static {
    ($a:expr, $b:expr, $($s:tt)*) => {{
        let (a, b) = ($a, $b);
        let mixed = six!(a, b);
        let s = layout!($($s)*);
        let want = [
            logical_product(a, s).to_dynamic(),
            zipped_product(a, s).to_dynamic(),
            tiled_product(a, s).to_dynamic(),
            flat_product(a, s).to_dynamic(),
            blocked_product(a, s).to_dynamic(),
            raked_product(a, s).to_dynamic(),
        ];
        let what = format!("{a} by {b:#}");
        for (m, w) in mixed.iter().zip(want) {
            assert!(agrees(m, &Ok(w), true, &what), "{what}: {m:?}");
        }
    }};
}

#[test]
fn static_values_equal_the_static_algebra() {
    let b = Layout::try_new(hlist![Dyn(2), _3], hlist![_3, Dyn(1)]).unwrap();
    as_static!(layout!((4, 2):(1, 4)), b, (2, 3):(3, 1));
    let c = Layout::try_new(hlist![Dyn(2), _3], hlist![_1, Dyn(2)]).unwrap();
    as_static!(layout!((4, 2):(1, 8)), c, (2, 3):(1, 2));
    let b = Layout::try_new(Dyn(3), Dyn(2)).unwrap();
    as_static!(layout!(4:1), b, 3:2);
    as_static!(layout!((2, 3, 4):(1, 2, 6)), b, 3:2);
    let b = Layout::try_new(hlist![_2, _2, Dyn(2)], hlist![_1, Dyn(2), _4]).unwrap();
    as_static!(layout!((8, 2):(2, 1)), b, (2, 2, 2):(1, 2, 4));
    let b = Layout::try_new(hlist![Dyn(5)], hlist![_0]).unwrap();
    as_static!(layout!((3, 2):(2, 1)), b, (5):(0));
}

/// With every leaf static, a product through `try_*` is the static algebra's
/// very layout (its type too).
#[test]
fn all_static_operands_give_the_static_layout() {
    let (a, b) = (layout!((4, 2):(1, 8)), layout!((2, 3):(1, 2)));
    assert_eq!(try_logical_product(a, b).unwrap(), logical_product(a, b));
    assert_eq!(try_tiled_product(a, b).unwrap(), tiled_product(a, b));
    assert_eq!(try_blocked_product(a, b).unwrap(), blocked_product(a, b));
    assert_eq!(try_raked_product(a, b).unwrap(), raked_product(a, b));
}

#[test]
fn dynamic_b_as_cute() {
    // CuTe C++ with `int` leaves of B (print of each product).
    let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _4]).unwrap();
    let b = Layout::try_new(hlist![Dyn(3), _2], hlist![_1, Dyn(3)]).unwrap();
    let l = try_logical_product(a, b);
    assert_eq!(cute(l), "((4,_2),((1,3),(1,2))):((_1,_4),((4,8),(12,24)))");
    let k = try_blocked_product(a, b);
    assert_eq!(cute(k), "((4,(1,3)),(_2,(1,2))):((_1,(4,8)),(_4,(12,24)))");
    let r = try_raked_product(a, b);
    assert_eq!(cute(r), "(((1,3),4),((1,2),_2)):(((4,8),_1),((12,24),_4))");
    let z = Layout::try_new(Dyn(3), _0).unwrap();
    let l = try_logical_product(a, z);
    assert_eq!(cute(l), "((4,_2),3):((_1,_4),_0)");
}

#[test]
fn dynamic_b_errors_name_the_rule_and_the_operation() {
    // B = 4:2 crosses the extent-5 mode of the complement (5,..):(1,20) of
    // 4:5 off its boundary: CuTe C++ answers (3,1):(2,20), 3 elements for 4.
    let a = Layout::try_new(Dyn(4), Dyn(5)).unwrap();
    let b = Layout::try_new(Dyn(4), Dyn(2)).unwrap();
    let e = try_logical_product(a, b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility, "{e}");
    let e = try_raked_product(a, b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility, "{e}");
    // A cotarget size(A)·cosize(B) past i64.
    let big = Layout::try_new(hlist![Dyn(1 << 40)], hlist![_1]).unwrap();
    let b = Layout::try_new(Dyn(1 << 30), _1).unwrap();
    let e = try_zipped_product(big, b).unwrap_err();
    assert_eq!(
        (e.kind(), e.operation()),
        (ErrorKind::Overflow, "logical_product"),
        "{e}"
    );
    let e = try_blocked_product(big, b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow, "{e}");
}

/// A `B` whose run-time extents all have a static stride 0 has the static
/// cosize `_1`, and the products by it are CuTe C++'s (checked with `int`
/// extents: `cosize((5,3):(_0,_0)) = _1`).
#[test]
fn a_b_of_static_zero_strides_has_a_static_cosize() {
    let b = Layout::try_new(hlist![Dyn(5), Dyn(3)], hlist![_0, _0]).unwrap();
    let q: _1 = b.cosize();
    assert_eq!(q.value(), 1);
    let a = layout!((4,2):(1,4));
    let r = try_logical_product(a, b).unwrap();
    assert_eq!(format!("{r:#}"), "((_4,_2),(5,3)):((_1,_4),(_0,_0))");
    let r = try_blocked_product(a, b).unwrap();
    assert_eq!(format!("{r:#}"), "((_4,5),(_2,3)):((_1,_0),(_4,_0))");
    let r = try_raked_product(a, b).unwrap();
    assert_eq!(format!("{r:#}"), "((5,_4),(3,_2)):((_0,_1),(_0,_4))");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `try_tile_to_shape` of a block with a run-time extent to a target
    /// with run-time extents is the runtime layer's `tile_to_shape` on the
    /// same values (the same layout, as CuTe C++ writes its strides), and
    /// refuses where the block does not divide the target.
    #[test]
    fn tile_to_shape_of_run_time_leaves(b in 1i64..4, m in 1i64..13, n in 1i64..4, o in 0usize..2) {
        let block = Layout::try_new(hlist![_2, Dyn(b)], hlist![Dyn(b), _1]).unwrap();
        let target = hlist![Dyn(m), hlist![Dyn(n), _3]];
        let shape = runtime::IntTuple::parse_shape(&format!("({m},({n},3))"));
        let (got, want) = if o == 0 {
            (try_tile_to_shape(block, target, _0).map(|l| l.to_dynamic()),
             runtime::tile_to_shape(&block.to_dynamic(), &shape, None))
        } else {
            let order = runtime::IntTuple::parse_shape("(1,0)");
            (try_tile_to_shape(block, target, hlist![_1, _0]).map(|l| l.to_dynamic()),
             runtime::tile_to_shape(&block.to_dynamic(), &shape, Some(&order)))
        };
        match (got, want) {
            // One function with the same modes (CuTe C++'s form keeps a run-time
            // complement's pieces that the runtime layer merges).
            (Ok(g), Ok(w)) => {
                prop_assert_eq!(g.rank(), w.rank());
                for k in 0..g.rank() {
                    prop_assert_eq!(g.mode(k).unwrap().size().unwrap(), w.mode(k).unwrap().size().unwrap());
                }
                for i in 0..g.size().unwrap() {
                    prop_assert_eq!(g.call(i).unwrap(), w.call(i).unwrap(), "{} {} at {}", g, w, i);
                }
            }
            (Err(g), Err(w)) => prop_assert_eq!(g.kind(), w.kind(), "{} / {}", g, w),
            (g, w) => prop_assert!(false, "type level {:?}, runtime {:?}", g.map(|l| l.to_string()), w),
        }
    }
}

#[test]
fn tile_to_shape_of_static_operands_is_the_static_algebras() {
    let a = layout!((2,2):(1,2));
    assert_eq!(
        try_tile_to_shape(a, hlist![_8, _6], hlist![_1, _0]).unwrap(),
        tile_to_shape(a, hlist![_8, _6], hlist![_1, _0])
    );
    assert_eq!(
        try_tile_to_shape(a, hlist![_8, _6], _0).unwrap(),
        tile_to_shape(a, hlist![_8, _6], _0)
    );
}
