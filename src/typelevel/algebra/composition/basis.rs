//! `try_composition(A, B)` where `B` has scaled-basis strides and `A` has
//! run-time leaves: a leaf `s:v@i` of `B` composes mode `i` of `A` (`v@i@j`:
//! mode `j` of mode `i`) with `s:v`, an integer leaf `s:d` all of `A`, by the
//! mixed composition of `leaves.rs`, so each leaf is static where CuTe C++
//! keeps it (`(_4,8):(_1,4) ∘ _2:_1@1 = _2:4`); `B`'s tree is kept.
//!
//! Composing leaf by leaf is left distributivity (001 Eq. 23): as the
//! runtime layer, the leaves on one mode of `A` (and the integer leaves, on
//! `A` whole) must be proven to lie in separate digits of that mode
//! coalesced by value, else the composition is refused (`Distributivity`;
//! with a coordinate-valued `B` there is no point-by-point fallback).
//!
//! [`StridesKind`] reads `A`'s strides too, at `try_composition`'s door: a
//! layout `A` with scaled-basis strides composes by a layout as the static
//! composition where every leaf of both is static, and is refused by name
//! with a run-time leaf (`RunTimeBasis`: the walk would give its basis
//! strides run-time scales, which a [`ScaledBasis`] of the type level does
//! not have).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![_4, Dyn(8)], hlist![_1, Dyn(4)]).unwrap();
//! let r = try_composition(a, layout!(2:1@1)).unwrap();
//! assert_eq!(format!("{r:#}"), "_2:4"); // as CuTe C++
//! let t = try_composition(a, layout!((2,4):(1@0,2@1))).unwrap();
//! assert_eq!(format!("{t:#}"), "(_2,_4):(_1,8)"); // as CuTe C++
//! ```

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;
use typenum::{And, NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

use super::leaves::{
    coalesced_by_value, proven_distributive, ByInt, ByLayout, ByTiler, ComposeBy, ComposesTo,
    MixedComposition, RhsKind, RunCompose,
};
use super::{ModeAt, TryCompose};
use crate::runtime::algebra::mode_list::IntModes;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::algebra::values::{operand, FlatLayout, FlatOperand};
use crate::typelevel::check::verdict::{First, RunTimeBasis, Then};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::{Layout, ScaledBasis};

/// The kind of the strides `Self`: [`ByLayout`] with integer strides only,
/// [`ByBasis`] with a scaled-basis stride among them (which right operand a
/// layout with these strides is; for the left operand, whether its basis
/// strides keep static scales, see the module).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait StridesKind {
    /// The kind.
    type Kind;
}
/// A layout is the right operand its strides say.
impl<S, D: StridesKind> RhsKind for Layout<S, D> {
    type Kind = D::Kind;
}
/// A layout `B` with a scaled-basis stride, composed leaf by leaf.
#[doc(hidden)]
pub struct ByBasis;
macro_rules! integer_stride {
    ($([$($g:tt)*] $D:ty),*) => {$(
        impl<$($g)*> StridesKind for $D {
            type Kind = ByLayout;
        }
        // An integer first stride: the rest's kind (one step per leaf).
        impl<$($g)* T: StridesKind> StridesKind for HCons<$D, T> {
            type Kind = T::Kind;
        }
    )*};
}
integer_stride!([] Z0, [U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] NInt<U>,
    [] Dyn, [N,] DivBy<N>);
impl StridesKind for HNil {
    type Kind = ByLayout;
}
impl<V, P> StridesKind for ScaledBasis<V, P> {
    type Kind = ByBasis;
}
impl<V, P, T> StridesKind for HCons<ScaledBasis<V, P>, T> {
    type Kind = ByBasis;
}
// A nested first mode: either's kind.
impl<H, HT, T: StridesKind> StridesKind for HCons<HCons<H, HT>, T>
where
    HCons<H, HT>: StridesKind,
    <HCons<H, HT> as StridesKind>::Kind: EitherBasis<T::Kind>,
{
    type Kind = <<HCons<H, HT> as StridesKind>::Kind as EitherBasis<T::Kind>>::Output;
}
impl<T: StridesKind> StridesKind for HCons<HNil, T> {
    type Kind = T::Kind;
}
/// [`ByBasis`] if `Self` or `K` is.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait EitherBasis<K> {
    /// The kind.
    type Output;
}
impl EitherBasis<ByLayout> for ByLayout {
    type Output = ByLayout;
}
impl EitherBasis<ByBasis> for ByLayout {
    type Output = ByBasis;
}
impl<K> EitherBasis<K> for ByBasis {
    type Output = ByBasis;
}

impl<A, BS, BD> ComposeBy<A, Layout<BS, BD>> for ByBasis
where
    A: FlatLayout + FlatOperand + core::fmt::Display,
    Layout<BS, BD>: core::fmt::Display + Copy,
    BS: BasisLeaves<BD, A>,
{
    type Output = Layout<BS::Shape, BS::Stride>;
    type Verdict = BS::Verdict;
    type Plan = BasisPlan;
}

/// `try_composition(A, B)` as the kind of `A`'s strides has it: integers
/// by the mixed composition; with a scaled basis among them, by a tiler as
/// its divide's tiles (see `tiler.rs`), by a layout or an integer as the
/// static composition where every leaf of both is static, else refused
/// ([`RunTimeBasis`]: the walk would give its basis strides run-time
/// scales, which a [`ScaledBasis`] of the type level does not have). Only
/// the front door asks: the compositions inside the other families take
/// integer layouts.
// `B: RhsKind` first: a `B` that is no operand is named before the kinds.
impl<S, D: StridesKind, B: RhsKind, P, R, V> ComposesTo<B, P, R, V> for Layout<S, D> where
    D::Kind: ComposesOn<Layout<S, D>, B, P, R, V>
{
}
/// [`ComposesTo`] for the kind `Self` of `A`'s strides.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ComposesOn<A, B, P, R, V> {}
impl<A, B, P, R, V> ComposesOn<A, B, P, R, V> for ByLayout where
    A: MixedComposition<B, Plan = P, Output = R, Verdict = V>
{
}
impl<A, B: RhsKind, P, R, V> ComposesOn<A, B, P, R, V> for ByBasis where
    B::Kind: BasisRhs<A, B, P, R, V>
{
}
/// [`ComposesOn`] of a layout `A` with scaled-basis strides, for the kind
/// `Self` of `B`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait BasisRhs<A, B, P, R, V> {}
impl<A, B, P, R, V> BasisRhs<A, B, P, R, V> for ByTiler where
    A: MixedComposition<B, Plan = P, Output = R, Verdict = V>
{
}
macro_rules! basis_by_layout {
    ($($K:ty),*) => {$(
        impl<S, D, BS, BD, X, Y, P, R, V> BasisRhs<Layout<S, D>, Layout<BS, BD>, P, R, V> for $K
        where
            S: AllStatic,
            D: AllStatic,
            BS: AllStatic,
            BD: AllStatic,
            S::Bit: BitAnd<D::Bit, Output = X>,
            BS::Bit: BitAnd<BD::Bit, Output = Y>,
            X: BitAnd<Y>,
            And<X, Y>: BasisOperands<Layout<S, D>, Layout<BS, BD>, Plan = P, Output = R, Verdict = V>,
        {
        }
    )*};
}
basis_by_layout!(ByLayout, ByBasis);
impl<S, D, I, X, P, R, V> BasisRhs<Layout<S, D>, I, P, R, V> for ByInt
where
    S: AllStatic,
    D: AllStatic,
    I: AllStatic,
    S::Bit: BitAnd<D::Bit, Output = X>,
    X: BitAnd<I::Bit>,
    And<X, I::Bit>: BasisOperands<Layout<S, D>, I, Plan = P, Output = R, Verdict = V>,
{
}
/// `A ∘ B` for `A` with scaled-basis strides, as `Self` says every leaf of
/// both is static (`B1`) or not.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait BasisOperands<A, B> {
    /// The composition.
    type Output;
    /// `Pass` or the violated rule.
    type Verdict;
    /// The types its value code needs.
    type Plan: RunCompose<A, B, Self::Output>;
}
impl<A: TryCompose<B>, B> BasisOperands<A, B> for B1
where
    A::Output: StaticValue,
{
    type Output = A::Output;
    type Verdict = A::Verdict;
    type Plan = StaticPlan;
}
impl<A, B> BasisOperands<A, B> for B0 {
    type Output = A;
    type Verdict = RunTimeBasis;
    type Plan = RunTimeBasisPlan;
}
/// The plan of a composition of static operands: the static result.
#[doc(hidden)]
pub struct StaticPlan;
impl<A, B, R: StaticValue> RunCompose<A, B, R> for StaticPlan {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(_: A, _: B) -> Result<R, LayoutError> {
        Ok(R::VALUE)
    }
}
/// The plan of a refused composition (see [`RunTimeBasis`]).
#[doc(hidden)]
pub struct RunTimeBasisPlan;
impl<A, B, R> RunCompose<A, B, R> for RunTimeBasisPlan {
    fn run(_: A, _: B) -> Result<R, LayoutError> {
        // The verdict refuses the call when it compiles.
        Err(LayoutError::new(
            ErrorKind::InvalidArgument,
            "composition",
            alloc::string::String::from("a scaled-basis stride of A would need a run-time scale"),
        ))
    }
}

/// The plan of a composition by a layout with scaled-basis strides: each
/// leaf by its own plan, then the distributivity proof.
#[doc(hidden)]
pub struct BasisPlan;
impl<A, BS, BD> RunCompose<A, Layout<BS, BD>, Layout<BS::Shape, BS::Stride>> for BasisPlan
where
    A: FlatLayout + FlatOperand + core::fmt::Display,
    Layout<BS, BD>: core::fmt::Display + Copy,
    BS: BasisLeaves<BD, A>,
{
    fn run(a: A, b: Layout<BS, BD>) -> Result<Layout<BS::Shape, BS::Stride>, LayoutError> {
        let mut leaves = ProofLeaves::new();
        let (s, d) = b.into_parts();
        let mut whole: Option<Radix> = None;
        let (rs, rd) = BS::compose_leaves(&a, s, d, &mut |key, radix, leaf| {
            let radix = radix.unwrap_or_else(|| whole.get_or_insert_with(|| radix_of(&a)).clone());
            leaves.push((key, radix, leaf));
        })?;
        if !distributive(&mut leaves) {
            return Err(LayoutError::new(
                ErrorKind::Distributivity,
                "composition",
                alloc::format!("A = {a}, B = {b}: B's leaves on one mode of A may interfere there"),
            ));
        }
        Ok(Layout::from_parts(rs, rd))
    }
}

/// A layout's modes coalesced by value (`None` where a span overflows).
type Radix = Option<IntModes>;
/// The leaves of `B` for the proof: the mode of `A` each names (`u64::MAX`:
/// `A` whole), that mode's [`Radix`], and `(s, v)`.
type ProofLeaves = SmallVec<[(u64, Radix, (i64, i64)); 8]>;
/// What a leaf hands on for the proof (`None`: `A` whole, its radix taken once).
type Seen<'a> = dyn FnMut(u64, Option<Radix>, (i64, i64)) + 'a;

/// The [`Radix`] of `l`.
fn radix_of<L: FlatLayout + FlatOperand>(l: &L) -> Radix {
    let f = operand(l).flat_leaves();
    coalesced_by_value((&f.s, &f.d))
}

/// Whether the leaves on each mode are proven segregated there.
fn distributive(leaves: &mut ProofLeaves) -> bool {
    leaves.sort_by_key(|l| l.0);
    leaves.chunk_by(|x, y| x.0 == y.0).all(|group| {
        let (s, v): (SmallVec<[i64; 8]>, SmallVec<[i64; 8]>) = group.iter().map(|l| l.2).unzip();
        match &group[0].1 {
            Some(radix) => proven_distributive(radix, |m| m.0, (&s, &v)),
            None => false,
        }
    })
}

/// The leaves `Self` of `B` with strides `D`, each composed with the mode of
/// `A` it names (or `A` whole): the result's shape and stride (`B`'s tree,
/// each leaf's result in its place), the verdict of the static parts, and
/// the value, handing each leaf to `seen` for the proof.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait BasisLeaves<D, A>: Sized {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// `Pass` or the first violated rule.
    type Verdict;
    /// The value.
    fn compose_leaves(
        a: &A,
        s: Self,
        d: D,
        seen: &mut Seen<'_>,
    ) -> Result<(Self::Shape, Self::Stride), LayoutError>;
}

impl<A> BasisLeaves<HNil, A> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    type Verdict = crate::typelevel::check::verdict::Pass;
    fn compose_leaves(
        _: &A,
        _: HNil,
        _: HNil,
        _: &mut Seen<'_>,
    ) -> Result<(HNil, HNil), LayoutError> {
        Ok((HNil, HNil))
    }
}

impl<SH, ST, DH, DT, A> BasisLeaves<HCons<DH, DT>, A> for HCons<SH, ST>
where
    SH: BasisLeaves<DH, A>,
    ST: BasisLeaves<DT, A>,
    SH::Verdict: First<ST::Verdict>,
{
    type Shape = HCons<SH::Shape, ST::Shape>;
    type Stride = HCons<SH::Stride, ST::Stride>;
    type Verdict = Then<SH::Verdict, ST::Verdict>;
    fn compose_leaves(
        a: &A,
        s: Self,
        d: HCons<DH, DT>,
        seen: &mut Seen<'_>,
    ) -> Result<(Self::Shape, Self::Stride), LayoutError> {
        let (hs, hd) = SH::compose_leaves(a, s.head, d.head, seen)?;
        let (ts, td) = ST::compose_leaves(a, s.tail, d.tail, seen)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// A leaf `s:d` with an integer stride: `A ∘ s:d`.
macro_rules! integer_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D: IntLeaf + StridesKind, A, RS, RD> BasisLeaves<D, A> for $S
        where
            $S: IntLeaf,
            A: MixedComposition<Layout<$S, D>, Output = Layout<RS, RD>> + Copy,
        {
            type Shape = RS;
            type Stride = RD;
            type Verdict = A::Verdict;
            fn compose_leaves(
                a: &A,
                s: Self,
                d: D,
                seen: &mut Seen<'_>,
            ) -> Result<(RS, RD), LayoutError> {
                seen(u64::MAX, None, (s.value(), d.value()));
                Ok(A::mixed_compose(*a, Layout::from_parts(s, d))?.into_parts())
            }
        }
        /// A leaf `s:v@P`: mode `P` of `A` composed with `s:v`.
        impl<$($g)* V, P, A, M, RS, RD> BasisLeaves<ScaledBasis<V, P>, A> for $S
        where
            A: ModeAt<P, Output = M> + Copy,
            P: PathKey,
            $S: IntLeaf,
            V: IntLeaf + StridesKind + Default,
            M: MixedComposition<Layout<$S, V>, Output = Layout<RS, RD>> + FlatLayout + FlatOperand,
            A::Verdict: First<M::Verdict>,
        {
            type Shape = RS;
            type Stride = RD;
            type Verdict = Then<A::Verdict, M::Verdict>;
            fn compose_leaves(
                a: &A,
                s: Self,
                _: ScaledBasis<V, P>,
                seen: &mut Seen<'_>,
            ) -> Result<(RS, RD), LayoutError> {
                let m = A::mode_at_path(*a);
                seen(P::KEY, Some(radix_of(&m)), (s.value(), V::default().value()));
                Ok(m.mixed_compose(Layout::from_parts(s, V::default()))?.into_parts())
            }
        }
    )*};
}
integer_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);

/// A basis path as a number, one per path (for grouping `B`'s leaves by the
/// mode of `A` they name).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PathKey {
    /// The number.
    const KEY: u64;
}
impl PathKey for HNil {
    const KEY: u64 = 0;
}
impl<I: Unsigned, T: PathKey> PathKey for HCons<I, T> {
    const KEY: u64 = 1 + I::U64 + 257 * T::KEY;
}
