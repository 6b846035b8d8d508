//! Parsing CuTe notation: integer tuples, strides with scaled bases, layouts.
//!
//! Grammar (whitespace allowed between tokens):
//! ```text
//! layout  ::= shape [ ":" stride ]          (a bare shape is compact column-major)
//! shape   ::= int | "(" [ shape { "," shape } ] ")"
//! stride  ::= leaf | "(" [ stride { "," stride } ] ")"
//! leaf    ::= int | count "@" uint { "@" uint }    (v@N1@N0 is v·E<N0,N1>)
//! count   ::= int [ "/" int ]                        (must reduce to an integer)
//! int     ::= [ "-" ] digit { digit }
//! ```
//! Errors carry the byte offset, what was found and what was expected.
//!
//! ```
//! use layout_algebra::runtime::Layout;
//! let l: Layout = "((4,2),8):((1@0,4@0),1@1)".parse().unwrap();
//! assert_eq!(l.to_string(), "((4,2),8):((1@0,4@0),1@1)");
//! let e = "(4,8):(1,)".parse::<Layout>().unwrap_err();
//! assert!(e.to_string().contains("byte 9"));
//! ```

use super::composition::Tiler;
use super::error::{ErrorKind, LayoutError, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use super::stride::{ScaledBasis, Stride, StrideTuple};
use super::tuple::Builder;
use alloc::format;
use alloc::string::String;

/// A cursor over CuTe notation with positioned diagnostics.
pub struct Cursor<'s> {
    src: &'s str,
    pos: usize,
}

impl<'s> Cursor<'s> {
    /// A cursor at the start of `src`.
    pub fn new(src: &'s str) -> Self {
        Cursor { src, pos: 0 }
    }
    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }
    /// The rest of the input.
    pub fn rest(&self) -> &'s str {
        &self.src[self.pos..]
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
        LayoutError::new(
            ErrorKind::Parse,
            "parse",
            format!("at byte {pos}: expected {expected}, found {found}"),
        )
    }
    /// Fail unless the input is exhausted.
    pub fn finish(&mut self) -> Result<()> {
        if self.peek().is_some() {
            return Err(self.error("end of input"));
        }
        Ok(())
    }
    /// An optionally negative decimal integer.
    pub fn int(&mut self) -> Result<i64> {
        self.skip_ws();
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
        Ok(v)
    }

    /// A hierarchical integer tuple.
    pub fn int_tuple(&mut self, out: &mut Builder<i64>) -> Result<()> {
        if self.eat('(') {
            out.open();
            if !self.eat(')') {
                loop {
                    self.int_tuple(out)?;
                    if self.eat(')') {
                        break;
                    }
                    self.expect(',', "',' or ')'")?;
                }
            }
            out.close();
            Ok(())
        } else if matches!(self.peek(), Some(c) if c == '-' || c.is_ascii_digit()) {
            out.leaf(self.int()?);
            Ok(())
        } else {
            Err(self.error("an integer or '('"))
        }
    }

    /// A hierarchical stride (integers and scaled bases).
    pub fn stride_tuple(&mut self, out: &mut Builder<Stride>) -> Result<()> {
        if self.eat('(') {
            out.open();
            if !self.eat(')') {
                loop {
                    self.stride_tuple(out)?;
                    if self.eat(')') {
                        break;
                    }
                    self.expect(',', "',' or ')'")?;
                }
            }
            out.close();
            Ok(())
        } else if matches!(self.peek(), Some(c) if c == '-' || c.is_ascii_digit()) {
            out.leaf(self.stride_leaf()?);
            Ok(())
        } else {
            Err(self.error("a stride (integer, v@N basis, or '(')"))
        }
    }

    fn stride_leaf(&mut self) -> Result<Stride> {
        let start = self.pos;
        let num = self.int()?;
        let mut den = 1;
        if self.eat('/') {
            let at = self.pos;
            den = self.int()?;
            if den == 0 {
                return Err(self.error_at(at, "a non-zero denominator", "0"));
            }
        }
        let mut modes = smallvec::SmallVec::<[usize; 4]>::new();
        while self.eat('@') {
            self.skip_ws();
            let at = self.pos;
            let m = self.int()?;
            if m < 0 {
                return Err(self.error_at(
                    at,
                    "a basis index (non-negative integer)",
                    &format!("{m}"),
                ));
            }
            modes.push(m as usize);
        }
        if num % den != 0 {
            return Err(LayoutError::new(
                ErrorKind::NotIntegral,
                "parse",
                format!("at byte {start}: basis count {num}/{den} is not an integer"),
            ));
        }
        let v = num / den;
        if modes.is_empty() {
            return Ok(Stride::Int(v));
        }
        modes.reverse(); // v@N1@N0 is E<N0,N1>
        ScaledBasis::new(v, &modes)
            .map(Stride::Basis)
            .map_err(|e| self.error_at(start, e.detail(), "a basis index"))
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
        layout.map_err(|e| {
            LayoutError::new(
                e.kind(),
                "parse",
                format!("at byte {start}: {}", e.detail()),
            )
        })
    }
}

/// Parse a whole string as an [`IntTuple`].
pub fn parse_int_tuple(s: &str) -> Result<IntTuple> {
    let mut c = Cursor::new(s);
    let mut b = Builder::new();
    c.int_tuple(&mut b)?;
    c.finish()?;
    Ok(b.finish())
}

/// Parse a whole string as a [`StrideTuple`].
pub fn parse_stride(s: &str) -> Result<StrideTuple> {
    let mut c = Cursor::new(s);
    let mut b = Builder::new();
    c.stride_tuple(&mut b)?;
    c.finish()?;
    Ok(b.finish())
}

/// Parse a whole string as a [`Layout`].
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

impl Cursor<'_> {
    /// A tiler: `<T₀, T₁, …>` (nested; an integer `n` inside is `n:1`) or a layout.
    pub fn tiler(&mut self) -> Result<Tiler> {
        if self.eat('<') {
            let mut modes = alloc::vec::Vec::new();
            loop {
                modes.push(self.tiler()?);
                if self.eat('>') {
                    break;
                }
                self.expect(',', "',' or '>'")?;
            }
            Ok(Tiler::Tuple(modes))
        } else {
            self.layout().map(Tiler::Layout)
        }
    }
}

/// Parse a whole string as a [`Tiler`].
pub fn parse_tiler(s: &str) -> Result<Tiler> {
    let mut c = Cursor::new(s);
    let t = c.tiler()?;
    c.finish()?;
    Ok(t)
}
