//! Integers of the type-level layer: static (typenum) and dynamic ([`Dyn`]).
//!
//! A *static* integer is a typenum signed integer type (`Z0`, `PInt<U>`,
//! `NInt<U>`): its value lives in the type and the value itself is zero-sized.
//! A *dynamic* integer is [`Dyn`], an `i64` known only at run time, or
//! [`DivBy<N>`], a run-time value known to be a positive multiple of the static
//! `N` (CuTe DSL's `?{div=N}`). All are [`IntLeaf`]s, the leaves of
//! hierarchical tuples.
//!
//! Three ways to name a static integer:
//! - CuTe-style constants `_0 ..= _64` and the powers of two up to `_65536`
//!   (each is both a type and a value, like CuTe's `_4` / `_4{}`; listed on
//!   one page, [`consts`](super::consts));
//! - the const-generic alias [`Int<N>`] (`Int<24>`) for `1 ..= 1024` and the other
//!   values typenum's table covers;
//! - the macros `Int![1536]` (type) and `int!(1536)` (value) for **any** `i64`
//!   literal, negative included: they spell the binary typenum type directly.
//!
//! ```
//! use layout_algebra::typelevel::{int, Int, IntLeaf, _4};
//! assert_eq!(_4.value(), 4);
//! assert_eq!(<Int<24> as IntLeaf>::STATIC, Some(24));
//! let cotarget: Int![1536] = int!(1536);
//! assert_eq!(cotarget.value(), 1536);
//! assert_eq!(int!(-3).value(), -3);
//! ```

use crate::runtime::{ErrorKind, LayoutError};
use core::fmt::Debug;
use core::marker::PhantomData;
use core::ops::{Add, Mul, Sub};
use typenum::{Abs, Diff, Integer, NInt, NonZero, PInt, Prod, Sum, UInt, UTerm, Unsigned, P1, Z0};

/// A dynamic integer leaf: a value known only at run time.
///
/// ```
/// use layout_algebra::typelevel::{Dyn, IntLeaf};
/// assert_eq!(Dyn(7).value(), 7);
/// assert_eq!(<Dyn as IntLeaf>::STATIC, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyn(pub i64);

/// A leaf of a hierarchical tuple: a static or a dynamic integer.
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(_4.value(), 4);
/// assert_eq!(<_4 as IntLeaf>::STATIC, Some(4));
/// assert_eq!(Dyn(7).value(), 7);
/// assert_eq!(<Dyn as IntLeaf>::STATIC, None);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer leaf",
    label = "expected a static integer (`_4`, `Int<4>`, `Int![4]`) or `Dyn`",
    note = "leaves of shapes, strides and coordinates are typenum signed integers or `Dyn`"
)]
pub trait IntLeaf: Copy + Debug {
    /// `Some(value)` when the value is in the type.
    const STATIC: Option<i64>;
    /// The value.
    fn value(&self) -> i64;
    /// A static divisor of a dynamic value: `Some(N)` for [`DivBy<N>`], `None`
    /// for [`Dyn`] and for static integers (whose value is known).
    ///
    /// ```
    /// use layout_algebra::typelevel::{DivBy, Dyn, IntLeaf, _4};
    /// use layout_algebra::typelevel::typenum::U16;
    /// assert_eq!(<DivBy<U16> as IntLeaf>::DIVISOR, Some(16));
    /// assert_eq!((<Dyn as IntLeaf>::DIVISOR, <_4 as IntLeaf>::DIVISOR), (None, None));
    /// ```
    const DIVISOR: Option<i64> = None;
}

/// A static integer: a typenum signed integer used as a leaf.
///
/// ```
/// use layout_algebra::typelevel::*;
/// const N: Int![1536] = <Int![1536] as StaticInt>::VALUE;
/// assert_eq!(N.value(), 1536);
/// assert_eq!(<Int<24> as StaticInt>::VALUE, _24);
/// ```
pub trait StaticInt: IntLeaf + Integer {
    /// The (zero-sized) value of this type, usable in `const` items.
    const VALUE: Self;
}

/// A value of a zero-sized type: sound because the type has no bytes.
const fn zst<T>() -> T {
    const { assert!(core::mem::size_of::<T>() == 0) };
    // SAFETY: `T` is zero-sized (asserted at compile time) and made only of
    // unit structs (typenum bits and `UTerm`), so it has exactly one value.
    unsafe { core::mem::zeroed() }
}

impl IntLeaf for Z0 {
    const STATIC: Option<i64> = Some(0);
    #[inline(always)]
    fn value(&self) -> i64 {
        0
    }
}
impl StaticInt for Z0 {
    const VALUE: Self = Z0;
}
impl<U: Unsigned + NonZero + Debug + Bits> IntLeaf for PInt<U> {
    const STATIC: Option<i64> = Some(positive(U::BITS, U::I64));
    #[inline(always)]
    fn value(&self) -> i64 {
        const { positive(U::BITS, U::I64) }
    }
}
impl<U: Unsigned + NonZero + Debug + crate::typelevel::int::Bits> StaticInt for PInt<U> {
    const VALUE: Self = zst();
}
impl<U: Unsigned + NonZero + Debug + Bits> IntLeaf for NInt<U> {
    const STATIC: Option<i64> = Some(negative(U::BITS, U::U64, U::I64));
    #[inline(always)]
    fn value(&self) -> i64 {
        const { negative(U::BITS, U::U64, U::I64) }
    }
}
impl<U: Unsigned + NonZero + Debug + crate::typelevel::int::Bits> StaticInt for NInt<U> {
    const VALUE: Self = zst();
}
/// The number of significant bits of an unsigned typenum integer (typenum's
/// form has no leading zeros): `U4` = `0b100` has 3.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Bits {
    /// The bit count.
    const BITS: u32;
}
impl Bits for UTerm {
    const BITS: u32 = 0;
}
impl<U: Bits, B> Bits for UInt<U, B> {
    const BITS: u32 = U::BITS + 1;
}

/// The value `PInt<U>` of `bits` significant bits, `U::I64`; a compile error if it
/// does not fit `i64` (typenum's `I64` would wrap: a static result never does).
const fn positive(bits: u32, i64_bits: i64) -> i64 {
    assert!(
        bits <= 63,
        "overflow: a static integer (a size, cosize, extent, stride or offset computed at compile time) exceeds i64::MAX = 9223372036854775807"
    );
    i64_bits
}

/// The value of `NInt<U>` from `U`'s bit count, `U::U64` and `U::I64`; a compile
/// error below `i64::MIN`. For `U` = 2^63,
/// `U::I64` is `i64::MIN` (typenum's bits shifted into the sign) and so is the
/// value (`int!(-9223372036854775808)`).
const fn negative(bits: u32, u64_bits: u64, i64_bits: i64) -> i64 {
    assert!(
        bits <= 63 || (bits == 64 && u64_bits == 1 << 63),
        "overflow: a static integer (a size, cosize, extent, stride or offset computed at compile time) is below i64::MIN = -9223372036854775808"
    );
    i64_bits.wrapping_neg()
}

impl IntLeaf for Dyn {
    const STATIC: Option<i64> = None;
    #[inline(always)]
    fn value(&self) -> i64 {
        self.0
    }
}

/// A leaf allowed in a shape: a positive static integer or [`Dyn`] (whose
/// positivity is checked when a layout is built).
///
/// ```
/// use layout_algebra::typelevel::*;
/// fn extent<E: ShapeLeaf>(e: E) -> i64 { e.value() }
/// assert_eq!(extent(_4), 4);
/// assert_eq!(extent(Dyn(6)), 6);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a valid shape extent",
    label = "shape extents must be positive",
    note = "CuTe rule: every extent of a shape is a positive integer (`Z0` and negative integers are not)"
)]
pub trait ShapeLeaf: IntLeaf {}
impl<U: Unsigned + NonZero + Debug + crate::typelevel::int::Bits> ShapeLeaf for PInt<U> {}
impl ShapeLeaf for Dyn {}
impl<N: Unsigned + NonZero> ShapeLeaf for DivBy<N> {}

/// A dynamic integer known to be a positive multiple of the static `N` (a
/// typenum unsigned): CuTe DSL's `?{div=N}`, e.g. "M is a multiple of 128".
///
/// The fact is checked once, by [`DivBy::new`] (or [`div_by`]), and then
/// carried by the type: a mode of extent `DivBy<N>` divided by a tile whose
/// extent `E` divides `N` has `s/E` tiles exactly, a [`DivBy<N/E>`], and no
/// tile reaches past the extent (see
/// [`try_zipped_divide`](crate::typelevel::try_zipped_divide)). It is a leaf
/// wherever [`Dyn`] is (shapes, strides, tensors); arithmetic keeps the fact
/// where it holds: `DivBy<N>·k = DivBy<N·k>` for a static `k > 0`,
/// `DivBy<N>·DivBy<M> = DivBy<N·M>`; anything else with it is [`Dyn`].
/// `{}` prints the value, `{:#}` the value and the fact, `256{div=128}`
/// (CuTe DSL prints `?{div=128}`: the value is unknown to its compiler;
/// `{div=1}` is left out, as CuTe DSL leaves it out).
///
/// ```
/// use layout_algebra::typelevel::{div_by, DivBy, IntLeaf};
/// use layout_algebra::typelevel::typenum::U128;
/// let m = DivBy::<U128>::new(256).unwrap();
/// assert_eq!(m.value(), 256);
/// assert_eq!(format!("{m:?} {m}"), "256{div=128} 256");
/// assert_eq!(div_by::<128>(384).unwrap().value(), 384);
/// let e = div_by::<128>(200).unwrap_err();
/// assert_eq!(e.to_string(), "DivBy: divisibility condition violated: 200 is not a multiple of 128");
/// assert!(div_by::<128>(0).is_err()); // an extent: positive
/// ```
pub struct DivBy<N>(i64, PhantomData<N>);

impl<N: Unsigned + NonZero> DivBy<N> {
    /// `m` as a leaf known to be a multiple of `N`; `Divisibility` when
    /// `m mod N ≠ 0`, `NonPositiveShape` when `m ≤ 0`.
    ///
    /// ```
    /// use layout_algebra::typelevel::DivBy;
    /// use layout_algebra::typelevel::typenum::U32;
    /// assert_eq!(DivBy::<U32>::new(96).unwrap().get(), 96);
    /// assert!(DivBy::<U32>::new(-32).is_err());
    /// ```
    pub fn new(m: i64) -> Result<Self, LayoutError> {
        match div_by_fault(m, N::U64) {
            None => Ok(DivBy(m, PhantomData)),
            Some(e) => Err(e),
        }
    }
    /// The value, a positive multiple of `N`.
    ///
    /// ```
    /// use layout_algebra::typelevel::div_by;
    /// assert_eq!(div_by::<8>(24).unwrap().get(), 24);
    /// ```
    #[inline(always)]
    pub const fn get(self) -> i64 {
        self.0
    }
    /// `m` with the fact unchecked: the caller has proven `m` a positive
    /// multiple of `N`.
    #[inline(always)]
    pub(crate) const fn proven(m: i64) -> Self {
        DivBy(m, PhantomData)
    }
}

/// The rule [`DivBy::new`] checks, `m` a positive multiple of `n`, broken
/// (`NonPositiveShape`, `Divisibility`), or `None`: not generic, so that each
/// `DivBy<N>` a program names adds no copy of the messages' formatting.
fn div_by_fault(m: i64, n: u64) -> Option<LayoutError> {
    if m <= 0 {
        return Some(LayoutError::new(
            ErrorKind::NonPositiveShape,
            "DivBy",
            alloc::format!("{m} is not a positive multiple of {n}"),
        ));
    }
    if n > i64::MAX as u64 || !(m as u64).is_multiple_of(n) {
        return Some(LayoutError::new(
            ErrorKind::Divisibility,
            "DivBy",
            alloc::format!("{m} is not a multiple of {n}"),
        ));
    }
    None
}

/// [`DivBy::new`] with a const generic: `div_by::<128>(m)` is `m` as a
/// `DivBy<U128>`, checked to be a positive multiple of 128.
///
/// ```
/// use layout_algebra::typelevel::{div_by, DivBy};
/// use layout_algebra::typelevel::typenum::U64;
/// let k: DivBy<U64> = div_by::<64>(640).unwrap();
/// assert_eq!(k.get(), 640);
/// ```
pub fn div_by<const N: usize>(m: i64) -> Result<DivBy<typenum::U<N>>, LayoutError>
where
    typenum::Const<N>: typenum::ToUInt,
    typenum::U<N>: Unsigned + NonZero,
{
    DivBy::new(m)
}

impl<N> Clone for DivBy<N> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for DivBy<N> {}
impl<N> PartialEq for DivBy<N> {
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl<N> Eq for DivBy<N> {}
impl<N> core::hash::Hash for DivBy<N> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h)
    }
}
impl<N: Unsigned> Debug for DivBy<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match N::U64 {
            1 => write!(f, "{}", self.0),
            n => write!(f, "{}{{div={n}}}", self.0),
        }
    }
}
impl<N: Unsigned> core::fmt::Display for DivBy<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if f.alternate() {
            Debug::fmt(self, f)
        } else {
            write!(f, "{}", self.0)
        }
    }
}
impl<N: Unsigned + NonZero> IntLeaf for DivBy<N> {
    const STATIC: Option<i64> = None;
    const DIVISOR: Option<i64> = Some(N::I64);
    #[inline(always)]
    fn value(&self) -> i64 {
        self.0
    }
}

/// The const-generic spelling of a positive static integer: `Int<24>` is
/// typenum's `P24`. Covers the values of typenum's table (`1..=1024`, powers of
/// two and ten); use `Int![N]` for any other literal.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let x: Int<24> = Int::<24>::new();
/// assert_eq!(x, _24);
/// assert_eq!(x.value(), 24);
/// ```
pub type Int<const N: usize> = PInt<typenum::U<N>>;

// ---------------------------------------------------------------------------
// Leaf arithmetic: static ⊗ static is computed by typenum, anything with a
// `Dyn` operand is `Dyn`, but for a product with the static 0 and the span
// of a stride 0, which are the static 0 (as in CuTe C++). On layouts (whose
// size and cosize were checked to fit `i64` when built) the dynamic values
// are exact; on a bare tuple whose product does not fit they saturate at
// `i64::MAX`, never wrap or panic.
// ---------------------------------------------------------------------------

/// `A · B` on leaves.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IntMul<B: IntLeaf>: IntLeaf {
    /// The product type.
    type Output: IntLeaf;
    /// The product value.
    fn int_mul(self, b: B) -> Self::Output;
}
/// `A + B` on leaves.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IntAdd<B: IntLeaf>: IntLeaf {
    /// The sum type.
    type Output: IntLeaf;
    /// The sum value.
    fn int_add(self, b: B) -> Self::Output;
}
/// `(S - 1) · |D|`: the span of one shape/stride leaf pair (a term of cosize).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait IntSpan<D: IntLeaf>: IntLeaf {
    /// The span type.
    type Output: IntLeaf;
    /// The span value.
    fn int_span(self, d: D) -> Self::Output;
}
/// The product type of two leaves.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let p: IntMulOut<_4, _8> = _32;
/// assert_eq!(p.value(), 32);
/// let _: IntMulOut<_4, Dyn> = Dyn(0); // a dynamic factor makes the product dynamic
/// let _: IntMulOut<Dyn, _0> = _0; // but x·0 is 0 whatever x is
/// ```
pub type IntMulOut<A, B> = <A as IntMul<B>>::Output;
/// The sum type of two leaves.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let s: IntAddOut<_4, _8> = _12;
/// assert_eq!(s.value(), 12);
/// ```
pub type IntAddOut<A, B> = <A as IntAdd<B>>::Output;
/// The span type `(S - 1)·|D|` of a leaf pair.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // A leaf 4:-3 spans offsets 0, -3, -6, -9: (4 - 1)·3 = 9.
/// let s: IntSpanOut<_4, Int![-3]> = _9;
/// assert_eq!(s.value(), 9);
/// ```
pub type IntSpanOut<S, D> = <S as IntSpan<D>>::Output;

/// The impl of a leaf operation on two static leaves: typenum computes it.
macro_rules! leaf_op {
    ($Trait:ident, $f:ident, $Out:ident, $($bound:tt)*) => {
        impl<A: StaticInt, B: StaticInt> $Trait<B> for A
        where
            $($bound)*
        {
            type Output = $Out<A, B>;
            #[inline(always)]
            fn $f(self, _: B) -> Self::Output {
                <$Out<A, B> as StaticInt>::VALUE
            }
        }
    };
}

type SpanOf<A, B> = Prod<Diff<A, P1>, typenum::AbsVal<B>>;
leaf_op!(IntMul, int_mul, Prod, A: Mul<B>, Prod<A, B>: StaticInt);
leaf_op!(IntAdd, int_add, Sum, A: Add<B>, Sum<A, B>: StaticInt);
leaf_op!(IntSpan, int_span, SpanOf,
    A: Sub<P1>, B: Abs, Diff<A, P1>: Mul<typenum::AbsVal<B>>, SpanOf<A, B>: StaticInt);

/// The values of the leaf operations on run-time leaves, saturating.
#[inline(always)]
fn mul_value(a: i64, b: i64) -> i64 {
    a.saturating_mul(b)
}
#[inline(always)]
fn add_value(a: i64, b: i64) -> i64 {
    a.saturating_add(b)
}
#[inline(always)]
fn span_value(s: i64, d: i64) -> i64 {
    s.saturating_sub(1).saturating_mul(d.saturating_abs())
}

// With a `DivBy` operand: the fact survives a product of positive factors
// (`DivBy<N>·k = DivBy<N·k>`, `DivBy<N>·DivBy<M> = DivBy<N·M>`); a sum, a span,
// a product with a negative or a `Dyn` is `Dyn`. A product past `i64`
// saturates at the largest multiple of the divisor, keeping the fact.

/// `a·b`, or the largest multiple of `n` in `i64` if it overflows.
#[inline(always)]
fn mul_multiple(a: i64, b: i64, n: u64) -> i64 {
    let n = n.clamp(1, i64::MAX as u64) as i64;
    a.checked_mul(b).unwrap_or(i64::MAX / n * n)
}
impl<N: Unsigned + NonZero + Mul<U>, U: Unsigned + NonZero + Debug + Bits> IntMul<PInt<U>>
    for DivBy<N>
where
    Prod<N, U>: Unsigned + NonZero,
{
    type Output = DivBy<Prod<N, U>>;
    #[inline(always)]
    fn int_mul(self, b: PInt<U>) -> Self::Output {
        DivBy::proven(mul_multiple(self.0, b.value(), <Prod<N, U>>::U64))
    }
}
impl<N: Unsigned + NonZero, U: Unsigned + NonZero + Debug + Bits + Mul<N>> IntMul<DivBy<N>>
    for PInt<U>
where
    Prod<U, N>: Unsigned + NonZero,
{
    type Output = DivBy<Prod<U, N>>;
    #[inline(always)]
    fn int_mul(self, b: DivBy<N>) -> Self::Output {
        DivBy::proven(mul_multiple(self.value(), b.0, <Prod<U, N>>::U64))
    }
}
impl<N: Unsigned + NonZero + Mul<M>, M: Unsigned + NonZero> IntMul<DivBy<M>> for DivBy<N>
where
    Prod<N, M>: Unsigned + NonZero,
{
    type Output = DivBy<Prod<N, M>>;
    #[inline(always)]
    fn int_mul(self, b: DivBy<M>) -> Self::Output {
        DivBy::proven(mul_multiple(self.0, b.0, <Prod<N, M>>::U64))
    }
}
/// The impls of a leaf operation `$A ⊗ $B` whose result is `Dyn`, its value
/// `$value(a, b)`.
macro_rules! dyn_one {
    ($Trait:ident, $f:ident, $value:ident, $([$($g:tt)*] $A:ty, $B:ty);* $(;)?) => {$(
        impl<$($g)*> $Trait<$B> for $A {
            type Output = Dyn;
            #[inline(always)]
            fn $f(self, b: $B) -> Dyn {
                Dyn($value(self.value(), b.value()))
            }
        }
    )*};
}
/// The impls of a leaf operation whose result is `Dyn`: `$A ⊗ $B` and `$B ⊗ $A`.
macro_rules! dyn_op {
    ($Trait:ident, $f:ident, $value:ident, $([$($g:tt)*] $A:ty, $B:ty);* $(;)?) => {$(
        dyn_one!($Trait, $f, $value, [$($g)*] $A, $B; [$($g)*] $B, $A);
    )*};
}
/// The impl of a leaf operation `$A ⊗ $B` whose result is the static 0
/// whatever the run-time operand: `x·0` and the span `(s - 1)·|0|` (as
/// CuTe's products of `C<0>` by an `int` are `C<0>`).
macro_rules! zero_op {
    ($Trait:ident, $f:ident, $([$($g:tt)*] $A:ty, $B:ty);* $(;)?) => {$(
        impl<$($g)*> $Trait<$B> for $A {
            type Output = Z0;
            #[inline(always)]
            fn $f(self, _: $B) -> Z0 {
                Z0
            }
        }
    )*};
}
/// The impls of the leaf operations of a run-time leaf `$R` with a static
/// one: `Dyn`, or the static 0 where the operation makes it so (see
/// [`zero_op`]).
macro_rules! run_time_ops {
    ($([$($g:tt)*] $R:ty);*) => {$(
        dyn_op!(IntMul, int_mul, mul_value, [$($g)* U: Unsigned + NonZero + Debug + Bits] $R, NInt<U>);
        zero_op!(IntMul, int_mul, [$($g)*] $R, Z0; [$($g)*] Z0, $R);
        dyn_op!(IntAdd, int_add, add_value,
            [$($g)* U: Unsigned + NonZero + Debug + Bits] $R, PInt<U>;
            [$($g)* U: Unsigned + NonZero + Debug + Bits] $R, NInt<U>;
            [$($g)*] $R, Z0;
        );
        dyn_op!(IntSpan, int_span, span_value,
            [$($g)* U: Unsigned + NonZero + Debug + Bits] $R, PInt<U>;
            [$($g)* U: Unsigned + NonZero + Debug + Bits] $R, NInt<U>;
        );
        dyn_one!(IntSpan, int_span, span_value, [$($g)*] Z0, $R);
        zero_op!(IntSpan, int_span, [$($g)*] $R, Z0);
    )*};
}
run_time_ops!([] Dyn; [N: Unsigned + NonZero,] DivBy<N>);
// Two run-time leaves (the products of `Dyn` by `PInt` too: a `DivBy`'s by
// one keeps its fact, above).
dyn_op!(IntMul, int_mul, mul_value,
    [U: Unsigned + NonZero + Debug + Bits] Dyn, PInt<U>;
    [N: Unsigned + NonZero] DivBy<N>, Dyn;
);
dyn_op!(IntAdd, int_add, add_value, [N: Unsigned + NonZero] DivBy<N>, Dyn);
dyn_op!(IntSpan, int_span, span_value, [N: Unsigned + NonZero] DivBy<N>, Dyn);
dyn_one!(IntMul, int_mul, mul_value, [] Dyn, Dyn);
dyn_one!(IntAdd, int_add, add_value,
    [] Dyn, Dyn;
    [N: Unsigned + NonZero, M: Unsigned + NonZero] DivBy<N>, DivBy<M>;
);
dyn_one!(IntSpan, int_span, span_value,
    [] Dyn, Dyn;
    [N: Unsigned + NonZero, M: Unsigned + NonZero] DivBy<N>, DivBy<M>;
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typelevel::consts::*;
    use typenum::consts::{N3, P12, P4};

    #[test]
    fn values_and_static_flags() {
        assert_eq!(_0.value(), 0);
        assert_eq!(_64.value(), 64);
        assert_eq!(_65536.value(), 65536);
        assert_eq!(<N3 as IntLeaf>::STATIC, Some(-3));
        assert_eq!(<Int<1000> as IntLeaf>::STATIC, Some(1000));
        assert_eq!(Dyn(-5).value(), -5);
        assert_eq!(core::mem::size_of::<Int<1024>>(), 0);
    }

    #[test]
    fn leaf_arithmetic_static_and_dynamic() {
        let p: P12 = _3.int_mul(_4);
        assert_eq!(p.value(), 12);
        assert_eq!(_3.int_mul(Dyn(5)), Dyn(15));
        assert_eq!(Dyn(5).int_add(_3), Dyn(8));
        assert_eq!(Dyn(2).int_add(Dyn(3)), Dyn(5));
        let s: IntSpanOut<P4, N3> = _4.int_span(<N3 as StaticInt>::VALUE);
        assert_eq!(s.value(), 9);
        assert_eq!(Dyn(4).int_span(Dyn(-3)), Dyn(9));
        assert_eq!(Dyn(1 << 40).int_mul(Dyn(1 << 40)), Dyn(i64::MAX));
    }

    #[test]
    fn div_by_products_keep_the_fact_when_saturating() {
        use typenum::{U16, U64};
        let m = DivBy::<U16>::new(1 << 62).unwrap();
        let p: DivBy<U64> = m.int_mul(_4);
        assert_eq!(p.get(), i64::MAX / 64 * 64);
        assert_eq!(p.get() % 64, 0);
        // A negative factor, a sum or a span loses the fact: `Dyn`.
        let neg = <typenum::N1 as StaticInt>::VALUE;
        assert_eq!(m.int_mul(neg), Dyn(-(1 << 62)));
        assert_eq!(m.int_add(_1), Dyn((1 << 62) + 1));
        assert_eq!(m.int_span(_2), Dyn(i64::MAX - 1));
    }
}
