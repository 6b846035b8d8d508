//! `coalesce(A, profile)` and `filter(A, profile)`: the operation by mode,
//! keeping the tree of the profile, for static and run-time leaves alike.
//!
//! Where the profile is an integer the layout is taken whole
//! (`coalesce(A)`, `filter(A)`); where it is a tuple `(P₀, .., P_k)` mode `i`
//! of `A` is taken against `Pᵢ` and the modes past the profile are kept, the
//! result a tuple (a leaf layout counts as rank 1); a profile longer than the
//! layout's rank is refused (`RankMismatch`). The modes' results are those of
//! [`coalesce`](super::coalesce) and [`filter`](crate::typelevel::filter) (a
//! run-time leaf stays as CuTe C++ keeps it); the walk moves the values of
//! the leaves into the result, so a static layout's result is a constant.

use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned};

use crate::typelevel::algebra::ordered::IntEntry;
use crate::typelevel::check::verdict::{First, Pass, RankMismatch, Then};
use crate::typelevel::int::{DivBy, Dyn};

/// The whole-layout form of `Self` (`CoalesceOp`: `coalesce`, `FilterOp`:
/// `filter`) on `Layout<S, D>`, as a shape and a stride; each family gives
/// its own (`coalesce/mod.rs`, `filter.rs`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait WholeMode<S, D> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// Its value.
    fn whole(s: S, d: D) -> (Self::Shape, Self::Stride);
}

/// The profile `Self` applied by `Op` to the layout `S:D`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ByProfile<Op, S, D> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// `Pass` or `RankMismatch`.
    type Verdict;
    /// Its value.
    fn by_profile(s: S, d: D) -> (Self::Shape, Self::Stride);
}

/// An integer entry: the layout whole.
impl<E: IntEntry, Op: WholeMode<S, D>, S, D> ByProfile<Op, S, D> for E {
    type Shape = Op::Shape;
    type Stride = Op::Stride;
    type Verdict = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn by_profile(s: S, d: D) -> (Op::Shape, Op::Stride) {
        Op::whole(s, d)
    }
}

/// A tuple (empty or not): mode by mode, the layout as a tuple of modes.
macro_rules! tuple_profile {
    ($([$($g:tt)*] $P:ty),*) => {$(
        impl<$($g)* Op, S: AsModes<D>, D> ByProfile<Op, S, D> for $P
        where
            Self: ProfileList<Op, S::Shapes, S::Strides>,
        {
            type Shape = <Self as ProfileList<Op, S::Shapes, S::Strides>>::Shapes;
            type Stride = <Self as ProfileList<Op, S::Shapes, S::Strides>>::Strides;
            type Verdict = <Self as ProfileList<Op, S::Shapes, S::Strides>>::Verdict;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn by_profile(s: S, d: D) -> (Self::Shape, Self::Stride) {
                let (s, d) = S::as_modes(s, d);
                <Self as ProfileList<Op, S::Shapes, S::Strides>>::list(s, d)
            }
        }
    )*};
}
tuple_profile!([] HNil, [H, T,] HCons<H, T>);

/// A layout's top-level modes as a shape list and a stride list: a tuple's
/// own, a leaf's as a tuple of one.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait AsModes<D> {
    /// The modes' shapes.
    type Shapes;
    /// The modes' strides.
    type Strides;
    /// Their values.
    fn as_modes(s: Self, d: D) -> (Self::Shapes, Self::Strides);
}
impl<H, T, D> AsModes<D> for HCons<H, T> {
    type Shapes = Self;
    type Strides = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn as_modes(s: Self, d: D) -> (Self, D) {
        (s, d)
    }
}
macro_rules! leaf_modes {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D> AsModes<D> for $S {
            type Shapes = HCons<$S, HNil>;
            type Strides = HCons<D, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn as_modes(s: Self, d: D) -> (Self::Shapes, Self::Strides) {
                (HCons { head: s, tail: HNil }, HCons { head: d, tail: HNil })
            }
        }
    )*};
}
leaf_modes!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);

/// The profile list `Self` applied by `Op` to the modes `SL:DL`, the modes
/// past it kept.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ProfileList<Op, SL, DL> {
    /// The results' shapes.
    type Shapes;
    /// The results' strides.
    type Strides;
    /// `Pass` or `RankMismatch`.
    type Verdict;
    /// Their values.
    fn list(s: SL, d: DL) -> (Self::Shapes, Self::Strides);
}
impl<Op, SL, DL> ProfileList<Op, SL, DL> for HNil {
    type Shapes = SL;
    type Strides = DL;
    type Verdict = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn list(s: SL, d: DL) -> (SL, DL) {
        (s, d)
    }
}
/// More entries than modes: refused (the value is never computed).
impl<Op, P, PT> ProfileList<Op, HNil, HNil> for HCons<P, PT> {
    type Shapes = HNil;
    type Strides = HNil;
    type Verdict = RankMismatch;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn list(_: HNil, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<Op, P, PT, S, ST, D, DT> ProfileList<Op, HCons<S, ST>, HCons<D, DT>> for HCons<P, PT>
where
    P: ByProfile<Op, S, D>,
    PT: ProfileList<Op, ST, DT>,
    P::Verdict: First<PT::Verdict>,
{
    type Shapes = HCons<P::Shape, PT::Shapes>;
    type Strides = HCons<P::Stride, PT::Strides>;
    type Verdict = Then<P::Verdict, PT::Verdict>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn list(s: HCons<S, ST>, d: HCons<D, DT>) -> (Self::Shapes, Self::Strides) {
        let (hs, hd) = P::by_profile(s.head, d.head);
        let (ts, td) = PT::list(s.tail, d.tail);
        (HCons { head: hs, tail: ts }, HCons { head: hd, tail: td })
    }
}

/// The traits of `coalesce(A, profile)` or `filter(A, profile)` (the
/// function `$func`): `$Trait` (checked, its alias `$Alias`) and `$Try` (with
/// the verdict), both of [`ByProfile`] under `$Op`; the trait's doc given.
/// (The function is written out, so that an error's note shows its bounds.)
macro_rules! profile_door {
    ($(#[$tdoc:meta])* $Trait:ident, $Alias:ident, $Try:ident, $Op:ident, $func:ident) => {
        $(#[$tdoc])*
        pub trait $Trait<P> {
            /// The result layout.
            type Output;
        }

        #[doc = concat!("`", stringify!($func), "(A, P)`: the type [`", stringify!($func),
            "`] returns; see [`", stringify!($Trait), "`] for an example.")]
        pub type $Alias<A, P> = <A as $Trait<P>>::Output;

        impl<S, D, P> $Trait<P> for Layout<S, D>
        where
            P: ByProfile<$Op, S, D>,
            P::Verdict: Shown<Self, Profile<P>>,
            ShownOf<P::Verdict, Self, Profile<P>>: Admissible<$Op>,
        {
            type Output = Layout<P::Shape, P::Stride>;
        }

        #[doc = concat!("`", stringify!($func), "(A, P)` with its verdict (`Pass` or the violated \
            rule), for generic code and tests that look at a refusal.")]
        pub trait $Try<P> {
            /// The result layout.
            type Output;
            /// `Pass` or the violated rule.
            type Verdict;
        }

        impl<S, D, P: ByProfile<$Op, S, D>> $Try<P> for Layout<S, D> {
            type Output = Layout<P::Shape, P::Stride>;
            type Verdict = P::Verdict;
        }
    };
}
pub(crate) use profile_door;
