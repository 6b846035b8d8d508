//! Unsigned division for the algebra, faster than typenum's on the common cases.
//!
//! typenum divides bit by bit and computes `Quot` and `Mod` separately; both are
//! the dominant compile-time cost of the algebra. [`DivRem`] computes both at
//! once and strips the divisor's trailing zero bits first (`x / 2d = ⌊x/2⌋ / d`,
//! `x mod 2d = 2·(⌊x/2⌋ mod d) + (x mod 2)`), so division by a power of two —
//! most layout extents and strides — costs one step per bit and no long division.

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
pub type QuotOf<X, D> = <X as DivRem<D>>::Quot;
/// `X mod D`.
pub type RemOf<X, D> = <X as DivRem<D>>::Rem;

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
    RemOf<<X as Halve>::Half, UInt<U, B>>: PushBit<<X as Halve>::Low>,
{
    type Quot = QuotOf<<X as Halve>::Half, UInt<U, B>>;
    type Rem = <RemOf<<X as Halve>::Half, UInt<U, B>> as PushBit<<X as Halve>::Low>>::Output;
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

/// `⌈Self / D⌉` for unsigned typenum integers (`D ≥ 1`), without typenum's
/// addition and subtraction of `⌊(X + D - 1) / D⌋`.
///
/// A power-of-two factor of `D` is shifted out of `X` bit by bit, remembering
/// whether a 1 fell off (`⌈x/2d⌉ = ⌈⌈x/2⌉/d⌉`); an odd rest `o` divides once,
/// `⌈(o·q + r + f)/o⌉ = q + [r + f > 0]`; the result is incremented at most once.
/// (`⌈99/8⌉ = 13`, `⌈96/8⌉ = 12`, `⌈99/12⌉ = 9`, `⌈0/6⌉ = 0`: see the tests below.)
pub trait DivCeil<D> {
    /// `⌈Self / D⌉`.
    type Output;
}

/// `⌈X / D⌉`.
pub type CeilQ<X, D> = <X as DivCeil<D>>::Output;

impl<X, D> DivCeil<D> for X
where
    X: CeilDivFrom<D, B0>,
{
    type Output = <X as CeilDivFrom<D, B0>>::Output;
}

/// `⌈(Self + f) / D⌉` where `F = [f > 0]` records whether the bits already shifted
/// out of `Self` (a fraction `f < 1`) were not all zero.
pub trait CeilDivFrom<D, F> {
    /// The quotient.
    type Output;
}

// By one: `Self`, plus one if a fraction was dropped.
impl<X, F> CeilDivFrom<UInt<UTerm, B1>, F> for X
where
    X: Bump<F>,
{
    type Output = <X as Bump<F>>::Output;
}

// By an even divisor 2d: shift one bit out.
impl<X, U, B, F> CeilDivFrom<UInt<UInt<U, B>, B0>, F> for X
where
    X: Halve,
    <X as Halve>::Low: OrBit<F>,
    <X as Halve>::Half: CeilDivFrom<UInt<U, B>, <<X as Halve>::Low as OrBit<F>>::Output>,
{
    type Output = <<X as Halve>::Half as CeilDivFrom<
        UInt<U, B>,
        <<X as Halve>::Low as OrBit<F>>::Output,
    >>::Output;
}

// By an odd divisor above one: `⌊Self/o⌋`, plus one if the remainder or the fraction is not zero.
impl<X, U, B, F> CeilDivFrom<UInt<UInt<U, B>, B1>, F> for X
where
    X: DivRem<UInt<UInt<U, B>, B1>>,
    RemOf<X, UInt<UInt<U, B>, B1>>: AnyBit<F>,
    QuotOf<X, UInt<UInt<U, B>, B1>>: Bump<<RemOf<X, UInt<UInt<U, B>, B1>> as AnyBit<F>>::Output>,
{
    type Output = <QuotOf<X, UInt<UInt<U, B>, B1>> as Bump<
        <RemOf<X, UInt<UInt<U, B>, B1>> as AnyBit<F>>::Output,
    >>::Output;
}

/// `Self + F` for a bit `F`.
pub trait Bump<F> {
    /// The sum.
    type Output;
}

impl<X> Bump<B0> for X {
    type Output = X;
}

impl<X: core::ops::Add<B1>> Bump<B1> for X {
    type Output = <X as core::ops::Add<B1>>::Output;
}

/// `Self ∨ F` for bits.
pub trait OrBit<F> {
    /// The disjunction.
    type Output;
}

impl<F> OrBit<F> for B0 {
    type Output = F;
}

impl<F> OrBit<F> for B1 {
    type Output = B1;
}

/// `[Self > 0] ∨ F` for an unsigned `Self`.
pub trait AnyBit<F> {
    /// The disjunction.
    type Output;
}

impl<F> AnyBit<F> for UTerm {
    type Output = F;
}

impl<U, B, F> AnyBit<F> for UInt<U, B> {
    type Output = B1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::consts::*;

    #[test]
    fn quotients_and_remainders() {
        let _: (U12, U3) = (QuotOf::<U99, U8>::default(), RemOf::<U99, U8>::default());
        let _: (U8, U3) = (QuotOf::<U99, U12>::default(), RemOf::<U99, U12>::default());
        let _: (U13, U12, U9, U0) = (
            CeilQ::<U99, U8>::default(),
            CeilQ::<U96, U8>::default(),
            CeilQ::<U99, U12>::default(),
            CeilQ::<U0, U6>::default(),
        );
    }
}
