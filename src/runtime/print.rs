//! A 2-D table of a layout's values, in the style of CuTe's `print_layout`.
//!
//! A rank-2 layout `L` prints as a grid whose cell `(m, n)` holds `L(m, n)`
//! (each mode indexed 1-D, colexicographically inside hierarchical modes); a
//! rank-1 layout prints as one column. Cells are as wide as CuTe makes them
//! (`digits(cosize)`), widened if a value (negative, or a coordinate for
//! scaled-basis strides) needs more.
//!
//! ```
//! use layout_algebra::runtime::{print::table, Layout};
//! let l: Layout = "(2,3):(3,1)".parse().unwrap();
//! assert_eq!(table(&l).unwrap(), "\
//! (2,3):(3,1)
//!       0   1   2
//!     +---+---+---+
//!  0  | 0 | 1 | 2 |
//!     +---+---+---+
//!  1  | 3 | 4 | 5 |
//!     +---+---+---+
//! ");
//! ```

use super::composed::ComposedLayout;
use super::error::{bail, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use super::stride::Offset;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// What a table shows: a function on the grid of a layout's shape, printed
/// above the table in CuTe notation.
///
/// ```
/// use layout_algebra::runtime::{print::Tabulate, ComposedLayout, IntTuple, Layout};
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(l.cell(&IntTuple::from_leaves([1, 2])).unwrap().to_string(), "10");
/// let c: ComposedLayout = "Sw<1,0,1> o 0 o (2,2):(2,1)".parse().unwrap();
/// assert_eq!(c.grid_layout().to_string(), "(2,2):(2,1)");
/// assert_eq!(c.cell(&IntTuple::from_leaves([1, 0])).unwrap().to_string(), "3"); // 2 ^ 1
/// ```
pub trait Tabulate: fmt::Display {
    /// The layout whose rank-1 or rank-2 shape lays out the grid.
    ///
    /// ```
    /// use layout_algebra::runtime::{print::Tabulate, Layout};
    /// let l: Layout = "(4,8):(8,1)".parse().unwrap();
    /// assert_eq!(l.grid_layout(), &l);
    /// ```
    fn grid_layout(&self) -> &Layout;
    /// The value of the cell at `coord`: an offset, or a coordinate for
    /// scaled-basis strides.
    ///
    /// ```
    /// use layout_algebra::runtime::{print::Tabulate, IntTuple, Layout};
    /// let id: Layout = "(2,3):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(id.cell(&IntTuple::from_leaves([1, 2])).unwrap().to_string(), "(1,2)");
    /// ```
    fn cell(&self, coord: &IntTuple) -> Result<Offset>;
    /// The width CuTe gives every cell before widening (the digits of the cosize).
    ///
    /// ```
    /// use layout_algebra::runtime::{print::Tabulate, Layout};
    /// let l: Layout = "(16,8):(1,16)".parse().unwrap(); // cosize 128
    /// assert_eq!(l.min_width(), 3);
    /// ```
    fn min_width(&self) -> usize;
}

impl Tabulate for Layout {
    fn grid_layout(&self) -> &Layout {
        self
    }
    fn cell(&self, coord: &IntTuple) -> Result<Offset> {
        self.eval(coord)
    }
    fn min_width(&self) -> usize {
        self.cosize().map_or(0, |c| c.to_string().len())
    }
}

/// A composed layout's table: `outer(offset + inner(m, n))` on the inner layout's grid.
impl Tabulate for ComposedLayout {
    fn grid_layout(&self) -> &Layout {
        self.inner()
    }
    fn cell(&self, coord: &IntTuple) -> Result<Offset> {
        self.eval(coord).map(Offset::Int)
    }
    fn min_width(&self) -> usize {
        0
    }
}

/// The cells of a rank-1 or rank-2 table, row by row, as text: `(rows, cols, cells)`.
///
/// ```
/// use layout_algebra::runtime::{print::cells, Layout};
/// let l: Layout = "(2,3):(3,1)".parse().unwrap();
/// assert_eq!(cells(&l).unwrap(), (2, 3, ["0", "1", "2", "3", "4", "5"].map(String::from).to_vec()));
/// ```
pub fn cells(t: &impl Tabulate) -> Result<(usize, usize, Vec<String>)> {
    let l = t.grid_layout();
    let (rows, cols) = grid(l)?;
    let mut out = Vec::with_capacity(rows * cols);
    let mut text = 0usize;
    for m in 0..rows {
        for n in 0..cols {
            let cell = t.cell(&coord(l, m, n))?.to_string();
            text += cell.len();
            check_text(text, l)?;
            out.push(cell);
        }
    }
    Ok((rows, cols, out))
}

/// The most bytes of text a table or picture may hold (4 MiB: CuTe's
/// 256×256 tables of integers need about 1 MiB).
pub const MAX_TEXT: usize = 1 << 22;

/// Refuse a drawing of `l` (named in the error) whose text would exceed [`MAX_TEXT`] bytes.
///
/// ```
/// use layout_algebra::runtime::{print::{check_text, MAX_TEXT}, ErrorKind, Layout};
/// let l: Layout = "(4,8):(1,4)".parse().unwrap();
/// assert!(check_text(MAX_TEXT, &l).is_ok());
/// assert_eq!(check_text(MAX_TEXT + 1, &l).unwrap_err().kind(), ErrorKind::Limit);
/// ```
pub fn check_text(bytes: usize, l: &dyn fmt::Display) -> Result<()> {
    if bytes > MAX_TEXT {
        bail!(
            Limit,
            "print_layout",
            "the table of {l} would exceed {MAX_TEXT} bytes of text"
        );
    }
    Ok(())
}

/// The largest number of cells drawn.
pub const MAX_CELLS: i64 = 1 << 16;

/// The grid dimensions: `(size(mode 0), size(mode 1))`, or `(size, 1)` for
/// rank 1; at most [`MAX_CELLS`] cells.
///
/// ```
/// use layout_algebra::runtime::{print::grid, Layout};
/// assert_eq!(grid(&"((2,2),3):((1,2),4)".parse::<Layout>().unwrap()).unwrap(), (4, 3));
/// assert_eq!(grid(&"8:2".parse::<Layout>().unwrap()).unwrap(), (8, 1));
/// assert!(grid(&"(2,2,2):(1,2,4)".parse::<Layout>().unwrap()).is_err()); // rank 3
/// ```
pub fn grid(l: &Layout) -> Result<(usize, usize)> {
    let (rows, cols) = match l.rank() {
        1 => (l.size()?, 1),
        2 => (l.mode(0)?.size()?, l.mode(1)?.size()?),
        r => bail!(
            RankMismatch,
            "print_layout",
            "a table needs a rank-1 or rank-2 layout; {l} has rank {r}"
        ),
    };
    if l.size()? > MAX_CELLS {
        bail!(
            InvalidArgument,
            "print_layout",
            "{l} has {} cells; at most {MAX_CELLS} are drawn",
            l.size()?
        );
    }
    Ok((rows as usize, cols as usize))
}

/// The coordinate of cell `(m, n)`: `(m, n)` for a rank-2 layout, `m` for rank 1.
///
/// ```
/// use layout_algebra::runtime::{print::coord, Layout};
/// assert_eq!(coord(&"(4,8):(1,4)".parse::<Layout>().unwrap(), 1, 2).to_string(), "(1,2)");
/// assert_eq!(coord(&"8:1".parse::<Layout>().unwrap(), 5, 0).to_string(), "5");
/// ```
pub fn coord(l: &Layout, m: usize, n: usize) -> IntTuple {
    if l.rank() == 2 {
        IntTuple::from_leaves([m as i64, n as i64])
    } else {
        IntTuple::leaf(m as i64)
    }
}

/// The table, in CuTe `print_layout`'s format, ending with a newline; a
/// composed layout is tabulated on its inner layout's grid.
///
/// ```
/// use layout_algebra::runtime::{print::table, ComposedLayout};
/// let c: ComposedLayout = "Sw<1,0,1> o 0 o (2,2):(2,1)".parse().unwrap();
/// assert!(table(&c).unwrap().contains(" 1  | 3 | 2 |\n")); // as CuTe C++ prints it
/// ```
pub fn table(l: &impl Tabulate) -> Result<String> {
    let (rows, cols, cells) = cells(l)?;
    let w = cells
        .iter()
        .map(String::len)
        .fold(l.min_width(), usize::max);
    // Two lines per row plus three, each about `cols` cells of width `w + 3`.
    let bytes = (2 * rows + 3).saturating_mul(cols.saturating_mul(w + 3).saturating_add(8));
    check_text(bytes, l)?;
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(s, "{l}");
    s.push_str("    ");
    for n in 0..cols {
        let _ = write!(s, "  {n:>w$} ");
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    let rule = |s: &mut String| {
        s.push_str("    ");
        for _ in 0..cols {
            s.push('+');
            s.extend(core::iter::repeat_n('-', w + 2));
        }
        s.push_str("+\n");
    };
    for (m, row) in cells.chunks(cols.max(1)).enumerate().take(rows) {
        rule(&mut s);
        let _ = write!(s, "{m:>2}  ");
        for c in row {
            let _ = write!(s, "| {c:>w$} ");
        }
        s.push_str("|\n");
    }
    rule(&mut s);
    Ok(s)
}
