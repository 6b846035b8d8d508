//! The rules of a layout that its tokens already show, checked before
//! expansion and reported at the offending sub-tuple: every static extent is
//! positive, a written stride is congruent with its shape, the static parts of
//! size and cosize fit `i64`. Dynamic leaves (in a layout or a tiler's mode)
//! are checked at run time by `Layout::try_new`.

use crate::error::{err, Result};
use crate::parse::{Const, Leaf, Mode, Node, RawLayout, Stride, Tree};

/// A layout with its stride tree (written or derived): shape and stride are
/// congruent.
pub struct Spec {
    pub shape: Tree,
    pub stride: Tree,
}

/// The layout with its stride derived if not written; the `Err` is a broken
/// rule of well-formed tokens (the spec is still returned, for a best-effort
/// type).
pub fn layout(raw: RawLayout) -> (Spec, Result<()>) {
    let shape = raw.shape;
    let (stride, written) = match raw.stride {
        Stride::Written(t) => (t, true),
        Stride::ColMajor => (compact(&shape, false), false),
        Stride::RowMajor => (compact(&shape, true), false),
    };
    let valid = positive(&shape)
        .and_then(|()| match written {
            true => congruent(&shape, &stride),
            false => Ok(()),
        })
        .and_then(|()| extent(&shape, &stride));
    (Spec { shape, stride }, valid)
}

/// A valid layout.
pub fn valid_layout(raw: RawLayout) -> Result<Spec> {
    let (spec, valid) = layout(raw);
    valid.map(|()| spec)
}

/// A tiler's mode, validated: a layout, a static integer, or a nested tiler.
pub enum TileMode {
    Layout(Spec),
    /// A static integer `n` written alone: composition reads it as `n:1`, the
    /// divides and products as `make_layout(n)` (as CuTe's `Int<n>` tile).
    Int(i64),
    /// A const leaf `N` written alone: the integer tile `Int<N>`.
    Const(Const),
    Tiler(Vec<TileMode>),
}

/// Every mode of a tiler is a valid layout, or a valid tiler; a `{..}` leaf
/// (a run-time tile size) is checked at run time by `Layout::try_new`.
pub fn tiler(modes: Vec<Mode>) -> Result<Vec<TileMode>> {
    modes
        .into_iter()
        .map(|m| match m {
            Mode::Tiler(inner) => tiler(inner).map(TileMode::Tiler),
            Mode::Layout(RawLayout {
                shape:
                    Tree {
                        node: Node::Leaf(Leaf::Static(n)),
                        ..
                    },
                stride: Stride::ColMajor,
            }) if n > 0 => Ok(TileMode::Int(n)),
            Mode::Layout(RawLayout {
                shape:
                    Tree {
                        node: Node::Leaf(Leaf::Const(c, false)),
                        ..
                    },
                stride: Stride::ColMajor,
            }) => Ok(TileMode::Const(c)),
            Mode::Layout(raw) => valid_layout(raw).map(TileMode::Layout),
        })
        .collect()
}

/// Every static extent is positive (a const extent's value is checked by
/// the type it expands to: `Int<0>` is not a shape leaf).
fn positive(t: &Tree) -> Result<()> {
    match &t.node {
        Node::Leaf(Leaf::Const(c, true)) => err(
            t.span,
            format!(
                "shape extent `-{}` is not positive: every extent of a shape must be at least 1",
                c.name
            ),
        ),
        Node::Leaf(Leaf::Static(v)) if *v <= 0 => err(
            t.span,
            format!(
                "shape extent `{v}` is not positive: every extent of a shape must be at least 1"
            ),
        ),
        Node::Leaf(Leaf::Basis(..)) => err(
            t.span,
            format!(
                "shape extent `{t}` is a scaled basis: a shape's extents are integers \
                 (scaled bases `v@i` are strides)"
            ),
        ),
        Node::Leaf(_) => Ok(()),
        Node::Tuple(items) => items.iter().try_for_each(positive),
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
fn extent(shape: &Tree, stride: &Tree) -> Result<()> {
    let mut size = Some(1i64);
    let mut span = Some(0i64);
    for (s, d) in leaves(shape).into_iter().zip(leaves(stride)) {
        if let Leaf::Static(s) = s {
            size = size.and_then(|z| z.checked_mul(s));
            if let Leaf::Static(d) | Leaf::Basis(d, _) = d {
                span = span
                    .and_then(|v| v.checked_add((s - 1).checked_mul(d)?.checked_abs()?))
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

/// The compact stride of `shape` (CuTe `LayoutLeft`, or `LayoutRight` when
/// `row_major`): prefix products of the extents in leaf order (reversed for
/// row-major), except that a static extent 1 gets stride 0, as static CuTe
/// C++ gives `_1` modes `_0` and as the runtime layer does (`(1,4)` is
/// `(1,4):(0,1)`). A const extent `N` is static too: its stride is
/// [`Leaf::Unit`], which the type system makes 0 if `N` is 1, and the prefix
/// products over const extents are static ([`Leaf::Product`]). A dynamic
/// extent gets the prefix product whatever its value, as CuTe C++ does for a
/// dynamic 1 (`(1,4):(_1,1)`). A dynamic product saturates: a saturated
/// stride means the size overflows, which `Layout::try_new` rejects.
fn compact(shape: &Tree, row_major: bool) -> Tree {
    let mut ls = leaves(shape);
    if row_major {
        ls.reverse();
    }
    let mut acc = Leaf::Static(1);
    let mut strides = Vec::with_capacity(ls.len());
    for l in ls {
        match &l {
            Leaf::Static(1) => {
                strides.push(Leaf::Static(0));
                continue;
            }
            Leaf::Const(c, _) => strides.push(Leaf::Unit(c.clone(), Box::new(acc.clone()))),
            _ => strides.push(acc.clone()),
        }
        acc = product(acc, l);
    }
    if row_major {
        strides.reverse();
    }
    let mut it = strides.into_iter();
    rebuild(shape, &mut it)
}

/// The prefix product `acc · l` of a compact stride. A dynamic leaf of a
/// shape is a binding's name, so a dynamic product is a flat chain of method
/// calls (no nested parentheses).
fn product(acc: Leaf, l: Leaf) -> Leaf {
    match (acc, l) {
        (Leaf::Static(a), Leaf::Static(b)) => Leaf::Static(a.saturating_mul(b)),
        (Leaf::Static(a), Leaf::Const(c, _)) => Leaf::Product(a, vec![c]),
        (Leaf::Product(a, mut cs), Leaf::Const(c, _)) => {
            cs.push(c);
            Leaf::Product(a, cs)
        }
        (Leaf::Product(a, cs), Leaf::Static(b)) => Leaf::Product(a.saturating_mul(b), cs),
        (Leaf::Static(a), Leaf::Dyn(e, _)) | (Leaf::Dyn(e, _), Leaf::Static(a)) => {
            Leaf::Dyn(format!("{e}.saturating_mul({a})"), None)
        }
        (Leaf::Product(a, cs), Leaf::Dyn(e, _)) => Leaf::Dyn(dyn_times(e, a, &cs), None),
        (Leaf::Dyn(e, _), Leaf::Const(c, _)) => Leaf::Dyn(dyn_times(e, 1, &[c]), None),
        (Leaf::Dyn(a, _), Leaf::Dyn(b, _)) => Leaf::Dyn(format!("{a}.saturating_mul({b})"), None),
        // A basis extent is refused by `positive`, a negative const extent
        // too; the stride is not used. Derived leaves are never extents.
        (acc, _) => acc,
    }
}

/// The dynamic product `e · a · c₀ · c₁ …` (the consts' values as the
/// expansion names them inside its function of the dynamic leaves).
fn dyn_times(e: String, a: i64, cs: &[Const]) -> String {
    let mut out = match a {
        1 => e,
        a => format!("{e}.saturating_mul({a})"),
    };
    for c in cs {
        out = format!("{out}.saturating_mul({})", crate::names::const_i64(c.index));
    }
    out
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
