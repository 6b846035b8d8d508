//! The four divides by a tiler `<B₀, B₁, ..>` ([`TilerDivide`]), regrouped
//! from the per-mode parts `(Bᵢ, Bᵢ*)`: logical `((B₀, B₀*), (B₁, B₁*), ..)`,
//! zipped `((B₀, B₁, ..), (B₀*, B₁*, ..))`, tiled `((B₀, B₁, ..), B₀*, B₁*, ..)`,
//! flat `(B₀, B₁, .., B₀*, B₁*, ..)` ([`FlatJoin`]), and the tiles alone
//! `(A₀ ∘ B₀, A₁ ∘ B₁, ..)` (the composition with the tiler).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![Dyn(200), Dyn(64)], hlist![_1, Dyn(200)]).unwrap();
//! let t = try_tiled_divide(a, tile!(128, 8)).unwrap();
//! assert_eq!(format!("{t:#}"), "((_128,_8),2,8):((_1,200),_128,1600)");
//! ```

use core::marker::PhantomData;
use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};

use super::finish::Fault;
use super::plan::RunDivide;
use super::walk::{DivideModes, RunModes};
use crate::typelevel::algebra::product::leaves::LogicalForm;
use crate::typelevel::algebra::regroup::{FlatForm, TiledForm, ZippedForm};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tuple::{pair, Pair};
use crate::typelevel::{Layout, Tile};
use typenum::{NonZero, PInt, Unsigned};

/// The four divides of a layout with dynamic leaves by a tiler (see the
/// module): their types, verdicts and plan (the values: [`RunDivide`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TilerDivide<T> {
    /// `((B₀, B₀*), (B₁, B₁*), ..)`.
    type Logical;
    /// `((B₀, B₁, ..), (B₀*, B₁*, ..))`.
    type Zipped;
    /// `((B₀, B₁, ..), B₀*, B₁*, ..)`.
    type Tiled;
    /// `(B₀, B₁, .., B₀*, B₁*, ..)`.
    type Flat;
    /// `(A₀ ∘ B₀, A₁ ∘ B₁, ..)`: the tiles alone (modes past the tiler dropped,
    /// as CuTe C++'s `composition` with a tiler does).
    type Composed;
    /// `Pass` or the violated rule of the composition with the tiler (the
    /// tiles alone: a nested mode's complement is not needed there).
    type Verdict;
    /// `Pass` or the violated rule of the divides.
    type DivideVerdict;
    /// Whether the tiles provably fill every mode exactly (see [`evenly_divides`](crate::typelevel::evenly_divides)).
    const EVEN: bool;
    /// `Pass` where `EVEN` holds, else the first divided extent not proven
    /// filled (the verdict of [`assert_evenly_divides`](crate::typelevel::assert_evenly_divides)).
    type Evenness;
    /// The type whose [`RunDivide`] impls compute the four forms.
    type Plan;
    /// The zipped divide by the tiler `t`, or the error of the values (see
    /// [`RunMode`](super::plan::RunMode)), the divide's own naming `what`, the
    /// operation called.
    fn zipped(self, t: T, what: &'static str) -> Result<Self::Zipped, Fault>;
    /// The composition with the tiler.
    fn composed_with(self, t: T) -> Result<Self::Composed, Fault>;
}
/// The parts of the modes `S`, `D` divided by the tiler entries `T` along the plans `P`.
type Ts<P, S, D, T> = <P as RunModes<S, D, T>>::TS;
type Td<P, S, D, T> = <P as RunModes<S, D, T>>::TD;
type Qs<P, S, D, T> = <P as RunModes<S, D, T>>::QS;
type Qd<P, S, D, T> = <P as RunModes<S, D, T>>::QD;
// The modes' plans `P` are bound to a parameter once.
impl<SH, ST, D, T, P> TilerDivide<Tile<T>> for Layout<HCons<SH, ST>, D>
where
    HCons<SH, ST>: DivideModes<D, T, Plan = P>,
    P: RunModes<HCons<SH, ST>, D, T>,
    Ts<P, HCons<SH, ST>, D, T>: FlatJoin<Qs<P, HCons<SH, ST>, D, T>>,
    Td<P, HCons<SH, ST>, D, T>: FlatJoin<Qd<P, HCons<SH, ST>, D, T>>,
    Qs<P, HCons<SH, ST>, D, T>: TiledJoin<Ts<P, HCons<SH, ST>, D, T>>,
    Qd<P, HCons<SH, ST>, D, T>: TiledJoin<Td<P, HCons<SH, ST>, D, T>>,
{
    type Logical = Layout<P::PS, P::PD>;
    type Zipped = Layout<Pair<P::TS, P::QS>, Pair<P::TD, P::QD>>;
    type Tiled = Layout<
        <Qs<P, HCons<SH, ST>, D, T> as TiledJoin<Ts<P, HCons<SH, ST>, D, T>>>::Output,
        <Qd<P, HCons<SH, ST>, D, T> as TiledJoin<Td<P, HCons<SH, ST>, D, T>>>::Output,
    >;
    type Flat = Layout<
        <Ts<P, HCons<SH, ST>, D, T> as FlatJoin<Qs<P, HCons<SH, ST>, D, T>>>::Output,
        <Td<P, HCons<SH, ST>, D, T> as FlatJoin<Qd<P, HCons<SH, ST>, D, T>>>::Output,
    >;
    type Composed = Layout<P::TS, P::TD>;
    type Verdict = <HCons<SH, ST> as DivideModes<D, T>>::TileVerdict;
    type DivideVerdict = <HCons<SH, ST> as DivideModes<D, T>>::Verdict;
    const EVEN: bool = <HCons<SH, ST> as DivideModes<D, T>>::EVEN;
    type Evenness = <HCons<SH, ST> as DivideModes<D, T>>::Evenness;
    type Plan = TilerPlan<P>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self, t: Tile<T>, what: &'static str) -> Result<Self::Zipped, Fault> {
        zipped::<P, HCons<SH, ST>, D, T>(self, t, what)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_with(self, t: Tile<T>) -> Result<Self::Composed, Fault> {
        let (s, d) = self.into_parts();
        let (ts, td) = P::tile_modes(s, d, t.0)?;
        Ok(Layout::from_parts(ts, td))
    }
}

/// A layout whose shape is one leaf divides as the rank-1 layout `(s):(d)`,
/// as CuTe C++ reads it (its mode 0 is the layout): zipped, tiled and flat
/// alike `((B₀),(B₀*))`, logical `((B₀,B₀*))`, the tiles `(B₀)`.
macro_rules! leaf_divide {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D, T> TilerDivide<Tile<T>> for Layout<$S, D>
        where
            Layout<HCons<$S, HNil>, HCons<D, HNil>>: TilerDivide<Tile<T>>,
        {
            type Logical = <Rank1<$S, D> as TilerDivide<Tile<T>>>::Logical;
            type Zipped = <Rank1<$S, D> as TilerDivide<Tile<T>>>::Zipped;
            type Tiled = <Rank1<$S, D> as TilerDivide<Tile<T>>>::Zipped;
            type Flat = <Rank1<$S, D> as TilerDivide<Tile<T>>>::Zipped;
            type Composed = <Rank1<$S, D> as TilerDivide<Tile<T>>>::Composed;
            type Verdict = <Rank1<$S, D> as TilerDivide<Tile<T>>>::Verdict;
            type DivideVerdict = <Rank1<$S, D> as TilerDivide<Tile<T>>>::DivideVerdict;
            const EVEN: bool = <Rank1<$S, D> as TilerDivide<Tile<T>>>::EVEN;
            type Evenness = <Rank1<$S, D> as TilerDivide<Tile<T>>>::Evenness;
            type Plan = LeafPlan<<Rank1<$S, D> as TilerDivide<Tile<T>>>::Plan>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn zipped(self, t: Tile<T>, what: &'static str) -> Result<Self::Zipped, Fault> {
                rank1(self).zipped(t, what)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn composed_with(self, t: Tile<T>) -> Result<Self::Composed, Fault> {
                rank1(self).composed_with(t)
            }
        }
        impl<$($g)* D, T, P, F, R> RunDivide<Layout<$S, D>, Tile<T>, F, R> for LeafPlan<P>
        where
            F: LeafForm,
            P: RunDivide<Rank1<$S, D>, Tile<T>, F::Run, R>,
        {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn run(a: Layout<$S, D>, t: Tile<T>, what: &'static str) -> Result<R, Fault> {
                P::run(rank1(a), t, what)
            }
        }
    )*};
}
leaf_divide!([] Dyn, [N,] DivBy<N>, [U: Unsigned + NonZero,] PInt<U>);

/// The rank-1 layout `(s):(d)` of a one-leaf layout `s:d`.
type Rank1<S, D> = Layout<HCons<S, HNil>, HCons<D, HNil>>;

/// `(s):(d)` of `s:d`.
#[cfg_attr(not(debug_assertions), inline(always))]
fn rank1<S, D>(l: Layout<S, D>) -> Rank1<S, D> {
    let (s, d) = l.into_parts();
    Layout::from_parts(
        HCons {
            head: s,
            tail: HNil,
        },
        HCons {
            head: d,
            tail: HNil,
        },
    )
}

/// The plan of a divide of a one-leaf layout: the plan `P` of its rank-1 layout.
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct LeafPlan<P>(PhantomData<P>);

/// The form a one-leaf layout's divide computes: its own for logical and
/// zipped, the zipped one for tiled and flat.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LeafForm {
    /// The form run on the rank-1 layout.
    type Run;
}
impl LeafForm for LogicalForm {
    type Run = LogicalForm;
}
impl LeafForm for ZippedForm {
    type Run = ZippedForm;
}
impl LeafForm for TiledForm {
    type Run = ZippedForm;
}
impl LeafForm for FlatForm {
    type Run = ZippedForm;
}

/// The plan of a divide by a tiler: the modes' plans `P` (see [`RunModes`]).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct TilerPlan<P>(PhantomData<P>);
impl<S, D, T, P, PS, PD> RunDivide<Layout<S, D>, Tile<T>, LogicalForm, Layout<PS, PD>>
    for TilerPlan<P>
where
    P: RunModes<S, D, T, PS = PS, PD = PD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, t: Tile<T>, what: &'static str) -> Result<Layout<PS, PD>, Fault> {
        let (s, d) = a.into_parts();
        let (_, _, _, _, ps, pd) = P::divide_modes(s, d, t.0, what)?;
        Ok(Layout::from_parts(ps, pd))
    }
}
impl<S, D, T, P, TS, TD, QS, QD>
    RunDivide<Layout<S, D>, Tile<T>, ZippedForm, Layout<Pair<TS, QS>, Pair<TD, QD>>>
    for TilerPlan<P>
where
    P: RunModes<S, D, T, TS = TS, TD = TD, QS = QS, QD = QD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(
        a: Layout<S, D>,
        t: Tile<T>,
        what: &'static str,
    ) -> Result<Layout<Pair<TS, QS>, Pair<TD, QD>>, Fault> {
        zipped::<P, S, D, T>(a, t, what)
    }
}
impl<S, D, T, P, TS, TD, QS, QD>
    RunDivide<Layout<S, D>, Tile<T>, TiledForm, Layout<QS::Output, QD::Output>> for TilerPlan<P>
where
    P: RunModes<S, D, T, TS = TS, TD = TD, QS = QS, QD = QD>,
    QS: TiledJoin<TS>,
    QD: TiledJoin<TD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(
        a: Layout<S, D>,
        t: Tile<T>,
        what: &'static str,
    ) -> Result<Layout<QS::Output, QD::Output>, Fault> {
        let (s, d) = a.into_parts();
        let (ts, td, qs, qd, _, _) = P::divide_modes(s, d, t.0, what)?;
        Ok(Layout::from_parts(qs.tiled(ts), qd.tiled(td)))
    }
}
impl<S, D, T, P, TS, TD, QS, QD, FS, FD> RunDivide<Layout<S, D>, Tile<T>, FlatForm, Layout<FS, FD>>
    for TilerPlan<P>
where
    P: RunModes<S, D, T, TS = TS, TD = TD, QS = QS, QD = QD>,
    TS: FlatJoin<QS, Output = FS>,
    TD: FlatJoin<QD, Output = FD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, t: Tile<T>, what: &'static str) -> Result<Layout<FS, FD>, Fault> {
        let (s, d) = a.into_parts();
        let (ts, td, qs, qd, _, _) = P::divide_modes(s, d, t.0, what)?;
        Ok(Layout::from_parts(ts.join(qs), td.join(qd)))
    }
}

/// The zipped divide of `l` by the tiler entries `T` along the modes' plans `P`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::type_complexity)]
fn zipped<P: RunModes<S, D, T>, S, D, T>(
    l: Layout<S, D>,
    t: Tile<T>,
    what: &'static str,
) -> Result<Layout<Pair<P::TS, P::QS>, Pair<P::TD, P::QD>>, Fault> {
    let (s, d) = l.into_parts();
    let (ts, td, qs, qd, _, _) = P::divide_modes(s, d, t.0, what)?;
    Ok(Layout::from_parts(pair(ts, qs), pair(td, qd)))
}

/// The tiles `TS` followed by the rests `Self` in a tiled divide: the tiles
/// one mode, then each rest (`((8,128),1,1)`); one rest (a rank-1 layout)
/// stays a one-mode tuple (`((2),((3,2)))`, the zipped form: CuTe C++'s
/// `result(_, repeat<1>(_))` keeps the mode), as in CuTe C++ (and the
/// runtime layer).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TiledJoin<TS> {
    /// The joined list.
    type Output;
    /// The joined value.
    fn tiled(self, ts: TS) -> Self::Output;
}
impl<TS, R> TiledJoin<TS> for HCons<R, HNil> {
    type Output = Pair<TS, Self>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(self, ts: TS) -> Self::Output {
        pair(ts, self)
    }
}
impl<TS, R, R2, RT> TiledJoin<TS> for HCons<R, HCons<R2, RT>> {
    type Output = HCons<TS, Self>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(self, ts: TS) -> Self::Output {
        HCons {
            head: ts,
            tail: self,
        }
    }
}

/// The tiles followed by the rests in a flat divide: one tile stays a
/// one-mode tuple (`((8),1,7)`, the tiled form), several are spliced in
/// (`(8,128,1,1)`), as in CuTe C++ (and the runtime layer).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatJoin<Q> {
    /// The joined list.
    type Output;
    /// The joined value.
    fn join(self, q: Q) -> Self::Output;
}
impl<X, Q: TiledJoin<Self>> FlatJoin<Q> for HCons<X, HNil> {
    type Output = Q::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn join(self, q: Q) -> Self::Output {
        q.tiled(self)
    }
}
impl<X, Y, Z, Q> FlatJoin<Q> for HCons<X, HCons<Y, Z>>
where
    Self: Add<Q>,
{
    type Output = <Self as Add<Q>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn join(self, q: Q) -> Self::Output {
        self + q
    }
}

/// The divide of `Self` by `T` in the form `F` is `R`, with the verdict `V`
/// and the plan `P`: one plain bound whose parameters the caller infers, so
/// that the monomorphization walk finds the value code from `P` without
/// solving the divide's types again.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait DividesTo<T, F, P, R, V> {}
impl<A, T, P, R, V> DividesTo<T, LogicalForm, P, R, V> for A where
    A: TilerDivide<T, Logical = R, DivideVerdict = V, Plan = P>
{
}
impl<A, T, P, R, V> DividesTo<T, ZippedForm, P, R, V> for A where
    A: TilerDivide<T, Zipped = R, DivideVerdict = V, Plan = P>
{
}
impl<A, T, P, R, V> DividesTo<T, TiledForm, P, R, V> for A where
    A: TilerDivide<T, Tiled = R, DivideVerdict = V, Plan = P>
{
}
impl<A, T, P, R, V> DividesTo<T, FlatForm, P, R, V> for A where
    A: TilerDivide<T, Flat = R, DivideVerdict = V, Plan = P>
{
}
