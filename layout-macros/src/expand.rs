//! Expansion of validated layouts into `layout_algebra::typelevel` types and
//! values (Rust source text; the user's `{..}` leaves are spliced as tokens).
//!
//! Every library item the expansion names is spelled in [`path`] alone.

use crate::parse::{DynExprs, Leaf, Node, Tree};
use crate::validate::{Spec, TileMode};
use proc_macro::{Delimiter, Group, Punct, Spacing, Span, TokenStream, TokenTree};
use std::str::FromStr;

/// A library item that the expansion names.
#[derive(Clone, Copy)]
pub enum Item {
    Z0,
    PInt,
    NInt,
    UInt,
    UTerm,
    B0,
    B1,
    HNil,
    HCons,
    Dyn,
    DivBy,
    StaticInt,
    /// The named constants `_0 ..= _64`, `_128`, .. `_65536`.
    Consts,
    Layout,
    Tile,
    ScaledBasis,
    /// `Make::VALUE`: the value of a static type (no re-checks).
    Make,
    /// `<T as Identity<E>>::Out` is `T` (carries an error in `E`).
    Identity,
    LayoutError,
    Result,
    I64,
    CompileError,
}

/// The absolute path of `item`: the one place that spells library paths.
pub fn path(item: Item) -> &'static str {
    match item {
        Item::Z0 => "::layout_algebra::typelevel::typenum::Z0",
        Item::PInt => "::layout_algebra::typelevel::typenum::PInt",
        Item::NInt => "::layout_algebra::typelevel::typenum::NInt",
        Item::UInt => "::layout_algebra::typelevel::typenum::UInt",
        Item::UTerm => "::layout_algebra::typelevel::typenum::UTerm",
        Item::B0 => "::layout_algebra::typelevel::typenum::B0",
        Item::B1 => "::layout_algebra::typelevel::typenum::B1",
        Item::HNil => "::layout_algebra::typelevel::HNil",
        Item::HCons => "::layout_algebra::typelevel::HCons",
        Item::Dyn => "::layout_algebra::typelevel::Dyn",
        Item::DivBy => "::layout_algebra::typelevel::DivBy",
        Item::StaticInt => "::layout_algebra::typelevel::StaticInt",
        Item::Consts => "::layout_algebra::typelevel::consts",
        Item::Layout => "::layout_algebra::typelevel::Layout",
        Item::Tile => "::layout_algebra::typelevel::Tile",
        Item::ScaledBasis => "::layout_algebra::typelevel::ScaledBasis",
        Item::Make => "::layout_algebra::typelevel::__private::Make",
        Item::Identity => "::layout_algebra::typelevel::__private::Identity",
        Item::LayoutError => "::layout_algebra::runtime::LayoutError",
        Item::Result => "::core::result::Result",
        Item::I64 => "::core::primitive::i64",
        Item::CompileError => "::core::compile_error!",
    }
}

/// The name bound to the `k`-th `{..}` leaf of one macro call (see [`bind`]).
pub fn binding(k: usize) -> String {
    format!("__la_dyn{k}")
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

fn tree_type(t: &Tree) -> String {
    match &t.node {
        Node::Leaf(Leaf::Static(v)) => int_type(*v),
        Node::Leaf(Leaf::Basis(v, modes)) => basis_type(*v, modes),
        Node::Leaf(Leaf::Dyn(_, None)) => path(Item::Dyn).into(),
        Node::Leaf(Leaf::Dyn(_, Some(n))) => format!("{}<{}>", path(Item::DivBy), uint_type(*n)),
        Node::Tuple(items) => hlist_type(items.iter().map(tree_type)),
    }
}

fn tree_value(t: &Tree) -> String {
    match &t.node {
        Node::Leaf(Leaf::Static(v)) => int_value(*v),
        Node::Leaf(Leaf::Basis(v, modes)) => format!("{}::new()", basis_type(*v, modes)),
        Node::Leaf(Leaf::Dyn(e, None)) => format!("{}({e})", path(Item::Dyn)),
        // Checked when the layout is made: `Divisibility` if `e mod N ≠ 0`.
        Node::Leaf(Leaf::Dyn(e, Some(n))) => {
            format!("{}::<{}>::new({e})?", path(Item::DivBy), uint_type(*n))
        }
        Node::Tuple(items) => hlist_value(items.iter().map(tree_value)),
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

pub fn layout_type(s: &Spec) -> String {
    format!(
        "{}<{}, {}>",
        path(Item::Layout),
        tree_type(&s.shape),
        tree_type(&s.stride)
    )
}

/// The value of a layout: the constant `Make::VALUE` when static, else,
/// with the dynamic leaves bound ([`bind`]), a call of `Layout::try_new`.
pub fn layout_value(s: &Spec, dyns: DynExprs) -> TokenStream {
    if dyns.is_empty() {
        return src(&static_layout_value(s));
    }
    let ty = format!(
        "{}<{}, {}>",
        path(Item::Result),
        layout_type(s),
        path(Item::LayoutError)
    );
    let body = format!(
        "<{}>::try_new({}, {})",
        layout_type(s),
        tree_value(&s.shape),
        tree_value(&s.stride)
    );
    bind(dyns, &ty, &body)
}

/// The value of a static layout.
fn static_layout_value(s: &Spec) -> String {
    format!("<{} as {}>::VALUE", layout_type(s), path(Item::Make))
}

/// The value of a tiler: `Tile(HCons { .. })` of its modes' values; with
/// `{..}` leaves (run-time tile sizes), bound as `layout!` binds them, a
/// `Result<Tile<..>, LayoutError>` whose dynamic modes `Layout::try_new` checks.
pub fn tiler_value(modes: &[TileMode], dyns: DynExprs) -> TokenStream {
    if dyns.is_empty() {
        return src(&tiler_items(modes));
    }
    let ty = format!(
        "{}<{}, {}>",
        path(Item::Result),
        tiler_type(modes),
        path(Item::LayoutError)
    );
    bind(
        dyns,
        &ty,
        &format!("::core::result::Result::Ok({})", tiler_items(modes)),
    )
}

/// `Tile(HCons { .. })`: a static mode's constant, a dynamic mode's checked
/// `try_new(..)?`.
fn tiler_items(modes: &[TileMode]) -> String {
    let items = modes.iter().map(|m| match m {
        TileMode::Layout(spec) if dynamic(spec) => format!(
            "<{}>::try_new({}, {})?",
            layout_type(spec),
            tree_value(&spec.shape),
            tree_value(&spec.stride)
        ),
        TileMode::Layout(spec) => static_layout_value(spec),
        TileMode::Int(n) => int_value(*n),
        TileMode::Tiler(inner) => tiler_items(inner),
    });
    format!("{}({})", path(Item::Tile), hlist_value(items))
}

/// The type of a tiler.
fn tiler_type(modes: &[TileMode]) -> String {
    let items = modes.iter().map(|m| match m {
        TileMode::Layout(spec) => layout_type(spec),
        TileMode::Int(n) => int_type(*n),
        TileMode::Tiler(inner) => tiler_type(inner),
    });
    format!("{}<{}>", path(Item::Tile), hlist_type(items))
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
fn bind(dyns: DynExprs, ty: &str, body: &str) -> TokenStream {
    let names: String = (0..dyns.len()).map(|k| binding(k) + ",").collect();
    let types = format!("{},", path(Item::I64)).repeat(dyns.len());
    let callee = src(&format!(
        "mod __la_dynamic {{ pub(super) fn build(({names}): ({types})) -> {ty} {{ {body} }} }} \
         __la_dynamic::build"
    ));
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
