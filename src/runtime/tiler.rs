//! Tilers: the right operand of composition, divides and products.
//!
//! A tiler is a layout applied to a whole layout, or a tuple of tilers
//! `<T₀, T₁, …>` applied mode by mode (CuTe's `Tile`); a shape used as a
//! tiler is the tuple of its extents' compact layouts.
//!
//! ```
//! use layout_algebra::runtime::{IntTuple, Tiler};
//! let t = Tiler::parse("<4:1, 8:2>").unwrap();
//! assert_eq!((t.rank(), t.to_string()), (2, "<4:1,8:2>".to_string()));
//! let s = Tiler::from_shape(&"(4,(2,3))".parse::<IntTuple>().unwrap()).unwrap();
//! assert_eq!(s.to_string(), "<4:1,<2:1,3:1>>");
//! ```

use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::{IntRef, IntTuple};
use crate::runtime::layout::Layout;
use alloc::vec::Vec;
use core::fmt;

/// A tiler: a layout applied to a whole layout, or a tuple of tilers applied
/// mode by mode (`<4:1, 8:2>`). A shape used as a tiler is the tuple of
/// stride-1 layouts of its extents: `(4,8)` is `<4:1, 8:1>`.
#[derive(Clone, PartialEq, Eq, Debug)]
#[allow(clippy::large_enum_variant)] // layouts are stored inline on purpose
pub enum Tiler {
    /// A layout.
    Layout(Layout),
    /// A tuple of tilers, applied by mode.
    Tuple(Vec<Tiler>),
}

impl Tiler {
    /// The by-mode tiler of a shape: `(4,(2,3))` is `<4:1, <2:1, 3:1>>`; an
    /// integer `n` is CuTe's `make_layout(n)`: `n:1`, and `1:0` for `n = 1`
    /// (as C++'s divides and products use it; C++'s composition alone passes
    /// stride 1 for a size-1 integer tile, the same function).
    pub fn from_shape(shape: &IntTuple) -> Result<Tiler> {
        fn go(s: IntRef<'_>) -> Result<Tiler> {
            match s.as_leaf() {
                // CuTe's make_layout(n): n:1, and 1:0 for a size-1 tile.
                Some(n) => Layout::column_major(&IntTuple::leaf(n)).map(Tiler::Layout),
                // As `<>` does not parse, an empty tuple is no tiler either.
                None if s.rank() == 0 => bail!(
                    InvalidArgument,
                    "tiler",
                    "the empty tuple () is not a tiler: a tiler has at least one mode"
                ),
                None => s
                    .modes()
                    .map(go)
                    .collect::<Result<Vec<_>>>()
                    .map(Tiler::Tuple),
            }
        }
        go(shape.as_ref())
    }
    /// The number of modes the tiler applies to (1 for a layout).
    pub fn rank(&self) -> usize {
        match self {
            Tiler::Layout(_) => 1,
            Tiler::Tuple(t) => t.len(),
        }
    }
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Self {
        Tiler::Layout(l)
    }
}

impl fmt::Display for Tiler {
    /// `<4:1,8:2>` for tuples, CuTe notation for a layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Tuple(ts) => {
                f.write_str("<")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(">")
            }
        }
    }
}

/// A borrowed tiler.
#[derive(Clone, Copy, Debug)]
pub enum TilerRef<'a> {
    /// A layout.
    Layout(&'a Layout),
    /// A tuple of tilers, applied by mode.
    Tuple(&'a [Tiler]),
}

/// Anything usable as the right operand of composition, divides and products.
pub trait AsTiler {
    /// Borrow as a tiler.
    fn as_tiler(&self) -> TilerRef<'_>;
}

impl AsTiler for Layout {
    fn as_tiler(&self) -> TilerRef<'_> {
        TilerRef::Layout(self)
    }
}

impl AsTiler for Tiler {
    fn as_tiler(&self) -> TilerRef<'_> {
        match self {
            Tiler::Layout(l) => TilerRef::Layout(l),
            Tiler::Tuple(t) => TilerRef::Tuple(t),
        }
    }
}

impl AsTiler for TilerRef<'_> {
    fn as_tiler(&self) -> TilerRef<'_> {
        *self
    }
}
