//! Hostile input to the `layout` binary: a non-UTF-8 argument, a reader
//! that closes the pipe early, inputs whose cost is capped, and input nested
//! past the parser's limit.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

fn run(args: &[&[u8]], stdin: &[u8]) -> Output {
    #[cfg(unix)]
    let args = args.iter().map(|a| {
        use std::os::unix::ffi::OsStrExt;
        std::ffi::OsStr::from_bytes(a).to_owned()
    });
    #[cfg(not(unix))]
    let args = args
        .iter()
        .map(|a| std::ffi::OsString::from(String::from_utf8_lossy(a).into_owned()));
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
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("wait for layout")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("utf-8 output")
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_a_usage_error() {
    let o = run(&[b"\xff"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("error: argument 1 is not UTF-8 text"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let o = run(&[b"--table", b"(4\xff"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("argument 2 is not UTF-8"));
}

/// Read one line of stdout, close the pipe, and return the exit status and stderr.
fn close_after_first_line(args: &[&str], stdin: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_layout"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn layout");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin).expect("write stdin");
    drop(input);
    let mut out = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    out.read_exact(&mut first).expect("some output");
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("read stderr");
    (child.wait().expect("wait").code(), err)
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    // `layout --table '(256,256):(1,256)' | head -1` panicked on EPIPE.
    let (code, err) = close_after_first_line(&["--table", "(256,256):(1,256)"], b"");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "");
    // The same in batch mode, with more output than a pipe buffers.
    let lines = "(256,256):(1,256)\n".repeat(2000);
    let (code, err) = close_after_first_line(&["--table"], lines.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "");
}

#[test]
fn a_table_past_the_text_cap_is_refused_before_it_is_written() {
    // This table was 472 MB of output.
    let o = run(
        &[
            b"--table",
            b"(256,256):(1@255@255@255@255,1@254@254@254@254)",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stdout), "");
    let err = text(&o.stderr);
    assert!(
        err.starts_with("error: print_layout: one evaluation must stay within its cost caps"),
        "{err}"
    );
    assert!(err.contains("4194304 bytes"), "{err}");
}

#[test]
fn batch_lines_past_a_cap_report_limit_and_the_run_goes_on() {
    let ones = vec!["1"; 50_000].join(",");
    let input = format!(
        "make_layout(left_inverse((2,2):(0,1)), left_inverse((1024,1024):(0,1)))\nsize(({ones}))\nsize((4,8))\n"
    );
    let o = run(&[b"--json"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for l in &lines[..2] {
        assert!(l.starts_with(r#"{"error": {"kind": "limit""#), "{l}");
    }
    assert_eq!(lines[2], r#"{"value": 32}"#);
}

/// `Sw<3,4,3> o ` repeated 5,000 times before a layout: 60 kB of text that
/// overflowed the stack (exit 134, the whole batch lost). Each inner layout
/// is one level of nesting, so this is the nesting error at the 65th `o`.
fn swizzle_chain() -> String {
    format!("{}8:1", "Sw<3,4,3> o ".repeat(5000))
}

/// The nesting error at byte `at`.
fn too_deep(at: usize) -> String {
    format!(
        "parse: malformed CuTe notation: at byte {at}: expected at most 64 levels of nesting, found deeper nesting"
    )
}

/// The 65th `o` of the chain: 64 prefixes of 12 bytes, then `Sw<3,4,3> `.
const AT: usize = 64 * 12 + 10;

#[test]
fn a_swizzle_chain_in_a_batch_is_a_nesting_error_and_the_run_goes_on() {
    let input = format!(
        "size((4,8))\n{}\nSw<3,4,3> o (8,64):(64,1)\n",
        swizzle_chain()
    );
    let o = run(&[b"--json"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], r#"{"value": 32}"#);
    assert_eq!(
        lines[1],
        format!(
            r#"{{"error": {{"kind": "parse", "message": "{}"}}}}"#,
            too_deep(AT)
        )
    );
    assert!(
        lines[2].contains("Sw<3,4,3> o 0 o (8,64):(64,1)"),
        "{}",
        lines[2]
    );
    // Without --json the error line is `error:` and the message.
    let o = run(&[], input.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "32",
            &format!("error: {}", too_deep(AT)),
            "Sw<3,4,3> o 0 o (8,64):(64,1)"
        ]
    );
}

#[test]
fn a_swizzle_chain_as_an_argument_is_a_nesting_error() {
    let chain = swizzle_chain();
    let (tile, tv) = ("(8,64):(64,1)", "((8,4),8):((1,64),8)");
    let banks = |smem: &str, access: &str| {
        [
            "--banks",
            smem,
            "--elem-bytes",
            "2",
            "--access",
            access,
            "--vec-bytes",
            "16",
        ]
        .map(String::from)
        .to_vec()
    };
    let pick = [
        "--pick-swizzle",
        tile,
        "--elem-bytes",
        "2",
        "--writer",
        tv,
        "--reader",
        &chain,
        "--vec-bytes",
        "16",
    ];
    let cases: [(Vec<String>, usize); 7] = [
        (vec![chain.clone()], AT),
        (vec!["--table".into(), chain.clone()], AT),
        (vec!["--svg".into(), "/dev/null".into(), chain.clone()], AT),
        (banks(tile, &chain), AT),
        (pick.map(String::from).to_vec(), AT),
        // The tile's own `Sw<..> o` is not nested: the error is one `o` later.
        (banks(&chain, tv), AT + 12),
        (vec!["--json".into(), chain.clone()], AT),
    ];
    for (args, at) in cases {
        let o = run(&args.iter().map(|a| a.as_bytes()).collect::<Vec<_>>(), b"");
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        // The flags, and the chain cut short: the messages stay readable.
        let shown: Vec<&str> = args.iter().map(|a| &a[..a.len().min(24)]).collect();
        let first = (out.lines().next(), err.lines().next());
        assert_eq!(o.status.code(), Some(2), "{shown:?}: {first:?}");
        let json = format!(
            r#"{{"error": {{"kind": "parse", "message": "{}"}}}}"#,
            too_deep(at)
        );
        let plain = format!("error: {}", too_deep(at));
        assert!(
            first == (Some(json.as_str()), None) || first.1 == Some(plain.as_str()),
            "{shown:?}: {first:?}"
        );
    }
}
