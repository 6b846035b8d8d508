//! The bank-conflict model: known answers, a brute-force simulation on random
//! patterns, and swizzle selection against an exhaustive search.

use layout_algebra::runtime::banks::{
    bank_conflicts, instruction_addresses, pick_swizzle, swizzle_candidates, warp_wavefronts,
    SmemOp, SmemTile,
};
use layout_algebra::runtime::{ComposedLayout, ErrorKind, Layout, Swizzle};
use proptest::prelude::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

#[test]
fn f16_128_byte_rows_read_down_a_column_with_16_byte_vectors_is_8_way() {
    let tile = SmemTile::new(l("(8,64):(64,1)"), 2);
    let tv = l("((8,4),8):((1,64),8)");
    let r = bank_conflicts(&tile, &tv, 16, SmemOp::Load).unwrap();
    assert_eq!(r.len(), 1);
    assert_eq!((r[0].wavefronts, r[0].ideal, r[0].degree), (32, 4, 8));
}

#[test]
fn sw_3_3_3_makes_16_byte_reads_across_8_rows_conflict_free() {
    let sw = Swizzle::new(3, 3, 3).unwrap();
    let tile = SmemTile {
        swizzle: Some(sw),
        ..SmemTile::new(l("(8,64):(64,1)"), 2)
    };
    let r = bank_conflicts(&tile, &l("((8,4),8):((1,64),8)"), 16, SmemOp::Load).unwrap();
    assert_eq!((r[0].wavefronts, r[0].ideal, r[0].degree), (4, 4, 1));
}

#[test]
fn f32_32x32_read_by_columns_is_32_way_and_1_way_when_padded_to_33() {
    // Thread t reads row t of column j: one instruction per column.
    let tv = l("(32,32):(1,32)");
    for (ld, degree) in [(32, 32), (33, 1)] {
        let tile = SmemTile::new(l(&format!("(32,32):({ld},1)")), 4);
        let r = bank_conflicts(&tile, &tv, 4, SmemOp::Load).unwrap();
        assert_eq!(r.len(), 32);
        assert!(
            r.iter()
                .all(|i| i.degree == degree && i.wavefronts == degree && i.ideal == 1),
            "{ld}: {r:?}"
        );
    }
}

#[test]
fn broadcasts_packing_and_illegal_accesses() {
    use SmemOp::{Load, Store};
    let same: Vec<Option<i64>> = vec![Some(64); 32];
    assert_eq!(warp_wavefronts(&same, 4, Load).unwrap().wavefronts, 1);
    // One address for the whole warp: a load is packed (two half-warp
    // phases), a store is served in its four quarter-warp phases.
    let packed = warp_wavefronts(&same, 16, Load).unwrap();
    assert_eq!(
        (packed.wavefronts, packed.ideal, packed.packed),
        (2, 2, true)
    );
    assert_eq!(warp_wavefronts(&same, 16, Store).unwrap().wavefronts, 4);
    // Pairs t, t^2 agreeing (T0 = T2, T1 = T3, ...) pack a 64-bit load into one phase.
    let xor2: Vec<Option<i64>> = (0..32).map(|t| Some((t >> 2) * 16 + (t & 1) * 8)).collect();
    assert_eq!(warp_wavefronts(&xor2, 8, Load).unwrap().wavefronts, 1);
    // Pairs t, t^3 do not pack: two half-warp phases.
    let xor3: Vec<Option<i64>> = (0..32)
        .map(|t| Some((t >> 2) * 16 + ((t & 1) ^ ((t >> 1) & 1)) * 8))
        .collect();
    let r = warp_wavefronts(&xor3, 8, Load).unwrap();
    assert_eq!((r.wavefronts, r.packed), (2, false));
    assert!(warp_wavefronts(&[Some(4)], 8, Load).is_err());
    assert!(warp_wavefronts(&[Some(0)], 12, Load).is_err());
    assert!(warp_wavefronts(&vec![Some(0); 33], 4, Load).is_err());
    assert_eq!(warp_wavefronts(&[None; 32], 4, Load).unwrap().wavefronts, 0);
}

/// Independent model: decide packing, then serve each phase round by round,
/// one word per bank per round, until every requested word is served.
fn simulate(addrs: &[Option<i64>], width: i64, load: bool) -> (u32, u32) {
    let agree = |m: usize| {
        (0..addrs.len()).all(|t| {
            let u = t ^ m;
            u >= addrs.len() || addrs[t].is_none() || addrs[u].is_none() || addrs[t] == addrs[u]
        })
    };
    let packed = load && width >= 8 && (agree(1) || agree(2));
    let mut phase = match width {
        8 => 16,
        16 => 8,
        _ => 32,
    };
    if packed {
        phase *= 2;
    }
    let (mut waves, mut ideal) = (0, 0);
    for p in addrs.chunks(phase) {
        let mut pending: Vec<i64> = Vec::new();
        for a in p.iter().flatten() {
            for k in 0..(width / 4).max(1) {
                let w = a / 4 + k;
                if !pending.contains(&w) {
                    pending.push(w);
                }
            }
        }
        ideal += u32::from(!pending.is_empty());
        while !pending.is_empty() {
            let mut used = [false; 32];
            pending.retain(|w| {
                let b = (w % 32) as usize;
                let serve = !used[b];
                used[b] = true;
                !serve
            });
            waves += 1;
        }
    }
    (waves, ideal)
}

proptest! {
    #[test]
    fn the_model_equals_a_round_by_round_simulation(
        width in prop::sample::select(vec![4i64, 8, 16]),
        load in any::<bool>(),
        pairs in any::<bool>(),
        raw in prop::collection::vec(prop::option::weighted(0.9, 0i64..512), 1..=32),
    ) {
        // Half the cases copy thread t's address to t^1 so that loads pack.
        let raw: Vec<Option<i64>> = if pairs {
            (0..raw.len()).map(|t| raw[t & !1]).collect()
        } else {
            raw
        };
        let addrs: Vec<Option<i64>> = raw.iter().map(|a| a.map(|a| a * width)).collect();
        let op = if load { SmemOp::Load } else { SmemOp::Store };
        let r = warp_wavefronts(&addrs, width as u32, op).unwrap();
        prop_assert_eq!((r.wavefronts, r.ideal), simulate(&addrs, width, load));
    }
}

/// A suite of tiles with a writer and a reader.
fn suite() -> Vec<(SmemTile, Layout, u32, Layout, u32)> {
    let t = |s: &str, eb| SmemTile::new(l(s), eb);
    vec![
        // f16 8x64, 16-byte writes along rows, 16-byte reads down columns of vectors.
        (
            t("(8,64):(64,1)", 2),
            l("((8,4),8):((64,1),8)"),
            16,
            l("((8,4),8):((1,64),8)"),
            16,
        ),
        // f16 32x64, row writes, 4-byte reads down a column.
        (
            t("(32,64):(64,1)", 2),
            l("((32,1),2):((32,1),32)"),
            4,
            l("(32,2):(1,32)"),
            4,
        ),
        // f32 32x32: row writes, column reads (Sw<5,0,5> makes both conflict-free).
        (
            t("(32,32):(32,1)", 4),
            l("(32,1):(32,1)"),
            4,
            l("(32,1):(1,32)"),
            4,
        ),
        // f16 16x32 ldmatrix-like reads of 16-byte rows, 16-byte row writes.
        (
            t("(16,32):(32,1)", 2),
            l("((4,8),8):((128,1),16)"),
            16,
            l("((16,2),8):((1,128),16)"),
            16,
        ),
        // f32 8x32 with 8-byte vectors, rows and columns.
        (
            t("(8,32):(32,1)", 4),
            l("((16,2),2):((16,1),8)"),
            8,
            l("((8,4),2):((1,16),8)"),
            8,
        ),
    ]
}

#[test]
fn pick_swizzle_is_conflict_free_wherever_exhaustive_search_finds_one() {
    let mut found_free = 0;
    for (tile, w, ww, r, rw) in suite() {
        let cost = |sw: Swizzle| -> Option<u32> {
            let t = SmemTile {
                swizzle: Some(sw),
                ..tile.clone()
            };
            let a = bank_conflicts(&t, &w, ww, SmemOp::Store).ok()?;
            let b = bank_conflicts(&t, &r, rw, SmemOp::Load).ok()?;
            Some(a.iter().chain(&b).map(|i| i.conflicts()).sum())
        };
        let best = swizzle_candidates().filter_map(cost).min();
        let picked = pick_swizzle(&tile, (&w, ww), (&r, rw)).unwrap();
        assert_eq!(picked.map(|p| p.1), best, "{}", tile.layout);
        if let Some((sw, excess)) = picked {
            assert_eq!(cost(sw), Some(excess));
            found_free += usize::from(excess == 0);
        }
    }
    assert!(found_free >= 4, "{found_free}");
}

/// The addresses of every vector computed element by element: contiguous
/// and aligned, or `None` for an illegal access.
fn naive_addresses(tile: &SmemTile, tv: &Layout, vector_bytes: u32) -> Option<Vec<Vec<i64>>> {
    let threads = tv.mode(0).unwrap().size().unwrap();
    let values = tv.mode(1).unwrap().size().unwrap();
    let (eb, n) = (
        i64::from(tile.elem_bytes),
        i64::from(vector_bytes / tile.elem_bytes),
    );
    let mut out = Vec::new();
    for inst in 0..values / n {
        let mut addrs = Vec::new();
        for t in 0..threads {
            let at = |k: i64| {
                tile.byte_address(tv.call(t + threads * (inst * n + k)).unwrap())
                    .unwrap()
            };
            let first = at(0);
            if first % i64::from(vector_bytes) != 0 || (1..n).any(|k| at(k) != first + k * eb) {
                return None;
            }
            addrs.push(first);
        }
        out.push(addrs);
    }
    Some(out)
}

proptest! {
    /// The per-vector shortcut (one XOR constant over an aligned run) gives
    /// the addresses and the verdict of the element-by-element check.
    #[test]
    fn vector_addresses_equal_the_element_by_element_check(
        b in 0i64..4, m in 0i64..5, extra in 0i64..4, off in 0i64..64,
        rows in prop::sample::select(vec![4i64, 8, 16]), pad in 0i64..2,
        eb in prop::sample::select(vec![1u32, 2, 4]), vb in prop::sample::select(vec![4u32, 8, 16]),
        down in any::<bool>(),
    ) {
        prop_assume!(vb >= eb);
        let cols = 64 / i64::from(eb);
        let tile = SmemTile {
            offset: off,
            swizzle: Some(Swizzle::new(b, m, b + extra).unwrap()),
            ..SmemTile::new(l(&format!("({rows},{cols}):({},1)", cols + pad)), eb)
        };
        let n = i64::from(vb / eb);
        // 32 threads, each moving whole vectors along a row, rows or vector
        // columns first.
        let (tr, tc) = (rows.min(32), 32 / rows.min(32));
        prop_assume!(tc * n <= cols);
        let tv = if down {
            l(&format!("(({tr},{tc}),({n},{})):((1,{}),({rows},{}))", cols / (tc * n), rows * n, rows * n * tc))
        } else {
            l(&format!("(({tc},{tr}),({n},{})):(({},1),({rows},{}))", cols / (tc * n), rows * n, rows * n * tc))
        };
        let fast = instruction_addresses(&tile, &tv, vb).ok().map(|a| {
            a.into_iter().map(|i| i.into_iter().map(Option::unwrap).collect::<Vec<_>>()).collect::<Vec<_>>()
        });
        prop_assert_eq!(fast, naive_addresses(&tile, &tv, vb), "{} {}", tile.layout, tv);
    }

    #[test]
    fn a_tile_addresses_bytes_as_its_composed_layout_does(
        b in 0i64..4, m in 0i64..4, extra in 0i64..3, off in 0i64..64,
        rows in 1i64..9, cols in 1i64..17, eb in prop::sample::select(vec![1u32, 2, 4, 8]),
    ) {
        let sw = Swizzle::new(b, m, b + extra).unwrap();
        let layout = l(&format!("({rows},{cols}):({cols},1)"));
        let c = ComposedLayout::new(sw, off, layout.clone());
        let tile = SmemTile { offset: off, swizzle: Some(sw), ..SmemTile::new(layout, eb) };
        for i in 0..rows * cols {
            prop_assert_eq!(tile.byte_address(i).unwrap(), c.call(i).unwrap() * i64::from(eb));
        }
    }
}

#[test]
fn pick_swizzle_errors_where_no_swizzle_matters_and_none_where_none_is_legal() {
    let tile = SmemTile::new(l("(8,64):(64,1)"), 2);
    let rows = l("((8,4),8):((64,1),8)");
    // 64 threads: wrong whatever the swizzle.
    let e = pick_swizzle(&tile, (&l("(64,8):(1,64)"), 16), (&rows, 16)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.to_string().contains("64 threads"), "{e}");
    // 16-byte vectors down a column are never contiguous: no candidate is legal.
    let cols = l("(32,8):(8,1)");
    assert_eq!(pick_swizzle(&tile, (&rows, 16), (&cols, 16)).unwrap(), None);
    // A 32x32 f32 transpose needs five bits: Sw<5,0,5> makes it conflict-free.
    let t = SmemTile::new(l("(32,32):(32,1)"), 4);
    let (sw, excess) = pick_swizzle(&t, (&l("(32,32):(32,1)"), 4), (&l("(32,32):(1,32)"), 4))
        .unwrap()
        .unwrap();
    assert_eq!((sw.to_string(), excess), ("Sw<5,0,5>".to_string(), 0));
}

/// Whole realistic tiles within the cost caps: a 128x64 f16 and a 64x128
/// 8-bit tile, written along rows and read down them by 32 threads moving
/// 16-byte vectors (each candidate costs one check per vector).
#[test]
fn pick_swizzle_answers_whole_tiles_within_the_caps() {
    use layout_algebra::runtime::budget::{with_point_budget, MAX_POINTS};
    let cases = [
        (
            "(128,64):(64,1)",
            2,
            "((8,4),(8,32)):((1024,1),(128,4))",
            "((8,4),(8,16,2)):((1,1024),(128,8,4096))",
            "Sw<3,3,3>",
        ),
        (
            "(64,128):(128,1)",
            1,
            "((8,4),(16,16)):((1024,1),(64,4))",
            "((8,4),(16,8,2)):((1,1024),(64,8,4096))",
            "Sw<3,4,3>",
        ),
    ];
    for (smem, eb, w, r, want) in cases {
        let tile = SmemTile::new(l(smem), eb);
        let (sw, excess) =
            with_point_budget(MAX_POINTS, || pick_swizzle(&tile, (&l(w), 16), (&l(r), 16)))
                .unwrap()
                .unwrap();
        assert_eq!((sw.to_string(), excess), (want.to_string(), 0), "{smem}");
    }
}
