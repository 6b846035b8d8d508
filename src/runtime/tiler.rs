//! Tilers: the right operand of composition, divides and products.
//!
//! A tiler is a layout applied to a whole layout, an integer, or a tuple of
//! tilers `<T₀, T₁, …>` applied mode by mode (CuTe's `Tile`); a shape used as
//! a tiler is the tuple of its extents. As in CuTe C++, composition reads an
//! integer `n` as `n:1`, the divides and products as `make_layout(n)`: `n:1`,
//! and `1:0` for `n = 1` (the same function; only the stride of a size-1
//! mode of the result differs).
//!
//! ```
//! use layout_algebra::runtime::{composition, logical_divide, IntTuple, Layout, Tiler};
//! let t = Tiler::parse("<4:1, 8:2>").unwrap();
//! assert_eq!((t.rank(), t.to_string()), (2, "<4:1,8:2>".to_string()));
//! let s = Tiler::from_shape(&"(4,(2,3))".parse::<IntTuple>().unwrap()).unwrap();
//! assert_eq!(s.to_string(), "<4,<2,3>>");
//! let a: Layout = "(4,8):(3,12)".parse().unwrap();
//! let one = Tiler::parse("<1,8>").unwrap();
//! assert_eq!(composition(&a, &one).unwrap().to_string(), "(1,8):(3,12)"); // as CuTe C++
//! assert_eq!(logical_divide(&a, &one).unwrap().to_string(), "((1,4),(8,1)):((0,3),(12,0))");
//! ```

use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::{IntRef, IntTuple};
use crate::runtime::layout::Layout;
use alloc::vec::Vec;
use core::fmt;

/// A tiler: a layout applied to a whole layout, an integer, or a tuple of
/// tilers applied mode by mode (`<4:1, 8:2>`). A shape used as a tiler is the
/// tuple of its extents: `(4,8)` is `<4, 8>`.
#[derive(Clone, PartialEq, Eq, Debug)]
#[allow(clippy::large_enum_variant)] // layouts are stored inline on purpose
pub enum Tiler {
    /// A layout.
    Layout(Layout),
    /// An integer `n`: `n:1` in composition, `make_layout(n)` in the divides
    /// and products (see the module).
    Int(i64),
    /// A tuple of tilers, applied by mode.
    Tuple(Vec<Tiler>),
}

impl Tiler {
    /// The by-mode tiler of a shape: `(4,(2,3))` is `<4, <2, 3>>`, its
    /// extents positive.
    pub fn from_shape(shape: &IntTuple) -> Result<Tiler> {
        fn go(s: IntRef<'_>) -> Result<Tiler> {
            match s.as_leaf() {
                Some(n) if n <= 0 => bail!(
                    NonPositiveShape,
                    "tiler",
                    "tile extent {n} must be positive"
                ),
                Some(n) => Ok(Tiler::Int(n)),
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
            Tiler::Layout(_) | Tiler::Int(_) => 1,
            Tiler::Tuple(t) => t.len(),
        }
    }
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Self {
        Tiler::Layout(l)
    }
}

impl From<i64> for Tiler {
    fn from(n: i64) -> Self {
        Tiler::Int(n)
    }
}

impl fmt::Display for Tiler {
    /// `<4:1,8:2>` for tuples, CuTe notation for a layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Int(n) => write!(f, "{n}"),
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
    /// An integer (see [`Tiler::Int`]).
    Int(i64),
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
            Tiler::Int(n) => TilerRef::Int(*n),
            Tiler::Tuple(t) => TilerRef::Tuple(t),
        }
    }
}

impl AsTiler for TilerRef<'_> {
    fn as_tiler(&self) -> TilerRef<'_> {
        *self
    }
}

/// An integer tile `n` as a layout: `n:1` in composition, CuTe's
/// `make_layout(n)` (`1:0` for `n = 1`) where `compact` (the divides and
/// products); `NonPositiveShape` for `n ≤ 0`.
pub(crate) fn int_layout(n: i64, compact: bool) -> Result<Layout> {
    let shape = IntTuple::leaf(n);
    if compact {
        Layout::column_major(&shape)
    } else {
        Layout::from_ints(shape, &IntTuple::leaf(1))
    }
}
