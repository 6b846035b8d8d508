//! Calls by CuTe name: the names and their forms, and the dispatch of a call
//! to the runtime operations (its arguments are checked by `args.rs`).

use super::args::Args;
use super::{algebra, tuples, Arg, TemplateArg, Value};
use crate::runtime::error::{ErrorKind, LayoutError, Result};
use crate::runtime::tuple::HTuple;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

fn forms() -> impl Iterator<Item = &'static (&'static str, &'static [&'static str])> {
    algebra::FORMS.iter().chain(tuples::FORMS)
}

/// The functions the expression language knows, by CuTe name.
pub fn functions() -> impl Iterator<Item = &'static str> {
    forms().map(|(n, _)| *n)
}

/// Every form of every function, in the order of [`functions`], as CuTe
/// writes the call: `composition(A, B)`, `get<I...>(L)`.
///
/// ```
/// let all: Vec<&str> = layout_algebra::calc::signatures().collect();
/// assert!(all.contains(&"composition(A, B)"));
/// assert!(all.contains(&"recast_layout<OldType, NewType>(L)"));
/// ```
pub fn signatures() -> impl Iterator<Item = &'static str> {
    forms().flat_map(|(_, f)| f.iter().copied())
}

/// C++ element types a template argument may name (`recast_layout<uint16_t,
/// uint32_t>(L)`), with their widths in bits as CuTe's `sizeof_bits_v` gives them.
pub const ELEMENT_TYPES: &[(&str, i64)] = &[
    ("bool", 1),
    ("uint1b_t", 1),
    ("bin1_t", 1),
    ("int2b_t", 2),
    ("uint2b_t", 2),
    ("int4_t", 4),
    ("uint4_t", 4),
    ("int4b_t", 4),
    ("uint4b_t", 4),
    ("int8_t", 8),
    ("uint8_t", 8),
    ("char", 8),
    ("float_e4m3_t", 8),
    ("float_e5m2_t", 8),
    ("int16_t", 16),
    ("uint16_t", 16),
    ("half_t", 16),
    ("bfloat16_t", 16),
    ("int32_t", 32),
    ("uint32_t", 32),
    ("float", 32),
    ("tfloat32_t", 32),
    ("int64_t", 64),
    ("uint64_t", 64),
    ("double", 64),
    ("uint128_t", 128),
];

/// The width in bits of the C++ element type `name` (see [`ELEMENT_TYPES`]).
///
/// ```
/// assert_eq!(layout_algebra::calc::element_bits("half_t"), Some(16));
/// assert_eq!(layout_algebra::calc::element_bits("half"), None);
/// ```
pub fn element_bits(name: &str) -> Option<i64> {
    ELEMENT_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
}

/// Fail unless `name` is a known function (checked before its arguments are
/// evaluated); the error suggests the closest known name when one is close.
pub(super) fn check_name(name: &str, pos: usize) -> Result<&'static str> {
    functions().find(|f| *f == name).ok_or_else(|| {
        let hint =
            closest_function(name).map_or_else(String::new, |f| format!("; did you mean `{f}`?"));
        LayoutError::at(
            ErrorKind::InvalidArgument,
            "evaluate",
            pos,
            format!("unknown function '{name}'{hint}"),
        )
    })
}

/// The known function nearest to `name` by edit distance (insertions,
/// deletions, substitutions and swaps of neighbours), if at most one edit
/// per three characters of `name` separates them: the "did you mean" of an
/// unknown function's error.
///
/// ```
/// use layout_algebra::calc::closest_function;
/// assert_eq!(closest_function("compositon"), Some("composition"));
/// assert_eq!(closest_function("logical_divde"), Some("logical_divide"));
/// assert_eq!(closest_function("xyz"), None);
/// ```
pub fn closest_function(name: &str) -> Option<&'static str> {
    functions()
        .map(|f| (edit_distance(name, f), f))
        .filter(|&(d, _)| 3 * d <= name.chars().count())
        .min_by_key(|&(d, _)| d)
        .map(|(_, f)| f)
}

/// The optimal string alignment distance between `a` and `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: the distance between a[..i] and b[..j]; the rows i-2, i-1
    // and i are kept, the last one in rows[2] (row 0 to start).
    let mut rows = [
        vec![0; b.len() + 1],
        vec![0; b.len() + 1],
        (0..=b.len()).collect::<Vec<_>>(),
    ];
    for i in 1..=a.len() {
        rows.rotate_left(1);
        let [before, prev, cur] = &mut rows;
        cur[0] = i;
        for j in 1..=b.len() {
            let sub = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + sub);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            cur[j] = d;
        }
    }
    rows[2][b.len()]
}

/// Evaluate the call `name(args…)`, or `name<targs…>(args…)`, that starts
/// at byte `pos`; `name` is a known function (see [`check_name`]).
pub(super) fn call(
    name: &'static str,
    targs: Option<Vec<(TemplateArg, usize)>>,
    mut args: Vec<Arg>,
    pos: usize,
) -> Result<Value> {
    if let Some(targs) = targs {
        args = with_template_args(name, targs, args, pos)?;
    }
    let a = Args::new(name, args, pos);
    match algebra::call(&a).or_else(|| tuples::call(&a)) {
        Some(v) => v,
        None => unreachable!("every name in functions() is dispatched"),
    }
}

/// The arguments of `name<targs…>(arg)` as those of `name(arg, targs…)`,
/// checked against `name`'s template form (see [`calls!`](super::args::calls)).
fn with_template_args(
    name: &'static str,
    targs: Vec<(TemplateArg, usize)>,
    args: Vec<Arg>,
    pos: usize,
) -> Result<Vec<Arg>> {
    let err =
        |at: usize, detail: String| LayoutError::at(ErrorKind::InvalidArgument, name, at, detail);
    let forms = forms()
        .find(|(n, _)| *n == name)
        .map_or(&[][..], |(_, f)| *f);
    let Some(form) = forms.iter().find(|f| f.contains('<')) else {
        return Err(err(
            pos,
            format!(
                "{name} takes no template arguments; its forms: {}",
                forms.join(", ")
            ),
        ));
    };
    let params = form
        .split_once('<')
        .and_then(|(_, r)| r.split_once('>'))
        .map_or("", |(p, _)| p);
    let types = params.contains("Type");
    let (count_ok, want) = if params.contains("...") {
        (!targs.is_empty(), "1 or more".into())
    } else {
        let n = params.split(',').count();
        (targs.len() == n, n.to_string())
    };
    if !count_ok || args.len() != 1 {
        return Err(err(
            pos,
            format!(
                "{form} takes {want} template argument(s) and 1 argument, found {} and {}",
                targs.len(),
                args.len()
            ),
        ));
    }
    let mut out = args;
    for (k, (t, at)) in targs.into_iter().enumerate() {
        let value = match (t, types) {
            (TemplateArg::Int(v), false) | (TemplateArg::Type(v), true) => v,
            (TemplateArg::Int(v), true) => {
                return Err(err(
                    at,
                    format!("template argument {} of {form}: expected a C++ element type such as uint16_t, found the integer {v}", k + 1),
                ))
            }
            (TemplateArg::Type(_), false) => {
                return Err(err(
                    at,
                    format!("template argument {} of {form}: expected an integer, found an element type", k + 1),
                ))
            }
        };
        out.push(Arg {
            value: Value::Int(value),
            pos: at,
        });
    }
    Ok(out)
}

/// Evaluate `v(args…)`: a layout at a coordinate.
#[inline(never)] // off the parser's recursion path, whose frames stay small
pub(super) fn apply(v: Value, args: Vec<Arg>, pos: usize) -> Result<Value> {
    if !matches!(v, Value::Layout(_) | Value::Swizzle(_) | Value::Composed(_)) {
        return Err(LayoutError::at(
            ErrorKind::InvalidArgument,
            "call",
            pos,
            format!(
                "only a layout, a swizzle or a composed layout can be evaluated, found {} {v}",
                v.kind_name()
            ),
        ));
    }
    let coord = match args.len() {
        1 => args.into_iter().next().expect("one").value,
        _ => super::tuple(args)?,
    };
    match (v, coord) {
        (Value::Layout(l), Value::Int(i)) => Ok(Value::from_offset(l.eval(&HTuple::leaf(i))?)),
        (Value::Layout(l), Value::IntTuple(c)) => Ok(Value::from_offset(l.eval(&c)?)),
        (Value::Layout(l), Value::Coord(c)) => Ok(Value::Layout(crate::runtime::slice(&c, &l)?)),
        (Value::Swizzle(sw), Value::Int(i)) => Ok(Value::Int(sw.apply(i))),
        (Value::Composed(c), Value::Int(i)) => Ok(Value::Int(c.call(i)?)),
        (Value::Composed(c), Value::IntTuple(t)) => Ok(Value::Int(c.eval(&t)?)),
        (Value::Composed(c), Value::Coord(s)) => Ok(c.slice(&s)?.into()),
        (_, other) => Err(LayoutError::at(
            ErrorKind::InvalidArgument,
            "call",
            pos,
            format!(
                "expected an integer or coordinate, found {} {other}",
                other.kind_name()
            ),
        )),
    }
}
