//! The int-tuple functions on operands with run-time leaves ([`Dyn`],
//! [`DivBy`]), as CuTe C++ computes them on `int`: the result's type (its
//! nesting, and which leaves are static) is the static function's own type
//! computation ([`Computes`]), so a leaf is static where CuTe C++'s is, and
//! every static rule is still a compile error; the values are the runtime
//! layer's (`runtime::idx2crd`, ..), computed once from the operands' flat
//! leaves, which also checks what only the values can tell (an extent or a
//! divisor that is not positive, a quotient that does not divide, a value
//! past `i64`).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! // 7 in (4, n): 7 mod 4 and 7 / 4 are static whatever n is (CuTe C++: (_3,_1)).
//! assert_eq!(try_idx2crd(_7, hlist![_4, Dyn(6)]).unwrap(), hlist![_3, _1]);
//! assert!(try_shape_div(Dyn(6), _4).is_err()); // neither of 6 and 4 divides the other
//! ```
//!
//! [`Dyn`]: crate::typelevel::Dyn
//! [`DivBy`]: crate::typelevel::DivBy

use super::gate::Computes;
use super::Idx2CrdStridedOp;
use crate::runtime::{self, IntRef, IntTuple, LayoutError};
use crate::typelevel::algebra::values::{leaves_of, placed_leaves, runtime_tuple, FlatLeaves};
use crate::typelevel::check::readable::SourceTarget;
use crate::typelevel::check::rules::{
    op::{
        CeilDivOp, Crd2CrdOp, Crd2IdxOp, ElemScaleOp, Idx2CrdOp, InnerProductOp, PrefixProductOp,
        ShapeDivOp,
    },
    Admissible, Shown, ShownOf,
};
use crate::typelevel::{IntLeaf, Layout};

/// The runtime layer's tuple of `t`'s values (its inline store: no heap for
/// up to 16 leaves).
fn owned<T: FlatLeaves>(t: &T) -> IntTuple {
    runtime_tuple(T::TREE_REF, &leaves_of(t)).to_owned()
}

/// The runtime layer's binary function `f` on the values of `a` and `b`.
fn on_values<A: FlatLeaves, B: FlatLeaves, T>(
    a: &A,
    b: &B,
    f: fn(IntRef<'_>, IntRef<'_>) -> Result<T, LayoutError>,
) -> Result<T, LayoutError> {
    let (x, y) = (leaves_of(a), leaves_of(b));
    f(
        runtime_tuple(A::TREE_REF, &x),
        runtime_tuple(B::TREE_REF, &y),
    )
}

/// The typed result of the runtime layer's tuple.
fn placed<R: FlatLeaves>(
    r: Result<IntTuple, LayoutError>,
    op: &'static str,
) -> Result<R, LayoutError> {
    match r {
        Ok(t) => placed_leaves(t.leaf_slice(), op),
        Err(e) => Err(e),
    }
}

/// The typed result of the runtime layer's integer.
fn placed_int<R: FlatLeaves>(
    r: Result<i64, LayoutError>,
    op: &'static str,
) -> Result<R, LayoutError> {
    match r {
        Ok(v) => placed_leaves(&[v], op),
        Err(e) => Err(e),
    }
}

/// [`idx2crd`](super::idx2crd) for an index and a shape with run-time
/// leaves: the integer index `i` split colexicographically over the shape's
/// modes, mode `k` taking `i mod size(sₖ)` and passing `i / size(sₖ)` on, the
/// last mode the rest; a tuple index mode by mode. A leaf is static where
/// the arithmetic that makes it meets only static leaves, or where CuTe C++
/// makes it the static 0 (`0 / x`, `0 mod x`, `x mod 1`). Errors: an extent
/// that is not positive, a run-time nonzero index into `()`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(try_idx2crd(Dyn(7), hlist![_4, _6]).unwrap(), hlist![Dyn(3), Dyn(1)]);
/// // As CuTe C++: ((1,0),1), each leaf run-time; and (_0,9).
/// let c = try_idx2crd(_7, hlist![hlist![_2, Dyn(3)], _6]).unwrap();
/// assert_eq!(c, hlist![hlist![Dyn(1), Dyn(0)], Dyn(1)]);
/// assert_eq!(try_idx2crd(Dyn(9), hlist![_1, _4]).unwrap(), hlist![_0, Dyn(9)]);
/// assert!(try_idx2crd(_5, hlist![_4, Dyn(0)]).is_err());
/// ```
pub fn try_idx2crd<I, S, R, V>(idx: I, shape: S) -> Result<R, LayoutError>
where
    Idx2CrdOp: Computes<I, S, Output = R, Verdict = V>,
    V: Shown<I, S>,
    ShownOf<V, I, S>: Admissible<Idx2CrdOp>,
    I: FlatLeaves,
    S: FlatLeaves,
    R: FlatLeaves,
{
    placed(runtime::idx2crd(&owned(&idx), &owned(&shape)), "idx2crd")
}

/// [`crd2idx`](super::crd2idx) for a coordinate, shape and stride with
/// run-time leaves: `idx2crd(coord, shape) · stride` (the inner product), as
/// CuTe C++ types it: static where every term is (`x · 0` is the static 0).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // 7 is (3, 1) in (4, n) for any n: 3·1 + 1·4 = 7, static (CuTe C++: _7).
/// assert_eq!(try_crd2idx(_7, hlist![_4, Dyn(5)], hlist![_1, _4]).unwrap(), _7);
/// let i = try_crd2idx(hlist![Dyn(3), _1], hlist![_4, Dyn(5)], hlist![_1, _4]).unwrap();
/// assert_eq!(i, Dyn(7));
/// ```
pub fn try_crd2idx<C, S, D, R, V>(coord: C, shape: S, stride: D) -> Result<R, LayoutError>
where
    Crd2IdxOp: Computes<C, Layout<S, D>, Output = R, Verdict = V>,
    V: Shown<C, Layout<S, D>>,
    ShownOf<V, C, Layout<S, D>>: Admissible<Crd2IdxOp>,
    C: FlatLeaves,
    S: FlatLeaves,
    D: FlatLeaves,
    R: FlatLeaves,
{
    let r = runtime::crd2idx(&owned(&coord), &owned(&shape), &owned(&stride));
    placed_int(r, "crd2idx")
}

/// [`crd2crd`](super::crd2crd) for a coordinate and shapes with run-time
/// leaves: mode by mode where all three are tuples, else `idx2crd` in the
/// target shape of the coordinate's index (an integer coordinate is its own,
/// as CuTe C++'s two-argument `crd2idx`; a tuple's is its inner product with
/// `prefix_product(src_shape)`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // As CuTe C++: (_1,_2) and _6, static whatever the run-time extent.
/// assert_eq!(try_crd2crd(_5, hlist![Dyn(3), _4], hlist![_2, _4]).unwrap(), hlist![_1, _2]);
/// assert_eq!(try_crd2crd(hlist![_2, _1], hlist![_4, Dyn(3)], _8).unwrap(), _6);
/// ```
pub fn try_crd2crd<C, S, D, R, V>(coord: C, src_shape: S, dst_shape: D) -> Result<R, LayoutError>
where
    Crd2CrdOp: Computes<C, SourceTarget<S, D>, Output = R, Verdict = V>,
    V: Shown<C, SourceTarget<S, D>>,
    ShownOf<V, C, SourceTarget<S, D>>: Admissible<Crd2CrdOp>,
    C: FlatLeaves,
    S: FlatLeaves,
    D: FlatLeaves,
    R: FlatLeaves,
{
    let r = runtime::crd2crd(&owned(&coord), &owned(&src_shape), &owned(&dst_shape));
    placed(r, "crd2crd")
}

/// [`idx2crd_strided`](super::idx2crd_strided) for an integer index, a
/// shape and a stride with run-time leaves: `(idx / dᵢ) mod sᵢ` at each leaf
/// (into `[0, sᵢ)`). A static stride 0 is a compile error; a run-time one,
/// or an extent that is not positive, an error.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // As CuTe C++: (_3,1), and (_3,_0) (anything mod 1 is 0).
/// let c = try_idx2crd_strided(_7, hlist![_4, Dyn(6)], hlist![_1, _4]).unwrap();
/// assert_eq!(c, hlist![_3, Dyn(1)]);
/// assert_eq!(try_idx2crd_strided(_7, hlist![_4, _1], hlist![_1, Dyn(4)]).unwrap(), hlist![_3, _0]);
/// assert!(try_idx2crd_strided(_7, hlist![_4, _2], hlist![_1, Dyn(0)]).is_err());
/// ```
pub fn try_idx2crd_strided<I, S, D, R, V>(idx: I, shape: S, stride: D) -> Result<R, LayoutError>
where
    Idx2CrdStridedOp: Computes<I, Layout<S, D>, Output = R, Verdict = V>,
    V: Shown<I, Layout<S, D>>,
    ShownOf<V, I, Layout<S, D>>: Admissible<Idx2CrdOp>,
    I: IntLeaf,
    S: FlatLeaves,
    D: FlatLeaves,
    R: FlatLeaves,
{
    let r = runtime::idx2crd_strided(idx.value(), &owned(&shape), &owned(&stride));
    placed(r, "idx2crd")
}

/// [`inner_product`](super::inner_product) of congruent int tuples with
/// run-time leaves: `Σᵢ aᵢ·bᵢ`, static where every term is.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // As CuTe C++: 12, and _0 (a product with the static 0 is the static 0).
/// assert_eq!(try_inner_product(hlist![_2, Dyn(3)], hlist![_0, _4]).unwrap(), Dyn(12));
/// assert_eq!(try_inner_product(hlist![_2, Dyn(3)], hlist![_0, _0]).unwrap(), _0);
/// ```
pub fn try_inner_product<A, B, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    InnerProductOp: Computes<A, B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<InnerProductOp>,
    A: FlatLeaves,
    B: FlatLeaves,
    R: FlatLeaves,
{
    placed_int(on_values(&a, &b, runtime::inner_product), "inner_product")
}

/// [`elem_scale`](super::elem_scale) of int tuples with run-time leaves:
/// an integer `a` times `size(b)`, a tuple mode by mode.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // As CuTe C++: (_0,60).
/// let s = try_elem_scale(hlist![_2, Dyn(3)], hlist![_0, hlist![_4, Dyn(5)]]).unwrap();
/// assert_eq!(s, hlist![_0, Dyn(60)]);
/// ```
pub fn try_elem_scale<A, B, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    ElemScaleOp: Computes<A, B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<ElemScaleOp>,
    A: FlatLeaves,
    B: FlatLeaves,
    R: FlatLeaves,
{
    placed(on_values(&a, &b, runtime::elem_scale), "elem_scale")
}

/// [`ceil_div`](super::ceil_div) of int tuples with run-time leaves: a leaf
/// with a run-time operand is run-time (CuTe C++'s `(a + b - 1) / b` on
/// `int`). A divisor that is not positive is an error (a static one a
/// compile error).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // As CuTe C++: (_2,2).
/// assert_eq!(try_ceil_div(hlist![_8, Dyn(6)], hlist![_4, _4]).unwrap(), hlist![_2, Dyn(2)]);
/// assert!(try_ceil_div(_8, Dyn(0)).is_err());
/// ```
pub fn try_ceil_div<A, B, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    CeilDivOp: Computes<A, B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<CeilDivOp>,
    A: FlatLeaves,
    B: FlatLeaves,
    R: FlatLeaves,
{
    placed(on_values(&a, &b, runtime::ceil_div), "ceil_div")
}

/// [`shape_div`](super::shape_div) of int tuples with run-time leaves: a
/// leaf with a run-time operand is run-time, and its division is checked
/// when the program runs (one operand must divide the other, neither 0),
/// where CuTe C++ waives the check for `int`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // As CuTe C++: (_1,3) and (1,3).
/// assert_eq!(try_shape_div(hlist![_8, Dyn(6)], _16).unwrap(), hlist![_1, Dyn(3)]);
/// assert_eq!(try_shape_div(hlist![_8, Dyn(6)], Dyn(16)).unwrap(), hlist![Dyn(1), Dyn(3)]);
/// ```
pub fn try_shape_div<A, B, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    ShapeDivOp: Computes<A, B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<ShapeDivOp>,
    A: FlatLeaves,
    B: FlatLeaves,
    R: FlatLeaves,
{
    placed(on_values(&a, &b, runtime::shape_div), "shape_div")
}

/// [`prefix_product`](super::prefix_product) of an int tuple and an initial
/// value with run-time leaves: leaf `k` is `init · a₀ ⋯ aₖ₋₁`, static while
/// the factors are (CuTe C++'s `compact_col_major` where no extent is the
/// static 1, to which it gives the stride 0).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // As CuTe C++'s compact_col_major: (_1,_2,6).
/// assert_eq!(try_prefix_product(hlist![_2, Dyn(3), _4], _1).unwrap(), hlist![_1, _2, Dyn(6)]);
/// ```
pub fn try_prefix_product<A, Init, R, V>(a: A, init: Init) -> Result<R, LayoutError>
where
    PrefixProductOp: Computes<A, Init, Output = R, Verdict = V>,
    V: Shown<A, Init>,
    ShownOf<V, A, Init>: Admissible<PrefixProductOp>,
    A: FlatLeaves,
    Init: IntLeaf,
    R: FlatLeaves,
{
    let x = leaves_of(&a);
    let r = runtime::prefix_product(runtime_tuple(A::TREE_REF, &x), init.value());
    placed(r, "prefix_product")
}
