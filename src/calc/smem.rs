//! The calculator's shared-memory arguments (`layout --banks`,
//! `layout --pick-swizzle`): a layout given as an expression, and a
//! shared-memory tile `[Sw<B,M,S> o [offset o]] EXPR`, CuTe's printed
//! composed form with an expression for the inner layout.

use super::{evaluate_rest, Value};
use crate::runtime::banks::SmemTile;
use crate::runtime::budget::{with_point_budget, MAX_POINTS};
use crate::runtime::error::{ErrorKind, LayoutError, Result};
use crate::runtime::int_tuple::IntTuple;
use crate::runtime::layout::Layout;
use crate::runtime::parse::Cursor;
use alloc::format;

/// The layout the rest of the input evaluates to; a shape stands for its
/// compact column-major layout, as in a call's layout argument.
fn layout_rest(mut c: Cursor<'_>) -> Result<Layout> {
    c.skip_ws();
    let start = c.pos();
    match evaluate_rest(c)? {
        Value::Layout(l) => Ok(l),
        Value::Int(v) => Layout::column_major(&IntTuple::leaf(v)),
        Value::IntTuple(t) => Layout::column_major(&t),
        other => Err(LayoutError::at(
            ErrorKind::InvalidArgument,
            "evaluate",
            start,
            format!("expected a layout, found {} {other}", other.kind_name()),
        )),
    }
}

/// Evaluate `src` as a layout (see [`evaluate`](super::evaluate); a shape is
/// its compact column-major layout), under the same cost caps.
///
/// ```
/// use layout_algebra::calc::evaluate_layout;
/// assert_eq!(evaluate_layout("zipped_divide((8,8), <2,4>)").unwrap().to_string(),
///            "((2,4),(4,2)):((1,8),(2,32))");
/// assert_eq!(evaluate_layout("(4,8)").unwrap().to_string(), "(4,8):(1,4)");
/// assert!(evaluate_layout("<4:1,8:2>").unwrap_err().to_string().contains("expected a layout"));
/// ```
pub fn evaluate_layout(src: &str) -> Result<Layout> {
    with_point_budget(MAX_POINTS, || layout_rest(Cursor::new(src)))
}

/// Read a shared-memory tile of `elem_bytes`-byte elements:
/// `[Sw<B,M,S> o [offset o]] EXPR`, CuTe's printed composed form (the offset
/// may be left out) whose inner layout EXPR may be any expression that
/// evaluates to a layout; without the swizzle, EXPR alone is the tile.
///
/// ```
/// use layout_algebra::calc::smem_tile;
/// let t = smem_tile("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", 2).unwrap();
/// assert_eq!((t.swizzle.unwrap().to_string(), t.offset), ("Sw<3,4,3>".to_string(), 0));
/// let t = smem_tile("Swizzle<2,0,3> o 8 o tile_to_shape((4,8):(8,1), (16,8))", 4).unwrap();
/// assert_eq!((t.layout.to_string(), t.offset), ("((4,4),(8,1)):((8,32),(1,0))".to_string(), 8));
/// assert_eq!(smem_tile("(32,33)", 4).unwrap().swizzle, None);
/// let e = smem_tile("Sw<3,4,3> (8,64):(64,1)", 2).unwrap_err();
/// assert_eq!(e.position(), Some(10));
/// ```
pub fn smem_tile(src: &str, elem_bytes: u32) -> Result<SmemTile> {
    with_point_budget(MAX_POINTS, || {
        let mut c = Cursor::new(src);
        c.skip_ws();
        let (swizzle, offset) = if c.rest().starts_with("Sw") {
            let sw = c.swizzle()?;
            (Some(sw), c.compose_offset()?)
        } else {
            (None, 0)
        };
        Ok(SmemTile {
            layout: layout_rest(c)?,
            offset,
            swizzle,
            elem_bytes,
        })
    })
}
