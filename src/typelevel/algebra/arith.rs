//! Unsigned division for the algebra, faster than typenum's on the common cases.
//!
//! typenum divides bit by bit and computes `Quot` and `Mod` separately; both are
//! the dominant compile-time cost of the algebra. [`DivRem`] computes both at
//! once and strips the divisor's trailing zero bits first (`x / 2d = ⌊x/2⌋ / d`,
//! `x mod 2d = 2·(⌊x/2⌋ mod d) + (x mod 2)`), so division by a power of two —
//! most layout extents and strides — costs one step per bit and no long division.
//!
//! ```
//! use layout_algebra::typelevel::algebra::arith::*;
//! use typenum::consts::*;
//! let _: (U12, U3) = (<U99 as DivRem<U8>>::Quot::default(), <U99 as DivRem<U8>>::Rem::default());
//! let _: (U8, U3) = (<U99 as DivRem<U12>>::Quot::default(), <U99 as DivRem<U12>>::Rem::default());
//! ```

use core::ops::{Div, Rem};
use typenum::{UInt, UTerm, B0, B1};

/// `Self / D` and `Self mod D` for unsigned typenum integers (`D ≥ 1`).
pub trait DivRem<D> {
    /// The quotient.
    type Quot;
    /// The remainder.
    type Rem;
}

/// `⌊X / D⌋`.
pub type Q<X, D> = <X as DivRem<D>>::Quot;
/// `X mod D`.
pub type R<X, D> = <X as DivRem<D>>::Rem;

// By one.
impl<X> DivRem<UInt<UTerm, B1>> for X {
    type Quot = X;
    type Rem = UTerm;
}

// By an odd divisor above one: typenum's long division.
impl<X, U, B> DivRem<UInt<UInt<U, B>, B1>> for X
where
    X: Div<UInt<UInt<U, B>, B1>> + Rem<UInt<UInt<U, B>, B1>>,
{
    type Quot = <X as Div<UInt<UInt<U, B>, B1>>>::Output;
    type Rem = <X as Rem<UInt<UInt<U, B>, B1>>>::Output;
}

// By an even divisor 2d: halve both.
impl<X, U, B> DivRem<UInt<UInt<U, B>, B0>> for X
where
    X: Halve,
    <X as Halve>::Half: DivRem<UInt<U, B>>,
    R<<X as Halve>::Half, UInt<U, B>>: PushBit<<X as Halve>::Low>,
{
    type Quot = Q<<X as Halve>::Half, UInt<U, B>>;
    type Rem = <R<<X as Halve>::Half, UInt<U, B>> as PushBit<<X as Halve>::Low>>::Output;
}

/// `⌊X/2⌋` and `X mod 2`.
pub trait Halve {
    /// `⌊X/2⌋`.
    type Half;
    /// The low bit.
    type Low;
}

impl Halve for UTerm {
    type Half = UTerm;
    type Low = B0;
}

impl<U, B> Halve for UInt<U, B> {
    type Half = U;
    type Low = B;
}

/// `2·Self + B`, normalized (`2·0 + 0 = 0`).
pub trait PushBit<B> {
    /// The result.
    type Output;
}

impl PushBit<B0> for UTerm {
    type Output = UTerm;
}

impl PushBit<B1> for UTerm {
    type Output = UInt<UTerm, B1>;
}

impl<U, B, C> PushBit<C> for UInt<U, B> {
    type Output = UInt<UInt<U, B>, C>;
}
