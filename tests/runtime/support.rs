//! Shared helpers for the runtime tests: one random-layout generator (a
//! random tree of extents, relabelled with strides) and reference evaluation
//! written independently of the library's algorithms.

use layout_algebra::runtime::{HRef, Layout};
use proptest::prelude::*;

/// A random tree with leaves drawn from `leaf`: depth ≤ `depth`, about
/// `leaves` leaves at most, 1..=`branch` children per tuple.
pub fn tree_of(
    leaf: impl Strategy<Value = i64> + Clone + 'static,
    depth: u32,
    leaves: u32,
    branch: usize,
) -> impl Strategy<Value = Tree> {
    leaf.prop_map(Tree::Leaf)
        .prop_recursive(depth, leaves, branch as u32, move |inner| {
            prop::collection::vec(inner, 1..=branch).prop_map(Tree::Tuple)
        })
}

/// A random hierarchical shape-like tree with `leaves` drawn from `leaf`,
/// rank 1..=4, depth ≤ 3, at most 16 leaves.
pub fn arb_tree(leaf: impl Strategy<Value = i64> + Clone + 'static) -> impl Strategy<Value = Tree> {
    tree_of(leaf, 3, 16, 4)
}

/// The layout `shape:strides`, the strides given in the shape's leaf order.
pub fn layout_of(shape: &Tree, strides: Vec<i64>) -> Layout {
    let d = shape.relabel(&mut strides.into_iter());
    format!("{}:{}", shape.notation(), d.notation())
        .parse::<Layout>()
        .expect("valid layout")
}

/// A plain recursive tree, turned into CuTe notation for parsing.
#[derive(Clone, Debug)]
pub enum Tree {
    Leaf(i64),
    Tuple(Vec<Tree>),
}

impl Tree {
    pub fn notation(&self) -> String {
        match self {
            Tree::Leaf(v) => v.to_string(),
            Tree::Tuple(t) => format!(
                "({})",
                t.iter().map(Tree::notation).collect::<Vec<_>>().join(",")
            ),
        }
    }
    /// The same tree with leaves replaced, in order, by `vals`.
    pub fn relabel(&self, vals: &mut impl Iterator<Item = i64>) -> Tree {
        match self {
            Tree::Leaf(_) => Tree::Leaf(vals.next().expect("enough values")),
            Tree::Tuple(t) => Tree::Tuple(t.iter().map(|x| x.relabel(vals)).collect()),
        }
    }
    pub fn leaf_count(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Tuple(t) => t.iter().map(Tree::leaf_count).sum(),
        }
    }
}

/// Random extents: small, including 1 and non-powers of two.
pub fn extent() -> impl Strategy<Value = i64> + Clone {
    prop_oneof![
        Just(1i64),
        Just(2),
        Just(3),
        Just(4),
        Just(5),
        Just(6),
        Just(8),
        Just(12),
        Just(16)
    ]
}

/// Largest size of the random layouts (so pointwise checks stay cheap).
pub const MAX_SIZE: i64 = 1 << 12;

/// A random shape tree of size at most [`MAX_SIZE`].
pub fn arb_shape() -> impl Strategy<Value = Tree> {
    arb_tree(extent()).prop_filter("size too large", |t| {
        leaves_of(t).iter().product::<i64>() <= MAX_SIZE
    })
}

/// A random layout with integer strides drawn from `stride`.
pub fn arb_layout_with(
    stride: impl Strategy<Value = i64> + Clone + 'static,
) -> impl Strategy<Value = Layout> {
    arb_shape().prop_flat_map(move |shape| {
        let n = shape.leaf_count();
        prop::collection::vec(stride.clone(), n).prop_map(move |ds| layout_of(&shape, ds))
    })
}

/// A random layout with strides in `-8..=64` (including 0).
pub fn arb_layout() -> impl Strategy<Value = Layout> {
    arb_layout_with(prop_oneof![3 => 0i64..=64, 1 => -8i64..=-1])
}

/// A random compact layout: a random shape with its leaves' column-major
/// strides permuted, so it is injective and complementable.
pub fn arb_compact_layout() -> impl Strategy<Value = Layout> {
    arb_shape().prop_flat_map(|shape| {
        let n = shape.leaf_count();
        Just((0..n).collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(move |order| {
                let sizes = leaves_of(&shape);
                let mut strides = vec![0i64; n];
                let mut acc = 1;
                for &i in &order {
                    strides[i] = acc;
                    acc *= sizes[i];
                }
                layout_of(&shape, strides)
            })
    })
}

fn leaves_of(t: &Tree) -> Vec<i64> {
    match t {
        Tree::Leaf(v) => vec![*v],
        Tree::Tuple(ts) => ts.iter().flat_map(leaves_of).collect(),
    }
}

/// The integer (shape, stride) leaves of a layout.
pub fn int_leaves(l: &Layout) -> Vec<(i64, i64)> {
    l.leaves()
        .map(|(s, d)| (s, d.as_int().expect("integer stride")))
        .collect()
}

/// `L(x)` computed naively over L's leaves with the last leaf unbounded.
pub fn eval_naive(modes: &[(i64, i64)], x: i64) -> i64 {
    let mut rest = x;
    let mut sum = 0;
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() { rest } else { rest % s };
        rest /= s;
        sum += c * d;
    }
    sum
}

/// `A(x)` extended past its size as CuTe C++ evaluates it: `idx2crd`
/// without wrapping the last leaf (even of extent 1), and oddly for negative `x`.
pub fn eval_extended(a: &Layout, x: i64) -> i64 {
    x.signum() * eval_naive(&int_leaves(a), x.abs())
}

/// CuTe `compatible(a, b)` written independently: sizes equal, and where `a`
/// is a tuple, `b` is a tuple of the same rank with compatible modes.
pub fn compatible(a: HRef<'_, i64>, b: HRef<'_, i64>) -> bool {
    let size = |t: HRef<'_, i64>| t.leaves().product::<i64>();
    if a.is_leaf() {
        return size(a) == size(b);
    }
    !b.is_leaf() && a.rank() == b.rank() && a.modes().zip(b.modes()).all(|(x, y)| compatible(x, y))
}

/// Small trees for the algebra property tests: depth ≤ 2, about 8 leaves at
/// most (`leaves`), 1..=3 children per tuple, extents in `extent`, with
/// strides drawn from `stride`.
fn small_layout(
    extent: core::ops::RangeInclusive<i64>,
    stride: core::ops::RangeInclusive<i64>,
    leaves: u32,
) -> impl Strategy<Value = Layout> {
    tree_of(extent, 2, leaves, 3).prop_flat_map(move |shape| {
        let n = shape.leaf_count();
        prop::collection::vec(stride.clone(), n).prop_map(move |ds| layout_of(&shape, ds))
    })
}

/// Layouts with extents 1..=5 and strides in -6..=24 (zeros and negatives included).
pub fn any_layout() -> impl Strategy<Value = Layout> {
    small_layout(1..=5, -6..=24, 8)
}

/// Layouts with extents 1..=5 and strides 0..=24.
pub fn nonneg_layout() -> impl Strategy<Value = Layout> {
    small_layout(1..=5, 0..=24, 8)
}

/// Compact layouts in random leaf order with random nesting: injective, strides products of extents.
pub fn compact_layout() -> impl Strategy<Value = Layout> {
    compact(small_layout(1..=4, 0..=0, 8))
}

/// Compact layouts of at most 4 leaves of extent at most 3 (size ≤ 81).
pub fn small_compact_layout() -> impl Strategy<Value = Layout> {
    compact(small_layout(1..=3, 0..=0, 4))
}

fn compact(l: impl Strategy<Value = Layout>) -> impl Strategy<Value = Layout> {
    (l, any::<u64>()).prop_map(|(l, seed)| {
        let n = l.shape().leaf_count();
        let mut order: Vec<i64> = (0..n as i64).collect();
        let mut x = seed;
        for i in (1..n).rev() {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            order.swap(i, (x >> 33) as usize % (i + 1));
        }
        let mut it = order.into_iter();
        let ord = l.shape().map(|_| it.next().unwrap());
        Layout::ordered(l.shape(), &ord).unwrap()
    })
}

/// All values `L(0..size(L))`.
pub fn values(l: &Layout) -> Vec<i64> {
    (0..l.size().unwrap()).map(|i| l.call(i).unwrap()).collect()
}
