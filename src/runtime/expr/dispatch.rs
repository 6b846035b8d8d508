//! Calls by CuTe name: argument checking and dispatch to the runtime operations.

use super::{Arg, Value};
use crate::runtime::complement::{complement, complement_default};
use crate::runtime::composition::{composition, Tiler};
use crate::runtime::error::{ErrorKind, LayoutError, Result};
use crate::runtime::int_tuple::{self, IntTuple};
use crate::runtime::layout::Layout;
use crate::runtime::stride::StrideTuple;
use crate::runtime::tuple::HTuple;
use alloc::format;
use alloc::vec::Vec;

/// The functions the expression language knows, by CuTe name.
pub const FUNCTIONS: &[&str] = &[
    "composition",
    "complement",
    "size",
    "cosize",
    "rank",
    "depth",
    "shape",
    "stride",
    "get",
    "make_layout",
    "make_identity_layout",
    "make_ordered_layout",
    "shape_div",
    "ceil_div",
    "prefix_product",
    "inner_product",
    "elem_scale",
    "crd2idx",
    "idx2crd",
    "crd2crd",
    "congruent",
    "weakly_congruent",
    "compatible",
];

/// Fail unless `name` is a known function (checked before its arguments are evaluated).
pub(super) fn check_name(name: &str, pos: usize) -> Result<&'static str> {
    FUNCTIONS
        .iter()
        .find(|f| **f == name)
        .copied()
        .ok_or_else(|| {
            LayoutError::new(
                ErrorKind::InvalidArgument,
                "evaluate",
                format!("at byte {pos}: unknown function '{name}'"),
            )
        })
}

/// The arguments of one call, with the diagnostics for wrong counts and kinds.
struct Args {
    name: &'static str,
    args: Vec<Arg>,
    pos: usize,
}

impl Args {
    fn err(&self, pos: usize, what: core::fmt::Arguments<'_>) -> LayoutError {
        LayoutError::new(
            ErrorKind::InvalidArgument,
            self.name,
            format!("at byte {pos}: {what}"),
        )
    }
    /// Check the argument count is in `min..=max`.
    fn count(&self, min: usize, max: usize) -> Result<usize> {
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
    fn wrong(&self, i: usize, expected: &str) -> LayoutError {
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
    fn value(&self, i: usize) -> &Value {
        &self.args[i].value
    }
    /// A layout; a shape stands for its compact column-major layout.
    fn layout(&self, i: usize) -> Result<Layout> {
        match self.value(i) {
            Value::Layout(l) => Ok(l.clone()),
            Value::Int(v) => Layout::column_major(&IntTuple::leaf(*v)),
            Value::IntTuple(t) => Layout::column_major(t),
            _ => Err(self.wrong(i, "a layout")),
        }
    }
    fn tiler(&self, i: usize) -> Result<Tiler> {
        to_tiler(self.value(i), self.args[i].pos, self.name)
    }
    fn int(&self, i: usize) -> Result<i64> {
        match self.value(i) {
            Value::Int(v) => Ok(*v),
            _ => Err(self.wrong(i, "an integer")),
        }
    }
    fn index(&self, i: usize) -> Result<usize> {
        let v = self.int(i)?;
        usize::try_from(v).map_err(|_| self.wrong(i, "a non-negative mode index"))
    }
    /// An integer or integer tuple.
    fn tuple(&self, i: usize) -> Result<IntTuple> {
        match self.value(i) {
            Value::Int(v) => Ok(IntTuple::leaf(*v)),
            Value::IntTuple(t) => Ok(t.clone()),
            _ => Err(self.wrong(i, "an integer or integer tuple")),
        }
    }
}

/// A value as a tiler: a layout, an integer `n` (`n:1`), a shape (by mode:
/// `(4,8)` is `<4:1,8:1>`, as in CuTe), or a tiler.
pub(super) fn to_tiler(v: &Value, pos: usize, op: &'static str) -> Result<Tiler> {
    match v {
        Value::Layout(l) => Ok(Tiler::Layout(l.clone())),
        Value::Int(n) => Layout::column_major(&IntTuple::leaf(*n)).map(Tiler::Layout),
        Value::IntTuple(t) => Tiler::from_shape(t),
        Value::Tiler(t) => Ok(t.clone()),
        other => Err(LayoutError::new(
            ErrorKind::InvalidArgument,
            op,
            format!(
                "at byte {pos}: expected a layout, shape or tiler, found {} {other}",
                other.kind_name()
            ),
        )),
    }
}

fn tuple_or_layout_shape(a: &Args, i: usize) -> Result<IntTuple> {
    match a.value(i) {
        Value::Layout(l) => Ok(l.shape().clone()),
        Value::Int(v) => Ok(IntTuple::leaf(*v)),
        Value::IntTuple(t) => Ok(t.clone()),
        _ => Err(a.wrong(i, "a layout or an integer tuple")),
    }
}

/// Evaluate the call `name(args…)` that starts at byte `pos`.
pub(super) fn call(name: &str, args: Vec<Arg>, pos: usize) -> Result<Value> {
    let name = check_name(name, pos)?;
    let a = Args { name, args, pos };
    let v = match name {
        "composition" => {
            a.count(2, 2)?;
            Value::Layout(composition(&a.layout(0)?, &a.tiler(1)?)?)
        }
        "complement" => {
            let n = a.count(1, 2)?;
            let l = a.layout(0)?;
            if n == 1 {
                Value::Layout(complement_default(&l)?)
            } else {
                Value::Layout(complement(&l, &a.tuple(1)?)?)
            }
        }
        "size" => {
            a.count(1, 1)?;
            Value::Int(tuple_or_layout_shape(&a, 0)?.size()?)
        }
        "cosize" => {
            a.count(1, 1)?;
            Value::Int(a.layout(0)?.cosize()?)
        }
        "rank" | "depth" => {
            a.count(1, 1)?;
            let t = tuple_or_layout_shape(&a, 0)?;
            let r = if name == "rank" { t.rank() } else { t.depth() };
            Value::Int(r as i64)
        }
        "shape" => {
            a.count(1, 1)?;
            Value::from_int_tuple(a.layout(0)?.shape().clone())
        }
        "stride" => {
            a.count(1, 1)?;
            let l = a.layout(0)?;
            match l.int_strides("stride") {
                Ok(t) => Value::from_int_tuple(t),
                Err(_) => Value::Stride(l.stride().clone()),
            }
        }
        "get" => get(&a)?,
        "make_layout" => make_layout(&a)?,
        "make_identity_layout" => {
            a.count(1, 1)?;
            Value::Layout(Layout::identity(&a.tuple(0)?)?)
        }
        "make_ordered_layout" => {
            a.count(2, 2)?;
            Value::Layout(Layout::ordered(&a.tuple(0)?, &a.tuple(1)?)?)
        }
        "shape_div" | "ceil_div" | "inner_product" | "elem_scale" => {
            a.count(2, 2)?;
            let (x, y) = (a.tuple(0)?, a.tuple(1)?);
            match name {
                "shape_div" => Value::from_int_tuple(int_tuple::shape_div(x.as_ref(), y.as_ref())?),
                "ceil_div" => Value::from_int_tuple(int_tuple::ceil_div(x.as_ref(), y.as_ref())?),
                "inner_product" => Value::Int(int_tuple::inner_product(x.as_ref(), y.as_ref())?),
                _ => Value::from_int_tuple(int_tuple::elem_scale(x.as_ref(), y.as_ref())?),
            }
        }
        "prefix_product" => {
            let n = a.count(1, 2)?;
            let init = if n == 2 { a.int(1)? } else { 1 };
            Value::from_int_tuple(int_tuple::prefix_product(a.tuple(0)?.as_ref(), init)?)
        }
        "crd2idx" => {
            let n = a.count(2, 3)?;
            let c = a.tuple(0)?;
            if n == 3 {
                Value::Int(int_tuple::crd2idx(&c, &a.tuple(1)?, &a.tuple(2)?)?)
            } else {
                let l = a.layout(1)?;
                match l.int_strides("crd2idx") {
                    Ok(d) => Value::Int(int_tuple::crd2idx(&c, l.shape(), &d)?),
                    Err(_) => Value::from_offset(l.eval(&c)?),
                }
            }
        }
        "idx2crd" => {
            let n = a.count(2, 3)?;
            let i = a.tuple(0)?;
            if n == 3 {
                let i = a.int(0)?;
                Value::from_int_tuple(int_tuple::idx2crd_strided(i, &a.tuple(1)?, &a.tuple(2)?)?)
            } else {
                Value::from_int_tuple(int_tuple::idx2crd(&i, &tuple_or_layout_shape(&a, 1)?)?)
            }
        }
        "crd2crd" => {
            a.count(3, 3)?;
            Value::from_int_tuple(int_tuple::crd2crd(
                &a.tuple(0)?,
                &a.tuple(1)?,
                &a.tuple(2)?,
            )?)
        }
        "congruent" | "weakly_congruent" | "compatible" => {
            a.count(2, 2)?;
            let (x, y) = (tuple_or_layout_shape(&a, 0)?, tuple_or_layout_shape(&a, 1)?);
            Value::Bool(match name {
                "congruent" => x.congruent(&y),
                "weakly_congruent" => int_tuple::weakly_congruent(x.as_ref(), y.as_ref()),
                _ => int_tuple::compatible(x.as_ref(), y.as_ref()),
            })
        }
        _ => unreachable!("every name in FUNCTIONS is dispatched"),
    };
    Ok(v)
}

/// `get(x, i, j, …)`: the sub-layout or sub-tuple at a hierarchical path.
fn get(a: &Args) -> Result<Value> {
    let n = a.count(2, usize::MAX)?;
    let path: Vec<usize> = (1..n).map(|i| a.index(i)).collect::<Result<_>>()?;
    match a.value(0) {
        Value::Layout(l) => Ok(Value::Layout(l.get(&path)?)),
        _ => {
            let t = a.tuple(0)?;
            match t.get(&path) {
                Some(m) => Ok(Value::from_int_tuple(m.to_owned())),
                None => Err(LayoutError::new(
                    ErrorKind::OutOfBounds,
                    "get",
                    format!("path {path:?} in {t}"),
                )),
            }
        }
    }
}

/// `make_layout(shape)`, `make_layout(shape, stride)`, or `make_layout(L0, L1, …)`.
fn make_layout(a: &Args) -> Result<Value> {
    let n = a.count(1, usize::MAX)?;
    let shapes = matches!(a.value(0), Value::Int(_) | Value::IntTuple(_));
    if shapes && n <= 2 {
        let shape = a.tuple(0)?;
        if n == 1 {
            return Ok(Value::Layout(Layout::column_major(&shape)?));
        }
        let stride = match a.value(1) {
            Value::Stride(d) => d.clone(),
            _ => StrideTuple::from_ints(&a.tuple(1)?),
        };
        return Ok(Value::Layout(Layout::new(shape, stride)?));
    }
    let modes: Vec<Layout> = (0..n).map(|i| a.layout(i)).collect::<Result<_>>()?;
    Ok(Value::Layout(Layout::concat(&modes)))
}

/// Evaluate `v(args…)`: a layout at a coordinate.
pub(super) fn apply(v: Value, args: Vec<Arg>, pos: usize) -> Result<Value> {
    let Value::Layout(l) = v else {
        return Err(LayoutError::new(
            ErrorKind::InvalidArgument,
            "call",
            format!(
                "at byte {pos}: only a layout can be evaluated, found {} {v}",
                v.kind_name()
            ),
        ));
    };
    let coord = match args.len() {
        1 => args.into_iter().next().expect("one").value,
        _ => super::tuple(args)?,
    };
    match coord {
        Value::Int(i) => Ok(Value::from_offset(l.eval(&HTuple::leaf(i))?)),
        Value::IntTuple(c) => Ok(Value::from_offset(l.eval(&c)?)),
        other => Err(LayoutError::new(
            ErrorKind::InvalidArgument,
            "call",
            format!(
                "at byte {pos}: expected an integer or coordinate, found {} {other}",
                other.kind_name()
            ),
        )),
    }
}
