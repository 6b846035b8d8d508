//! The rules of a layout that its tokens already show, checked before
//! expansion and reported at the offending sub-tuple: every static extent is
//! positive, a written stride is congruent with its shape, the static parts of
//! size and cosize fit `i64`. Dynamic leaves (in a layout or a tiler's mode)
//! are checked at run time by `Layout::try_new`.

use crate::parse::{err, Leaf, Mode, Node, RawLayout, Result, Stride, Tree};

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
            Mode::Layout(raw) => valid_layout(raw).map(TileMode::Layout),
        })
        .collect()
}

/// Every static extent is positive.
fn positive(t: &Tree) -> Result<()> {
    match &t.node {
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
/// `(1,4):(0,1)`). A dynamic extent gets the prefix product whatever its
/// value, as CuTe C++ does for a dynamic 1 (`(1,4):(_1,1)`). A dynamic
/// product saturates: a saturated stride means the size overflows, which
/// `Layout::try_new` rejects.
fn compact(shape: &Tree, row_major: bool) -> Tree {
    let mut ls = leaves(shape);
    if row_major {
        ls.reverse();
    }
    let mut acc = Leaf::Static(1);
    let mut strides = Vec::with_capacity(ls.len());
    for l in ls {
        if matches!(l, Leaf::Static(1)) {
            strides.push(Leaf::Static(0));
            continue;
        }
        strides.push(acc.clone());
        // A dynamic leaf of a shape is a binding's name, so the product is a
        // flat chain of method calls (no nested parentheses).
        acc = match (acc, l) {
            (Leaf::Static(a), Leaf::Static(b)) => Leaf::Static(a.saturating_mul(b)),
            (Leaf::Static(a), Leaf::Dyn(e, _)) | (Leaf::Dyn(e, _), Leaf::Static(a)) => {
                Leaf::Dyn(format!("{e}.saturating_mul({a})"), None)
            }
            (Leaf::Dyn(a, _), Leaf::Dyn(b, _)) => {
                Leaf::Dyn(format!("{a}.saturating_mul({b})"), None)
            }
            // A basis extent is refused by `positive`; the stride is not used.
            (acc, Leaf::Basis(..)) | (acc @ Leaf::Basis(..), _) => acc,
        };
    }
    if row_major {
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
