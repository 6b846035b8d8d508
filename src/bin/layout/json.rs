//! JSON output keeping the exact tuple structure: an integer leaf is a number,
//! a tuple (rank 1 included) an array; a scaled-basis leaf is
//! `{"basis": [N0, N1, …], "value": v}`; a free slice mode is `null`.

use layout_algebra::calc::Value;
use layout_algebra::runtime::{HRef, Layout, LayoutError, Offset, Stride, Tiler};
use std::fmt::Write;

/// Write a hierarchical tuple, each leaf through `leaf`.
fn tuple<T: Copy>(out: &mut String, t: HRef<'_, T>, leaf: &impl Fn(&mut String, T)) {
    match t.as_leaf() {
        Some(v) => leaf(out, v),
        None => {
            out.push('[');
            for (i, m) in t.modes().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                tuple(out, m, leaf);
            }
            out.push(']');
        }
    }
}

fn int(out: &mut String, v: i64) {
    let _ = write!(out, "{v}");
}

fn stride(out: &mut String, d: Stride) {
    match d {
        Stride::Int(v) => int(out, v),
        Stride::Basis(b) => {
            out.push_str("{\"basis\": [");
            for (i, m) in b.modes().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{m}");
            }
            let _ = write!(out, "], \"value\": {}}}", b.value());
        }
    }
}

fn layout(out: &mut String, l: &Layout) {
    out.push_str("{\"shape\": ");
    tuple(out, l.shape().as_ref(), &int);
    out.push_str(", \"stride\": ");
    tuple(out, l.stride().to_owned().as_ref(), &stride);
    out.push('}');
}

fn tiler(out: &mut String, t: &Tiler) {
    match t {
        Tiler::Layout(l) => layout(out, l),
        Tiler::Int(n) => int(out, *n),
        Tiler::Tuple(ts) => {
            out.push_str("{\"tiler\": [");
            for (i, m) in ts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                tiler(out, m);
            }
            out.push_str("]}");
        }
    }
}

fn offset(out: &mut String, o: &Offset) {
    match o {
        Offset::Int(v) => int(out, *v),
        Offset::Coord(c) => tuple(out, c.as_ref(), &int),
    }
}

/// A JSON string literal.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// One value as a JSON object.
pub fn value(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Layout(l) => layout(&mut out, l),
        Value::Int(n) => {
            let _ = write!(out, "{{\"value\": {n}}}");
        }
        Value::Bool(b) => {
            let _ = write!(out, "{{\"value\": {b}}}");
        }
        Value::IntTuple(t) => {
            out.push_str("{\"tuple\": ");
            tuple(&mut out, t.as_ref(), &int);
            out.push('}');
        }
        Value::Stride(d) => {
            out.push_str("{\"stride\": ");
            tuple(&mut out, d.as_ref(), &stride);
            out.push('}');
        }
        Value::Coord(c) => {
            out.push_str("{\"coord\": ");
            tuple(
                &mut out,
                c.as_ref(),
                &|o: &mut String, x: Option<i64>| match x {
                    Some(v) => int(o, v),
                    None => o.push_str("null"),
                },
            );
            out.push('}');
        }
        Value::Tiler(t) => tiler(&mut out, t),
        Value::Major(m) => {
            out.push_str("{\"major\": ");
            string(&mut out, m.name());
            out.push('}');
        }
        Value::Swizzle(sw) => {
            out.push_str("{\"swizzle\": ");
            string(&mut out, &sw.to_string());
            out.push('}');
        }
        Value::Composed(c) => {
            out.push_str("{\"composed\": ");
            string(&mut out, &c.to_string());
            out.push('}');
        }
        Value::ComposedWithOffset(c, o) => {
            out.push_str("{\"composed\": ");
            string(&mut out, &c.to_string());
            out.push_str(&format!(", \"offset\": {o}}}"));
        }
        Value::LayoutWithOffset(l, o) => {
            out.push_str("{\"layout\": ");
            layout(&mut out, l);
            out.push_str(", \"offset\": ");
            offset(&mut out, o);
            out.push('}');
        }
    }
    out
}

/// The fields `"kind": …, "message": …` of an error.
fn error_fields(out: &mut String, e: &LayoutError) {
    out.push_str("\"kind\": ");
    string(out, e.kind().name());
    out.push_str(", \"message\": ");
    string(out, &e.to_string());
}

/// An error as `{"error": {"kind": …, "message": …}}`.
pub fn error(e: &LayoutError) -> String {
    let mut out = String::from("{\"error\": {");
    error_fields(&mut out, e);
    out.push_str("}}");
    out
}

/// An error with the byte it points at (`null`: none), for the explorer:
/// `{"error": {"kind": …, "message": …, "position": …}}`.
#[cfg(feature = "serve")]
pub fn error_at(e: &LayoutError) -> String {
    let mut out = String::from("{\"error\": {");
    error_fields(&mut out, e);
    match e.position() {
        Some(p) => {
            let _ = write!(out, ", \"position\": {p}}}}}");
        }
        None => out.push_str(", \"position\": null}}"),
    }
    out
}

/// An integer tuple as nested arrays (a leaf as a number).
#[cfg(feature = "serve")]
pub fn int_tuple(t: &layout_algebra::runtime::IntTuple) -> String {
    let mut out = String::new();
    tuple(&mut out, t.as_ref(), &int);
    out
}
