//! Calls on integer tuples and layout queries: size, rank, get, make_layout,
//! shape arithmetic and coordinate conversions.

use super::args::{tuple_or_layout_shape, Args};
use super::{Major, Value};
use crate::runtime::error::{ErrorKind, LayoutError, Result};
use crate::runtime::int_tuple;
use crate::runtime::layout::Layout;
use crate::runtime::stride::StrideTuple;
use alloc::format;
use alloc::vec::Vec;

super::args::calls! {
    /// The names this family dispatches, and the value of the call `a.name(…)`
    /// (`None` if `a.name` is not in this family).
    a, name;
    "size" ["size(L)"] => {
        a.count(1, 1)?;
        Value::Int(tuple_or_layout_shape(a, 0)?.size()?)
    }
    "cosize" ["cosize(L)"] => {
        a.count(1, 1)?;
        Value::Int(a.layout(0)?.cosize()?)
    }
    "rank" ["rank(L)"] | "depth" ["depth(L)"] => {
        a.count(1, 1)?;
        let t = tuple_or_layout_shape(a, 0)?;
        let r = if name == "rank" { t.rank() } else { t.depth() };
        Value::Int(r as i64)
    }
    "shape" ["shape(L)"] => {
        a.count(1, 1)?;
        Value::from_int_tuple(a.layout(0)?.shape().clone())
    }
    "stride" ["stride(L)"] => {
        a.count(1, 1)?;
        let l = a.layout(0)?;
        match l.int_strides("stride") {
            Ok(t) => Value::from_int_tuple(t),
            Err(_) => Value::Stride(l.stride().to_owned()),
        }
    }
    "get" ["get(L, I...)", "get<I...>(L)"] => { get(a)? }
    "make_layout" [
        "make_layout(shape)",
        "make_layout(shape, stride)",
        "make_layout(shape, LayoutLeft{})",
        "make_layout(shape, LayoutRight{})",
        "make_layout(L0, L1, ...)",
    ] => { make_layout(a)? }
    "make_identity_layout" ["make_identity_layout(shape)"] => {
        a.count(1, 1)?;
        Value::Layout(Layout::identity(&a.tuple(0)?)?)
    }
    "make_ordered_layout" ["make_ordered_layout(shape, order)"] => {
        a.count(2, 2)?;
        Value::Layout(Layout::ordered(&a.tuple(0)?, &a.tuple(1)?)?)
    }
    "shape_div" ["shape_div(A, B)"]
    | "ceil_div" ["ceil_div(A, B)"]
    | "inner_product" ["inner_product(A, B)"]
    | "elem_scale" ["elem_scale(A, B)"] => {
        a.count(2, 2)?;
        let (x, y) = (a.tuple(0)?, a.tuple(1)?);
        match name {
            "shape_div" => {
                Value::from_int_tuple(int_tuple::shape_div(x.as_ref(), y.as_ref())?)
            }
            "ceil_div" => {
                Value::from_int_tuple(int_tuple::ceil_div(x.as_ref(), y.as_ref())?)
            }
            "inner_product" => {
                Value::Int(int_tuple::inner_product(x.as_ref(), y.as_ref())?)
            }
            _ => Value::from_int_tuple(int_tuple::elem_scale(x.as_ref(), y.as_ref())?),
        }
    }
    "prefix_product" ["prefix_product(A)", "prefix_product(A, init)"] => {
        let n = a.count(1, 2)?;
        let init = if n == 2 { a.int(1)? } else { 1 };
        Value::from_int_tuple(int_tuple::prefix_product(a.tuple(0)?.as_ref(), init)?)
    }
    "crd2idx" ["crd2idx(coord, L)", "crd2idx(coord, shape, stride)"] => {
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
    "idx2crd" ["idx2crd(idx, shape)", "idx2crd(idx, shape, stride)"] => {
        let n = a.count(2, 3)?;
        let i = a.tuple(0)?;
        if n == 3 {
            let i = a.int(0)?;
            Value::from_int_tuple(int_tuple::idx2crd_strided(
                i,
                &a.tuple(1)?,
                &a.tuple(2)?,
            )?)
        } else {
            Value::from_int_tuple(int_tuple::idx2crd(&i, &tuple_or_layout_shape(a, 1)?)?)
        }
    }
    "crd2crd" ["crd2crd(coord, src_shape, dst_shape)"] => {
        a.count(3, 3)?;
        Value::from_int_tuple(int_tuple::crd2crd(
            &a.tuple(0)?,
            &a.tuple(1)?,
            &a.tuple(2)?,
        )?)
    }
    "congruent" ["congruent(A, B)"]
    | "weakly_congruent" ["weakly_congruent(A, B)"]
    | "compatible" ["compatible(A, B)"] => {
        a.count(2, 2)?;
        let (x, y) = (tuple_or_layout_shape(a, 0)?, tuple_or_layout_shape(a, 1)?);
        Value::Bool(match name {
            "congruent" => x.congruent(&y),
            "weakly_congruent" => int_tuple::weakly_congruent(x.as_ref(), y.as_ref()),
            _ => int_tuple::compatible(x.as_ref(), y.as_ref()),
        })
    }
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

/// `make_layout(shape)`, `make_layout(shape, stride)`, `make_layout(shape,
/// LayoutLeft{})` (column-major, the default), `make_layout(shape,
/// LayoutRight{})` (row-major), or `make_layout(L0, L1, …)`.
fn make_layout(a: &Args) -> Result<Value> {
    let n = a.count(1, usize::MAX)?;
    let shapes = matches!(a.value(0), Value::Int(_) | Value::IntTuple(_));
    if !shapes && n == 2 && matches!(a.value(1), Value::Major(_)) {
        return Err(a.wrong(0, "a shape before a layout order tag"));
    }
    if shapes && n <= 2 {
        let shape = a.tuple(0)?;
        if n == 1 {
            return Ok(Value::Layout(Layout::column_major(&shape)?));
        }
        let stride = match a.value(1) {
            Value::Major(Major::Left) => return Ok(Value::Layout(Layout::column_major(&shape)?)),
            Value::Major(Major::Right) => return Ok(Value::Layout(Layout::row_major(&shape)?)),
            Value::Stride(d) => d.clone(),
            _ => StrideTuple::from_ints(&a.tuple(1)?),
        };
        return Ok(Value::Layout(Layout::new(shape, stride)?));
    }
    let modes: Vec<Layout> = (0..n).map(|i| a.layout(i)).collect::<Result<_>>()?;
    Ok(Value::Layout(Layout::concat(&modes)))
}
