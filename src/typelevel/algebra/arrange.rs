//! The zipped, tiled and flat arrangements shared by the divides and products.
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
//! use frunk_core::HList;
//! use typenum::consts::*;
//! // zipped_divide((8,16,3):(20,1,200), <4:1, 8:2>) = ((4,8),(2,2,3)):((20,2),(80,1,200))
//! type A = Layout<HList![P8, P16, P3], HList![P20, P1, P200]>;
//! type T = Tile<HList![Layout<P4, P1>, Layout<P8, P2>]>;
//! let _: Layout<HList![HList![P4, P8], HList![P2, P2, P3]], HList![HList![P20, P2], HList![P80, P1, P200]]> =
//!     zipped_divide(A::default(), T::default());
//! ```

use core::marker::PhantomData;
use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned};

use super::bymode::{Halves, TopModes};
use super::flat::{Concat, Parts};
use crate::typelevel::Layout;

/// The rank-2 result `(X, Y)` of a divide or product by a layout.
pub struct FromPair<L>(PhantomData<L>);

/// The per-mode pairs `Tiled` and untouched modes `Rest` of a divide or product by a tiler.
pub struct FromTiler<Tiled, Rest>(PhantomData<(Tiled, Rest)>);

/// Selects the zipped arrangement.
pub struct Zip;
/// Selects the tiled arrangement.
pub struct Tiled;
/// Selects the flat arrangement.
pub struct Flat;

/// A result regrouped as variant `V`.
pub trait Arrange<V> {
    /// The layout.
    type Output;
}

type Pair2<SX, SY> = HCons<SX, HCons<SY, HNil>>;

/// The zipped form `(X, Y)` of a result.
pub trait Zipped {
    /// `(X, Y)`.
    type Output;
    /// `X`.
    type X;
    /// `Y`.
    type Y;
}

impl<SX, SY, DX, DY> Zipped for FromPair<Layout<Pair2<SX, SY>, Pair2<DX, DY>>> {
    type Output = Layout<Pair2<SX, SY>, Pair2<DX, DY>>;
    type X = Layout<SX, DX>;
    type Y = Layout<SY, DY>;
}

/// The second halves of the pairs followed by the untouched modes.
type Seconds<T, R> = <<T as Halves>::Seconds as Add<R>>::Output;

impl<T, R> Zipped for FromTiler<T, R>
where
    T: Halves,
    T::Firsts: Concat,
    T::Seconds: Add<R>,
    Seconds<T, R>: Concat,
    <T::Firsts as Concat>::Output: Parts,
    <Seconds<T, R> as Concat>::Output: Parts,
{
    type Output = Layout<
        Pair2<
            <<T::Firsts as Concat>::Output as Parts>::Shape,
            <<Seconds<T, R> as Concat>::Output as Parts>::Shape,
        >,
        Pair2<
            <<T::Firsts as Concat>::Output as Parts>::Stride,
            <<Seconds<T, R> as Concat>::Output as Parts>::Stride,
        >,
    >;
    type X = <T::Firsts as Concat>::Output;
    type Y = <Seconds<T, R> as Concat>::Output;
}

impl<Z: Zipped> Arrange<Zip> for Z {
    type Output = Z::Output;
}

// (X, Y0, Y1, ..): Y's modes spread (a Y of rank 1 stays one mode).
impl<Z: Zipped> Arrange<Tiled> for Z
where
    Z::Y: Spread,
    HCons<Z::X, <Z::Y as Spread>::Output>: Concat,
{
    type Output = <HCons<Z::X, <Z::Y as Spread>::Output> as Concat>::Output;
}

// (X0, X1, .., Y0, Y1, ..).
impl<Z: Zipped> Arrange<Flat> for Z
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
