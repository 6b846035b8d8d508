//! `filter_zeros` and `filter`: remove stride-0 modes (broadcasts).
//!
//! `filter_zeros(A)` keeps A's tree and strides but makes every stride-0 leaf's
//! extent 1; `filter(A) = coalesce(filter_zeros(A))`. Both take layouts with
//! `Dyn` leaves, as CuTe C++ takes `int` leaves: only a static stride 0 is a
//! broadcast, and `coalesce` keeps the leaves with a dynamic extent or stride.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = layout!((2,(2,4)):(0,(1,0)));
//! assert_eq!(filter_zeros(a).to_string(), "(1,(2,1)):(0,(1,0))");
//! assert_eq!(filter(a).to_string(), "2:1");
//! assert_eq!(filter_profile(a, hlist![_1, _1]).to_string(), "(1,2):(0,1)");
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, P1, Z0};

use super::coalesce::profile::{ByProfile, WholeMode};
use super::coalesce::Coalesce;
use super::coalesce::CoalesceAny;
use crate::typelevel::check::readable::Profile;
use crate::typelevel::check::rules::op::FilterOp;
use crate::typelevel::check::rules::{Admissible, Shown, ShownOf};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::Layout;

/// CuTe's `filter_zeros(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let r: FilterZerosOut<Layout![(2,(2,4),3):(0,(1,0),4)]> = filter_zeros(layout!((2,(2,4),3):(0,(1,0),4)));
/// assert_eq!(r.to_string(), "(1,(2,1),3):(0,(1,0),4)");
/// ```
pub trait FilterZeros {
    /// The layout with stride-0 extents set to 1.
    type Output;
}

/// `filter_zeros(L)`.
/// See [`FilterZeros`] for an example.
pub type FilterZerosOut<L> = <L as FilterZeros>::Output;

impl<S, D> FilterZeros for Layout<S, D>
where
    S: ZeroExtents<D>,
{
    type Output = Layout<<S as ZeroExtents<D>>::Output, D>;
}

/// `filter_zeros(layout)` (CuTe): extent 1 wherever the stride is 0, the tree
/// and the strides kept. A layout with `Dyn` leaves is filtered as CuTe C++
/// filters it with `int` leaves: only a static stride 0 counts (its extent,
/// static or not, becomes a static 1); a dynamic stride keeps its extent even
/// when its value is 0.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _8, _2], hlist![_0, _1, Dyn(0)]).unwrap();
/// assert_eq!(format!("{:#}", filter_zeros(a)), "(_1,_8,_2):(_0,_1,0)"); // as CuTe C++
/// ```
#[inline(always)]
pub fn filter_zeros<S: ZeroExtents<D>, D>(layout: Layout<S, D>) -> Layout<S::Output, D> {
    let (s, d) = layout.into_parts();
    Layout::from_parts(s.zero_extents(), d)
}

/// A shape with the extents of the leaves whose stride in `D` is a static 0
/// set to a static 1.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ZeroExtents<D> {
    /// The shape.
    type Output;
    /// Its value.
    fn zero_extents(self) -> Self::Output;
}

/// A static stride 0: the extent becomes `1`.
macro_rules! to_one {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> ZeroExtents<Z0> for $T {
            type Output = P1;
            #[inline(always)]
            fn zero_extents(self) -> P1 {
                P1::new()
            }
        }
    )*};
}
to_one!([U: Unsigned + NonZero] PInt<U>, [] Dyn, [N] DivBy<N>);

/// A nonzero static stride, or a dynamic one: the extent is kept.
macro_rules! kept {
    ($([$($g:tt)*] $T:ty, $X:ty),*) => {$(
        impl<$($g)*> ZeroExtents<$X> for $T {
            type Output = Self;
            #[inline(always)]
            fn zero_extents(self) -> Self {
                self
            }
        }
    )*};
}
kept!(
    [U: Unsigned + NonZero, X: Unsigned + NonZero] PInt<U>, PInt<X>,
    [U: Unsigned + NonZero, X: Unsigned + NonZero] PInt<U>, NInt<X>,
    [U: Unsigned + NonZero] PInt<U>, Dyn,
    [X: Unsigned + NonZero] Dyn, PInt<X>,
    [X: Unsigned + NonZero] Dyn, NInt<X>,
    [] Dyn, Dyn,
    [U: Unsigned + NonZero, N] PInt<U>, DivBy<N>,
    [N] Dyn, DivBy<N>,
    [N, X: Unsigned + NonZero] DivBy<N>, PInt<X>,
    [N, X: Unsigned + NonZero] DivBy<N>, NInt<X>,
    [N] DivBy<N>, Dyn,
    [N, M] DivBy<N>, DivBy<M>
);

impl ZeroExtents<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zero_extents(self) -> HNil {
        HNil
    }
}

impl<S0, ST, D0, DT> ZeroExtents<HCons<D0, DT>> for HCons<S0, ST>
where
    S0: ZeroExtents<D0>,
    ST: ZeroExtents<DT>,
{
    type Output = HCons<<S0 as ZeroExtents<D0>>::Output, <ST as ZeroExtents<DT>>::Output>;
    #[inline(always)]
    fn zero_extents(self) -> Self::Output {
        HCons {
            head: self.head.zero_extents(),
            tail: self.tail.zero_extents(),
        }
    }
}

/// CuTe's `filter(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // Stride-0 modes go, the rest coalesces.
/// let r: FilterOut<Layout![(2,(2,4),3):(0,(1,0),4)]> = filter(layout!((2,(2,4),3):(0,(1,0),4)));
/// assert_eq!(r.to_string(), "(2,3):(1,4)");
/// ```
pub trait Filter {
    /// `coalesce(filter_zeros(layout))`.
    type Output;
}

/// `filter(L)`.
/// See [`Filter`] for an example.
pub type FilterOut<L> = <L as Filter>::Output;

impl<L> Filter for L
where
    L: FilterZeros,
    FilterZerosOut<L>: Coalesce,
{
    type Output = <FilterZerosOut<L> as Coalesce>::Output;
}

/// `filter(layout)` (CuTe): `coalesce(filter_zeros(layout))`, the shortest
/// layout with the function of `layout` on the offsets it reaches without
/// its broadcasts. A layout with `Dyn` leaves is filtered as CuTe C++ filters
/// it with `int` leaves: a static stride 0 goes away, a leaf with a dynamic
/// extent or stride stays (a dynamic stride of value 0 included), the static
/// runs between such leaves coalesce (see [`coalesce`](super::coalesce::coalesce)).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let r: Layout![2:1] = filter(layout!((2,(2,4)):(0,(1,0))));
/// let a = Layout::try_new(hlist![_2, Dyn(4), _8], hlist![_1, Dyn(2), _0]).unwrap();
/// assert_eq!(format!("{:#}", filter(a)), "(_2,4):(_1,2)"); // as CuTe C++
/// let b = Layout::try_new(hlist![Dyn(3), _2, _4], hlist![_0, _1, _2]).unwrap();
/// assert_eq!(format!("{:#}", filter(b)), "_8:_1");
/// # let _ = r;
/// ```
#[inline(always)]
pub fn filter<S, D>(
    layout: Layout<S, D>,
) -> <Layout<<S as ZeroExtents<D>>::Output, D> as CoalesceAny>::Output
where
    S: ZeroExtents<D>,
    Layout<<S as ZeroExtents<D>>::Output, D>: CoalesceAny,
{
    filter_zeros(layout).coalesce_any()
}

/// `filter` is the whole-layout form of `filter_profile`.
impl<S, D, RS, RD> WholeMode<S, D> for FilterOp
where
    S: ZeroExtents<D>,
    Layout<S::Output, D>: CoalesceAny<Output = Layout<RS, RD>>,
{
    type Shape = RS;
    type Stride = RD;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn whole(s: S, d: D) -> (RS, RD) {
        filter(Layout::from_parts(s, d)).into_parts()
    }
}

crate::typelevel::algebra::coalesce::profile::profile_door!(
    /// CuTe's `filter(layout, profile)`, checked: see [`filter_profile`].
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::{hlist, HList};
    /// let r: FilterProfileOut<Layout![(4,(2,3)):(1,(0,4))], HList!(_1, _1)> =
    ///     filter_profile(layout!((4,(2,3)):(1,(0,4))), hlist![_1, _1]);
    /// assert_eq!(r.to_string(), "(4,3):(1,4)");
    /// ```
    FilterProfile,
    FilterProfileOut,
    TryFilterProfile,
    FilterOp,
    filter_profile
);

/// `filter(layout, profile)` (CuTe): by mode, keeping the tree of `profile`,
/// as [`coalesce_profile`](crate::typelevel::coalesce_profile) with
/// [`filter()`] in place of `coalesce`; `Dyn` leaves as [`filter()`] takes
/// them (only a static stride 0 is a broadcast).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let l = layout!((4,(2,3)):(1,(0,4)));
/// assert_eq!(filter(l).to_string(), "12:1");
/// // Profile (1,1): each mode is filtered on its own.
/// assert_eq!(filter_profile(l, hlist![_1, _1]).to_string(), "(4,3):(1,4)");
/// let a = Layout::try_new(hlist![Dyn(4), hlist![_2, _3]], hlist![_1, hlist![_0, Dyn(4)]]).unwrap();
/// assert_eq!(format!("{:#}", filter_profile(a, hlist![_1, _1])), "(4,_3):(_1,4)"); // as CuTe C++
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn filter_profile<S, D, P>(layout: Layout<S, D>, profile: P) -> Layout<P::Shape, P::Stride>
where
    P: ByProfile<FilterOp, S, D>,
    P::Verdict: Shown<Layout<S, D>, Profile<P>>,
    ShownOf<P::Verdict, Layout<S, D>, Profile<P>>: Admissible<FilterOp>,
{
    let _ = profile;
    let (s, d) = layout.into_parts();
    let (s, d) = P::by_profile(s, d);
    Layout::from_parts(s, d)
}
