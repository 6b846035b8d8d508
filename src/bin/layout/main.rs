//! `layout`: a calculator for CuTe's layout algebra.
//!
//! `layout [FLAGS] 'EXPR'` evaluates one expression; without EXPR it reads one
//! expression per line from stdin and writes exactly one result line per input
//! line (see `--help`).

mod banks;
mod json;
mod render;
#[cfg(feature = "serve")]
mod serve;

use layout_algebra::calc::{evaluate, Value};
use layout_algebra::runtime::print::table;
use layout_algebra::runtime::{IntTuple, Layout, LayoutError};
use std::io::{BufRead, Write};
use std::process::ExitCode;

const HELP: &str = "\
layout: a calculator for CuTe's layout algebra

USAGE:
    layout [FLAGS] 'EXPR'      evaluate one expression
    layout [FLAGS] < FILE      evaluate one expression per line, one result
                               line per input line (a blank line or a comment
                               line `# ...` gives a blank line, a trailing
                               `# ...` is ignored; with --table a layout's
                               table spans several lines)
    layout serve [--addr A]    the explorer in the browser: a local server
                               (default 127.0.0.1:8700) printing its URL
                               (see layout serve --help)

EXPR is CuTe notation: layouts (4,(3,2)):(2,(8,1)), 24:1, a bare shape (4,8)
(compact column-major), strides with scaled bases (1@0,1@1), tilers <4:1, 8:2>,
slice coordinates (_,2), calls by CuTe name such as
logical_divide((8,16):(20,1), <4:1, 8:2>), get<1>(L) or
make_layout((4,8), LayoutRight{}), and evaluation ((4,8):(8,1))(1,2).

FLAGS:
    --table        print a layout as a 2-D table (CuTe's print_layout); a
                   bare shape (4,8) is drawn as its compact layout
    --json         print each result as one JSON value
    --svg FILE     draw the layout (or a bare shape's compact layout) as a
                   colored grid into FILE (one expression)
    --html FILE    the same picture in an HTML page
    --tv TILE      with --svg/--html: the layout is a thread-value layout
                   ((T),(V)) -> offset in the column-major tile TILE, e.g. (8,8)
                   (Sw<B,M,S> o off o TV: at the swizzled offset);
                   cells are labeled T<t> V<v> and colored by thread; a
                   cell several threads own lists them all
    -V, --version  the version of layout
    --functions    list the functions EXPR may call, one form per line:
                   composition(A, B), get<I...>(L), ...
    -h, --help     this help

SHARED-MEMORY BANKS (NVIDIA's model, checked on an H100: benches/gpu/):
    layout --banks SMEM --elem-bytes N --access TV --vec-bytes V [--op ld|st]
        the wavefronts each warp-wide instruction of the access costs, the
        ideal (one per phase) and the conflict degree, then the totals
    layout --pick-swizzle SMEM --elem-bytes N --writer TV --reader TV
           --vec-bytes V  (or --writer-vec-bytes V and --reader-vec-bytes V)
        the Sw<B,M,S> with the fewest bank conflicts over the writer's stores
        and the reader's loads that keeps every vector contiguous and aligned
    SMEM is the tile, index -> element offset: a layout expression, or CuTe's
    composed form Sw<B,M,S> o [offset o] EXPR. TV is a thread-value layout
    expression (thread, value) -> tile index, at most 32 threads: instruction
    i moves values i*n..(i+1)*n of each thread, n = V / N elements. N is the
    element size in bytes, V the bytes per thread per instruction (1, 2, 4, 8
    or 16); --op says whether the access loads (ld, default) or stores (st).
    With --json the answer is one JSON object.

EXIT STATUS:
    single expression: 0 on success, 2 on an error (message with the rule, or a
    caret under the parse position, on stderr; with --json the error object on
    stdout). Batch: an illegal line prints a line starting `error:` (or an
    error object with --json) and the run goes on; exit 0 once all lines are
    done, 1 if stdin cannot be read. Usage errors (a non-UTF-8 argument too)
    exit 2. A reader that closes stdout early (| head) ends the run with 0.
    An expression past a cost cap fails with the error kind `limit`.
";

#[derive(Default)]
struct Options {
    table: bool,
    json: bool,
    svg: Option<String>,
    html: Option<String>,
    tv: Option<String>,
    expr: Option<String>,
    question: Option<banks::Question>,
}

/// Write `text` and a newline to stdout. A reader that went away (`| head`)
/// ends the run quietly with status 0; another write error is reported.
fn emit(text: &str) -> Result<(), ExitCode> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) => Err(write_failed(&e)),
    }
}

/// The exit status for a failed write to stdout: 0 for a closed pipe, else 1.
fn write_failed(e: &std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    eprintln!("error: cannot write stdout: {e}");
    ExitCode::from(1)
}

/// The arguments as text; a non-UTF-8 argument is a usage error.
fn utf8_args(args: impl Iterator<Item = std::ffi::OsString>) -> Result<Vec<String>, String> {
    args.enumerate()
        .map(|(i, a)| {
            a.into_string()
                .map_err(|a| format!("argument {} is not UTF-8 text: {a:?}", i + 1))
        })
        .collect()
}

/// What the command line asks for: evaluate, or print a text (help, function list).
enum Parsed {
    Run(Options),
    Print(String),
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Parsed, String> {
    let mut o = Options::default();
    let mut bank_flags = banks::BankFlags::default();
    let mut args = args.peekable();
    while let Some(a) = args.next() {
        let mut file = |flag: &str| {
            args.next()
                .ok_or_else(|| format!("{flag} needs a value (see --help)"))
        };
        match a.as_str() {
            "-h" | "--help" => return Ok(Parsed::Print(HELP.trim_end().to_string())),
            "-V" | "--version" => {
                return Ok(Parsed::Print(format!(
                    "layout {}",
                    env!("CARGO_PKG_VERSION")
                )))
            }
            "--functions" => {
                let forms: Vec<&str> = layout_algebra::calc::signatures().collect();
                return Ok(Parsed::Print(forms.join("\n")));
            }
            "--table" => o.table = true,
            "--json" => o.json = true,
            "--svg" => o.svg = Some(file("--svg")?),
            "--html" => o.html = Some(file("--html")?),
            "--tv" => o.tv = Some(file("--tv")?),
            flag if banks::FLAGS.contains(&flag) => bank_flags.set(flag, file(flag)?)?,
            "--" => {
                if let Some(e) = args.next() {
                    o.expr = Some(e);
                }
            }
            flag if flag.starts_with("--") => {
                return Err(format!("unknown flag {flag} (see --help)"))
            }
            _ if o.expr.is_none() => o.expr = Some(a),
            _ => return Err("more than one expression; quote the expression (see --help)".into()),
        }
    }
    o.question = bank_flags.question()?;
    if o.question.is_some() && (o.expr.is_some() || o.table || o.svg.is_some() || o.html.is_some())
    {
        return Err(
            "--banks and --pick-swizzle take no expression, --table, --svg or --html".into(),
        );
    }
    if o.table && o.json {
        return Err("--table and --json exclude each other".into());
    }
    if o.expr.is_none() && (o.svg.is_some() || o.html.is_some()) {
        return Err("--svg and --html draw a single expression given as an argument".into());
    }
    if o.tv.is_some() && o.svg.is_none() && o.html.is_none() {
        return Err("--tv applies to --svg or --html".into());
    }
    Ok(Parsed::Run(o))
}

/// The value to print or draw: with `--table`, `--svg` or `--html` a bare
/// shape (an integer tuple) is its compact column-major layout, as wherever
/// a layout is expected; otherwise `v` itself.
fn drawable(v: Value, o: &Options) -> Result<Value, LayoutError> {
    match v {
        Value::IntTuple(s) if o.table || o.svg.is_some() || o.html.is_some() => {
            Layout::column_major(&s).map(Value::Layout)
        }
        v => Ok(v),
    }
}

/// The text of one result: a table for a layout with `--table`, else CuTe notation.
fn show(v: &Value, o: &Options) -> Result<String, LayoutError> {
    match v {
        Value::Layout(l) if o.table => table(l).map(|t| t.trim_end().to_string()),
        Value::Composed(c) if o.table => table(c.as_ref()).map(|t| t.trim_end().to_string()),
        _ if o.json => Ok(json::value(v)),
        _ => Ok(v.to_string()),
    }
}

/// An error for a human: the message, then the input with a caret at the position.
fn describe(e: &LayoutError, src: &str) -> String {
    let mut s = format!("error: {e}");
    if let Some(p) = e.position() {
        let col = src.get(..p).map_or(p, |s| s.chars().count());
        let line = src.replace(['\n', '\t'], " ");
        s.push_str(&format!("\n  {line}\n  {}^", " ".repeat(col)));
    }
    s
}

/// Draw the picture files of `v` (a layout or a composed layout).
fn draw(v: &Value, o: &Options, src: &str) -> Result<(), String> {
    let tile = match &o.tv {
        Some(tile) => Some(tile.parse::<IntTuple>().map_err(|e| describe(&e, tile))?),
        None => None,
    };
    let picture = match (v, &tile) {
        (Value::Layout(l), Some(tile)) => render::tv_picture(l, tile),
        (Value::Layout(l), None) => render::layout_picture(l),
        (Value::Composed(c), Some(tile)) => render::tv_picture(c.as_ref(), tile),
        (Value::Composed(c), None) => render::layout_picture(c.as_ref()),
        _ => return Err(format!("error: only a layout can be drawn; {src} is {v}")),
    }
    .map_err(|e| describe(&e, src))?;
    let title = format!("{src} = {v}");
    for (file, text) in [
        (
            &o.svg,
            o.svg.as_ref().map(|_| render::svg(&picture, &title)),
        ),
        (
            &o.html,
            o.html.as_ref().map(|_| render::html(&picture, &title)),
        ),
    ] {
        if let (Some(f), Some(t)) = (file, text) {
            std::fs::write(f, t).map_err(|e| format!("error: cannot write {f}: {e}"))?;
        }
    }
    Ok(())
}

/// Evaluate one expression; the pictures asked for are drawn before the
/// result is printed, so a failed drawing leaves stdout empty.
fn single(src: &str, o: &Options) -> ExitCode {
    let shown = evaluate(src)
        .and_then(|v| drawable(v, o))
        .and_then(|v| show(&v, o).map(|s| (v, s)));
    match shown {
        Ok((v, text)) => {
            if let Err(msg) = draw_if_asked(&v, o, src) {
                eprintln!("{msg}");
                return ExitCode::from(2);
            }
            emit(&text).err().unwrap_or(ExitCode::SUCCESS)
        }
        Err(e) => {
            if o.json
                && let Err(code) = emit(&json::error(&e))
            {
                return code;
            }
            eprintln!("{}", describe(&e, src));
            ExitCode::from(2)
        }
    }
}

/// Answer `--banks` or `--pick-swizzle`: the text on stdout, or the error
/// (on stdout as JSON with `--json`, and described on stderr), status 2.
fn bank_answer(q: &banks::Question, o: &Options) -> ExitCode {
    match banks::answer(q, o.json) {
        Ok(text) => emit(&text).err().unwrap_or(ExitCode::SUCCESS),
        Err((e, src)) => {
            if o.json
                && let Err(code) = emit(&json::error(&e))
            {
                return code;
            }
            eprintln!("{}", describe(&e, &src));
            ExitCode::from(2)
        }
    }
}

fn draw_if_asked(v: &Value, o: &Options, src: &str) -> Result<(), String> {
    if o.svg.is_some() || o.html.is_some() {
        draw(v, o, src)
    } else {
        Ok(())
    }
}

/// A batch line without its comment: from the first `#` (no CuTe notation
/// uses one) to the end.
fn without_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(code, _)| code)
}

fn batch(o: &Options) -> ExitCode {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: cannot read stdin: {e}");
                return ExitCode::from(1);
            }
        }
        let line = raw.strip_suffix(b"\n").unwrap_or(&raw);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = match std::str::from_utf8(line).map(without_comment) {
            Ok(l) if l.trim().is_empty() => String::new(),
            Ok(l) => match evaluate(l)
                .and_then(|v| drawable(v, o))
                .and_then(|v| show(&v, o))
            {
                Ok(t) => t,
                Err(e) if o.json => json::error(&e),
                Err(e) => format!("error: {e}"),
            },
            Err(e) => {
                let e = LayoutError::new(
                    layout_algebra::runtime::ErrorKind::Parse,
                    "parse",
                    format!(
                        "at byte {}: expected UTF-8 text, found invalid bytes",
                        e.valid_up_to()
                    ),
                );
                if o.json {
                    json::error(&e)
                } else {
                    format!("error: {e}")
                }
            }
        };
        if let Err(e) = writeln!(out, "{text}") {
            return write_failed(&e);
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(&e);
    }
    ExitCode::SUCCESS
}

/// `layout serve ...`: the explorer, where the binary was built with it.
fn serve(args: &[String]) -> ExitCode {
    #[cfg(feature = "serve")]
    return serve::main(args);
    #[cfg(not(feature = "serve"))]
    {
        let _ = args;
        eprintln!("error: this layout was built without the feature `serve`");
        ExitCode::from(2)
    }
}

fn main() -> ExitCode {
    let args = utf8_args(std::env::args_os().skip(1));
    if let Ok(args) = &args
        && args.first().is_some_and(|a| a == "serve")
    {
        return serve(&args[1..]);
    }
    let parsed = args.and_then(|args| parse_args(args.into_iter()));
    match parsed {
        Ok(Parsed::Print(text)) => emit(&text).err().unwrap_or(ExitCode::SUCCESS),
        Ok(Parsed::Run(o)) => match (&o.question, &o.expr) {
            (Some(q), _) => bank_answer(q, &o),
            (None, Some(src)) => single(src, &o),
            (None, None) => batch(&o),
        },
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
