//! A small expression language over CuTe notation: parse and evaluate
//! `logical_divide((8,16):(20,1), <4:1, 8:2>)` in one pass.
//!
//! Grammar (whitespace allowed between tokens):
//! ```text
//! expr    ::= primary { "(" [ expr { "," expr } ] ")" }   (evaluation A(i), A(i,j), A((i,j),k))
//! primary ::= name [ "<" targ { "," targ } ">" ] "(" [ expr { "," expr } ] ")"
//!                                                       (a call by CuTe name)
//!           | major "{" "}"                             (LayoutLeft{}, LayoutRight{}, GenColMajor{}, GenRowMajor{})
//!           | "<" expr { "," expr } ">"                   (a tiler)
//!           | "(" [ expr { "," expr } ] ")" [ ":" stride ] (a tuple, a layout, or a parenthesized expr)
//!           | entry [ ":" stride ]                        (an integer, a basis v@N, or a layout n:d)
//!           | "_"                                         (a free slice mode)
//! ```
//! A tuple of integers is an integer tuple, with `_` leaves a slice coordinate,
//! with `v@N` leaves a stride descriptor; a bare shape where a layout is
//! expected is its compact column-major layout; a tuple with a layout or
//! tiler among its items is CuTe's printed tile (`(_4:_1,_8:_2)` is
//! `<4:1,8:2>`). Integers may be written as CuTe prints static ones, `_4`,
//! `_-3`. Results print in CuTe
//! notation without spaces.
//!
//! CuTe's template forms are calls too: `get<1,0>(L)` is `get(L, 1, 0)`,
//! `take<B,E>(L)`, `select<I...>(L)`, `group_modes<B,E>(L)`, `upcast<N>(L)`,
//! `downcast<N>(L)` likewise (the template arguments follow the one
//! argument), and `recast_layout<uint16_t,uint32_t>(L)` is
//! `recast_layout(L, 16, 32)`: a `targ` is an integer, or a C++ element type
//! read as its width in bits (see [`ELEMENT_TYPES`]). [`signatures`] lists
//! every form.
//!
//! Parse errors name the byte offset, what was found and what was expected;
//! a refused operation returns its own [`LayoutError`] (rule and operands).
//!
//! ```
//! use layout_algebra::calc::evaluate;
//! assert_eq!(evaluate("((4,8):(8,1))(1,2)").unwrap().to_string(), "10");
//! assert_eq!(evaluate("idx2crd(17, (4,(3,2)))").unwrap().to_string(), "(1,(1,1))");
//! assert!(evaluate("size((4,8):(1,)").unwrap_err().to_string().contains("at byte 14"));
//! ```

use crate::runtime::error::{ErrorKind, LayoutError, Result};
use crate::runtime::int_tuple::IntTuple;
use crate::runtime::layout::Layout;
use crate::runtime::parse::Cursor;
use crate::runtime::stride::{Offset, Stride, StrideTuple};
use crate::runtime::tuple::{Builder, HRef, HTuple, Node};
use crate::runtime::Tiler;
use crate::runtime::{ComposedLayout, SliceCoord, Swizzle};
use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;
use core::fmt;

mod algebra;
mod args;
mod dispatch;
mod smem;
mod tuples;
pub use dispatch::{closest_function, element_bits, functions, signatures, ELEMENT_TYPES};
pub use smem::{evaluate_layout, smem_tile};

/// The value of an expression.
///
/// ```
/// use layout_algebra::calc::{evaluate, Value};
/// assert!(matches!(evaluate("size((4,8):(1,4))").unwrap(), Value::Int(32)));
/// let l = evaluate("composition((8,8):(8,1), 4:2)").unwrap();
/// assert!(matches!(l, Value::Layout(_)));
/// assert_eq!(l.to_string(), "4:16");
/// ```
#[derive(Clone, PartialEq, Eq)]
// Values are stored inline (no heap for layouts of up to 16 leaves), so the
// layout variants are large by design.
#[allow(clippy::large_enum_variant)]
pub enum Value {
    /// An integer, `24`.
    Int(i64),
    /// An integer tuple (never a bare leaf), `(1,(1,1))`.
    IntTuple(IntTuple),
    /// A layout, `(4,8):(1,4)`.
    Layout(Layout),
    /// A stride descriptor with scaled-basis leaves, `(1@0,1@1)`.
    Stride(StrideTuple),
    /// A slice coordinate with at least one `_`, `(_,2)`.
    Coord(SliceCoord),
    /// A tiler `<4:1,8:2>`: layouts or nested tilers by mode.
    Tiler(Tiler),
    /// A layout and an offset (`slice_and_offset`), `2:4 + 3`.
    LayoutWithOffset(Layout, Offset),
    /// A composed layout and an offset (`slice_and_offset` of a swizzled
    /// layout that stays composed), `Sw<3,3,3> o 0 o (64):(8) + 3`.
    ComposedWithOffset(Box<ComposedLayout>, i64),
    /// A truth value (`compatible`, `congruent`, `weakly_congruent`).
    Bool(bool),
    /// CuTe's tag for a compact layout's order, `LayoutRight{}`, as the
    /// second argument of `make_layout`.
    Major(Major),
    /// A swizzle `Sw<3,4,3>`: evaluated at an integer, it permutes it.
    Swizzle(Swizzle),
    /// A composed layout `Sw<3,4,3> o 0 o (8,64):(64,1)`: evaluated,
    /// sliced, composed, divided and multiplied through its inner layout.
    /// Boxed: inline it would double the size of every value (two layouts),
    /// and with it the parser's stack frames.
    Composed(Box<ComposedLayout>),
}

/// The order of a compact layout (CuTe's `LayoutLeft`, alias `GenColMajor`,
/// and `LayoutRight`, alias `GenRowMajor`).
///
/// ```
/// use layout_algebra::calc::evaluate;
/// assert_eq!(evaluate("make_layout((4,8), LayoutRight{})").unwrap().to_string(), "(4,8):(8,1)");
/// assert_eq!(evaluate("make_layout((4,8), GenColMajor{})").unwrap().to_string(), "(4,8):(1,4)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// Column-major: the first leaf has stride 1.
    Left,
    /// Row-major: the last leaf has stride 1.
    Right,
}

impl Major {
    /// The tag named `name` (`LayoutLeft`, `GenColMajor`, `LayoutRight`, `GenRowMajor`).
    ///
    /// ```
    /// use layout_algebra::calc::Major;
    /// assert_eq!(Major::from_name("GenRowMajor"), Some(Major::Right));
    /// assert_eq!(Major::from_name("RowMajor"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Major> {
        match name {
            "LayoutLeft" | "GenColMajor" => Some(Major::Left),
            "LayoutRight" | "GenRowMajor" => Some(Major::Right),
            _ => None,
        }
    }
    /// CuTe's name of the tag: `LayoutLeft` or `LayoutRight`.
    ///
    /// ```
    /// use layout_algebra::calc::Major;
    /// assert_eq!(Major::from_name("GenColMajor").unwrap().name(), "LayoutLeft");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Major::Left => "LayoutLeft",
            Major::Right => "LayoutRight",
        }
    }
}

impl Value {
    /// An integer tuple result: a leaf becomes [`Value::Int`].
    ///
    /// ```
    /// use layout_algebra::calc::Value;
    /// use layout_algebra::runtime::IntTuple;
    /// assert!(matches!(Value::from_int_tuple(IntTuple::parse_shape("6")), Value::Int(6)));
    /// let t = Value::from_int_tuple(IntTuple::parse_shape("(2,3)"));
    /// assert!(matches!(t, Value::IntTuple(_)));
    /// ```
    pub fn from_int_tuple(t: IntTuple) -> Value {
        match t.as_leaf() {
            Some(v) => Value::Int(v),
            None => Value::IntTuple(t),
        }
    }
    /// An offset result: an integer offset, or the coordinate a layout with
    /// scaled-basis strides maps to.
    ///
    /// ```
    /// use layout_algebra::calc::{evaluate, Value};
    /// assert!(matches!(evaluate("crd2idx((1,2), (4,8), (1,4))").unwrap(), Value::Int(9)));
    /// assert_eq!(evaluate("make_identity_layout((4,8))(9)").unwrap().to_string(), "(1,2)");
    /// ```
    pub fn from_offset(o: Offset) -> Value {
        match o {
            Offset::Int(v) => Value::Int(v),
            Offset::Coord(c) => Value::from_int_tuple(c),
        }
    }
    /// What kind of value this is, in words (for diagnostics).
    ///
    /// ```
    /// use layout_algebra::calc::evaluate;
    /// assert_eq!(evaluate("(4,8):(1,4)").unwrap().kind_name(), "a layout");
    /// assert_eq!(evaluate("Sw<3,4,3>").unwrap().kind_name(), "a swizzle");
    /// ```
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer",
            Value::IntTuple(_) => "an integer tuple",
            Value::Layout(_) => "a layout",
            Value::Stride(_) => "a stride",
            Value::Coord(_) => "a slice coordinate",
            Value::Tiler(_) => "a tiler",
            Value::LayoutWithOffset(..) => "a layout with offset",
            Value::ComposedWithOffset(..) => "a composed layout with offset",
            Value::Bool(_) => "a boolean",
            Value::Major(_) => "a layout order tag",
            Value::Swizzle(_) => "a swizzle",
            Value::Composed(_) => "a composed layout",
        }
    }
}

/// Writes a slice coordinate in CuTe notation with `_` for free modes.
///
/// ```
/// use layout_algebra::calc::{evaluate, Value};
/// let Value::Coord(c) = evaluate("(_,2,(1,_))").unwrap() else { unreachable!() };
/// assert_eq!(layout_algebra::calc::DisplayCoord(c.as_ref()).to_string(), "(_,2,(1,_))");
/// ```
pub struct DisplayCoord<'a>(pub HRef<'a, Option<i64>>);

impl fmt::Display for DisplayCoord<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_leaf() {
            Some(Some(v)) => write!(f, "{v}"),
            Some(None) => f.write_str("_"),
            None => {
                f.write_str("(")?;
                for (i, m) in self.0.modes().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}", DisplayCoord(m))?;
                }
                f.write_str(")")
            }
        }
    }
}

impl From<crate::runtime::ComposedSlice> for Value {
    /// A slice of a composed layout: a plain layout where the swizzle decayed.
    fn from(s: crate::runtime::ComposedSlice) -> Value {
        match s {
            crate::runtime::ComposedSlice::Layout(l) => Value::Layout(l),
            crate::runtime::ComposedSlice::Composed(c) => Value::Composed(Box::new(c)),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::IntTuple(t) => write!(f, "{t}"),
            Value::Layout(l) => write!(f, "{l}"),
            Value::Stride(d) => write!(f, "{d}"),
            Value::Coord(c) => write!(f, "{}", DisplayCoord(c.as_ref())),
            Value::Tiler(t) => write!(f, "{t}"),
            Value::LayoutWithOffset(l, o) => write!(f, "{l} + {o}"),
            Value::ComposedWithOffset(c, o) => write!(f, "{c} + {o}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Major(m) => write!(f, "{}{{}}", m.name()),
            Value::Swizzle(sw) => write!(f, "{sw}"),
            Value::Composed(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Parse and evaluate one expression.
///
/// ```
/// use layout_algebra::calc::evaluate;
/// assert_eq!(evaluate("logical_divide(24:1, 4:2)").unwrap().to_string(), "(4,(2,3)):(2,(1,8))");
/// let err = evaluate("make_layout((4,8), (1,4,2))").unwrap_err();
/// assert!(err.to_string().contains("congruent"), "{err}");
/// ```
///
/// One expression may spend at most [`MAX_POINTS`](crate::runtime::budget::MAX_POINTS)
/// points on pointwise checks and hold at most [`MAX_HELD_BYTES`] in the
/// values it is reading; past a cap it is refused with [`ErrorKind::Limit`].
pub fn evaluate(src: &str) -> Result<Value> {
    crate::runtime::budget::with_point_budget(crate::runtime::budget::MAX_POINTS, || {
        evaluate_rest(Cursor::new(src))
    })
}

/// Evaluate the expression that starts at `c`'s position and ends the input
/// (error positions are bytes of the whole input).
fn evaluate_rest(c: Cursor<'_>) -> Result<Value> {
    let mut p = Parser { c, held: 0 };
    let v = p.expr()?;
    p.c.finish()?;
    Ok(v)
}

/// The most bytes the values of an expression's open lists (the tuples,
/// tilers and argument lists still being read) may hold, as counted by
/// [`held_bytes`]. A value costs at least `size_of::<Value>()` (about 440 bytes,
/// layouts being stored inline) whatever its text, so without this cap a
/// megabyte of `(1,1,…)` (half a million values) would hold over 200 MB.
pub const MAX_HELD_BYTES: usize = 8 << 20;

/// The bytes `v` holds: its own size and the nodes of its tuples and tilers.
///
/// ```
/// use layout_algebra::calc::{evaluate, held_bytes, Value};
/// let one = held_bytes(&Value::Int(1));
/// assert_eq!(one, core::mem::size_of::<Value>());
/// assert!(held_bytes(&evaluate("(4,8):(1,4)").unwrap()) > one);
/// ```
pub fn held_bytes(v: &Value) -> usize {
    fn tuple<T: Copy>(t: HRef<'_, T>) -> usize {
        t.node_count() * core::mem::size_of::<Node<T>>()
    }
    fn layout(l: &Layout) -> usize {
        tuple(l.shape().as_ref()) + l.stride().node_count() * core::mem::size_of::<Node<Stride>>()
    }
    fn tiler(t: &Tiler) -> usize {
        match t {
            Tiler::Layout(l) => layout(l),
            Tiler::Int(_) => 0,
            Tiler::Tuple(ts) => ts
                .iter()
                .map(|t| core::mem::size_of::<Tiler>() + tiler(t))
                .sum(),
        }
    }
    core::mem::size_of::<Value>()
        + match v {
            Value::Int(_) | Value::Bool(_) | Value::Major(_) | Value::Swizzle(_) => 0,
            Value::Composed(c) | Value::ComposedWithOffset(c, _) => layout(c.inner()),
            Value::IntTuple(t) => tuple(t.as_ref()),
            Value::Layout(l) => layout(l),
            Value::Stride(d) => tuple(d.as_ref()),
            Value::Coord(c) => tuple(c.as_ref()),
            Value::Tiler(t) => tiler(t),
            Value::LayoutWithOffset(l, o) => {
                layout(l)
                    + match o {
                        Offset::Int(_) => 0,
                        Offset::Coord(c) => tuple(c.as_ref()),
                    }
            }
        }
}

/// An evaluated argument and where it started.
pub(crate) struct Arg {
    pub(crate) value: Value,
    pub(crate) pos: usize,
}

/// A template argument of a call, `get<1>`: an integer or an element type.
#[derive(Clone, Copy)]
pub(crate) enum TemplateArg {
    Int(i64),
    /// A C++ element type, by its width in bits.
    Type(i64),
}

struct Parser<'s> {
    c: Cursor<'s>,
    /// Bytes held by the values of the lists still open (see [`MAX_HELD_BYTES`]).
    held: usize,
}

impl<'s> Parser<'s> {
    fn expr(&mut self) -> Result<Value> {
        let v = self.primary()?;
        if self.c.peek() == Some('(') {
            self.postfix(v)
        } else {
            Ok(v)
        }
    }

    /// Evaluations `v(args…)(args…)…`.
    #[inline(never)]
    fn postfix(&mut self, mut v: Value) -> Result<Value> {
        while self.c.peek() == Some('(') {
            let at = self.c.pos();
            let args = self.args('(', ')')?;
            v = dispatch::apply(v, args, at)?;
        }
        Ok(v)
    }

    fn primary(&mut self) -> Result<Value> {
        let start = {
            self.c.skip_ws();
            self.c.pos()
        };
        // Each branch is its own function so that the frames on the
        // recursion path stay small (nesting is bounded by MAX_NESTING).
        match self.c.peek() {
            Some('<') => {
                let items = self.args('<', '>')?;
                tiler_value(items, start)
            }
            Some('(') => {
                let items = self.args('(', ')')?;
                self.group_value(items, start)
            }
            // An integer, also as CuTe prints a static one: `_4`, `_-3`.
            Some(_) if self.c.at_int() => self.number(start),
            Some('S')
                if ["Sw<", "Swizzle<"]
                    .iter()
                    .any(|p| self.c.rest().starts_with(p)) =>
            {
                self.swizzled()
            }
            Some('_') if !self.rest_is_ident_char(1) => {
                self.c.eat('_');
                Ok(Value::Coord(HTuple::leaf(None)))
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => self.named(start),
            _ => Err(self
                .c
                .error("an expression (integer, '(', '<', '_' or a function name)")),
        }
    }

    /// `Sw<B,M,S>`, alone or as CuTe's composed layout `Sw<B,M,S> o [offset o] L`,
    /// whose inner layout `L` is any expression for a layout (a shape stands
    /// for its compact column-major layout). `L` is one level of nesting
    /// deeper, as a parenthesized expression is: `Sw<3,4,3> o ` repeated
    /// past [`MAX_NESTING`](crate::runtime::parse::MAX_NESTING) is an error
    /// at the `o` that goes too deep.
    #[inline(never)]
    fn swizzled(&mut self) -> Result<Value> {
        let sw = self.c.swizzle()?;
        if !self.c.compose_mark() {
            return Ok(Value::Swizzle(sw));
        }
        self.c.enter()?;
        let offset = self.c.offset_after_mark();
        self.c.skip_ws();
        let at = self.c.pos();
        let inner = self.expr()?;
        self.c.leave();
        let inner = match inner {
            Value::Layout(l) => l,
            Value::Int(v) => Layout::column_major(&IntTuple::leaf(v))?,
            Value::IntTuple(t) => Layout::column_major(&t)?,
            other => {
                return Err(LayoutError::at(
                    ErrorKind::InvalidArgument,
                    "evaluate",
                    at,
                    format!(
                        "the inner function of a composed layout is a layout, found {} {other}",
                        other.kind_name()
                    ),
                ))
            }
        };
        Ok(Value::Composed(Box::new(ComposedLayout::new(
            sw, offset, inner,
        ))))
    }

    /// A call `name(args…)` or `name<targs…>(args…)`, or a tag `LayoutRight{}`.
    #[inline(never)]
    fn named(&mut self, start: usize) -> Result<Value> {
        let name = self.ident();
        if let Some(m) = Major::from_name(name) {
            if !(self.c.eat('{') && self.c.eat('}')) {
                return Err(self.c.error(&format!("'{{}}' after '{name}'")));
            }
            return Ok(Value::Major(m));
        }
        if !matches!(self.c.peek(), Some('(' | '<')) {
            return Err(self.c.error(&format!("'(' after function name '{name}'")));
        }
        let name = dispatch::check_name(name, start)?;
        let targs = if self.c.peek() == Some('<') {
            Some(self.template_args()?)
        } else {
            None
        };
        let args = self.args('(', ')')?;
        dispatch::call(name, targs, args, start)
    }

    /// `"<" targ { "," targ } ">"`: integers or C++ element types, with
    /// where each starts.
    fn template_args(&mut self) -> Result<Vec<(TemplateArg, usize)>> {
        self.c.expect('<', "'<'")?;
        let mut out = Vec::new();
        loop {
            self.c.skip_ws();
            let pos = self.c.pos();
            let arg = if self.c.at_int() {
                TemplateArg::Int(self.c.int()?)
            } else {
                let name = self.ident();
                let Some(bits) = dispatch::element_bits(name) else {
                    let found = match (name, self.c.peek()) {
                        ("", None) => "end of input".into(),
                        ("", Some(c)) => format!("'{c}'"),
                        (n, _) => format!("'{n}'"),
                    };
                    return Err(self.c.error_at(
                        pos,
                        "a template argument (an integer or a C++ element type such as uint16_t)",
                        &found,
                    ));
                };
                TemplateArg::Type(bits)
            };
            out.push((arg, pos));
            if self.c.eat('>') {
                return Ok(out);
            }
            self.c.expect(',', "',' or '>'")?;
        }
    }

    /// A parenthesized group: a tuple (maybe the shape of a layout), or one
    /// parenthesized non-tuple value.
    #[inline(never)]
    fn group_value(&mut self, items: Vec<Arg>, start: usize) -> Result<Value> {
        if let [one] = items.as_slice()
            && !matches!(
                one.value,
                Value::Int(_) | Value::IntTuple(_) | Value::Stride(_) | Value::Coord(_)
            )
        {
            return Ok(items.into_iter().next().expect("one item").value);
        }
        // CuTe's printed tile, `(_4:_1,_8:_2)`: a tuple with a layout or tiler mode.
        if items
            .iter()
            .any(|a| matches!(a.value, Value::Layout(_) | Value::Tiler(_)))
        {
            return tiler_value(items, start);
        }
        let t = tuple(items)?;
        self.maybe_layout(t, start)
    }

    /// An integer, a basis entry `v@N…`, or a layout `n:d`.
    #[inline(never)]
    fn number(&mut self, start: usize) -> Result<Value> {
        let e = self.c.basis_entry()?;
        let leaf = crate::runtime::parse::normalize(&HTuple::leaf(e))?;
        let v = match leaf.as_leaf() {
            Some(Stride::Int(v)) => Value::Int(v),
            _ => Value::Stride(leaf),
        };
        self.maybe_layout(v, start)
    }

    fn rest_is_ident_char(&self, at: usize) -> bool {
        self.c
            .rest()
            .as_bytes()
            .get(at)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    }

    fn ident(&mut self) -> &'s str {
        let rest = self.c.rest();
        let n = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        self.c.advance(n);
        &rest[..n]
    }

    /// `open [ expr { "," expr } ] close`.
    fn args(&mut self, open: char, close: char) -> Result<Vec<Arg>> {
        self.c.expect(open, &format!("'{open}'"))?;
        self.c.enter()?;
        let mut out = Vec::new();
        if self.c.eat(close) {
            self.c.leave();
            return Ok(out);
        }
        loop {
            self.c.skip_ws();
            let pos = self.c.pos();
            let value = self.expr()?;
            self.held += held_bytes(&value);
            if self.held > MAX_HELD_BYTES {
                return Err(LayoutError::at(
                    ErrorKind::Limit,
                    "evaluate", pos,
                    format!("the values of the tuples and argument lists being read would hold more than {MAX_HELD_BYTES} bytes"),
                ));
            }
            out.push(Arg { value, pos });
            if self.c.eat(close) {
                self.c.leave();
                self.held -= out.iter().map(|a| held_bytes(&a.value)).sum::<usize>();
                return Ok(out);
            }
            self.c.expect(',', &format!("',' or '{close}'"))?;
        }
    }

    /// `shape ":" stride` if a ':' follows, else the value itself.
    fn maybe_layout(&mut self, shape: Value, start: usize) -> Result<Value> {
        if !self.c.eat(':') {
            return Ok(shape);
        }
        let shape = match shape {
            Value::Int(v) => IntTuple::leaf(v),
            Value::IntTuple(t) => t,
            other => {
                return Err(self.c.error_at(
                    start,
                    "a shape (integers) before ':'",
                    other.kind_name(),
                ))
            }
        };
        let mut b = Builder::new();
        self.c.stride_tuple(&mut b)?;
        Layout::new(shape, b.finish())
            .map(Value::Layout)
            .map_err(|e| LayoutError::at(e.kind(), "parse", start, e.detail()))
    }
}

/// The tiler `<items…>`.
#[inline(never)]
fn tiler_value(items: Vec<Arg>, start: usize) -> Result<Value> {
    if items.is_empty() {
        return Err(LayoutError::at(
            ErrorKind::Parse,
            "parse",
            start + 1,
            "expected a tiler mode, found '>'",
        ));
    }
    let modes = items
        .iter()
        .map(|a| args::to_tiler(&a.value, a.pos, "tiler"))
        .collect::<Result<_>>()?;
    Ok(Value::Tiler(Tiler::Tuple(modes)))
}

/// Combine tuple items: integers and integer tuples give an [`IntTuple`],
/// with `_` a [`SliceCoord`], with `v@N` a [`StrideTuple`].
pub(crate) fn tuple(items: Vec<Arg>) -> Result<Value> {
    let mut has_free = false;
    let mut has_basis = false;
    for a in &items {
        match &a.value {
            Value::Int(_) | Value::IntTuple(_) => {}
            Value::Coord(_) => has_free = true,
            Value::Stride(_) => has_basis = true,
            other => {
                return Err(LayoutError::at(
                    ErrorKind::Parse,
                    "parse", a.pos,
                    format!("expected an integer, '_', v@N or a tuple of them inside a tuple, found {} {other}", other.kind_name()
                    ),
                ))
            }
        }
    }
    if has_free && has_basis {
        return Err(LayoutError::at(
            ErrorKind::Parse,
            "parse",
            items.first().map_or(0, |a| a.pos),
            "expected a tuple of either '_' or v@N entries, found both",
        ));
    }
    if has_free {
        Ok(Value::Coord(join(&items, |v| match v {
            Value::Coord(c) => c.clone(),
            Value::Int(i) => HTuple::leaf(Some(*i)),
            Value::IntTuple(t) => t.map(Some),
            _ => unreachable!("checked above"),
        })))
    } else if has_basis {
        Ok(Value::Stride(join(&items, |v| match v {
            Value::Stride(s) => s.clone(),
            Value::Int(i) => HTuple::leaf(Stride::Int(*i)),
            Value::IntTuple(t) => StrideTuple::from_ints(t),
            _ => unreachable!("checked above"),
        })))
    } else {
        Ok(Value::IntTuple(join(&items, |v| match v {
            Value::Int(i) => IntTuple::leaf(*i),
            Value::IntTuple(t) => t.clone(),
            _ => unreachable!("checked above"),
        })))
    }
}

fn join<T: Copy>(items: &[Arg], mut f: impl FnMut(&Value) -> HTuple<T>) -> HTuple<T> {
    let mut b = Builder::new();
    b.open();
    for a in items {
        b.push(f(&a.value).as_ref());
    }
    b.close();
    b.finish()
}
