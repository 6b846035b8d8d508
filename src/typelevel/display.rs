//! `Display` in CuTe notation, identical to the runtime layer's:
//! `(4,(3,2)):(2,(8,1))`, a leaf layout as `4:1`, a rank-1 tuple as `(4):(1)`,
//! a tiler as `<4:1,8:2>`. The alternate form `{:#}` is CuTe C++'s `print`:
//! a static integer as `_4`, a dynamic one bare (`(_4,6):(_1,_4)`), a
//! [`DivBy<N>`](crate::typelevel::DivBy) with its fact as CuTe DSL prints it,
//! the value in place of `?` (`256{div=128}`, `{div=1}` left out); both forms
//! parse back (`layout!`, the runtime parser, the calculator; the `{div=N}`
//! facts in the runtime parser and the calculator only, which check them).
//!
//! ```
//! use layout_algebra::typelevel::{layout, tile};
//! use alloc::{format, string::ToString};
//! # extern crate alloc;
//! assert_eq!(layout!((4,(3,2)):(2,(8,1))).to_string(), "(4,(3,2)):(2,(8,1))");
//! assert_eq!(layout!((4):(1)).to_string(), "(4):(1)");
//! assert_eq!(tile!(4:1, (2,2):(1,8)).to_string(), "<4:1,(2,2):(1,8)>");
//! assert_eq!(format!("{:?}", layout!((4,8))), "(4,8):(1,4)");
//! assert_eq!(format!("{:#}", layout!((4,{6}):(1,4)).unwrap()), "(_4,6):(_1,_4)");
//! assert_eq!(format!("{:#}", tile!(4:1, 8:-2)), "<_4:_1,_8:_-2>");
//! ```

use super::int::IntLeaf;
use super::layout::{Layout, Tile};
use super::tuple::IntTuple;
use core::fmt;
use frunk_core::hlist::{HCons, HNil};

impl<S: IntTuple, D: IntTuple> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written through `f` itself, so that `{:#}` reaches the leaves.
        self.shape().fmt_cute(f)?;
        f.write_str(":")?;
        self.stride().fmt_cute(f)
    }
}

/// The modes of a tiler, written comma-separated.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TileItems {
    /// Writes `,m` for each mode (`m` for the first when `first`).
    fn fmt_modes(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
}
impl TileItems for HNil {
    fn fmt_modes(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}
impl<H: TileItem, T: TileItems> TileItems for HCons<H, T> {
    fn fmt_modes(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.fmt_item(f)?;
        self.tail.fmt_modes(f, false)
    }
}

/// One mode of a tiler: a layout, an integer (`4`, `_4` in the alternate
/// form) or a nested tiler.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TileItem {
    /// Writes the mode.
    fn fmt_item(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl<S: IntTuple, D: IntTuple> TileItem for Layout<S, D> {
    fn fmt_item(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl<T: TileItems> TileItem for Tile<T> {
    fn fmt_item(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl<L: IntLeaf + IntTuple> TileItem for L {
    fn fmt_item(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}

impl<S: IntTuple, D: IntTuple> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<T: TileItems> fmt::Debug for Tile<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<T: TileItems> fmt::Display for Tile<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<")?;
        self.0.fmt_modes(f, true)?;
        f.write_str(">")
    }
}
