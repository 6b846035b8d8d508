//! The internal form of the algebra: a layout flattened to a cons list of modes.
//!
//! `Mode<S, D>` is one flat mode with an unsigned extent `S` (typenum `UInt`) and a
//! signed stride `D`; a layout's modes are an HList of `Mode`s in colexicographic
//! order. Every algebra trait works on this form and [`Build`] turns a list back
//! into a `Layout` (`1:0` for no mode, `s:d` for one, `(s0,s1,..):(d0,d1,..)` otherwise).

use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typenum::{IsLess, Le, NInt, PInt, Unsigned, B0, B1, P1, U1, Z0};

use crate::typelevel::check::rules::StaticLeaves;
use crate::typelevel::{Dyn, Layout};

/// One flat mode `S:D` (extent `S` unsigned, stride `D` signed).
pub struct Mode<S, D>(PhantomData<(S, D)>);

/// Prepends the flat modes of the sub-layout `Self:D` onto the list `T`.
pub trait FlattenOnto<D, T> {
    /// The extended list.
    type Output;
}

// A leaf `s:d` is one mode.
impl<U, D, T> FlattenOnto<D, T> for PInt<U>
where
    U: Unsigned + typenum::NonZero,
    D: Placeholder,
{
    type Output = HCons<Mode<U, <D as Placeholder>::Output>, T>;
}

// A dynamic leaf flattens to a placeholder mode 1:0, so that the algebra stays
// well-typed while `StaticModes` refuses the layout with `StaticLeaves`' message.
impl<D, T> FlattenOnto<D, T> for Dyn {
    type Output = HCons<Mode<U1, Z0>, T>;
}
impl<D, T, N> FlattenOnto<D, T> for crate::typelevel::DivBy<N> {
    type Output = HCons<Mode<U1, Z0>, T>;
}

/// A stride leaf, or `0` in place of a dynamic one (see [`FlattenOnto`] for `Dyn`).
pub trait Placeholder {
    /// The stride.
    type Output;
}

impl Placeholder for Z0 {
    type Output = Z0;
}

impl<U: Unsigned + typenum::NonZero> Placeholder for PInt<U> {
    type Output = Self;
}

impl<U: Unsigned + typenum::NonZero> Placeholder for NInt<U> {
    type Output = Self;
}

impl Placeholder for Dyn {
    type Output = Z0;
}

impl<N> Placeholder for crate::typelevel::DivBy<N> {
    type Output = Z0;
}

impl<V, P> Placeholder for crate::typelevel::ScaledBasis<V, P> {
    type Output = Self;
}

// `():()` contributes no mode.
impl<T> FlattenOnto<HNil, T> for HNil {
    type Output = T;
}

// `(s0, s..):(d0, d..)` = modes of `s0:d0` followed by the modes of `(s..):(d..)`.
impl<S0, ST, D0, DT, T> FlattenOnto<HCons<D0, DT>, T> for HCons<S0, ST>
where
    ST: FlattenOnto<DT, T>,
    S0: FlattenOnto<D0, <ST as FlattenOnto<DT, T>>::Output>,
{
    type Output = <S0 as FlattenOnto<D0, <ST as FlattenOnto<DT, T>>::Output>>::Output;
}

/// The flat mode list of a layout whose leaves are all static (a `Dyn` or
/// `DivBy` leaf is refused with `StaticLeaves`' message).
pub trait StaticModes {
    /// HList of `Mode<S, D>`.
    type Output;
}

impl<S, D> StaticModes for Layout<S, D>
where
    S: StaticLeaves + FlattenOnto<D, HNil>,
    D: StaticLeaves,
{
    type Output = <S as FlattenOnto<D, HNil>>::Output;
}

/// The flat mode list of `L`.
pub type ModesOf<L> = <L as StaticModes>::Output;

/// A mode list turned back into a layout: `1:0`, `s:d`, or a flat tuple.
pub trait Build {
    /// The layout.
    type Output;
}

impl Build for HNil {
    type Output = Layout<P1, Z0>;
}

impl<S, D> Build for HCons<Mode<S, D>, HNil>
where
    S: Unsigned + typenum::NonZero,
{
    type Output = Layout<PInt<S>, D>;
}

impl<S, D, N, T> Build for HCons<Mode<S, D>, HCons<N, T>>
where
    Self: Unzip,
{
    type Output = Layout<<Self as Unzip>::Shape, <Self as Unzip>::Stride>;
}

/// The layout of a mode list.
pub type Built<L> = <L as Build>::Output;

/// A mode list split into its shape tuple and stride tuple.
pub trait Unzip {
    /// `(s0, s1, ..)` as signed leaves.
    type Shape;
    /// `(d0, d1, ..)`.
    type Stride;
}

impl Unzip for HNil {
    type Shape = HNil;
    type Stride = HNil;
}

impl<S, D, T> Unzip for HCons<Mode<S, D>, T>
where
    S: Unsigned + typenum::NonZero,
    T: Unzip,
{
    type Shape = HCons<PInt<S>, T::Shape>;
    type Stride = HCons<D, T::Stride>;
}

/// A list of layouts `(L0, L1, ..)` concatenated into the layout `(L0, L1, ..)`.
pub trait Concat {
    /// The concatenation.
    type Output;
}

impl Concat for HNil {
    type Output = Layout<HNil, HNil>;
}

impl<S, D, T> Concat for HCons<Layout<S, D>, T>
where
    T: Concat,
    <T as Concat>::Output: Parts,
{
    type Output = Layout<
        HCons<S, <<T as Concat>::Output as Parts>::Shape>,
        HCons<D, <<T as Concat>::Output as Parts>::Stride>,
    >;
}

/// The shape and stride of a layout type.
pub trait Parts {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
}

impl<S, D> Parts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}

/// `Self · U` for a signed `Self` (or a scaled basis `v@i`, giving `(v·U)@i`)
/// and an unsigned `U ≥ 1`.
pub trait MulU<U> {
    /// The product.
    type Output;
}

impl<V: MulU<U>, P, U> MulU<U> for crate::typelevel::ScaledBasis<V, P> {
    type Output = crate::typelevel::ScaledBasis<MulUOut<V, U>, P>;
}

impl<U> MulU<U> for Z0 {
    type Output = Z0;
}

impl<X, U> MulU<U> for PInt<X>
where
    X: Unsigned + typenum::NonZero + core::ops::Mul<U>,
    <X as core::ops::Mul<U>>::Output: Unsigned + typenum::NonZero,
{
    type Output = PInt<<X as core::ops::Mul<U>>::Output>;
}

impl<X, U> MulU<U> for NInt<X>
where
    X: Unsigned + typenum::NonZero + core::ops::Mul<U>,
    <X as core::ops::Mul<U>>::Output: Unsigned + typenum::NonZero,
{
    type Output = NInt<<X as core::ops::Mul<U>>::Output>;
}

/// `D · U`.
pub type MulUOut<D, U> = <D as MulU<U>>::Output;

/// The stride of the compact layout of an extent: 1, or 0 for extent 1.
pub trait CompactStride {
    /// `P1` or `Z0`.
    type Output;
}

impl CompactStride for typenum::U1 {
    type Output = Z0;
}

impl<U, B, C> CompactStride for typenum::UInt<typenum::UInt<U, B>, C> {
    type Output = P1;
}

/// The value of a static result type (layouts, tuples and typenum integers): a
/// constant, built without re-checking the congruence the algebra guarantees.
///
/// A constant rather than a function, so that a result costs no code to
/// generate: the front doors return `<Out as StaticValue>::VALUE`.
pub trait StaticValue {
    /// The (zero-sized) value.
    const VALUE: Self;
}

impl<S: StaticValue, D: StaticValue> StaticValue for Layout<S, D> {
    const VALUE: Self = Layout::from_static_parts(S::VALUE, D::VALUE);
}

impl StaticValue for HNil {
    const VALUE: Self = HNil;
}

impl<H: StaticValue, T: StaticValue> StaticValue for HCons<H, T> {
    const VALUE: Self = HCons {
        head: H::VALUE,
        tail: T::VALUE,
    };
}

impl StaticValue for Z0 {
    const VALUE: Self = Z0;
}

impl<U: Unsigned + typenum::NonZero + core::fmt::Debug + crate::typelevel::int::Bits> StaticValue
    for PInt<U>
{
    const VALUE: Self = <Self as crate::typelevel::StaticInt>::VALUE;
}

impl<U: Unsigned + typenum::NonZero + core::fmt::Debug + crate::typelevel::int::Bits> StaticValue
    for NInt<U>
{
    const VALUE: Self = <Self as crate::typelevel::StaticInt>::VALUE;
}

/// An element of a list sorted by stride: its stride key (unsigned).
pub trait StrideKey {
    /// The key.
    type Key;
}

impl<S, X> StrideKey for Mode<S, X> {
    type Key = X;
}

/// Inserts `E`, of stride key `X`, before the first element whose key is not
/// smaller: one step of the insertion sorts by stride of complement and of the
/// left inverse.
pub trait InsertByStride<E, X> {
    /// The list.
    type Output;
}

impl<E, X> InsertByStride<E, X> for HNil {
    type Output = HCons<E, HNil>;
}

impl<E, X, H, T> InsertByStride<E, X> for HCons<H, T>
where
    H: StrideKey,
    H::Key: IsLess<X>,
    Le<H::Key, X>: InsertBranch<E, X, Self>,
{
    type Output = <Le<H::Key, X> as InsertBranch<E, X, Self>>::Output;
}

/// Branch of [`InsertByStride`]: the head's key is smaller (`B1`, go on) or not (`B0`, insert).
pub trait InsertBranch<E, X, L> {
    /// The list.
    type Output;
}

impl<E, X, L> InsertBranch<E, X, L> for B0 {
    type Output = HCons<E, L>;
}

impl<E, X, H, T> InsertBranch<E, X, HCons<H, T>> for B1
where
    T: InsertByStride<E, X>,
{
    type Output = HCons<H, <T as InsertByStride<E, X>>::Output>;
}
