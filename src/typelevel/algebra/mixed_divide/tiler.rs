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

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};

use super::finish::Fault;
use super::walk::{pair, DivideModes, Pair};
use crate::typelevel::{Layout, Tile};

/// The four divides of a layout with dynamic leaves by a tiler (see the module).
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
    /// The logical divide by the tiler `t`, or the error of the values (see
    /// [`ModeDivide`]), the divide's own naming `what`, the operation called.
    fn logical(self, t: T, what: &'static str) -> Result<Self::Logical, Fault>;
    /// The zipped divide.
    fn zipped(self, t: T, what: &'static str) -> Result<Self::Zipped, Fault>;
    /// The tiled divide.
    fn tiled(self, t: T, what: &'static str) -> Result<Self::Tiled, Fault>;
    /// The flat divide.
    fn flat(self, t: T, what: &'static str) -> Result<Self::Flat, Fault>;
    /// The composition with the tiler.
    fn composed_with(self, t: T) -> Result<Self::Composed, Fault>;
}
/// The parts of the modes `S`, `D` divided by the tiler entries `T`.
type Ts<S, D, T> = <S as DivideModes<D, T>>::TS;
type Td<S, D, T> = <S as DivideModes<D, T>>::TD;
type Qs<S, D, T> = <S as DivideModes<D, T>>::QS;
type Qd<S, D, T> = <S as DivideModes<D, T>>::QD;
type Ps<S, D, T> = <S as DivideModes<D, T>>::PS;
type Pd<S, D, T> = <S as DivideModes<D, T>>::PD;
impl<S, D, T> TilerDivide<Tile<T>> for Layout<S, D>
where
    S: DivideModes<D, T> + Copy,
    D: Copy,
    Ts<S, D, T>: FlatJoin<Qs<S, D, T>>,
    Td<S, D, T>: FlatJoin<Qd<S, D, T>>,
{
    type Logical = Layout<Ps<S, D, T>, Pd<S, D, T>>;
    type Zipped = Layout<Pair<Ts<S, D, T>, Qs<S, D, T>>, Pair<Td<S, D, T>, Qd<S, D, T>>>;
    type Tiled = Layout<HCons<Ts<S, D, T>, Qs<S, D, T>>, HCons<Td<S, D, T>, Qd<S, D, T>>>;
    type Flat = Layout<
        <Ts<S, D, T> as FlatJoin<Qs<S, D, T>>>::Output,
        <Td<S, D, T> as FlatJoin<Qd<S, D, T>>>::Output,
    >;
    type Composed = Layout<Ts<S, D, T>, Td<S, D, T>>;
    type Verdict = <S as DivideModes<D, T>>::TileVerdict;
    type DivideVerdict = <S as DivideModes<D, T>>::Verdict;
    const EVEN: bool = <S as DivideModes<D, T>>::EVEN;
    type Evenness = <S as DivideModes<D, T>>::Evenness;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical(self, t: Tile<T>, what: &'static str) -> Result<Self::Logical, Fault> {
        let (_, _, _, _, ps, pd) = divided(self, t, what)?;
        Ok(Layout::from_parts(ps, pd))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self, t: Tile<T>, what: &'static str) -> Result<Self::Zipped, Fault> {
        let (ts, td, qs, qd, _, _) = divided(self, t, what)?;
        Ok(Layout::from_parts(pair(ts, qs), pair(td, qd)))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(self, t: Tile<T>, what: &'static str) -> Result<Self::Tiled, Fault> {
        let (ts, td, qs, qd, _, _) = divided(self, t, what)?;
        Ok(Layout::from_parts(
            HCons { head: ts, tail: qs },
            HCons { head: td, tail: qd },
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composed_with(self, t: Tile<T>) -> Result<Self::Composed, Fault> {
        let (s, d) = self.into_parts();
        let (ts, td) = s.tile_modes(d, t.0)?;
        Ok(Layout::from_parts(ts, td))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn flat(self, t: Tile<T>, what: &'static str) -> Result<Self::Flat, Fault> {
        let (ts, td, qs, qd, _, _) = divided(self, t, what)?;
        Ok(Layout::from_parts(ts.join(qs), td.join(qd)))
    }
}

/// The tiles, rests and pairs of the modes of `l` divided by the tiler entries
/// `T` in the operation `what`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::type_complexity)]
fn divided<S: DivideModes<D, T>, D, T>(
    l: Layout<S, D>,
    t: Tile<T>,
    what: &'static str,
) -> Result<
    (
        Ts<S, D, T>,
        Td<S, D, T>,
        Qs<S, D, T>,
        Qd<S, D, T>,
        Ps<S, D, T>,
        Pd<S, D, T>,
    ),
    Fault,
> {
    let (s, d) = l.into_parts();
    s.divide_modes(d, t.0, what)
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
