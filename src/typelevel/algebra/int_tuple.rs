//! `idx2crd(idx, shape)` and `crd2idx(coord, shape, stride)` as types (the
//! twins of the runtime layer's `int_tuple::idx2crd` and `crd2idx`), one
//! computation for static and run-time leaves (the static functions here,
//! the `try_*` forms in `forms.rs`, which take `Dyn` leaves): the
//! coordinate of an index in a shape, with the compact
//! column-major stride, and the index of a coordinate,
//! `crd2idx(c, S, D) = idx2crd(c, S) · D` (the inner product).
//!
//! An integer index `i` into a leaf shape is its own coordinate; into a tuple
//! shape `(s₀, s₁, .., sₙ₋₁)` it splits colexicographically, mode `k` taking
//! `i mod size(sₖ)` and passing `i / size(sₖ)` on, except that the last mode
//! takes the rest unwrapped (CuTe C++), so an index beyond the size lands out
//! of the shape rather than aliasing. A tuple index maps mode by mode. A
//! tuple index of another rank, or into a leaf, is a compile error
//! (`not_congruent`), and so is a nonzero index into the empty shape `()`
//! (`out_of_bounds`); so is a stride not congruent with its shape.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! assert_eq!(idx2crd(_7, hlist![_2, hlist![_2, _2]]), hlist![_1, hlist![_1, _1]]);
//! assert_eq!(idx2crd(int!(20), hlist![_4, _4]), hlist![_0, _5]);
//! let c: Idx2CrdOut<Int![23], frunk_core::HList![frunk_core::HList![Int![12], Int![2]], Int![3]]> =
//!     idx2crd(int!(23), hlist![hlist![int!(12), _2], _3]);
//! assert_eq!(c, hlist![hlist![int!(11), _1], _0]);
//! assert_eq!(crd2idx(hlist![_1, _2], hlist![_4, _8], hlist![_8, _1]), int!(10));
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use super::modes::StaticValue;
use super::ordered::BothBits;
use crate::typelevel::check::readable::SourceTarget;
use crate::typelevel::check::rules::{
    op::{Crd2CrdOp, Crd2IdxOp, ElemScaleOp, Idx2CrdOp, InnerProductOp, PrefixProductOp},
    Admissible, Shown, ShownOf,
};
use crate::typelevel::check::verdict::{
    EmptyShapeIndex, First, Holds, NotCongruent, Pass, RankMismatch, Then, ZeroStride,
};
use crate::typelevel::check::{form, TryForm};
use crate::typelevel::int::{DivBy, Dyn, IntAdd, IntAddOut, IntLeaf, IntMul, IntMulOut, ShapeLeaf};
use crate::typelevel::Layout;

mod division;
mod forms;
pub(in crate::typelevel::algebra) mod gate;
pub(in crate::typelevel::algebra) mod leaf;
pub use division::{
    ceil_div, shape_div, CeilDiv, CeilDivOut, ShapeDiv, ShapeDivOut, TryCeilDiv, TryShapeDiv,
};
pub use forms::{
    try_ceil_div, try_crd2crd, try_crd2idx, try_elem_scale, try_idx2crd, try_idx2crd_strided,
    try_inner_product, try_prefix_product, try_shape_div,
};
use gate::{gated_try, Computes};
use leaf::{IntQuot, IntQuotOut, IntRem, IntRemOut};

/// CuTe's `idx2crd(idx, shape)` for the static index `Self`, checked.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // Index 7 of the column-major shape (2,4) is the coordinate (1,3).
/// let c: Idx2CrdOut<_7, HList!(_2, _4)> = idx2crd(_7, hlist![_2, _4]);
/// assert_eq!(c, hlist![_1, _3]);
/// ```
pub trait Idx2Crd<S> {
    /// The coordinate.
    type Output;
}

/// `idx2crd(I, S)`.
/// See [`Idx2Crd`] for an example.
pub type Idx2CrdOut<I, S> = <I as Idx2Crd<S>>::Output;

impl<I, S> Idx2Crd<S> for I
where
    I: TryIdx2Crd<S>,
    <I as TryIdx2Crd<S>>::Verdict: Shown<I, S>,
    ShownOf<<I as TryIdx2Crd<S>>::Verdict, I, S>: Admissible<Idx2CrdOp>,
{
    type Output = <I as TryIdx2Crd<S>>::Output;
}

/// `idx2crd(idx, shape)` (CuTe) for a static index (an integer or an HList
/// coordinate) and a static shape: the coordinate as a value of static integers.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(idx2crd(_7, hlist![_2, _4]), hlist![_1, _3]);
/// assert_eq!(idx2crd(hlist![_3, _5], hlist![_4, hlist![_2, _4]]), hlist![_3, hlist![_1, _2]]);
/// ```
pub fn idx2crd<I, S, R, V>(idx: I, shape: S) -> R
where
    I: TryIdx2Crd<S, Output = R, Verdict = V>,
    V: Shown<I, S>,
    ShownOf<V, I, S>: Admissible<Idx2CrdOp>,
    R: StaticValue,
{
    let _ = (idx, shape);
    R::VALUE
}

/// `idx2crd` with its verdict, unchecked.
///
/// Call [`idx2crd`] (see [`Idx2Crd`] for an example) to have a refusal be a compile error.
pub trait TryIdx2Crd<S> {
    /// The coordinate (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// `idx2crd(I, S) = <S as ShapeIdx<I>>` (the shape, the last argument, is the
/// `Self` type so that type inference waits for it).
impl<I, S> Computes<I, S> for Idx2CrdOp
where
    S: ShapeIdx<I>,
{
    type Output = <S as ShapeIdx<I>>::Output;
    type Verdict = <S as ShapeIdx<I>>::Verdict;
}
gated_try!(TryIdx2Crd<S> for I, Idx2CrdOp, S);

/// The coordinate of the index `I` in the shape `Self`.
#[doc(hidden)]
pub trait ShapeIdx<I> {
    /// The coordinate.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// The impls of a leaf shape `$S` (static or run-time): an integer `i` into
/// it is `i`, a tuple index is not congruent.
macro_rules! shape_leaf_idx {
    ([$($g:tt)*] $S:ty) => {
        impl<$($g)* I: IntLeaf> ShapeIdx<I> for $S {
            type Output = I;
            type Verdict = Pass;
        }
        impl<$($g)*> ShapeIdx<HNil> for $S {
            type Output = Z0;
            type Verdict = NotCongruent;
        }
        impl<$($g)* H, T> ShapeIdx<HCons<H, T>> for $S {
            type Output = Z0;
            type Verdict = NotCongruent;
        }
    };
}
for_shape_leaves!(shape_leaf_idx);

// i into (): () for i = 0, else out of bounds (a run-time i checked when
// the program runs).
impl<I: IntLeaf + IsZeroIdx> ShapeIdx<I> for HNil {
    type Output = HNil;
    type Verdict = <I as IsZeroIdx>::Verdict;
}

// i into (s₀, ..): split colexicographically.
impl<I: IntLeaf, S0, ST> ShapeIdx<I> for HCons<S0, ST>
where
    Self: SplitIdx<I>,
{
    type Output = <Self as SplitIdx<I>>::Output;
    type Verdict = <Self as SplitIdx<I>>::Verdict;
}

// Tuple into tuple: mode by mode, ranks equal.
impl ShapeIdx<HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
}

impl<H, T> ShapeIdx<HCons<H, T>> for HNil {
    type Output = HNil;
    type Verdict = NotCongruent;
}

impl<S0, ST> ShapeIdx<HNil> for HCons<S0, ST> {
    type Output = HNil;
    type Verdict = NotCongruent;
}

impl<S0, ST, H, T> ShapeIdx<HCons<H, T>> for HCons<S0, ST>
where
    S0: ShapeIdx<H>,
    ST: ShapeIdx<T>,
    S0::Verdict: First<ST::Verdict>,
{
    type Output = HCons<S0::Output, ST::Output>;
    type Verdict = Then<S0::Verdict, ST::Verdict>;
}

/// `Pass` for the index 0 into `()`, else [`EmptyShapeIndex`].
#[doc(hidden)]
pub trait IsZeroIdx {
    /// The verdict.
    type Verdict;
}

impl IsZeroIdx for Z0 {
    type Verdict = Pass;
}

impl<U: Unsigned + NonZero> IsZeroIdx for PInt<U> {
    type Verdict = EmptyShapeIndex<PInt<U>>;
}

impl<U: Unsigned + NonZero> IsZeroIdx for typenum::NInt<U> {
    type Verdict = EmptyShapeIndex<typenum::NInt<U>>;
}

impl IsZeroIdx for Dyn {
    type Verdict = Pass;
}

impl<N> IsZeroIdx for DivBy<N> {
    type Verdict = Pass;
}

/// The integer index `I` split over the modes `Self` (a non-empty HList of
/// mode shapes): `i mod size(s₀)` into `s₀`, `i / size(s₀)` on to the rest,
/// the last mode taking all that is left.
#[doc(hidden)]
pub trait SplitIdx<I> {
    /// The coordinate tuple.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<I, S0: ShapeIdx<I>> SplitIdx<I> for HCons<S0, HNil> {
    type Output = HCons<S0::Output, HNil>;
    type Verdict = S0::Verdict;
}

/// The size of an int tuple, static or not: the product of its leaves.
pub(in crate::typelevel::algebra) type LeafProduct<S> = <S as PrefixProd<P1>>::Next;
type Here<I, S> = IntRemOut<I, LeafProduct<S>, B0>;
type NextIndex<I, S> = IntQuotOut<I, LeafProduct<S>>;

impl<I, S0, S1, ST> SplitIdx<I> for HCons<S0, HCons<S1, ST>>
where
    S0: PrefixProd<P1> + ShapeIdx<Here<I, S0>>,
    I: IntRem<LeafProduct<S0>, B0> + IntQuot<LeafProduct<S0>>,
    HCons<S1, ST>: SplitIdx<NextIndex<I, S0>>,
    <S0 as ShapeIdx<Here<I, S0>>>::Verdict:
        First<<HCons<S1, ST> as SplitIdx<NextIndex<I, S0>>>::Verdict>,
{
    type Output = HCons<
        <S0 as ShapeIdx<Here<I, S0>>>::Output,
        <HCons<S1, ST> as SplitIdx<NextIndex<I, S0>>>::Output,
    >;
    type Verdict = Then<
        <S0 as ShapeIdx<Here<I, S0>>>::Verdict,
        <HCons<S1, ST> as SplitIdx<NextIndex<I, S0>>>::Verdict,
    >;
}

/// CuTe's `crd2idx(coord, shape, stride)` for the static coordinate `Self`,
/// checked (the run-time evaluation of a layout is [`Crd2Idx`](crate::typelevel::Crd2Idx)).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // Index 5 of shape (4,8) is the coordinate (1,1); with strides (8,1) its offset is 9.
/// let i: Crd2IdxOut<_5, HList!(_4, _8), HList!(_8, _1)> = crd2idx(_5, hlist![_4, _8], hlist![_8, _1]);
/// assert_eq!(i.value(), 9);
/// assert_eq!(crd2idx(hlist![_1, _1], hlist![_4, _8], hlist![_8, _1]), i);
/// ```
pub trait StaticCrd2Idx<S, D> {
    /// The index, a static integer.
    type Output;
}

/// `crd2idx(C, S, D)`.
/// See [`StaticCrd2Idx`] for an example.
pub type Crd2IdxOut<C, S, D> = <C as StaticCrd2Idx<S, D>>::Output;

impl<C, S, D> StaticCrd2Idx<S, D> for C
where
    C: TryCrd2Idx<S, D>,
    <C as TryCrd2Idx<S, D>>::Verdict: Shown<C, Layout<S, D>>,
    ShownOf<<C as TryCrd2Idx<S, D>>::Verdict, C, Layout<S, D>>: Admissible<Crd2IdxOp>,
{
    type Output = <C as TryCrd2Idx<S, D>>::Output;
}

/// `crd2idx(coord, shape, stride)` (CuTe) for a static coordinate (an integer
/// index or an HList), shape and stride: `idx2crd(coord, shape) · stride`, a
/// static integer.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(crd2idx(_5, hlist![_4, _8], hlist![_8, _1]), int!(9));
/// assert_eq!(crd2idx(hlist![_3, _0], hlist![_4, _8], hlist![_1, _4]), _3);
/// ```
pub fn crd2idx<C, S, D, R, V>(coord: C, shape: S, stride: D) -> R
where
    C: TryCrd2Idx<S, D, Output = R, Verdict = V>,
    V: Shown<C, Layout<S, D>>,
    ShownOf<V, C, Layout<S, D>>: Admissible<Crd2IdxOp>,
    R: StaticValue,
{
    let _ = (coord, shape, stride);
    R::VALUE
}

/// `crd2idx` with its verdict, unchecked.
///
/// Call [`crd2idx`] (see [`StaticCrd2Idx`] for an example) to have a refusal be a compile error.
pub trait TryCrd2Idx<S, D> {
    /// The index (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

type Crd<C, S> = <S as ShapeIdx<C>>::Output;

/// `crd2idx(C, S, D) = idx2crd(C, S) · D` (the stride, the last argument, is
/// the `Self` type of the product so that type inference waits for it).
impl<C, S, D> Computes<C, Layout<S, D>> for Crd2IdxOp
where
    S: ShapeIdx<C>,
    D: Dot<Crd<C, S>>,
    <D as Dot<Crd<C, S>>>::Congruent: Holds<NotCongruent>,
    <S as ShapeIdx<C>>::Verdict:
        First<<<D as Dot<Crd<C, S>>>::Congruent as Holds<NotCongruent>>::Verdict>,
{
    type Output = <D as Dot<Crd<C, S>>>::Output;
    type Verdict = Then<
        <S as ShapeIdx<C>>::Verdict,
        <<D as Dot<Crd<C, S>>>::Congruent as Holds<NotCongruent>>::Verdict,
    >;
}
gated_try!(TryCrd2Idx<S, D> for C, Crd2IdxOp, Layout<S, D>);

/// The inner product of the stride `Self` with a coordinate `C` of its shape,
/// and whether the two are congruent (a mismatched part counts 0).
#[doc(hidden)]
pub trait Dot<C> {
    /// The signed sum of products.
    type Output;
    /// `B1` if `Self` and `C` are congruent.
    type Congruent;
}

impl<D: IntMul<C>, C: IntLeaf> Dot<C> for D {
    type Output = IntMulOut<D, C>;
    type Congruent = B1;
}

impl<D: IntLeaf> Dot<HNil> for D {
    type Output = Z0;
    type Congruent = B0;
}

impl<D: IntLeaf, H, T> Dot<HCons<H, T>> for D {
    type Output = Z0;
    type Congruent = B0;
}

impl<C: IntLeaf> Dot<C> for HNil {
    type Output = Z0;
    type Congruent = B0;
}

impl Dot<HNil> for HNil {
    type Output = Z0;
    type Congruent = B1;
}

impl<H, T> Dot<HCons<H, T>> for HNil {
    type Output = Z0;
    type Congruent = B0;
}

impl<DH, DT, C: IntLeaf> Dot<C> for HCons<DH, DT> {
    type Output = Z0;
    type Congruent = B0;
}

impl<DH, DT> Dot<HNil> for HCons<DH, DT> {
    type Output = Z0;
    type Congruent = B0;
}

impl<DH, DT, H, T> Dot<HCons<H, T>> for HCons<DH, DT>
where
    DH: Dot<H>,
    DT: Dot<T>,
    DH::Output: IntAdd<DT::Output>,
    DT::Output: IntLeaf,
    DH::Congruent: BothBits<DT::Congruent>,
{
    type Output = IntAddOut<DH::Output, DT::Output>;
    type Congruent = <DH::Congruent as BothBits<DT::Congruent>>::Output;
}

/// CuTe's `crd2crd(coord, src_shape, dst_shape)` for the static coordinate
/// `Self`, checked: the coordinate of `dst_shape` at the linear index that
/// `coord` has in `src_shape`, mode by mode where all three are tuples.
///
/// With `P = prefix_product(src_shape)` (the compact column-major stride),
/// `crd2crd(c, S, D) = idx2crd(crd2idx(c, S, P), D)` unless `c`, `S` and `D`
/// are all tuples; then they must have one rank `n` (else `rank_mismatch`)
/// and `crd2crd(c, S, D)ₖ = crd2crd(cₖ, Sₖ, Dₖ)` for `k < n`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // (1,2) in (4,8) is index 9; index 9 of the shape 32 is 9.
/// let c: Crd2CrdOut<HList!(_1, _2), HList!(_4, _8), Int![32]> =
///     crd2crd(hlist![_1, _2], hlist![_4, _8], int!(32));
/// assert_eq!(c, int!(9));
/// // Mode by mode: 7 in 12 is (3,1) in (4,3); (2) stays (2).
/// assert_eq!(
///     crd2crd(hlist![_7, _2], hlist![int!(12), _4], hlist![hlist![_4, _3], _4]),
///     hlist![hlist![_3, _1], _2]
/// );
/// ```
pub trait Crd2Crd<S, D> {
    /// The coordinate in the target shape.
    type Output;
}

/// `crd2crd(C, S, D)`.
/// See [`Crd2Crd`] for an example.
pub type Crd2CrdOut<C, S, D> = <C as Crd2Crd<S, D>>::Output;

impl<C, S, D> Crd2Crd<S, D> for C
where
    C: TryCrd2Crd<S, D>,
    <C as TryCrd2Crd<S, D>>::Verdict: Shown<C, SourceTarget<S, D>>,
    ShownOf<<C as TryCrd2Crd<S, D>>::Verdict, C, SourceTarget<S, D>>: Admissible<Crd2CrdOp>,
{
    type Output = <C as TryCrd2Crd<S, D>>::Output;
}

/// `crd2crd(coord, src_shape, dst_shape)` (CuTe) for a static coordinate (an
/// integer index or an HList) and static shapes: the coordinate of
/// `dst_shape` at the same column-major index, as a value of static integers.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(crd2crd(_7, int!(12), hlist![_4, _3]), hlist![_3, _1]);
/// assert_eq!(crd2crd(int!(27), hlist![_5, int!(12)], hlist![int!(30), _2]), hlist![int!(27), _0]);
/// ```
pub fn crd2crd<C, S, D, R, V>(coord: C, src_shape: S, dst_shape: D) -> R
where
    C: TryCrd2Crd<S, D, Output = R, Verdict = V>,
    V: Shown<C, SourceTarget<S, D>>,
    ShownOf<V, C, SourceTarget<S, D>>: Admissible<Crd2CrdOp>,
    R: StaticValue,
{
    let _ = (coord, src_shape, dst_shape);
    R::VALUE
}

/// `crd2crd` with its verdict, unchecked.
///
/// Call [`crd2crd`] (see [`Crd2Crd`] for an example) to have a refusal be a compile error.
pub trait TryCrd2Crd<S, D> {
    /// The coordinate (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

type AllTuples<C, S, D> =
    <<<C as IsTuple>::Output as BothBits<<S as IsTuple>::Output>>::Output as BothBits<
        <D as IsTuple>::Output,
    >>::Output;

/// Mode by mode when `C`, `S` and `D` are all tuples, else through the index.
impl<C, S, D> Computes<C, SourceTarget<S, D>> for Crd2CrdOp
where
    C: IsTuple,
    S: IsTuple,
    D: IsTuple,
    <C as IsTuple>::Output: BothBits<<S as IsTuple>::Output>,
    <<C as IsTuple>::Output as BothBits<<S as IsTuple>::Output>>::Output:
        BothBits<<D as IsTuple>::Output>,
    C: Crd2CrdBy<S, D, AllTuples<C, S, D>>,
{
    type Output = <C as Crd2CrdBy<S, D, AllTuples<C, S, D>>>::Output;
    type Verdict = <C as Crd2CrdBy<S, D, AllTuples<C, S, D>>>::Verdict;
}
gated_try!(TryCrd2Crd<S, D> for C, Crd2CrdOp, SourceTarget<S, D>);

/// `B1` for a tuple (an HList), `B0` for an integer.
#[doc(hidden)]
pub trait IsTuple {
    /// `B0` or `B1`.
    type Output;
}

impl IsTuple for Z0 {
    type Output = B0;
}

impl<U: Unsigned + NonZero> IsTuple for PInt<U> {
    type Output = B0;
}

impl<U: Unsigned + NonZero> IsTuple for typenum::NInt<U> {
    type Output = B0;
}

impl IsTuple for Dyn {
    type Output = B0;
}

impl<N> IsTuple for DivBy<N> {
    type Output = B0;
}

impl IsTuple for HNil {
    type Output = B1;
}

impl<H, T> IsTuple for HCons<H, T> {
    type Output = B1;
}

/// `crd2crd(Self, S, D)`, through the index (`T = B0`) or mode by mode (`T = B1`).
#[doc(hidden)]
pub trait Crd2CrdBy<S, D, T> {
    /// The coordinate.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

type LinearIdx<C, S> = <C as LinearIndex<S>>::Output;
type LinearVerdict<C, S> = <C as LinearIndex<S>>::Verdict;

impl<C, S, D> Crd2CrdBy<S, D, B0> for C
where
    C: LinearIndex<S>,
    D: ShapeIdx<LinearIdx<C, S>>,
    LinearVerdict<C, S>: First<<D as ShapeIdx<LinearIdx<C, S>>>::Verdict>,
{
    type Output = <D as ShapeIdx<LinearIdx<C, S>>>::Output;
    type Verdict = Then<LinearVerdict<C, S>, <D as ShapeIdx<LinearIdx<C, S>>>::Verdict>;
}

/// The linear index of the coordinate `Self` in the shape `S`: an integer
/// is its own (CuTe's two-argument `crd2idx`), a tuple's is
/// `crd2idx(c, S, prefix_product(S))`.
#[doc(hidden)]
pub trait LinearIndex<S> {
    /// The index.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<C: IntLeaf, S> LinearIndex<S> for C {
    type Output = C;
    type Verdict = Pass;
}

type Strides<S> = <S as PrefixProd<P1>>::Output;

macro_rules! linear_index_of_tuple {
    ($([$($g:ident),*] $c:ty;)*) => {$(
        impl<S: PrefixProd<P1> $(, $g)*> LinearIndex<S> for $c
        where
            Crd2IdxOp: Computes<$c, Layout<S, Strides<S>>>,
        {
            type Output = <Crd2IdxOp as Computes<$c, Layout<S, Strides<S>>>>::Output;
            type Verdict = <Crd2IdxOp as Computes<$c, Layout<S, Strides<S>>>>::Verdict;
        }
    )*};
}

linear_index_of_tuple! {
    [] HNil;
    [H, T] HCons<H, T>;
}

impl<C, S, D> Crd2CrdBy<S, D, B1> for C
where
    C: Crd2CrdModes<S, D>,
    <C as Crd2CrdModes<S, D>>::Ranked: Holds<RankMismatch>,
    <<C as Crd2CrdModes<S, D>>::Ranked as Holds<RankMismatch>>::Verdict:
        First<<C as Crd2CrdModes<S, D>>::Verdict>,
{
    type Output = <C as Crd2CrdModes<S, D>>::Output;
    type Verdict = Then<
        <<C as Crd2CrdModes<S, D>>::Ranked as Holds<RankMismatch>>::Verdict,
        <C as Crd2CrdModes<S, D>>::Verdict,
    >;
}

/// `crd2crd` of the tuples `Self`, `S`, `D` mode by mode, and whether their
/// ranks agree (the modes past the shortest are dropped).
#[doc(hidden)]
pub trait Crd2CrdModes<S, D> {
    /// The coordinate tuple.
    type Output;
    /// `Pass` or the first violated rule of a mode.
    type Verdict;
    /// `B1` if the three ranks are equal.
    type Ranked;
}

impl Crd2CrdModes<HNil, HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
    type Ranked = B1;
}

impl<C0, CT, S0, ST, D0, DT> Crd2CrdModes<HCons<S0, ST>, HCons<D0, DT>> for HCons<C0, CT>
where
    Crd2CrdOp: Computes<C0, SourceTarget<S0, D0>>,
    CT: Crd2CrdModes<ST, DT>,
    ModeVerdict<C0, S0, D0>: First<<CT as Crd2CrdModes<ST, DT>>::Verdict>,
{
    type Output = HCons<
        <Crd2CrdOp as Computes<C0, SourceTarget<S0, D0>>>::Output,
        <CT as Crd2CrdModes<ST, DT>>::Output,
    >;
    type Verdict = Then<ModeVerdict<C0, S0, D0>, <CT as Crd2CrdModes<ST, DT>>::Verdict>;
    type Ranked = <CT as Crd2CrdModes<ST, DT>>::Ranked;
}

/// The verdict of `crd2crd` on one mode.
type ModeVerdict<C, S, D> = <Crd2CrdOp as Computes<C, SourceTarget<S, D>>>::Verdict;

macro_rules! crd2crd_rank_mismatch {
    ($([$($g:ident),*] $c:ty, $s:ty, $d:ty;)*) => {$(
        impl<$($g),*> Crd2CrdModes<$s, $d> for $c {
            type Output = HNil;
            type Verdict = Pass;
            type Ranked = B0;
        }
    )*};
}

crd2crd_rank_mismatch! {
    [C0, CT] HCons<C0, CT>, HNil, HNil;
    [S0, ST] HNil, HCons<S0, ST>, HNil;
    [D0, DT] HNil, HNil, HCons<D0, DT>;
    [S0, ST, D0, DT] HNil, HCons<S0, ST>, HCons<D0, DT>;
    [C0, CT, D0, DT] HCons<C0, CT>, HNil, HCons<D0, DT>;
    [C0, CT, S0, ST] HCons<C0, CT>, HCons<S0, ST>, HNil;
}

/// CuTe's `prefix_product(a, init)` of the static int tuple `Self`: the
/// exclusive prefix product of its leaves in colexicographic order, starting
/// from `Init`, congruent to `Self`: leaf `k` becomes `init · a₀ · a₁ ⋯ aₖ₋₁`.
/// With `Init = 1` it is the compact column-major stride of the shape `Self`
/// (every mode gets its stride, a mode of extent 1 included).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// let p: PrefixProductOut<HList!(_2, HList!(_3, _4)), _1> = prefix_product(hlist![_2, hlist![_3, _4]], _1);
/// assert_eq!(p, hlist![_1, hlist![_2, _6]]);
/// assert_eq!(prefix_product(hlist![_1, _6], _2), hlist![_2, _2]);
/// ```
pub trait PrefixProduct<Init> {
    /// The prefix products, congruent to `Self`.
    type Output;
}

/// `prefix_product(A, Init)`.
/// See [`PrefixProduct`] for an example.
pub type PrefixProductOut<A, Init> = <A as PrefixProduct<Init>>::Output;

impl<A: PrefixProd<Init>, Init> PrefixProduct<Init> for A {
    type Output = <A as PrefixProd<Init>>::Output;
}

/// `prefix_product(a, init)` (CuTe) for a static int tuple and a static
/// integer: the exclusive prefix products of `a`'s leaves from `init`, as a
/// value of static integers.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(prefix_product(hlist![int!(12), _2], _1), hlist![_1, int!(12)]);
/// ```
pub fn prefix_product<A, Init, R, V>(a: A, init: Init) -> R
where
    A: TryPrefixProduct<Init, Output = R, Verdict = V>,
    V: Shown<A, Init>,
    ShownOf<V, A, Init>: Admissible<PrefixProductOp>,
    R: StaticValue,
{
    let _ = (a, init);
    R::VALUE
}

/// `prefix_product` with its verdict, unchecked: `Pass` on static operands.
///
/// Call [`prefix_product`] (see [`PrefixProduct`] for an example) to have a
/// refusal be a compile error.
pub trait TryPrefixProduct<Init> {
    /// The prefix products (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass`, or the refusal of a run-time leaf.
    type Verdict;
}

impl<A: PrefixProd<Init>, Init> Computes<A, Init> for PrefixProductOp {
    type Output = <A as PrefixProd<Init>>::Output;
    type Verdict = Pass;
}
gated_try!(TryPrefixProduct<Init> for A, PrefixProductOp, Init);

/// The exclusive prefix product of the leaves of `Self` in colexicographic
/// order, starting from `P`, and the product that follows the last leaf.
#[doc(hidden)]
pub trait PrefixProd<P> {
    /// The prefix products.
    type Output;
    /// `P` times the product of the leaves of `Self`.
    type Next;
}

impl<X: IntLeaf, P: IntMul<X>> PrefixProd<P> for X {
    type Output = P;
    type Next = IntMulOut<P, X>;
}

impl<P> PrefixProd<P> for HNil {
    type Output = HNil;
    type Next = P;
}

impl<P, H: PrefixProd<P>, T: PrefixProd<H::Next>> PrefixProd<P> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    type Next = T::Next;
}

/// CuTe's 3-argument `idx2crd(idx, shape, stride)` for the static integer
/// index `Self`, checked: at each leaf `sᵢ` with stride `dᵢ`, the coordinate
/// `(idx / dᵢ) mod sᵢ` (the quotient truncated toward zero, the remainder in `[0, sᵢ)`).
///
/// The stride must be congruent with the shape (`not_congruent`) and have no
/// zero leaf (`invalid_argument`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // With the strides (1,4), index 7 of the shape (4,4) is (7 mod 4, ⌊7/4⌋ mod 4) = (3,1).
/// let c: Idx2CrdStridedOut<_7, HList!(_4, _4), HList!(_1, _4)> =
///     idx2crd_strided(_7, hlist![_4, _4], hlist![_1, _4]);
/// assert_eq!(c, hlist![_3, _1]);
/// ```
pub trait Idx2CrdStrided<S, D> {
    /// The coordinate, congruent with the shape.
    type Output;
}

/// `idx2crd(I, S, D)`.
/// See [`Idx2CrdStrided`] for an example.
pub type Idx2CrdStridedOut<I, S, D> = <I as Idx2CrdStrided<S, D>>::Output;

impl<I, S, D> Idx2CrdStrided<S, D> for I
where
    I: TryIdx2CrdStrided<S, D>,
    <I as TryIdx2CrdStrided<S, D>>::Verdict: Shown<I, Layout<S, D>>,
    ShownOf<<I as TryIdx2CrdStrided<S, D>>::Verdict, I, Layout<S, D>>: Admissible<Idx2CrdOp>,
{
    type Output = <I as TryIdx2CrdStrided<S, D>>::Output;
}

/// `idx2crd(idx, shape, stride)` (CuTe) for a static integer index, shape and
/// stride: `(idx / dᵢ) mod sᵢ` at each leaf, as a value of static integers
/// (the runtime's `idx2crd_strided`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(idx2crd_strided(int!(110), hlist![_4, _5, int!(12)], hlist![_1, _2, _1]), hlist![_2, _0, _2]);
/// ```
pub fn idx2crd_strided<I, S, D, R, V>(idx: I, shape: S, stride: D) -> R
where
    I: TryIdx2CrdStrided<S, D, Output = R, Verdict = V>,
    V: Shown<I, Layout<S, D>>,
    ShownOf<V, I, Layout<S, D>>: Admissible<Idx2CrdOp>,
    R: StaticValue,
{
    let _ = (idx, shape, stride);
    R::VALUE
}

/// The 3-argument `idx2crd` with its verdict, unchecked.
///
/// Call [`idx2crd_strided`] (see [`Idx2CrdStrided`] for an example) to have a
/// refusal be a compile error.
pub trait TryIdx2CrdStrided<S, D> {
    /// The coordinate (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

/// Congruence first, then the leaves' strides (the stride, the last argument,
/// is the `Self` type so that type inference waits for it).
impl<I: IntLeaf, S, D> Computes<I, Layout<S, D>> for Idx2CrdStridedOp
where
    D: StridedIdx<I, S>,
    <D as StridedIdx<I, S>>::Congruent: Holds<NotCongruent>,
    <<D as StridedIdx<I, S>>::Congruent as Holds<NotCongruent>>::Verdict:
        First<<D as StridedIdx<I, S>>::Verdict>,
{
    type Output = <D as StridedIdx<I, S>>::Output;
    type Verdict = Then<
        <<D as StridedIdx<I, S>>::Congruent as Holds<NotCongruent>>::Verdict,
        <D as StridedIdx<I, S>>::Verdict,
    >;
}
gated_try!(TryIdx2CrdStrided<S, D> for I, Idx2CrdStridedOp, Layout<S, D>);

/// The marker of [`TryIdx2CrdStrided`]'s computation (its refusals are
/// `idx2crd`'s, [`Idx2CrdOp`]).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct Idx2CrdStridedOp;

impl TryForm for Idx2CrdStridedOp {
    type Form = form::try_idx2crd_strided;
}

/// The coordinate of the index `I` in the shape `S` with the stride `Self`.
#[doc(hidden)]
pub trait StridedIdx<I, S> {
    /// The coordinate.
    type Output;
    /// `Pass` or [`ZeroStride`] for the first zero leaf.
    type Verdict;
    /// `B1` if `Self` is congruent with `S`.
    type Congruent;
}

/// The impls of a stride leaf `$d` (static or run-time, not 0) over a shape
/// leaf: `(i / d) mod s`, wrapped into `[0, s)`.
macro_rules! strided_leaf {
    ($([$($g:tt)*] $d:ty;)*) => {$(
        impl<I, S: ShapeLeaf, $($g)*> StridedIdx<I, S> for $d
        where
            I: IntQuot<Self>,
            IntQuotOut<I, Self>: IntRem<S, B1>,
        {
            type Output = IntRemOut<IntQuotOut<I, Self>, S, B1>;
            type Verdict = Pass;
            type Congruent = B1;
        }
    )*};
}

strided_leaf! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] typenum::NInt<U>;
    [] Dyn;
    [M] DivBy<M>;
}

impl<I, S: ShapeLeaf> StridedIdx<I, S> for Z0 {
    type Output = Z0;
    type Verdict = ZeroStride;
    type Congruent = B1;
}

impl<I> StridedIdx<I, HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
    type Congruent = B1;
}

impl<I, DH, DT, SH, ST> StridedIdx<I, HCons<SH, ST>> for HCons<DH, DT>
where
    DH: StridedIdx<I, SH>,
    DT: StridedIdx<I, ST>,
    DH::Verdict: First<DT::Verdict>,
    DH::Congruent: BothBits<DT::Congruent>,
{
    type Output = HCons<DH::Output, DT::Output>;
    type Verdict = Then<DH::Verdict, DT::Verdict>;
    type Congruent = <DH::Congruent as BothBits<DT::Congruent>>::Output;
}

macro_rules! strided_not_congruent {
    ($([$($g:tt)*] $d:ty, $s:ty;)*) => {$(
        impl<I, $($g)*> StridedIdx<I, $s> for $d {
            type Output = HNil;
            type Verdict = Pass;
            type Congruent = B0;
        }
    )*};
}

strided_not_congruent! {
    [S: ShapeLeaf, H, T] HCons<H, T>, S;
    [S: ShapeLeaf] HNil, S;
    [] Z0, HNil;
    [U: Unsigned + NonZero] PInt<U>, HNil;
    [U: Unsigned + NonZero] typenum::NInt<U>, HNil;
    [] Dyn, HNil;
    [M] DivBy<M>, HNil;
    [H, T] Z0, HCons<H, T>;
    [U: Unsigned + NonZero, H, T] PInt<U>, HCons<H, T>;
    [U: Unsigned + NonZero, H, T] typenum::NInt<U>, HCons<H, T>;
    [H, T] Dyn, HCons<H, T>;
    [M, H, T] DivBy<M>, HCons<H, T>;
    [H, T] HNil, HCons<H, T>;
    [H, T] HCons<H, T>, HNil;
}

/// CuTe's `inner_product(a, b)` of the static int tuples `Self` and `B`,
/// checked: `Σᵢ aᵢ·bᵢ` over their leaves, the two congruent (else
/// `not_congruent`). `crd2idx(c, S, D)` is `inner_product(idx2crd(c, S), D)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // 2·1 + 3·2 + 4·6 = 32
/// let i: InnerProductOut<HList!(_2, HList!(_3, _4)), HList!(_1, HList!(_2, _6))> =
///     inner_product(hlist![_2, hlist![_3, _4]], hlist![_1, hlist![_2, _6]]);
/// assert_eq!(i, int!(32));
/// ```
pub trait InnerProduct<B> {
    /// The sum of products, a static integer.
    type Output;
}

/// `inner_product(A, B)`.
/// See [`InnerProduct`] for an example.
pub type InnerProductOut<A, B> = <A as InnerProduct<B>>::Output;

impl<A, B> InnerProduct<B> for A
where
    A: TryInnerProduct<B>,
    <A as TryInnerProduct<B>>::Verdict: Shown<A, B>,
    ShownOf<<A as TryInnerProduct<B>>::Verdict, A, B>: Admissible<InnerProductOp>,
{
    type Output = <A as TryInnerProduct<B>>::Output;
}

/// `inner_product(a, b)` (CuTe) for congruent static int tuples: `Σᵢ aᵢ·bᵢ`,
/// a static integer.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(inner_product(hlist![_4, _5], hlist![_8, _3]), int!(47));
/// ```
pub fn inner_product<A, B, R, V>(a: A, b: B) -> R
where
    A: TryInnerProduct<B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<InnerProductOp>,
    R: StaticValue,
{
    let _ = (a, b);
    R::VALUE
}

/// `inner_product` with its verdict, unchecked.
///
/// Call [`inner_product`] (see [`InnerProduct`] for an example) to have a
/// refusal be a compile error.
pub trait TryInnerProduct<B> {
    /// The sum (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass` or [`NotCongruent`].
    type Verdict;
}

impl<A, B> Computes<A, B> for InnerProductOp
where
    A: Dot<B>,
    <A as Dot<B>>::Congruent: Holds<NotCongruent>,
{
    type Output = <A as Dot<B>>::Output;
    type Verdict = <<A as Dot<B>>::Congruent as Holds<NotCongruent>>::Verdict;
}
gated_try!(TryInnerProduct<B> for A, InnerProductOp, B);

/// CuTe's `elem_scale(a, b)` of the static int tuples `Self` and `B`,
/// checked: an integer `a` becomes `a · size(b)` (`size(b)` the product of
/// `b`'s leaves); a tuple `a` is scaled mode by mode, `(a₀, .., aₙ₋₁)` by
/// `(b₀, .., bₙ₋₁)` giving `(elem_scale(a₀, b₀), .., elem_scale(aₙ₋₁, bₙ₋₁))`.
/// A tuple scaled by an integer is `not_congruent`, a tuple by a tuple of
/// another rank `rank_mismatch`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// // (2·3, 3·(4·2)) = (6, 24)
/// let s: ElemScaleOut<HList!(_2, _3), HList!(_3, HList!(_4, _2))> =
///     elem_scale(hlist![_2, _3], hlist![_3, hlist![_4, _2]]);
/// assert_eq!(s, hlist![_6, int!(24)]);
/// ```
pub trait ElemScale<B> {
    /// The scaled int tuple, with the tree structure of `Self`.
    type Output;
}

/// `elem_scale(A, B)`.
/// See [`ElemScale`] for an example.
pub type ElemScaleOut<A, B> = <A as ElemScale<B>>::Output;

impl<A, B> ElemScale<B> for A
where
    A: TryElemScale<B>,
    <A as TryElemScale<B>>::Verdict: Shown<A, B>,
    ShownOf<<A as TryElemScale<B>>::Verdict, A, B>: Admissible<ElemScaleOp>,
{
    type Output = <A as TryElemScale<B>>::Output;
}

/// `elem_scale(a, b)` (CuTe) for static int tuples: `a · size(b)` for an
/// integer `a`, mode by mode for a tuple `a` and a tuple `b` of its rank, as
/// a value of static integers.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(elem_scale(_3, hlist![_2, _4]), int!(24));
/// ```
pub fn elem_scale<A, B, R, V>(a: A, b: B) -> R
where
    A: TryElemScale<B, Output = R, Verdict = V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<ElemScaleOp>,
    R: StaticValue,
{
    let _ = (a, b);
    R::VALUE
}

/// `elem_scale` with its verdict, unchecked.
///
/// Call [`elem_scale`] (see [`ElemScale`] for an example) to have a refusal
/// be a compile error.
pub trait TryElemScale<B> {
    /// The scaled int tuple (meaningless unless the verdict is `Pass`).
    type Output;
    /// `Pass`, [`NotCongruent`] or [`RankMismatch`].
    type Verdict;
}

/// `elem_scale(Self, B)` on static operands (the gate is [`TryElemScale`]'s).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ElemScaleBy<B> {
    /// The scaled int tuple.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<A: ElemScaleBy<B>, B> Computes<A, B> for ElemScaleOp {
    type Output = A::Output;
    type Verdict = A::Verdict;
}
gated_try!(TryElemScale<B> for A, ElemScaleOp, B);

/// An integer times the product of the leaves of `B`.
impl<X: IntLeaf, B: PrefixProd<P1>> ElemScaleBy<B> for X
where
    X: IntMul<<B as PrefixProd<P1>>::Next>,
    <B as PrefixProd<P1>>::Next: IntLeaf,
{
    type Output = IntMulOut<X, <B as PrefixProd<P1>>::Next>;
    type Verdict = Pass;
}

impl<B> ElemScaleBy<B> for HNil
where
    HNil: ScaleTuple<B>,
{
    type Output = <HNil as ScaleTuple<B>>::Output;
    type Verdict = <HNil as ScaleTuple<B>>::Verdict;
}

impl<H, T, B> ElemScaleBy<B> for HCons<H, T>
where
    HCons<H, T>: ScaleTuple<B>,
{
    type Output = <HCons<H, T> as ScaleTuple<B>>::Output;
    type Verdict = <HCons<H, T> as ScaleTuple<B>>::Verdict;
}

/// `elem_scale` of the tuple `Self` by `B`: `not_congruent` for an integer
/// `B`, else mode by mode (`rank_mismatch` unless the ranks agree).
#[doc(hidden)]
pub trait ScaleTuple<B> {
    /// The scaled tuple.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<A, X: IntLeaf> ScaleTuple<X> for A {
    type Output = A;
    type Verdict = NotCongruent;
}

impl<A> ScaleTuple<HNil> for A
where
    A: ElemScaleModes<HNil>,
    <A as ElemScaleModes<HNil>>::Ranked: Holds<RankMismatch>,
    <<A as ElemScaleModes<HNil>>::Ranked as Holds<RankMismatch>>::Verdict:
        First<<A as ElemScaleModes<HNil>>::Verdict>,
{
    type Output = <A as ElemScaleModes<HNil>>::Output;
    type Verdict = Then<
        <<A as ElemScaleModes<HNil>>::Ranked as Holds<RankMismatch>>::Verdict,
        <A as ElemScaleModes<HNil>>::Verdict,
    >;
}

impl<A, BH, BT> ScaleTuple<HCons<BH, BT>> for A
where
    A: ElemScaleModes<HCons<BH, BT>>,
    <A as ElemScaleModes<HCons<BH, BT>>>::Ranked: Holds<RankMismatch>,
    <<A as ElemScaleModes<HCons<BH, BT>>>::Ranked as Holds<RankMismatch>>::Verdict:
        First<<A as ElemScaleModes<HCons<BH, BT>>>::Verdict>,
{
    type Output = <A as ElemScaleModes<HCons<BH, BT>>>::Output;
    type Verdict = Then<
        <<A as ElemScaleModes<HCons<BH, BT>>>::Ranked as Holds<RankMismatch>>::Verdict,
        <A as ElemScaleModes<HCons<BH, BT>>>::Verdict,
    >;
}

/// `elem_scale` of the tuples `Self` and `B` mode by mode, and whether their
/// ranks agree (the modes past the shorter are dropped).
#[doc(hidden)]
pub trait ElemScaleModes<B> {
    /// The scaled modes.
    type Output;
    /// `Pass` or the first violated rule of a mode.
    type Verdict;
    /// `B1` if the ranks are equal.
    type Ranked;
}

impl ElemScaleModes<HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
    type Ranked = B1;
}

impl<A0, AT, BH, BT> ElemScaleModes<HCons<BH, BT>> for HCons<A0, AT>
where
    A0: ElemScaleBy<BH>,
    AT: ElemScaleModes<BT>,
    <A0 as ElemScaleBy<BH>>::Verdict: First<<AT as ElemScaleModes<BT>>::Verdict>,
{
    type Output = HCons<<A0 as ElemScaleBy<BH>>::Output, <AT as ElemScaleModes<BT>>::Output>;
    type Verdict = Then<<A0 as ElemScaleBy<BH>>::Verdict, <AT as ElemScaleModes<BT>>::Verdict>;
    type Ranked = <AT as ElemScaleModes<BT>>::Ranked;
}

impl<A0, AT> ElemScaleModes<HNil> for HCons<A0, AT> {
    type Output = HNil;
    type Verdict = Pass;
    type Ranked = B0;
}

impl<BH, BT> ElemScaleModes<HCons<BH, BT>> for HNil {
    type Output = HNil;
    type Verdict = Pass;
    type Ranked = B0;
}
