//! Tilers whose entries have dynamic leaves (a run-time tile size `bm`,
//! `<bm:1, 8:2>`) and layouts divided by one layout with dynamic leaves.
//!
//! For random values, the mixed divide is the runtime layer's divide on the
//! same values, or a refusal where the runtime layer refuses too (or where it
//! merges dynamic modes by value, which the mixed result's type cannot); with
//! static values it is the all-static algebra's. The forms are CuTe C++'s
//! with `int` entries (each case below checked with CuTe C++).

use layout_algebra::runtime::{self, ErrorKind};
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use proptest::prelude::*;

type Divided = Result<runtime::Layout, runtime::LayoutError>;

/// The mixed results `got` of the four divides against the runtime layer's on
/// `a` by `tiler`: equal where the mixed one answers; a refusal where the
/// runtime layer refuses. Returns how many the mixed divides answered.
fn agrees(a: &runtime::Layout, tiler: &str, got: [Divided; 4]) -> usize {
    // By one layout, the tiled and flat forms splice the rest's modes as CuTe
    // C++ does (`(1,1,n)`), where the runtime layer coalesces it (`n`).
    let by_mode = tiler.starts_with('<');
    let t = runtime::Tiler::parse(tiler).unwrap();
    let want = [
        runtime::logical_divide(a, &t),
        runtime::zipped_divide(a, &t),
        runtime::tiled_divide(a, &t),
        runtime::flat_divide(a, &t),
    ];
    let mut answered = 0;
    for (k, (got, want)) in got.iter().zip(&want).enumerate() {
        let what = format!("{a} by {tiler}: {got:?}, runtime {want:?}");
        match (got, want) {
            (Ok(r), Ok(w)) => {
                same_function(r, w, by_mode || k < 2, &what);
                answered += 1;
            }
            (Ok(_), Err(_)) => panic!("{what}"),
            (Err(e), Ok(_)) => assert!(
                matches!(
                    e.kind(),
                    ErrorKind::ShapeDivisibility | ErrorKind::StrideDivisibility
                ),
                "{what}"
            ),
            (Err(_), Err(_)) => {}
        }
    }
    answered
}

/// The same offset at every index and, with `modes`, the same rank and
/// top-level mode sizes (the runtime layer may nest or coalesce inside a mode).
fn same_function(r: &runtime::Layout, w: &runtime::Layout, modes: bool, what: &str) {
    if modes {
        assert_eq!(r.rank(), w.rank(), "{what}");
        for (x, y) in r.modes().zip(w.modes()) {
            assert_eq!(x.size().unwrap(), y.size().unwrap(), "{what}");
        }
    }
    assert_eq!(r.size().unwrap(), w.size().unwrap(), "{what}");
    for i in 0..r.size().unwrap() {
        assert_eq!(r.call(i).unwrap(), w.call(i).unwrap(), "{what} at {i}");
    }
}

/// The four mixed divides of `a` by the tiler value `t`, as runtime layouts.
macro_rules! four {
    ($a:expr, $t:expr) => {{
        let (a, t) = ($a, $t);
        [
            try_logical_divide(a, t).map(|r| r.to_dynamic()),
            try_zipped_divide(a, t).map(|r| r.to_dynamic()),
            try_tiled_divide(a, t).map(|r| r.to_dynamic()),
            try_flat_divide(a, t).map(|r| r.to_dynamic()),
        ]
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `(M,K):(1,ld)` by run-time tile sizes `<bm, bk:d>`.
    #[test]
    fn run_time_tile_sizes(m in 1i64..60, k in 1i64..30, pad in 0i64..3, bm in 1i64..20,
                           bk in 1i64..8, d in 1i64..4) {
        let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m + pad)]).unwrap();
        let t = tile!({bm}, {bk}:{d}).unwrap();
        prop_assert_eq!(agrees(&a.to_dynamic(), &format!("<{bm}:1,{bk}:{d}>"), four!(a, t)), 4);
    }

    /// A static layout (a mode that nests) by run-time tiles `<b0, b1:s>`:
    /// the static modes stay static where CuTe C++ keeps them.
    #[test]
    fn static_layout_by_run_time_tiles(b0 in 1i64..14, b1 in 1i64..10, s in 1i64..5) {
        let a = layout!((12, (4, 8)):(7, (1, 30)));
        let t = Tile(hlist![Dyn(b0), Layout::try_new(Dyn(b1), Dyn(s)).unwrap()]);
        agrees(&a.to_dynamic(), &format!("<{b0}:1,{b1}:{s}>"), four!(a, t));
    }

    /// A mode nesting a dynamic leaf, `((2,M),K)`, by a run-time tile `<b>`.
    #[test]
    fn nested_dynamic_mode_by_run_time_tiles(m in 1i64..12, k in 1i64..5, b in 1i64..30) {
        let a = Layout::try_new(hlist![hlist![_2, Dyn(m)], Dyn(k)], hlist![hlist![_1, _2], Dyn(2 * m)])
            .unwrap();
        agrees(&a.to_dynamic(), &format!("<{b}:1>"), four!(a, Tile(hlist![Dyn(b)])));
    }

    /// A whole layout divided by one layout `n:1` with a run-time `n` (CuTe's
    /// `zipped_divide(a, n)` with an `int` n, NVIDIA/cutlass 3513).
    #[test]
    fn whole_layout_by_a_run_time_layout(n in 1i64..400) {
        let a = layout!((12, (4, 8)):(7, (1, 30)));
        let b = Layout::try_new(Dyn(n), _1).unwrap();
        agrees(&a.to_dynamic(), &format!("{n}:1"), four!(a, b));
    }
}

/// A static layout by run-time tile entries is the all-static divide by the
/// same values, as a function (a macro: the static tiler is a type); CuTe's
/// dynamic form keeps modes of extent 1 that the static one drops.
macro_rules! as_static {
    ($a:expr, $($v:literal),+) => {{
        let a = $a;
        let mixed = four!(a, Tile(hlist![$(Dyn($v)),+]));
        let want = [
            logical_divide(a, tile!($($v),+)).to_dynamic(),
            zipped_divide(a, tile!($($v),+)).to_dynamic(),
            tiled_divide(a, tile!($($v),+)).to_dynamic(),
            flat_divide(a, tile!($($v),+)).to_dynamic(),
        ];
        for (m, w) in mixed.iter().zip(&want) {
            same_function(m.as_ref().unwrap(), w, true, &format!("{} by {:?}", a, [$($v),+]));
        }
    }};
}

#[test]
fn static_values_equal_the_static_algebra() {
    as_static!(layout!((12, (4, 8)):(7, (1, 30))), 3, 16);
    as_static!(layout!((12, (4, 8)):(7, (1, 30))), 4, 8);
    as_static!(layout!((8, 16):(20, 1)), 4, 8);
    as_static!(layout!((8, 16):(20, 1)), 8);
    as_static!(layout!((6, 10):(1, 6)), 2, 5);
}

/// CuTe's form of a result (`{:#}`: static leaves `_n`).
fn cute(r: Result<impl core::fmt::Display, runtime::LayoutError>) -> String {
    format!("{:#}", r.unwrap())
}

#[test]
fn run_time_tiles_as_cute() {
    // CuTe C++ with `int` tile entries (print of each divide).
    let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
    let z = try_zipped_divide(a, Tile(hlist![Dyn(32), layout!(8:1)]));
    assert_eq!(cute(z), "((32,_8),(7,8)):((_1,200),(32,1600))");
    let l = try_logical_divide(a, tile!({32}, 8:2).unwrap());
    assert_eq!(cute(l), "((32,7),(_8,(_2,4))):((_1,32),(400,(200,3200)))");
    let s = layout!((12, (4, 8)):(7, (1, 30)));
    let z = try_zipped_divide(s, Tile(hlist![Dyn(3), Dyn(16)]));
    assert_eq!(
        cute(z),
        "((3,(4,4)),(4,(1,2))):((_7,(_1,_30)),(21,(16,120)))"
    );
    let l = try_logical_divide(layout!((8, 4):(1, 8)), tile!({4}:{2}).unwrap());
    assert_eq!(cute(l), "((4,(2,1)),_4):((2,(_1,8)),_8)");
    let n = Layout::try_new(
        hlist![hlist![_2, Dyn(6)], Dyn(5)],
        hlist![hlist![_1, _2], Dyn(12)],
    )
    .unwrap();
    let l = try_logical_divide(n, Tile(hlist![Dyn(4)]));
    assert_eq!(cute(l), "(((2,2),(1,3)),5):(((_1,_2),(4,4)),12)");
    let l = try_logical_divide(n, tile!({2}:{2}).unwrap());
    assert_eq!(
        cute(l),
        "(((1,2),((2,1),(1,3))),5):(((2,2),((_1,_2),(4,4))),12)"
    );
    // By one layout 96:1 (not by mode): the tile, the rests spliced.
    let b = Layout::try_new(Dyn(96), _1).unwrap();
    assert_eq!(
        cute(try_zipped_divide(s, b)),
        "((12,4,2),(1,1,4)):((_7,_1,_30),(672,8,60))"
    );
    assert_eq!(
        cute(try_tiled_divide(s, b)),
        "((12,4,2),1,1,4):((_7,_1,_30),672,8,60)"
    );
    assert_eq!(
        cute(try_flat_divide(s, b)),
        "(12,4,2,1,1,4):(_7,_1,_30,672,8,60)"
    );
}

#[test]
fn run_time_tile_errors_name_the_rule() {
    let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
    let e = try_zipped_divide(a, Tile(hlist![Dyn(0), Dyn(8)])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape, "{e}");
    // Two modes of one entry on the same offsets: no complement.
    let meet = Layout::try_new(hlist![_2, _2], hlist![Dyn(1), Dyn(1)]).unwrap();
    let e = try_logical_divide(a, Tile(hlist![meet])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotComplementable, "{e}");
    // 3 elements cross the extent-2 leaf of ((2,M),K) off its boundary; CuTe
    // C++ answers (((2,2),...)) with a tile that skips an element.
    let n = Layout::try_new(
        hlist![hlist![_2, Dyn(6)], Dyn(5)],
        hlist![hlist![_1, _2], Dyn(12)],
    )
    .unwrap();
    let e = try_logical_divide(n, Tile(hlist![Dyn(3)])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility, "{e}");
}
