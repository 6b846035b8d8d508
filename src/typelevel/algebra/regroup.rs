//! Regrouping: the zipped, tiled and flat forms shared by the divides and products.
//!
//! A logical divide or product yields, for a layout operand, a rank-2 layout
//! `(X, Y)` ([`FromPair`]) and, for a tiler `<T0, .., Tk>`, per-mode pairs
//! `((x0, y0), .., (xk, yk))` followed by the untouched modes `r..` ([`FromTiler`]).
//! The variants regroup them (CuTe):
//!
//! | variant | from a layout | from a tiler |
//! |---|---|---|
//! | zipped | `(X, Y)` | `((x0,..,xk), (y0,..,yk, r..))` |
//! | tiled  | `(X, Y0, Y1, ..)` | `((x0,..,xk), y0,..,yk, r..)` |
//! | flat   | `(X0, X1, .., Y0, Y1, ..)` | `(x0,..,xk, y0,..,yk, r..)` |
//!
//! where `X0, X1, ..` are the top-level modes of `X`; a half of rank 1 is not
//! spread (the runtime layer's and CuTe C++'s convention: `tiled_divide(8:1, <4:1>)`
//! is `((4),(2)):((1),(4))`).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let (a, t) = (layout!((8,16,3):(20,1,200)), tile!(4:1, 8:2));
//! assert_eq!(zipped_divide(a, t).to_string(), "((4,8),(2,2,3)):((20,2),(80,1,200))");
//! assert_eq!(tiled_divide(a, t).to_string(), "((4,8),2,2,3):((20,2),80,1,200)");
//! assert_eq!(flat_divide(a, t).to_string(), "(4,8,2,2,3):(20,2,80,1,200)");
//! ```

use core::marker::PhantomData;
use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned};

use super::bymode::{Halves, TopModes};
use super::modes::{Concat, Parts};
use crate::typelevel::Layout;

/// The rank-2 result `(X, Y)` of a divide or product by a layout.
pub struct FromPair<L>(PhantomData<L>);

/// The per-mode results `Tiled`, untouched modes `Rest` and tiler entries `T` of a
/// divide or product by a tiler.
pub struct FromTiler<Tiled, Rest, T>(PhantomData<(Tiled, Rest, T)>);

/// Selects the zipped form.
pub struct ZippedForm;
/// Selects the tiled form.
pub struct TiledForm;
/// Selects the flat form.
pub struct FlatForm;

/// A result regrouped as variant `V`.
pub trait Regroup<V> {
    /// The layout.
    type Output;
}

type Pair2<SX, SY> = HCons<SX, HCons<SY, HNil>>;

/// The zipped form `(X, Y)` of a result.
pub trait ZippedHalves {
    /// `(X, Y)`.
    type Output;
    /// `X`.
    type X;
    /// `Y`.
    type Y;
}

impl<SX, SY, DX, DY> ZippedHalves for FromPair<Layout<Pair2<SX, SY>, Pair2<DX, DY>>> {
    type Output = Layout<Pair2<SX, SY>, Pair2<DX, DY>>;
    type X = Layout<SX, DX>;
    type Y = Layout<SY, DY>;
}

/// The second halves of the pairs followed by the untouched modes.
type Seconds<T, R, Tl> = <<T as Halves<Tl>>::Seconds as Add<R>>::Output;
/// The first halves.
type Firsts<T, Tl> = <T as Halves<Tl>>::Firsts;

impl<T, R, Tl> ZippedHalves for FromTiler<T, R, Tl>
where
    T: Halves<Tl>,
    Firsts<T, Tl>: Concat,
    <T as Halves<Tl>>::Seconds: Add<R>,
    Seconds<T, R, Tl>: Concat,
    <Firsts<T, Tl> as Concat>::Output: Parts,
    <Seconds<T, R, Tl> as Concat>::Output: Parts,
{
    type Output = Layout<
        Pair2<
            <<Firsts<T, Tl> as Concat>::Output as Parts>::Shape,
            <<Seconds<T, R, Tl> as Concat>::Output as Parts>::Shape,
        >,
        Pair2<
            <<Firsts<T, Tl> as Concat>::Output as Parts>::Stride,
            <<Seconds<T, R, Tl> as Concat>::Output as Parts>::Stride,
        >,
    >;
    type X = <Firsts<T, Tl> as Concat>::Output;
    type Y = <Seconds<T, R, Tl> as Concat>::Output;
}

impl<Z: ZippedHalves> Regroup<ZippedForm> for Z {
    type Output = Z::Output;
}

// (X, Y0, Y1, ..): Y's modes spread (a Y of rank 1 stays one mode).
impl<Z: ZippedHalves> Regroup<TiledForm> for Z
where
    Z::Y: Spread,
    HCons<Z::X, <Z::Y as Spread>::Output>: Concat,
{
    type Output = <HCons<Z::X, <Z::Y as Spread>::Output> as Concat>::Output;
}

// (X0, X1, .., Y0, Y1, ..).
impl<Z: ZippedHalves> Regroup<FlatForm> for Z
where
    Z::X: Spread,
    Z::Y: Spread,
    <Z::X as Spread>::Output: Add<<Z::Y as Spread>::Output>,
    <<Z::X as Spread>::Output as Add<<Z::Y as Spread>::Output>>::Output: Concat,
{
    type Output =
        <<<Z::X as Spread>::Output as Add<<Z::Y as Spread>::Output>>::Output as Concat>::Output;
}

/// The modes a half contributes when spread: its top-level modes, or itself if its rank is 1.
pub trait Spread {
    /// HList of layouts.
    type Output;
}

impl<U: Unsigned + NonZero, D> Spread for Layout<PInt<U>, D> {
    type Output = HCons<Self, HNil>;
}

impl<S0, D0> Spread for Layout<HCons<S0, HNil>, HCons<D0, HNil>> {
    type Output = HCons<Self, HNil>;
}

impl<S0, S1, ST, D0, D1, DT> Spread for Layout<HCons<S0, HCons<S1, ST>>, HCons<D0, HCons<D1, DT>>>
where
    Self: TopModes,
{
    type Output = <Self as TopModes>::Output;
}
