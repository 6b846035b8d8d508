//! The leaf quotient and remainder of the int-tuple functions' types, on
//! static and run-time leaves alike, as CuTe C++'s `/` and `%` on `Int<n>`
//! and `int` type them: typenum computes them on two static leaves; a
//! run-time operand ([`Dyn`], [`DivBy`]) makes them `Dyn`, but for
//! `0 / x`, `0 mod x` and `x mod ±1`, which are the static 0 whatever `x`
//! is (CuTe's `C<0>` special cases). Only the types are computed here: the
//! values of run-time leaves come from the runtime layer.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! // 7 mod 1 and 7 / 1 are static; the rest meets the run-time extent 5.
//! let c = try_idx2crd(_7, hlist![_1, Dyn(5), _6]).unwrap();
//! assert_eq!(c, hlist![_0, Dyn(2), Dyn(1)]);
//! ```

use core::ops::{Add, Div, Rem};
use typenum::{Mod, NInt, NonZero, PInt, Quot, Sum, UInt, UTerm, Unsigned, B0, B1, Z0};

use crate::typelevel::int::{DivBy, Dyn, StaticInt};

/// `Self / B` truncated toward zero (C++'s `/`), as a leaf type.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IntQuot<B> {
    /// The quotient's type.
    type Output;
}

/// `Self mod B` as a leaf type: truncated (`E = B0`, C++'s `%`, the sign
/// of `Self`) or wrapped into `[0, B)` (`E = B1`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IntRem<B, E> {
    /// The remainder's type.
    type Output;
}

/// The quotient type of two leaves.
pub(in crate::typelevel::algebra) type IntQuotOut<A, B> = <A as IntQuot<B>>::Output;
/// The remainder type of two leaves (`E`: truncated `B0`, wrapped `B1`).
pub(in crate::typelevel::algebra) type IntRemOut<A, B, E> = <A as IntRem<B, E>>::Output;

impl<A: StaticInt + Div<B>, B: StaticInt> IntQuot<B> for A {
    type Output = Quot<A, B>;
}

impl<A: StaticInt + Rem<B>, B: StaticInt> IntRem<B, B0> for A {
    type Output = Mod<A, B>;
}

impl<A, B> IntRem<B, B1> for A
where
    A: StaticInt + Rem<B>,
    B: StaticInt,
    Mod<A, B>: Add<B>,
    Sum<Mod<A, B>, B>: Rem<B>,
{
    type Output = Mod<Sum<Mod<A, B>, B>, B>;
}

/// The remainder by the static `±U` of a run-time leaf: the static 0 for
/// `U = 1`, else `Dyn`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait UnitModulus {
    /// `Z0` or `Dyn`.
    type Output;
}

impl UnitModulus for UInt<UTerm, B1> {
    type Output = Z0;
}

impl<H, X, Y> UnitModulus for UInt<UInt<H, X>, Y> {
    type Output = Dyn;
}

/// The impls of a run-time leaf `$R` as the dividend: `Dyn`, but for the
/// remainder by `±1`.
macro_rules! run_time_dividend {
    ($([$($g:tt)*] $R:ty;)*) => {$(
        impl<$($g)* B> IntQuot<B> for $R {
            type Output = Dyn;
        }
        impl<$($g)* E, U: Unsigned + NonZero + UnitModulus> IntRem<PInt<U>, E> for $R {
            type Output = <U as UnitModulus>::Output;
        }
        impl<$($g)* E, U: Unsigned + NonZero + UnitModulus> IntRem<NInt<U>, E> for $R {
            type Output = <U as UnitModulus>::Output;
        }
        impl<$($g)* E> IntRem<Z0, E> for $R {
            type Output = Dyn;
        }
        impl<$($g)* E> IntRem<Dyn, E> for $R {
            type Output = Dyn;
        }
        impl<$($g)* E, M> IntRem<DivBy<M>, E> for $R {
            type Output = Dyn;
        }
    )*};
}

run_time_dividend! {
    [] Dyn;
    [N,] DivBy<N>;
}

/// The impls of a static dividend by a run-time leaf `$R`: the static 0 for
/// the dividend 0, else `Dyn`.
macro_rules! run_time_divisor {
    ($([$($g:tt)*] $R:ty;)*) => {$(
        impl<$($g)*> IntQuot<$R> for Z0 {
            type Output = Z0;
        }
        impl<$($g)* U: Unsigned + NonZero> IntQuot<$R> for PInt<U> {
            type Output = Dyn;
        }
        impl<$($g)* U: Unsigned + NonZero> IntQuot<$R> for NInt<U> {
            type Output = Dyn;
        }
        impl<$($g)* E> IntRem<$R, E> for Z0 {
            type Output = Z0;
        }
        impl<$($g)* E, U: Unsigned + NonZero> IntRem<$R, E> for PInt<U> {
            type Output = Dyn;
        }
        impl<$($g)* E, U: Unsigned + NonZero> IntRem<$R, E> for NInt<U> {
            type Output = Dyn;
        }
    )*};
}

run_time_divisor! {
    [] Dyn;
    [M,] DivBy<M>;
}
