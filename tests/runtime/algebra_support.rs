//! Random layouts for the algebra property tests.
#![allow(dead_code)]

use layout_algebra::runtime::{Builder, IntTuple, Layout, Stride, StrideTuple};
use proptest::prelude::*;

/// A random tree shape: leaves are `None`, tuples `Some(children)`.
#[derive(Clone, Debug)]
pub enum Tree {
    Leaf(i64, i64),
    Node(Vec<Tree>),
}

fn tree(
    extent: core::ops::RangeInclusive<i64>,
    stride: core::ops::RangeInclusive<i64>,
) -> impl Strategy<Value = Tree> {
    sized_tree(extent, stride, 8)
}

/// Trees of depth ≤ 2 with at most `leaves` leaves (roughly).
fn sized_tree(
    extent: core::ops::RangeInclusive<i64>,
    stride: core::ops::RangeInclusive<i64>,
    leaves: u32,
) -> impl Strategy<Value = Tree> {
    let leaf = (extent, stride).prop_map(|(s, d)| Tree::Leaf(s, d));
    leaf.prop_recursive(2, leaves, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(Tree::Node)
    })
}

fn build(t: &Tree, s: &mut Builder<i64>, d: &mut Builder<Stride>) {
    match t {
        Tree::Leaf(x, y) => {
            s.leaf(*x);
            d.leaf(Stride::Int(*y));
        }
        Tree::Node(ch) => {
            s.open();
            d.open();
            for c in ch {
                build(c, s, d);
            }
            s.close();
            d.close();
        }
    }
}

fn to_layout(t: &Tree) -> Layout {
    let mut s = Builder::new();
    let mut d = Builder::new();
    build(t, &mut s, &mut d);
    let (s, d): (IntTuple, StrideTuple) = (s.finish(), d.finish());
    Layout::new(s, d).unwrap()
}

/// Layouts with extents 1..=5 and strides in -6..=24 (zeros and negatives included).
pub fn any_layout() -> impl Strategy<Value = Layout> {
    tree(1..=5, -6..=24).prop_map(|t| to_layout(&t))
}

/// Layouts with extents 1..=5 and strides 0..=24.
pub fn nonneg_layout() -> impl Strategy<Value = Layout> {
    tree(1..=5, 0..=24).prop_map(|t| to_layout(&t))
}

/// Compact layouts in random leaf order with random nesting: injective, strides products of extents.
pub fn compact_layout() -> impl Strategy<Value = Layout> {
    compact(tree(1..=4, 0..=0))
}

/// Compact layouts of at most 4 leaves of extent at most 3 (size ≤ 81).
pub fn small_compact_layout() -> impl Strategy<Value = Layout> {
    compact(sized_tree(1..=3, 0..=0, 4))
}

fn compact(t: impl Strategy<Value = Tree>) -> impl Strategy<Value = Layout> {
    (t, any::<u64>()).prop_map(|(t, seed)| {
        let l = to_layout(&t);
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
