//! By-mode application of a binary operation to a layout and a tiler `<T0, T1, ..>`.
//!
//! `A ⋆ <T0, .., Tk> = (A0 ⋆ T0, .., Ak ⋆ Tk, A(k+1), ..)`: mode i of the layout
//! meets entry i of the tiler; the layout's extra modes are kept unchanged and a
//! tiler with more entries than the layout has modes is a rank mismatch.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use frunk_core::HList;
//! use typenum::consts::*;
//! // (8,16):(20,1) ∘ <4:1, 8:2> = (4,8):(20,2)
//! type A = Layout<HList![P8, P16], HList![P20, P1]>;
//! type T = Tile<HList![Layout<P4, P1>, Layout<P8, P2>]>;
//! let r: Layout<HList![P4, P8], HList![P20, P2]> = composition(A::default(), T::default());
//! # let _ = r;
//! ```

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned};

use super::flat::{Concat, Parts};
use super::verdict::{First, Pass, RankMismatch, Then};
use crate::typelevel::Layout;

/// The top-level modes of a layout as an HList of layouts (a rank-1 leaf layout is one mode).
pub trait TopModes {
    /// HList of `Layout`s.
    type Output;
}

impl<U: Unsigned + NonZero, D> TopModes for Layout<PInt<U>, D> {
    type Output = HCons<Self, HNil>;
}

impl<S0, ST, D0, DT> TopModes for Layout<HCons<S0, ST>, HCons<D0, DT>>
where
    Layout<ST, DT>: TopModes,
{
    type Output = HCons<Layout<S0, D0>, <Layout<ST, DT> as TopModes>::Output>;
}

impl TopModes for Layout<HNil, HNil> {
    type Output = HNil;
}

/// One step of a by-mode operation `Op`: `A ⋆ Self` for the tiler entry `Self`.
///
/// The tiler side is the `Self` type of every by-mode trait, so that type
/// inference with a not-yet-known tiler stops at once instead of exploring impls.
pub trait Apply<Op, A> {
    /// The result layout.
    type Output;
    /// The verdict of the step.
    type Verdict;
}

/// Zips a list of tiler entries (`Self`) with a list of layouts `A` under `Op`.
pub trait ByMode<Op, A> {
    /// HList of the results of the tiled modes.
    type Output;
    /// HList of the layout's modes beyond the tiler (kept unchanged).
    type Rest;
    /// The first failing verdict.
    type Verdict;
}

impl<Op> ByMode<Op, HNil> for HNil {
    type Output = HNil;
    type Rest = HNil;
    type Verdict = Pass;
}

// Modes beyond the tiler are kept.
impl<Op, A0, AT> ByMode<Op, HCons<A0, AT>> for HNil {
    type Output = HNil;
    type Rest = HCons<A0, AT>;
    type Verdict = Pass;
}

// Tiler entries beyond the layout's modes: rank mismatch.
impl<Op, T0, TT> ByMode<Op, HNil> for HCons<T0, TT> {
    type Output = HNil;
    type Rest = HNil;
    type Verdict = RankMismatch;
}

impl<Op, A0, AT, T0, TT> ByMode<Op, HCons<A0, AT>> for HCons<T0, TT>
where
    T0: Apply<Op, A0>,
    TT: ByMode<Op, AT>,
    <T0 as Apply<Op, A0>>::Verdict: First<<TT as ByMode<Op, AT>>::Verdict>,
{
    type Output = HCons<<T0 as Apply<Op, A0>>::Output, <TT as ByMode<Op, AT>>::Output>;
    type Rest = <TT as ByMode<Op, AT>>::Rest;
    type Verdict = Then<<T0 as Apply<Op, A0>>::Verdict, <TT as ByMode<Op, AT>>::Verdict>;
}

/// `A ⋆ <Self..>` (`Self` is the tiler's HList): the per-mode results, the
/// untouched modes, and their concatenation `(A0 ⋆ T0, .., A(k+1), ..)`.
pub trait ByModeLayout<Op, A> {
    /// HList of the results of the tiled modes.
    type Tiled;
    /// HList of the layout's modes beyond the tiler.
    type Rest;
    /// The result layout.
    type Output: Parts;
    /// The first failing verdict.
    type Verdict;
}

/// The by-mode results of `Op` for tiler list `T` on the modes of `A`.
type Zipped<Op, T, A> = <T as ByMode<Op, <A as TopModes>::Output>>::Output;
/// The modes of `A` beyond the tiler list `T`.
type Beyond<Op, T, A> = <T as ByMode<Op, <A as TopModes>::Output>>::Rest;

impl<Op, S, D, T> ByModeLayout<Op, Layout<S, D>> for T
where
    Layout<S, D>: TopModes,
    T: ByMode<Op, <Layout<S, D> as TopModes>::Output>,
    Zipped<Op, T, Layout<S, D>>: Add<Beyond<Op, T, Layout<S, D>>>,
    <Zipped<Op, T, Layout<S, D>> as Add<Beyond<Op, T, Layout<S, D>>>>::Output: Concat,
    <<Zipped<Op, T, Layout<S, D>> as Add<Beyond<Op, T, Layout<S, D>>>>::Output as Concat>::Output:
        Parts,
{
    type Tiled = Zipped<Op, T, Layout<S, D>>;
    type Rest = Beyond<Op, T, Layout<S, D>>;
    type Output =
        <<Zipped<Op, T, Layout<S, D>> as Add<Beyond<Op, T, Layout<S, D>>>>::Output as Concat>::Output;
    type Verdict = <T as ByMode<Op, <Layout<S, D> as TopModes>::Output>>::Verdict;
}

/// Splits a list of rank-2 layouts `((x0, y0), (x1, y1), ..)` into `(x0, x1, ..)` and `(y0, y1, ..)`.
pub trait Halves {
    /// HList of the first modes.
    type Firsts;
    /// HList of the second modes.
    type Seconds;
}

impl Halves for HNil {
    type Firsts = HNil;
    type Seconds = HNil;
}

impl<S0, S1, D0, D1, T> Halves
    for HCons<Layout<HCons<S0, HCons<S1, HNil>>, HCons<D0, HCons<D1, HNil>>>, T>
where
    T: Halves,
{
    type Firsts = HCons<Layout<S0, D0>, T::Firsts>;
    type Seconds = HCons<Layout<S1, D1>, T::Seconds>;
}

/// Pairs two lists of layouts mode by mode: `((x0, y0), (x1, y1), ..)`; the verdict
/// is a rank mismatch if their lengths differ.
pub trait Pair<Y> {
    /// HList of the rank-2 layouts.
    type Output;
    /// `Pass` or `RankMismatch`.
    type Verdict;
}

impl Pair<HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
}

impl<Y0, YT> Pair<HCons<Y0, YT>> for HNil {
    type Output = HNil;
    type Verdict = RankMismatch;
}

impl<X0, XT> Pair<HNil> for HCons<X0, XT> {
    type Output = HNil;
    type Verdict = RankMismatch;
}

impl<SX, DX, XT, SY, DY, YT> Pair<HCons<Layout<SY, DY>, YT>> for HCons<Layout<SX, DX>, XT>
where
    XT: Pair<YT>,
{
    type Output = HCons<
        Layout<HCons<SX, HCons<SY, HNil>>, HCons<DX, HCons<DY, HNil>>>,
        <XT as Pair<YT>>::Output,
    >;
    type Verdict = <XT as Pair<YT>>::Verdict;
}
