//! The value layer of the mixed (static + `Dyn`) operations, kept out of the
//! generic code: a layout's leaves read into flat arrays, the static facts of
//! a layout type as constant arrays of `Option<i64>` (the static value, `None`
//! for a dynamic leaf), and the typed result built back from flat values.
//!
//! A mixed operation is a generic function instantiated per operand type; what
//! it computes at run time is done by functions that are not generic, over
//! these arrays, so that each instantiation generates only this thin glue
//! (reading the leaves, placing the results) and the compiler does not copy
//! the arithmetic, the checks and the errors into every one (the compile time
//! of mixed operations, `benches/README.md`). The result's structure and its static leaves still
//! come from the types.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! // try_right_inverse reads A's leaves (4, 2 : 2, 1) as flat values, finds
//! // the chain without generic code, and places the dynamic extent 4.
//! let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_2, _1]).unwrap();
//! assert_eq!(format!("{:#}", try_right_inverse(a).unwrap()), "(_2,4):(4,_1)");
//! ```

use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;

use super::modes::StaticValue;
use crate::runtime::tuple::{CLOSE, LEAF, OPEN};
use crate::runtime::{Builder, LayoutError, Stride};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::layout_fault;
use crate::typelevel::Layout;
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

/// Leaf values in order (the value code's working lists).
pub(crate) type Values = SmallVec<[i64; 8]>;

/// The most leaves a tuple of a mixed operation's operand or result may have
/// (a tuple with more is a compile error).
const MAX_LEAVES: usize = 64;

/// The most leaves a composition plan holds: as many as a flat array of leaves.
pub(crate) const MAX: usize = MAX_LEAVES;
/// The source of a stride that is static.
pub(crate) const STATIC: usize = usize::MAX;

/// The plan of `A ∘ B`: for each result leaf in order, its extent and its
/// stride, `value` where `src` is [`STATIC`], else `factor` times `A`'s flat
/// stride number `src`. `ok` is false where the plan is not taken.
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Clone, Copy)]
pub struct Plan {
    pub(crate) ok: bool,
    pub(crate) len: usize,
    pub(crate) shape: [i64; MAX],
    pub(crate) factor: [i64; MAX],
    pub(crate) src: [usize; MAX],
    pub(crate) value: [i64; MAX],
}

/// A tuple's leaf values in order, as generic code reads them from a typed
/// layout and hands them to the value code: a fixed array, so that it needs no
/// drop. Generic code that holds a value whose type needs drop gets cleanup
/// code for unwinding at every call, compiled again for every operand and
/// result type (with `SmallVec`: 10 % of a mixed complement's compile time).
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Clone, Copy)]
pub struct LeafValues {
    len: usize,
    leaves: [i64; MAX_LEAVES],
}
impl LeafValues {
    pub(crate) const fn new() -> Self {
        LeafValues {
            len: 0,
            leaves: [0; MAX_LEAVES],
        }
    }
    /// Appends `v`: a tuple of more than 64 leaves is a compile error
    /// ([`FlatLeaves::STATICS`]), so it always has room.
    fn push(&mut self, v: i64) {
        if let Some(slot) = self.leaves.get_mut(self.len) {
            *slot = v;
            self.len += 1;
        }
    }
}
/// The working lists `(s, d)` as [`LeafValues`]; `None` past [`MAX_LEAVES`]
/// (a result that no type of at most 64 leaves holds).
pub(crate) fn leaf_values((s, d): (Values, Values)) -> Option<(LeafValues, LeafValues)> {
    // Filled in place: arrays built apart would be copied into the pair,
    // then into the `Some` (a mixed composition: 300 of 4,600 instructions).
    let mut out = (LeafValues::new(), LeafValues::new());
    out.0.leaves.get_mut(..s.len())?.copy_from_slice(&s);
    out.1.leaves.get_mut(..d.len())?.copy_from_slice(&d);
    (out.0.len, out.1.len) = (s.len(), d.len());
    Some(out)
}
impl core::ops::Deref for LeafValues {
    type Target = [i64];
    fn deref(&self) -> &[i64] {
        &self.leaves[..self.len]
    }
}

/// The static values of a tuple's leaves in order, `None` for a dynamic leaf,
/// computed when the program compiles (a constant per type, so that no code
/// is generated for it).
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Clone, Copy)]
pub struct Statics {
    len: usize,
    leaves: [Option<i64>; MAX_LEAVES],
}
impl Statics {
    const EMPTY: Self = Statics {
        len: 0,
        leaves: [None; MAX_LEAVES],
    };
    const fn push(mut self, leaf: Option<i64>) -> Self {
        assert!(
            self.len < MAX_LEAVES,
            "a mixed operation takes tuples of at most 64 leaves"
        );
        self.leaves[self.len] = leaf;
        self.len += 1;
        self
    }
    const fn append(mut self, tail: Self) -> Self {
        let mut i = 0;
        while i < tail.len {
            self = self.push(tail.leaves[i]);
            i += 1;
        }
        self
    }
    /// Whether every leaf is static.
    const fn all_static(&self) -> bool {
        let mut i = 0;
        while i < self.len {
            if self.leaves[i].is_none() {
                return false;
            }
            i += 1;
        }
        true
    }
    /// The number of leaves.
    pub(crate) const fn len(&self) -> usize {
        self.len
    }
    /// Leaf `i`'s static value (`None` for a dynamic leaf or past the end).
    pub(crate) const fn leaf(&self, i: usize) -> Option<i64> {
        if i < self.len {
            self.leaves[i]
        } else {
            None
        }
    }
    /// The leaves' static values.
    pub(crate) fn get(&self) -> &[Option<i64>] {
        &self.leaves[..self.len]
    }
}

/// The most nesting tokens (a leaf, or the opening or closing of a tuple) of a
/// tuple whose runtime layout a mixed operation builds.
const MAX_TOKENS: usize = MAX_LEAVES + 2 * MAX_LEAVES;

/// The nesting of a tuple as the runtime layer's tokens (a leaf, the opening
/// or the closing of a tuple, in preorder), computed when the program
/// compiles: with the flat leaf values it gives the runtime layer's tuple
/// without generic code.
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Clone, Copy)]
pub struct Tree {
    len: usize,
    tokens: [u8; MAX_TOKENS],
}
impl Tree {
    const EMPTY: Self = Tree {
        len: 0,
        tokens: [0; MAX_TOKENS],
    };
    const LEAF: Self = Tree::EMPTY.push(LEAF);
    const fn push(mut self, token: u8) -> Self {
        assert!(
            self.len < MAX_TOKENS,
            "a mixed operation takes tuples of at most 64 leaves and 64 tuples"
        );
        self.tokens[self.len] = token;
        self.len += 1;
        self
    }
    /// `(items)`: the tokens `items` inside a tuple.
    const fn tuple(items: Self) -> Self {
        let mut t = Tree::EMPTY.push(OPEN);
        let mut i = 0;
        while i < items.len {
            t = t.push(items.tokens[i]);
            i += 1;
        }
        t.push(CLOSE)
    }
    /// `self` then `tail`.
    const fn append(mut self, tail: Self) -> Self {
        let mut i = 0;
        while i < tail.len {
            self = self.push(tail.tokens[i]);
            i += 1;
        }
        self
    }
    fn get(&self) -> &[u8] {
        &self.tokens[..self.len]
    }
}

/// A result leaf made from its computed value.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FillLeaf: Copy {
    /// The leaf (`None` for a value it cannot hold).
    fn fill_leaf(v: i64) -> Option<Self>
    where
        Self: Sized;
}
impl FillLeaf for Dyn {
    fn fill_leaf(v: i64) -> Option<Self> {
        Some(Dyn(v))
    }
}
impl<U: Unsigned + NonZero> FillLeaf for PInt<U>
where
    Self: StaticValue,
{
    fn fill_leaf(_: i64) -> Option<Self> {
        Some(StaticValue::VALUE)
    }
}
impl<U: Unsigned + NonZero> FillLeaf for NInt<U>
where
    Self: StaticValue,
{
    fn fill_leaf(_: i64) -> Option<Self> {
        Some(StaticValue::VALUE)
    }
}
impl FillLeaf for Z0 {
    fn fill_leaf(_: i64) -> Option<Self> {
        Some(Z0)
    }
}
impl<N: Unsigned + NonZero> FillLeaf for DivBy<N> {
    fn fill_leaf(v: i64) -> Option<Self> {
        DivBy::new(v).ok()
    }
}

/// A leaf or a tuple of leaves (nested or not), read into and built from flat
/// arrays of its leaves in order.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatLeaves: Copy {
    /// The leaves' static values.
    const STATICS: Statics;
    /// The nesting of this leaf or tuple.
    const TREE: Tree;
    /// The nesting of an HList's items without the tuple around them (a leaf's
    /// own for a leaf).
    const ITEMS: Tree;
    /// [`Self::TREE`](FlatLeaves::TREE) as a constant reference.
    const TREE_REF: &'static Tree = &Self::TREE;
    /// Appends the leaves' values.
    fn push_values(&self, out: &mut LeafValues);
    /// The tuple of the values from `values[*at]` on, `at` moved past them (a
    /// static leaf is its own value and skips one); `None` when the values run
    /// out or one does not fit its leaf (a `DivBy` leaf's divisor).
    fn place(values: &[i64], at: &mut usize) -> Option<Self>;
    /// Leaf `k`'s value (`0` past the leaves): after inlining, with `k` a
    /// constant, one read and no branch.
    fn leaf_at(&self, k: usize) -> i64;
    /// The extents of a plan from leaf `*at` on (see `composition/plan.rs`).
    fn plan_shape(plan: &Plan, at: &mut usize) -> Option<Self>;
    /// The strides of a plan from leaf `*at` on: static, or `a`'s strides
    /// times the plan's factors (a stride of an extent-1 leaf checked, `None`
    /// past `i64`; the others are offsets of `a`, see `composition/plan.rs`).
    fn plan_stride<A: FlatLayout>(plan: &Plan, a: &A, at: &mut usize) -> Option<Self>;
}
// The recursions below use plain `match`es: `?` and closures would add
// functions per type (`branch`, `from_residual`, the closure), each walked
// and compiled again for every operand and result type.
impl<L: IntLeaf + FillLeaf> FlatLeaves for L {
    const STATICS: Statics = Statics::EMPTY.push(L::STATIC);
    const TREE: Tree = Tree::LEAF;
    const ITEMS: Tree = Tree::LEAF;
    fn push_values(&self, out: &mut LeafValues) {
        out.push(self.value());
    }
    fn place(values: &[i64], at: &mut usize) -> Option<Self> {
        match values.get(*at) {
            Some(&v) => {
                *at += 1;
                L::fill_leaf(v)
            }
            None => None,
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leaf_at(&self, _: usize) -> i64 {
        self.value()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plan_shape(plan: &Plan, at: &mut usize) -> Option<Self> {
        let i = *at % MAX_LEAVES;
        *at += 1;
        L::fill_leaf(plan.shape[i])
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plan_stride<A: FlatLayout>(plan: &Plan, a: &A, at: &mut usize) -> Option<Self> {
        let i = *at % MAX_LEAVES;
        *at += 1;
        if L::STATIC.is_some() {
            return L::fill_leaf(0);
        }
        let v = match plan.src[i] {
            STATIC => plan.value[i],
            k => {
                let x = a.stride_at(k);
                if plan.shape[i] == 1 {
                    x.checked_mul(plan.factor[i])?
                } else {
                    x.wrapping_mul(plan.factor[i])
                }
            }
        };
        L::fill_leaf(v)
    }
}
impl FlatLeaves for HNil {
    const STATICS: Statics = Statics::EMPTY;
    const TREE: Tree = Tree::tuple(Tree::EMPTY);
    const ITEMS: Tree = Tree::EMPTY;
    fn push_values(&self, _: &mut LeafValues) {}
    fn place(_: &[i64], _: &mut usize) -> Option<Self> {
        Some(HNil)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leaf_at(&self, _: usize) -> i64 {
        0
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plan_shape(_: &Plan, _: &mut usize) -> Option<Self> {
        Some(HNil)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plan_stride<A: FlatLayout>(_: &Plan, _: &A, _: &mut usize) -> Option<Self> {
        Some(HNil)
    }
}
impl<H: FlatLeaves, T: FlatLeaves> FlatLeaves for HCons<H, T> {
    const STATICS: Statics = H::STATICS.append(T::STATICS);
    const TREE: Tree = Tree::tuple(Self::ITEMS);
    const ITEMS: Tree = H::TREE.append(T::ITEMS);
    fn push_values(&self, out: &mut LeafValues) {
        self.head.push_values(out);
        self.tail.push_values(out);
    }
    fn place(values: &[i64], at: &mut usize) -> Option<Self> {
        match H::place(values, at) {
            Some(head) => match T::place(values, at) {
                Some(tail) => Some(HCons { head, tail }),
                None => None,
            },
            None => None,
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leaf_at(&self, k: usize) -> i64 {
        if k < H::STATICS.len {
            self.head.leaf_at(k)
        } else {
            self.tail.leaf_at(k - H::STATICS.len)
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plan_shape(plan: &Plan, at: &mut usize) -> Option<Self> {
        match H::plan_shape(plan, at) {
            Some(head) => match T::plan_shape(plan, at) {
                Some(tail) => Some(HCons { head, tail }),
                None => None,
            },
            None => None,
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plan_stride<A: FlatLayout>(plan: &Plan, a: &A, at: &mut usize) -> Option<Self> {
        match H::plan_stride(plan, a, at) {
            Some(head) => match T::plan_stride(plan, a, at) {
                Some(tail) => Some(HCons { head, tail }),
                None => None,
            },
            None => None,
        }
    }
}

/// A tuple's leaf values in order, as the value code reads them (a tuple of
/// more than 64 leaves is a compile error).
pub(crate) fn leaves_of<T: FlatLeaves>(t: &T) -> LeafValues {
    const { assert!(T::STATICS.len <= MAX_LEAVES) };
    let mut v = LeafValues::new();
    t.push_values(&mut v);
    v
}

/// The runtime layer's tuple of the leaf values `v` nested as `tree` (a
/// borrowed view: nothing is copied).
pub(crate) fn runtime_tuple<'a>(tree: &'static Tree, v: &'a [i64]) -> crate::runtime::IntRef<'a> {
    crate::runtime::tuple::HRef::from_raw(tree.get(), v)
}

/// The tuple `R` of the leaf values `v` (all of them), or `overflow(op)`
/// where a leaf of `R` cannot hold its value.
pub(crate) fn placed_leaves<R: FlatLeaves>(v: &[i64], op: &'static str) -> Result<R, LayoutError> {
    let mut at = 0;
    match R::place(v, &mut at) {
        Some(r) if at == v.len() => Ok(r),
        _ => Err(LayoutError::overflow(op)),
    }
}

/// The static values of a layout's extents and strides.
pub(crate) type LayoutStatics = (&'static Statics, &'static Statics);

/// A layout's shape and stride leaves as flat arrays, in order.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatLayout: Copy {
    /// The extents' and strides' static values.
    const STATICS: LayoutStatics;
    /// The shape's nesting.
    const TREE: &'static Tree;
    /// The extents' and strides' values.
    fn values(&self) -> (LeafValues, LeafValues);
    /// The layout of the extents `s` and strides `d` (all of them), unchecked:
    /// the caller checked them with [`fault`].
    fn place(s: &[i64], d: &[i64]) -> Option<Self>;
    /// Flat stride leaf `k`'s value.
    fn stride_at(&self, k: usize) -> i64;
    /// The layout a composition's plan gives with `a`'s strides (see
    /// `composition/plan.rs`).
    fn planned<A: FlatLayout>(plan: &Plan, a: &A) -> Option<Self>;
}
impl<S: FlatLeaves, D: FlatLeaves> FlatLayout for Layout<S, D> {
    const STATICS: LayoutStatics = (&S::STATICS, &D::STATICS);
    const TREE: &'static Tree = S::TREE_REF;
    fn values(&self) -> (LeafValues, LeafValues) {
        // At most 64 leaves each, or a compile error (`STATICS`'s).
        const { assert!(S::STATICS.len <= MAX_LEAVES && D::STATICS.len <= MAX_LEAVES) };
        let (mut s, mut d) = (LeafValues::new(), LeafValues::new());
        self.shape.push_values(&mut s);
        self.stride.push_values(&mut d);
        (s, d)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn place(s: &[i64], d: &[i64]) -> Option<Self> {
        let (mut i, mut j) = (0, 0);
        match (S::place(s, &mut i), D::place(d, &mut j)) {
            (Some(shape), Some(stride)) if i == s.len() && j == d.len() => {
                Some(Layout { shape, stride })
            }
            _ => None,
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn stride_at(&self, k: usize) -> i64 {
        self.stride.leaf_at(k)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn planned<A: FlatLayout>(plan: &Plan, a: &A) -> Option<Self> {
        let (mut i, mut j) = (0, 0);
        match (S::plan_shape(plan, &mut i), D::plan_stride(plan, a, &mut j)) {
            (Some(shape), Some(stride)) => Some(Layout { shape, stride }),
            _ => None,
        }
    }
}

/// An operand of a mixed operation as its value code reads it: the flat
/// extents and strides, their static values, the shape's nesting (for the
/// runtime layer's layout, which the run-time rules and their messages take,
/// built only where they are needed).
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct Flat {
    pub(crate) s: LeafValues,
    pub(crate) d: LeafValues,
    pub(crate) statics: LayoutStatics,
    tree: &'static Tree,
}
impl Flat {
    /// The runtime layer's layout (as `to_dynamic` builds it).
    pub(crate) fn runtime(&self) -> crate::runtime::Layout {
        runtime_layout((&self.s, &self.d), self.tree)
    }
}
/// The operand in CuTe notation (its runtime layer's layout, built only when
/// shown: an error's message).
impl core::fmt::Display for Flat {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.runtime().fmt(f)
    }
}
/// Flat extents and strides in CuTe notation, as an error shows a result.
pub(crate) struct ModesText<'a>(pub(crate) &'a [i64], pub(crate) &'a [i64]);
impl core::fmt::Display for ModesText<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let modes: SmallVec<[(i64, Stride); 16]> = self
            .0
            .iter()
            .zip(self.1)
            .map(|(&s, &d)| (s, Stride::Int(d)))
            .collect();
        crate::runtime::algebra::mode_list::layout_of(&modes).fmt(f)
    }
}

/// The layout `R` of a mixed operation's result `values` (flat extents and
/// strides, from the value code), or its error: `overflow()` where a leaf of
/// `R` cannot hold its value. One function per result type that the plans'
/// `run` share, with no `?` or closure (each would add a function per type).
pub(crate) fn placed<R: FlatLayout>(
    values: Result<(LeafValues, LeafValues), LayoutError>,
    overflow: fn() -> LayoutError,
) -> Result<R, LayoutError> {
    match values {
        Ok((s, d)) => match R::place(&s, &d) {
            Some(r) => Ok(r),
            None => Err(overflow()),
        },
        Err(e) => Err(e),
    }
}

/// A layout whose leaves a mixed operation reads as a [`Flat`], behind `dyn`:
/// one function per operand type, which reads the leaves (the runtime
/// layout is built from them and the constant nesting by code that is not
/// generic, not through the generic `to_dynamic`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatOperand {
    /// The flat leaves.
    fn flat_leaves(&self) -> Flat;
}
impl<S: FlatLeaves, D: FlatLeaves> FlatOperand for Layout<S, D> {
    fn flat_leaves(&self) -> Flat {
        let (mut s, mut d) = (LeafValues::new(), LeafValues::new());
        self.shape.push_values(&mut s);
        self.stride.push_values(&mut d);
        Flat {
            s,
            d,
            statics: Self::STATICS,
            tree: S::TREE_REF,
        }
    }
}

/// An operand of a mixed operation: its static values and nesting where
/// every leaf is static (no code per type reads them), else the operand
/// behind `dyn` (see [`operand`]).
#[derive(Clone, Copy)]
#[doc(hidden)] // a helper, public only because public types name it
pub enum Operand<'a> {
    /// Every leaf static: the leaves' values and the shape's nesting.
    Static(LayoutStatics, &'static Tree),
    /// A dynamic leaf: the leaves are read from the layout.
    Dynamic(&'a dyn FlatOperand),
}
impl Operand<'_> {
    /// The flat leaves.
    pub(crate) fn flat_leaves(&self) -> Flat {
        match *self {
            Operand::Static(statics, tree) => {
                let values = |st: &Statics| {
                    let mut v = LeafValues::new();
                    for &x in st.get().iter().flatten() {
                        v.push(x);
                    }
                    v
                };
                Flat {
                    s: values(statics.0),
                    d: values(statics.1),
                    statics,
                    tree,
                }
            }
            Operand::Dynamic(l) => l.flat_leaves(),
        }
    }
}
/// `l` as an [`Operand`]: a layout of static leaves only is its constants.
// Inlined in debug builds too: a constant branch, cheaper in the caller than
// as one more function per type (composition, N = 50: 21.6 -> 21.5 M).
#[inline(always)]
pub(crate) fn operand<L: FlatLayout + FlatOperand>(l: &L) -> Operand<'_> {
    if const { L::STATICS.0.all_static() && L::STATICS.1.all_static() } {
        Operand::Static(L::STATICS, L::TREE)
    } else {
        Operand::Dynamic(l)
    }
}

/// The runtime layer's layout of the flat extents `s` and strides `d` nested
/// as `tree` (the values of a layout, congruent with positive extents).
fn runtime_layout((s, d): (&[i64], &[i64]), tree: &Tree) -> crate::runtime::Layout {
    let (mut shape, mut stride) = (Builder::new(), Builder::new());
    shape.push_raw(tree.get(), s.iter().copied());
    stride.push_raw(tree.get(), d.iter().map(|&d| Stride::Int(d)));
    crate::runtime::Layout::from_parts(shape.finish(), stride.finish())
}

/// Whether the flat modes `s:d` break a rule of a layout (`Layout::try_new`'s,
/// see [`layout_fault`]).
pub(crate) fn fault(s: &[i64], d: &[i64]) -> bool {
    layout_fault(s, d).is_some()
}

/// The flat values of `coalesce(A)` (see `coalesce/leaves.rs`) from `A`'s flat
/// extents `s` and strides `d`, their static values, and the static values
/// of the coalesced layout's modes: the modes of `A` that have a dynamic leaf
/// and not a static extent 1, in order, [`merged`] with the static ones (the
/// coalesced static runs). `None` when they do not match (the types and this
/// rule disagree).
pub(crate) fn coalesced(
    a: (&[i64], &[i64]),
    statics: LayoutStatics,
    out: LayoutStatics,
) -> Option<(Values, Values)> {
    coalesced_by::<false>(a, statics, out)
}

/// The flat values of CuTe C++'s `coalesce_x(A)`, the form composition walks
/// (see `CoalesceXAny`): as [`coalesced`], the last leaf kept where its
/// extent is a static 1 and its stride dynamic (a static one is a static
/// mode of the result).
pub(crate) fn coalesced_x(
    a: (&[i64], &[i64]),
    statics: LayoutStatics,
    out: LayoutStatics,
) -> Option<(Values, Values)> {
    coalesced_by::<true>(a, statics, out)
}

/// [`coalesced`], or [`coalesced_x`] where `KEEP_LAST` (a constant, so that
/// each caller's walk is compiled for its rule).
fn coalesced_by<const KEEP_LAST: bool>(
    (s, d): (&[i64], &[i64]),
    (ss, ds): LayoutStatics,
    out: LayoutStatics,
) -> Option<(Values, Values)> {
    let last = if KEEP_LAST {
        s.len().checked_sub(1)
    } else {
        None
    };
    let kept = s
        .iter()
        .zip(d)
        .zip(ss.get().iter().zip(ds.get()))
        .enumerate()
        .filter(|(i, (_, (ss, ds)))| {
            (**ss != Some(1) || Some(*i) == last) && (ss.is_none() || ds.is_none())
        })
        .map(|(_, ((s, d), _))| (*s, *d));
    merged(kept, out)
}

/// The flat extents and strides of a layout whose modes' static values are
/// `out_s`, `out_d`: a static mode is its own value, a mode with a dynamic
/// leaf takes the next of the `(extent, stride)` pairs `dynamic`, in order.
/// `None` when the pairs are too few or too many (the types and the value
/// code disagree).
pub(crate) fn merged(
    mut dynamic: impl Iterator<Item = (i64, i64)>,
    (out_s, out_d): LayoutStatics,
) -> Option<(Values, Values)> {
    let (mut rs, mut rd) = (Values::new(), Values::new());
    for (os, od) in out_s.get().iter().zip(out_d.get()) {
        let (x, y) = match (os, od) {
            (Some(x), Some(y)) => (*x, *y),
            _ => dynamic.next()?,
        };
        rs.push(x);
        rd.push(y);
    }
    dynamic.next().is_none().then_some((rs, rd))
}

#[cfg(test)]
mod tests {
    use super::{operand, FlatOperand, Operand};
    use crate::typelevel::frunk_core::hlist;
    use crate::typelevel::*;
    use alloc::string::ToString;

    #[test]
    fn runtime_is_to_dynamic() {
        let n = 6;
        let l = layout!((4,({n},2)):({1},(4,24))).unwrap();
        assert_eq!(l.flat_leaves().runtime(), l.to_dynamic());
        assert_eq!(
            l.flat_leaves().runtime().to_string(),
            "(4,(6,2)):(1,(4,24))"
        );
        let e = Layout::try_new(hlist![Dyn(4), hlist![]], hlist![_1, hlist![]]).unwrap();
        assert_eq!(e.flat_leaves().runtime(), e.to_dynamic());
        let leaf = Layout::try_new(Dyn(8), _2).unwrap();
        assert_eq!(leaf.flat_leaves().runtime(), leaf.to_dynamic());
    }

    #[test]
    fn static_operand_is_its_constants() {
        let l = layout!((4,(3,2)):(2,(8,1)));
        let o = operand(&l);
        assert!(matches!(o, Operand::Static(..)));
        let (flat, read) = (o.flat_leaves(), l.flat_leaves());
        assert_eq!((&*flat.s, &*flat.d), (&*read.s, &*read.d));
        assert_eq!(flat.runtime(), l.to_dynamic());
        let m = Layout::try_new(hlist![_4, Dyn(3)], hlist![_1, _4]).unwrap();
        assert!(matches!(operand(&m), Operand::Dynamic(..)));
        assert_eq!(operand(&m).flat_leaves().runtime(), m.to_dynamic());
    }
}
