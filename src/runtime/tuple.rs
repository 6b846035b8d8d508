//! Hierarchical tuples with inline storage.
//!
//! An [`HTuple<T>`] is CuTe's `IntTuple` generalised over its leaf type:
//! `H ::= T | (H₁, …, Hₙ)`. It is stored flattened in preorder in a
//! [`SmallVec`], so a tuple of up to [`INLINE`] nodes (16 leaves at depth 3)
//! never touches the heap. A borrowed sub-tuple is an [`HRef`], which is just
//! a slice of nodes: taking a mode is free.
//!
//! ```
//! use layout_algebra::runtime::IntTuple;
//! let t = IntTuple::parse_shape("(4,(3,2))");
//! assert_eq!(t.rank(), 2);
//! assert_eq!(t.mode(1).unwrap().to_string(), "(3,2)");
//! assert_eq!(t.leaves().collect::<Vec<_>>(), [4, 3, 2]);
//! ```

use core::fmt;
use smallvec::SmallVec;

/// Number of nodes kept inline (leaves plus tuple headers).
pub const INLINE: usize = 32;

/// One node of a tuple flattened in preorder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node<T> {
    /// A leaf value.
    Leaf(T),
    /// A tuple header: `arity` children follow, spanning `span` nodes
    /// (this header included).
    Tuple {
        /// Number of direct children.
        arity: u32,
        /// Number of nodes in this subtree, including this header.
        span: u32,
    },
}

pub(crate) type Nodes<T> = SmallVec<[Node<T>; INLINE]>;

/// An owned hierarchical tuple: a leaf or a tuple of hierarchical tuples.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct HTuple<T: Copy> {
    nodes: Nodes<T>,
}

/// A borrowed hierarchical tuple (a mode of an [`HTuple`], or the whole).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HRef<'a, T> {
    nodes: &'a [Node<T>],
}

impl<T: Copy> HTuple<T> {
    /// The leaf `v`.
    pub fn leaf(v: T) -> Self {
        let mut nodes = Nodes::new();
        nodes.push(Node::Leaf(v));
        HTuple { nodes }
    }

    /// The empty tuple `()`.
    pub fn empty() -> Self {
        let mut nodes = Nodes::new();
        nodes.push(Node::Tuple { arity: 0, span: 1 });
        HTuple { nodes }
    }

    /// The tuple whose modes are `modes` (always a tuple, even of one mode).
    pub fn from_modes<'b, I>(modes: I) -> Self
    where
        T: 'b,
        I: IntoIterator<Item = HRef<'b, T>>,
    {
        let mut b = Builder::new();
        b.open();
        for m in modes {
            b.push(m);
        }
        b.close();
        b.finish()
    }

    /// The flat tuple `(v₀, v₁, …)` (always a tuple, even of one leaf).
    pub fn from_leaves<I: IntoIterator<Item = T>>(leaves: I) -> Self {
        let mut b = Builder::new();
        b.open();
        for v in leaves {
            b.leaf(v);
        }
        b.close();
        b.finish()
    }

    /// Borrow the whole tuple.
    #[inline]
    pub fn as_ref(&self) -> HRef<'_, T> {
        HRef { nodes: &self.nodes }
    }

    /// The raw preorder nodes.
    pub fn nodes(&self) -> &[Node<T>] {
        &self.nodes
    }

    /// Whether the tuple is a single leaf.
    pub fn is_leaf(&self) -> bool {
        self.as_ref().is_leaf()
    }
    /// The leaf value, if this is a leaf.
    pub fn as_leaf(&self) -> Option<T> {
        self.as_ref().as_leaf()
    }
    /// CuTe `rank`: 1 for a leaf, the number of modes for a tuple.
    pub fn rank(&self) -> usize {
        self.as_ref().rank()
    }
    /// CuTe `depth`: 0 for a leaf, 1 + the deepest mode for a tuple.
    pub fn depth(&self) -> usize {
        self.as_ref().depth()
    }
    /// Mode `i` (CuTe `get<i>`); mode 0 of a leaf is the leaf itself.
    pub fn mode(&self, i: usize) -> Option<HRef<'_, T>> {
        self.as_ref().mode(i)
    }
    /// The modes (for a leaf, the leaf itself).
    pub fn modes(&self) -> Modes<'_, T> {
        self.as_ref().modes()
    }
    /// The leaves in order.
    pub fn leaves(&self) -> impl DoubleEndedIterator<Item = T> + Clone + '_ {
        self.as_ref().leaves()
    }
    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.as_ref().leaf_count()
    }
    /// Follow a hierarchical index path (CuTe `get<i, j, …>`).
    pub fn get(&self, path: &[usize]) -> Option<HRef<'_, T>> {
        self.as_ref().get(path)
    }
    /// Same tuple structure, leaves mapped by `f`.
    pub fn map<U: Copy>(&self, f: impl FnMut(T) -> U) -> HTuple<U> {
        self.as_ref().map(f)
    }
    /// Same tuple structure, leaves mapped by a fallible `f`.
    pub fn try_map<U: Copy, E>(&self, f: impl FnMut(T) -> Result<U, E>) -> Result<HTuple<U>, E> {
        self.as_ref().try_map(f)
    }
    /// CuTe `flatten`: a leaf stays a leaf, a tuple becomes the flat tuple of its leaves.
    pub fn flatten(&self) -> HTuple<T> {
        self.as_ref().flatten()
    }
    /// Whether `self` and `other` have the same tree structure.
    pub fn congruent<U: Copy>(&self, other: &HTuple<U>) -> bool {
        self.as_ref().congruent(other.as_ref())
    }
    /// Whether the nodes form one tree (a [`Builder`] given several roots
    /// builds a sequence of trees instead, which [`Layout::new`](super::Layout::new) refuses).
    ///
    /// ```
    /// use layout_algebra::runtime::{Builder, IntTuple};
    /// assert!(IntTuple::parse_shape("(4,(3,2))").is_tree());
    /// let mut b = Builder::new();
    /// b.leaf(4);
    /// b.leaf(3);
    /// let two: IntTuple = b.finish();
    /// assert!(!two.is_tree());
    /// ```
    pub fn is_tree(&self) -> bool {
        let span = match self.nodes[0] {
            Node::Leaf(_) => 1,
            Node::Tuple { span, .. } => span as usize,
        };
        span == self.nodes.len()
    }
}

impl<'a, T: Copy> HRef<'a, T> {
    /// Whether this is a single leaf.
    #[inline]
    pub fn is_leaf(self) -> bool {
        matches!(self.nodes[0], Node::Leaf(_))
    }
    /// The leaf value, if this is a leaf.
    #[inline]
    pub fn as_leaf(self) -> Option<T> {
        match self.nodes[0] {
            Node::Leaf(v) => Some(v),
            Node::Tuple { .. } => None,
        }
    }
    /// The raw preorder nodes of this subtree.
    pub fn nodes(self) -> &'a [Node<T>] {
        self.nodes
    }
    /// CuTe `rank`.
    pub fn rank(self) -> usize {
        match self.nodes[0] {
            Node::Leaf(_) => 1,
            Node::Tuple { arity, .. } => arity as usize,
        }
    }
    /// CuTe `depth`.
    pub fn depth(self) -> usize {
        if self.is_leaf() {
            return 0;
        }
        1 + self.modes().map(HRef::depth).max().unwrap_or(0)
    }
    /// The modes (for a leaf, the leaf itself).
    pub fn modes(self) -> Modes<'a, T> {
        match self.nodes[0] {
            Node::Leaf(_) => Modes { rest: self.nodes },
            Node::Tuple { .. } => Modes {
                rest: &self.nodes[1..],
            },
        }
    }
    /// Mode `i`; mode 0 of a leaf is the leaf itself.
    pub fn mode(self, i: usize) -> Option<HRef<'a, T>> {
        self.modes().nth(i)
    }
    /// Follow a hierarchical index path.
    pub fn get(self, path: &[usize]) -> Option<HRef<'a, T>> {
        path.iter().try_fold(self, |t, &i| t.mode(i))
    }
    /// The leaves in order.
    pub fn leaves(self) -> impl DoubleEndedIterator<Item = T> + Clone + 'a {
        self.nodes.iter().filter_map(|n| match n {
            Node::Leaf(v) => Some(*v),
            Node::Tuple { .. } => None,
        })
    }
    /// Number of leaves.
    pub fn leaf_count(self) -> usize {
        self.leaves().count()
    }
    /// Copy into an owned tuple.
    pub fn to_owned(self) -> HTuple<T> {
        HTuple {
            nodes: self.nodes.iter().copied().collect(),
        }
    }
    /// Same structure, leaves mapped by `f`.
    pub fn map<U: Copy>(self, mut f: impl FnMut(T) -> U) -> HTuple<U> {
        HTuple {
            nodes: self
                .nodes
                .iter()
                .map(|n| match *n {
                    Node::Leaf(v) => Node::Leaf(f(v)),
                    Node::Tuple { arity, span } => Node::Tuple { arity, span },
                })
                .collect(),
        }
    }
    /// Same structure, leaves mapped by a fallible `f`.
    pub fn try_map<U: Copy, E>(self, mut f: impl FnMut(T) -> Result<U, E>) -> Result<HTuple<U>, E> {
        let mut nodes = Nodes::with_capacity(self.nodes.len());
        for n in self.nodes {
            nodes.push(match *n {
                Node::Leaf(v) => Node::Leaf(f(v)?),
                Node::Tuple { arity, span } => Node::Tuple { arity, span },
            });
        }
        Ok(HTuple { nodes })
    }
    /// CuTe `flatten`.
    pub fn flatten(self) -> HTuple<T> {
        match self.as_leaf() {
            Some(v) => HTuple::leaf(v),
            None => HTuple::from_leaves(self.leaves()),
        }
    }
    /// Whether `self` and `other` have the same tree structure.
    pub fn congruent<U: Copy>(self, other: HRef<'_, U>) -> bool {
        self.nodes.len() == other.nodes.len()
            && self
                .nodes
                .iter()
                .zip(other.nodes)
                .all(|(a, b)| match (a, b) {
                    (Node::Leaf(_), Node::Leaf(_)) => true,
                    (Node::Tuple { arity: x, .. }, Node::Tuple { arity: y, .. }) => x == y,
                    _ => false,
                })
    }
}

/// Iterator over the modes of a tuple.
#[derive(Clone)]
pub struct Modes<'a, T> {
    rest: &'a [Node<T>],
}

impl<'a, T: Copy> Iterator for Modes<'a, T> {
    type Item = HRef<'a, T>;
    fn next(&mut self) -> Option<Self::Item> {
        let first = self.rest.first()?;
        let span = match *first {
            Node::Leaf(_) => 1,
            Node::Tuple { span, .. } => span as usize,
        };
        let (head, tail) = self.rest.split_at(span);
        self.rest = tail;
        Some(HRef { nodes: head })
    }
}

impl<'a, T: Copy> From<&'a HTuple<T>> for HRef<'a, T> {
    fn from(t: &'a HTuple<T>) -> Self {
        t.as_ref()
    }
}

/// Incremental construction of an [`HTuple`] in preorder.
///
/// ```
/// use layout_algebra::runtime::{Builder, IntTuple};
/// let mut b = Builder::new();
/// b.open();
/// b.leaf(4);
/// b.open(); b.leaf(3); b.leaf(2); b.close();
/// b.close();
/// let t: IntTuple = b.finish();
/// assert_eq!(t.to_string(), "(4,(3,2))");
/// ```
pub struct Builder<T> {
    nodes: Nodes<T>,
    open: SmallVec<[usize; 8]>,
}

impl<T: Copy> Default for Builder<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy> Builder<T> {
    /// An empty builder.
    pub fn new() -> Self {
        Builder {
            nodes: Nodes::new(),
            open: SmallVec::new(),
        }
    }
    fn count_child(&mut self) {
        if let Some(&i) = self.open.last() {
            if let Node::Tuple { arity, .. } = &mut self.nodes[i] {
                *arity += 1;
            }
        }
    }
    /// Start a tuple.
    pub fn open(&mut self) {
        self.count_child();
        self.open.push(self.nodes.len());
        self.nodes.push(Node::Tuple { arity: 0, span: 0 });
    }
    /// Finish the innermost open tuple.
    pub fn close(&mut self) {
        let i = self.open.pop().expect("Builder::close without open");
        let len = self.nodes.len();
        if let Node::Tuple { span, .. } = &mut self.nodes[i] {
            *span = (len - i) as u32;
        }
    }
    /// Append a leaf.
    pub fn leaf(&mut self, v: T) {
        self.count_child();
        self.nodes.push(Node::Leaf(v));
    }
    /// Append a whole subtree.
    pub fn push(&mut self, t: HRef<'_, T>) {
        self.count_child();
        self.nodes.extend_from_slice(t.nodes);
    }
    /// Number of tuples still open.
    pub fn depth(&self) -> usize {
        self.open.len()
    }
    /// The finished tuple. Panics if a tuple is still open or nothing was
    /// pushed (a programming error, not an input error).
    pub fn finish(self) -> HTuple<T> {
        assert!(
            self.open.is_empty() && !self.nodes.is_empty(),
            "unbalanced Builder"
        );
        HTuple { nodes: self.nodes }
    }
}

impl<T: Copy + fmt::Display> fmt::Display for HRef<'_, T> {
    /// CuTe notation: `(4,(3,2))`, a leaf alone as `4`, a rank-1 tuple as `(4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_leaf() {
            Some(v) => write!(f, "{v}"),
            None => {
                f.write_str("(")?;
                for (i, m) in self.modes().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{m}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl<T: Copy + fmt::Display> fmt::Display for HTuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_ref().fmt(f)
    }
}

impl<T: Copy + fmt::Display> fmt::Debug for HTuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_ref().fmt(f)
    }
}

impl<T: Copy + fmt::Display> fmt::Debug for HRef<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
