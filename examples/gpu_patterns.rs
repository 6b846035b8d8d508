//! Writes `benches/gpu/patterns.csv`: the shared-memory access patterns whose
//! bank conflicts `benches/gpu/run.sh` measures on an NVIDIA GPU. Each row is
//! one warp-wide instruction: `name,op,width,a0,...,a31` with the byte address
//! of each thread computed by the library (`-1`: thread inactive).
//!
//! Run: `cargo run --example gpu_patterns [PATH]` (default `benches/gpu/patterns.csv`).

use layout_algebra::runtime::banks::{instruction_addresses, SmemTile};
use layout_algebra::runtime::{Layout, Swizzle};
use std::fmt::Write as _;

/// A row-major tile of 32 rows: `cols` elements of `eb` bytes, row stride `ld` elements.
fn tile(cols: i64, ld: i64, eb: u32, sw: Option<Swizzle>) -> SmemTile {
    let layout: Layout = format!("(32,{cols}):({ld},1)")
        .parse()
        .expect("tile layout");
    SmemTile {
        swizzle: sw,
        ..SmemTile::new(layout, eb)
    }
}

/// The thread-value layout of a warp: `by_rows` lets consecutive threads take
/// consecutive vectors along a row (then the next row); otherwise consecutive
/// threads go down a column, each reading one vector of its row. Tile index of
/// (row r, col c) is `r + 32 c` (the tile's column-major domain).
fn tv(cols: i64, vec: i64, by_rows: bool) -> Option<Layout> {
    let per_row = cols / vec;
    let s = if by_rows {
        if per_row >= 32 {
            format!("(32,{vec}):({},32)", 32 * vec)
        } else {
            format!("(({per_row},{}),{vec}):(({},1),32)", 32 / per_row, 32 * vec)
        }
    } else {
        format!("(32,{vec}):(1,32)")
    };
    (per_row > 0 && (per_row >= 32 || 32 % per_row == 0)).then(|| s.parse().expect("tv layout"))
}

fn push(out: &mut String, name: &str, op: &str, width: u32, addrs: &[Option<i64>]) {
    write!(out, "{name},{op},{width}").unwrap();
    for a in addrs {
        write!(out, ",{}", a.unwrap_or(-1)).unwrap();
    }
    out.push('\n');
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "benches/gpu/patterns.csv".into());
    let mut out = String::from("name,op,width");
    for t in 0..32 {
        write!(out, ",a{t}").unwrap();
    }
    out.push('\n');
    let mut n = 0;
    // Plain and padded tiles, f16/f32, 64/128/256-byte rows, by rows and by columns.
    for eb in [2u32, 4] {
        for row_bytes in [64i64, 128, 256] {
            for pad_bytes in [0i64, 4, 16] {
                for width in [4u32, 8, 16] {
                    for by_rows in [true, false] {
                        let cols = row_bytes / i64::from(eb);
                        let ld = cols + pad_bytes / i64::from(eb);
                        let vec = i64::from(width / eb);
                        let (Some(tv), t) = (tv(cols, vec, by_rows), tile(cols, ld, eb, None))
                        else {
                            continue;
                        };
                        let Ok(insts) = instruction_addresses(&t, &tv, width) else {
                            continue;
                        };
                        for op in ["ld", "st"] {
                            let dir = if by_rows { "rows" } else { "cols" };
                            let name =
                                format!("f{}_{row_bytes}B_pad{pad_bytes}_{dir}_v{width}", eb * 8);
                            push(&mut out, &name, op, width, &insts[0]);
                            n += 1;
                        }
                    }
                }
            }
        }
    }
    // Swizzled f16 tiles with 128-byte rows read down columns: Sw<1..3, 0..4, 3..5>.
    for b in 1..=3 {
        for m in 0..=4 {
            for s in 3..=5 {
                let sw = Swizzle::new(b, m, s).expect("swizzle");
                for width in [4u32, 8, 16] {
                    let (t, tv) = (
                        tile(64, 64, 2, Some(sw)),
                        tv(64, i64::from(width / 2), false),
                    );
                    let Some(Ok(insts)) = tv.map(|tv| instruction_addresses(&t, &tv, width)) else {
                        continue;
                    };
                    push(
                        &mut out,
                        &format!("f16_128B_{sw}_cols_v{width}").replace(',', "."),
                        "ld",
                        width,
                        &insts[0],
                    );
                    n += 1;
                }
            }
        }
    }
    // ldmatrix-like: 32 threads give the 16-byte row addresses of four 8x8 f16
    // matrices of a 16x16 tile (thread t: row t%16, column block t/16), plain and Sw<B,3,3>.
    for (label, sw) in [
        ("plain", None),
        ("Sw1", Some(1)),
        ("Sw2", Some(2)),
        ("Sw3", Some(3)),
    ] {
        for row_bytes in [32i64, 64, 128] {
            let sw = sw.map(|b| Swizzle::new(b, 3, 3).expect("swizzle"));
            let t = tile(row_bytes / 2, row_bytes / 2, 2, sw);
            let tv: Layout = "((16,2),8):((1,256),32)".parse().expect("ldmatrix tv");
            let Ok(insts) = instruction_addresses(&t, &tv, 16) else {
                continue;
            };
            for op in ["ld", "st"] {
                push(
                    &mut out,
                    &format!("ldmatrix_{label}_{row_bytes}B"),
                    op,
                    16,
                    &insts[0],
                );
                n += 1;
            }
        }
    }
    // Broadcasts: groups of g threads share one address (same word), for each width.
    for width in [4u32, 8, 16] {
        for g in [2i64, 4, 8, 32] {
            let addrs: Vec<Option<i64>> = (0..32).map(|t| Some(t / g * i64::from(width))).collect();
            push(
                &mut out,
                &format!("broadcast_g{g}_v{width}"),
                "ld",
                width,
                &addrs,
            );
            let strided: Vec<Option<i64>> = (0..32).map(|t| Some(t / g * 128)).collect();
            push(
                &mut out,
                &format!("broadcast_g{g}_stride128_v{width}"),
                "ld",
                width,
                &strided,
            );
            let half: Vec<Option<i64>> = (0..32)
                .map(|t| (t % 2 == 0).then_some(t * 128 / g))
                .map(|a| a.map(|a| a / i64::from(width) * i64::from(width)))
                .collect();
            push(
                &mut out,
                &format!("half_active_g{g}_v{width}"),
                "ld",
                width,
                &half,
            );
            n += 3;
        }
    }
    // Stores of the broadcast patterns: several threads writing one word.
    for width in [4u32, 8, 16] {
        for g in [2i64, 8, 32] {
            let addrs: Vec<Option<i64>> = (0..32).map(|t| Some(t / g * i64::from(width))).collect();
            push(
                &mut out,
                &format!("broadcast_g{g}_v{width}"),
                "st",
                width,
                &addrs,
            );
            n += 1;
        }
    }
    // Phases: what a 64-bit (half-warp) or 128-bit (quarter-warp) access shares
    // across its phases. `same`: every phase touches the same 128 bytes;
    // `split`: only the first few threads of each phase are active, each phase
    // on its own 128/phases bytes of one 128-byte line (disjoint banks);
    // `lone`: one thread per phase, all on bank 0 of different lines, or on
    // different banks of one line.
    for width in [8u32, 16] {
        let w = i64::from(width);
        let per_phase = i64::from(128 / width);
        let phases = 32 / per_phase;
        let share = per_phase / phases;
        let same: Vec<Option<i64>> = (0..32).map(|t| Some(t % per_phase * w)).collect();
        let split: Vec<Option<i64>> = (0..32)
            .map(|t| (t % per_phase < share).then_some((t / per_phase * share + t % per_phase) * w))
            .collect();
        let lone_rows: Vec<Option<i64>> = (0..32)
            .map(|t| (t % per_phase == 0).then_some(t / per_phase * 128))
            .collect();
        let lone_banks: Vec<Option<i64>> = (0..32)
            .map(|t| (t % per_phase == 0).then_some(t / per_phase * w))
            .collect();
        for op in ["ld", "st"] {
            for (label, addrs) in [
                ("same", &same),
                ("split", &split),
                ("lone_rows", &lone_rows),
                ("lone_banks", &lone_banks),
            ] {
                push(
                    &mut out,
                    &format!("phase_{label}_v{width}"),
                    op,
                    width,
                    addrs,
                );
                n += 1;
            }
        }
    }
    // Packing of loads: pairs of threads t, t^m with one address. `xor1`: pairs
    // (t, t^1) agree except one pair (or one thread inactive); `xor2`: T0 = T2,
    // T1 = T3, ...; `xor3`: T0 = T3, T1 = T2 (not a packing pair);
    // `two_lines`: pairs agree, and packing puts two lines in one phase;
    // `halves_v16`: which half-warps a packed 128-bit load serves together.
    let pair =
        |f: &dyn Fn(i64) -> i64| -> Vec<Option<i64>> { (0..32).map(|t| Some(f(t))).collect() };
    let mut packing: Vec<(String, u32, Vec<Option<i64>>)> = Vec::new();
    for width in [8u32, 16] {
        let w = i64::from(width);
        let mut broken = pair(&|t| t / 2 * w);
        broken[31] = Some(0);
        let mut one_off = pair(&|t| t / 2 * w);
        one_off[31] = None;
        let per_line = 128 / (2 * w);
        packing.extend(
            [
                ("xor1_broken", broken),
                ("xor1_one_inactive", one_off),
                ("xor2", pair(&|t| ((t >> 2) * 2 + (t & 1)) * w)),
                (
                    "xor3",
                    pair(&|t| ((t >> 2) * 2 + ((t & 1) ^ ((t >> 1) & 1))) * w),
                ),
                (
                    "two_lines",
                    pair(&|t| t / 2 / per_line * 128 + t / 2 % per_line * w),
                ),
            ]
            .map(|(label, a)| (format!("pack_{label}_v{width}"), width, a)),
        );
    }
    // Pairs p = t/2: p 0..3 on bank 0 of lines 0..3, p 4..7 on line 0 at 16..79,
    // p 8..11 on bank 0 of lines 4..7, p 12..15 at 80, 96, 112 and 144.
    let halves = [
        0, 128, 256, 384, 16, 32, 48, 64, 512, 640, 768, 896, 80, 96, 112, 144,
    ];
    packing.push((
        "pack_halves_v16".into(),
        16,
        pair(&|t| halves[(t / 2) as usize]),
    ));
    for (name, width, addrs) in &packing {
        for op in ["ld", "st"] {
            push(&mut out, name, op, *width, addrs);
            n += 1;
        }
    }
    std::fs::write(&path, out).expect("write patterns");
    eprintln!("{n} patterns written to {path}");
}
