//! A hand-written parser for CuTe layout notation over `proc_macro` tokens.
//!
//! ```text
//! layout  := tuple [ ':' ( tuple | 'col_major' | 'row_major' ) ]
//! tuple   := leaf | '(' [ tuple { ',' tuple } [','] ] ')'
//! leaf    := value { '@' INTEGER } | '{' rust-expression '}' | ['-'] CONST
//! value   := ['-'] INTEGER | STATIC
//! tiler   := mode { ',' mode } [',']          (at least one mode)
//! mode    := layout | '[' tiler ']' | printed
//! printed := '(' pmode { ',' pmode } [','] ')' (CuTe's printed tile, holds a ':')
//! pmode   := layout | '[' tiler ']' | printed  (a bare tuple shape: by mode)
//! integer := ['-'] INTEGER | STATIC            (for `int!` / `Int!`)
//! ```
//!
//! `INTEGER` is a Rust integer literal whose value fits `i64` (see
//! [`integer`], in `literal.rs`); `STATIC` is CuTe's printed static integer,
//! `_4` (one identifier: `_` and decimal digits) or `_-3` (`_`, `-`, a
//! literal), as `print(Int<-3>{})` writes it. A value followed by `@i`
//! indices is a scaled-basis stride as CuTe prints it (`1@0`, `_1@0`, `2@1@0`:
//! `2·E<0,1>`, innermost index first), with 1 to [`MAX_BASIS_DEPTH`] indices
//! below 256, as in the runtime parser. `CONST` is an identifier in upper
//! case (`MR`, `N_1`: see [`const_name`]), a const generic parameter or a
//! `const` item of type `usize` in the caller's scope: a static leaf whose
//! value the macro does not see. A printed tile is a
//! parenthesized group that is not a layout's shape (no `:` follows it) and
//! holds a `:`; CuTe prints `make_tile(Layout<_4,_1>{}, Layout<_8,_2>{})` as
//! `(_4:_1,_8:_2)`. Parentheses and brackets nest at most
//! [`MAX_NESTING`] levels, like the runtime parser; a tuple or tiler has at
//! most [`MAX_RANK`] modes, and one macro call reads at most [`MAX_LEAVES`]
//! leaves and [`MAX_GROUPS`] tuples and tilers (its expansion nests a type
//! per mode, which rustc must stay able to compile). The parser only reads
//! tokens; the rules of a layout (congruence, positive extents, size) are
//! checked in `validate`.

use crate::error::{err, Result};
use crate::literal::integer;
use proc_macro::{Delimiter, Group, Span, TokenStream, TokenTree};
use std::fmt;

/// The most indices of a scaled basis, as in the runtime layer
/// (`layout_algebra::runtime::MAX_BASIS_DEPTH`).
pub const MAX_BASIS_DEPTH: usize = 4;

/// The deepest nesting of parentheses and tiler brackets accepted, as in the
/// runtime parser (`layout_algebra::runtime::parse::MAX_NESTING`).
pub const MAX_NESTING: usize = 64;

/// The most modes of one tuple or tiler. A rank-`r` tuple is an `HCons`
/// list `r` types deep whose traits recurse `r` levels: from rank 127 (less
/// with `{..}` leaves) a layout exceeds rustc's default `recursion_limit`
/// anyway.
pub const MAX_RANK: usize = 64;

/// The most leaves one macro call reads, shapes and strides together (the
/// expansion grows with them, and a compact stride over `{..}` leaves
/// spells each prefix product out).
pub const MAX_LEAVES: usize = 256;

/// The most groups `(..)` and `[..]` one macro call reads, shapes and
/// strides together: empty tuples hold no leaf, so [`MAX_LEAVES`] alone does
/// not bound the expansion.
pub const MAX_GROUPS: usize = 256;

/// A leaf value: a literal, or a dynamic value: a Rust expression of type
/// `i64` over the names that `names::binding` gives the `{..}` leaves, with
/// the divisor `N` of a `{..}{div=N}` leaf (a `DivBy<N>`).
#[derive(Clone)]
pub enum Leaf {
    Static(i64),
    Dyn(String, Option<u64>),
    /// A scaled-basis stride `v@i…` (CuTe's `v·E<…>`): the scale and the
    /// indices, outermost first.
    Basis(i64, Vec<u8>),
    /// A const generic parameter (or `const` item) `MR`, or `-MR` when
    /// `negative`: static, its value unknown to the macro.
    Const(Const, bool),
    /// A derived compact stride: the static product `c·N₁·N₂…` of a literal
    /// `c ≥ 1` and const leaves (at least one).
    Product(i64, Vec<Const>),
    /// A derived compact stride of the const extent `N` whose prefix product
    /// is the leaf: `0` if `N` is 1 (as for a static extent 1), else the
    /// prefix product.
    Unit(Const, Box<Leaf>),
}

/// A const leaf's name and its index among the distinct names of one macro
/// call (`Read::consts`).
#[derive(Clone)]
pub struct Const {
    pub name: String,
    pub index: usize,
}

/// Whether `name` is written in upper case, as const generic parameters and
/// `const` items are (`MR`, `N_1`, `K2`): an ASCII capital first, then
/// capitals, digits and `_`. An identifier leaf must be one: a lower-case
/// name is a run-time value, written `{k}`.
pub fn const_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// A hierarchical tuple with the span of its tokens.
#[derive(Clone)]
pub struct Tree {
    pub node: Node,
    pub span: Span,
}

#[derive(Clone)]
pub enum Node {
    Leaf(Leaf),
    Tuple(Vec<Tree>),
}

impl fmt::Display for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.node {
            Node::Leaf(Leaf::Static(v)) => write!(f, "{v}"),
            Node::Leaf(Leaf::Dyn(_, None)) => f.write_str("{..}"),
            Node::Leaf(Leaf::Dyn(_, Some(n))) => write!(f, "{{..}}{{div={n}}}"),
            Node::Leaf(Leaf::Basis(v, modes)) => {
                write!(f, "{v}")?;
                modes.iter().rev().try_for_each(|m| write!(f, "@{m}"))
            }
            Node::Leaf(l) => fmt_derived(l, f),
            Node::Tuple(items) => {
                f.write_str("(")?;
                for (i, t) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A const or derived leaf as written: `MR`, `-MR`, `4*MR*NR`.
fn fmt_derived(l: &Leaf, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match l {
        Leaf::Const(c, false) => f.write_str(&c.name),
        Leaf::Const(c, true) => write!(f, "-{}", c.name),
        Leaf::Product(k, cs) => {
            let names = cs.iter().map(|c| c.name.as_str());
            let factors: Vec<String> = match k {
                1 => names.map(String::from).collect(),
                k => std::iter::once(k.to_string())
                    .chain(names.map(String::from))
                    .collect(),
            };
            f.write_str(&factors.join("*"))
        }
        Leaf::Unit(_, prefix) => fmt_derived(prefix, f),
        Leaf::Static(v) => write!(f, "{v}"),
        Leaf::Dyn(..) | Leaf::Basis(..) => f.write_str("{..}"),
    }
}

/// The stride as written after the shape.
pub enum Stride {
    /// `shape:stride`.
    Written(Tree),
    /// `shape`, `shape:col_major`: CuTe's `LayoutLeft`.
    ColMajor,
    /// `shape:row_major`: CuTe's `LayoutRight`.
    RowMajor,
}

/// A parsed, not yet validated layout.
pub struct RawLayout {
    pub shape: Tree,
    pub stride: Stride,
}

/// One mode of a tiler: a layout, or a nested tiler written `[..]`.
pub enum Mode {
    Layout(RawLayout),
    Tiler(Vec<Mode>),
}

/// The `{..}` leaves met so far, in order, as written (braces included).
pub type DynExprs = Vec<Group>;

/// What one macro call has read so far: its `{..}` leaves, the distinct
/// names of its const leaves (the first identifier written for each), and
/// how many leaves and groups `(..)`, `[..]` (bounded by [`MAX_LEAVES`] and
/// [`MAX_GROUPS`]).
#[derive(Default)]
pub struct Read {
    pub dyns: DynExprs,
    pub consts: Vec<proc_macro::Ident>,
    leaves: usize,
    groups: usize,
}

impl Read {
    /// The const leaf named by `i`: its index among the distinct names.
    fn constant(&mut self, i: &proc_macro::Ident) -> Const {
        let name = i.to_string();
        let index = match self.consts.iter().position(|c| c.to_string() == name) {
            Some(k) => k,
            None => {
                self.consts.push(i.clone());
                self.consts.len() - 1
            }
        };
        Const { name, index }
    }

    /// Count one more leaf, at `span`: an error past [`MAX_LEAVES`].
    fn leaf(&mut self, span: Span) -> Result<()> {
        self.leaves += 1;
        match self.leaves > MAX_LEAVES {
            false => Ok(()),
            true => err(
                span,
                format!(
                    "more than {MAX_LEAVES} leaves: a layout or tiler has at most \
                     {MAX_LEAVES} leaves in all, its shapes and strides together"
                ),
            ),
        }
    }

    /// Count one more group `(..)` or `[..]`, opened at `span`: an error
    /// past [`MAX_GROUPS`].
    fn group(&mut self, span: Span) -> Result<()> {
        self.groups += 1;
        match self.groups > MAX_GROUPS {
            false => Ok(()),
            true => err(
                span,
                format!(
                    "more than {MAX_GROUPS} tuples: a layout or tiler has at most \
                     {MAX_GROUPS} tuples `(..)` and tilers `[..]` in all, its shapes and \
                     strides together"
                ),
            ),
        }
    }
}

/// An error if the tuple or tiler (a `what`) whose entries are `tokens`,
/// reported at `span`, has more than [`MAX_RANK`] entries (comma-separated,
/// a trailing comma allowed).
fn rank(what: &str, tokens: &[TokenTree], span: Span) -> Result<()> {
    let comma = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ',');
    let commas = tokens.iter().filter(|t| comma(t)).count();
    let rank = match tokens.last() {
        Some(t) if !comma(t) => commas + 1,
        _ => commas,
    };
    match rank > MAX_RANK {
        false => Ok(()),
        true => err(
            span,
            format!("{what} of rank {rank}: a tuple or tiler has at most {MAX_RANK} modes"),
        ),
    }
}

/// The tokens of `input` with each invisible group spliced in: a fragment
/// that a `macro_rules!` macro forwards (`$n:literal`, `$e:expr`) arrives
/// wrapped in a group without delimiters, and reads as its tokens.
fn spliced(input: TokenStream) -> Vec<TokenTree> {
    let mut out = Vec::new();
    let mut stack = vec![input.into_iter()];
    while let Some(tokens) = stack.last_mut() {
        match tokens.next() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::None => {
                stack.push(g.stream().into_iter())
            }
            Some(t) => out.push(t),
            None => {
                stack.pop();
            }
        }
    }
    out
}

/// Tokens being parsed.
pub struct Parser {
    tokens: Vec<TokenTree>,
    pos: usize,
}

impl Parser {
    pub fn new(input: TokenStream) -> Parser {
        Parser {
            tokens: spliced(input),
            pos: 0,
        }
    }

    pub fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    pub fn next(&mut self) -> Option<TokenTree> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// The span of the last token (for errors about a missing part).
    pub fn end_span(&self) -> Span {
        self.tokens
            .last()
            .map_or_else(Span::call_site, TokenTree::span)
    }

    /// Whether the next token is the punctuation `c`.
    pub fn is_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    /// An error unless every token was read.
    pub fn finish(&self, what: &str) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(t) => err(t.span(), format!("unexpected `{t}` after the {what}")),
        }
    }

    /// Parses `layout` at nesting level `depth`.
    pub fn layout(&mut self, depth: usize, read: &mut Read) -> Result<RawLayout> {
        let shape = self.tuple(depth, read)?;
        let stride = if self.at_end() || self.is_punct(',') {
            Stride::ColMajor
        } else if self.is_punct(':') {
            let colon = self.next().expect("peeked");
            match self.peek() {
                None => {
                    return err(
                        colon.span(),
                        "missing stride after `:` (write `shape:stride`, or only the shape for the compact column-major layout)",
                    )
                }
                Some(TokenTree::Ident(i)) if i.to_string() == "col_major" => {
                    self.next();
                    Stride::ColMajor
                }
                Some(TokenTree::Ident(i)) if i.to_string() == "row_major" => {
                    self.next();
                    Stride::RowMajor
                }
                _ => Stride::Written(self.tuple(depth, read)?),
            }
        } else {
            let t = self.next().expect("not at end");
            return err(
                t.span(),
                format!(
                    "expected `:` between the shape and the stride, found `{t}` \
                     (CuTe notation `shape:stride`, e.g. `(4,8):(1,4)`)"
                ),
            );
        };
        Ok(RawLayout { shape, stride })
    }

    /// Parses `tiler` at nesting level `depth` (1 for the macro's input, as the
    /// runtime's outer `<..>` counts one level; a tiler written `[..]` is one
    /// level deeper than its parent). `span` is where an empty tiler is
    /// reported, `open` one of too high a rank. A printed tile alone
    /// (`tile!((_4:_1,_8:_2))`) is the tiler itself, as the runtime's `(..)` is.
    pub fn tiler(
        &mut self,
        depth: usize,
        span: Span,
        open: Span,
        read: &mut Read,
    ) -> Result<Vec<Mode>> {
        if let (true, [TokenTree::Group(g)]) = (self.printed_tile_here(), &self.tokens[..]) {
            let g = g.clone();
            self.next();
            read.group(g.span_open())?;
            return Parser::new(g.stream()).tiler_modes(depth, g.span(), g.span_open(), read, true);
        }
        self.tiler_modes(depth, span, open, read, false)
    }

    /// The modes of a tiler; in a printed tile (`printed`), a bare tuple
    /// shape is applied by mode, as CuTe applies a shape used as a tiler.
    fn tiler_modes(
        &mut self,
        depth: usize,
        span: Span,
        open: Span,
        read: &mut Read,
        printed: bool,
    ) -> Result<Vec<Mode>> {
        rank("tiler", &self.tokens, open)?;
        if self.at_end() {
            return err(
                span,
                "a tiler needs at least one mode, e.g. `tile!(4:1, 8:2)` \
                 (CuTe's empty tiler `<>` tiles nothing)",
            );
        }
        let mut modes = Vec::new();
        while !self.at_end() {
            match self.peek() {
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
                    let g = g.clone();
                    self.next();
                    nest(depth, g.span_open())?;
                    read.group(g.span_open())?;
                    let inner =
                        Parser::new(g.stream()).tiler(depth + 1, g.span(), g.span_open(), read)?;
                    modes.push(Mode::Tiler(inner));
                }
                Some(TokenTree::Group(g)) if self.printed_tile_here() => {
                    let g = g.clone();
                    self.next();
                    nest(depth, g.span_open())?;
                    read.group(g.span_open())?;
                    let inner = Parser::new(g.stream()).tiler_modes(
                        depth + 1,
                        g.span(),
                        g.span_open(),
                        read,
                        true,
                    )?;
                    modes.push(Mode::Tiler(inner));
                }
                _ => match self.layout(depth, read)? {
                    RawLayout {
                        shape,
                        stride: Stride::ColMajor,
                    } if printed && matches!(&shape.node, Node::Tuple(t) if !t.is_empty()) => {
                        modes.push(by_mode(shape))
                    }
                    raw => modes.push(Mode::Layout(raw)),
                },
            }
            match self.next() {
                None => break,
                Some(TokenTree::Punct(c)) if c.as_char() == ',' => {}
                Some(t) => {
                    return err(
                        t.span(),
                        format!("expected `,` between tiler modes, found `{t}`"),
                    )
                }
            }
        }
        Ok(modes)
    }

    /// Whether the next token is a printed tile: a parenthesized group that
    /// holds a `:` (at any depth) and is not followed by `:`.
    fn printed_tile_here(&self) -> bool {
        fn has_colon(s: TokenStream) -> bool {
            s.into_iter().any(|t| match t {
                TokenTree::Punct(p) => p.as_char() == ':',
                TokenTree::Group(g) => has_colon(g.stream()),
                _ => false,
            })
        }
        let after_is_colon = matches!(
            self.tokens.get(self.pos + 1),
            Some(TokenTree::Punct(p)) if p.as_char() == ':'
        );
        match self.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                !after_is_colon && has_colon(g.stream())
            }
            _ => false,
        }
    }

    /// Parses `tuple` at nesting level `depth`.
    pub fn tuple(&mut self, depth: usize, read: &mut Read) -> Result<Tree> {
        let leaf = match self.next() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                nest(depth, g.span_open())?;
                read.group(g.span_open())?;
                let inner = Parser::new(g.stream());
                rank("tuple", &inner.tokens, g.span_open())?;
                return inner.paren_items(depth + 1, g.span(), read);
            }
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                if g.stream().is_empty() {
                    return err(
                        g.span(),
                        "empty `{}`: a dynamic leaf is `{expr}` (an `i64` expression) in `layout!`, `{_}` in `Layout!`",
                    );
                }
                let name = crate::names::binding(read.dyns.len());
                read.dyns.push(g.clone());
                let div = self.divisor()?;
                Ok(Tree {
                    node: Node::Leaf(Leaf::Dyn(name, div)),
                    span: g.span(),
                })
            }
            Some(TokenTree::Ident(i)) if i.to_string().starts_with('_') => {
                let (v, span) = self.static_int(&i)?;
                self.value_leaf(v, span)
            }
            Some(TokenTree::Ident(i)) => self.const_leaf(&i, false, read),
            Some(TokenTree::Punct(p)) if p.as_char() == '-' => match self.next() {
                Some(TokenTree::Literal(l)) => {
                    self.value_leaf(integer(&l.to_string(), true, l.span())?, l.span())
                }
                Some(TokenTree::Ident(i)) if const_name(&i.to_string()) => {
                    self.const_leaf(&i, true, read)
                }
                Some(TokenTree::Ident(i)) if i.to_string().starts_with('_') => err(
                    i.span(),
                    format!(
                        "expected an integer literal after `-`, found `{i}`: CuTe writes a \
                         negative static integer `_-3`, with the `_` first"
                    ),
                ),
                other => err(
                    other.map_or(p.span(), |t| t.span()),
                    "expected an integer literal after `-`",
                ),
            },
            Some(TokenTree::Literal(l)) => {
                self.value_leaf(integer(&l.to_string(), false, l.span())?, l.span())
            }
            Some(t) => err(
                t.span(),
                format!(
                    "expected an integer, a `{{expression}}` or a parenthesized tuple, found `{t}`"
                ),
            ),
            None => err(
                self.end_span(),
                "expected an integer, a `{expression}` or a parenthesized tuple here",
            ),
        }?;
        read.leaf(leaf.span)?;
        Ok(leaf)
    }

    /// The leaf of the identifier `i` (read; `-i` when `negative`): a const
    /// leaf if `i` is in upper case, else an error naming the two ways to
    /// write a leaf that is not a literal.
    fn const_leaf(
        &mut self,
        i: &proc_macro::Ident,
        negative: bool,
        read: &mut Read,
    ) -> Result<Tree> {
        let name = i.to_string();
        if !const_name(&name) {
            return err(
                i.span(),
                format!(
                    "`{name}` is not a leaf: an identifier leaf is a const generic parameter \
                     or `const` item, named in upper case (`MR`); a run-time value is a \
                     block, `{{{name}}}`"
                ),
            );
        }
        if self.is_punct('@') {
            return err(
                i.span(),
                format!(
                    "`{name}@..`: the scale of a scaled basis is an integer literal \
                     (`1@0`), not a const leaf"
                ),
            );
        }
        Ok(Tree {
            node: Node::Leaf(Leaf::Const(read.constant(i), negative)),
            span: i.span(),
        })
    }

    /// The fact `{div=N}` that may follow a dynamic leaf (CuTe DSL's
    /// `?{div=N}`, as `{:#}` prints it): the value is a positive multiple of
    /// `N`, checked when the layout is made.
    fn divisor(&mut self) -> Result<Option<u64>> {
        let g = match self.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => g.clone(),
            _ => return Ok(None),
        };
        self.next();
        let mut inner = Parser::new(g.stream());
        let expected = "expected `{div=N}` after a dynamic leaf: a positive integer `N` that the value is a multiple of";
        match (inner.next(), inner.next(), inner.next(), inner.next()) {
            (
                Some(TokenTree::Ident(d)),
                Some(TokenTree::Punct(eq)),
                Some(TokenTree::Literal(l)),
                None,
            ) if d.to_string() == "div" && eq.as_char() == '=' => {
                match integer(&l.to_string(), false, l.span())? {
                    n if n > 0 => Ok(Some(n as u64)),
                    n => err(
                        l.span(),
                        format!("divisor `{n}` is not positive: `{{div=N}}` needs N ≥ 1"),
                    ),
                }
            }
            _ => err(g.span(), expected),
        }
    }

    /// The leaf of the value `v` (read, at `span`): an integer, or a scaled
    /// basis if `@` indices follow (`1@0@1` is `1·E<1,0>`).
    fn value_leaf(&mut self, v: i64, span: Span) -> Result<Tree> {
        let mut modes = Vec::new();
        while self.is_punct('@') {
            let at = self.next().expect("peeked");
            let index =
                match self.next() {
                    Some(TokenTree::Literal(l)) => match l.to_string().parse::<u8>() {
                        Ok(m) => (m, l.span()),
                        Err(_) => {
                            return err(
                                l.span(),
                                format!(
                                    "basis index `{l}` is not an integer below 256 \
                                 (a scaled basis is `v@i`, e.g. `1@0`)"
                                ),
                            )
                        }
                    },
                    other => return err(
                        other.map_or(at.span(), |t| t.span()),
                        "expected a basis index after `@` (a scaled basis is `v@i`, e.g. `1@0`)",
                    ),
                };
            if modes.len() == MAX_BASIS_DEPTH {
                return err(
                    index.1,
                    format!("a scaled basis has at most {MAX_BASIS_DEPTH} indices"),
                );
            }
            modes.push(index.0);
        }
        if modes.is_empty() {
            return Ok(Tree {
                node: Node::Leaf(Leaf::Static(v)),
                span,
            });
        }
        // Written innermost first; kept outermost first.
        modes.reverse();
        Ok(Tree {
            node: Node::Leaf(Leaf::Basis(v, modes)),
            span,
        })
    }

    /// The items of a parenthesized tuple (the group's tokens are `self`).
    fn paren_items(mut self, depth: usize, span: Span, read: &mut Read) -> Result<Tree> {
        let mut items = Vec::new();
        while !self.at_end() {
            items.push(self.tuple(depth, read)?);
            match self.next() {
                None => break,
                Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
                Some(t) => {
                    return err(
                        t.span(),
                        format!("expected `,` or the end of the tuple, found `{t}`"),
                    )
                }
            }
        }
        Ok(Tree {
            node: Node::Tuple(items),
            span,
        })
    }

    /// CuTe's printed static integer starting at the identifier `i` (read):
    /// `_4` is 4; `_` followed by `-` and a literal is negative (`_-3`).
    fn static_int(&mut self, i: &proc_macro::Ident) -> Result<(i64, Span)> {
        let text = i.to_string();
        let digits = &text[1..];
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok((integer(digits, false, i.span())?, i.span()));
        }
        if digits.is_empty() && self.is_punct('-') {
            self.next();
            if let Some(TokenTree::Literal(l)) = self.peek().cloned() {
                self.next();
                return Ok((integer(&l.to_string(), true, l.span())?, l.span()));
            }
        }
        err(
            i.span(),
            format!(
                "expected an integer, found `{text}`: CuTe's static integers are written \
                 `_N` or `_-N` (e.g. `_4`, `_-3`)"
            ),
        )
    }

    /// Parses `integer` (the whole input of `int!` / `Int!`).
    pub fn integer(&mut self) -> Result<i64> {
        let negative = self.is_punct('-');
        if negative {
            self.next();
        }
        let v = match self.next() {
            Some(TokenTree::Literal(l)) => integer(&l.to_string(), negative, l.span())?,
            Some(TokenTree::Ident(i)) if !negative && i.to_string().starts_with('_') => {
                self.static_int(&i)?.0
            }
            Some(t) => {
                return err(
                    t.span(),
                    format!(
                        "expected one integer literal (e.g. `1536` or `-3`), found `{t}`; \
                         a value known only at run time is a `Dyn`"
                    ),
                )
            }
            None => {
                return err(
                    self.end_span(),
                    "expected one integer literal, e.g. `1536` or `-3`",
                )
            }
        };
        self.finish("integer")?;
        Ok(v)
    }
}

/// A bare tuple shape in a printed tile, by mode: `(2,(3,4))` is
/// `[2, [3, 4]]`, each extent its compact layout.
fn by_mode(shape: Tree) -> Mode {
    match shape.node {
        Node::Tuple(items) if !items.is_empty() => {
            Mode::Tiler(items.into_iter().map(by_mode).collect())
        }
        _ => Mode::Layout(RawLayout {
            shape,
            stride: Stride::ColMajor,
        }),
    }
}

/// An error if a group at nesting level `depth` would be one level too deep.
fn nest(depth: usize, span: Span) -> Result<()> {
    match depth < MAX_NESTING {
        true => Ok(()),
        false => err(
            span,
            format!(
                "nesting deeper than {MAX_NESTING} levels: a layout or tiler nests at most \
                 {MAX_NESTING} levels of parentheses and brackets"
            ),
        ),
    }
}
