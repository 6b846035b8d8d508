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
use crate::typelevel::int::IntLeaf;
use crate::typelevel::layout::layout_fault;
use crate::typelevel::Layout;

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

/// Whether the flat modes `s:d` break a rule of a layout (`Layout::try_new`'s,
/// see [`layout_fault`]).
pub(crate) fn fault(s: &[i64], d: &[i64]) -> bool {
    layout_fault(s, d).is_some()
}

/// The flat values of `coalesce(A)` (see `coalesce_mixed`) from `A`'s flat
/// extents `s` and strides `d`, their static values, and the static values
/// of the coalesced layout's modes: the modes of `A` that have a dynamic leaf
/// and not a static extent 1, in order, [`merged`] with the static ones (the
/// coalesced static runs). `None` when they do not match (the types and this
/// rule disagree).
pub(crate) fn coalesced(
    (s, d): (&[i64], &[i64]),
    (ss, ds): LayoutStatics,
    out: LayoutStatics,
) -> Option<(Values, Values)> {
    let kept = s
        .iter()
        .zip(d)
        .zip(ss.get().iter().zip(ds.get()))
        .filter(|(_, (ss, ds))| **ss != Some(1) && (ss.is_none() || ds.is_none()))
        .map(|((s, d), _)| (*s, *d));
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
