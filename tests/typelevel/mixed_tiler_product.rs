//! The products of layouts with dynamic leaves by tilers whose entries have
//! dynamic leaves (a run-time integer `n`, CuTe C++'s `make_layout(n)`, or a
//! layout with `Dyn` leaves): per mode `(A_m, complement(A_m,
//! size(A_m)·cosize(B_m)) ∘ B_m)`, then the zipped, tiled and flat forms.
//!
//! For random values, each product is the runtime layer's product on the
//! same values, or a refusal where the runtime layer refuses too (or refuses
//! only a divisibility the runtime layer decides by merging dynamic modes);
//! with static values it is the all-static algebra's. The forms are CuTe C++'s
//! with `int` entries (each case below checked with CuTe C++).

use super::mixed_tiler::{agrees, cute, Answer};
use layout_algebra::runtime::{self, ErrorKind};
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// The mixed results `got` of the four products against the runtime layer's
/// on `a` by `tiler` (see [`agrees`]). Returns how many the mixed products
/// answered.
fn products_agree(a: &runtime::Layout, tiler: &str, got: [Answer; 4]) -> usize {
    let t = runtime::Tiler::parse(tiler).unwrap();
    let want = [
        runtime::logical_product(a, &t),
        runtime::zipped_product(a, &t),
        runtime::tiled_product(a, &t),
        runtime::flat_product(a, &t),
    ];
    let what = format!("{a} by {tiler}");
    let agreed = got.iter().zip(&want);
    agreed
        .filter(|(got, want)| agrees(got, want, true, &what))
        .count()
}

/// The four mixed products of `a` by the tiler value `t`, as runtime layouts.
macro_rules! four {
    ($a:expr, $t:expr) => {{
        let (a, t) = ($a, $t);
        [
            try_logical_product(a, t).map(|r| r.to_dynamic()),
            try_zipped_product(a, t).map(|r| r.to_dynamic()),
            try_tiled_product(a, t).map(|r| r.to_dynamic()),
            try_flat_product(a, t).map(|r| r.to_dynamic()),
        ]
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `(M,K):(1,ld)` by run-time entries `<bm, bk:d>`: every product is
    /// answered where `bk:d` stays inside the first mode `ld:1` of the
    /// complement `(ld, c):(1, K·ld)` of `K:ld` or steps over whole copies of
    /// it (else its elements may cross that mode off its boundary).
    #[test]
    fn run_time_entries(m in 1i64..40, k in 1i64..20, pad in 0i64..3, bm in 1i64..9,
                        bk in 1i64..7, d in 1i64..4) {
        let ld = m + pad;
        let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(ld)]).unwrap();
        let t = tile!({bm}, {bk}:{d}).unwrap();
        let answered = products_agree(&a.to_dynamic(), &format!("<{bm}:1,{bk}:{d}>"), four!(a, t));
        prop_assert!(answered == 4 || !((bk - 1) * d < ld || d % ld == 0));
    }

    /// A static layout with a nested mode by run-time entries `<b0, b1:s>`.
    #[test]
    fn static_layout_by_run_time_entries(b0 in 1i64..9, b1 in 1i64..7, s in 1i64..5) {
        let a = layout!((6, (2, 4)):(1, (6, 24)));
        let t = Tile(hlist![Dyn(b0), Layout::try_new(Dyn(b1), Dyn(s)).unwrap()]);
        products_agree(&a.to_dynamic(), &format!("<{b0}:1,{b1}:{s}>"), four!(a, t));
    }

    /// A mode nesting a dynamic leaf, `((2,M),K)`, by `<b>` (always answered)
    /// and by `<b0, b1>` (`b1` elements may cross the complement `(2,..)` of
    /// `K:2M` off its boundary when `M` is 1).
    #[test]
    fn nested_dynamic_mode_by_run_time_entries(m in 1i64..9, k in 1i64..5, b0 in 1i64..7,
                                               b1 in 1i64..5) {
        let a = Layout::try_new(hlist![hlist![_2, Dyn(m)], Dyn(k)], hlist![hlist![_1, _2], Dyn(2 * m)])
            .unwrap();
        let one = products_agree(&a.to_dynamic(), &format!("<{b0}:1>"), four!(a, Tile(hlist![Dyn(b0)])));
        prop_assert_eq!(one, 4);
        let t = Tile(hlist![Dyn(b0), Dyn(b1)]);
        products_agree(&a.to_dynamic(), &format!("<{b0}:1,{b1}:1>"), four!(a, t));
    }

    /// Entries with static and dynamic leaves: a layout `(_2,n):(_1,e)` and
    /// a run-time extent known to be a multiple of 4 (`DivBy<4>`).
    #[test]
    fn mixed_and_div_by_entries(m in 1i64..12, k in 1i64..6, n in 1i64..4, e in 1i64..6,
                                q in 1i64..4) {
        let a = Layout::try_new(hlist![Dyn(m), _3], hlist![_1, Dyn(m)]).unwrap();
        let b = Layout::try_new(hlist![_2, Dyn(n)], hlist![_1, Dyn(e)]).unwrap();
        let t = Tile(hlist![b, div_by::<4>(4 * q).unwrap()]);
        let tiler = format!("<(2,{n}):(1,{e}),{}:1>", 4 * q);
        products_agree(&a.to_dynamic(), &tiler, four!(a, t));
        let c = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)]).unwrap();
        let t = Tile(hlist![div_by::<4>(4 * q).unwrap()]);
        prop_assert_eq!(products_agree(&c.to_dynamic(), &format!("<{}:1>", 4 * q), four!(c, t)), 4);
    }
}

/// A static layout by run-time entries is the all-static product by the same
/// values, as a function with the same top-level modes (a macro: the static
/// tiler is a type).
macro_rules! as_static {
    ($a:expr, $($v:literal),+) => {{
        let a = $a;
        let mixed = four!(a, Tile(hlist![$(Dyn($v)),+]));
        let want = [
            logical_product(a, tile!($($v),+)).to_dynamic(),
            zipped_product(a, tile!($($v),+)).to_dynamic(),
            tiled_product(a, tile!($($v),+)).to_dynamic(),
            flat_product(a, tile!($($v),+)).to_dynamic(),
        ];
        let what = format!("{} by {:?}", a, [$($v),+]);
        for (m, w) in mixed.iter().zip(want) {
            assert!(agrees(m, &Ok(w), true, &what), "{what}: {m:?}");
        }
    }};
}

#[test]
fn static_values_equal_the_static_algebra() {
    as_static!(layout!((6, (2, 4)):(1, (6, 24))), 3, 2);
    as_static!(layout!((6, (2, 4)):(1, (6, 24))), 1);
    as_static!(layout!((4, 8):(1, 4)), 3, 2);
    as_static!(layout!((8, 16):(16, 1)), 4);
    as_static!(layout!((2, 3, 4):(1, 2, 6)), 2, 1, 3);
}

#[test]
fn run_time_entries_as_cute() {
    // CuTe C++ with `int` tile entries (print of each product).
    let a = Layout::try_new(hlist![Dyn(5), _2], hlist![_1, Dyn(5)]).unwrap();
    let t = Tile(hlist![Dyn(3), _2]);
    let l = try_logical_product(a, t);
    assert_eq!(cute(l), "((5,3),(_2,(2,1))):((_1,5),(5,(_1,10)))");
    let z = try_zipped_product(a, t);
    assert_eq!(cute(z), "((5,_2),(3,(2,1))):((_1,5),(5,(_1,10)))");
    let t = try_tiled_product(a, Tile(hlist![Dyn(3)]));
    assert_eq!(cute(t), "((5),3,_2):((_1),5,5)");
    let f = try_flat_product(a, tile!({3}:{2}, 2).unwrap());
    assert_eq!(cute(f), "(5,_2,3,(2,1)):(_1,5,10,(_1,10))");
    let s = layout!((4, 8):(1, 4));
    let l = try_logical_product(s, Tile(hlist![Dyn(3), Dyn(2)]));
    assert_eq!(cute(l), "((_4,3),(_8,(2,1))):((_1,_4),(_4,(_1,_32)))");
    let z = try_zipped_product(s, Tile(hlist![Dyn(3)]));
    assert_eq!(cute(z), "((_4),(3,_8)):((_1),(_4,_4))");
    let n = Layout::try_new(
        hlist![hlist![_2, Dyn(3)], Dyn(4)],
        hlist![hlist![_1, _2], Dyn(6)],
    )
    .unwrap();
    let l = try_logical_product(n, Tile(hlist![Dyn(2)]));
    assert_eq!(cute(l), "(((_2,3),2),4):(((_1,_2),6),6)");
    let b = Layout::try_new(hlist![_2, Dyn(2)], hlist![Dyn(1), _4]).unwrap();
    let t = try_tiled_product(n, Tile(hlist![b, Dyn(3)]));
    assert_eq!(
        cute(t),
        "(((_2,3),4),(_2,2),(3,1)):(((_1,_2),6),(6,24),(_1,24))"
    );
    let m = Layout::try_new(hlist![Dyn(6), Dyn(4)], hlist![_1, Dyn(7)]).unwrap();
    let b = Layout::try_new(Dyn(3), _2).unwrap();
    let f = try_flat_product(m, Tile(hlist![Dyn(2), b]));
    assert_eq!(cute(f), "(6,4,2,(3,1)):(_1,7,6,(_2,28))");
    let b = Layout::try_new(Dyn(2), _0).unwrap();
    let l = try_logical_product(m, Tile(hlist![b]));
    assert_eq!(cute(l), "((6,2),4):((_1,_0),7)");
}

#[test]
fn run_time_entry_errors_name_the_rule_and_the_operation() {
    let a = Layout::try_new(hlist![Dyn(5), _2], hlist![_1, Dyn(5)]).unwrap();
    let e = try_zipped_product(a, Tile(hlist![Dyn(0)])).unwrap_err();
    assert_eq!(
        (e.kind(), e.operation()),
        (ErrorKind::NonPositiveShape, "zipped_product"),
        "{e}"
    );
    let e = try_logical_product(a, Tile(hlist![Dyn(2), Dyn(-1)])).unwrap_err();
    assert_eq!(
        (e.kind(), e.operation()),
        (ErrorKind::NonPositiveShape, "logical_product"),
        "{e}"
    );
    // Two modes of a block on the same offsets: no complement.
    let meet = Layout::try_new(
        hlist![hlist![_2, _2], Dyn(3)],
        hlist![hlist![Dyn(1), Dyn(1)], _4],
    )
    .unwrap();
    let e = try_flat_product(meet, Tile(hlist![Dyn(2)])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotComplementable, "{e}");
    // The entry 4:2 crosses the extent-5 mode of the complement (5,..):(1,20)
    // of 4:5 off its boundary; CuTe C++ answers the repeat (3,1):(2,20), 3
    // elements for 4.
    let m = Layout::try_new(hlist![Dyn(6), Dyn(4)], hlist![_1, Dyn(5)]).unwrap();
    let b = Layout::try_new(Dyn(4), Dyn(2)).unwrap();
    let e = try_logical_product(m, Tile(hlist![Dyn(2), b])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility, "{e}");
    // A cotarget past i64.
    let big = Layout::try_new(hlist![Dyn(1 << 40)], hlist![_1]).unwrap();
    let e = try_logical_product(big, Tile(hlist![Dyn(1 << 30)])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow, "{e}");
}
