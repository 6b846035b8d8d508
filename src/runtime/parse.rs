//! Parsing CuTe notation: integer tuples, strides with scaled bases, layouts.
//!
//! Grammar (whitespace allowed between tokens):
//! ```text
//! layout  ::= shape [ ":" stride ]          (a bare shape is compact column-major)
//! shape   ::= int | "(" [ shape { "," shape } ] ")"
//! stride  ::= leaf | "(" [ stride { "," stride } ] ")"
//! leaf    ::= int | count "@" uint { "@" uint }    (v@N1@N0 is v·E<N0,N1>)
//! count   ::= int [ "/" int ]                        (must reduce to an integer)
//! int     ::= [ "_" ] [ "-" ] digit { digit }        (CuTe prints Int<N> as _N, Int<-3> as _-3)
//! swizzle ::= ( "Sw" | "Swizzle" ) "<" int "," int "," int ">"
//! composed ::= ( swizzle | layout ) "o" [ int "o" ] layout    (outer o offset o inner)
//! ```
//! CuTe's printed forms are input: a static integer `_N` is the integer `N`
//! (the runtime layer does not tell static from dynamic), so CuTe's
//! `print(Layout<Shape<_4,_8>>{})`, `(_4,_8):(_1,_4)`, and its scaled bases,
//! `_1@0`, `_3@0@1`, parse as `(4,8):(1,4)`, `1@0`, `3@0@1`.
//!
//! Errors carry the byte offset, what was found and what was expected.
//!
//! ```
//! use layout_algebra::runtime::Layout;
//! let l: Layout = "((4,2),8):((1@0,4@0),1@1)".parse().unwrap();
//! assert_eq!(l.to_string(), "((4,2),8):((1@0,4@0),1@1)");
//! let e = "(4,8):(1,)".parse::<Layout>().unwrap_err();
//! assert!(e.to_string().contains("byte 9"));
//! let cute: Layout = "(_4,_8):(_1@0,_-1@1)".parse().unwrap();
//! assert_eq!(cute.to_string(), "(4,8):(1@0,-1@1)");
//! ```

use super::composed::{ComposedLayout, Outer};
use super::error::{ErrorKind, LayoutError, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use super::stride::{ScaledBasis, Stride, StrideTuple, MAX_BASIS_DEPTH};
use super::swizzle::Swizzle;
use super::tiler::Tiler;
use super::tuple::{Builder, HTuple};
use super::SliceCoord;
use alloc::format;
use alloc::string::String;

/// A cursor over CuTe notation with positioned diagnostics.
pub(crate) struct Cursor<'s> {
    src: &'s str,
    pos: usize,
    depth: usize,
}

/// The deepest nesting of parentheses and angle brackets accepted (deeper
/// input is an error rather than a stack overflow). In the calculator the
/// inner layout of a composed layout `Sw<B,M,S> o L` counts as one level
/// too, so `Sw<3,4,3> o ` repeated 65 times is this error.
pub const MAX_NESTING: usize = 64;

impl<'s> Cursor<'s> {
    /// A cursor at the start of `src`.
    pub fn new(src: &'s str) -> Self {
        Cursor {
            src,
            pos: 0,
            depth: 0,
        }
    }
    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }
    /// The rest of the input.
    pub fn rest(&self) -> &'s str {
        &self.src[self.pos..]
    }
    /// Enter one more level of nesting, or fail past [`MAX_NESTING`].
    pub fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let at = self.pos.saturating_sub(1);
            return Err(self.error_at(
                at,
                &format!("at most {MAX_NESTING} levels of nesting"),
                "deeper nesting",
            ));
        }
        Ok(())
    }
    /// Leave a level of nesting.
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
    /// Move `n` bytes forward (callers stay on character boundaries).
    pub fn advance(&mut self, n: usize) {
        self.pos += n;
    }
    /// Skip whitespace.
    pub fn skip_ws(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }
    /// The next character after whitespace, not consumed.
    pub fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }
    /// Consume `c` if it is next.
    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }
    /// Consume `c` or fail with what was expected.
    pub fn expect(&mut self, c: char, expected: &str) -> Result<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }
    /// A parse error at the current position.
    pub fn error(&mut self, expected: &str) -> LayoutError {
        let found = match self.peek() {
            None => String::from("end of input"),
            Some(c) => format!("'{c}'"),
        };
        self.error_at(self.pos, expected, &found)
    }
    /// A parse error at byte `pos`.
    pub fn error_at(&self, pos: usize, expected: &str, found: &str) -> LayoutError {
        LayoutError::at(
            ErrorKind::Parse,
            "parse",
            pos,
            format!("expected {expected}, found {found}"),
        )
    }
    /// Fail unless the input is exhausted.
    pub fn finish(&mut self) -> Result<()> {
        if self.peek().is_some() {
            return Err(self.error("end of input"));
        }
        Ok(())
    }
    /// An optionally negative decimal integer, optionally written as CuTe
    /// prints a static integer: `_N`, `_-N`, or followed by a divisibility
    /// fact as the type level's `{:#}` prints a `DivBy` leaf, `256{div=128}`
    /// (CuTe DSL's `?{div=128}` with the value known), checked to hold.
    pub fn int(&mut self) -> Result<i64> {
        self.skip_ws();
        if self.rest().starts_with('_') {
            self.pos += 1;
        }
        let start = self.pos;
        let neg = self.rest().starts_with('-');
        let digits_at = start + usize::from(neg);
        let n = self.src[digits_at..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if n == 0 {
            self.pos = digits_at;
            return Err(self.error("an integer"));
        }
        let text = &self.src[start..digits_at + n];
        let v = text
            .parse::<i64>()
            .map_err(|_| self.error_at(start, "an integer that fits in i64", text))?;
        self.pos = digits_at + n;
        if self.rest().starts_with("{div=") {
            let at = self.pos;
            self.pos += "{div=".len();
            let d = self.int()?;
            self.expect('}', "'}' closing {div=N}")?;
            if d <= 0 || v % d != 0 {
                let text = &self.src[at..self.pos];
                return Err(self.error_at(
                    at,
                    "a fact {div=N} with N > 0 dividing the value",
                    text,
                ));
            }
        }
        Ok(v)
    }

    /// A hierarchical tuple `leaf | "(" [ tuple { "," tuple } ] ")"` whose
    /// leaves are read by `leaf` (which returns `None` when no leaf starts
    /// here; `expected` then names what may).
    fn group<T: Copy>(
        &mut self,
        out: &mut Builder<T>,
        expected: &str,
        leaf: &mut impl FnMut(&mut Self) -> Result<Option<T>>,
    ) -> Result<()> {
        if !self.eat('(') {
            return match leaf(self)? {
                Some(v) => {
                    out.leaf(v);
                    Ok(())
                }
                None => Err(self.error(expected)),
            };
        }
        self.enter()?;
        out.open();
        if !self.eat(')') {
            loop {
                self.group(out, expected, leaf)?;
                if self.eat(')') {
                    break;
                }
                self.expect(',', "',' or ')'")?;
            }
        }
        out.close();
        self.leave();
        Ok(())
    }

    /// Whether an integer starts here (`_N` and `_-N` included; a `_` alone
    /// is not an integer).
    pub fn at_int(&mut self) -> bool {
        let Some(c) = self.peek() else {
            return false;
        };
        let rest = self.rest().as_bytes();
        match (c, &rest[usize::from(c == '_')..]) {
            ('-', _) => true,
            (_, [b'-', d, ..]) | (_, [d, ..]) => d.is_ascii_digit(),
            (_, []) => false,
        }
    }

    /// A hierarchical integer tuple.
    pub fn int_tuple(&mut self, out: &mut Builder<i64>) -> Result<()> {
        self.group(out, "an integer or '('", &mut |c| {
            if c.at_int() {
                c.int().map(Some)
            } else {
                Ok(None)
            }
        })
    }

    /// A hierarchical stride (integers and scaled bases), normalized: every
    /// basis count must reduce to an integer.
    pub fn stride_tuple(&mut self, out: &mut Builder<Stride>) -> Result<()> {
        let mut raw = Builder::new();
        self.descriptor(&mut raw)?;
        let raw: Descriptor = raw.finish();
        out.push(normalize(&raw)?.as_ref());
        Ok(())
    }

    /// A stride descriptor as written (002's grammar extended with plain
    /// integers): entries keep their fractional counts and byte offsets;
    /// [`normalize`] turns them into strides.
    pub fn descriptor(&mut self, out: &mut Builder<BasisEntry>) -> Result<()> {
        self.group(out, "a stride (integer, v@N basis, or '(')", &mut |c| {
            if c.at_int() {
                c.basis_entry().map(Some)
            } else {
                Ok(None)
            }
        })
    }

    /// `count { "@" dim }` with `count ::= int [ "/" int ]`.
    pub fn basis_entry(&mut self) -> Result<BasisEntry> {
        self.skip_ws();
        let pos = self.pos;
        let num = self.int()?;
        let mut den = 1;
        if self.eat('/') {
            self.skip_ws();
            let at = self.pos;
            den = self.int()?;
            if den == 0 {
                return Err(self.error_at(at, "a non-zero denominator", "0"));
            }
        }
        let mut modes = [0u8; MAX_BASIS_DEPTH];
        let mut len = 0usize;
        while self.eat('@') {
            self.skip_ws();
            let at = self.pos;
            if !matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                return Err(self.error("a basis index (non-negative integer)"));
            }
            let m = self.int()?;
            if m > 255 {
                return Err(self.error_at(at, "a basis index below 256", &format!("{m}")));
            }
            if len == MAX_BASIS_DEPTH {
                return Err(self.error_at(
                    at,
                    &format!("at most {MAX_BASIS_DEPTH} basis indices"),
                    "another '@'",
                ));
            }
            modes[len] = m as u8;
            len += 1;
        }
        Ok(BasisEntry {
            num,
            den,
            len: len as u8,
            modes,
            pos,
        })
    }

    /// A slice coordinate: integers and `_` (a free mode), hierarchical.
    pub fn slice_coord(&mut self, out: &mut Builder<Option<i64>>) -> Result<()> {
        self.group(out, "an integer, '_' or '('", &mut |c| {
            if c.at_int() {
                c.int().map(|v| Some(Some(v)))
            } else if c.eat('_') {
                Ok(Some(None))
            } else {
                Ok(None)
            }
        })
    }

    /// A layout `shape[:stride]`.
    pub fn layout(&mut self) -> Result<Layout> {
        self.skip_ws();
        let start = self.pos;
        let mut sb = Builder::new();
        self.int_tuple(&mut sb)?;
        let shape: IntTuple = sb.finish();
        let layout = if self.eat(':') {
            let mut db = Builder::new();
            self.stride_tuple(&mut db)?;
            let stride: StrideTuple = db.finish();
            Layout::new(shape, stride)
        } else {
            Layout::column_major(&shape)
        };
        layout.map_err(|e| LayoutError::at(e.kind(), "parse", start, e.detail()))
    }
}

/// Parse a whole string as an [`IntTuple`].
///
/// ```
/// use layout_algebra::runtime::{parse::parse_int_tuple, ErrorKind};
/// assert_eq!(parse_int_tuple("(4,(3,2))").unwrap().to_string(), "(4,(3,2))");
/// assert_eq!(parse_int_tuple("(4,x)").unwrap_err().kind(), ErrorKind::Parse);
/// ```
pub fn parse_int_tuple(s: &str) -> Result<IntTuple> {
    let mut c = Cursor::new(s);
    let mut b = Builder::new();
    c.int_tuple(&mut b)?;
    c.finish()?;
    Ok(b.finish())
}

/// Parse a whole string as a [`StrideTuple`]: integers and scaled bases `v@i`.
///
/// ```
/// use layout_algebra::runtime::parse::parse_stride;
/// assert_eq!(parse_stride("(1,(8,2))").unwrap().to_string(), "(1,(8,2))");
/// assert_eq!(parse_stride("(1@0,2@1@0)").unwrap().to_string(), "(1@0,2@1@0)");
/// ```
pub fn parse_stride(s: &str) -> Result<StrideTuple> {
    let mut c = Cursor::new(s);
    let mut b = Builder::new();
    c.stride_tuple(&mut b)?;
    c.finish()?;
    Ok(b.finish())
}

/// Parse a whole string as a stride descriptor without normalizing it
/// (fractional counts are kept; see [`normalize`]).
///
/// ```
/// use layout_algebra::runtime::parse::{normalize, parse_descriptor};
/// let d = parse_descriptor("(2/2@0,3@1)").unwrap();
/// assert_eq!(d.leaves().map(|e| (e.num, e.den)).next(), Some((2, 2)));
/// assert_eq!(normalize(&d).unwrap().to_string(), "(1@0,3@1)");
/// ```
pub fn parse_descriptor(s: &str) -> Result<Descriptor> {
    let mut c = Cursor::new(s);
    let mut b = Builder::new();
    c.descriptor(&mut b)?;
    c.finish()?;
    Ok(b.finish())
}

/// Parse a whole string as a slice coordinate such as `(_,2,(1,_))`: `_` is
/// `None` (a free mode), an integer `Some`.
///
/// ```
/// use layout_algebra::runtime::parse::parse_slice_coord;
/// let c = parse_slice_coord("(_,2,(1,_))").unwrap();
/// assert_eq!(c.leaves().collect::<Vec<_>>(), [None, Some(2), Some(1), None]);
/// ```
pub fn parse_slice_coord(s: &str) -> Result<HTuple<Option<i64>>> {
    let mut c = Cursor::new(s);
    let mut b = Builder::new();
    c.slice_coord(&mut b)?;
    c.finish()?;
    Ok(b.finish())
}

/// Parse a whole string as a [`Layout`]: `shape:stride`, or a shape alone
/// (compact, column-major).
///
/// ```
/// use layout_algebra::runtime::parse::parse_layout;
/// assert_eq!(parse_layout("(4,(3,2)):(2,(8,1))").unwrap().to_string(), "(4,(3,2)):(2,(8,1))");
/// assert_eq!(parse_layout("(4,8)").unwrap().to_string(), "(4,8):(1,4)");
/// assert!(parse_layout("(4,8):(1,4,2)").is_err()); // not congruent
/// ```
pub fn parse_layout(s: &str) -> Result<Layout> {
    let mut c = Cursor::new(s);
    let l = c.layout()?;
    c.finish()?;
    Ok(l)
}

impl core::str::FromStr for StrideTuple {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_stride(s)
    }
}

impl core::str::FromStr for Layout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_layout(s)
    }
}

impl core::str::FromStr for IntTuple {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_int_tuple(s)
    }
}

impl core::str::FromStr for SliceCoord {
    type Err = LayoutError;
    /// Parse a slice coordinate: integers, `_`, and parenthesised tuples.
    fn from_str(src: &str) -> Result<Self> {
        parse_slice_coord(src)
    }
}

impl IntTuple {
    /// Parse a shape in CuTe notation (`(4,(3,2))`); panics on malformed text.
    /// Intended for examples and tests; use [`str::parse`] on `IntTuple` for checked parsing.
    pub fn parse_shape(s: &str) -> IntTuple {
        parse_int_tuple(s).expect("malformed IntTuple literal")
    }
}

impl Tiler {
    /// Parse CuTe tiler notation: a layout, or `<T₀, T₁, …>` (entries layouts,
    /// integers or tilers; see [`Tiler::Int`]).
    pub fn parse(s: &str) -> Result<Tiler> {
        parse_tiler(s)
    }
}

/// One stride entry as written: `num/den @ modes…` (modes in written order,
/// innermost index first) at byte `pos`. Never escapes parsing except through
/// [`normalize`].
///
/// ```
/// use layout_algebra::runtime::parse::parse_descriptor;
/// let d = parse_descriptor("(1,3/2@1@0)").unwrap();
/// let e = d.leaves().nth(1).unwrap();
/// assert_eq!((e.num, e.den, e.pos, e.written_modes()), (3, 2, 3, &[1u8, 0][..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BasisEntry {
    /// Numerator of the count.
    pub num: i64,
    /// Denominator of the count (non-zero).
    pub den: i64,
    len: u8,
    modes: [u8; MAX_BASIS_DEPTH],
    /// Byte offset of the entry in the source text.
    pub pos: usize,
}

impl BasisEntry {
    /// The basis indices as written (`v@N1@N0` gives `[N1, N0]`); empty for a plain integer.
    ///
    /// ```
    /// use layout_algebra::runtime::parse::parse_descriptor;
    /// assert_eq!(parse_descriptor("4@2@0").unwrap().leaves().next().unwrap().written_modes(), [2, 0]);
    /// assert!(parse_descriptor("4").unwrap().leaves().next().unwrap().written_modes().is_empty());
    /// ```
    pub fn written_modes(&self) -> &[u8] {
        &self.modes[..self.len as usize]
    }
}

/// A parsed, not yet normalized stride descriptor.
pub type Descriptor = HTuple<BasisEntry>;

/// Normalize a descriptor into strides: each count must reduce to an integer
/// (`2/2@0` is `1@0`; `1/2@0` is a [`NotIntegral`](ErrorKind::NotIntegral)
/// error naming its byte offset), and `v@N1@N0` becomes `v·E<N0,N1>`.
///
/// ```
/// use layout_algebra::runtime::parse::{normalize, parse_descriptor};
/// let d = parse_descriptor("(4/2@0, 1@0@1)").unwrap();
/// assert_eq!(normalize(&d).unwrap().to_string(), "(2@0,1@0@1)");
/// let e = normalize(&parse_descriptor("(1/2@0, 4@1)").unwrap()).unwrap_err();
/// assert!(e.to_string().contains("at byte 1"));
/// ```
pub fn normalize(d: &Descriptor) -> Result<StrideTuple> {
    d.try_map(|e| {
        let v = match (e.num.checked_rem(e.den), e.num.checked_div(e.den)) {
            (Some(0), Some(v)) => v,
            (None, _) | (_, None) => return Err(LayoutError::overflow("parse")),
            _ => {
                return Err(LayoutError::at(
                    ErrorKind::NotIntegral,
                    "parse",
                    e.pos,
                    format!("basis count {}/{} is not an integer", e.num, e.den),
                ))
            }
        };
        if e.len == 0 {
            return Ok(Stride::Int(v));
        }
        let mut modes = [0usize; MAX_BASIS_DEPTH];
        for (m, &w) in modes.iter_mut().zip(e.written_modes().iter().rev()) {
            *m = usize::from(w);
        }
        ScaledBasis::new(v, &modes[..e.len as usize]).map(Stride::Basis)
    })
}

impl Cursor<'_> {
    /// A tiler: `<T₀, T₁, …>`, CuTe's printed tile `(T₀, T₁, …)` (what
    /// `print(make_tile(Layout<_4,_1>{}, Layout<_8,_2>{}))` writes:
    /// `(_4:_1,_8:_2)`), or a layout. Inside `<…>` and `(…)` an integer is
    /// an integer entry ([`Tiler::Int`]) and a bare shape is applied by mode,
    /// as in CuTe (`<(2,4), 3>` is `<<2,4>,3>`). A parenthesized input that
    /// reads as a layout is one (`(2,4)` is `(2,4):(1,2)`); otherwise it is a
    /// printed tile.
    pub fn tiler(&mut self) -> Result<Tiler> {
        if self.eat('<') {
            self.enter()?;
            let mut modes = alloc::vec::Vec::new();
            loop {
                modes.push(self.tiler_mode()?);
                if self.eat('>') {
                    break;
                }
                self.expect(',', "',' or '>'")?;
            }
            self.leave();
            Ok(Tiler::Tuple(modes))
        } else {
            self.or_printed_tile(|c| c.layout().map(Tiler::Layout))
        }
    }

    /// `first`, or, where it fails on a `(` group with a syntax error, CuTe's printed tile
    /// `(T₀, T₁, …)` read from the same place; the error of the reading that
    /// got further when both fail. Each group is read at most twice per
    /// enclosing level, so the cost stays within the nesting limit times the
    /// input length.
    fn or_printed_tile(&mut self, first: impl FnOnce(&mut Self) -> Result<Tiler>) -> Result<Tiler> {
        self.skip_ws();
        let (start, depth) = (self.pos, self.depth);
        let e1 = match first(self) {
            Ok(t) => return Ok(t),
            Err(e) if e.kind() == ErrorKind::Parse && self.src[start..].starts_with('(') => e,
            Err(e) => return Err(e),
        };
        let reached = self.pos;
        (self.pos, self.depth) = (start, depth);
        self.printed_tile().map_err(|e2| {
            match e2.position().unwrap_or(0) > e1.position().unwrap_or(reached) {
                true => e2,
                false => e1,
            }
        })
    }

    /// CuTe's printed tile `(T₀, T₁, …)`: modes as inside `<…>`.
    fn printed_tile(&mut self) -> Result<Tiler> {
        self.expect('(', "'('")?;
        self.enter()?;
        let mut modes = alloc::vec::Vec::new();
        loop {
            modes.push(self.tiler_mode()?);
            if self.eat(')') {
                break;
            }
            self.expect(',', "',' or ')'")?;
        }
        self.leave();
        Ok(Tiler::Tuple(modes))
    }

    /// One mode of a tiler tuple: a nested tiler (`<…>` or a printed tile),
    /// a layout, or a shape.
    fn tiler_mode(&mut self) -> Result<Tiler> {
        if self.peek() == Some('<') {
            return self.tiler();
        }
        self.or_printed_tile(Self::shape_or_layout_mode)
    }

    /// A layout, an integer, or a bare shape applied by mode.
    fn shape_or_layout_mode(&mut self) -> Result<Tiler> {
        self.skip_ws();
        let start = self.pos;
        let mut b = Builder::new();
        self.int_tuple(&mut b)?;
        let shape: IntTuple = b.finish();
        if self.peek() == Some(':') {
            self.pos = start;
            return self.layout().map(Tiler::Layout);
        }
        Tiler::from_shape(&shape).map_err(|e| LayoutError::at(e.kind(), "parse", start, e.detail()))
    }
}

/// Parse a whole string as a [`Tiler`]: a layout, or `<T₀, T₁, …>` by mode
/// (entries layouts, integers or tilers; see [`Tiler::Int`]).
///
/// ```
/// use layout_algebra::runtime::parse::parse_tiler;
/// assert_eq!(parse_tiler("<4:1, 8:2>").unwrap().to_string(), "<4:1,8:2>");
/// assert_eq!(parse_tiler("<4, (2,3)>").unwrap().to_string(), "<4,<2,3>>");
/// ```
pub fn parse_tiler(s: &str) -> Result<Tiler> {
    let mut c = Cursor::new(s);
    let t = c.tiler()?;
    c.finish()?;
    Ok(t)
}

// ------------------------------------------------------------------ swizzles and composed layouts

impl Cursor<'_> {
    /// `Sw<B,M,S>` or `Swizzle<B,M,S>` (each integer may carry CuTe's static
    /// mark, `_3`), checked by [`Swizzle::new`]; an invalid swizzle is an
    /// error at the byte where it starts.
    pub fn swizzle(&mut self) -> Result<Swizzle> {
        self.skip_ws();
        let start = self.pos();
        let Some(name) = ["Swizzle", "Sw"]
            .into_iter()
            .find(|n| self.rest().starts_with(n))
        else {
            return Err(self.error("'Sw<' or 'Swizzle<'"));
        };
        self.advance(name.len());
        self.expect('<', "'<'")?;
        let b = self.int()?;
        self.expect(',', "','")?;
        let m = self.int()?;
        self.expect(',', "','")?;
        let s = self.int()?;
        self.expect('>', "'>'")?;
        Swizzle::new(b, m, s).map_err(|e| LayoutError::at(e.kind(), "parse", start, e.detail()))
    }

    /// Consume the separator `o` of a composed layout (a lone word `o`).
    pub fn compose_mark(&mut self) -> bool {
        self.skip_ws();
        let r = self.rest();
        let word = r.starts_with('o') && !r[1..].starts_with(|c: char| c.is_alphanumeric());
        if word {
            self.advance(1);
        }
        word
    }

    /// `outer o [offset o] inner`: outer a swizzle or a layout, offset an
    /// integer (0 when left out), inner a layout.
    pub fn composed(&mut self) -> Result<ComposedLayout> {
        self.skip_ws();
        let outer = if self.rest().starts_with("Sw") {
            Outer::Swizzle(self.swizzle()?)
        } else {
            Outer::Layout(self.layout()?)
        };
        let offset = self.compose_offset()?;
        let inner = self.layout()?;
        Ok(ComposedLayout::new(outer, offset, inner))
    }

    /// What follows the outer function of a composed layout: `o [offset o]`;
    /// the offset, 0 when left out.
    pub fn compose_offset(&mut self) -> Result<i64> {
        if !self.compose_mark() {
            return Err(self.error("'o' (a composed layout is outer o offset o inner)"));
        }
        Ok(self.offset_after_mark())
    }

    /// After a composed layout's first `o`: the offset if an integer and
    /// another `o` follow, else 0 with nothing consumed.
    pub fn offset_after_mark(&mut self) -> i64 {
        let save = self.pos();
        match self.int() {
            Ok(v) if self.compose_mark() => v,
            _ => {
                self.pos = save;
                0
            }
        }
    }
}

/// Parse `Sw<B,M,S>` or `Swizzle<B,M,S>` (CuTe's static marks `_N` allowed).
///
/// ```
/// use layout_algebra::runtime::parse::parse_swizzle;
/// assert_eq!(parse_swizzle("Swizzle<3, 4, -3>").unwrap().to_string(), "Sw<3,4,-3>");
/// assert_eq!(parse_swizzle("Sw<_3,_4,_3>").unwrap().to_string(), "Sw<3,4,3>");
/// assert!(parse_swizzle("Sw<3,4,2>").unwrap_err().to_string().contains("|S| must be at least B"));
/// ```
pub fn parse_swizzle(s: &str) -> Result<Swizzle> {
    let mut c = Cursor::new(s);
    let sw = c.swizzle()?;
    c.finish()?;
    Ok(sw)
}

/// Parse CuTe's printed composed form `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`
/// (static marks allowed; the offset may be left out).
///
/// ```
/// use layout_algebra::runtime::parse::parse_composed;
/// let c = parse_composed("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)").unwrap();
/// assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
/// assert_eq!(c.call(2).unwrap(), 144);
/// ```
pub fn parse_composed(s: &str) -> Result<ComposedLayout> {
    let mut c = Cursor::new(s);
    let r = c.composed()?;
    c.finish()?;
    Ok(r)
}

impl core::str::FromStr for Swizzle {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Swizzle> {
        parse_swizzle(s)
    }
}

impl core::str::FromStr for ComposedLayout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<ComposedLayout> {
        parse_composed(s)
    }
}
