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
use crate::typelevel::algebra::product_mixed::{FlatForm, LogicalForm, TiledForm, ZippedForm};
use crate::typelevel::tuple::{pair, Pair};
use crate::typelevel::{Layout, Tile};

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
impl<S, D, T, P> TilerDivide<Tile<T>> for Layout<S, D>
where
    S: DivideModes<D, T, Plan = P>,
    P: RunModes<S, D, T>,
    Ts<P, S, D, T>: FlatJoin<Qs<P, S, D, T>>,
    Td<P, S, D, T>: FlatJoin<Qd<P, S, D, T>>,
{
    type Logical = Layout<P::PS, P::PD>;
    type Zipped = Layout<Pair<P::TS, P::QS>, Pair<P::TD, P::QD>>;
    type Tiled = Layout<HCons<P::TS, P::QS>, HCons<P::TD, P::QD>>;
    type Flat = Layout<
        <Ts<P, S, D, T> as FlatJoin<Qs<P, S, D, T>>>::Output,
        <Td<P, S, D, T> as FlatJoin<Qd<P, S, D, T>>>::Output,
    >;
    type Composed = Layout<P::TS, P::TD>;
    type Verdict = <S as DivideModes<D, T>>::TileVerdict;
    type DivideVerdict = <S as DivideModes<D, T>>::Verdict;
    const EVEN: bool = <S as DivideModes<D, T>>::EVEN;
    type Evenness = <S as DivideModes<D, T>>::Evenness;
    type Plan = TilerPlan<P>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self, t: Tile<T>, what: &'static str) -> Result<Self::Zipped, Fault> {
        zipped::<P, S, D, T>(self, t, what)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_with(self, t: Tile<T>) -> Result<Self::Composed, Fault> {
        let (s, d) = self.into_parts();
        let (ts, td) = P::tile_modes(s, d, t.0)?;
        Ok(Layout::from_parts(ts, td))
    }
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
    RunDivide<Layout<S, D>, Tile<T>, TiledForm, Layout<HCons<TS, QS>, HCons<TD, QD>>>
    for TilerPlan<P>
where
    P: RunModes<S, D, T, TS = TS, TD = TD, QS = QS, QD = QD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(
        a: Layout<S, D>,
        t: Tile<T>,
        what: &'static str,
    ) -> Result<Layout<HCons<TS, QS>, HCons<TD, QD>>, Fault> {
        let (s, d) = a.into_parts();
        let (ts, td, qs, qd, _, _) = P::divide_modes(s, d, t.0, what)?;
        Ok(Layout::from_parts(
            HCons { head: ts, tail: qs },
            HCons { head: td, tail: qd },
        ))
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

/// The tiles followed by the rests in a flat divide: one tile stays a
/// one-mode tuple (`((8),1,7)`), several are spliced in (`(8,128,1,1)`), as in
/// CuTe C++ (and the runtime layer).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FlatJoin<Q> {
    /// The joined list.
    type Output;
    /// The joined value.
    fn join(self, q: Q) -> Self::Output;
}
impl<X, Q> FlatJoin<Q> for HCons<X, HNil> {
    type Output = HCons<Self, Q>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn join(self, q: Q) -> Self::Output {
        HCons {
            head: self,
            tail: q,
        }
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
