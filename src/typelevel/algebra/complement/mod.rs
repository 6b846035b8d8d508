//! `complement`: the layout that fills the gaps of an injective layout up to
//! a cotarget, one type computation for static leaves and for `Dyn` /
//! `DivBy` ones (a static layout is one with no dynamic leaf).
//!
//! Following the CuTe paper (3.5): `A` is filtered (static stride-0 and
//! static extent-1 modes go away, static runs coalesce, which changes no
//! gap), its flat modes `s_i:d_i` sorted by stride ([`order`]), and with
//! `E_0 = 1`, `E_(i+1) = s_i·d_i` the gap mode `d_i/E_i : E_i` emitted for
//! each mode and a last mode `⌈M/E_r⌉ : E_r` reaching the cotarget `M`
//! ([`gaps`]); the result is coalesced. `A` is complementable when every
//! `d_i` is a multiple of `E_i`; `d_i < E_i` means a mode starts inside the
//! extent of those below it (they interleave, as in `(2,2):(2,3)`, or
//! overlap). CuTe C++ and pycute silently return a complement that does not
//! cover the cotarget; here each rule is decided where its operands are
//! static (a compile error) and at run time otherwise:
//! - every stride static: the order is static; a gap and its stride `E_i`
//!   are static where `E_i` is (the extent below static), a static gap of 1
//!   is left out.
//! - a dynamic stride: the order is known at run time only (CuTe C++ does
//!   not compile this case for two modes or more); the result is `r + 1`
//!   dynamic modes after the static first stride `_1`, the modes the
//!   runtime layer drops (extent 1, stride 0) leading as `1:1` modes.
//!
//! A shape cotarget `M` (an HList) has the last extent `size(ceil_div(M, E_r))`,
//! CuTe's mode-by-mode form, raised to `⌈size(M)/E_r⌉` where that would not
//! cover `M` (as the runtime layer; CuTe C++ does not raise it).
//!
//! [`complement`] takes static operands: its rules are compile errors and
//! its result a zero-sized type. [`try_complement`] takes any: what depends
//! on dynamic values is checked once at run time, by the runtime layer's own
//! gap walk ([`values`]), with its kinds: `NonPositiveShape` (`M ≤ 0`),
//! `NotComplementable` (a negative, overlapping or non-dividing dynamic
//! stride), `Overflow`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! assert_eq!(complement(layout!(4:1), hlist![_6, _4]).to_string(), "8:4");
//! assert_eq!(complement(layout!((8):(1)), hlist![_6, _16, _16]).to_string(), "192:8");
//! let r: Layout![(3,2):(2,12)] = complement(layout!((2,2):(1,6)), int!(24));
//! assert_eq!(complement_default(layout!((4,8):(1,8))).to_string(), "2:4");
//! assert_eq!(complement(layout!(4:32), int!(256)).to_string(), "(32,2):(1,128)");
//! // The same computation with a run-time cotarget: the last extent is run-time.
//! assert_eq!(format!("{:#}", try_complement(layout!(4:32), Dyn(256)).unwrap()), "(_32,2):(_1,_128)");
//! # let _ = r;
//! ```

pub(crate) mod gaps;
pub(crate) mod order;
pub(crate) mod values;

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use self::gaps::{GapLayout, GapPlan, ShapeCotarget};
use self::order::{FlatOnto, StaticOrder};
use self::values::{complement_into, StaticMask};
use super::modes::Parts;
use super::size::StaticCosize;
use super::values::FlatLayout;
use crate::runtime::LayoutError;
use crate::typelevel::check::readable::Cotarget;
use crate::typelevel::check::rules::op::{ComplementDefaultOp, ComplementOp};
use crate::typelevel::check::rules::{Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::NonPositiveCotarget;
use crate::typelevel::int::IntLeaf;
use crate::typelevel::{Cosize, CosizeOut, Layout};

crate::typelevel::check::front_door::front_door!(
    r#"the ordered layout of the offsets below `cotarget` that `a` misses.

```
use layout_algebra::typelevel::*;
let c: ComplementOut<Layout![4:2], _24> = complement(layout!(4:2), _24);
assert_eq!(c.to_string(), "(2,3):(1,8)");
// `4:2` and its complement together hit every offset below 24 once.
let mut seen = [0; 24];
for i in 0..4usize {
    for j in 0..6usize {
        seen[(layout!(4:2).call(i) + c.call(j)) as usize] += 1;
    }
}
assert!(seen.iter().all(|&n| n == 1));
```"#,
    Complement,
    ComplementOut,
    complement,
    Admissible<ComplementOp>,
    TryComplement,
    cotarget,
    shown as Cotarget<B>,
    Output: Parts
);

/// The verdict of `complement(A, M)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::check::Pass;
/// // `Pass` where `complement(A, M)` is admissible, else the violated rule.
/// let _: Pass = ComplementVerdict::<Layout![4:2], _24>::default();
/// ```
pub type ComplementVerdict<A, Mt> = <A as TryComplement<Mt>>::Verdict;

impl<S, D, Mt> TryComplement<Mt> for Layout<S, D>
where
    Mt: ComplementRhs<Self>,
{
    type Output = <Mt as ComplementRhs<Self>>::Output;
    type Verdict = <Mt as ComplementRhs<Self>>::Verdict;
}

/// The cotarget's side of [`TryComplement`] (the cotarget is the `Self` type so that
/// type inference waits for it).
pub trait ComplementRhs<A> {
    /// The complement.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

// A cotarget of 0 or below: refused (the complement's last extent would be 0).
impl<A> ComplementRhs<A> for Z0 {
    type Output = Layout<P1, Z0>;
    type Verdict = NonPositiveCotarget;
}

impl<U: Unsigned + NonZero, A> ComplementRhs<A> for NInt<U> {
    type Output = Layout<P1, Z0>;
    type Verdict = NonPositiveCotarget;
}

/// `A`'s flat lists, as [`GapsTo`] takes them.
type FlatOf<S, D> = (
    <S as FlatOnto<D, HNil, HNil>>::Shapes,
    <S as FlatOnto<D, HNil, HNil>>::Strides,
);

impl<Um: Unsigned + NonZero, S: FlatOnto<D, HNil, HNil>, D> ComplementRhs<Layout<S, D>> for PInt<Um>
where
    FlatOf<S, D>: GapsTo<PInt<Um>>,
{
    type Output = <FlatOf<S, D> as GapsTo<PInt<Um>>>::Output;
    type Verdict = <FlatOf<S, D> as GapsTo<PInt<Um>>>::Verdict;
}

// A shape cotarget: every leaf positive, else refused.
impl<S: FlatOnto<D, HNil, HNil>, D> ComplementRhs<Layout<S, D>> for HNil
where
    FlatOf<S, D>: GapsTo<ShapeCotarget<HNil>>,
{
    type Output = <FlatOf<S, D> as GapsTo<ShapeCotarget<HNil>>>::Output;
    type Verdict = <FlatOf<S, D> as GapsTo<ShapeCotarget<HNil>>>::Verdict;
}

impl<H, T, A> ComplementRhs<A> for HCons<H, T>
where
    Self: AllPositive,
    <Self as AllPositive>::Output: PositiveBranch<Self, A>,
{
    type Output = <<Self as AllPositive>::Output as PositiveBranch<Self, A>>::Output;
    type Verdict = <<Self as AllPositive>::Output as PositiveBranch<Self, A>>::Verdict;
}

/// `B1` if every leaf of the integer tuple `Self` is positive.
pub trait AllPositive {
    /// `B1` or `B0`.
    type Output;
}

impl AllPositive for Z0 {
    type Output = B0;
}

impl<U: Unsigned + NonZero> AllPositive for NInt<U> {
    type Output = B0;
}

impl<U: Unsigned + NonZero> AllPositive for PInt<U> {
    type Output = B1;
}

impl AllPositive for HNil {
    type Output = B1;
}

impl<H: AllPositive, T: AllPositive> AllPositive for HCons<H, T>
where
    H::Output: BitAnd<T::Output>,
{
    type Output = And<H::Output, T::Output>;
}

/// Branch of a shape cotarget `M` on "every leaf positive" (`Self`).
pub trait PositiveBranch<M, A> {
    /// The complement.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}

impl<M, A> PositiveBranch<M, A> for B0 {
    type Output = Layout<P1, Z0>;
    type Verdict = NonPositiveCotarget;
}

impl<M, S: FlatOnto<D, HNil, HNil>, D> PositiveBranch<M, Layout<S, D>> for B1
where
    FlatOf<S, D>: GapsTo<ShapeCotarget<M>>,
{
    type Output = <FlatOf<S, D> as GapsTo<ShapeCotarget<M>>>::Output;
    type Verdict = <FlatOf<S, D> as GapsTo<ShapeCotarget<M>>>::Verdict;
}

/// The complement of the flat lists `Self = (FS, FD)` of `A`'s leaves up to
/// `M`: the order, the gaps and their layout, as projections (the
/// static algebra names the complement inside its own type aliases, where
/// each step is normalized in place).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait GapsTo<M> {
    /// The coalesced complement.
    type Output: Parts;
    /// `Pass` or the violated rule.
    type Verdict;
}
/// The order of the flat lists `FS : FD` (`B1`: static).
type PlanOf<FS, FD> = <FS as StaticOrder<FD>>::Output;
/// The gaps' extents.
type GapShape<FS, FD, M> = <PlanOf<FS, FD> as GapPlan<FS, FD, M>>::Shape;
/// Their strides.
type GapStride<FS, FD, M> = <PlanOf<FS, FD> as GapPlan<FS, FD, M>>::Stride;
impl<FS, FD, M> GapsTo<M> for (FS, FD)
where
    FS: StaticOrder<FD>,
    PlanOf<FS, FD>: GapPlan<FS, FD, M>,
    GapShape<FS, FD, M>: GapLayout<GapStride<FS, FD, M>>,
{
    type Output = <GapShape<FS, FD, M> as GapLayout<GapStride<FS, FD, M>>>::Output;
    type Verdict = <PlanOf<FS, FD> as GapPlan<FS, FD, M>>::Verdict;
}

/// `complement(Self, M)` as types, for static and dynamic leaves (see the
/// module): the coalesced complement and the verdict of its static parts.
/// The steps of [`GapsTo`], each bound to a parameter, for the mixed
/// operations, which name it in where-clauses.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ComplementTo<M> {
    /// The coalesced complement.
    type Output: Parts;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
}

// Every intermediate result (the flat lists, the order, the gaps) is
// bound to a parameter of the impl once, so that the where-clauses name no
// nested projection: normalizing nested projections again for each call made
// every `try_complement` type-check for about 17 ms.
impl<S, D, M, FS, FD, K, PS, PD> ComplementTo<M> for Layout<S, D>
where
    S: FlatOnto<D, HNil, HNil, Shapes = FS, Strides = FD>,
    FS: StaticOrder<FD, Output = K>,
    K: GapPlan<FS, FD, M, Shape = PS, Stride = PD>,
    PS: GapLayout<PD>,
{
    type Output = PS::Output;
    type Verdict = K::Verdict;
}

/// [`ComplementTo`]`<M, Output = R, Verdict = V>` as one bound with no
/// projection, for [`try_complement`]: its where-clauses are proven once
/// per call, where projections would normalize them again.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Complements<M, R, V> {}
impl<S, D, M, FS, FD, K, PS, PD, R, V> Complements<M, R, V> for Layout<S, D>
where
    S: FlatOnto<D, HNil, HNil, Shapes = FS, Strides = FD>,
    FS: StaticOrder<FD, Output = K>,
    K: GapPlan<FS, FD, M, Shape = PS, Stride = PD, Verdict = V>,
    PS: GapLayout<PD, Output = R>,
{
}

/// [`ComplementTo`] with its value: the one short function per operand and
/// result type that runs the value code (light bounds only: the types come
/// from [`ComplementTo`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunComplement<M>: ComplementTo<M> {
    /// The complement up to `m`.
    fn complement_to(self, m: i64) -> Result<Self::Output, LayoutError>;
}
impl<S, D, M, R> RunComplement<M> for Layout<S, D>
where
    Self: ComplementTo<M, Output = R> + FlatLayout,
    S: StaticMask,
    D: StaticMask,
    M: IntLeaf,
    R: FlatLayout + Parts,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn complement_to(self, m: i64) -> Result<R, LayoutError> {
        complement_into(self.values(), (S::MASK, D::MASK), M::STATIC.is_some(), m)
    }
}

/// CuTe's `complement(a, cotarget)` for a layout `a` whose leaves mix static
/// integers and `Dyn`, up to a static or dynamic (`Dyn`, `DivBy<N>`) cotarget `M`: with `a`'s
/// modes (filtered) sorted by stride, `E_0 = 1`, `E_(i+1) = s_i·d_i`, the
/// coalesced `(d_0/E_0, .., ⌈M/E_r⌉) : (E_0, .., E_r)`. A leaf is static where
/// CuTe C++ keeps it static; with a dynamic stride the order is found at run
/// time and the result is `r + 1` dynamic modes after the static first stride
/// `_1` (CuTe C++ does not compile that case from two modes on).
///
/// The static rules (a static stride inside or not a multiple of the static
/// extent below it, a negative static stride; with a dynamic stride, a
/// negative static stride on a static extent) are compile errors; the rest is
/// checked at run time: `M ≤ 0` (`NonPositiveShape`), a dynamic stride that is
/// negative, overlapping or not a multiple of the extent below it
/// (`NotComplementable`), a result past `i64` (`Overflow`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let r = try_complement(layout!((2,4):(1,8)), Dyn(64)).unwrap();
/// assert_eq!(format!("{r:#}"), "(_4,2):(_2,_32)"); // as CuTe C++
/// assert_eq!(format!("{:#}", try_complement(layout!(4:1), Dyn(3)).unwrap()), "1:_4");
/// assert!(try_complement(layout!(4:1), Dyn(0)).is_err());
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _8]).unwrap();
/// assert_eq!(format!("{:#}", try_complement(a, Dyn(64)).unwrap()), "(2,4):(4,_16)"); // as CuTe C++
/// let b = Layout::try_new(hlist![_4, _2], hlist![Dyn(2), Dyn(1)]).unwrap();
/// assert_eq!(format!("{:#}", try_complement(b, _24).unwrap()), "(1,1,3):(_1,2,8)");
/// // A cotarget known to be a multiple of 64: the last extent M/32 is a proven multiple of 2.
/// let m = div_by::<64>(192).unwrap();
/// assert_eq!(format!("{:#}", try_complement(layout!((2,4):(1,8)), m).unwrap()), "(_4,6{div=2}):(_2,_32)");
/// ```
///
/// The types are [`complement`]'s computation; the values are computed by
/// code that is not generic (the runtime layer's gap walk), from `a`'s
/// leaves and which of them are static: no constant is evaluated for the
/// intermediate types and the result needs no cleanup code.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_complement<S, D, M, R, V>(a: Layout<S, D>, cotarget: M) -> Result<R, LayoutError>
where
    M: IntLeaf,
    S: StaticMask,
    D: StaticMask,
    R: FlatLayout,
    Layout<S, D>: Complements<M, R, V> + FlatLayout,
    V: Shown<Layout<S, D>, Cotarget<M>>,
    ShownOf<V, Layout<S, D>, Cotarget<M>>: Admissible<ComplementOp>,
{
    complement_into(
        a.values(),
        (S::MASK, D::MASK),
        M::STATIC.is_some(),
        cotarget.value(),
    )
}

/// CuTe's one-argument `complement(a)` for a layout whose leaves mix static
/// integers and `Dyn`: [`try_complement`] up to `cosize(a)`, which is
/// static where every term of it is (a run-time extent on a static stride
/// 0 adds the static 0, as in CuTe C++), dynamic otherwise.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _8]).unwrap();
/// assert_eq!(format!("{:#}", try_complement_default(a).unwrap()), "(2,1):(4,_16)"); // as CuTe C++
/// let b = Layout::try_new(hlist![_4, Dyn(3)], hlist![_1, _0]).unwrap();
/// assert_eq!(format!("{:#}", try_complement_default(b).unwrap()), "_1:_0"); // as CuTe C++
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_complement_default<S, D, R, V>(a: Layout<S, D>) -> Result<R, LayoutError>
where
    Layout<S, D>: Cosize,
    S: StaticMask,
    D: StaticMask,
    R: FlatLayout,
    Layout<S, D>: Complements<CosizeOut<Layout<S, D>>, R, V> + FlatLayout,
    V: Shown<Layout<S, D>, Cotarget<CosizeOut<Layout<S, D>>>>,
    ShownOf<V, Layout<S, D>, Cotarget<CosizeOut<Layout<S, D>>>>: Admissible<ComplementDefaultOp>,
{
    let m = a.cosize();
    complement_into(
        a.values(),
        (S::MASK, D::MASK),
        <CosizeOut<Layout<S, D>> as IntLeaf>::STATIC.is_some(),
        m.value(),
    )
}

crate::typelevel::check::front_door::front_door_unary!(
    r#"`complement(a, cosize(a))`: CuTe C++'s one-argument `complement(a)`.

```
use layout_algebra::typelevel::*;
let c: ComplementDefaultOut<Layout![(2,2):(1,6)]> = complement_default(layout!((2,2):(1,6)));
assert_eq!(c.to_string(), "3:2");
```"#,
    ComplementDefault,
    ComplementDefaultOut,
    complement_default,
    Admissible<ComplementDefaultOp>,
    TryComplementDefault,
    shown as Cotarget<crate::typelevel::check::readable::OwnCosize>
);

impl<S, D> TryComplementDefault for Layout<S, D>
where
    Self: StaticCosize,
    <Self as StaticCosize>::Output: ComplementRhs<Self>,
{
    type Output = <<Self as StaticCosize>::Output as ComplementRhs<Self>>::Output;
    type Verdict = <<Self as StaticCosize>::Output as ComplementRhs<Self>>::Verdict;
}
