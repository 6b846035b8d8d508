//! Verdicts: the outcome of an algebra operation's admissibility checks, as a type.
//!
//! Every operation computes its result *and* a verdict with total operators, so
//! that a violated rule never leaves a helper trait unimplemented (which would
//! produce an unreadable error deep inside typenum). The public front door then
//! requires the verdict to be [`Admissible`](crate::typelevel::check::rules::Admissible),
//! which only [`Pass`] is; a failing verdict carries the numbers that broke the
//! rule, and the error message shows them.
//!
//! ```
//! use layout_algebra::typelevel::check::*;
//! use typenum::consts::*;
//! let _: Then<Pass, StrideDivisibility<U4, U3>> = StrideDivisibility::default();
//! let _: Then<RankMismatch, StrideDivisibility<U4, U3>> = RankMismatch;
//! assert_eq!(<StrideDivisibility<U4, U3> as Kind>::NAME, "stride_divisibility");
//! ```

use core::marker::PhantomData;

/// All checks passed.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::check::Pass;
/// let _: Pass = ComplementVerdict::<Layout![4:2], _24>::default();
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Pass;

/// Composition: B's stride `D` and the size `P` of the first modes of A it crosses do not divide each other.
#[derive(Debug, Default)]
pub struct StrideDivisibility<P, D>(PhantomData<(P, D)>);

/// Composition: B's shape `S` is not a multiple of the `P` elements of A's first modes it spans.
#[derive(Debug, Default)]
pub struct ShapeDivisibility<P, S>(PhantomData<(P, S)>);

/// Complement: a mode of stride `X` starts inside the previous modes' extent `E` (`X < E`).
#[derive(Debug, Default)]
pub struct StartsInside<X, E>(PhantomData<(X, E)>);

/// Complement: a mode of stride `X` is not a multiple of the previous modes' extent `E`.
#[derive(Debug, Default)]
pub struct NotComplementable<X, E>(PhantomData<(X, E)>);

/// A negative stride where the operation needs non-negative ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeStride;

/// Composition: B's modes are not provably composable one by one (left distributivity).
#[derive(Clone, Copy, Debug, Default)]
pub struct Distributivity;

/// Left inverse: a stride is negative, so its offsets are not indices.
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeOffsets;

/// Left inverse: the sorted stride `X` does not divide the next larger stride `N`.
#[derive(Debug, Default)]
pub struct LeftInverseDivisibility<X, N>(PhantomData<(X, N)>);

/// Left inverse: a mode's extent `E` passes the next stride `N` (not injective).
#[derive(Debug, Default)]
pub struct LeftInverseOverlap<N, E>(PhantomData<(N, E)>);

/// Bijection: sorted by stride, a mode of stride `X` follows modes covering `[0, P)` (`X ≠ P`).
#[derive(Debug, Default)]
pub struct NotBijective<X, P>(PhantomData<(X, P)>);

/// Bijection: a mode of extent `S` has stride 0 (its coordinates share an offset).
#[derive(Debug, Default)]
pub struct BroadcastMode<S>(PhantomData<S>);

/// Bijection: a negative stride (its offsets fall below 0).
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeCover;

/// Complement: the cotarget is zero or negative.
#[derive(Clone, Copy, Debug, Default)]
pub struct NonPositiveCotarget;

/// `ceil_div`: a divisor of 0 or below.
#[derive(Clone, Copy, Debug, Default)]
pub struct NonPositiveDivisor;

/// `shape_div`: a zero dividend or divisor.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroOperand;

/// `shape_div`: of the integers `X` and `D` divided, neither divides the other.
#[derive(Debug, Default)]
pub struct Indivisible<X, D>(PhantomData<(X, D)>);

/// Composition: a scaled-basis stride `v@i..` of `B` names no mode `i..` of `A`.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasisModeMissing;

/// A layout with scaled-basis strides and run-time leaves where its basis
/// strides would need run-time scales (a run-time tiler entry, a nested mode
/// with a run-time leaf, a composition by a layout).
#[derive(Clone, Copy, Debug, Default)]
pub struct RunTimeBasis;

/// Recasting: a factor or element width of 0 or below.
#[derive(Clone, Copy, Debug, Default)]
pub struct NonPositiveFactor;

/// Upcast: the stride `D` and the factor `N` do not divide each other.
#[derive(Debug, Default)]
pub struct RecastDivisibility<D, N>(PhantomData<(D, N)>);

/// Downcast: no leaf has stride 1 (CuTe: "Downcast requires adjacent elements").
#[derive(Clone, Copy, Debug, Default)]
pub struct NotAdjacent;

/// The second operand is neither an integer nor congruent with the shape: the
/// order of `make_ordered_layout`, the index of `idx2crd`.
#[derive(Clone, Copy, Debug, Default)]
pub struct NotCongruent;

/// `tile_to_shape`: the block has rank `A`, above the target shape's rank `T`.
#[derive(Debug, Default)]
pub struct BlockRankMismatch<A, T>(PhantomData<(A, T)>);

/// `tile_to_shape`: a block mode of size `A` does not divide the target mode's size `T`.
#[derive(Debug, Default)]
pub struct TileDivisibility<A, T>(PhantomData<(A, T)>);

/// `idx2crd`: a nonzero index into the empty shape `()`, whose only coordinate is index 0.
#[derive(Debug, Default)]
pub struct EmptyShapeIndex<I>(PhantomData<I>);

/// `evenly_divides`: a divided extent `S` (a static extent, a `Dyn` or a `DivBy<N>`) is not
/// proven a multiple of the extent `E` that its tile with the tile's gaps fills.
#[derive(Debug, Default)]
pub struct NotEvenlyDivided<S, E>(PhantomData<(S, E)>);

/// A product whose right operand is an integer: the products take a layout or a tile.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntegerOperand;

/// A tiler with more modes than the layout, or tuples of different ranks in `crd2crd`.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankMismatch;

/// A result whose size or cosize does not fit `i64` (it exceeds `i64::MAX`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Overflow;

/// A zero leaf in the stride of the 3-argument `idx2crd`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroStride;

/// The first failing verdict of two checks made in order.
pub trait First<V> {
    /// `Self` if it failed, else `V`.
    type Output;
}

/// The first failing verdict of `A` then `B`.
pub type Then<A, B> = <A as First<B>>::Output;

impl<V> First<V> for Pass {
    type Output = V;
}

/// `Pass` if the bit `Self` is `B1`, else the verdict `V` (a check's outcome).
pub trait Holds<V> {
    /// `Pass` or `V`.
    type Verdict;
}

impl<V> Holds<V> for typenum::B1 {
    type Verdict = Pass;
}

impl<V> Holds<V> for typenum::B0 {
    type Verdict = V;
}

/// The name of a verdict, as the runtime layer's `ErrorKind::name()` spells the rule.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::check::Kind;
/// type A = Layout![(4,6,8):(2,3,5)];
/// // composition(A, 6:3) is refused: 3 and the prefix size 4 do not divide each other.
/// assert_eq!(<ComposeVerdict<A, Layout![6:3]> as Kind>::NAME, "stride_divisibility");
/// assert_eq!(<ComposeVerdict<A, Layout![4:1]> as Kind>::NAME, "pass");
/// // The same operands at run time fail with the same rule.
/// let e = layout_algebra::runtime::composition(&A::default().to_dynamic(), &"6:3".parse::<layout_algebra::runtime::Layout>().unwrap()).unwrap_err();
/// assert_eq!(e.kind().name(), "stride_divisibility");
/// ```
pub trait Kind {
    /// `"pass"` or the rule's snake_case name.
    const NAME: &'static str;
}

impl Kind for Pass {
    const NAME: &'static str = "pass";
}

macro_rules! failed {
    ($($f:ident<$($p:ident),*> $name:literal;)*) => {$(
        impl<V $(, $p)*> First<V> for $f<$($p),*> {
            type Output = Self;
        }
        impl<$($p),*> Kind for $f<$($p),*> {
            const NAME: &'static str = $name;
        }
    )*};
}
failed! {
    StrideDivisibility<P, D> "stride_divisibility";
    ShapeDivisibility<P, S> "shape_divisibility";
    StartsInside<X, E> "not_complementable";
    NotComplementable<X, E> "not_complementable";
    NegativeStride<> "not_complementable";
    RankMismatch<> "rank_mismatch";
    IntegerOperand<> "invalid_argument";
    Distributivity<> "distributivity";
    NonPositiveCotarget<> "non_positive_shape";
    NonPositiveDivisor<> "non_positive_shape";
    ZeroOperand<> "non_positive_shape";
    BasisModeMissing<> "out_of_bounds";
    RunTimeBasis<> "invalid_argument";
    Indivisible<X, D> "divisibility";
    NegativeOffsets<> "invalid_argument";
    LeftInverseDivisibility<X, N> "divisibility";
    LeftInverseOverlap<N, E> "divisibility";
    Overflow<> "overflow";
    ZeroStride<> "invalid_argument";
    NotBijective<X, P> "not_bijective";
    BroadcastMode<S> "not_bijective";
    NegativeCover<> "not_bijective";
    NonPositiveFactor<> "invalid_argument";
    RecastDivisibility<D, N> "divisibility";
    NotAdjacent<> "divisibility";
    NotCongruent<> "not_congruent";
    EmptyShapeIndex<I> "out_of_bounds";
    BlockRankMismatch<A, T> "rank_mismatch";
    TileDivisibility<A, T> "divisibility";
    NotEvenlyDivided<S, E> "divisibility";
}
