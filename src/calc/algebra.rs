//! Calls of the layout algebra: composition, complement, coalesce, inverses,
//! divides, products, recasts, slices and mode restructuring.

use super::args::Args;
use super::Value;
use crate::runtime::{
    self as rt, complement, complement_default, composition, ComposedLayout, Result,
};
use alloc::boxed::Box;
use alloc::vec::Vec;

super::args::calls! {
    /// The names this family dispatches, and the value of the call `a.name(…)`
    /// (`None` if `a.name` is not in this family).
    a, name;
    "composition" ["composition(A, B)"] => {
        a.count(2, 2)?;
        match a.value(0) {
            // CuTe's composition(Sw, L) is the composed layout Sw o 0 o L.
            Value::Swizzle(sw) => Value::Composed(Box::new(ComposedLayout::new(*sw, 0, a.layout(1)?))),
            Value::Composed(c) => Value::Composed(Box::new(c.compose(&a.tiler(1)?)?)),
            _ => Value::Layout(composition(&a.layout(0)?, &a.tiler(1)?)?),
        }
    }
    "complement" ["complement(L)", "complement(L, cotarget)"] => {
        let n = a.count(1, 2)?;
        let l = a.layout(0)?;
        if n == 1 {
            Value::Layout(complement_default(&l)?)
        } else {
            Value::Layout(complement(&l, &a.tuple(1)?)?)
        }
    }
    "coalesce" ["coalesce(L)", "coalesce(L, profile)"] => {
        let n = a.count(1, 2)?;
        let l = a.layout(0)?;
        Value::Layout(if n == 1 {
            rt::coalesce(&l)?
        } else {
            rt::coalesce_profile(&l, &a.tuple(1)?)?
        })
    }
    "filter" ["filter(L)", "filter(L, profile)"] => {
        let n = a.count(1, 2)?;
        let l = a.layout(0)?;
        Value::Layout(if n == 1 {
            rt::filter(&l)?
        } else {
            rt::filter_profile(&l, &a.tuple(1)?)?
        })
    }
    "filter_zeros" ["filter_zeros(L)"]
    | "right_inverse" ["right_inverse(L)"]
    | "left_inverse" ["left_inverse(L)"]
    | "nullspace" ["nullspace(L)"] => {
        a.count(1, 1)?;
        let l = a.layout(0)?;
        Value::Layout(match name {
            "filter_zeros" => rt::filter_zeros(&l),
            "right_inverse" => rt::right_inverse(&l)?,
            "left_inverse" => rt::left_inverse(&l)?,
            _ => rt::nullspace(&l)?,
        })
    }
    "max_common_layout" ["max_common_layout(A, B)"]
    | "max_common_vector" ["max_common_vector(A, B)"] => {
        a.count(2, 2)?;
        let (x, y) = (a.layout(0)?, a.layout(1)?);
        if name == "max_common_layout" {
            Value::Layout(rt::max_common_layout(&x, &y)?)
        } else {
            Value::Int(rt::max_common_vector(&x, &y)?)
        }
    }
    "logical_divide" ["logical_divide(L, tiler)"]
    | "zipped_divide" ["zipped_divide(L, tiler)"]
    | "tiled_divide" ["tiled_divide(L, tiler)"]
    | "flat_divide" ["flat_divide(L, tiler)"]
    | "logical_product" ["logical_product(L, tiler)"]
    | "zipped_product" ["zipped_product(L, tiler)"]
    | "tiled_product" ["tiled_product(L, tiler)"]
    | "flat_product" ["flat_product(L, tiler)"] => {
        a.count(2, 2)?;
        let t = a.tiler(1)?;
        if let Value::Composed(c) = a.value(0) {
            // CuTe divides and multiplies a composed layout's inner layout.
            return Ok(Value::Composed(Box::new(match name {
                "logical_divide" => c.logical_divide(&t),
                "zipped_divide" => c.zipped_divide(&t),
                "tiled_divide" => c.tiled_divide(&t),
                "flat_divide" => c.flat_divide(&t),
                "logical_product" => c.logical_product(&t),
                "zipped_product" => c.zipped_product(&t),
                "tiled_product" => c.tiled_product(&t),
                _ => c.flat_product(&t),
            }?)));
        }
        let l = a.layout(0)?;
        Value::Layout(match name {
            "logical_divide" => rt::logical_divide(&l, &t)?,
            "zipped_divide" => rt::zipped_divide(&l, &t)?,
            "tiled_divide" => rt::tiled_divide(&l, &t)?,
            "flat_divide" => rt::flat_divide(&l, &t)?,
            "logical_product" => rt::logical_product(&l, &t)?,
            "zipped_product" => rt::zipped_product(&l, &t)?,
            "tiled_product" => rt::tiled_product(&l, &t)?,
            _ => rt::flat_product(&l, &t)?,
        })
    }
    "blocked_product" ["blocked_product(A, B)"] | "raked_product" ["raked_product(A, B)"] => {
        a.count(2, 2)?;
        let y = a.layout(1)?;
        if let Value::Composed(c) = a.value(0) {
            return Ok(Value::Composed(Box::new(if name == "blocked_product" {
                c.blocked_product(&y)
            } else {
                c.raked_product(&y)
            }?)));
        }
        let x = a.layout(0)?;
        Value::Layout(if name == "blocked_product" {
            rt::blocked_product(&x, &y)?
        } else {
            rt::raked_product(&x, &y)?
        })
    }
    "tile_to_shape" ["tile_to_shape(L, shape)", "tile_to_shape(L, shape, order)"] => {
        let n = a.count(2, 3)?;
        let order = if n == 3 { Some(a.tuple(2)?) } else { None };
        Value::Layout(rt::tile_to_shape(
            &a.layout(0)?,
            &a.tuple(1)?,
            order.as_ref(),
        )?)
    }
    "upcast" ["upcast(L, N)", "upcast<N>(L)"] | "downcast" ["downcast(L, N)", "downcast<N>(L)"] => {
        a.count(2, 2)?;
        let (l, k) = (a.layout(0)?, a.int(1)?);
        Value::Layout(if name == "upcast" {
            rt::upcast(&l, k)?
        } else {
            rt::downcast(&l, k)?
        })
    }
    "recast_layout" ["recast_layout(L, old_bits, new_bits)", "recast_layout<OldType, NewType>(L)"] => {
        a.count(3, 3)?;
        Value::Layout(rt::recast_layout(&a.layout(0)?, a.int(1)?, a.int(2)?)?)
    }
    "slice" ["slice(coord, L)"]
    | "dice" ["dice(coord, L)"]
    | "slice_and_offset" ["slice_and_offset(coord, L)"] => {
        a.count(2, 2)?;
        let c = a.coord(0)?;
        if let Value::Composed(composed) = a.value(1) {
            // CuTe slices a composed layout through its inner layout; a
            // swizzle may decay to a plain layout.
            return Ok(match name {
                "slice" => composed.slice(&c)?.into(),
                "dice" => Value::Composed(Box::new(composed.dice(&c)?)),
                _ => match composed.slice_and_offset(&c)? {
                    (rt::ComposedSlice::Layout(l), o) => Value::LayoutWithOffset(l, rt::Offset::Int(o)),
                    (rt::ComposedSlice::Composed(s), o) => Value::ComposedWithOffset(Box::new(s), o),
                },
            });
        }
        let l = a.layout(1)?;
        match name {
            "slice" => Value::Layout(rt::slice(&c, &l)?),
            "dice" => Value::Layout(rt::dice(&c, &l)?),
            _ => {
                let (s, o) = rt::slice_and_offset(&c, &l)?;
                Value::LayoutWithOffset(s, o)
            }
        }
    }
    "select" ["select(L, I...)", "select<I...>(L)"] => {
        let n = a.count(1, usize::MAX)?;
        let idx: Vec<usize> = (1..n).map(|i| a.index(i)).collect::<Result<_>>()?;
        Value::Layout(rt::select(&a.layout(0)?, &idx)?)
    }
    "take" ["take(L, B, E)", "take<B, E>(L)"] => {
        a.count(3, 3)?;
        Value::Layout(rt::take(&a.layout(0)?, a.index(1)?, a.index(2)?)?)
    }
    // E = -1 groups to the end, as CuTe's group<B,-1>.
    "group_modes" ["group_modes(L, B, E)", "group_modes<B, E>(L)"] => {
        a.count(3, 3)?;
        let l = a.layout(0)?;
        let (b, e) = (a.index(1)?, a.end_index(2, l.rank())?);
        Value::Layout(rt::group_modes(&l, b, e)?)
    }
    "flatten" ["flatten(L)"] => {
        a.count(1, 1)?;
        match a.value(0) {
            Value::Layout(l) => Value::Layout(rt::flatten(l)),
            _ => Value::from_int_tuple(a.tuple(0)?.flatten()),
        }
    }
    "append" ["append(L, X)"] | "prepend" ["prepend(L, X)"] => {
        a.count(2, 2)?;
        let (l, x) = (a.layout(0)?, a.layout(1)?);
        Value::Layout(if name == "append" {
            rt::append(&l, &x)
        } else {
            rt::prepend(&l, &x)
        })
    }
    "replace" ["replace(L, I, X)"] => {
        a.count(3, 3)?;
        Value::Layout(rt::replace(&a.layout(0)?, a.index(1)?, &a.layout(2)?)?)
    }
}
