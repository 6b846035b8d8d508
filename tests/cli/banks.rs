//! `layout --banks` and `layout --pick-swizzle`: the bank-conflict model per
//! instruction, swizzle selection, their JSON, and their usage errors.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_layout"))
        .args(args)
        .output()
        .expect("run layout")
}

fn ok(args: &[&str]) -> String {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    String::from_utf8(o.stdout).expect("utf-8 stdout")
}

/// Expect status 2 and a message on stderr containing `needle`.
fn fails(args: &[&str], needle: &str) -> String {
    let o = run(args);
    let err = String::from_utf8(o.stderr).expect("utf-8 stderr");
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    err
}

/// An f16 tile of 8 rows of 128 bytes; 16-byte reads down the rows, 8 threads per column block.
const TILE: &str = "(8,64):(64,1)";
const DOWN: &str = "((8,4),8):((1,64),8)";
const ALONG: &str = "((8,4),8):((64,1),8)";

#[test]
fn banks_reports_each_instruction_and_the_total() {
    let plain = ok(&[
        "--banks",
        TILE,
        "--elem-bytes",
        "2",
        "--access",
        DOWN,
        "--vec-bytes",
        "16",
    ]);
    assert_eq!(
        plain,
        "instruction 0: 32 wavefronts, ideal 4, 8-way bank conflict\n\
         total: 32 wavefronts, ideal 4, 28 bank conflicts, worst 8-way\n"
    );
    // Sw<3,3,3> on f16 elements makes the same reads conflict-free; CuTe's printed form reads too.
    for smem in [
        "Sw<3,3,3> o (8,64):(64,1)",
        "Sw<_3,_3,_3> o _0 o (_8,_64):(_64,_1)",
    ] {
        let sw = ok(&[
            "--banks",
            smem,
            "--elem-bytes",
            "2",
            "--access",
            DOWN,
            "--vec-bytes",
            "16",
        ]);
        assert_eq!(
            sw,
            "instruction 0: 4 wavefronts, ideal 4, conflict-free\n\
             total: 4 wavefronts, ideal 4, 0 bank conflicts, worst 1-way\n"
        );
    }
    // A 32x32 f32 tile read down columns, one instruction per column: 32-way; padded to 33: 1-way.
    let cols = [
        "--elem-bytes",
        "4",
        "--access",
        "(32,32):(1,32)",
        "--vec-bytes",
        "4",
    ];
    let out = ok(&[&["--banks", "(32,32):(32,1)"][..], &cols].concat());
    assert_eq!(out.lines().count(), 33);
    assert!(out
        .lines()
        .take(32)
        .all(|l| l.ends_with("32 wavefronts, ideal 1, 32-way bank conflict")));
    let padded = ok(&[&["--banks", "(32,32):(33,1)"][..], &cols].concat());
    assert!(padded.ends_with("total: 32 wavefronts, ideal 32, 0 bank conflicts, worst 1-way\n"));
}

#[test]
fn loads_in_pairs_are_packed_and_stores_are_not() {
    // 32 threads, each pair loading the same 16 bytes of one 256-byte row.
    let args = [
        "--banks",
        "(1,128):(128,1)",
        "--elem-bytes",
        "2",
        "--access",
        "((2,16),8):((0,8),1)",
        "--vec-bytes",
        "16",
    ];
    assert_eq!(
        ok(&args).lines().next(),
        Some("instruction 0: 2 wavefronts, ideal 2, conflict-free, packed load")
    );
    let store = ok(&[&args[..], &["--op", "st"]].concat());
    assert_eq!(
        store.lines().next(),
        Some("instruction 0: 4 wavefronts, ideal 4, conflict-free")
    );
}

#[test]
fn banks_json_is_one_object() {
    let out = ok(&[
        "--json",
        "--banks",
        TILE,
        "--elem-bytes",
        "2",
        "--access",
        DOWN,
        "--vec-bytes",
        "16",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["instructions"][0]["degree"], 8);
    assert_eq!(
        (
            v["wavefronts"].clone(),
            v["ideal"].clone(),
            v["bank_conflicts"].clone()
        ),
        (32.into(), 4.into(), 28.into())
    );
    assert_eq!(v["instructions"][0]["packed"], false);
}

#[test]
fn pick_swizzle_names_the_swizzle_and_both_sides() {
    let out = ok(&[
        "--pick-swizzle",
        TILE,
        "--elem-bytes",
        "2",
        "--writer",
        ALONG,
        "--reader",
        DOWN,
        "--vec-bytes",
        "16",
    ]);
    assert_eq!(
        out,
        "Sw<3,3,3> o 0 o (8,64):(64,1)\n\
         writer (st, 16 bytes): 4 wavefronts, ideal 4, 0 bank conflicts, worst 1-way\n\
         reader (ld, 16 bytes): 4 wavefronts, ideal 4, 0 bank conflicts, worst 1-way\n"
    );
    // A 32x32 f32 transpose: rows written 4 bytes at a time, columns read.
    let t = ok(&[
        "--pick-swizzle",
        "(32,32):(32,1)",
        "--elem-bytes",
        "4",
        "--writer",
        "(32,32):(32,1)",
        "--reader",
        "(32,32):(1,32)",
        "--vec-bytes",
        "4",
    ]);
    assert_eq!(t.lines().next(), Some("Sw<5,0,5> o 0 o (32,32):(32,1)"));
    // Different widths per side; JSON. Half-warps of 8-byte reads cover two
    // 8-byte columns of 8 rows, and a swizzle that keeps the 16-byte writes
    // contiguous moves whole 16-byte chunks: 2-way at best (Sw<2,4,2>).
    let j = ok(&[
        "--json",
        "--pick-swizzle",
        TILE,
        "--elem-bytes",
        "2",
        "--writer",
        ALONG,
        "--writer-vec-bytes",
        "16",
        "--reader",
        DOWN,
        "--reader-vec-bytes",
        "8",
    ]);
    let v: serde_json::Value = serde_json::from_str(&j).expect("one JSON object");
    assert_eq!(
        (v["swizzle"].as_str(), v["bank_conflicts"].as_u64()),
        (Some("Sw<2,4,2>"), Some(4)),
        "{j}"
    );
    assert_eq!(v["layout"], "Sw<2,4,2> o 0 o (8,64):(64,1)");
    assert_eq!(
        (
            v["writer"]["bank_conflicts"].as_u64(),
            v["reader"]["degree"].as_u64()
        ),
        (Some(0), Some(2))
    );
    assert_eq!(
        v["reader"]["instructions"].as_array().map(Vec::len),
        Some(2)
    );
}

#[test]
fn errors_name_the_rule_or_the_flag() {
    let base = ["--elem-bytes", "2", "--access", DOWN, "--vec-bytes", "16"];
    fails(
        &["--banks", TILE, "--elem-bytes", "2", "--access", DOWN],
        "--banks needs --vec-bytes",
    );
    fails(
        &["--access", DOWN],
        "--access applies to --banks or --pick-swizzle",
    );
    fails(
        &[&["--banks", TILE, "--vec-bytes", "8"][..], &base].concat(),
        "--vec-bytes given twice",
    );
    fails(
        &[&["--banks", TILE, "--op", "ldd"][..], &base].concat(),
        "--op is ld or st",
    );
    fails(
        &[&["--banks", TILE, "--table"][..], &base].concat(),
        "take no expression, --table",
    );
    fails(
        &[
            "--banks",
            TILE,
            "--elem-bytes",
            "0",
            "--access",
            DOWN,
            "--vec-bytes",
            "16",
        ],
        "positive number of bytes",
    );
    fails(
        &[
            "--banks",
            TILE,
            "--elem-bytes",
            "2",
            "--access",
            DOWN,
            "--vec-bytes",
            "12",
        ],
        "access width 12 bytes",
    );
    fails(
        &[
            "--banks",
            TILE,
            "--elem-bytes",
            "2",
            "--access",
            "(64,8):(1,64)",
            "--vec-bytes",
            "16",
        ],
        "has 64 threads",
    );
    fails(
        &[
            "--banks",
            TILE,
            "--elem-bytes",
            "2",
            "--access",
            "(32,8):(8,1)",
            "--vec-bytes",
            "16",
        ],
        "not contiguous",
    );
    // Past the cost caps: the error kind `limit`.
    fails(
        &[
            "--banks",
            TILE,
            "--elem-bytes",
            "2",
            "--access",
            "(32,65536):(1,0)",
            "--vec-bytes",
            "2",
        ],
        "cost caps",
    );
    // A parse error points into the argument it is in.
    let e = fails(
        &[&["--banks", "Sw<3,4,2> o (8,64):(64,1)"][..], &base].concat(),
        "|S| must be at least B",
    );
    assert!(e.contains("\n  Sw<3,4,2> o (8,64):(64,1)\n  ^"), "{e}");
    let e = fails(
        &[
            "--banks",
            TILE,
            "--elem-bytes",
            "2",
            "--access",
            "((8,4),8):((1,64),8",
            "--vec-bytes",
            "16",
        ],
        "at byte 19",
    );
    assert!(
        e.contains("\n  ((8,4),8):((1,64),8\n                     ^"),
        "{e}"
    );
    fails(
        &[
            "--pick-swizzle",
            "Sw<3,3,3> o (8,64):(64,1)",
            "--elem-bytes",
            "2",
            "--writer",
            ALONG,
            "--reader",
            DOWN,
            "--vec-bytes",
            "16",
        ],
        "already has Sw<3,3,3>",
    );
    fails(
        &[
            "--pick-swizzle",
            TILE,
            "--elem-bytes",
            "2",
            "--writer",
            ALONG,
            "--reader",
            DOWN,
        ],
        "needs --vec-bytes or --writer-vec-bytes",
    );
    fails(
        &[
            "--pick-swizzle",
            TILE,
            "--elem-bytes",
            "2",
            "--writer",
            ALONG,
            "--reader",
            "(32,8):(8,1)",
            "--vec-bytes",
            "16",
        ],
        "no Sw<B,M,S> of the search",
    );
    // With --json the error is also an object on stdout.
    let o = run(&[
        "--json",
        "--banks",
        TILE,
        "--elem-bytes",
        "2",
        "--access",
        "(32,8):(8,1)",
        "--vec-bytes",
        "16",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON error");
    assert_eq!(v["error"]["kind"], "divisibility");
}

/// `--table` of a composed layout: its values on the inner layout's grid, as
/// CuTe C++'s `print_layout(composition(Swizzle<1,0,1>{}, Layout<Shape<_2,_2>,Stride<_2,_1>>{}))`.
#[test]
fn composed_layout_table_as_cute() {
    assert_eq!(
        ok(&["--table", "Sw<1,0,1> o 0 o (2,2):(2,1)"]),
        "Sw<1,0,1> o 0 o (2,2):(2,1)
      0   1
    +---+---+
 0  | 0 | 1 |
    +---+---+
 1  | 3 | 2 |
    +---+---+
"
    );
}

/// `--svg` of a composed layout draws the same values as its table; with
/// `--tv` a composed thread-value layout places `(t, v)` at its swizzled offset.
#[test]
fn composed_layout_picture() {
    let dir = std::env::temp_dir().join(format!("layout-composed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("c.svg");
    let svg_arg = svg.to_str().unwrap();
    let cells = |args: &[&str]| {
        ok(args);
        let text = std::fs::read_to_string(&svg).unwrap();
        text.split("<g class=\"cell\">")
            .skip(1)
            .map(|c| {
                c.split("text-anchor=\"middle\">")
                    .skip(1)
                    .map(|t| t.split('<').next().unwrap())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
    };
    let sw = "Sw<1,0,1> o 0 o (2,2):(2,1)";
    assert_eq!(cells(&["--svg", svg_arg, sw]), ["0", "1", "3", "2"]);
    // Thread t, value v at Sw(2t + v): offsets 0, 1, 3, 2; the 2x2 tile is
    // column-major, so row 0 holds offsets 0 and 2, row 1 offsets 1 and 3.
    assert_eq!(
        cells(&["--tv", "(2,2)", "--svg", svg_arg, sw]),
        ["T0 V0", "T1 V1", "T0 V1", "T1 V0"]
    );
    // Unswizzled, the same thread-value layout is row by row.
    assert_eq!(
        cells(&["--tv", "(2,2)", "--svg", svg_arg, "(2,2):(2,1)"]),
        ["T0 V0", "T1 V0", "T0 V1", "T1 V1"]
    );
    // Thread t owns row t of an f16 Sw<3,3,3> o (8,64):(64,1) tile, offset 64t + c
    // for its value c; the picture's (8,64) tile is column-major, offset o in
    // cell (o % 8, o / 8). Row 1's 16-byte vectors move by one: offset 64 holds
    // its value 8, offset 72 its value 0; row 0 stays.
    let tile = cells(&[
        "--tv",
        "(8,64)",
        "--svg",
        svg_arg,
        "Sw<3,3,3> o 0 o (8,(8,8)):(64,(1,8))",
    ]);
    let at = |o: usize| tile[(o % 8) * 64 + o / 8].as_str();
    assert_eq!(tile.len(), 512);
    assert_eq!(
        (at(8), at(64), at(72), at(64 + 15)),
        ("T0 V8", "T1 V8", "T1 V0", "T1 V7")
    );
    fails(
        &["--tv", "(2,2)", "--svg", svg_arg, "Sw<1,0,1> o 0 o (2,2,2)"],
        "a thread-value layout has rank 2",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
