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
//! where `X0, X1, ..` are the top-level modes of `X`.
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

impl<SX, SY, DX, DY> Arrange<Zip> for FromPair<Layout<Pair2<SX, SY>, Pair2<DX, DY>>> {
    type Output = Layout<Pair2<SX, SY>, Pair2<DX, DY>>;
}

impl<SX, SY, DX, DY> Arrange<Tiled> for FromPair<Layout<Pair2<SX, SY>, Pair2<DX, DY>>>
where
    Layout<SY, DY>: TopModes,
    HCons<Layout<SX, DX>, <Layout<SY, DY> as TopModes>::Output>: Concat,
{
    type Output = <HCons<Layout<SX, DX>, <Layout<SY, DY> as TopModes>::Output> as Concat>::Output;
}

impl<SX, SY, DX, DY> Arrange<Flat> for FromPair<Layout<Pair2<SX, SY>, Pair2<DX, DY>>>
where
    Layout<SX, DX>: TopModes,
    Layout<SY, DY>: TopModes,
    <Layout<SX, DX> as TopModes>::Output: Add<<Layout<SY, DY> as TopModes>::Output>,
    <<Layout<SX, DX> as TopModes>::Output as Add<<Layout<SY, DY> as TopModes>::Output>>::Output:
        Concat,
{
    type Output = <<<Layout<SX, DX> as TopModes>::Output as Add<
        <Layout<SY, DY> as TopModes>::Output,
    >>::Output as Concat>::Output;
}

/// The second halves of the pairs followed by the untouched modes.
type Seconds<T, R> = <<T as Halves>::Seconds as Add<R>>::Output;

impl<T, R> Arrange<Zip> for FromTiler<T, R>
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
}

impl<T, R> Arrange<Tiled> for FromTiler<T, R>
where
    T: Halves,
    T::Firsts: Concat,
    T::Seconds: Add<R>,
    HCons<<T::Firsts as Concat>::Output, Seconds<T, R>>: Concat,
{
    type Output = <HCons<<T::Firsts as Concat>::Output, Seconds<T, R>> as Concat>::Output;
}

impl<T, R> Arrange<Flat> for FromTiler<T, R>
where
    T: Halves,
    T::Seconds: Add<R>,
    T::Firsts: Add<Seconds<T, R>>,
    <T::Firsts as Add<Seconds<T, R>>>::Output: Concat,
{
    type Output = <<T::Firsts as Add<Seconds<T, R>>>::Output as Concat>::Output;
}
