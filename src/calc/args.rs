//! The arguments of one call: their count and kinds checked, with the
//! diagnostics for wrong ones, and the `calls!` table each family of calls
//! (`algebra.rs`, `tuples.rs`) declares its names with.

use super::{Arg, Value};
use crate::runtime::error::{ErrorKind, LayoutError, Result};
use crate::runtime::int_tuple::IntTuple;
use crate::runtime::layout::Layout;
use crate::runtime::tuple::HTuple;
use crate::runtime::{SliceCoord, Tiler};
use alloc::format;
use alloc::vec::Vec;

/// One family's table of calls:
/// `calls! { a, name; "f" ["f(A)", "f(A, B)"] | "g" ["g<I>(A)"] => { body } ... }`
/// defines `FORMS` (every name, in order, with its forms as CuTe writes them)
/// and `call(a)`, which evaluates the body whose names include `a.name` with
/// `name` bound to it, or returns `None`. One list, so the names, their
/// argument lists and the dispatch cannot disagree.
///
/// A form with `<…>` is CuTe's template form: the call accepts template
/// arguments, which follow its one argument (`get<1,0>(L)` is `get(L, 1, 0)`);
/// they are element types where a template parameter's name ends in `Type`
/// (`recast_layout<OldType, NewType>(L)`), integers otherwise; a parameter
/// `I...` takes one or more.
macro_rules! calls {
    ($(#[$doc:meta])* $a:ident, $name:ident;
     $($($n:literal [$($form:literal),+ $(,)?])|+ => $body:block)+) => {
        /// The names this family dispatches, each with its forms.
        pub(super) const FORMS: &[(&str, &[&str])] = &[$($(($n, &[$($form),+])),+),+];

        $(#[$doc])*
        pub(super) fn call($a: &Args) -> Option<Result<Value>> {
            let $name = $a.name;
            match $name {
                $($($n)|+ => Some((|| -> Result<Value> { Ok($body) })()),)+
                _ => None,
            }
        }
    };
}
pub(super) use calls;

/// The arguments of one call, with the diagnostics for wrong counts and kinds.
pub(super) struct Args {
    pub(super) name: &'static str,
    args: Vec<Arg>,
    pos: usize,
}

impl Args {
    /// The arguments `args` of the call of `name` at byte `pos`.
    pub(super) fn new(name: &'static str, args: Vec<Arg>, pos: usize) -> Self {
        Args { name, args, pos }
    }
    pub(super) fn err(&self, pos: usize, what: core::fmt::Arguments<'_>) -> LayoutError {
        LayoutError::at(
            ErrorKind::InvalidArgument,
            self.name,
            pos,
            alloc::fmt::format(what),
        )
    }
    /// Check the argument count is in `min..=max`.
    pub(super) fn count(&self, min: usize, max: usize) -> Result<usize> {
        let n = self.args.len();
        if n < min || n > max {
            let want = if min == max {
                format!("{min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(self.err(
                self.pos,
                format_args!(
                    "{} takes {want} argument{}, found {n}",
                    self.name,
                    if max == 1 { "" } else { "s" }
                ),
            ));
        }
        Ok(n)
    }
    pub(super) fn wrong(&self, i: usize, expected: &str) -> LayoutError {
        let a = &self.args[i];
        self.err(
            a.pos,
            format_args!(
                "argument {} of {}: expected {expected}, found {} {}",
                i + 1,
                self.name,
                a.value.kind_name(),
                a.value
            ),
        )
    }
    pub(super) fn value(&self, i: usize) -> &Value {
        &self.args[i].value
    }
    /// A layout; a shape stands for its compact column-major layout.
    pub(super) fn layout(&self, i: usize) -> Result<Layout> {
        match self.value(i) {
            Value::Layout(l) => Ok(l.clone()),
            Value::Int(v) => Layout::column_major(&IntTuple::leaf(*v)),
            Value::IntTuple(t) => Layout::column_major(t),
            _ => Err(self.wrong(i, "a layout")),
        }
    }
    pub(super) fn tiler(&self, i: usize) -> Result<Tiler> {
        to_tiler(self.value(i), self.args[i].pos, self.name)
    }
    /// A slice coordinate; integers and integer tuples are coordinates without `_`.
    pub(super) fn coord(&self, i: usize) -> Result<SliceCoord> {
        match self.value(i) {
            Value::Coord(c) => Ok(c.clone()),
            Value::Int(v) => Ok(HTuple::leaf(Some(*v))),
            Value::IntTuple(t) => Ok(t.map(Some)),
            _ => Err(self.wrong(i, "a slice coordinate")),
        }
    }
    pub(super) fn int(&self, i: usize) -> Result<i64> {
        match self.value(i) {
            Value::Int(v) => Ok(*v),
            _ => Err(self.wrong(i, "an integer")),
        }
    }
    pub(super) fn index(&self, i: usize) -> Result<usize> {
        let v = self.int(i)?;
        usize::try_from(v).map_err(|_| self.wrong(i, "a non-negative mode index"))
    }
    /// The end of a mode range: a mode index, or `-1` for `end` (CuTe's "to
    /// the end", as in `group<B,-1>`).
    pub(super) fn end_index(&self, i: usize, end: usize) -> Result<usize> {
        match self.int(i)? {
            -1 => Ok(end),
            v => usize::try_from(v)
                .map_err(|_| self.wrong(i, "a non-negative mode index or -1 (to the end)")),
        }
    }
    /// An integer or integer tuple.
    pub(super) fn tuple(&self, i: usize) -> Result<IntTuple> {
        match self.value(i) {
            Value::Int(v) => Ok(IntTuple::leaf(*v)),
            Value::IntTuple(t) => Ok(t.clone()),
            _ => Err(self.wrong(i, "an integer or integer tuple")),
        }
    }
}

/// A value as a tiler: a layout, an integer (composition reads `n` as `n:1`,
/// the divides and products as `make_layout(n)`), a shape (by mode: `(4,8)`
/// is `<4,8>`, as in CuTe), or a tiler.
pub(super) fn to_tiler(v: &Value, pos: usize, op: &'static str) -> Result<Tiler> {
    match v {
        Value::Layout(l) => Ok(Tiler::Layout(l.clone())),
        Value::Int(n) => Tiler::from_shape(&IntTuple::leaf(*n)),
        Value::IntTuple(t) => Tiler::from_shape(t),
        Value::Tiler(t) => Ok(t.clone()),
        other => Err(LayoutError::at(
            ErrorKind::InvalidArgument,
            op,
            pos,
            format!(
                "expected a layout, shape or tiler, found {} {other}",
                other.kind_name()
            ),
        )),
    }
}

pub(super) fn tuple_or_layout_shape(a: &Args, i: usize) -> Result<IntTuple> {
    match a.value(i) {
        Value::Layout(l) => Ok(l.shape().clone()),
        Value::Composed(c) => Ok(c.shape().clone()),
        Value::Int(v) => Ok(IntTuple::leaf(*v)),
        Value::IntTuple(t) => Ok(t.clone()),
        _ => Err(a.wrong(i, "a layout or an integer tuple")),
    }
}
