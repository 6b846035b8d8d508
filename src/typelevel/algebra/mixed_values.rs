//! The value layer of the mixed (static + `Dyn`) operations, kept out of the
//! generic code: a layout's leaves read into flat arrays, the static facts of
//! a layout type as constant arrays of `Option<i64>` (the static value, `None`
//! for a dynamic leaf), and the typed result built back from flat values.
//!
//! A mixed operation is a generic function instantiated per operand type; what
//! it computes at run time is done by functions that are not generic, over
//! these arrays, so that each instantiation generates only this thin glue
//! (reading the leaves, placing the results) and the compiler does not copy
//! the arithmetic, the checks and the errors into every one (issue 9's
//! compile-time target). The result's structure and its static leaves still
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

use super::complement_mixed::FillLeaf;
use crate::typelevel::dynamic::ToDynamic;
use crate::typelevel::int::{Bits, DivBy, Dyn, IntLeaf};
use crate::typelevel::Layout;
use core::fmt::Debug;
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

/// Leaf values in order.
pub(crate) type Values = SmallVec<[i64; 8]>;

/// The most leaves a tuple of a mixed operation's operand or result may have
/// (a tuple with more is a compile error).
const MAX_LEAVES: usize = 64;

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
    /// The leaves' static values.
    pub(crate) fn get(&self) -> &[Option<i64>] {
        &self.leaves[..self.len]
    }
}

/// A leaf or a tuple of leaves (nested or not), read into and built from flat
/// arrays of its leaves in order.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatLeaves: Sized {
    /// The leaves' static values.
    const STATICS: Statics;
    /// Appends the leaves' values.
    fn push_values(&self, out: &mut Values);
    /// The tuple of the values from `values[*at]` on, `at` moved past them (a
    /// static leaf is its own value and skips one); `None` when the values run
    /// out or one does not fit its leaf (a `DivBy` leaf's divisor).
    fn place(values: &[i64], at: &mut usize) -> Option<Self>;
}
impl<L: IntLeaf + FillLeaf> FlatLeaves for L {
    const STATICS: Statics = Statics::EMPTY.push(L::STATIC);
    fn push_values(&self, out: &mut Values) {
        out.push(self.value());
    }
    fn place(values: &[i64], at: &mut usize) -> Option<Self> {
        let v = *values.get(*at)?;
        *at += 1;
        L::fill_leaf(v)
    }
}
impl FlatLeaves for HNil {
    const STATICS: Statics = Statics::EMPTY;
    fn push_values(&self, _: &mut Values) {}
    fn place(_: &[i64], _: &mut usize) -> Option<Self> {
        Some(HNil)
    }
}
impl<H: FlatLeaves, T: FlatLeaves> FlatLeaves for HCons<H, T> {
    const STATICS: Statics = H::STATICS.append(T::STATICS);
    fn push_values(&self, out: &mut Values) {
        self.head.push_values(out);
        self.tail.push_values(out);
    }
    fn place(values: &[i64], at: &mut usize) -> Option<Self> {
        let head = H::place(values, at)?;
        Some(HCons {
            head,
            tail: T::place(values, at)?,
        })
    }
}

/// The static values of a layout's extents and strides.
pub(crate) type LayoutStatics = (&'static Statics, &'static Statics);

/// A layout's shape and stride leaves as flat arrays, in order.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatLayout: Sized {
    /// The extents' and strides' static values.
    const STATICS: LayoutStatics;
    /// The extents' and strides' values.
    fn values(&self) -> (Values, Values);
    /// The layout of the extents `s` and strides `d` (all of them), unchecked:
    /// the caller checked them with [`fault`].
    fn place(s: &[i64], d: &[i64]) -> Option<Self>;
}
impl<S: FlatLeaves, D: FlatLeaves> FlatLayout for Layout<S, D> {
    const STATICS: LayoutStatics = (&S::STATICS, &D::STATICS);
    fn values(&self) -> (Values, Values) {
        let (mut s, mut d) = (Values::new(), Values::new());
        self.shape().push_values(&mut s);
        self.stride().push_values(&mut d);
        (s, d)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn place(s: &[i64], d: &[i64]) -> Option<Self> {
        let (mut i, mut j) = (0, 0);
        let shape = S::place(s, &mut i)?;
        let stride = D::place(d, &mut j)?;
        (i == s.len() && j == d.len()).then(|| Layout::from_parts(shape, stride))
    }
}

/// An operand of a mixed operation as the value code sees it, behind `dyn`
/// (one call from the generic glue): its flat leaves and, for the run-time
/// rules, the runtime layer's layout.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Operand {
    /// The extents' and strides' values.
    fn values(&self) -> (Values, Values);
    /// The extents' and strides' static values.
    fn statics(&self) -> LayoutStatics;
    /// The runtime layer's layout.
    fn runtime(&self) -> crate::runtime::Layout;
}
impl<L: FlatLayout + ToDynamic<Output = crate::runtime::Layout>> Operand for L {
    fn values(&self) -> (Values, Values) {
        FlatLayout::values(self)
    }
    fn statics(&self) -> LayoutStatics {
        L::STATICS
    }
    fn runtime(&self) -> crate::runtime::Layout {
        self.to_dynamic()
    }
}

/// Whether the flat modes `s:d` break a rule of a layout (`Layout::try_new`'s:
/// an extent below 1, or the size or `1 + Σ (s_i - 1)·|d_i|` beyond `i64`).
pub(crate) fn fault(s: &[i64], d: &[i64]) -> bool {
    let mut size = 1i64;
    let mut span = 0i64;
    for (&s, &d) in s.iter().zip(d) {
        if s < 1 {
            return true;
        }
        let leaf = d.checked_abs().and_then(|d| (s - 1).checked_mul(d));
        let (Some(n), Some(v)) = (size.checked_mul(s), leaf) else {
            return true;
        };
        size = n;
        span = match span.checked_add(v) {
            Some(t) if t < i64::MAX => t,
            _ => return true,
        };
    }
    false
}

/// The flat values of `coalesce(A)` (see `coalesce_mixed`) from `A`'s flat
/// extents `s` and strides `d`, their static values, and the static values
/// `out_s`, `out_d` of the coalesced layout's modes: a static mode (a
/// coalesced static run) is its own value; the others are `A`'s modes that
/// have a dynamic leaf and not a static extent 1, in order. `None` when they
/// do not match (the types and this rule disagree).
pub(crate) fn coalesced(
    (s, d): (&[i64], &[i64]),
    (ss, ds): LayoutStatics,
    (out_s, out_d): LayoutStatics,
) -> Option<(Values, Values)> {
    let mut kept = s
        .iter()
        .zip(d)
        .zip(ss.get().iter().zip(ds.get()))
        .filter(|(_, (ss, ds))| **ss != Some(1) && (ss.is_none() || ds.is_none()))
        .map(|((s, d), _)| (*s, *d));
    let (mut rs, mut rd) = (Values::new(), Values::new());
    for (os, od) in out_s.get().iter().zip(out_d.get()) {
        let (x, y) = match (os, od) {
            (Some(x), Some(y)) => (*x, *y),
            _ => kept.next()?,
        };
        rs.push(x);
        rd.push(y);
    }
    kept.next().is_none().then_some((rs, rd))
}

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
