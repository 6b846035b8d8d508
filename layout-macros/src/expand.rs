//! Validation and expansion of parsed layouts into `layout_algebra::typelevel` types.

use crate::parse::{err, DynExprs, Leaf, Node, Parser, Result, Tree};
use proc_macro::{Delimiter, Group, Punct, Spacing, Span, TokenStream, TokenTree};
use std::str::FromStr;

const TL: &str = "::layout_algebra::typelevel";

/// A validated layout: congruent shape and stride trees plus the dynamic
/// expressions they refer to.
pub struct Spec {
    pub shape: Tree,
    pub stride: Tree,
}

/// Which compact stride to derive when none is written.
enum Compact {
    ColMajor,
    RowMajor,
}

/// Parses `shape[:stride]` (or `shape:col_major` / `shape:row_major`); the
/// `Err` of the inner result is a validation error of well-formed tokens
/// (the parsed spec is still returned, for a best-effort type).
pub fn layout_spec(p: &mut Parser, dyns: &mut DynExprs) -> Result<(Spec, Result<()>)> {
    let shape = p.tuple(dyns)?;
    let mut written = false;
    let stride = if p.at_end() || p.is_punct(',') {
        compact(&shape, Compact::ColMajor)
    } else if p.is_punct(':') {
        let colon = p.next().expect("peeked");
        match p.peek() {
            None => {
                return err(
                    colon.span(),
                    "missing stride after `:` (write `shape:stride`, or only the shape for the compact column-major layout)",
                )
            }
            Some(TokenTree::Ident(i)) if i.to_string() == "col_major" => {
                p.next();
                compact(&shape, Compact::ColMajor)
            }
            Some(TokenTree::Ident(i)) if i.to_string() == "row_major" => {
                p.next();
                compact(&shape, Compact::RowMajor)
            }
            _ => {
                written = true;
                p.tuple(dyns)?
            }
        }
    } else {
        let t = p.next().expect("not at end");
        return err(
            t.span(),
            format!(
                "expected `:` between the shape and the stride, found `{t}` \
                 (CuTe notation `shape:stride`, e.g. `(4,8):(1,4)`)"
            ),
        );
    };
    let valid = check_shape(&shape)
        .and_then(|()| match written {
            true => congruent(&shape, &stride),
            false => Ok(()),
        })
        .and_then(|()| check_extent(&shape, &stride));
    Ok((Spec { shape, stride }, valid))
}

/// Parses and validates a layout.
pub fn valid_layout_spec(p: &mut Parser, dyns: &mut DynExprs) -> Result<Spec> {
    let (spec, valid) = layout_spec(p, dyns)?;
    valid.map(|()| spec)
}

/// Every static extent is positive.
fn check_shape(t: &Tree) -> Result<()> {
    match &t.node {
        Node::Leaf(Leaf::Static(v)) if *v <= 0 => err(
            t.span,
            format!(
                "shape extent `{v}` is not positive: every extent of a shape must be at least 1"
            ),
        ),
        Node::Leaf(_) => Ok(()),
        Node::Tuple(items) => items.iter().try_for_each(check_shape),
    }
}

/// Shape and stride have the same tree structure.
fn congruent(shape: &Tree, stride: &Tree) -> Result<()> {
    match (&shape.node, &stride.node) {
        (Node::Leaf(_), Node::Leaf(_)) => Ok(()),
        (Node::Tuple(a), Node::Tuple(b)) if a.len() == b.len() => {
            a.iter().zip(b).try_for_each(|(s, d)| congruent(s, d))
        }
        _ => err(
            stride.span,
            format!(
                "stride `{stride}` is not congruent with shape `{shape}`: \
                 a stride must have the same tree structure as its shape ({} vs {})",
                describe(stride),
                describe(shape)
            ),
        ),
    }
}

fn describe(t: &Tree) -> String {
    match &t.node {
        Node::Leaf(_) => "an integer".into(),
        Node::Tuple(items) => format!("a rank-{} tuple", items.len()),
    }
}

/// The static parts of size and cosize fit `i64` (dynamic parts are checked
/// by `Layout::try_new` at run time).
fn check_extent(shape: &Tree, stride: &Tree) -> Result<()> {
    let mut size = Some(1i64);
    let mut span = Some(0i64);
    for (s, d) in leaves(shape).into_iter().zip(leaves(stride)) {
        if let Leaf::Static(s) = s {
            size = size.and_then(|z| z.checked_mul(s));
            if let Leaf::Static(d) = d {
                span = span
                    .and_then(|v| v.checked_add((s - 1).checked_mul(d.checked_abs()?)?))
                    .filter(|v| *v < i64::MAX);
            }
        }
    }
    match (size, span) {
        (Some(_), Some(_)) => Ok(()),
        (None, _) => err(
            shape.span,
            format!("the size of shape `{shape}` overflows i64"),
        ),
        _ => err(
            stride.span,
            format!("the cosize of layout `{shape}:{stride}` overflows i64"),
        ),
    }
}

fn leaves(t: &Tree) -> Vec<Leaf> {
    match &t.node {
        Node::Leaf(l) => vec![l.clone()],
        Node::Tuple(items) => items.iter().flat_map(leaves).collect(),
    }
}

/// The compact stride of `shape` (CuTe `LayoutLeft`/`LayoutRight`): prefix
/// products of the extents in leaf order (reversed for row-major). A dynamic
/// product saturates: a saturated stride means the size overflows, which
/// `Layout::try_new` rejects.
fn compact(shape: &Tree, order: Compact) -> Tree {
    let mut ls = leaves(shape);
    if let Compact::RowMajor = order {
        ls.reverse();
    }
    let mut acc = Leaf::Static(1);
    let mut strides = Vec::with_capacity(ls.len());
    for l in ls {
        strides.push(acc.clone());
        acc = match (acc, l) {
            (Leaf::Static(a), Leaf::Static(b)) => Leaf::Static(a.saturating_mul(b)),
            (Leaf::Static(a), Leaf::Dyn(e)) | (Leaf::Dyn(e), Leaf::Static(a)) => {
                Leaf::Dyn(format!("({e}).saturating_mul({a})"))
            }
            (Leaf::Dyn(a), Leaf::Dyn(b)) => Leaf::Dyn(format!("({a}).saturating_mul({b})")),
        };
    }
    if let Compact::RowMajor = order {
        strides.reverse();
    }
    let mut it = strides.into_iter();
    rebuild(shape, &mut it)
}

fn rebuild(shape: &Tree, leaves: &mut impl Iterator<Item = Leaf>) -> Tree {
    let node = match &shape.node {
        Node::Leaf(_) => Node::Leaf(leaves.next().expect("one stride per leaf")),
        Node::Tuple(items) => Node::Tuple(items.iter().map(|t| rebuild(t, leaves)).collect()),
    };
    Tree {
        node,
        span: shape.span,
    }
}

// ---------------------------------------------------------------------------
// Emission (Rust source text; user expressions are spliced as tokens).
// ---------------------------------------------------------------------------

/// The typenum type of an integer: `Z0`, `PInt<UInt<…>>` or `NInt<UInt<…>>`,
/// binary digits spelled out (most significant bit innermost).
pub fn int_type(v: i64) -> String {
    if v == 0 {
        return format!("{TL}::typenum::Z0");
    }
    let mut u = format!("{TL}::typenum::UTerm");
    let m = v.unsigned_abs();
    for bit in (0..64 - m.leading_zeros()).rev() {
        let b = if (m >> bit) & 1 == 1 { "B1" } else { "B0" };
        u = format!("{TL}::typenum::UInt<{u}, {TL}::typenum::{b}>");
    }
    let sign = if v > 0 { "PInt" } else { "NInt" };
    format!("{TL}::typenum::{sign}<{u}>")
}

pub fn tree_type(t: &Tree) -> String {
    match &t.node {
        Node::Leaf(Leaf::Static(v)) => int_type(*v),
        Node::Leaf(Leaf::Dyn(_)) => format!("{TL}::Dyn"),
        Node::Tuple(items) => items.iter().rev().fold(format!("{TL}::HNil"), |acc, i| {
            format!("{TL}::HCons<{}, {acc}>", tree_type(i))
        }),
    }
}

fn tree_value(t: &Tree) -> String {
    match &t.node {
        Node::Leaf(Leaf::Static(v)) => {
            format!("<{} as {TL}::StaticInt>::VALUE", int_type(*v))
        }
        Node::Leaf(Leaf::Dyn(e)) => format!("{TL}::Dyn({e})"),
        Node::Tuple(items) => items.iter().rev().fold(format!("{TL}::HNil"), |acc, i| {
            format!("{TL}::HCons {{ head: {}, tail: {acc} }}", tree_value(i))
        }),
    }
}

pub fn layout_type(s: &Spec) -> String {
    format!(
        "{TL}::Layout<{}, {}>",
        tree_type(&s.shape),
        tree_type(&s.stride)
    )
}

/// The value of a layout: `Layout::VALUE` when static, else a block binding
/// the dynamic expressions and calling `Layout::try_new` (a `Result`).
pub fn layout_value(s: &Spec, dynamic: bool) -> String {
    if dynamic {
        format!(
            "<{}>::try_new({}, {})",
            layout_type(s),
            tree_value(&s.shape),
            tree_value(&s.stride)
        )
    } else {
        format!("<{}>::VALUE", layout_type(s))
    }
}

/// `{ let __la_d0: i64 = (e0); …; body }` with the user's tokens spliced in.
pub fn bind_dyns(dyns: DynExprs, body: &str) -> TokenStream {
    let mut out = TokenStream::new();
    for (k, e) in dyns.into_iter().enumerate() {
        out.extend(src(&format!("let __la_d{k}: i64 = ")));
        out.extend([TokenTree::Group(Group::new(Delimiter::Parenthesis, e))]);
        out.extend([TokenTree::Punct(Punct::new(';', Spacing::Alone))]);
    }
    out.extend(src(body));
    TokenStream::from(TokenTree::Group(Group::new(Delimiter::Brace, out)))
}

pub fn src(s: &str) -> TokenStream {
    TokenStream::from_str(s).expect("generated code parses")
}

/// A type that is `ty` and carries a compile error (for type positions, where
/// a macro must expand to one type): `<ty as Identity<{ compile_error!{..}; 0 }>>::Out`.
pub fn type_with_error(ty: &str, span: Span, message: &str) -> TokenStream {
    let mut block = compile_error(span, message);
    block.extend(src("; 0"));
    let mut out = src(&format!("<{ty} as {TL}::__private::Identity<"));
    out.extend([TokenTree::Group(Group::new(Delimiter::Brace, block))]);
    out.extend(src(">>::Out"));
    out
}

/// `::core::compile_error!{"message"}` at `span`.
pub fn compile_error(span: Span, message: &str) -> TokenStream {
    let mut out: TokenStream = src("::core::compile_error!")
        .into_iter()
        .map(|mut t| {
            t.set_span(span);
            t
        })
        .collect();
    let mut lit = proc_macro::Literal::string(message);
    lit.set_span(span);
    let mut g = Group::new(Delimiter::Brace, TokenStream::from(TokenTree::Literal(lit)));
    g.set_span(span);
    out.extend([TokenTree::Group(g)]);
    out
}
