//! The explorer's JSON answers, built from the calculator's own: the
//! `--json` value ([`crate::json`]), the table cells of `--table`
//! ([`print::cells`]), the thread-value owners of `--tv`
//! ([`crate::render::tv_owners`]) and the `--banks` / `--pick-swizzle`
//! answers ([`crate::banks`]), whose query parameters are the flags' names.

use crate::{banks, json, render};
use hyper::StatusCode;
use layout_algebra::calc::{evaluate, signatures, Value};
use layout_algebra::runtime::print::{self, Tabulate};
use layout_algebra::runtime::{
    ComposedLayout, HRef, IntTuple, Layout, LayoutError, Outer, Stride, Tiler,
};
use std::fmt::Write;

/// A status and its JSON body.
pub type Reply = (StatusCode, String);

/// An error outside the calculator: `{"error": {"kind", "message", "position": null}}`.
pub fn plain_error(kind: &str, message: &str) -> String {
    let mut out = String::from("{\"error\": {\"kind\": ");
    json::string(&mut out, kind);
    out.push_str(", \"message\": ");
    json::string(&mut out, message);
    out.push_str(", \"position\": null}}");
    out
}

fn bad_request(message: &str) -> Reply {
    (StatusCode::BAD_REQUEST, plain_error("usage", message))
}

/// A calculator error, with the text its position points into (`input`:
/// which parameter held it).
fn calc_error(e: &LayoutError, input: Option<(&str, &str)>) -> String {
    let mut out = json::error_at(e);
    if let Some((name, text)) = input {
        // Reopen the inner object: `{"error": {...}}`.
        out.truncate(out.len() - 2);
        out.push_str(", \"input\": ");
        json::string(&mut out, name);
        out.push_str(", \"text\": ");
        json::string(&mut out, text);
        out.push_str("}}");
    }
    out
}

/// One `%XX`-decoded component of a query (`+` is a space).
fn decode(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = b
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(v) => out.push(v),
                    None => return Err(format!("malformed %-escape in the query at byte {i}")),
                }
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| "the query is not UTF-8 text once decoded".to_string())
}

/// The parameters of a query, each named at most once and among `known`.
fn params(query: &str, known: &[&str]) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for part in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        let (k, v) = (decode(k)?, decode(v)?);
        if !known.contains(&k.as_str()) {
            return Err(format!(
                "unknown parameter '{k}'; this endpoint reads {}",
                known.join(", ")
            ));
        }
        if out.iter().any(|(n, _)| *n == k) {
            return Err(format!("parameter '{k}' given twice"));
        }
        out.push((k, v));
    }
    Ok(out)
}

fn get<'a>(ps: &'a [(String, String)], name: &str) -> Option<&'a str> {
    ps.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// `GET /api/functions[?near=NAME]`: the function names and every call
/// form, and with `near` the known function closest to `NAME` (or `null`),
/// as an unknown function's error suggests it.
pub fn functions(query: &str) -> Reply {
    let ps = match params(query, &["near"]) {
        Ok(ps) => ps,
        Err(msg) => return bad_request(&msg),
    };
    let mut out = String::from("{");
    if let Some(name) = get(&ps, "near") {
        out.push_str("\"near\": ");
        match layout_algebra::calc::closest_function(name) {
            Some(f) => json::string(&mut out, f),
            None => out.push_str("null"),
        }
        out.push_str(", ");
    }
    out.push_str("\"functions\": [");
    for (i, f) in layout_algebra::calc::functions().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        json::string(&mut out, f);
    }
    out.push_str("], \"signatures\": [");
    for (i, f) in signatures().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        json::string(&mut out, f);
    }
    out.push_str("]}");
    (StatusCode::OK, out)
}

/// `GET /api/eval?expr=EXPR[&tv=TILE]`.
pub fn eval_query(query: &str) -> Reply {
    match params(query, &["expr", "tv"]) {
        Ok(ps) => match get(&ps, "expr") {
            Some(expr) => eval(expr, get(&ps, "tv")),
            None => bad_request("/api/eval needs ?expr=EXPR (or POST the expression)"),
        },
        Err(msg) => bad_request(&msg),
    }
}

/// `POST /api/eval[?tv=TILE]` with the expression as the body.
pub fn eval_body(expr: &str, query: &str) -> Reply {
    match params(query, &["tv"]) {
        Ok(ps) => eval(expr, get(&ps, "tv")),
        Err(msg) => bad_request(&msg),
    }
}

/// The answer for one expression: `200` with the value, or `400` with the error.
pub fn eval(expr: &str, tv: Option<&str>) -> Reply {
    let v = match evaluate(expr) {
        Ok(v) => v,
        Err(e) => {
            return (
                StatusCode::BAD_REQUEST,
                calc_error(&e, Some(("expr", expr))),
            )
        }
    };
    let mut out = String::from("{\"expr\": ");
    json::string(&mut out, expr);
    out.push_str(", \"kind\": ");
    json::string(&mut out, v.kind_name());
    out.push_str(", \"cute\": ");
    json::string(&mut out, &v.to_string());
    let _ = write!(out, ", \"json\": {}", json::value(&v));
    for (name, form) in [
        ("cute_static", static_form(&v)),
        ("layout_macro", macro_form(&v)),
        ("cpp", cpp_form(&v)),
    ] {
        let _ = write!(out, ", \"{name}\": ");
        match form {
            Some(f) => json::string(&mut out, &f),
            None => out.push_str("null"),
        }
    }
    out.push_str(", \"table\": ");
    match table(&v) {
        None => out.push_str("null"),
        Some(Ok(t)) => out.push_str(&t),
        Some(Err(e)) => out.push_str(&calc_error(&e, None)),
    }
    out.push_str(", \"tv\": ");
    match tv.filter(|t| !t.trim().is_empty()) {
        None => out.push_str("null"),
        Some(tile) => match tv_view(&v, tile) {
            Ok(t) => out.push_str(&t),
            Err(e) => out.push_str(&calc_error(&e, Some(("tv", tile)))),
        },
    }
    out.push('}');
    (StatusCode::OK, out)
}

/// The layout a value is drawn as: a layout, a composed layout (on its
/// inner layout's grid), a bare shape's compact layout, the layout of a
/// layout with offset. (Short-lived, so the layout stays inline.)
#[allow(clippy::large_enum_variant)]
enum Drawn<'a> {
    Plain(std::borrow::Cow<'a, Layout>),
    Composed(&'a ComposedLayout),
}

fn drawn(v: &Value) -> Option<Result<Drawn<'_>, LayoutError>> {
    use std::borrow::Cow;
    Some(match v {
        Value::Layout(l) | Value::LayoutWithOffset(l, _) => Ok(Drawn::Plain(Cow::Borrowed(l))),
        Value::Composed(c) => Ok(Drawn::Composed(c)),
        Value::IntTuple(s) => Layout::column_major(s).map(|l| Drawn::Plain(Cow::Owned(l))),
        _ => return None,
    })
}

/// `{"layout", "rows", "cols", "modes": [shape of mode 0, of mode 1], "cells"}`.
fn table(v: &Value) -> Option<Result<String, LayoutError>> {
    fn of(t: &impl Tabulate) -> Result<String, LayoutError> {
        let (rows, cols, cells) = print::cells(t)?;
        let l = t.grid_layout();
        let mut out = String::from("{\"layout\": ");
        json::string(&mut out, &t.to_string());
        let _ = write!(out, ", \"rows\": {rows}, \"cols\": {cols}, \"modes\": [");
        if l.rank() == 2 {
            let _ = write!(
                out,
                "{}, {}",
                json::int_tuple(l.mode(0)?.shape()),
                json::int_tuple(l.mode(1)?.shape())
            );
        } else {
            out.push_str(&json::int_tuple(l.shape()));
        }
        out.push_str("], \"cells\": [");
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            json::string(&mut out, c);
        }
        out.push_str("]}");
        Ok(out)
    }
    drawn(v).map(|d| match d? {
        Drawn::Plain(l) => of(l.as_ref()),
        Drawn::Composed(c) => of(c),
    })
}

/// `{"tile", "rows", "cols", "owners": [[[t, v], ...] per cell]}`.
fn tv_view(v: &Value, tile: &str) -> Result<String, LayoutError> {
    let t: IntTuple = tile.parse()?;
    let owners = match drawn(v) {
        Some(Ok(Drawn::Plain(l))) => render::tv_owners(l.as_ref(), &t)?,
        Some(Ok(Drawn::Composed(c))) => render::tv_owners(c, &t)?,
        Some(Err(e)) => return Err(e),
        None => {
            return Err(LayoutError::new(
                layout_algebra::runtime::ErrorKind::InvalidArgument,
                "tv_layout",
                format!(
                    "only a layout is a thread-value layout; the value is {}",
                    v.kind_name()
                ),
            ))
        }
    };
    let mut out = String::from("{\"tile\": ");
    json::string(&mut out, &t.to_string());
    let _ = write!(
        out,
        ", \"rows\": {}, \"cols\": {}, \"owners\": [",
        owners.rows, owners.cols
    );
    for (i, pairs) in owners.owners.iter().enumerate() {
        out.push_str(if i > 0 { ", [" } else { "[" });
        for (j, (t, v)) in pairs.iter().enumerate() {
            let _ = write!(out, "{}[{t}, {v}]", if j > 0 { ", " } else { "" });
        }
        out.push(']');
    }
    out.push_str("]}");
    Ok(out)
}

/// The value as CuTe's `print` (and this crate's `{:#}`) writes it when
/// every integer is static, `(_4,_8):(_1,_4)`: the form of `layout!` and of
/// [`cpp_form`]. A swizzle's parameters and a basis index stay bare
/// (`Sw<3,4,3>`, `_1@0`); values without integers leaves have none.
fn static_form(v: &Value) -> Option<String> {
    if !matches!(
        v,
        Value::Layout(_)
            | Value::Int(_)
            | Value::IntTuple(_)
            | Value::Stride(_)
            | Value::Tiler(_)
            | Value::Composed(_)
            | Value::LayoutWithOffset(..)
    ) {
        return None;
    }
    let text = v.to_string();
    let mut out = String::with_capacity(text.len() * 2);
    let (mut in_swizzle, mut after_at, mut in_number, mut prev) = (false, false, false, ' ');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let starts_number = !in_number
            && (c.is_ascii_digit() || (c == '-' && chars.peek().is_some_and(char::is_ascii_digit)));
        in_number = starts_number || (in_number && c.is_ascii_digit());
        if starts_number && !in_swizzle && !after_at {
            out.push('_');
        }
        match c {
            '<' if prev == 'w' => in_swizzle = true,
            '>' => in_swizzle = false,
            '@' => after_at = true,
            c if !c.is_ascii_digit() => after_at = false,
            _ => {}
        }
        out.push(c);
        prev = c;
    }
    Some(out)
}

/// The value as this crate's macros write it, where they can.
fn macro_form(v: &Value) -> Option<String> {
    let sw = |s: &layout_algebra::runtime::Swizzle| {
        format!(
            "Swizzle::<{}, {}, {}>::new()",
            s.bits(),
            s.base(),
            s.shift()
        )
    };
    Some(match v {
        Value::Layout(l) => format!("layout!({l})"),
        Value::Int(n) => format!("int!({n})"),
        Value::Tiler(t @ Tiler::Tuple(_)) => {
            let s = t.to_string();
            format!("tile!({})", s.strip_prefix('<')?.strip_suffix('>')?)
        }
        Value::Tiler(Tiler::Layout(l)) => format!("layout!({l})"),
        Value::Swizzle(s) => sw(s),
        Value::Composed(c) => match c.outer() {
            Outer::Swizzle(s) => format!(
                "make_composed_layout({}, int!({}), layout!({}))",
                sw(s),
                c.offset(),
                c.inner()
            ),
            Outer::Layout(o) => format!(
                "make_composed_layout(layout!({o}), int!({}), layout!({}))",
                c.offset(),
                c.inner()
            ),
        },
        _ => return None,
    })
}

/// A tuple in CuTe C++ (`make_shape(...)`, `make_stride(...)`), each leaf through `leaf`.
fn cpp_tuple<T: Copy>(
    out: &mut String,
    make: &str,
    t: HRef<'_, T>,
    leaf: &impl Fn(&mut String, T),
) {
    match t.as_leaf() {
        Some(v) => leaf(out, v),
        None => {
            let _ = write!(out, "{make}(");
            for (i, m) in t.modes().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                cpp_tuple(out, make, m, leaf);
            }
            out.push(')');
        }
    }
}

fn cpp_int(out: &mut String, v: i64) {
    let _ = write!(out, "Int<{v}>{{}}");
}

fn cpp_stride(out: &mut String, d: Stride) {
    match d {
        Stride::Int(v) => cpp_int(out, v),
        Stride::Basis(b) => {
            let _ = write!(out, "ScaledBasis<Int<{}>", b.value());
            for m in b.modes() {
                let _ = write!(out, ", {m}");
            }
            out.push_str(">{}");
        }
    }
}

fn cpp_layout(l: &Layout) -> String {
    let mut out = String::from("make_layout(");
    cpp_tuple(&mut out, "make_shape", l.shape().as_ref(), &cpp_int);
    out.push_str(", ");
    cpp_tuple(
        &mut out,
        "make_stride",
        l.stride().to_owned().as_ref(),
        &cpp_stride,
    );
    out.push(')');
    out
}

/// The value as CuTe C++ code, all integers static (`Int<N>{}`), where it has one.
fn cpp_form(v: &Value) -> Option<String> {
    fn tiler(t: &Tiler) -> String {
        match t {
            Tiler::Layout(l) => cpp_layout(l),
            Tiler::Int(n) => format!("Int<{n}>{{}}"),
            Tiler::Tuple(ts) => {
                let parts: Vec<String> = ts.iter().map(tiler).collect();
                format!("make_tile({})", parts.join(", "))
            }
        }
    }
    let sw = |s: &layout_algebra::runtime::Swizzle| {
        format!("Swizzle<{},{},{}>{{}}", s.bits(), s.base(), s.shift())
    };
    Some(match v {
        Value::Layout(l) => cpp_layout(l),
        Value::Int(n) => format!("Int<{n}>{{}}"),
        Value::IntTuple(t) => {
            let mut out = String::new();
            cpp_tuple(&mut out, "make_shape", t.as_ref(), &cpp_int);
            out
        }
        Value::Tiler(t) => tiler(t),
        Value::Swizzle(s) => sw(s),
        Value::Composed(c) => {
            let outer = match c.outer() {
                Outer::Swizzle(s) => sw(s),
                Outer::Layout(o) => cpp_layout(o),
            };
            format!(
                "make_composed_layout({outer}, Int<{}>{{}}, {})",
                c.offset(),
                cpp_layout(c.inner())
            )
        }
        _ => return None,
    })
}

/// `--banks`/`--pick-swizzle` flags from query parameters named like them
/// (`smem` is the tile, the flag's own value).
fn bank_question(query: &str, main: &str, known: &[&str]) -> Result<banks::Question, String> {
    let ps = params(query, known)?;
    let missing = || format!("needs ?smem=TILE (the tile of {main})");
    if get(&ps, "smem").is_none() {
        return Err(missing());
    }
    let mut flags = banks::BankFlags::default();
    for (k, v) in ps {
        let flag = if k == "smem" {
            main.to_string()
        } else {
            format!("--{k}")
        };
        flags.set(&flag, v)?;
    }
    flags.question()?.ok_or_else(missing)
}

/// The failure of a bank question as `400`: the error, pointing into the
/// parameter whose text it names.
fn bank_failure((e, src): banks::Failure, query: &str, names: &[&str]) -> Reply {
    let ps = params(query, names).unwrap_or_default();
    let input = ps
        .iter()
        .find(|(_, v)| !src.is_empty() && *v == src)
        .map(|(k, v)| (k.as_str(), v.as_str()));
    (StatusCode::BAD_REQUEST, calc_error(&e, input))
}

const BANK_PARAMS: [&str; 5] = ["smem", "elem-bytes", "access", "vec-bytes", "op"];
const PICK_PARAMS: [&str; 7] = [
    "smem",
    "elem-bytes",
    "writer",
    "reader",
    "vec-bytes",
    "writer-vec-bytes",
    "reader-vec-bytes",
];

/// `GET /api/banks?...`: `{"report": <--banks --json>, "heat": [[[u32; 32] per phase] per instruction]}`.
pub fn banks(query: &str) -> Reply {
    let q = match bank_question(query, "--banks", &BANK_PARAMS) {
        Ok(q) => q,
        Err(msg) => return bad_request(&msg),
    };
    let report = match banks::answer(&q, true) {
        Ok(r) => r,
        Err(f) => return bank_failure(f, query, &BANK_PARAMS),
    };
    let heat = match banks::heat(&q) {
        Ok(h) => h.unwrap_or_default(),
        Err(f) => return bank_failure(f, query, &BANK_PARAMS),
    };
    let mut out = format!("{{\"report\": {report}, \"heat\": [");
    for (i, phases) in heat.iter().enumerate() {
        out.push_str(if i > 0 { ", [" } else { "[" });
        for (j, banks) in phases.iter().enumerate() {
            let row: Vec<String> = banks.iter().map(u32::to_string).collect();
            let _ = write!(out, "{}[{}]", if j > 0 { ", " } else { "" }, row.join(", "));
        }
        out.push(']');
    }
    out.push_str("]}");
    (StatusCode::OK, out)
}

/// `GET /api/pick-swizzle?...`: the `--pick-swizzle --json` answer.
pub fn pick_swizzle(query: &str) -> Reply {
    let q = match bank_question(query, "--pick-swizzle", &PICK_PARAMS) {
        Ok(q) => q,
        Err(msg) => return bad_request(&msg),
    };
    match banks::answer(&q, true) {
        Ok(r) => (StatusCode::OK, r),
        Err(f) => bank_failure(f, query, &PICK_PARAMS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_decode_and_refuse_strangers() {
        let ps = params("expr=(4%2C8)%3A(1,4)&tv=", &["expr", "tv"]).unwrap();
        assert_eq!(get(&ps, "expr"), Some("(4,8):(1,4)"));
        assert_eq!(get(&ps, "tv"), Some(""));
        assert!(params("x=1", &["expr"])
            .unwrap_err()
            .contains("unknown parameter 'x'"));
        assert!(params("expr=1&expr=2", &["expr"])
            .unwrap_err()
            .contains("twice"));
        assert!(params("expr=%zz", &["expr"]).is_err());
        assert!(params("expr=%ff", &["expr"]).is_err());
        assert!(params("expr=%", &["expr"]).is_err());
    }

    #[test]
    fn static_forms() {
        let form = |e: &str| static_form(&evaluate(e).unwrap()).unwrap();
        assert_eq!(form("((4,2),8):((1,16),-2)"), "((_4,_2),_8):((_1,_16),_-2)");
        assert_eq!(
            form("Sw<3,4,3> o (8,64):(64,1)"),
            "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"
        );
        assert_eq!(form("(2,3):(1@0,1@1)"), "(_2,_3):(_1@0,_1@1)");
        assert_eq!(form("<4:1, 8:2>"), "<_4:_1,_8:_2>");
        assert_eq!(form("size((4,8))"), "_32");
        assert!(static_form(&evaluate("Sw<3,4,3>").unwrap()).is_none());
    }

    #[test]
    fn code_forms() {
        let v = evaluate("((4,2),8):((1,16),2)").unwrap();
        assert_eq!(
            cpp_form(&v).unwrap(),
            "make_layout(make_shape(make_shape(Int<4>{}, Int<2>{}), Int<8>{}), make_stride(make_stride(Int<1>{}, Int<16>{}), Int<2>{}))"
        );
        assert_eq!(macro_form(&v).unwrap(), "layout!(((4,2),8):((1,16),2))");
        let c = evaluate("Sw<3,4,3> o (8,64):(64,1)").unwrap();
        assert_eq!(
            cpp_form(&c).unwrap(),
            "make_composed_layout(Swizzle<3,4,3>{}, Int<0>{}, make_layout(make_shape(Int<8>{}, Int<64>{}), make_stride(Int<64>{}, Int<1>{})))"
        );
        assert_eq!(
            macro_form(&c).unwrap(),
            "make_composed_layout(Swizzle::<3, 4, 3>::new(), int!(0), layout!((8,64):(64,1)))"
        );
        let t = evaluate("<4:1, 8:2>").unwrap();
        assert_eq!(macro_form(&t).unwrap(), "tile!(4:1,8:2)");
        assert_eq!(
            cpp_form(&evaluate("(2,3):(1@0,1@1)").unwrap()).unwrap(),
            "make_layout(make_shape(Int<2>{}, Int<3>{}), make_stride(ScaledBasis<Int<1>, 0>{}, ScaledBasis<Int<1>, 1>{}))"
        );
    }
}
