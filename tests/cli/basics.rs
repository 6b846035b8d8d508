//! The `layout` binary: each flag, batch mode with good and bad lines, exit
//! codes, and well-formed pictures with one cell per element.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_layout"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn layout");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_ref())
        .expect("write stdin");
    child.wait_with_output().expect("wait for layout")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}
fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

/// One expression, expecting success: its stdout.
fn ok(args: &[&str]) -> String {
    let o = run(args, "");
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

#[test]
fn single_expression_prints_cute_notation() {
    assert_eq!(ok(&["(4,(3,2)):(2,(8,1))"]), "(4,(3,2)):(2,(8,1))\n");
    assert_eq!(ok(&["(4,8)"]), "(4,8)\n");
    assert_eq!(ok(&["size((4,(3,2)))"]), "24\n");
    assert_eq!(ok(&["idx2crd(17, (4,(3,2)))"]), "(1,(1,1))\n");
    assert_eq!(ok(&["((4,8):(8,1))(1,2)"]), "10\n");
    // CuTe C++ and pycute: complement(4:2, 24) = (2,3):(1,8).
    assert_eq!(ok(&["complement(4:2, 24)"]), "(2,3):(1,8)\n");
    assert_eq!(ok(&["--", "24:1"]), "24:1\n");
}

#[test]
fn table_matches_cute_print_layout() {
    // CuTe C++ print_layout(Layout<Shape<_4,_8>,Stride<_8,_1>>{}) prints the
    // same grid (it writes static integers as _4 and a trailing space after
    // the column header).
    let expected = "\
(4,8):(8,1)
       0    1    2    3    4    5    6    7
    +----+----+----+----+----+----+----+----+
 0  |  0 |  1 |  2 |  3 |  4 |  5 |  6 |  7 |
    +----+----+----+----+----+----+----+----+
 1  |  8 |  9 | 10 | 11 | 12 | 13 | 14 | 15 |
    +----+----+----+----+----+----+----+----+
 2  | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23 |
    +----+----+----+----+----+----+----+----+
 3  | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31 |
    +----+----+----+----+----+----+----+----+
";
    assert_eq!(ok(&["--table", "(4,8):(8,1)"]), expected);
    // Hierarchical modes are indexed 1-D (CuTe: ((2,2),3):((1,6),2)).
    let t = ok(&["--table", "((2,2),3):((1,6),2)"]);
    assert!(t.contains(" 2  |  6 |  8 | 10 |\n"), "{t}");
    // A rank-1 layout is one column; a non-layout result prints as text.
    let t = ok(&["--table", "3:5"]);
    assert_eq!(t.lines().filter(|l| l.contains('|')).count(), 3, "{t}");
    assert!(t.contains(" 2  | 10 |"), "{t}");
    assert_eq!(ok(&["--table", "cosize(3:5)"]), "11\n");
}

#[test]
fn json_keeps_the_tuple_structure() {
    let cases = [
        (
            "(4,(3,2)):(2,(8,1))",
            r#"{"shape": [4, [3, 2]], "stride": [2, [8, 1]]}"#,
        ),
        ("(4):(2)", r#"{"shape": [4], "stride": [2]}"#),
        ("24:1", r#"{"shape": 24, "stride": 1}"#),
        ("size(24:1)", r#"{"value": 24}"#),
        ("idx2crd(17, (4,(3,2)))", r#"{"tuple": [1, [1, 1]]}"#),
        (
            "(4,8):(1@0,2@0@1)",
            r#"{"shape": [4, 8], "stride": [{"basis": [0], "value": 1}, {"basis": [1, 0], "value": 2}]}"#,
        ),
        ("(_,2)", r#"{"coord": [null, 2]}"#),
        (
            "slice_and_offset((_,2), (4,3):(1,4))",
            r#"{"layout": {"shape": [4], "stride": [1]}, "offset": 8}"#,
        ),
        (
            "slice_and_offset((_,1), (4,8):(1@0,1@1))",
            r#"{"layout": {"shape": [4], "stride": [{"basis": [0], "value": 1}]}, "offset": [0, 1]}"#,
        ),
        (
            "<4:1, (2,2):(1,4)>",
            r#"{"tiler": [{"shape": 4, "stride": 1}, {"shape": [2, 2], "stride": [1, 4]}]}"#,
        ),
        ("congruent((2,3),(4,5))", r#"{"value": true}"#),
    ];
    for (src, json) in cases {
        assert_eq!(ok(&["--json", src]), format!("{json}\n"), "{src}");
    }
    let o = run(&["--json", "composition((4,6,8):(2,3,5), 6:3)"], "");
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(
        out.starts_with(r#"{"error": {"kind": "stride_divisibility", "message": "composition: "#),
        "{out}"
    );
    let o = run(&["--json", "(4,8"], "");
    assert!(stdout(&o).starts_with(r#"{"error": {"kind": "parse", "message": "parse: "#));
}

#[test]
fn batch_mode_one_line_per_input_line_and_goes_on_after_errors() {
    let input = "24:1\nfoo(1)\n\ncomplement(4:2, 24)\n(4,8\ncomposition((4,6,8):(2,3,5), 6:3)\n  size( (4,8) )  \n";
    let o = run(&[], input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), input.lines().count(), "{out}");
    assert_eq!(lines[0], "24:1");
    assert!(lines[1]
        .starts_with("error: evaluate: invalid argument: at byte 0: unknown function 'foo'"));
    assert_eq!(lines[2], "");
    assert_eq!(lines[3], "(2,3):(1,8)");
    assert!(lines[4].starts_with("error: parse: "), "{}", lines[4]);
    assert!(
        lines[5].starts_with("error: composition: stride divisibility"),
        "{}",
        lines[5]
    );
    assert_eq!(lines[6], "32");

    // CRLF line ends, invalid UTF-8 and a last line without a newline.
    let o = run(&[], b"24:1\r\n\xff\xfe\n(4,8)");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "24:1\nerror: parse: malformed CuTe notation: at byte 0: expected UTF-8 text, found invalid bytes\n(4,8)\n"
    );

    let o = run(&["--json"], "24:1\nbad\n");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], r#"{"shape": 24, "stride": 1}"#);
    assert!(
        lines[1].starts_with(r#"{"error": {"kind": "parse""#),
        "{}",
        lines[1]
    );
}

#[test]
fn errors_exit_2_with_the_rule_or_a_caret() {
    let o = run(&["(4,8):(1,)"], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "error: parse: malformed CuTe notation: at byte 9: expected a stride (integer, v@N basis, or '('), found ')'\n  (4,8):(1,)\n           ^\n"
    );
    let o = run(&["composition((4,6,8):(2,3,5), 6:3)"], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: composition: stride divisibility"),
        "{err}"
    );
    assert!(err.contains("(4,6,8):(2,3,5)"), "{err}");
    // Usage errors.
    for args in [
        &["--bogus", "24:1"][..],
        &["--svg"],
        &["--table", "--json", "1:1"],
        &["--svg", "/tmp/x.svg"],
        &["1:1", "2:1"],
    ] {
        assert_eq!(run(args, "").status.code(), Some(2), "{args:?}");
    }
    let help = ok(&["--help"]);
    assert!(
        help.contains("--table") && help.contains("--tv TILE"),
        "{help}"
    );
    let forms = ok(&["--functions"]);
    for form in [
        "composition(A, B)",
        "get<I...>(L)",
        "make_layout(shape, LayoutRight{})",
    ] {
        assert!(forms.lines().any(|l| l == form), "{form} in {forms}");
    }
}

/// Tag balance, quoted attributes and escaped text: enough of XML
/// well-formedness to catch a broken picture.
fn assert_well_formed(doc: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = doc;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        assert!(!text.contains('>'), "stray '>' in text {text:?}");
        for (i, _) in text.match_indices('&') {
            let ent = &text[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;"]
                    .iter()
                    .any(|e| ent.starts_with(e)),
                "bare '&' in {text:?}"
            );
        }
        let gt = rest[lt..].find('>').expect("unterminated tag") + lt;
        let tag = &rest[lt + 1..gt];
        rest = &rest[gt + 1..];
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "mismatched </{name}>"
            );
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body.split_whitespace().next().expect("tag name");
        let attrs = body[name.len()..].trim();
        assert_eq!(
            attrs.matches('"').count() % 2,
            0,
            "unbalanced quotes in <{tag}>"
        );
        for part in attrs.split('"').step_by(2) {
            let part = part.trim();
            assert!(
                part.is_empty() || part.ends_with('='),
                "unquoted attribute in <{tag}>"
            );
        }
        if !self_closing {
            stack.push(name.to_string());
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
}

fn picture(flag: &str, args: &[&str]) -> String {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("layout-cli-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("out.{flag}"));
    let path = file.to_str().expect("utf-8 path");
    let mut all = vec![format!("--{flag}"), path.to_string()];
    all.extend(args.iter().map(|s| s.to_string()));
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    ok(&all);
    let doc = std::fs::read_to_string(&file).expect("picture written");
    std::fs::remove_dir_all(&dir).expect("clean up");
    doc
}

#[test]
fn svg_and_html_are_well_formed_with_one_cell_per_element() {
    for flag in ["svg", "html"] {
        let doc = picture(flag, &["(4,8):(8,1)"]);
        assert_well_formed(&doc);
        assert_eq!(doc.matches(r#"<g class="cell">"#).count(), 32, "{flag}");
        for v in 0..32 {
            assert!(
                doc.contains(&format!(">{v}</text></g>")),
                "{flag}: value {v}"
            );
        }
        assert!(doc.contains("(4,8):(8,1)"));
    }
    let doc = picture("html", &["(2,3):(1@0,1@1)"]);
    assert_well_formed(&doc);
    assert!(doc.starts_with("<!DOCTYPE html>"));
    assert!(doc.contains(">(1,2)</text>"), "{doc}");
    assert_well_formed(&picture("svg", &["complement(4:2, 24)"]));
}

#[test]
fn thread_value_pictures_label_and_color_by_thread() {
    // 4 threads x 2 values over a 4x2 tile: thread t holds (t,0) and (t,1).
    let doc = picture("svg", &["--tv", "(4,2)", "(4,2):(1,4)"]);
    assert_well_formed(&doc);
    assert_eq!(doc.matches(r#"<g class="cell">"#).count(), 8);
    for t in 0..4 {
        for v in 0..2 {
            assert!(doc.contains(&format!(">T{t}</text>")), "T{t}");
            assert!(doc.contains(&format!(">V{v}</text>")), "V{v}");
        }
    }
    // Cells of one thread share a color; different threads differ.
    let fills: Vec<&str> = doc
        .split(r#"<g class="cell">"#)
        .skip(1)
        .map(|c| {
            c.split("fill=\"")
                .nth(1)
                .expect("fill")
                .split('"')
                .next()
                .expect("color")
        })
        .collect();
    assert_eq!(fills[0], fills[1]);
    assert_ne!(fills[0], fills[2]);
    // An offset outside the tile is an error, exit 2.
    let o = run(
        &["--svg", "/tmp/never.svg", "--tv", "(2,2)", "(4,2):(1,4)"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("outside the tile"), "{}", stderr(&o));
    assert!(!std::path::Path::new("/tmp/never.svg").exists());
    // A failed drawing prints nothing on stdout.
    assert_eq!(stdout(&o), "");
}

#[test]
fn shared_tv_cells_list_every_owner() {
    // Thread stride 0: all 4 threads own offset v, so the cells (0,0) and
    // (1,0) of the 2x2 tile list four (thread, value) pairs each.
    let doc = picture("svg", &["--tv", "(2,2)", "(4,2):(0,1)"]);
    assert_well_formed(&doc);
    let cells: Vec<&str> = doc.split(r#"<g class="cell">"#).skip(1).collect();
    assert_eq!(cells.len(), 4);
    for (cell, v) in [(cells[0], 0), (cells[2], 1)] {
        for t in 0..4 {
            assert!(
                cell.contains(&format!(">T{t} V{v}</text>")),
                "T{t} V{v} in {cell}"
            );
        }
    }
    // Cells nobody owns stay empty; a cell with one owner keeps two lines.
    assert!(!cells[1].contains("<text"), "{}", cells[1]);
    let doc = picture("svg", &["--tv", "(4,2)", "(4,2):(1,4)"]);
    assert!(doc.contains(">T0</text>") && doc.contains(">V0</text>"));
}

#[test]
fn bare_shapes_are_drawn_as_their_compact_layout() {
    assert_eq!(ok(&["--table", "(2,3)"]), ok(&["--table", "(2,3):(1,2)"]));
    assert!(ok(&["--table", "(2,3)"]).starts_with("(2,3):(1,2)\n"));
    let doc = picture("svg", &["(2,3)"]);
    assert_eq!(doc.matches(r#"<g class="cell">"#).count(), 6);
    assert!(doc.contains("(2,3) = (2,3):(1,2)"), "{doc}");
    // An integer result stays a number.
    assert_eq!(ok(&["--table", "size((2,3))"]), "6\n");
    let o = run(&["--table"], "(2,2)\n");
    assert!(stdout(&o).starts_with("(2,2):(1,2)\n"), "{}", stdout(&o));
}

#[test]
fn version_and_batch_comments() {
    assert_eq!(
        ok(&["--version"]),
        format!("layout {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(ok(&["-V"]), ok(&["--version"]));
    // A comment line gives a blank line, a trailing comment is ignored.
    let o = run(
        &[],
        "# sizes\nsize((4,8))  # 32\n\n  # indented\nrank((4,8))\n",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "\n32\n\n\n2\n");
    let o = run(&["--json"], "# c\nsize(4) # four\n");
    assert_eq!(stdout(&o), "\n{\"value\": 4}\n");
}

/// Split a shell command line on spaces, honoring single quotes.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

#[test]
fn readme_calculator_examples_are_real_output() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let section = readme
        .split("## Calculator")
        .nth(1)
        .expect("Calculator section");
    let mut checked = 0;
    for block in section.split("```text\n").skip(1) {
        let block = block.split("```").next().expect("closed block");
        for example in block.split("$ ").skip(1) {
            let (command, expected) = example.split_once('\n').expect("command line");
            let (stdin, command) = match command.split_once(" | ") {
                Some((printf, cmd)) => {
                    let text = shell_words(printf)[1].replace("\\n", "\n");
                    (text, cmd)
                }
                None => (String::new(), command),
            };
            let words = shell_words(command);
            assert_eq!(words[0], "layout", "{command}");
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let o = run(&args, &stdin);
            let got = format!("{}{}", stdout(&o), stderr(&o));
            assert_eq!(got, expected, "README example: {command}");
            checked += 1;
        }
    }
    assert!(checked >= 17, "only {checked} README examples found");
}
