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

/// A mixed result or the runtime layer's, as a runtime layout.
pub(crate) type Answer = Result<runtime::Layout, runtime::LayoutError>;

/// A mixed result `got` against the runtime layer's `want` on the same values
/// (`what` names the operation): the same function where both answer (with
/// `modes`, the same top-level mode sizes too); never an answer where the
/// runtime layer refuses; a refusal where the runtime layer answers only by a
/// divisibility rule (the runtime layer merges dynamic modes by value, which
/// the mixed result's type cannot). Returns whether the mixed one answered.
pub(crate) fn agrees(got: &Answer, want: &Answer, modes: bool, what: &str) -> bool {
    let what = format!("{what}: {got:?}, runtime {want:?}");
    match (got, want) {
        (Ok(r), Ok(w)) => {
            same_function(r, w, modes, &what);
            true
        }
        (Ok(_), Err(_)) => panic!("{what}"),
        (Err(e), Ok(_)) => {
            assert!(
                matches!(
                    e.kind(),
                    ErrorKind::ShapeDivisibility | ErrorKind::StrideDivisibility
                ),
                "{what}"
            );
            false
        }
        (Err(_), Err(_)) => false,
    }
}

/// The mixed results `got` of the four divides against the runtime layer's on
/// `a` by `tiler` (see [`agrees`]). Returns how many the mixed divides answered.
fn divides_agree(a: &runtime::Layout, tiler: &str, got: [Answer; 4]) -> usize {
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
    let what = format!("{a} by {tiler}");
    let agreed = got.iter().zip(&want).enumerate();
    agreed
        .filter(|(k, (got, want))| agrees(got, want, by_mode || *k < 2, &what))
        .count()
}

/// The same offset at every index and, with `modes`, the same rank and
/// top-level mode sizes (the runtime layer may nest or coalesce inside a mode).
pub(crate) fn same_function(r: &runtime::Layout, w: &runtime::Layout, modes: bool, what: &str) {
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
        prop_assert_eq!(divides_agree(&a.to_dynamic(), &format!("<{bm}:1,{bk}:{d}>"), four!(a, t)), 4);
    }

    /// A static layout (a mode that nests) by run-time tiles `<b0, b1:s>`:
    /// the static modes stay static where CuTe C++ keeps them.
    #[test]
    fn static_layout_by_run_time_tiles(b0 in 1i64..14, b1 in 1i64..10, s in 1i64..5) {
        let a = layout!((12, (4, 8)):(7, (1, 30)));
        let t = Tile(hlist![Dyn(b0), Layout::try_new(Dyn(b1), Dyn(s)).unwrap()]);
        divides_agree(&a.to_dynamic(), &format!("<{b0}:1,{b1}:{s}>"), four!(a, t));
    }

    /// A mode nesting a dynamic leaf, `((2,M),K)`, by a run-time tile `<b>`.
    #[test]
    fn nested_dynamic_mode_by_run_time_tiles(m in 1i64..12, k in 1i64..5, b in 1i64..30) {
        let a = Layout::try_new(hlist![hlist![_2, Dyn(m)], Dyn(k)], hlist![hlist![_1, _2], Dyn(2 * m)])
            .unwrap();
        divides_agree(&a.to_dynamic(), &format!("<{b}:1>"), four!(a, Tile(hlist![Dyn(b)])));
    }

    /// A whole layout divided by one layout `n:1` with a run-time `n` (CuTe's
    /// `zipped_divide(a, n)` with an `int` n, NVIDIA/cutlass 3513).
    #[test]
    fn whole_layout_by_a_run_time_layout(n in 1i64..400) {
        let a = layout!((12, (4, 8)):(7, (1, 30)));
        let b = Layout::try_new(Dyn(n), _1).unwrap();
        divides_agree(&a.to_dynamic(), &format!("{n}:1"), four!(a, b));
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
pub(crate) fn cute(r: Result<impl core::fmt::Display, runtime::LayoutError>) -> String {
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

/// A run-time-sized `(m,k):(1,m)` matrix of its offsets.
fn offsets(m: i64, k: i64) -> Vec<i64> {
    (0..m * k).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// `try_local_tile` by run-time tile sizes: every tile inside the matrix
    /// holds the matrix's elements at its rows and columns (CuTe's
    /// `local_tile(t, make_tile(bm, bk), (i, j))`).
    #[test]
    fn local_tile_by_run_time_tiles(m in 1i64..30, k in 1i64..20, bm in 1i64..9, bk in 1i64..6) {
        let data = offsets(m, k);
        let a = make_tensor(&data[..], Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)]).unwrap())
            .unwrap();
        for (i, j) in [(0, 0), ((m - 1) / bm, (k - 1) / bk)] {
            let t = try_local_tile(a, tile!({bm}, {bk}).unwrap(), (i as usize, j as usize));
            let (r0, c0) = (i * bm, j * bk);
            if r0 + bm <= m && c0 + bk <= k {
                let t = t.unwrap();
                prop_assert_eq!(format!("{:#}", t.layout()), format!("({bm},{bk}):(_1,{m})"));
                for (x, y) in [(0, 0), (bm - 1, bk - 1)] {
                    prop_assert_eq!(t[(x as usize, y as usize)], r0 + x + (c0 + y) * m);
                }
            } else if (r0 + bm - 1) + (c0 + bk - 1) * m >= m * k {
                // The last tile reaches past the storage: predicate it.
                prop_assert_eq!(t.unwrap_err().kind(), ErrorKind::StorageTooSmall);
            }
        }
    }

    /// `try_local_partition` by a thread layout of run-time extents
    /// `(t0,t1):(1,t0)` that divide the matrix: the threads' elements cover it
    /// exactly once. Extents that do not divide it leave some threads
    /// elements past the edge: over the storage, their views are refused.
    #[test]
    fn local_partition_by_run_time_thread_extents(m in 1i64..13, k in 1i64..9, t0 in 1i64..5, t1 in 1i64..4) {
        let data = offsets(m, k);
        let a = make_tensor(&data[..], Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)]).unwrap())
            .unwrap();
        let threads = Layout::try_new(hlist![Dyn(t0), Dyn(t1)], hlist![_1, Dyn(t0)]).unwrap();
        let (n0, n1) = ((m + t0 - 1) / t0, (k + t1 - 1) / t1);
        let mut seen = vec![0; (m * k) as usize];
        for t in 0..(t0 * t1) {
            let (r, c) = (t % t0, t / t0);
            let last = (r + (n0 - 1) * t0) + (c + (n1 - 1) * t1) * m;
            match try_local_partition(a, threads, t as usize) {
                Ok(p) => {
                    prop_assert!(last < m * k);
                    prop_assert_eq!(p.layout().to_dynamic().size().unwrap(), n0 * n1);
                    for (i, j) in (0..n0).flat_map(|i| (0..n1).map(move |j| (i, j))) {
                        let (x, y) = (r + i * t0, c + j * t1);
                        let e = p[(i as usize, j as usize)];
                        prop_assert_eq!(e, x + y * m); // (x, y) may lie past the edge: predicated
                        if x < m && y < k {
                            seen[e as usize] += 1;
                        }
                    }
                }
                Err(e) => {
                    prop_assert_eq!(e.kind(), ErrorKind::StorageTooSmall);
                    prop_assert!(last >= m * k);
                }
            }
        }
        if m % t0 == 0 && k % t1 == 0 {
            prop_assert!(seen.iter().all(|&n| n == 1));
        }
    }
}

#[test]
fn tensors_by_run_time_tiles_as_cute() {
    // CuTe C++ with `int` tile entries and thread extents (layout, an element).
    let data = offsets(64, 1);
    let a = make_tensor(&data[..], layout!((8, 8))).unwrap();
    let t = try_local_tile(a, tile!({ 4 }, 8).unwrap(), (1usize, 0usize)).unwrap();
    assert_eq!(
        (format!("{:#}", t.layout()), t[(1usize, 2usize)]),
        ("(4,_8):(_1,_8)".into(), 21)
    );
    let th = |s0, s1| Layout::try_new(hlist![s0, s1], hlist![Dyn(2), Dyn(1)]).unwrap();
    let p = try_local_partition(a, th(Dyn(4), Dyn(2)), 5).unwrap();
    assert_eq!(format!("{:#}", p.layout()), "(2,4):(4,16)");
    let q = Layout::try_new(hlist![_4, Dyn(2)], hlist![Dyn(2), Dyn(1)]).unwrap();
    let p = try_local_partition(a, q, 5).unwrap();
    assert_eq!(format!("{:#}", p.layout()), "(_2,4):(_4,16)");
    // 3 threads on 8 rows: CuTe C++ answers (3,4):(3,16); thread 5, at row 2,
    // holds rows 2, 5 and 8, past the storage (thread 0 holds rows 0, 3, 6).
    let e = try_local_partition(a, th(Dyn(3), Dyn(2)), 5).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StorageTooSmall, "{e}");
    let p = try_local_partition(a, th(Dyn(3), Dyn(2)), 0).unwrap();
    assert_eq!(format!("{:#}", p.layout()), "(3,4):(3,16)");
    let data = offsets(4, 6);
    let b = make_tensor(
        &data[..],
        Layout::try_new(hlist![Dyn(4), Dyn(6)], hlist![_1, Dyn(4)]).unwrap(),
    )
    .unwrap();
    let grid = Layout::try_new(hlist![Dyn(2), Dyn(3)], hlist![_1, Dyn(2)]).unwrap();
    let p = try_local_partition(b, grid, 5).unwrap();
    assert_eq!(
        (format!("{:#}", p.layout()), p[0usize]),
        ("(2,2):(2,12)".into(), 9)
    );
}

/// `try_composition(a, tiler)` against the runtime layer's composition by the
/// same tiler, mode by mode (see [`agrees`]).
fn composes_as_runtime(a: &runtime::Layout, tiler: &str, got: Answer) -> bool {
    let want = runtime::composition(a, &runtime::Tiler::parse(tiler).unwrap());
    agrees(&got, &want, true, &format!("{a} o {tiler}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `(M,K):(1,ld)` composed with run-time tile sizes `<bm, bk:d>`.
    #[test]
    fn composition_by_run_time_tiles(m in 1i64..60, k in 1i64..30, pad in 0i64..3, bm in 1i64..20,
                                     bk in 1i64..8, d in 1i64..4) {
        let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m + pad)]).unwrap();
        let t = tile!({bm}, {bk}:{d}).unwrap();
        let got = try_composition(a, t).map(|r| r.to_dynamic());
        let tiler = format!("<{bm}:1,{bk}:{d}>");
        prop_assert!(composes_as_runtime(&a.to_dynamic(), &tiler, got));
    }

    /// A static layout, and a mode nesting a dynamic leaf `((2,M),K)`,
    /// composed with run-time tiles `<b0, b1:s>`: some cross a leaf off its
    /// boundary and are refused.
    #[test]
    fn nested_modes_by_run_time_tiles(m in 1i64..12, k in 1i64..5, b0 in 1i64..30, b1 in 1i64..10,
                                      s in 1i64..5) {
        let a = layout!((12, (4, 8)):(7, (1, 30)));
        let t = Tile(hlist![Dyn(b0), Layout::try_new(Dyn(b1), Dyn(s)).unwrap()]);
        let tiler = format!("<{b0}:1,{b1}:{s}>");
        composes_as_runtime(&a.to_dynamic(), &tiler, try_composition(a, t).map(|r| r.to_dynamic()));
        let n = Layout::try_new(hlist![hlist![_2, Dyn(m)], Dyn(k)], hlist![hlist![_1, _2], Dyn(2 * m)])
            .unwrap();
        let got = try_composition(n, Tile(hlist![Dyn(b0)])).map(|r| r.to_dynamic());
        composes_as_runtime(&n.to_dynamic(), &format!("<{b0}:1>"), got);
    }

    /// A nested mode of static leaves `((2,4),K)` composed with entries that
    /// have no complement (a negative stride, overlapping modes): its tile is
    /// the static composition, which takes none; as the runtime layer.
    #[test]
    fn nested_static_mode_by_entries_without_complement(k in 1i64..12, d in 8i64..20) {
        let a = Layout::try_new(hlist![hlist![_2, _4], Dyn(k)], hlist![hlist![_1, _2], Dyn(d)])
            .unwrap();
        let r = a.to_dynamic();
        prop_assert!(composes_as_runtime(&r, "<4:-1,2:1>", try_composition(a, tile!(4:-1, 2)).map(|x| x.to_dynamic())));
        prop_assert!(composes_as_runtime(&r, "<(2,2):(-1,2),2:1>", try_composition(a, tile!((2,2):(-1,2), 2)).map(|x| x.to_dynamic())));
        prop_assert!(composes_as_runtime(&r, "<(4,2):(1,2),1:1>", try_composition(a, tile!((4,2):(1,2), 1)).map(|x| x.to_dynamic())));
    }

    /// A nested mode of static leaves that does not coalesce to one leaf,
    /// `((4,2),K):((2,1),d)`, by entries of several leaves: their
    /// distributivity is checked at run time (point by point where the
    /// types prove none), as the runtime layer: a negative stride among them
    /// composes (CuTe C++ `((_2,_2),_2):((_-2,_4),d)`), overlapping leaves are
    /// refused (CuTe C++'s `((_4,_2),_2):((_2,_4),d)` is not `A(B(i))`).
    #[test]
    fn nested_static_mode_by_entries_of_several_leaves(k in 1i64..12, d in 8i64..20) {
        let a = Layout::try_new(hlist![hlist![_4, _2], Dyn(k)], hlist![hlist![_2, _1], Dyn(d)])
            .unwrap();
        let r = a.to_dynamic();
        let negative = try_composition(a, tile!((2,2):(-1,2), 2)).map(|x| x.to_dynamic());
        prop_assert!(negative.is_ok());
        prop_assert!(composes_as_runtime(&r, "<(2,2):(-1,2),2:1>", negative));
        let overlap = try_composition(a, tile!((4,2):(1,2), 2)).map(|x| x.to_dynamic());
        prop_assert_eq!(overlap.as_ref().map_err(|e| e.kind()).err(), Some(ErrorKind::Distributivity));
        prop_assert!(!composes_as_runtime(&r, "<(4,2):(1,2),2:1>", overlap)); // both refuse
        prop_assert!(composes_as_runtime(&r, "<(2,2):(1,4),2:1>", try_composition(a, tile!((2,2):(1,4), 2)).map(|x| x.to_dynamic())));
    }
}

#[test]
fn composition_by_run_time_tiles_as_cute() {
    // CuTe C++ `composition(a, make_tile(..))` with `int` tile entries.
    let a = Layout::try_new(hlist![Dyn(12), _8], hlist![_1, Dyn(12)]).unwrap();
    let r = try_composition(a, tile!({ 4 }, 8).unwrap());
    assert_eq!(cute(r), "(4,_8):(_1,12)");
    let r = try_composition(a, Tile(hlist![Layout::try_new(Dyn(3), _2).unwrap(), _4]));
    assert_eq!(cute(r), "(3,_4):(_2,12)");
    let b = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
    let r = try_composition(b, Tile(hlist![Dyn(32), layout!(8:2)]));
    assert_eq!(cute(r), "(32,_8):(_1,400)");
    let n = Layout::try_new(
        hlist![hlist![_4, Dyn(12)], _8],
        hlist![hlist![_1, _4], Dyn(48)],
    )
    .unwrap();
    let r = try_composition(n, Tile(hlist![Dyn(8), Dyn(2)]));
    assert_eq!(cute(r), "((4,2),2):((_1,_4),48)");
}

#[test]
fn non_positive_run_time_tile_extents_name_the_operation() {
    let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
    let t = Tile(hlist![Dyn(0), Dyn(8)]);
    let named = |e: runtime::LayoutError| (e.kind(), e.operation());
    let refused = |op| (ErrorKind::NonPositiveShape, op);
    assert_eq!(
        named(try_logical_divide(a, t).unwrap_err()),
        refused("logical_divide")
    );
    assert_eq!(
        named(try_zipped_divide(a, t).unwrap_err()),
        refused("zipped_divide")
    );
    assert_eq!(
        named(try_tiled_divide(a, t).unwrap_err()),
        refused("tiled_divide")
    );
    assert_eq!(
        named(try_flat_divide(a, t).unwrap_err()),
        refused("flat_divide")
    );
    let data = vec![0i32; 200 * 64];
    let x = make_tensor(&data[..], a).unwrap();
    assert_eq!(
        named(try_local_tile(x, t, (0usize, 0usize)).unwrap_err()),
        refused("local_tile")
    );
}

#[test]
fn composition_by_run_time_tiles_errors_name_the_rule() {
    // 6 elements cross the extent-4 leaf of ((4,M),8) off its boundary; CuTe
    // C++ answers ((4,1)):((_1,_4)), 4 elements.
    let n = Layout::try_new(
        hlist![hlist![_4, Dyn(12)], _8],
        hlist![hlist![_1, _4], Dyn(48)],
    )
    .unwrap();
    let e = try_composition(n, Tile(hlist![Dyn(6)])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility, "{e}");
    let e = try_composition(n, Tile(hlist![Dyn(0), Dyn(2)])).unwrap_err();
    assert_eq!(
        (e.kind(), e.operation()),
        (ErrorKind::NonPositiveShape, "composition"),
        "{e}"
    );
}

#[test]
fn empty_entries_on_nested_dynamic_modes_as_cute() {
    // A static entry that filters to nothing (`1`, `1:0`, `4:0`) on a mode
    // with a dynamic leaf: its complement is CuTe C++'s
    // `make_layout(coalesce(shape))` (the extents' runs of one kind, not
    // coalesced again), so the rest composes mode by mode as in CuTe C++.
    let a = Layout::try_new(
        hlist![hlist![int!(200), Dyn(256), _7], Dyn(3)],
        hlist![hlist![_8, Dyn(2), _0], Dyn(5)],
    )
    .unwrap();
    let r = try_logical_divide(a, tile!(1)).unwrap();
    let want = "((_1,(_200,(256,1),(1,1,7))),3):((_0,(_8,(2,_0),(409600,512,_0))),5)";
    assert_eq!(format!("{r:#}"), want);
    let r = try_logical_divide(a, tile!(2)).unwrap(); // B fills 2: coalesced as before
    assert_eq!(
        format!("{r:#}"),
        "((_2,(_100,(256,7))),3):((_8,(_16,(2,_0))),5)"
    );
    let b = Layout::try_new(hlist![int!(200), Dyn(256), _7], hlist![_8, Dyn(2), _0]).unwrap();
    let want = "(_1,(_200,(256,1),(1,1,7))):(_0,(_8,(2,_0),(409600,512,_0)))";
    assert_eq!(
        format!("{:#}", try_logical_divide(b, layout!(1:0)).unwrap()),
        want
    );
    assert_eq!(
        format!("{:#}", try_logical_divide(b, layout!(1:1)).unwrap()),
        want
    );
    let c = Layout::try_new(
        hlist![hlist![_2, Dyn(4)], Dyn(3)],
        hlist![hlist![_8, Dyn(2)], Dyn(5)],
    )
    .unwrap();
    let r = try_logical_divide(c, layout!(4:0)).unwrap();
    assert_eq!(format!("{r:#}"), "(_4,(_2,(4,3))):(_0,(_8,(2,5)))");
    let r = try_zipped_divide(c, tile!(1)).unwrap();
    assert_eq!(format!("{r:#}"), "((_1),((_2,4),3)):((_0),((_8,2),5))");
    let e = Layout::try_new(
        hlist![hlist![Dyn(3), Dyn(4)], _8],
        hlist![hlist![_1, Dyn(3)], _16],
    )
    .unwrap();
    let r = try_logical_divide(e, tile!(1, 2)).unwrap();
    assert_eq!(
        format!("{r:#}"),
        "((_1,(3,4)),(_2,_4)):((_0,(_1,3)),(_16,_32))"
    );
    // The same function as the runtime layer's.
    let (d, want) = (
        b.to_dynamic(),
        runtime::logical_divide(&b.to_dynamic(), &"1:0".parse::<runtime::Layout>().unwrap())
            .unwrap(),
    );
    let r = try_logical_divide(b, layout!(1:0)).unwrap().to_dynamic();
    assert_eq!(r.size().unwrap(), want.size().unwrap(), "{d}");
    for i in 0..want.size().unwrap() {
        assert_eq!(r.call(i).unwrap(), want.call(i).unwrap(), "{d} at {i}");
    }
}

/// Layouts whose shape is one leaf, static or with a `Dyn` leaf, divided,
/// composed, tiled and partitioned by one-entry tilers: CuTe C++ reads mode
/// 0 of such a layout as the layout itself and keeps a rank-1 rest or tile
/// whole (`repeat<1>(_)` is `_`). Every expected string printed by CuTe C++
/// (`int` leaves for `Dyn`).
#[test]
fn one_leaf_layouts_as_cute() {
    let data: Vec<f32> = (0..256).map(|x| x as f32).collect();
    let n = 16 + std::hint::black_box(0i64);
    let a = Layout::try_new(Dyn(n), _1).unwrap();
    let show = |s: String, want: &str| assert_eq!(s, want);
    show(
        format!("{:#}", try_logical_divide(a, tile!(4)).unwrap()),
        "((_4,4)):((_1,_4))",
    );
    show(
        format!("{:#}", try_zipped_divide(a, tile!(4)).unwrap()),
        "((_4),(4)):((_1),(_4))",
    );
    show(
        format!("{:#}", try_tiled_divide(a, tile!(4)).unwrap()),
        "((_4),(4)):((_1),(_4))",
    );
    show(
        format!("{:#}", try_flat_divide(a, tile!(4)).unwrap()),
        "((_4),(4)):((_1),(_4))",
    );
    show(
        format!("{:#}", try_composition(a, tile!(4)).unwrap()),
        "(_4):(_1)",
    );
    let b = Layout::try_new(_16, Dyn(2)).unwrap();
    show(
        format!("{:#}", try_zipped_divide(b, tile!(4)).unwrap()),
        "((_4),(_4)):((2),(8))",
    );
    show(
        format!("{:#}", try_logical_divide(b, tile!(4)).unwrap()),
        "((_4,_4)):((2,8))",
    );
    show(
        format!("{:#}", try_flat_divide(b, tile!(8)).unwrap()),
        "((_8),(_2)):((2),(16))",
    );
    show(
        format!("{:#}", try_composition(b, tile!(4)).unwrap()),
        "(_4):(2)",
    );
    show(
        format!("{:#}", try_composition(b, tile!(3:2)).unwrap()),
        "(_3):(4)",
    );

    let t = make_tensor(&data[..], a).unwrap();
    let p = try_local_partition(t, layout!(4:1), 1usize).unwrap();
    show(format!("{:#}", p.layout()), "((4)):((_4))");
    let q = try_local_partition(t, layout!((4):(1)), 1usize).unwrap();
    show(format!("{:#}", q.layout()), "((4)):((_4))");
    assert_eq!(p[(1usize,)], 5.0);
    let third = try_local_partition(t, layout!(4:1), 3usize).unwrap();
    assert_eq!(third[(0usize,)], 3.0); // CuTe: offset 3
    show(
        format!(
            "{:#}",
            try_local_tile(t, tile!(4), (1usize,)).unwrap().layout()
        ),
        "((_4)):((_1))",
    );
    let rank1 = Layout::try_new(hlist![Dyn(n)], hlist![_1]).unwrap();
    let t1 = make_tensor(&data[..], rank1).unwrap();
    show(
        format!(
            "{:#}",
            try_local_tile(t1, tile!(4), (1usize,)).unwrap().layout()
        ),
        "((_4)):((_1))",
    );
    show(
        format!(
            "{:#}",
            try_local_partition(t1, layout!(4:1), 1usize)
                .unwrap()
                .layout()
        ),
        "((4)):((_4))",
    );

    let s = make_tensor(&data[..], layout!(16:1)).unwrap();
    show(
        format!("{:#}", local_partition(s, layout!(4:1), 3usize).layout()),
        "((_4)):((_4))",
    );
    show(
        format!("{:#}", local_tile(s, tile!(8), (1usize,)).layout()),
        "((_8)):((_1))",
    );
}

/// A static thread index gives the run-time index's partition; CuTe C++
/// prints `(8,8):(_2,32)` at offset 17 for `Int<3>` on a 16x16 `int` tensor.
#[test]
fn static_thread_index_as_cute() {
    let data: Vec<i32> = (0..256).collect();
    let n = 16 + std::hint::black_box(0i64);
    let t = make_tensor(&data[..], layout!(({ n }, { n })).unwrap()).unwrap();
    let p = try_local_partition(t, layout!((2, 2)), _3).unwrap();
    assert_eq!(format!("{:#}", p.layout()), "(8,8):(_2,32)");
    assert_eq!(p[(0usize, 0usize)], 17);
    let e = try_local_partition(t, layout!((2, 2)), -1).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutOfBounds);
    let s = make_tensor(&data[..], layout!((16, 16))).unwrap();
    for (i, stat) in [
        local_partition(s, layout!((2, 2)), _0),
        local_partition(s, layout!((2, 2)), _1),
        local_partition(s, layout!((2, 2)), _2),
        local_partition(s, layout!((2, 2)), _3),
    ]
    .into_iter()
    .enumerate()
    {
        let run = local_partition(s, layout!((2, 2)), i);
        assert_eq!(stat[(0usize, 0usize)], run[(0usize, 0usize)]);
        assert_eq!(stat[(7usize, 7usize)], run[(7usize, 7usize)]);
    }
}

/// `try_local_tile` by a layout divides the whole tensor (CuTe's
/// `local_tile(t, layout, c)`); every print and offset from CuTe C++ (16x16,
/// `int` extents for the run-time tensor, `Int<16>` for the static one).
#[test]
fn local_tile_by_a_layout_as_cute() {
    let data: Vec<i32> = (0..256).collect();
    let n = 16 + std::hint::black_box(0i64);
    let t = make_tensor(&data[..], layout!(({ n }, { n })).unwrap()).unwrap();
    let q = try_local_tile(t, layout!((4,2):(1,16)), 3usize).unwrap();
    assert_eq!(
        format!("{:#}", q.layout()),
        "((4,1),(1,2)):((_1,16),(_16,16))"
    );
    assert_eq!(q[(0usize, 0usize)], 12);
    let r = try_local_tile(t, layout!(8:2), 5usize).unwrap();
    assert_eq!(format!("{:#}", r.layout()), "(8,1):(_2,16)");
    assert_eq!(r[0usize], 33);
    let s = make_tensor(&data[..], layout!((16, 16))).unwrap();
    let u = try_local_tile(s, layout!((4,2):(1,16)), 3usize).unwrap();
    assert_eq!(format!("{:#}", u.layout()), "(_4,_2):(_1,_16)");
    assert_eq!(u[(0usize, 0usize)], 12);
}
