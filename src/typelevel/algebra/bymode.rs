//! By-mode application of a binary operation to a layout and a tiler `<T0, T1, ..>`.
//!
//! `A ⋆ <T0, .., Tk> = (A0 ⋆ T0, .., Ak ⋆ Tk, A(k+1), ..)`: mode i of the layout
//! meets entry i of the tiler; the layout's extra modes are kept unchanged and a
//! tiler with more entries than the layout has modes is a rank mismatch.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let r = composition(layout!((8,16):(20,1)), tile!(4:1, 8:2));
//! assert_eq!(r.to_string(), "(4,8):(20,2)");
//! ```

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned};

use super::modes::{Concat, Parts};
use crate::typelevel::check::verdict::{First, Pass, RankMismatch, Then};
use crate::typelevel::tuple::Pair;
use crate::typelevel::{Layout, Tile};

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

/// Splits by-mode results `((x0, y0), (x1, y1), .., r..)` along the tiler entries
/// `T` into `(x0, x1, ..)`, `(y0, y1, ..)` and the results beyond the tiler `r..`.
/// A nested tiler entry splits its result recursively (its `x` is the tuple of
/// its tiles, its `y` the tuple of its rests), as the runtime layer's `unzip`.
pub trait Halves<T> {
    /// HList of the first halves.
    type Firsts;
    /// HList of the second halves.
    type Seconds;
    /// HList of the results beyond the tiler.
    type Rest;
}

impl<L> Halves<HNil> for L {
    type Firsts = HNil;
    type Seconds = HNil;
    type Rest = L;
}

// More tiler entries than results: a rank mismatch, which the verdict reports;
// the halves stay total (and meaningless) so that only the verdict's error shows.
impl<E, ET> Halves<HCons<E, ET>> for HNil {
    type Firsts = HNil;
    type Seconds = HNil;
    type Rest = HNil;
}

impl<R, RT, E, ET> Halves<HCons<E, ET>> for HCons<R, RT>
where
    E: UnzipEntry<R>,
    RT: Halves<ET>,
{
    type Firsts = HCons<<E as UnzipEntry<R>>::First, <RT as Halves<ET>>::Firsts>;
    type Seconds = HCons<<E as UnzipEntry<R>>::Second, <RT as Halves<ET>>::Seconds>;
    type Rest = <RT as Halves<ET>>::Rest;
}

/// The two halves of the result `R` of one tiler entry (`Self`).
pub trait UnzipEntry<R> {
    /// The tile half.
    type First;
    /// The rest half.
    type Second;
}

impl<S, D, S0, S1, D0, D1> UnzipEntry<Layout<Pair<S0, S1>, Pair<D0, D1>>> for Layout<S, D> {
    type First = Layout<S0, D0>;
    type Second = Layout<S1, D1>;
}

impl<U: Unsigned + NonZero, S0, S1, D0, D1> UnzipEntry<Layout<Pair<S0, S1>, Pair<D0, D1>>>
    for PInt<U>
{
    type First = Layout<S0, D0>;
    type Second = Layout<S1, D1>;
}

impl<T2, R> UnzipEntry<R> for Tile<T2>
where
    R: TopModes,
    <R as TopModes>::Output: Halves<T2>,
    <<R as TopModes>::Output as Halves<T2>>::Firsts: Concat,
    <<R as TopModes>::Output as Halves<T2>>::Seconds:
        Add<<<R as TopModes>::Output as Halves<T2>>::Rest>,
    <<<R as TopModes>::Output as Halves<T2>>::Seconds as Add<
        <<R as TopModes>::Output as Halves<T2>>::Rest,
    >>::Output: Concat,
{
    type First = <<<R as TopModes>::Output as Halves<T2>>::Firsts as Concat>::Output;
    type Second = <<<<R as TopModes>::Output as Halves<T2>>::Seconds as Add<
        <<R as TopModes>::Output as Halves<T2>>::Rest,
    >>::Output as Concat>::Output;
}

/// Pairs two lists of layouts mode by mode: `((x0, y0), (x1, y1), ..)`; the verdict
/// is a rank mismatch if their lengths differ.
pub trait PairUp<Y> {
    /// HList of the rank-2 layouts.
    type Output;
    /// `Pass` or `RankMismatch`.
    type Verdict;
}

impl PairUp<HNil> for HNil {
    type Output = HNil;
    type Verdict = Pass;
}

impl<Y0, YT> PairUp<HCons<Y0, YT>> for HNil {
    type Output = HNil;
    type Verdict = RankMismatch;
}

impl<X0, XT> PairUp<HNil> for HCons<X0, XT> {
    type Output = HNil;
    type Verdict = RankMismatch;
}

impl<SX, DX, XT, SY, DY, YT> PairUp<HCons<Layout<SY, DY>, YT>> for HCons<Layout<SX, DX>, XT>
where
    XT: PairUp<YT>,
{
    type Output = HCons<
        Layout<HCons<SX, HCons<SY, HNil>>, HCons<DX, HCons<DY, HNil>>>,
        <XT as PairUp<YT>>::Output,
    >;
    type Verdict = <XT as PairUp<YT>>::Verdict;
}
