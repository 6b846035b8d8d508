//! Static `size` and `cosize` for the algebra: `∏ shape` and CuTe C++'s
//! `1 + Σ (s_i - 1)·|d_i|`, as unsigned and signed typenum integers (the public
//! `size`/`cosize` of [`crate::typelevel`] also take dynamic leaves).

use frunk_core::hlist::{HCons, HNil};
use typenum::{Abs, AbsVal, Integer, NonZero, PInt, Prod, Sub1, Sum, Unsigned, B1, U0, U1};

use super::modes::{Mode, ModesOf, StaticModes};
use crate::typelevel::Layout;

/// The number of coordinates of a layout (or of a shape).
pub trait StaticSize {
    /// `∏ shape`, unsigned.
    type Unsigned;
    /// `∏ shape`, as a typenum signed integer like the layout's leaves.
    type Output;
}

impl<U> StaticSize for PInt<U>
where
    U: Unsigned + NonZero,
{
    type Unsigned = U;
    type Output = Self;
}

impl StaticSize for HNil {
    type Unsigned = U1;
    type Output = PInt<U1>;
}

impl<H, T> StaticSize for HCons<H, T>
where
    H: StaticSize,
    T: StaticSize,
    H::Unsigned: core::ops::Mul<T::Unsigned>,
    Prod<H::Unsigned, T::Unsigned>: Unsigned + NonZero,
{
    type Unsigned = Prod<H::Unsigned, T::Unsigned>;
    type Output = PInt<Prod<H::Unsigned, T::Unsigned>>;
}

impl<S: StaticSize, D> StaticSize for Layout<S, D> {
    type Unsigned = S::Unsigned;
    type Output = S::Output;
}

/// CuTe C++'s `cosize`: `1 + Σ (s_i - 1)·|d_i|`.
pub trait StaticCosize {
    /// The cosize, unsigned.
    type Unsigned;
    /// The cosize as a typenum signed integer.
    type Output;
}

impl<S, D> StaticCosize for Layout<S, D>
where
    Self: StaticModes,
    ModesOf<Self>: Span,
    <ModesOf<Self> as Span>::Output: core::ops::Add<B1>,
    Sum<<ModesOf<Self> as Span>::Output, B1>: Unsigned + NonZero,
{
    type Unsigned = Sum<<ModesOf<Self> as Span>::Output, B1>;
    type Output = PInt<Sum<<ModesOf<Self> as Span>::Output, B1>>;
}

/// `Σ (s_i - 1)·|d_i|` over flat modes, unsigned.
pub trait Span {
    /// The sum.
    type Output;
}

impl Span for HNil {
    type Output = U0;
}

impl<S, D, T> Span for HCons<Mode<S, D>, T>
where
    T: Span,
    S: core::ops::Sub<B1>,
    D: StrideMagnitude,
    Sub1<S>: core::ops::Mul<<D as StrideMagnitude>::Output>,
    Prod<Sub1<S>, <D as StrideMagnitude>::Output>: core::ops::Add<T::Output>,
{
    type Output = Sum<Prod<Sub1<S>, <D as StrideMagnitude>::Output>, T::Output>;
}

/// The magnitude of a stride leaf, unsigned: `|d|` for an integer, the
/// scale's `|v|` for a scaled basis `v@i` (whose cosize term bounds the
/// coordinate's entry the same way).
pub trait StrideMagnitude {
    /// The magnitude.
    type Output;
}

impl<D: Integer + Abs> StrideMagnitude for D
where
    AbsVal<D>: Magnitude,
{
    type Output = <AbsVal<D> as Magnitude>::Output;
}

impl<V: StrideMagnitude, P> StrideMagnitude for crate::typelevel::ScaledBasis<V, P> {
    type Output = V::Output;
}

/// The unsigned magnitude of a non-negative typenum integer.
pub trait Magnitude {
    /// The magnitude.
    type Output;
}

impl Magnitude for typenum::Z0 {
    type Output = U0;
}

impl<U: Unsigned + NonZero> Magnitude for PInt<U> {
    type Output = U;
}

/// `Pass` if the size and cosize of the layout `Self` fit `i64`, else
/// [`Overflow`](crate::typelevel::check::verdict::Overflow) (the magnitude is not
/// carried: past i64 its decimal form would cost rustc more recursion than its
/// default limit, and its binary form is what the messages avoid).
pub trait FitsVerdict {
    /// `Pass` or `Overflow`.
    type Verdict;
}

/// `i64::MAX` as an unsigned typenum.
type MaxI64 = typenum::U9223372036854775807;

impl<S, D> FitsVerdict for Layout<S, D>
where
    Self: StaticSize + StaticCosize,
    <Self as StaticSize>::Unsigned: typenum::Max<<Self as StaticCosize>::Unsigned>,
    typenum::Maximum<<Self as StaticSize>::Unsigned, <Self as StaticCosize>::Unsigned>:
        typenum::IsLessOrEqual<MaxI64>,
    typenum::LeEq<
        typenum::Maximum<<Self as StaticSize>::Unsigned, <Self as StaticCosize>::Unsigned>,
        MaxI64,
    >: FitsBranch,
{
    type Verdict = <typenum::LeEq<
        typenum::Maximum<<Self as StaticSize>::Unsigned, <Self as StaticCosize>::Unsigned>,
        MaxI64,
    > as FitsBranch>::Verdict;
}

// An integer result (max_common_vector) is a divisor of a size that fit; reading
// it is checked again by `IntLeaf::value`.
impl<U: Unsigned + NonZero> FitsVerdict for PInt<U> {
    type Verdict = crate::typelevel::check::verdict::Pass;
}

/// Branch of [`FitsVerdict`] on "at most `i64::MAX`".
pub trait FitsBranch {
    /// `Pass` or `Overflow`.
    type Verdict;
}

impl FitsBranch for typenum::B1 {
    type Verdict = crate::typelevel::check::verdict::Pass;
}

impl FitsBranch for typenum::B0 {
    type Verdict = crate::typelevel::check::verdict::Overflow;
}

#[cfg(test)]
mod tests {
    use super::*;
    use frunk_core::HList;
    use typenum::consts::*;

    #[test]
    fn size_and_cosize() {
        type A = Layout<HList![P4, HList![P3, P2]], HList![P2, HList![P8, N1]]>;
        let _: P24 = <A as StaticSize>::Output::default();
        let _: P24 = <A as StaticCosize>::Output::default(); // 1 + 3·2 + 2·8 + 1·1
    }
}
