//! The value side of the mixed (static + `Dyn`) algebra, out of the generic
//! code.
//!
//! A mixed operation's result structure and its static leaves are types; its
//! `Dyn` leaves, run-time checks and errors are values, computed by one
//! non-generic function of the operation over flat leaf arrays. What is
//! generated per operand type is glue: [`TreeLeaves`] writes an operand's
//! leaves in order into an array (one small function per tuple node),
//! [`LeafFacts`] states which leaves of a flat list type are static (a
//! constant, no code), and [`PlacePairs`] builds the typed result from the
//! computed `(extent, stride)` pairs of its dynamic modes.

use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;

use super::complement_mixed::FillLeaf;
use crate::typelevel::int::{Bits, DivBy, Dyn, IntLeaf};
use crate::typelevel::Layout;
use core::fmt::Debug;
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

/// A leaf of an operand: its value, and whether its type is static.
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The value.
    pub value: i64,
    /// Whether the leaf is a static integer (`Dyn` and `DivBy` are not).
    pub fixed: bool,
}

/// An operand's leaves, flattened in order (depth first).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TreeLeaves {
    /// Appends the leaves to `out`.
    fn push_leaves(&self, out: &mut SmallVec<[Leaf; 8]>);
}
macro_rules! tree_leaf {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> TreeLeaves for $T {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn push_leaves(&self, out: &mut SmallVec<[Leaf; 8]>) {
                out.push(Leaf {
                    value: self.value(),
                    fixed: <$T as IntLeaf>::STATIC.is_some(),
                });
            }
        }
    )*};
}
tree_leaf!([U: Unsigned + NonZero + Debug + Bits] PInt<U>, [U: Unsigned + NonZero + Debug + Bits] NInt<U>,
    [] Z0, [] Dyn, [N: Unsigned + NonZero] DivBy<N>);
impl TreeLeaves for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn push_leaves(&self, _: &mut SmallVec<[Leaf; 8]>) {}
}
impl<H: TreeLeaves, T: TreeLeaves> TreeLeaves for HCons<H, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn push_leaves(&self, out: &mut SmallVec<[Leaf; 8]>) {
        self.head.push_leaves(out);
        self.tail.push_leaves(out);
    }
}

/// `Layout::try_new`'s rule on the flat modes `(extent, stride)`: every
/// extent positive, the size `Π s` and the cosize `1 + Σ (s - 1)·|d|` within
/// `i64`.
pub(crate) fn fits(modes: impl Iterator<Item = (i64, i64)>) -> bool {
    let (mut size, mut span) = (1i64, 0i64);
    for (s, d) in modes {
        let leaf = d.checked_abs().and_then(|d| (s.max(1) - 1).checked_mul(d));
        match (size.checked_mul(s), leaf.and_then(|l| span.checked_add(l))) {
            (Some(z), Some(a)) if s > 0 && a < i64::MAX => (size, span) = (z, a),
            _ => return false,
        }
    }
    true
}

/// The static facts of a flat list's leaves, in order: `Some(v)` for a static
/// leaf of value `v`, `None` for a dynamic one. A constant list (no code).
#[doc(hidden)] // a helper, public only because public bounds name it
pub type Facts = Option<&'static FactNode>;
/// One leaf of [`Facts`].
#[doc(hidden)] // a helper, public only because public bounds name it
#[derive(Debug)]
pub struct FactNode {
    /// The leaf's static value, `None` when it is dynamic.
    pub leaf: Option<i64>,
    /// The next leaves.
    pub next: Facts,
}
/// The leaves of [`Facts`], in order.
pub(crate) fn facts(list: Facts) -> impl Iterator<Item = Option<i64>> {
    core::iter::successors(list, |n| n.next).map(|n| n.leaf)
}

/// [`Facts`] of a flat list of leaves.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait LeafFacts {
    /// The facts.
    const FACTS: Facts;
}
impl LeafFacts for HNil {
    const FACTS: Facts = None;
}
impl<H: IntLeaf, T: LeafFacts> LeafFacts for HCons<H, T> {
    const FACTS: Facts = Some(&FactNode {
        leaf: H::STATIC,
        next: T::FACTS,
    });
}

/// A layout (a leaf or a flat list of modes, `Self` its shape and `D` its
/// stride) built from the `(extent, stride)` values of its dynamic modes, in
/// order: a mode with a dynamic leaf takes the next pair, a static mode is its
/// own value and takes none.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PlacePairs<D>: Sized {
    /// The shape and stride (`None` for a value a leaf cannot hold, or too
    /// few pairs).
    fn place_pairs(pairs: &mut core::slice::Iter<'_, (i64, i64)>) -> Option<(Self, D)>;
}
/// A layout built by [`PlacePairs`].
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Place: Sized {
    /// The layout (`None` for a value a leaf cannot hold, or too few pairs).
    fn place(pairs: &[(i64, i64)]) -> Option<Self>;
}
impl<S: PlacePairs<D>, D> Place for Layout<S, D> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn place(pairs: &[(i64, i64)]) -> Option<Self> {
        let (s, d) = S::place_pairs(&mut pairs.iter())?;
        Some(Layout::from_parts(s, d))
    }
}
macro_rules! place_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D: IntLeaf + FillLeaf> PlacePairs<D> for $S {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn place_pairs(pairs: &mut core::slice::Iter<'_, (i64, i64)>) -> Option<(Self, D)> {
                let (s, d) = match (<$S as IntLeaf>::STATIC, D::STATIC) {
                    (Some(s), Some(d)) => (s, d),
                    _ => *pairs.next()?,
                };
                Some((<$S as FillLeaf>::fill_leaf(s)?, D::fill_leaf(d)?))
            }
        }
    )*};
}
place_leaf!([U: Unsigned + NonZero + Debug + Bits,] PInt<U>, [] Dyn, [N: Unsigned + NonZero,] DivBy<N>);
impl PlacePairs<HNil> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn place_pairs(_: &mut core::slice::Iter<'_, (i64, i64)>) -> Option<(HNil, HNil)> {
        Some((HNil, HNil))
    }
}
impl<SH: PlacePairs<DH>, ST: PlacePairs<DT>, DH, DT> PlacePairs<HCons<DH, DT>> for HCons<SH, ST> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn place_pairs(pairs: &mut core::slice::Iter<'_, (i64, i64)>) -> Option<(Self, HCons<DH, DT>)> {
        let (sh, dh) = SH::place_pairs(pairs)?;
        let (st, dt) = ST::place_pairs(pairs)?;
        Some((HCons { head: sh, tail: st }, HCons { head: dh, tail: dt }))
    }
}
