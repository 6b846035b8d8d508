//! `layout serve` through real HTTP on 127.0.0.1: the API's answers equal
//! the calculator's, bad input gets a 4xx with its message, oversized and
//! hostile requests are bounded, and the server goes on serving after them.
//! Also the page's palette (WCAG AA contrast) and, where `chromium` is
//! installed, the page in a headless browser.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// A running `layout serve --addr 127.0.0.1:0`, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_layout"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn layout serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the address line");
        let addr = line
            .trim()
            .strip_prefix("layout serve: http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// Send `head` (request line and headers, without the blank line; a
    /// `Host` and `Connection: close` are added unless `raw`) and `body`.
    fn send(&self, head: &str, body: &[u8], raw: bool) -> Response {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut req = head.to_string();
        if !raw {
            req.push_str(&format!("\r\nHost: {}\r\nConnection: close", self.addr));
        }
        req.push_str("\r\n\r\n");
        // The server may answer and close before reading everything (413).
        let _ = s.write_all(req.as_bytes()).and_then(|()| s.write_all(body));
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        Response::parse(&out)
    }

    fn get(&self, target: &str) -> Response {
        self.send(&format!("GET {target} HTTP/1.1"), b"", false)
    }

    fn post(&self, target: &str, body: &str) -> Response {
        self.send(
            &format!("POST {target} HTTP/1.1\r\nContent-Length: {}", body.len()),
            body.as_bytes(),
            false,
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Response {
    status: u16,
    head: String,
    body: String,
}

impl Response {
    /// The response in `raw`; status 0 when the server closed without one.
    fn parse(raw: &[u8]) -> Response {
        if raw.is_empty() {
            return Response {
                status: 0,
                head: String::new(),
                body: String::new(),
            };
        }
        let text = String::from_utf8_lossy(raw).into_owned();
        let (head, body) = text
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("no response head in {text:?}"));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        Response {
            status,
            head: head.to_ascii_lowercase(),
            body: body.to_string(),
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: not JSON: {}", self.body))
    }
}

/// `%`-encode a query value.
fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn layout(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_layout"))
        .args(args)
        .output()
        .expect("run layout")
}

fn cli_stdout(args: &[&str]) -> String {
    let o = layout(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}");
    String::from_utf8(o.stdout).expect("utf-8")
}

/// The cells of `layout --table EXPR`, row by row.
fn table_cells(expr: &str) -> Vec<String> {
    cli_stdout(&["--table", expr])
        .lines()
        .filter(|l| l.contains('|'))
        .flat_map(|l| {
            l.split('|')
                .skip(1)
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect()
}

const DIVIDE: &str = "logical_divide((8,16):(20,1), <4:1, 8:2>)";
const DIVIDED: &str = "((4,2),(8,2)):((20,80),(2,1))";

#[test]
fn eval_answers_as_the_calculator_does() {
    let s = Server::start();
    for r in [
        s.get(&format!("/api/eval?expr={}", enc(DIVIDE))),
        s.post("/api/eval", DIVIDE),
    ] {
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.head.contains("content-type: application/json"));
        let v = r.json();
        assert_eq!(v["cute"], DIVIDED);
        assert_eq!(v["kind"], "a layout");
        let cli: serde_json::Value =
            serde_json::from_str(&cli_stdout(&["--json", DIVIDE])).unwrap();
        assert_eq!(v["json"], cli);
        let t = &v["table"];
        assert_eq!(
            (t["rows"].as_u64(), t["cols"].as_u64()),
            (Some(8), Some(16))
        );
        let cells: Vec<String> = t["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        assert_eq!(cells, table_cells(DIVIDE));
        assert_eq!(v["layout_macro"], format!("layout!({DIVIDED})"));
        assert_eq!(v["cute_static"], "((_4,_2),(_8,_2)):((_20,_80),(_2,_1))");
        assert!(v["cpp"]
            .as_str()
            .unwrap()
            .starts_with("make_layout(make_shape(make_shape(Int<4>{}, Int<2>{})"));
    }
    // A swizzled layout on its inner layout's grid, as --table draws it.
    let sw = "Sw<1,0,1> o 0 o (2,2):(2,1)";
    let v = s.get(&format!("/api/eval?expr={}", enc(sw))).json();
    assert_eq!(v["table"]["cells"], serde_json::json!(table_cells(sw)));
    // A scalar has no table; a rank-3 layout says why it has none.
    let v = s.get("/api/eval?expr=size((4,8))").json();
    assert_eq!(
        (v["cute"].as_str(), v["table"].is_null()),
        (Some("32"), true)
    );
    let v = s.get(&format!("/api/eval?expr={}", enc("(2,2,2)"))).json();
    assert_eq!(v["table"]["error"]["kind"], "rank_mismatch");
}

#[test]
fn the_thread_value_view_lists_every_owner() {
    let s = Server::start();
    let r = s.get(&format!(
        "/api/eval?expr={}&tv={}",
        enc("(4,2):(2,1)"),
        enc("(4,2)")
    ));
    let v = r.json();
    let tv = &v["tv"];
    assert_eq!(
        (tv["rows"].as_u64(), tv["cols"].as_u64()),
        (Some(4), Some(2))
    );
    // Offset o = 2t + v sits at (o mod 4, o / 4): thread 1 value 0 at (2, 0).
    // Owners are row by row: (2, 0) is cell 4.
    assert_eq!(tv["owners"][4], serde_json::json!([[1, 0]]));
    // Two threads on one offset: both listed.
    let v = s
        .get(&format!(
            "/api/eval?expr={}&tv={}",
            enc("(2,2):(0,1)"),
            enc("(2,1)")
        ))
        .json();
    assert_eq!(v["tv"]["owners"][0], serde_json::json!([[0, 0], [1, 0]]));
    // A tile too small: the error, pointing into the tile.
    let v = s
        .get(&format!(
            "/api/eval?expr={}&tv={}",
            enc("(4,2):(2,1)"),
            enc("(2,2)")
        ))
        .json();
    assert_eq!(v["tv"]["error"]["kind"], "out_of_bounds");
    assert_eq!(v["tv"]["error"]["input"], "tv");
}

#[test]
fn bad_expressions_get_400_with_the_message_and_position() {
    let s = Server::start();
    let r = s.get(&format!("/api/eval?expr={}", enc("(4,8")));
    assert_eq!(r.status, 400);
    let e = &r.json()["error"];
    assert_eq!(e["kind"], "parse");
    assert_eq!(e["position"], 4);
    assert!(e["message"].as_str().unwrap().contains("at byte 4"));
    let r = s.post("/api/eval", "compositon(8:1, 2:1)");
    assert_eq!(r.status, 400);
    assert!(r.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("did you mean `composition`?"));
    let r = s.get(&format!(
        "/api/eval?expr={}",
        enc("composition((4,6,8):(2,3,5), 6:3)")
    ));
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["error"]["kind"], "stride_divisibility");
    for target in [
        "/api/eval",
        "/api/eval?exp=1",
        "/api/eval?expr=1&expr=2",
        "/api/eval?expr=%zz",
    ] {
        let r = s.get(target);
        assert_eq!(r.status, 400, "{target}: {}", r.body);
        assert_eq!(r.json()["error"]["kind"], "usage", "{target}");
    }
    // Not UTF-8.
    let r = s.send(
        "POST /api/eval HTTP/1.1\r\nContent-Length: 2",
        b"(\xff",
        false,
    );
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["error"]["kind"], "parse");
}

#[test]
fn banks_and_pick_swizzle_answer_as_the_flags_do() {
    let s = Server::start();
    let (smem, tv) = ("(8,64):(64,1)", "((8,4),8):((1,64),8)");
    let r = s.get(&format!(
        "/api/banks?smem={}&elem-bytes=2&access={}&vec-bytes=16",
        enc(smem),
        enc(tv)
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let cli: serde_json::Value = serde_json::from_str(&cli_stdout(&[
        "--banks",
        smem,
        "--elem-bytes",
        "2",
        "--access",
        tv,
        "--vec-bytes",
        "16",
        "--json",
    ]))
    .unwrap();
    assert_eq!(v["report"], cli);
    // The heat map: per instruction, per phase, 32 banks; the phase maxima
    // add up to the instruction's wavefronts.
    let heat = v["heat"].as_array().unwrap();
    assert_eq!(heat.len(), cli["instructions"].as_array().unwrap().len());
    for (i, phases) in heat.iter().enumerate() {
        let sum: u64 = phases
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let banks = p.as_array().unwrap();
                assert_eq!(banks.len(), 32);
                banks.iter().map(|b| b.as_u64().unwrap()).max().unwrap()
            })
            .sum();
        assert_eq!(sum, cli["instructions"][i]["wavefronts"].as_u64().unwrap());
    }
    let r = s.get(&format!(
        "/api/pick-swizzle?smem={}&elem-bytes=2&writer={}&reader={}&vec-bytes=16",
        enc(smem),
        enc(tv),
        enc(tv)
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    let cli: serde_json::Value = serde_json::from_str(&cli_stdout(&[
        "--pick-swizzle",
        smem,
        "--elem-bytes",
        "2",
        "--writer",
        tv,
        "--reader",
        tv,
        "--vec-bytes",
        "16",
        "--json",
    ]))
    .unwrap();
    assert_eq!(r.json(), cli);
    assert_eq!(cli["swizzle"], "Sw<3,3,3>");
    // Bad questions: the message, and where an expression is wrong, which one.
    let r = s.get(&format!("/api/banks?smem={}&elem-bytes=0", enc(smem)));
    assert_eq!(r.status, 400);
    assert!(r.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("positive number"));
    let r = s.get(&format!(
        "/api/banks?smem={}&elem-bytes=2&access={}&vec-bytes=16",
        enc(smem),
        enc("((8,4),8):((1,64),8")
    ));
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["error"]["input"], "access");
    let r = s.get("/api/banks?elem-bytes=2");
    assert_eq!(r.status, 400);
    assert!(r.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("needs ?smem=TILE"));
    assert_eq!(s.get("/api/pick-swizzle?smem=8&access=8").status, 400);
}

#[test]
fn the_page_is_served_without_cors() {
    let s = Server::start();
    let r = s.get("/");
    assert_eq!(r.status, 200);
    assert!(r.head.contains("content-type: text/html"));
    assert!(r
        .head
        .contains("content-security-policy: default-src 'none'"));
    assert!(!r.head.contains("access-control-"));
    assert!(r.body.contains("<script src=\"app.js\""));
    for (page, kind) in [("/app.js", "text/javascript"), ("/app.css", "text/css")] {
        let r = s.get(page);
        assert_eq!(r.status, 200);
        assert!(r.head.contains(kind), "{page}");
    }
    let v = s.get("/api/functions").json();
    assert!(v["functions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f == "logical_divide"));
    assert!(v.get("near").is_none());
    let near = |name: &str| s.get(&format!("/api/functions?near={name}")).json()["near"].clone();
    assert_eq!(near("logical_divde"), "logical_divide");
    assert!(near("xyz").is_null());
    assert_eq!(s.get("/api/functions?far=1").status, 400);
    assert_eq!(s.get("/nope").status, 404);
    let r = s.send("DELETE /api/eval HTTP/1.1", b"", false);
    assert_eq!(r.status, 405);
    assert!(r.head.contains("allow: get, head, post"));
    assert_eq!(s.post("/api/banks", "x").status, 405);
}

#[test]
fn hostile_requests_are_bounded_and_the_server_goes_on() {
    let s = Server::start();
    let still_serving = |s: &Server| {
        let r = s.get(&format!("/api/eval?expr={}", enc(DIVIDE)));
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["cute"], DIVIDED);
    };
    // Another Host (DNS rebinding), or none: refused.
    for host in ["evil.example:80", "127.0.0.2:1", "localhost"] {
        let r = s.send(
            &format!("GET /api/functions HTTP/1.1\r\nHost: {host}\r\nConnection: close"),
            b"",
            true,
        );
        assert_eq!(r.status, 403, "{host}");
        assert_eq!(r.json()["error"]["kind"], "host");
    }
    let r = s.send("GET / HTTP/1.0", b"", true);
    assert_eq!(r.status, 403);
    let port = s.addr.rsplit(':').next().unwrap();
    let r = s.send(
        &format!("GET /api/functions HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close"),
        b"",
        true,
    );
    assert_eq!(r.status, 200);
    // A long URI: 414; a large body: 413, declared or sent.
    let r = s.get(&format!("/api/eval?expr={}", "1".repeat(20_000)));
    assert_eq!(r.status, 414);
    assert!(r.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("POST"));
    let r = s.post("/api/eval", &"(1,".repeat(30_000));
    assert_eq!(r.status, 413);
    let r = s.send(
        "POST /api/eval HTTP/1.1\r\nContent-Length: 1000000000000000",
        b"(4,8)",
        false,
    );
    assert_eq!(r.status, 413);
    let r = s.send(
        "POST /api/eval HTTP/1.1\r\nTransfer-Encoding: chunked",
        format!("{:x}\r\n{}\r\n0\r\n\r\n", 70_000, "1".repeat(70_000)).as_bytes(),
        false,
    );
    assert_eq!(r.status, 413);
    // Headers past the read buffer: hyper's 431.
    let r = s.send(
        &format!("GET / HTTP/1.1\r\nX-Big: {}", "a".repeat(100_000)),
        b"",
        false,
    );
    assert_eq!(r.status, 431);
    still_serving(&s);
    // Expressions nested past the parser's limit, in every form: 400.
    for expr in [
        "(".repeat(20_000),
        format!("{}8:1{}", "(".repeat(5_000), ")".repeat(5_000)),
        format!("{}(8,64):(64,1)", "Sw<3,4,3> o ".repeat(4_000)),
        format!("{}8{}", "size(".repeat(5_000), ")".repeat(5_000)),
        format!("{}4:1{}", "<".repeat(10_000), ">".repeat(10_000)),
    ] {
        let r = s.post("/api/eval", &expr);
        assert_eq!(r.status, 400, "{}...: {}", &expr[..20], r.body);
        assert!(r.json()["error"]["message"].is_string());
    }
    // An expression past the cost budget: 400 with the kind `limit`.
    let r = s.post(
        "/api/eval",
        "make_layout(left_inverse((2,2):(0,1)), left_inverse((1024,1024):(0,1)))",
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["error"]["kind"], "limit");
    // A client that sends half a request and stops: the others are served.
    let mut idle = TcpStream::connect(&s.addr).unwrap();
    idle.write_all(b"POST /api/eval HTTP/1.1\r\nHost: x\r\nContent-Len")
        .unwrap();
    // Garbage instead of HTTP.
    let r = {
        let mut g = TcpStream::connect(&s.addr).unwrap();
        g.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let _ = g.write_all(b"\x00\x01\x02 not http at all\r\n\r\n");
        let mut out = Vec::new();
        let _ = g.read_to_end(&mut out);
        out
    };
    assert!(r.is_empty() || r.starts_with(b"HTTP/1.1 400"), "{r:?}");
    still_serving(&s);
    drop(idle);
    still_serving(&s);
}

#[test]
fn connections_past_the_bound_are_closed_and_serving_resumes() {
    let s = Server::start();
    // 32 clients that connect and say nothing hold every slot.
    let idle: Vec<TcpStream> = (0..32)
        .map(|_| TcpStream::connect(&s.addr).expect("connect"))
        .collect();
    let mut extra = TcpStream::connect(&s.addr).expect("connect");
    extra
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let _ = extra.write_all(format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).as_bytes());
    let mut buf = [0u8; 16];
    match extra.read(&mut buf) {
        Ok(0) => {}
        Err(e)
            if !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) => {}
        other => panic!("the 33rd connection was served: {other:?}"),
    }
    drop(idle);
    let start = std::time::Instant::now();
    while s.get("/api/functions").status != 200 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the slots were not given back"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_server_refuses_bad_arguments() {
    let o = layout(&["serve", "--addr", "nowhere"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--addr needs IP:PORT"));
    let o = layout(&["serve", "--addr", "0.0.0.0:0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = layout(&["serve", "--bogus"]);
    assert_eq!(o.status.code(), Some(2));
    let o = layout(&["serve", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("layout serve [--addr ADDR]"));
}

/// The `--name: #rrggbb;` colors of the first `:root { ... }` block of `css`.
fn palette(css: &str) -> Vec<(String, [f64; 3])> {
    let start = css.find(":root {").expect(":root block") + ":root {".len();
    let block = &css[start..start + css[start..].find('}').expect("end of :root")];
    block
        .split(';')
        .filter_map(|decl| {
            let (name, value) = decl.trim().split_once(':')?;
            let hex = value.trim().strip_prefix('#')?;
            let name = name.trim().strip_prefix("--")?;
            assert_eq!(hex.len(), 6, "--{name}: #{hex} is not #rrggbb");
            let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex") as f64 / 255.0;
            Some((name.to_string(), [c(0), c(2), c(4)]))
        })
        .collect()
}

/// WCAG 2's relative luminance of an sRGB color.
fn luminance(c: [f64; 3]) -> f64 {
    let lin = |v: f64| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn contrast_ratios() {
    assert!((contrast([0.0; 3], [1.0; 3]) - 21.0).abs() < 1e-9);
    assert!((contrast([1.0; 3], [1.0; 3]) - 1.0).abs() < 1e-9);
    // #767676 on white is the classic AA threshold, 4.54:1.
    let grey = [118.0 / 255.0; 3];
    assert!((contrast(grey, [1.0; 3]) - 4.54).abs() < 0.01);
}

#[test]
fn the_page_palette_meets_wcag_aa_in_both_schemes() {
    let css = include_str!("../../src/bin/layout/serve/page/app.css");
    // The pairs the page draws, as app.css lists them in its first comment.
    let comment = &css[..css.find("*/").expect("the palette comment")];
    let pairs: Vec<(&str, &str)> = comment[comment.find("text pairs:").expect("text pairs")..]
        .split_whitespace()
        .skip(2)
        .map(|p| p.split_once('/').expect("fg/bg"))
        .collect();
    assert!(pairs.len() >= 20, "{pairs:?}");
    let dark_at = css
        .find("@media (prefers-color-scheme: dark)")
        .expect("a dark scheme");
    let light = palette(css);
    let dark = palette(&css[dark_at..]);
    for (scheme, colors) in [("light", &light), ("dark", &dark)] {
        let get = |n: &str| {
            colors
                .iter()
                .find(|(k, _)| k == n)
                .unwrap_or_else(|| panic!("{scheme}: no --{n}"))
                .1
        };
        for (fg, bg) in &pairs {
            let r = contrast(get(fg), get(bg));
            assert!(r >= 4.5, "{scheme}: --{fg} on --{bg}: {r:.2}:1 < 4.5:1");
        }
    }
    // Both schemes define the same colors.
    let names = |p: &[(String, [f64; 3])]| {
        let mut v: Vec<String> = p.iter().map(|(k, _)| k.clone()).collect();
        v.sort();
        v
    };
    assert_eq!(names(&light), names(&dark));
}

/// The headless browser: `chromium` on the PATH or at /usr/bin/chromium.
fn chromium() -> Option<std::path::PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("chromium"))
            .find(|c| c.is_file())
    });
    on_path.or_else(|| {
        let p = std::path::PathBuf::from("/usr/bin/chromium");
        p.is_file().then_some(p)
    })
}

/// Run `chromium --headless ARGS URL` (no sandbox: CI runs as root), at
/// most 120 s; its stdout.
fn headless(browser: &std::path::Path, args: &[&str], url: &str) -> String {
    let profile = std::env::temp_dir().join(format!("layout-serve-test-{}", std::process::id()));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn chromium");
    let mut out = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait for chromium").is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = std::fs::remove_dir_all(&profile);
    reader.join().expect("chromium's stdout")
}

/// The text of each `<td>` inside the element with id `id` of `dom`.
fn cells_of(dom: &str, id: &str) -> Vec<String> {
    let start = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in the page"));
    let table = &dom[start..start + dom[start..].find("</table>").expect("</table>")];
    table
        .split("<td")
        .skip(1)
        .map(|td| {
            let text = &td[td.find('>').expect("<td ...>") + 1..];
            text[..text.find("</td>").expect("</td>")].to_string()
        })
        .collect()
}

#[test]
fn the_page_in_a_headless_browser() {
    let Some(browser) = chromium() else {
        // Past the test harness's capture: a skip must be seen.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED serve::the_page_in_a_headless_browser: no chromium on the PATH or at \
             /usr/bin/chromium (Debian's package `chromium`; .ci/run installs it where apt-get runs as root)"
        );
        return;
    };
    let s = Server::start();
    let url = format!("http://{}/#expr={}", s.addr, DIVIDE);
    let dom = headless(&browser, &["--dump-dom"], &url);
    assert!(
        dom.contains(&format!("<code id=\"result-cute\">{DIVIDED}</code>")),
        "the result is not in the page: {dom}"
    );
    assert_eq!(cells_of(&dom, "grid"), table_cells(DIVIDED));
    // An error shows its message and a caret under the byte it names.
    let url = format!("http://{}/#expr={}", s.addr, enc("size((4,8):(1,)"));
    let dom = headless(&browser, &["--dump-dom"], &url);
    assert!(dom.contains("at byte 14"), "{dom}");
    assert!(
        dom.contains(&format!("size((4,8):(1,)\n{}^", " ".repeat(14))),
        "{dom}"
    );
    // An unknown function: the error's suggestion, and the one given while typing.
    let url = format!("http://{}/#expr={}", s.addr, enc("compositon(8:1, 2:1)"));
    let dom = headless(&browser, &["--dump-dom"], &url);
    assert!(dom.contains("did you mean `composition`?"), "{dom}");
    assert!(
        dom.contains("'compositon' is not a function; did you mean <button"),
        "{dom}"
    );
    // The bank heat map: one row per wavefront, 32 banks.
    let url = format!(
        "http://{}/#view=banks&smem={}&elem-bytes=2&vec-bytes=16&access={}&op=ld",
        s.addr,
        enc("(8,64):(64,1)"),
        enc("((8,4),8):((1,64),8)")
    );
    let dom = headless(&browser, &["--dump-dom"], &url);
    assert!(dom.contains("28 bank conflicts, worst 8-way"), "{dom}");
    assert_eq!(dom.matches("class=\"cell h").count(), 32 * 32);
}
