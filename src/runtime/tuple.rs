//! Hierarchical tuples with inline storage.
//!
//! An [`HTuple<T>`] is CuTe's `IntTuple` generalised over its leaf type:
//! `H ::= T | (H₁, …, Hₙ)`. It is stored as two flat arrays: the leaves in
//! order, and the nesting as one byte per token in preorder (a leaf, an
//! opening or a closing parenthesis). A tuple of up to [`INLINE`] leaves and
//! 46 tokens (16 leaves in up to 15 tuples) never touches the heap. A
//! borrowed sub-tuple is an [`HRef`], a pair of sub-slices of the two arrays:
//! taking a mode is free, and congruence is equality of the token arrays.
//!
//! ```
//! use layout_algebra::runtime::IntTuple;
//! let t = IntTuple::parse_shape("(4,(3,2))");
//! assert_eq!(t.rank(), 2);
//! assert_eq!(t.mode(1).unwrap().to_string(), "(3,2)");
//! assert_eq!(t.leaves().collect::<Vec<_>>(), [4, 3, 2]);
//! ```

use alloc::vec::Vec;
use core::fmt;
use core::mem::MaybeUninit;

/// Number of leaves kept inline.
pub const INLINE: usize = 16;

/// Number of nesting tokens kept inline: 16 leaves with up to 15 tuples
/// (with the two counts and the tag, the inline store of an [`IntTuple`](super::IntTuple)
/// takes 184 bytes, and a runtime `Layout` of 16 leaves 256).
const TREE_INLINE: usize = 46;

/// The token of a leaf.
pub(crate) const LEAF: u8 = 0;
/// The token opening a tuple.
pub(crate) const OPEN: u8 = 1;
/// The token closing a tuple.
pub(crate) const CLOSE: u8 = 2;

/// One node of a tuple in preorder, as [`HTuple::nodes`] lists them.
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

/// The nesting tokens and the leaves of a tuple: [`TREE_INLINE`] tokens
/// and [`INLINE`] leaves inline under one tag, both on the heap past either.
/// One tag and two one-byte counts, so that appending a leaf tests one
/// variant and two counts (three containers with a tag each cost twice that).
enum Store<T> {
    /// Inline: the first `ntok` tokens and the first `nleaf` leaves are set.
    Inline {
        ntok: u8,
        nleaf: u8,
        tokens: [u8; TREE_INLINE],
        leaves: [MaybeUninit<T>; INLINE],
    },
    /// On the heap.
    Heap { tokens: Vec<u8>, leaves: Vec<T> },
}

impl<T: Copy> Store<T> {
    /// No tokens and no leaves (the leaf slots are left unset, not filled).
    #[inline(always)]
    const fn new() -> Self {
        Store::Inline {
            ntok: 0,
            nleaf: 0,
            tokens: [0; TREE_INLINE],
            leaves: [const { MaybeUninit::uninit() }; INLINE],
        }
    }
    /// The tokens.
    #[inline(always)]
    fn tokens(&self) -> &[u8] {
        match self {
            Store::Inline { ntok, tokens, .. } => &tokens[..usize::from(*ntok)],
            Store::Heap { tokens, .. } => tokens,
        }
    }
    /// The tokens, to rewrite in place.
    #[inline]
    fn tokens_mut(&mut self) -> &mut [u8] {
        match self {
            Store::Inline { ntok, tokens, .. } => &mut tokens[..usize::from(*ntok)],
            Store::Heap { tokens, .. } => tokens,
        }
    }
    /// The leaves.
    #[inline(always)]
    fn leaves(&self) -> &[T] {
        match self {
            Store::Inline { nleaf, leaves, .. } => {
                let set = &leaves[..usize::from(*nleaf)];
                // SAFETY: the first `nleaf` slots are set (`push_value` and
                // `push_leaf` write a slot before they count it, `truncate`
                // only lowers the count), and `MaybeUninit<T>` has the size,
                // alignment and layout of `T`.
                unsafe { &*(set as *const [MaybeUninit<T>] as *const [T]) }
            }
            Store::Heap { leaves, .. } => leaves,
        }
    }
    /// The numbers of tokens and of leaves.
    #[inline(always)]
    fn lens(&self) -> (usize, usize) {
        match self {
            Store::Inline { ntok, nleaf, .. } => (usize::from(*ntok), usize::from(*nleaf)),
            Store::Heap { tokens, leaves } => (tokens.len(), leaves.len()),
        }
    }
    /// Append the token `b`.
    #[inline(always)]
    fn push_token(&mut self, b: u8) {
        if let Store::Inline { ntok, tokens, .. } = self
            && let Some(slot) = tokens.get_mut(usize::from(*ntok))
        {
            *slot = b;
            *ntok += 1;
            return;
        }
        self.heap().0.push(b);
    }
    /// Append the leaf value `v` (its token is appended apart).
    #[inline(always)]
    fn push_value(&mut self, v: T) {
        if let Store::Inline { nleaf, leaves, .. } = self
            && let Some(slot) = leaves.get_mut(usize::from(*nleaf))
        {
            *slot = MaybeUninit::new(v);
            *nleaf += 1;
            return;
        }
        self.heap().1.push(v);
    }
    /// Append a leaf, its token and its value, and return its index.
    #[inline(always)]
    fn push_leaf(&mut self, v: T) -> usize {
        if let Store::Inline {
            ntok,
            nleaf,
            tokens,
            leaves,
        } = self
        {
            let (t, n) = (usize::from(*ntok), usize::from(*nleaf));
            if t < TREE_INLINE && n < INLINE {
                tokens[t] = LEAF;
                leaves[n] = MaybeUninit::new(v);
                *ntok += 1;
                *nleaf += 1;
                return n;
            }
        }
        let (tokens, leaves) = self.heap();
        tokens.push(LEAF);
        leaves.push(v);
        leaves.len() - 1
    }
    /// The heap tokens and leaves, moved there first if they are inline
    /// (out of line: appends stay inline up to 16 leaves).
    #[cold]
    #[inline(never)]
    fn heap(&mut self) -> (&mut Vec<u8>, &mut Vec<T>) {
        if let Store::Inline { .. } = self {
            let mut tokens = Vec::with_capacity(2 * TREE_INLINE);
            tokens.extend_from_slice(self.tokens());
            let mut leaves = Vec::with_capacity(2 * INLINE);
            leaves.extend_from_slice(self.leaves());
            *self = Store::Heap { tokens, leaves };
        }
        match self {
            Store::Heap { tokens, leaves } => (tokens, leaves),
            Store::Inline { .. } => unreachable!("moved to the heap above"),
        }
    }
    /// Keep the first `ntokens` tokens and the first `nleaves` leaves.
    #[inline]
    fn truncate(&mut self, ntokens: usize, nleaves: usize) {
        match self {
            Store::Inline { ntok, nleaf, .. } => {
                if ntokens < usize::from(*ntok) {
                    *ntok = ntokens as u8;
                }
                if nleaves < usize::from(*nleaf) {
                    *nleaf = nleaves as u8;
                }
            }
            Store::Heap { tokens, leaves } => {
                tokens.truncate(ntokens);
                leaves.truncate(nleaves);
            }
        }
    }
}

impl<T: Copy> Clone for Store<T> {
    fn clone(&self) -> Self {
        match self {
            Store::Inline {
                ntok,
                nleaf,
                tokens,
                leaves,
            } => Store::Inline {
                ntok: *ntok,
                nleaf: *nleaf,
                tokens: *tokens,
                leaves: *leaves,
            },
            Store::Heap { tokens, leaves } => Store::Heap {
                tokens: tokens.clone(),
                leaves: leaves.clone(),
            },
        }
    }
}

/// An owned hierarchical tuple: a leaf or a tuple of hierarchical tuples.
#[derive(Clone)]
pub struct HTuple<T: Copy> {
    store: Store<T>,
}

impl<T: Copy + PartialEq> PartialEq for HTuple<T> {
    fn eq(&self, other: &Self) -> bool {
        self.as_ref() == other.as_ref()
    }
}

impl<T: Copy + Eq> Eq for HTuple<T> {}

impl<T: Copy + core::hash::Hash> core::hash::Hash for HTuple<T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_ref().hash(state);
    }
}

/// A borrowed hierarchical tuple (a mode of an [`HTuple`], or the whole).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HRef<'a, T> {
    tree: &'a [u8],
    leaves: &'a [T],
}

/// The tokens and leaves of the first subtree of `tree` (all of `tree` if
/// it is unbalanced, which no [`Builder`] produces).
#[inline]
pub(crate) fn first_subtree(tree: &[u8]) -> (usize, usize) {
    let mut depth = 0usize;
    let mut leaves = 0usize;
    for (i, &b) in tree.iter().enumerate() {
        match b {
            LEAF => leaves += 1,
            OPEN => depth += 1,
            _ => depth = depth.saturating_sub(1),
        }
        if depth == 0 {
            return (i + 1, leaves);
        }
    }
    (tree.len(), leaves)
}

impl<T: Copy> HTuple<T> {
    /// The leaf `v`.
    pub fn leaf(v: T) -> Self {
        let mut t = HTuple::unfinished();
        t.push_leaf(v);
        t
    }

    /// The empty tuple `()`.
    pub fn empty() -> Self {
        let mut t = HTuple::unfinished();
        t.push_open();
        t.push_close();
        t
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
        let mut t = HTuple::unfinished();
        t.push_open();
        for v in leaves {
            t.push_leaf(v);
        }
        t.push_close();
        t
    }

    /// Borrow the whole tuple.
    #[inline]
    pub fn as_ref(&self) -> HRef<'_, T> {
        HRef {
            tree: self.store.tokens(),
            leaves: self.store.leaves(),
        }
    }

    /// The nodes in preorder: every leaf, and a header for every tuple.
    pub fn nodes(&self) -> impl Iterator<Item = Node<T>> + '_ {
        self.as_ref().nodes()
    }
    /// Number of nodes (leaves plus tuple headers).
    pub fn node_count(&self) -> usize {
        self.as_ref().node_count()
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
    /// The leaves in order, as a slice.
    pub fn leaf_slice(&self) -> &[T] {
        self.store.leaves()
    }
    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.store.lens().1
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
        let tree = self.store.tokens();
        first_subtree(tree).0 == tree.len()
    }
}

impl<'a, T: Copy> HRef<'a, T> {
    /// Whether this is a single leaf.
    #[inline]
    pub fn is_leaf(self) -> bool {
        self.tree[0] == LEAF
    }
    /// The leaf value, if this is a leaf.
    #[inline]
    pub fn as_leaf(self) -> Option<T> {
        if self.tree[0] == LEAF {
            Some(self.leaves[0])
        } else {
            None
        }
    }
    /// The nodes of this subtree in preorder: every leaf, and a header for
    /// every tuple.
    pub fn nodes(self) -> impl Iterator<Item = Node<T>> + 'a {
        let mut leaf = 0usize;
        let tree = self.tree;
        let leaves = self.leaves;
        (0..tree.len()).filter_map(move |i| match tree[i] {
            LEAF => {
                leaf += 1;
                Some(Node::Leaf(leaves[leaf - 1]))
            }
            OPEN => {
                let (n, l) = first_subtree(&tree[i..]);
                let sub = HRef {
                    tree: &tree[i..i + n],
                    leaves: &leaves[leaf..leaf + l],
                };
                Some(Node::Tuple {
                    arity: sub.rank() as u32,
                    span: sub.node_count() as u32,
                })
            }
            _ => None,
        })
    }
    /// Number of nodes (leaves plus tuple headers).
    pub fn node_count(self) -> usize {
        node_count(self.tree)
    }
    /// CuTe `rank`.
    pub fn rank(self) -> usize {
        rank(self.tree)
    }
    /// CuTe `depth`.
    pub fn depth(self) -> usize {
        depth(self.tree)
    }
    /// The modes (for a leaf, the leaf itself).
    pub fn modes(self) -> Modes<'a, T> {
        Modes {
            tree: mode_tokens(self.tree),
            leaves: self.leaves,
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
    #[inline]
    pub fn leaves(self) -> impl DoubleEndedIterator<Item = T> + Clone + 'a {
        self.leaves.iter().copied()
    }
    /// The leaves in order, as a slice.
    #[inline]
    pub fn leaf_slice(self) -> &'a [T] {
        self.leaves
    }
    /// Number of leaves.
    #[inline]
    pub fn leaf_count(self) -> usize {
        self.leaves.len()
    }
    /// The nesting tokens (`LEAF`, `OPEN`, `CLOSE` in preorder) and the
    /// leaves, for walks that visit every token once.
    #[inline]
    pub(crate) fn raw(self) -> (&'a [u8], &'a [T]) {
        (self.tree, self.leaves)
    }
    /// The view of the tokens `tree` over the leaves `leaves` (as many as
    /// `tree` has leaf tokens).
    #[inline]
    pub(crate) fn from_raw(tree: &'a [u8], leaves: &'a [T]) -> Self {
        HRef { tree, leaves }
    }
    /// Copy into an owned tuple.
    pub fn to_owned(self) -> HTuple<T> {
        let mut t = HTuple::unfinished();
        t.push_ref(self);
        t
    }
    /// Same structure, leaves mapped by `f`.
    pub fn map<U: Copy>(self, mut f: impl FnMut(T) -> U) -> HTuple<U> {
        let mut t = HTuple::unfinished();
        t.push_raw(self.tree, self.leaves.iter().map(|&v| f(v)));
        t
    }
    /// Same structure, leaves mapped by a fallible `f`.
    pub fn try_map<U: Copy, E>(self, mut f: impl FnMut(T) -> Result<U, E>) -> Result<HTuple<U>, E> {
        let mut t = HTuple::unfinished();
        for &b in self.tree {
            t.store.push_token(b);
        }
        for &v in self.leaves {
            t.store.push_value(f(v)?);
        }
        Ok(t)
    }
    /// CuTe `flatten`.
    pub fn flatten(self) -> HTuple<T> {
        match self.as_leaf() {
            Some(v) => HTuple::leaf(v),
            None => HTuple::from_leaves(self.leaves()),
        }
    }
    /// Whether `self` and `other` have the same tree structure.
    #[inline]
    pub fn congruent<U: Copy>(self, other: HRef<'_, U>) -> bool {
        self.tree == other.tree
    }
}

/// Number of nodes (leaves plus tuple headers) of the tokens `tree`.
pub(crate) fn node_count(tree: &[u8]) -> usize {
    tree.iter().filter(|&&b| b != CLOSE).count()
}

/// CuTe `rank` of the one tree `tree`.
pub(crate) fn rank(tree: &[u8]) -> usize {
    if tree[0] == LEAF {
        return 1;
    }
    let mut depth = 0usize;
    let mut n = 0usize;
    for &b in &tree[1..] {
        match b {
            LEAF => n += usize::from(depth == 0),
            OPEN => {
                n += usize::from(depth == 0);
                depth += 1;
            }
            _ if depth == 0 => break,
            _ => depth -= 1,
        }
    }
    n
}

/// CuTe `depth` of the tokens `tree`.
pub(crate) fn depth(tree: &[u8]) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for &b in tree {
        match b {
            LEAF => {}
            OPEN => {
                depth += 1;
                max = max.max(depth);
            }
            _ => depth = depth.saturating_sub(1),
        }
    }
    max
}

/// The tokens of the modes of the one tree `tree`, one after the other (a
/// leaf is its own single mode).
#[inline]
pub(crate) fn mode_tokens(tree: &[u8]) -> &[u8] {
    if tree[0] == LEAF {
        tree
    } else {
        &tree[1..]
    }
}

/// The number of tokens and of leaves of the next mode in `tokens` (as
/// [`mode_tokens`] lists them), `None` at the end.
#[inline]
pub(crate) fn next_mode(tokens: &[u8]) -> Option<(usize, usize)> {
    match *tokens.first()? {
        LEAF => Some((1, 1)),
        OPEN => Some(first_subtree(tokens)),
        _ => None,
    }
}

/// Iterator over the modes of a tuple.
#[derive(Clone)]
pub struct Modes<'a, T> {
    tree: &'a [u8],
    leaves: &'a [T],
}

impl<'a, T: Copy> Iterator for Modes<'a, T> {
    type Item = HRef<'a, T>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (n, l) = next_mode(self.tree)?;
        let (tree, tail) = self.tree.split_at(n);
        let (leaves, rest) = self.leaves.split_at(l);
        self.tree = tail;
        self.leaves = rest;
        Some(HRef { tree, leaves })
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
pub struct Builder<T: Copy> {
    tuple: HTuple<T>,
    open: usize,
}

impl<T: Copy> Default for Builder<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy> Builder<T> {
    /// An empty builder.
    #[inline]
    pub fn new() -> Self {
        Builder {
            tuple: HTuple::unfinished(),
            open: 0,
        }
    }
    /// Start a tuple.
    #[inline]
    pub fn open(&mut self) {
        self.open += 1;
        self.tuple.push_open();
    }
    /// Finish the innermost open tuple.
    #[inline]
    pub fn close(&mut self) {
        assert!(self.open > 0, "Builder::close without open");
        self.open -= 1;
        self.tuple.push_close();
    }
    /// Append a leaf.
    #[inline]
    pub fn leaf(&mut self, v: T) {
        self.tuple.push_leaf(v);
    }
    /// Append a whole subtree.
    #[inline]
    pub fn push(&mut self, t: HRef<'_, T>) {
        self.tuple.push_ref(t);
    }
    /// Append the subtree of the tokens `tree` over the leaves `leaves` (as
    /// many as `tree` has leaf tokens).
    #[inline]
    pub(crate) fn push_raw(&mut self, tree: &[u8], leaves: impl Iterator<Item = T>) {
        self.tuple.push_raw(tree, leaves);
    }
    /// Number of tuples still open.
    pub fn depth(&self) -> usize {
        self.open
    }
    /// The finished tuple. Panics if a tuple is still open or nothing was
    /// pushed (a programming error, not an input error).
    #[inline]
    pub fn finish(self) -> HTuple<T> {
        assert!(
            self.open == 0 && !self.tuple.is_unfinished(),
            "unbalanced Builder"
        );
        self.tuple
    }
}

/// Construction in place, for [`Builder`] and the layout builder that
/// appends to a shape and its stride leaves at once.
impl<T: Copy> HTuple<T> {
    /// No tokens yet: not a tuple until something is appended.
    #[inline]
    pub(crate) fn unfinished() -> Self {
        HTuple {
            store: Store::new(),
        }
    }
    /// Append the opening of a tuple.
    #[inline]
    pub(crate) fn push_open(&mut self) {
        self.store.push_token(OPEN);
    }
    /// Append the closing of a tuple.
    #[inline]
    pub(crate) fn push_close(&mut self) {
        self.store.push_token(CLOSE);
    }
    /// Append a leaf; returns its index.
    #[inline(always)]
    pub(crate) fn push_leaf(&mut self, v: T) -> usize {
        self.store.push_leaf(v)
    }
    /// Append the tokens `tree` and the leaves `leaves` (as many as `tree`
    /// has leaf tokens).
    #[inline]
    pub(crate) fn push_raw(&mut self, tree: &[u8], leaves: impl Iterator<Item = T>) {
        for &b in tree {
            self.store.push_token(b);
        }
        for v in leaves {
            self.store.push_value(v);
        }
    }
    /// Append a whole subtree.
    #[inline]
    pub(crate) fn push_ref(&mut self, t: HRef<'_, T>) {
        // Element by element: the pieces are a few tokens and leaves long,
        // shorter than a call to `memcpy` costs.
        self.push_raw(t.tree, t.leaves.iter().copied());
    }
    /// Whether nothing has been appended.
    #[inline]
    pub(crate) fn is_unfinished(&self) -> bool {
        self.store.lens().0 == 0
    }
    /// Where the next item will start, for [`HTuple::group_leaves`].
    #[inline]
    pub(crate) fn mark(&self) -> (usize, usize) {
        self.store.lens()
    }
    /// Drop the items appended since `mark`.
    #[inline]
    pub(crate) fn truncate(&mut self, mark: (usize, usize)) {
        self.store.truncate(mark.0, mark.1);
    }
    /// The items appended since `mark`, borrowed (one tuple when a single
    /// subtree was appended).
    #[inline]
    pub(crate) fn since(&self, mark: (usize, usize)) -> HRef<'_, T> {
        HRef {
            tree: &self.store.tokens()[mark.0..],
            leaves: &self.store.leaves()[mark.1..],
        }
    }
    /// Make the leaves appended since `mark` one item: a single leaf stays
    /// a leaf, several become a flat tuple (out of line: the callers test for
    /// the single leaf first).
    #[inline(never)]
    pub(crate) fn group_leaves(&mut self, mark: (usize, usize)) {
        if self.store.lens().1 - mark.1 != 1 {
            // Only leaf tokens follow `mark`: the first becomes the opening
            // and one more leaf token is appended, so no token is shifted.
            debug_assert!(self.store.tokens()[mark.0..].iter().all(|&b| b == LEAF));
            if let Some(first) = self.store.tokens_mut().get_mut(mark.0) {
                *first = OPEN;
                self.store.push_token(LEAF);
            } else {
                self.store.push_token(OPEN);
            }
            self.store.push_token(CLOSE);
        }
    }
}

/// CuTe notation of a tuple view: its `leaf` alone, or its `modes` in
/// parentheses (`(4,(3,2))`, a rank-1 tuple as `(4)`); shared by the shape
/// and stride views.
pub(crate) fn fmt_cute<L: fmt::Display, M: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    leaf: Option<L>,
    modes: impl Iterator<Item = M>,
) -> fmt::Result {
    if let Some(v) = leaf {
        return write!(f, "{v}");
    }
    f.write_str("(")?;
    for (i, m) in modes.enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{m}")?;
    }
    f.write_str(")")
}

impl<T: Copy + fmt::Display> fmt::Display for HRef<'_, T> {
    /// CuTe notation: `(4,(3,2))`, a leaf alone as `4`, a rank-1 tuple as `(4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_cute(f, self.as_leaf(), self.modes())
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// `depth` nested tuples around the leaf 4: `((…(4)…))`.
    fn nested(depth: usize) -> HTuple<i64> {
        let mut b = Builder::new();
        (0..depth).for_each(|_| b.open());
        b.leaf(4);
        (0..depth).for_each(|_| b.close());
        b.finish()
    }

    #[test]
    fn leaves_stay_inline_up_to_16_and_read_back_after_truncation_and_the_move_to_the_heap() {
        let mut t: HTuple<i64> = HTuple::unfinished();
        t.push_open();
        for v in 0..16 {
            assert_eq!(t.push_leaf(10 * v), v as usize);
        }
        assert!(matches!(t.store, Store::Inline { .. }));
        let inline = t.clone();
        // Cut back to 3 leaves, then appended again: the reused slots hold
        // the new values.
        t.truncate((4, 3));
        for v in 3..16 {
            t.push_leaf(-v);
        }
        t.push_close();
        let want: Vec<i64> = (0..3).map(|v| 10 * v).chain((3..16).map(|v| -v)).collect();
        assert_eq!(t.leaves().collect::<Vec<_>>(), want);
        assert_eq!(
            inline.leaf_slice(),
            (0..16).map(|v| 10 * v).collect::<Vec<_>>()
        );
        // A 17th leaf moves tokens and leaves to the heap, values kept.
        let mut heap = inline.clone();
        assert_eq!(heap.push_leaf(160), 16);
        heap.push_close();
        assert!(matches!(heap.store, Store::Heap { .. }));
        assert_eq!(
            heap.leaves().collect::<Vec<_>>(),
            (0..17).map(|v| 10 * v).collect::<Vec<_>>()
        );
        assert_eq!(
            heap.to_string(),
            HTuple::from_leaves((0..17).map(|v| 10 * v)).to_string()
        );
        // Mapped and cloned tuples read the same leaves.
        let mapped = t.map(|v| v + 1);
        assert_eq!(
            mapped.leaves().collect::<Vec<_>>(),
            want.iter().map(|v| v + 1).collect::<Vec<_>>()
        );
        assert_eq!(t.clone(), t);
    }

    #[test]
    fn the_nesting_moves_to_the_heap_past_46_tokens_and_compares_by_its_tokens() {
        let inline = nested(22); // 45 tokens
        let heap = nested(23); // 47 tokens
        assert!(matches!(inline.store, Store::Inline { .. }));
        assert!(matches!(heap.store, Store::Heap { .. }));
        assert_eq!((inline.depth(), heap.depth()), (22, 23));
        assert_eq!(heap.mode(0).unwrap().to_owned(), nested(22));
        let parsed = crate::runtime::IntTuple::parse_shape(&heap.to_string());
        assert_eq!(parsed, heap);
        // Spilled, then cut back: equal to (and hashed as) the inline tuple.
        let mut cut = HTuple::unfinished();
        cut.push_ref(inline.as_ref());
        let mark = cut.mark();
        cut.push_ref(heap.as_ref());
        assert!(matches!(cut.store, Store::Heap { .. }));
        cut.truncate(mark);
        assert_eq!(cut, inline);
        let h = std::hash::RandomState::new();
        use core::hash::BuildHasher;
        assert_eq!(h.hash_one(&cut), h.hash_one(&inline));
        // Keeping 256 tokens of an inline tuple keeps all of them (no wrap
        // of the one-byte count).
        let mut all = inline.clone();
        all.truncate((256, 1));
        assert_eq!(all, inline);
    }
}
