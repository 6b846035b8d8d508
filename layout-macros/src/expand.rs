//! Expansion of validated layouts into `layout_algebra::typelevel` types and
//! values (Rust source text; the user's `{..}` leaves are spliced as tokens).
//!
//! Every library item the expansion names is spelled in `names::path` alone.

use crate::names::{binding, build_param, path, Item};
use crate::parse::{Const, DynExprs, Leaf, Node, Tree};
use crate::validate::{Spec, TileMode};
use proc_macro::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use std::str::FromStr;

/// Where an expansion's types are written, which decides how a const leaf
/// `N` is named: in the caller's scope, as typenum's `U<{ N }>` (the name
/// resolved where the macro was called, a const generic parameter or a
/// `const` item), or inside the function of the dynamic leaves ([`bind`]),
/// which cannot see the caller's names: there `N`'s unsigned type is the
/// function's type parameter `__LaU{k}` and every bound its body needs is
/// collected, to be its `where` clause (proved where it is called).
#[derive(Default)]
pub struct Ctx {
    build: bool,
    bounds: Vec<String>,
}

impl Ctx {
    /// The context of the function of the dynamic leaves.
    fn build() -> Ctx {
        Ctx {
            build: true,
            bounds: Vec::new(),
        }
    }

    /// The unsigned type of const leaf `c`.
    fn uint(&self, c: &Const) -> String {
        match self.build {
            true => build_param(c.index),
            false => format!("{}<{{ {} }}>", path(Item::U), const_placeholder(c.index)),
        }
    }

    /// Records the bound `ty: bound` if `ty` names a const leaf inside the
    /// function of the dynamic leaves (elsewhere the types are concrete, or
    /// the caller's bounds prove them).
    fn need(&mut self, ty: &str, bound: &str) {
        let b = format!("{ty}: {bound}");
        if self.build && ty.contains("__LaU") && !self.bounds.contains(&b) {
            self.bounds.push(b);
        }
    }
}

/// The identifier the expansion writes for the `k`-th distinct const leaf,
/// replaced by the caller's identifier (its span kept) by [`respan`].
fn const_placeholder(k: usize) -> String {
    format!("__la_const{k}")
}

/// `tokens` with each const placeholder replaced by the caller's identifier,
/// so that the name resolves where it was written and an error (no such
/// constant, not a `usize`) points at it.
pub fn respan(tokens: TokenStream, consts: &[Ident]) -> TokenStream {
    tokens
        .into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) => {
                let text = i.to_string();
                match text
                    .strip_prefix("__la_const")
                    .and_then(|k| k.parse::<usize>().ok())
                    .and_then(|k| consts.get(k))
                {
                    Some(c) => TokenTree::Ident(c.clone()),
                    None => TokenTree::Ident(i),
                }
            }
            TokenTree::Group(g) => {
                let mut out = Group::new(g.delimiter(), respan(g.stream(), consts));
                out.set_span(g.span());
                TokenTree::Group(out)
            }
            t => t,
        })
        .collect()
}

/// The typenum type of an integer: `Z0`, `PInt<UInt<…>>` or `NInt<UInt<…>>`,
/// binary digits spelled out (most significant bit innermost).
pub fn int_type(v: i64) -> String {
    if v == 0 {
        return path(Item::Z0).into();
    }
    let sign = path(if v > 0 { Item::PInt } else { Item::NInt });
    format!("{sign}<{}>", uint_type(v.unsigned_abs()))
}

/// The typenum unsigned type of `m`: `UTerm` or `UInt<…>`.
fn uint_type(m: u64) -> String {
    let mut u = path(Item::UTerm).to_string();
    for bit in (0..64 - m.leading_zeros()).rev() {
        let b = path(if (m >> bit) & 1 == 1 {
            Item::B1
        } else {
            Item::B0
        });
        u = format!("{}<{u}, {b}>", path(Item::UInt));
    }
    u
}

/// The static integer `v` as a value.
pub fn int_value(v: i64) -> String {
    if (0..=64).contains(&v) || (v > 0 && v <= 65536 && v.count_ones() == 1) {
        // The library's named constant `_v`: nothing left to prove where it
        // is used (`StaticInt::VALUE` proves the integer's bounds there).
        return format!("{}::_{v}", path(Item::Consts));
    }
    format!("<{} as {}>::VALUE", int_type(v), path(Item::StaticInt))
}

/// The typenum unsigned type of a basis index: `UTerm` for 0, else `UInt<…>`.
fn index_type(m: u8) -> String {
    let mut u = path(Item::UTerm).to_string();
    for bit in (0..8 - m.leading_zeros()).rev() {
        let b = path(if (m >> bit) & 1 == 1 {
            Item::B1
        } else {
            Item::B0
        });
        u = format!("{}<{u}, {b}>", path(Item::UInt));
    }
    u
}

/// The type of the scaled basis `v·E<modes…>` (modes outermost first).
fn basis_type(v: i64, modes: &[u8]) -> String {
    format!(
        "{}<{}, {}>",
        path(Item::ScaledBasis),
        int_type(v),
        hlist_type(modes.iter().map(|&m| index_type(m)))
    )
}

fn tree_type(t: &Tree, cx: &mut Ctx) -> String {
    match &t.node {
        Node::Leaf(l) => leaf_type(l, cx),
        Node::Tuple(items) => {
            let items: Vec<String> = items.iter().map(|i| tree_type(i, cx)).collect();
            hlist_type(items.into_iter())
        }
    }
}

fn leaf_type(l: &Leaf, cx: &mut Ctx) -> String {
    match l {
        Leaf::Static(v) => int_type(*v),
        Leaf::Basis(v, modes) => basis_type(*v, modes),
        Leaf::Dyn(_, None) => path(Item::Dyn).into(),
        Leaf::Dyn(_, Some(n)) => format!("{}<{}>", path(Item::DivBy), uint_type(*n)),
        Leaf::Const(c, negative) => {
            let sign = path(if *negative { Item::NInt } else { Item::PInt });
            format!("{sign}<{}>", cx.uint(c))
        }
        // `c·N₁·N₂…` as the library's products, left to right.
        Leaf::Product(k, cs) => {
            let pint = |c: &Const, cx: &Ctx| format!("{}<{}>", path(Item::PInt), cx.uint(c));
            let (mut acc, rest) = match k {
                1 => (pint(&cs[0], cx), &cs[1..]),
                k => (int_type(*k), &cs[..]),
            };
            for c in rest {
                let b = pint(c, cx);
                cx.need(&acc, &format!("{}<{b}>", path(Item::IntMul)));
                acc = format!("<{acc} as {}<{b}>>::Output", path(Item::IntMul));
            }
            acc
        }
        Leaf::Unit(c, prefix) => {
            let p = leaf_type(prefix, cx);
            let trait_ = format!("{}<{p}>", path(Item::ExtentStride));
            cx.need(&cx.uint(c), &trait_);
            format!("<{} as {trait_}>::Out", cx.uint(c))
        }
    }
}

/// The value of a dynamic leaf.
fn leaf_value_dyn(l: &Leaf) -> String {
    match l {
        Leaf::Dyn(e, _) => format!("{}({e})", path(Item::Dyn)),
        _ => unreachable!("a dynamic leaf"),
    }
}

fn tree_value(t: &Tree, cx: &mut Ctx) -> String {
    match &t.node {
        Node::Leaf(Leaf::Static(v)) => int_value(*v),
        Node::Leaf(Leaf::Basis(v, modes)) => format!("{}::new()", basis_type(*v, modes)),
        Node::Leaf(Leaf::Dyn(e, None)) => format!("{}({e})", path(Item::Dyn)),
        // Checked when the layout is made: `Divisibility` if `e mod N ≠ 0`.
        Node::Leaf(Leaf::Dyn(e, Some(n))) => {
            format!("{}::<{}>::new({e})?", path(Item::DivBy), uint_type(*n))
        }
        // The stride of a const extent after a dynamic one: the prefix
        // product, or 0 if the extent is 1, made by `ExtentStride` (a type
        // whose value is not in the type).
        Node::Leaf(Leaf::Unit(c, prefix)) if matches!(**prefix, Leaf::Dyn(..)) => {
            let trait_ = format!("{}<{}>", path(Item::ExtentStride), path(Item::Dyn));
            cx.need(&cx.uint(c), &trait_);
            format!(
                "<{} as {trait_}>::unit_stride({})",
                cx.uint(c),
                leaf_value_dyn(prefix)
            )
        }
        Node::Leaf(l) => {
            let ty = leaf_type(l, cx);
            cx.need(&ty, path(Item::StaticInt));
            format!("<{ty} as {}>::VALUE", path(Item::StaticInt))
        }
        Node::Tuple(items) => {
            let items: Vec<String> = items.iter().map(|i| tree_value(i, cx)).collect();
            hlist_value(items.into_iter())
        }
    }
}

fn hlist_type(items: impl DoubleEndedIterator<Item = String>) -> String {
    items.rev().fold(path(Item::HNil).into(), |acc, i| {
        format!("{}<{i}, {acc}>", path(Item::HCons))
    })
}

fn hlist_value(items: impl DoubleEndedIterator<Item = String>) -> String {
    items.rev().fold(path(Item::HNil).into(), |acc, i| {
        format!("{} {{ head: {i}, tail: {acc} }}", path(Item::HCons))
    })
}

/// The type of a layout written in the caller's scope (`Layout!`).
pub fn layout_type(s: &Spec) -> String {
    spec_type(s, &mut Ctx::default())
}

fn spec_type(s: &Spec, cx: &mut Ctx) -> String {
    format!(
        "{}<{}, {}>",
        path(Item::Layout),
        tree_type(&s.shape, cx),
        tree_type(&s.stride, cx)
    )
}

/// The value of a layout: the constant `Make::VALUE` when static, else,
/// with the dynamic leaves bound ([`bind`]), a call of `Layout::try_new`.
/// `consts` are the caller's const leaves, by index.
pub fn layout_value(s: &Spec, dyns: DynExprs, consts: &[Ident]) -> TokenStream {
    if dyns.is_empty() {
        return respan(src(&static_layout_value(s, &mut Ctx::default())), consts);
    }
    let mut cx = Ctx::build();
    let ty = format!(
        "{}<{}, {}>",
        path(Item::Result),
        spec_type(s, &mut cx),
        path(Item::LayoutError)
    );
    let body = try_new(s, &mut cx);
    bind(dyns, consts, &ty, &body, cx)
}

/// `Layout::try_new(shape, stride)` of a layout with a dynamic leaf.
fn try_new(s: &Spec, cx: &mut Ctx) -> String {
    let (shape, stride) = (tree_type(&s.shape, cx), tree_type(&s.stride, cx));
    cx.need(
        &shape,
        &format!(
            "{} + {}<{stride}>",
            path(Item::Shape),
            path(Item::Congruent)
        ),
    );
    format!(
        "<{}>::try_new({}, {})",
        spec_type(s, cx),
        tree_value(&s.shape, cx),
        tree_value(&s.stride, cx)
    )
}

/// The value of a static layout.
fn static_layout_value(s: &Spec, cx: &mut Ctx) -> String {
    let ty = spec_type(s, cx);
    cx.need(&ty, path(Item::Make));
    format!("<{ty} as {}>::VALUE", path(Item::Make))
}

/// The value of a tiler: `Tile(HCons { .. })` of its modes' values; with
/// `{..}` leaves (run-time tile sizes), bound as `layout!` binds them, a
/// `Result<Tile<..>, LayoutError>` whose dynamic modes `Layout::try_new` checks.
pub fn tiler_value(modes: &[TileMode], dyns: DynExprs, consts: &[Ident]) -> TokenStream {
    if dyns.is_empty() {
        return respan(src(&tiler_items(modes, &mut Ctx::default())), consts);
    }
    let mut cx = Ctx::build();
    let ty = format!(
        "{}<{}, {}>",
        path(Item::Result),
        tiler_type(modes, &mut cx),
        path(Item::LayoutError)
    );
    let body = format!(
        "::core::result::Result::Ok({})",
        tiler_items(modes, &mut cx)
    );
    bind(dyns, consts, &ty, &body, cx)
}

/// `Tile(HCons { .. })`: a static mode's constant, a dynamic mode's checked
/// `try_new(..)?`.
fn tiler_items(modes: &[TileMode], cx: &mut Ctx) -> String {
    let items: Vec<String> = modes
        .iter()
        .map(|m| match m {
            TileMode::Layout(spec) if dynamic(spec) => format!("{}?", try_new(spec, cx)),
            TileMode::Layout(spec) => static_layout_value(spec, cx),
            TileMode::Int(n) => int_value(*n),
            TileMode::Const(c) => tree_value(
                &Tree {
                    node: Node::Leaf(Leaf::Const(c.clone(), false)),
                    span: Span::call_site(),
                },
                cx,
            ),
            TileMode::Tiler(inner) => tiler_items(inner, cx),
        })
        .collect();
    format!("{}({})", path(Item::Tile), hlist_value(items.into_iter()))
}

/// The type of a tiler.
fn tiler_type(modes: &[TileMode], cx: &mut Ctx) -> String {
    let items: Vec<String> = modes
        .iter()
        .map(|m| match m {
            TileMode::Layout(spec) => spec_type(spec, cx),
            TileMode::Int(n) => int_type(*n),
            TileMode::Const(c) => leaf_type(&Leaf::Const(c.clone(), false), cx),
            TileMode::Tiler(inner) => tiler_type(inner, cx),
        })
        .collect();
    format!("{}<{}>", path(Item::Tile), hlist_type(items.into_iter()))
}

/// Whether a layout has a `{..}` leaf.
fn dynamic(s: &Spec) -> bool {
    fn any(t: &Tree) -> bool {
        match &t.node {
            Node::Leaf(l) => matches!(l, Leaf::Dyn(..)),
            Node::Tuple(items) => items.iter().any(any),
        }
    }
    any(&s.shape) || any(&s.stride)
}

/// `body` (of type `ty`) as a function of the `{..}` leaves, called on them:
///
/// ```text
/// ({ mod __la_dynamic {
///        pub(super) fn build((__la_dyn0, …): (i64, …)) -> ty { body }
///    }
///    __la_dynamic::build })(({e0}, …))
/// ```
///
/// Hygiene: the caller's blocks are evaluated outside the function and its
/// module, so they see only the caller's names; `body` and the names
/// [`binding`] gives are inside a module, which sees none of the caller's
/// names (not even constants, which a `let` or closure parameter of the same
/// name would hit). Each block keeps its span, so a type error (`{n}` with
/// `n: usize`) points into it; a block may hold statements (`{let x = 3; x}`).
///
/// With const leaves (`consts`, named by the caller), which the module cannot
/// see either, the function is generic: one type parameter `__LaU{k}` per
/// const, its unsigned type, passed from the caller's scope
/// (`build::<U<{ MR }>, …>`), and the bounds its body needs (`cx`) as its
/// `where` clause, proved where the macro was called.
fn bind(dyns: DynExprs, consts: &[Ident], ty: &str, body: &str, cx: Ctx) -> TokenStream {
    let names: String = (0..dyns.len()).map(|k| binding(k) + ",").collect();
    let types = format!("{},", path(Item::I64)).repeat(dyns.len());
    let (generics, turbofish, bounds) = match consts.len() {
        0 => (String::new(), String::new(), String::new()),
        n => {
            let params: Vec<String> = (0..n)
                .map(|k| {
                    format!(
                        "{}: {} + {}",
                        build_param(k),
                        path(Item::Unsigned),
                        path(Item::NonZero)
                    )
                })
                .collect();
            let args: Vec<String> = (0..n)
                .map(|k| format!("{}<{{ {} }}>", path(Item::U), const_placeholder(k)))
                .collect();
            (
                format!("<{}>", params.join(", ")),
                format!("::<{}>", args.join(", ")),
                match cx.bounds.is_empty() {
                    true => String::new(),
                    false => format!("where {}", cx.bounds.join(", ")),
                },
            )
        }
    };
    let callee = respan(
        src(&format!(
            "mod __la_dynamic {{ pub(super) fn build{generics}(({names}): ({types})) -> {ty} \
             {bounds} {{ {body} }} }} __la_dynamic::build{turbofish}"
        )),
        consts,
    );
    let mut values = TokenStream::new();
    for g in dyns {
        values.extend([
            TokenTree::Group(g),
            TokenTree::Punct(Punct::new(',', Spacing::Alone)),
        ]);
    }
    let args = TokenStream::from(TokenTree::Group(Group::new(Delimiter::Parenthesis, values)));
    TokenStream::from_iter([
        TokenTree::Group(Group::new(
            Delimiter::Parenthesis,
            TokenStream::from(TokenTree::Group(Group::new(Delimiter::Brace, callee))),
        )),
        TokenTree::Group(Group::new(Delimiter::Parenthesis, args)),
    ])
}

pub fn src(s: &str) -> TokenStream {
    TokenStream::from_str(s).expect("generated code parses")
}

/// A type that is `ty` and carries a compile error (for type positions, where
/// a macro must expand to one type): `<ty as Identity<{ compile_error!{..}; 0 }>>::Out`.
pub fn type_with_error(ty: &str, span: Span, message: &str) -> TokenStream {
    let mut block = compile_error(span, message);
    block.extend(src("; 0"));
    let mut out = src(&format!("<{ty} as {}<", path(Item::Identity)));
    out.extend([TokenTree::Group(Group::new(Delimiter::Brace, block))]);
    out.extend(src(">>::Out"));
    out
}

/// `::core::compile_error!{"message"}` at `span`.
pub fn compile_error(span: Span, message: &str) -> TokenStream {
    let mut out: TokenStream = src(path(Item::CompileError))
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

/// An expression of any type that adds no error or warning (after rustc's
/// own error): a closure that never returns, called. The call's type is the
/// closure's inferred return type, so code after it is not "unreachable".
pub fn diverging() -> TokenStream {
    src("(|| loop {})()")
}
