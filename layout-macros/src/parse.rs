//! A hand-written parser for CuTe layout notation over `proc_macro` tokens.
//!
//! ```text
//! layout := tuple [ ':' ( tuple | 'col_major' | 'row_major' ) ]
//! tuple  := leaf | '(' [ tuple { ',' tuple } [','] ] ')'
//! leaf   := ['-'] INTEGER | '{' rust-expression '}'
//! ```

use proc_macro::{Delimiter, Group, Span, TokenStream, TokenTree};
use std::fmt;

/// A compile error at a span.
pub struct Error {
    pub span: Span,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, Error>;

pub fn err<T>(span: Span, message: impl Into<String>) -> Result<T> {
    Err(Error {
        span,
        message: message.into(),
    })
}

/// A leaf value: a literal, or a Rust expression of type `i64` (Rust source).
#[derive(Clone)]
pub enum Leaf {
    Static(i64),
    Dyn(String),
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
            Node::Leaf(Leaf::Dyn(_)) => f.write_str("{..}"),
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

/// Tokens being parsed.
pub struct Parser {
    tokens: Vec<TokenTree>,
    pos: usize,
}

/// The dynamic expressions met so far; the `k`-th is bound to `__la_d{k}`.
pub type DynExprs = Vec<TokenStream>;

impl Parser {
    pub fn new(input: TokenStream) -> Parser {
        Parser {
            tokens: input.into_iter().collect(),
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

    /// The span of the whole input (for errors about a missing part).
    pub fn end_span(&self) -> Span {
        self.tokens
            .last()
            .map_or_else(Span::call_site, TokenTree::span)
    }

    /// Whether the next token is the punctuation `c`.
    pub fn is_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    /// Parses `tuple`.
    pub fn tuple(&mut self, dyns: &mut DynExprs) -> Result<Tree> {
        match self.next() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                self.paren_tuple(&g, dyns)
            }
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                let k = dyns.len();
                dyns.push(g.stream());
                Ok(Tree {
                    node: Node::Leaf(Leaf::Dyn(format!("__la_d{k}"))),
                    span: g.span(),
                })
            }
            Some(TokenTree::Punct(p)) if p.as_char() == '-' => match self.next() {
                Some(TokenTree::Literal(l)) => {
                    let span = l.span();
                    let v = literal(&l.to_string(), l.span())?;
                    Ok(Tree {
                        node: Node::Leaf(Leaf::Static(-v)),
                        span,
                    })
                }
                other => err(
                    other.map_or(p.span(), |t| t.span()),
                    "expected an integer literal after `-`",
                ),
            },
            Some(TokenTree::Literal(l)) => Ok(Tree {
                node: Node::Leaf(Leaf::Static(literal(&l.to_string(), l.span())?)),
                span: l.span(),
            }),
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
        }
    }

    fn paren_tuple(&mut self, g: &Group, dyns: &mut DynExprs) -> Result<Tree> {
        let mut inner = Parser::new(g.stream());
        let mut items = Vec::new();
        while !inner.at_end() {
            items.push(inner.tuple(dyns)?);
            match inner.next() {
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
            span: g.span(),
        })
    }
}

/// An integer literal (decimal, or `0x`/`0o`/`0b`; `_` separators; an
/// optional integer suffix) whose magnitude fits `i64`.
pub fn literal(text: &str, span: Span) -> Result<i64> {
    let t: String = text.chars().filter(|c| *c != '_').collect();
    let t = ["i64", "i32", "isize", "u64", "u32", "usize"]
        .iter()
        .find_map(|s| t.strip_suffix(s))
        .unwrap_or(&t);
    let (digits, radix) = match t.get(..2) {
        Some("0x") => (&t[2..], 16),
        Some("0o") => (&t[2..], 8),
        Some("0b") => (&t[2..], 2),
        _ => (t, 10),
    };
    match u128::from_str_radix(digits, radix) {
        Ok(v) if v <= i64::MAX as u128 => Ok(v as i64),
        Ok(_) => err(span, format!("integer `{text}` does not fit in i64")),
        Err(_) => err(span, format!("expected an integer literal, found `{text}`")),
    }
}
