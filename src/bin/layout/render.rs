//! Pictures of layouts as SVG (and HTML wrapping the SVG).
//!
//! - A layout `L` of rank 1 or 2: a grid whose cell `(m, n)` shows `L(m, n)`,
//!   colored by the value (modulo an 8-color palette).
//! - A thread-value layout (`--tv TILE`): `L` of rank 2 maps (thread, value)
//!   to an offset inside the column-major tile `TILE = (M,N)`; each tile cell
//!   `(o mod M, o / M)` reached by `o = L(t, v)` is labeled `T<t> V<v>` and
//!   colored by thread, like CuTe's pictures of MMA partitions. A cell that
//!   several (thread, value) pairs reach lists every pair, one per line, in
//!   the color of the first thread. A composed (swizzled) TV layout
//!   `Sw o offset o L` places `(t, v)` at `Sw(offset + L(t, v))`: where a
//!   swizzled shared-memory tile stores each thread's values.

use layout_algebra::runtime::print::{self, Tabulate, MAX_CELLS};
use layout_algebra::runtime::{ErrorKind, IntTuple, LayoutError, Offset, Result};
use std::fmt::Write;

const PALETTE: [&str; 8] = [
    "#a6cee3", "#b2df8a", "#fdbf6f", "#cab2d6", "#fb9a99", "#ffff99", "#8dd3c7", "#d9d9d9",
];

/// One cell: its text lines and palette color (none: an empty cell).
pub struct Cell {
    lines: Vec<String>,
    color: Option<usize>,
}

/// A grid of cells, row by row.
pub struct Picture {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

/// The grid of `L(m, n)` (for a composed layout, on its inner layout's grid).
pub fn layout_picture(t: &impl Tabulate) -> Result<Picture> {
    let l = t.grid_layout();
    let (rows, cols) = print::grid(l)?;
    let mut cells = Vec::with_capacity(rows * cols);
    let mut text = 0usize;
    for m in 0..rows {
        for n in 0..cols {
            let o = t.cell(&print::coord(l, m, n))?;
            let shown = o.to_string();
            text += shown.len();
            print::check_text(text, l)?;
            let key = match &o {
                Offset::Int(v) => *v,
                Offset::Coord(c) => c
                    .leaves()
                    .fold(0i64, |a, x| a.wrapping_mul(31).wrapping_add(x)),
            };
            cells.push(Cell {
                lines: vec![shown],
                color: Some(key.rem_euclid(PALETTE.len() as i64) as usize),
            });
        }
    }
    Ok(Picture { rows, cols, cells })
}

/// The tile `(M, N)` labeled with the (thread, value) pairs of the TV layout
/// `tv`: a layout, or a composed layout whose inner layout is rank 2.
pub fn tv_picture(tv: &impl Tabulate, tile: &IntTuple) -> Result<Picture> {
    let Owners { rows, cols, owners } = tv_owners(tv, tile)?;
    let cells = owners
        .into_iter()
        .map(|pairs| Cell {
            lines: match pairs.as_slice() {
                [(t, v)] => vec![format!("T{t}"), format!("V{v}")],
                _ => pairs.iter().map(|(t, v)| format!("T{t} V{v}")).collect(),
            },
            color: pairs.first().map(|(t, _)| *t as usize % PALETTE.len()),
        })
        .collect();
    Ok(Picture { rows, cols, cells })
}

/// The cells of a tile and the (thread, value) pairs reaching each, in order.
pub struct Owners {
    /// The tile's rows `M`.
    pub rows: usize,
    /// The tile's columns `N`.
    pub cols: usize,
    /// The pairs of each cell, row by row.
    pub owners: Vec<Vec<(i64, i64)>>,
}

/// Which (thread, value) pairs of the TV layout `tv` reach each cell of the
/// column-major tile `(M, N)` (see [`tv_picture`]).
pub fn tv_owners(tv: &impl Tabulate, tile: &IntTuple) -> Result<Owners> {
    let err = |kind, detail: String| Err(LayoutError::new(kind, "tv_layout", detail));
    let l = tv.grid_layout();
    if l.rank() != 2 {
        return err(
            ErrorKind::RankMismatch,
            format!(
                "a thread-value layout has rank 2 ((T),(V)); {tv} has rank {}",
                l.rank()
            ),
        );
    }
    let (rows, cols) = match (tile.rank(), tile.mode(0), tile.mode(1)) {
        (2, Some(m), Some(n)) => (m.size()?, n.size()?),
        (1, Some(m), _) => (m.size()?, 1),
        _ => {
            return err(
                ErrorKind::RankMismatch,
                format!("tile {tile} must have rank 1 or 2"),
            )
        }
    };
    if rows.checked_mul(cols).is_none_or(|c| c > MAX_CELLS) || rows <= 0 || cols <= 0 {
        return err(
            ErrorKind::InvalidArgument,
            format!("tile {tile} must have 1 to {MAX_CELLS} cells"),
        );
    }
    if l.size()? > MAX_CELLS {
        return err(
            ErrorKind::InvalidArgument,
            format!("{tv} has more than {MAX_CELLS} (thread, value) pairs"),
        );
    }
    let (rows, cols) = (rows as usize, cols as usize);
    // The (thread, value) pairs reaching each cell, in order.
    let mut owners: Vec<Vec<(i64, i64)>> = vec![Vec::new(); rows * cols];
    let threads = l.mode(0)?.size()?;
    let values = l.mode(1)?.size()?;
    for t in 0..threads {
        for v in 0..values {
            let o = match tv.cell(&IntTuple::from_leaves([t, v]))? {
                Offset::Int(o) => o,
                Offset::Coord(c) => {
                    return err(
                        ErrorKind::BasisStride,
                        format!("{tv} maps ({t},{v}) to the coordinate {c}; a TV layout needs integer strides"),
                    )
                }
            };
            let i = usize::try_from(o)
                .ok()
                .filter(|&i| i < rows * cols)
                .map(|i| (i % rows) * cols + i / rows);
            let Some(i) = i else {
                return err(
                    ErrorKind::OutOfBounds,
                    format!(
                        "thread {t} value {v} of {tv} maps to offset {o}, outside the tile {tile}"
                    ),
                );
            };
            owners[i].push((t, v));
        }
    }
    Ok(Owners { rows, cols, owners })
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture as a standalone SVG document titled `title`.
pub fn svg(p: &Picture, title: &str) -> String {
    let longest = p
        .cells
        .iter()
        .flat_map(|c| &c.lines)
        .map(String::len)
        .max()
        .unwrap_or(1);
    let lines = p
        .cells
        .iter()
        .map(|c| c.lines.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let cw = (longest * 8 + 16).max(32);
    let ch = 16 * lines + 12;
    let (left, top) = (40, 44);
    let width = (left + p.cols * cw).max(left + 8 * title.chars().count()) + 10;
    let height = top + p.rows * ch + 10;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="monospace" font-size="13">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        r#"<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="16" font-weight="bold">{}</text>"#,
        escape(title)
    );
    for n in 0..p.cols {
        let x = left + n * cw + cw / 2;
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{}" text-anchor="middle" fill="gray">{n}</text>"#,
            top - 8
        );
    }
    for m in 0..p.rows {
        let y = top + m * ch + ch / 2 + 4;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{y}" text-anchor="end" fill="gray">{m}</text>"#,
            left - 8
        );
    }
    for (k, c) in p.cells.iter().enumerate() {
        let (m, n) = (k / p.cols, k % p.cols);
        let (x, y) = (left + n * cw, top + m * ch);
        let fill = c.color.map_or("white", |i| PALETTE[i]);
        let _ = write!(
            s,
            r#"<g class="cell"><rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="{fill}" stroke="black"/>"#
        );
        let y0 = y + ch / 2 + 5 - 8 * (c.lines.len().max(1) - 1);
        for (j, line) in c.lines.iter().enumerate() {
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
                x + cw / 2,
                y0 + 16 * j,
                escape(line)
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

/// The picture in an HTML page (XHTML-compatible: every element is closed).
pub fn html(p: &Picture, title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head><meta charset=\"utf-8\"/><title>{t}</title></head>\n<body style=\"font-family: monospace\">\n{svg}</body>\n</html>\n",
        t = escape(title),
        svg = svg(p, title)
    )
}
