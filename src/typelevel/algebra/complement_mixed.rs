//! `complement(A, M)` of a layout `A` whose leaves mix static integers and
//! `Dyn`, up to a static or dynamic cotarget `M`, decided from the static
//! parts as CuTe C++ decides it with `int` leaves.
//!
//! `A` is first filtered ([`filter`](super::filter::filter): static stride-0
//! and static extent-1 modes go away, static runs coalesce), which changes no
//! gap. With its flat modes `s_i:d_i` sorted by stride, `E_0 = 1` and
//! `E_(i+1) = s_i·d_i`, the complement is `(d_0/E_0, .., d_(r-1)/E_(r-1), ⌈M/E_r⌉)
//! : (E_0, .., E_r)`, coalesced as CuTe C++ coalesces dynamic leaves:
//! - every stride static: the order is static (CuTe C++'s); a gap `d_i/E_i`
//!   and a stride `E_i` are static where `E_i` is (the previous extent static),
//!   and the static checks (a stride inside the extent below it: not
//!   injective; not a multiple of it: not complementable; a negative stride)
//!   are compile errors. A dynamic extent is a mode whatever its value.
//! - a dynamic stride: the order is known at run time only (CuTe C++ does not
//!   compile this case for two modes or more). The result is `r + 1` dynamic
//!   modes with the static first stride `_1`; the modes the runtime layer
//!   drops (extent 1, stride 0) become leading `1:1` modes, so the function
//!   is the runtime layer's.
//!
//! What depends on dynamic values is checked once at run time, with the
//! runtime layer's kinds: `NonPositiveShape` (`M ≤ 0`), `NotComplementable`
//! (a negative, overlapping or non-dividing dynamic stride), `Overflow`.

use frunk_core::hlist::{HCons, HNil};
use smallvec::SmallVec;
use typenum::{IsLessOrEqual, LeEq, NInt, NonZero, PInt, Prod, UInt, UTerm, Unsigned};
use typenum::{B0, B1};
use typenum::{P1, U1, Z0};

use super::arith::{CeilDiv, CeilQ, DivRem, QuotOf, RemOf};
use super::coalesce::{CoalesceAny, CoalesceRun, FlatLists, SplitModeList as Unzip};
use super::complement::Neg;
use super::filter::ZeroExtents;
use super::mixed_divide::Quotient;
use super::mixed_values::{
    fault, leaf_values, merged, FlatLayout, FlatLeaves, LayoutStatics, LeafValues, Values,
};
use super::modes::{InsertByStride, Mode, StaticValue};
use crate::runtime::sort::sort_by;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::readable::Cotarget;
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{
    First, Holds, NegativeStride, NotComplementable, Pass, StartsInside, Then,
};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf};
use crate::typelevel::Layout;

/// `B1` when every stride of the flat list is static.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticStrides {
    /// `B1` or `B0`.
    type Output;
}
impl StaticStrides for HNil {
    type Output = B1;
}
macro_rules! stride_class {
    ($out:ty: $([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)* T: StaticStrides> StaticStrides for HCons<$T, T>
        where
            $out: core::ops::BitAnd<T::Output>,
        {
            type Output = typenum::And<$out, T::Output>;
        }
    )*};
}
stride_class!(B1: [U: Unsigned + NonZero,] PInt<U>, [U: Unsigned + NonZero,] NInt<U>, [] Z0);
stride_class!(B0: [] Dyn, [N,] DivBy<N>);

/// The flat modes `Self` (shapes) with static strides `D`, sorted by stride as
/// `Mode<s, X>` (`X` unsigned), `Neg` at the head for a negative stride;
/// stride-0 and static extent-1 modes left out.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SortModes<D> {
    /// The sorted list.
    type Output;
}
impl SortModes<HNil> for HNil {
    type Output = HNil;
}
impl<SH, ST: SortModes<DT>, DH, DT> SortModes<HCons<DH, DT>> for HCons<SH, ST>
where
    DH: AdmitMode<SH, ST::Output>,
{
    type Output = <DH as AdmitMode<SH, ST::Output>>::Output;
}
/// Inserts the mode `S:Self` into the sorted list `L` (see [`SortModes`]).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait AdmitMode<S, L> {
    /// The list.
    type Output;
}
impl<S, L> AdmitMode<S, L> for Z0 {
    type Output = L;
}
impl<S, U: Unsigned + NonZero, L> AdmitMode<S, L> for NInt<U> {
    type Output = HCons<Neg, L>;
}
impl<X: Unsigned + NonZero, L> AdmitMode<P1, L> for PInt<X> {
    type Output = L;
}
macro_rules! admit {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* X: Unsigned + NonZero, L: InsertByStride<Mode<$S, X>, X>> AdmitMode<$S, L> for PInt<X> {
            type Output = <L as InsertByStride<Mode<$S, X>, X>>::Output;
        }
    )*};
}
admit!([U: Unsigned, B: typenum::Bit, C: typenum::Bit,] PInt<UInt<UInt<U, B>, C>>, [] Dyn, [N,] DivBy<N>);

/// `E_(i+1) = s_i·X_i`: static when the extent `Self` is.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NextExtent<X> {
    /// `PInt` or `Dyn`.
    type Output;
}
impl<U: Unsigned + NonZero + core::ops::Mul<X>, X> NextExtent<X> for PInt<U>
where
    Prod<U, X>: Unsigned + NonZero,
{
    type Output = PInt<Prod<U, X>>;
}
impl<X> NextExtent<X> for Dyn {
    type Output = Dyn;
}
impl<N, X> NextExtent<X> for DivBy<N> {
    type Output = Dyn;
}

/// `⌈M/E⌉` for the cotarget `Self`: static when `M` and `E` are, a
/// `DivBy<N/E>` when `M` is a `DivBy<N>` and `E` a static divisor of `N`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait LastExtent<E> {
    /// `PInt` or `Dyn`.
    type Output;
}
impl<E> LastExtent<E> for Dyn {
    type Output = Dyn;
}
impl<M: Unsigned + NonZero> LastExtent<Dyn> for PInt<M> {
    type Output = Dyn;
}
impl<N: Unsigned + NonZero> LastExtent<Dyn> for DivBy<N> {
    type Output = Dyn;
}
// A `DivBy<N>` cotarget over a static extent `E`: `M/E` exactly, a
// `DivBy<N/E>`, when `E | N` (proven: no check at run time); else `⌈M/E⌉`.
impl<N: Unsigned + NonZero + core::ops::Rem<E>, E: Unsigned + NonZero> LastExtent<PInt<E>>
    for DivBy<N>
where
    typenum::Mod<N, E>: Quotient<N, E>,
{
    type Output = <typenum::Mod<N, E> as Quotient<N, E>>::Rest;
}
impl<M: Unsigned + NonZero + CeilDiv<E>, E: Unsigned + NonZero> LastExtent<PInt<E>> for PInt<M>
where
    CeilQ<M, E>: Unsigned + NonZero,
{
    type Output = PInt<CeilQ<M, E>>;
}

/// The gaps of the sorted modes `Self` above the extent `E` (a `PInt` or
/// `Dyn`) up to the cotarget `M`: shapes, strides and the static verdict.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait MixedGaps<E, M> {
    /// The gap extents, then the last extent.
    type Shape;
    /// `E_0, .., E_r`.
    type Stride;
    /// `Pass` or the violated rule.
    type Verdict;
}
impl<E, M: LastExtent<E>> MixedGaps<E, M> for HNil {
    type Shape = HCons<M::Output, HNil>;
    type Stride = HCons<E, HNil>;
    type Verdict = Pass;
}
/// The result of a refused complement (never computed).
type Refused = HCons<P1, HNil>;
impl<E, M, T> MixedGaps<E, M> for HCons<Neg, T> {
    type Shape = Refused;
    type Stride = Refused;
    type Verdict = NegativeStride;
}
impl<S, X, T, M> MixedGaps<Dyn, M> for HCons<Mode<S, X>, T>
where
    S: NextExtent<X>,
    T: MixedGaps<S::Output, M>,
{
    type Shape = HCons<Dyn, T::Shape>;
    type Stride = HCons<Dyn, T::Stride>;
    type Verdict = T::Verdict;
}
impl<S, X: DivRem<E>, T, M, E: Unsigned + NonZero> MixedGaps<PInt<E>, M> for HCons<Mode<S, X>, T>
where
    (QuotOf<X, E>, RemOf<X, E>): StaticGap<E, M, S, X, T>,
{
    type Shape = <(QuotOf<X, E>, RemOf<X, E>) as StaticGap<E, M, S, X, T>>::Shape;
    type Stride = <(QuotOf<X, E>, RemOf<X, E>) as StaticGap<E, M, S, X, T>>::Stride;
    type Verdict = <(QuotOf<X, E>, RemOf<X, E>) as StaticGap<E, M, S, X, T>>::Verdict;
}
/// A gap above a static extent `E`, by the quotient and remainder `Self` of
/// `X/E`: a quotient 0 (`X < E`) overlaps, a remainder refuses (`E ∤ X`),
/// else the gap `X/E : E`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait StaticGap<E, M, S, X, T> {
    /// See [`MixedGaps`].
    type Shape;
    /// See [`MixedGaps`].
    type Stride;
    /// See [`MixedGaps`].
    type Verdict;
}
impl<E, M, S, X, T, R> StaticGap<E, M, S, X, T> for (UTerm, R) {
    type Shape = Refused;
    type Stride = Refused;
    type Verdict = StartsInside<X, E>;
}
impl<E, M, S, X, T, U, B, V, C> StaticGap<E, M, S, X, T> for (UInt<U, B>, UInt<V, C>) {
    type Shape = Refused;
    type Stride = Refused;
    type Verdict = NotComplementable<X, E>;
}
impl<E: Unsigned + NonZero, M, S, X, T, U: Unsigned, B: typenum::Bit> StaticGap<E, M, S, X, T>
    for (UInt<U, B>, UTerm)
where
    S: NextExtent<X>,
    T: MixedGaps<S::Output, M>,
{
    type Shape = HCons<PInt<UInt<U, B>>, T::Shape>;
    type Stride = HCons<PInt<E>, T::Stride>;
    type Verdict = T::Verdict;
}

/// A list of `Dyn`, one per element of `Self`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Dyns {
    /// The list.
    type Output;
}
impl Dyns for HNil {
    type Output = HNil;
}
impl<H, T: Dyns> Dyns for HCons<H, T> {
    type Output = HCons<Dyn, T::Output>;
}

/// The complement's modes before coalescing, chosen by [`StaticStrides`]
/// (`Self`): the static order (`B1`) or the run-time order (`B0`).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Plan<S, D, M> {
    /// The shapes.
    type Shape;
    /// The strides.
    type Stride;
    /// `Pass` or the violated rule.
    type Verdict;
    /// Whether the order is static.
    const STATIC_ORDER: bool;
}
impl<S: SortModes<D>, D, M> Plan<S, D, M> for B1
where
    S::Output: MixedGaps<PInt<U1>, M>,
{
    type Shape = <S::Output as MixedGaps<PInt<U1>, M>>::Shape;
    type Stride = <S::Output as MixedGaps<PInt<U1>, M>>::Stride;
    type Verdict = <S::Output as MixedGaps<PInt<U1>, M>>::Verdict;
    const STATIC_ORDER: bool = true;
}
impl<S: Dyns + StaticNegative<D>, D, M> Plan<S, D, M> for B0 {
    type Shape = HCons<Dyn, S::Output>;
    type Stride = HCons<P1, S::Output>;
    type Verdict = <S as StaticNegative<D>>::Verdict;
    const STATIC_ORDER: bool = false;
}

/// `NegativeStride` when one of the flat modes `Self` (extents) : `D`
/// (strides) has a static negative stride on a static extent above 1, else
/// `Pass`: in the run-time order too, such a mode has no complement whatever
/// the dynamic leaves are (the runtime layer's `NotComplementable`, decided
/// from the static parts).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait StaticNegative<D> {
    /// The verdict.
    type Verdict;
}
impl StaticNegative<HNil> for HNil {
    type Verdict = Pass;
}
impl<S, T: StaticNegative<DT>, D: NegativeOn<S, NegativeStride>, DT> StaticNegative<HCons<D, DT>>
    for HCons<S, T>
where
    D::Verdict: First<T::Verdict>,
{
    type Verdict = Then<D::Verdict, T::Verdict>;
}
/// `V` for a static negative stride `Self` on a static extent `S` above 1,
/// else `Pass`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait NegativeOn<S, V> {
    /// The verdict.
    type Verdict;
}
impl<U: Unsigned + NonZero, W: Unsigned + NonZero + IsLessOrEqual<U1>, V> NegativeOn<PInt<W>, V>
    for NInt<U>
where
    LeEq<W, U1>: Holds<V>,
{
    type Verdict = <LeEq<W, U1> as Holds<V>>::Verdict;
}
macro_rules! not_negative {
    ($([$($g:tt)*] $D:ty, $S:ty),*) => {$(
        impl<V, $($g)*> NegativeOn<$S, V> for $D {
            type Verdict = Pass;
        }
    )*};
}
not_negative!([U: Unsigned + NonZero] NInt<U>, Dyn, [U: Unsigned + NonZero, N] NInt<U>, DivBy<N>,
    [S, U: Unsigned + NonZero] PInt<U>, S, [S] Z0, S, [S] Dyn, S, [S, N] DivBy<N>, S);

/// A result leaf made from its computed value.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait FillLeaf: Copy {
    /// The leaf (`None` for a value it cannot hold).
    fn fill_leaf(v: i64) -> Option<Self>
    where
        Self: Sized;
}
impl FillLeaf for Dyn {
    fn fill_leaf(v: i64) -> Option<Self> {
        Some(Dyn(v))
    }
}
impl<U: Unsigned + NonZero> FillLeaf for PInt<U>
where
    Self: StaticValue,
{
    fn fill_leaf(_: i64) -> Option<Self> {
        Some(StaticValue::VALUE)
    }
}
impl<U: Unsigned + NonZero> FillLeaf for NInt<U>
where
    Self: StaticValue,
{
    fn fill_leaf(_: i64) -> Option<Self> {
        Some(StaticValue::VALUE)
    }
}
impl FillLeaf for Z0 {
    fn fill_leaf(_: i64) -> Option<Self> {
        Some(Z0)
    }
}
impl<N: Unsigned + NonZero> FillLeaf for DivBy<N> {
    fn fill_leaf(v: i64) -> Option<Self> {
        DivBy::new(v).ok()
    }
}
/// `complement(Self, M)` for a layout with dynamic leaves (see the module).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait MixedComplement<M> {
    /// The coalesced complement.
    type Output;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
    /// The complement up to `m`.
    fn complement_to(self, m: i64) -> Result<Self::Output, LayoutError>;
}

// Every intermediate result (the filtered layout, its flat lists, the plan)
// is bound to a parameter of the impl once, so that the where-clauses name no
// nested projection: normalizing nested projections again for each call made
// every `try_complement` type-check for about 17 ms. `try_complement` itself
// does not go through this impl (see there). The values are computed by
// [`complement_glue`].
impl<S, D, M, Z, F, FS, FD, K, PS, PD, R> MixedComplement<M> for Layout<S, D>
where
    S: ZeroExtents<D, Output = Z>,
    Layout<S, D>: FlatLayout,
    Layout<Z, D>: CoalesceAny<Output = F>,
    F: FlatLists<Shapes = FS, Strides = FD>,
    FS: FlatLeaves,
    FD: FlatLeaves + StaticStrides<Output = K>,
    K: Plan<FS, FD, M, Shape = PS, Stride = PD>,
    PS: FlatLeaves,
    PD: FlatLeaves,
    Layout<PS, PD>: CoalesceAny<Output = R>,
    R: FlatLayout,
{
    type Output = R;
    type Verdict = K::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn complement_to(self, m: i64) -> Result<R, LayoutError> {
        complement_glue::<S, D, FS, FD, PS, PD, R>(self, m, K::STATIC_ORDER)
    }
}

/// The gap modes `Self` (extents) : `D` (strides) coalesced: the modes of a
/// static extent 1 left out. No two others merge: a static gap `X_j/E_j :
/// E_j` and the next static one `X_k/E_k : E_k` with only static extents 1
/// between them have `E_k = s_(k-1)·X_(k-1) ≥ 2·X_j` (every static extent of
/// `filter(A)` is at least 2, the strides increase), never `X_j`; a gap with
/// a dynamic leaf stays (as [`CoalesceAny`] keeps it).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait KeptGaps<D> {
    /// The extents kept.
    type Shapes;
    /// Their strides.
    type Strides;
}
impl KeptGaps<HNil> for HNil {
    type Shapes = HNil;
    type Strides = HNil;
}
impl<T: KeptGaps<DT>, DH, DT> KeptGaps<HCons<DH, DT>> for HCons<PInt<UInt<UTerm, B1>>, T> {
    type Shapes = T::Shapes;
    type Strides = T::Strides;
}
macro_rules! kept_gap {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* T: KeptGaps<DT>, DH, DT> KeptGaps<HCons<DH, DT>> for HCons<$S, T> {
            type Shapes = HCons<$S, T::Shapes>;
            type Strides = HCons<DH, T::Strides>;
        }
    )*};
}
kept_gap!([U: Unsigned, B: typenum::Bit, C: typenum::Bit,] PInt<UInt<UInt<U, B>, C>>, [] Dyn, [N,] DivBy<N>);

/// The modes `Self` (extents) : `D` (strides) as one layout: `1:0` for none,
/// the mode for one, the tuple otherwise (as [`CoalesceAny`] assembles them).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait GapLayout<D> {
    /// The layout.
    type Output;
}
impl GapLayout<HNil> for HNil {
    type Output = Layout<P1, Z0>;
}
impl<S, D> GapLayout<HCons<D, HNil>> for HCons<S, HNil> {
    type Output = Layout<S, D>;
}
impl<S, S2, T, D, D2, DT> GapLayout<HCons<D, HCons<D2, DT>>> for HCons<S, HCons<S2, T>> {
    type Output = Layout<Self, HCons<D, HCons<D2, DT>>>;
}

/// Which leaves of a leaf or tuple (nested or not) are static, as bits in
/// order (a constant per type, cheaper to evaluate than the leaves' values:
/// the value code reads a static leaf's value from the leaf).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait StaticMask {
    /// The number of leaves.
    const LEN: u32;
    /// Bit `i` set where leaf `i` is static.
    const MASK: u64;
}
impl<L: IntLeaf> StaticMask for L {
    const LEN: u32 = 1;
    const MASK: u64 = L::STATIC.is_some() as u64;
}
impl StaticMask for HNil {
    const LEN: u32 = 0;
    const MASK: u64 = 0;
}
impl<H: StaticMask, T: StaticMask> StaticMask for HCons<H, T> {
    const LEN: u32 = H::LEN + T::LEN;
    const MASK: u64 = {
        assert!(
            H::LEN + T::LEN <= u64::BITS,
            "a mixed operation takes tuples of at most 64 leaves"
        );
        // `T::MASK` is 0 when `H` has all 64 leaves.
        if H::LEN < u64::BITS {
            H::MASK | T::MASK << H::LEN
        } else {
            H::MASK
        }
    };
}

/// `complement(A, m)` on values for a layout `A` with dynamic leaves (see the
/// module), from `A`'s flat leaves `s:d` and which of them are static (the
/// [`StaticMask`]s `a`) alone: which leaves of `filter(A)` and of the gaps
/// are static is worked out here as the types work it out (`m_static`:
/// whether the cotarget is). The result is the flat extents and strides of
/// the coalesced complement: the gap modes less those of a static extent 1
/// ([`KeptGaps`]), `1:0` if none is left.
fn complement_of(
    (s, d): (LeafValues, LeafValues),
    a: (u64, u64),
    m_static: bool,
    m: i64,
) -> Result<Modes, LayoutError> {
    let (fs, fd, fixed) = filtered(&s, &d, a);
    let static_order = fixed.iter().all(|f| f.1);
    let (shapes, strides) = gap_values(&fs, &fd, static_order, m)?;
    if fault(&shapes, &strides) {
        return Err(complement_overflow(m));
    }
    let fixed_gaps = static_gaps(&fd, &fixed, static_order, m_static);
    let mut out = Modes {
        len: 0,
        shapes: [0; MAX_MODES],
        strides: [0; MAX_MODES],
    };
    for ((&x, &y), fixed) in shapes
        .iter()
        .zip(&strides)
        .zip(fixed_gaps.iter().chain(core::iter::repeat(&false)))
    {
        if !(*fixed && x == 1) {
            // The modes are at most one per leaf of `A` and one more.
            out.shapes[out.len] = x;
            out.strides[out.len] = y;
            out.len += 1;
        }
    }
    if out.len == 0 {
        (out.shapes[0], out.strides[0], out.len) = (1, 0, 1);
    }
    Ok(out)
}

/// The most modes of a mixed complement: one per leaf of `A` (at most 64, see
/// [`StaticMask`]) and the last.
const MAX_MODES: usize = 65;

/// A complement's flat modes, in a value with no drop glue (so that the
/// generic caller that places them has no cleanup code).
#[derive(Clone, Copy)]
struct Modes {
    len: usize,
    shapes: [i64; MAX_MODES],
    strides: [i64; MAX_MODES],
}

/// The flat modes of `filter(A)` from `A`'s flat leaves `s:d` and their
/// [`StaticMask`]s: a static stride 0 makes the extent a static 1, a static
/// extent 1 goes away, a mode with a dynamic leaf stays as it is and the
/// runs of static modes between them coalesce (`s_0:d_0` and `s_1:d_1` merge
/// when `d_1 = s_0·d_0`, as the static algebra's `coalesce`). Also whether
/// each mode's extent and stride are static.
#[allow(clippy::type_complexity)]
fn filtered(
    s: &[i64],
    d: &[i64],
    (ss, ds): (u64, u64),
) -> (Values, Values, SmallVec<[(bool, bool); 8]>) {
    let (mut fs, mut fd) = (Values::new(), Values::new());
    let mut fixed: SmallVec<[(bool, bool); 8]> = SmallVec::new();
    let mut run = 0; // where the run of static modes starts
    for (i, (&s, &d)) in s.iter().zip(d).enumerate() {
        let (s_fixed, d_fixed) = (ss >> i & 1 == 1, ds >> i & 1 == 1);
        let (s, s_fixed) = if d_fixed && d == 0 {
            (1, true)
        } else {
            (s, s_fixed)
        };
        if s_fixed && s == 1 {
            continue;
        }
        let fixed_mode = s_fixed && d_fixed;
        if fixed_mode && fs.len() > run {
            let last = fs.len() - 1;
            if fs[last].checked_mul(fd[last]) == Some(d) {
                fs[last] *= s;
                continue;
            }
        }
        fs.push(s);
        fd.push(d);
        fixed.push((s_fixed, d_fixed));
        if !fixed_mode {
            run = fs.len();
        }
    }
    (fs, fd, fixed)
}

/// Which of the gap modes of [`gap_values`] have a static extent (and
/// stride), from the flat modes' strides `d` and whether their extents and
/// strides are static: in the static order a gap above a static extent
/// `E_i` (`E_0 = 1`, `E_(i+1) = s_i·d_i` is static where `s_i` is), the last
/// one when the cotarget is static too; in the run-time order none.
fn static_gaps(
    d: &[i64],
    fixed: &[(bool, bool)],
    static_order: bool,
    m_static: bool,
) -> SmallVec<[bool; 8]> {
    if !static_order {
        return SmallVec::new();
    }
    let mut modes: SmallVec<[(i64, bool); 8]> = d
        .iter()
        .zip(fixed)
        .filter(|&(&d, _)| d != 0)
        .map(|(&d, f)| (d, f.0))
        .collect();
    sort_by(&mut modes, |x, y| x.0 < y.0);
    let mut gaps: SmallVec<[bool; 8]> = SmallVec::new();
    let mut extent = true;
    for &(_, s) in &modes {
        gaps.push(extent);
        extent = s;
    }
    gaps.push(extent && m_static);
    gaps
}

/// The glue of a mixed complement to the non-generic [`complement_values`]:
/// `a`'s leaves and the static values of the filtered layout's flat lists
/// `FS`, `FD`, of the gap modes `PS`, `PD` and of the result `R` in, the
/// result's leaves placed out. A generic function, not a trait, so that its
/// callers' where-clauses name the types once.
pub(super) fn complement_glue<S, D, FS, FD, PS, PD, R>(
    a: Layout<S, D>,
    m: i64,
    static_order: bool,
) -> Result<R, LayoutError>
where
    Layout<S, D>: FlatLayout,
    FS: FlatLeaves,
    FD: FlatLeaves,
    PS: FlatLeaves,
    PD: FlatLeaves,
    R: FlatLayout,
{
    let types = ComplementStatics {
        a: <Layout<S, D>>::STATICS,
        filtered: (&FS::STATICS, &FD::STATICS),
        gaps: (&PS::STATICS, &PD::STATICS),
        result: R::STATICS,
        static_order,
    };
    match complement_values(a.values(), types, m) {
        Ok((s, d)) => match R::place(&s, &d) {
            Some(r) => Ok(r),
            None => Err(complement_overflow(m)),
        },
        Err(e) => Err(e),
    }
}

/// The static values of a mixed complement's types (see [`complement_values`]).
struct ComplementStatics {
    /// `A`'s extents and strides.
    a: LayoutStatics,
    /// The flat shapes and strides of `filter(A)`.
    filtered: LayoutStatics,
    /// The gap modes' shapes and strides, before coalescing.
    gaps: LayoutStatics,
    /// The coalesced result's extents and strides.
    result: LayoutStatics,
    /// Whether every stride is static (the modes' order is).
    static_order: bool,
}

/// The error of a complement past `i64`.
fn complement_overflow(m: i64) -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        "complement",
        alloc::format!("the cosize of the complement up to {m} exceeds i64"),
    )
}

/// `complement(A, m)` on values: `A`'s flat leaves `s:d` and the static values
/// of the types. `filter(A)` keeps `A`'s modes with a dynamic leaf in order
/// (a static stride 0 making its extent a static 1, a static extent 1 going
/// away) and its static modes are the types' values; the gaps are
/// [`gap_values`], checked as a layout (`size` and `cosize` within `i64`);
/// coalescing keeps the gap modes with a dynamic leaf, except a static extent
/// 1, and merges the static ones into the result's static modes. The result is
/// the flat extents and strides of the result.
fn complement_values(
    (s, d): (LeafValues, LeafValues),
    types: ComplementStatics,
    m: i64,
) -> Result<(LeafValues, LeafValues), LayoutError> {
    let (ss, ds) = (types.a.0.get(), types.a.1.get());
    let kept = s
        .iter()
        .zip(d.iter())
        .zip(ss.iter().zip(ds))
        .filter_map(|((&s, &d), (ss, ds))| {
            let zero = *ds == Some(0);
            let fixed = ss.is_some() || zero;
            let value = if zero { 1 } else { s };
            // A static extent 1 goes, a static mode joins a static run.
            (!fixed || (value != 1 && ds.is_none())).then_some((value, d))
        });
    let (fs, fd) = merged(kept, types.filtered).ok_or_else(|| complement_overflow(m))?;
    let (shapes, strides) = gap_values(&fs, &fd, types.static_order, m)?;
    if fault(&shapes, &strides) {
        return Err(complement_overflow(m));
    }
    let (gs, gd) = (types.gaps.0.get(), types.gaps.1.get());
    let kept = gs
        .iter()
        .zip(gd)
        .zip(shapes.iter().zip(&strides))
        .filter(|((x, y), _)| **x != Some(1) && (x.is_none() || y.is_none()))
        .map(|(_, (&x, &y))| (x, y));
    merged(kept, types.result)
        .and_then(leaf_values)
        .ok_or_else(|| complement_overflow(m))
}

/// The gap modes' extents and strides of the flat modes `s:d` (see the
/// module): in stride order (stable), `d_i/E_i : E_i`, then `⌈m/E_r⌉ : E_r`.
/// In the run-time order the modes of extent 1 or stride 0 are left out and
/// `1:1` modes lead in their place.
#[allow(clippy::type_complexity)]
fn gap_values(
    s: &[i64],
    d: &[i64],
    static_order: bool,
    m: i64,
) -> Result<(SmallVec<[i64; 8]>, SmallVec<[i64; 8]>), LayoutError> {
    let refuse = |kind, msg| Err(LayoutError::new(kind, "complement", msg));
    if m <= 0 {
        return refuse(
            ErrorKind::NonPositiveShape,
            alloc::format!("cotarget {m} must be positive"),
        );
    }
    let mut modes: SmallVec<[(i64, i64); 8]> = s
        .iter()
        .zip(d)
        .map(|(&s, &d)| (s, d))
        .filter(|&(s, d)| d != 0 && (static_order || s > 1))
        .collect();
    if let Some(&(s, d)) = modes.iter().find(|m| m.1 < 0) {
        return refuse(
            ErrorKind::NotComplementable,
            alloc::format!("A has the negative-stride mode {s}:{d}"),
        );
    }
    sort_by(&mut modes, |x, y| x.1 < y.1);
    let pads = if static_order {
        0
    } else {
        s.len() - modes.len()
    };
    let (mut shapes, mut strides): (SmallVec<[i64; 8]>, SmallVec<[i64; 8]>) =
        (SmallVec::from_elem(1, pads), SmallVec::from_elem(1, pads));
    let mut current = 1i128;
    for &(s, d) in &modes {
        if (d as i128) < current {
            return refuse(ErrorKind::NotComplementable, alloc::format!("A has the mode {s}:{d} starting inside the extent {current} of the modes with smaller strides (interleaved with or overlapping them)"));
        }
        let c = current as i64; // current <= d here
        if d % c != 0 {
            return refuse(ErrorKind::NotComplementable, alloc::format!("stride {d} of mode {s}:{d} is not a multiple of the extent {c} of the modes with smaller strides"));
        }
        shapes.push(d / c);
        strides.push(c);
        current = s as i128 * d as i128;
    }
    let Ok(e) = i64::try_from(current) else {
        return refuse(
            ErrorKind::Overflow,
            alloc::format!("the extent {current} of A exceeds i64"),
        );
    };
    shapes.push(m / e + i64::from(m % e != 0));
    strides.push(e);
    Ok((shapes, strides))
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
/// The where-clauses spell out the steps (filter, flatten, sort, gaps,
/// coalesce), each bound once to a parameter, rather than naming a trait
/// whose impl would prove them again for each use; the values are computed
/// by code that is not generic, from `a`'s leaves and which of them are
/// static ([`StaticMask`]): no constant is evaluated for the intermediate
/// types and the result needs no cleanup code.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::type_complexity)]
pub fn try_complement<S, D, M, Z, ZS, ZD, O, FS, FD, K, PS, PD, V, KS, KD, R>(
    a: Layout<S, D>,
    cotarget: M,
) -> Result<R, LayoutError>
where
    M: IntLeaf,
    Layout<S, D>: FlatLayout,
    S: ZeroExtents<D, Output = Z> + StaticMask,
    D: StaticMask,
    Layout<Z, D>: FlatLists<Shapes = ZS, Strides = ZD>,
    ZS: CoalesceRun<ZD, HNil, HNil, Out = O>,
    O: Unzip<Shapes = FS, Strides = FD>,
    FD: StaticStrides<Output = K>,
    K: Plan<FS, FD, M, Shape = PS, Stride = PD, Verdict = V>,
    V: Shown<Layout<S, D>, Cotarget<M>>,
    ShownOf<V, Layout<S, D>, Cotarget<M>>: Admissible<op::ComplementOp>,
    PS: KeptGaps<PD, Shapes = KS, Strides = KD>,
    KS: GapLayout<KD, Output = R>,
    R: FlatLayout,
{
    let m = cotarget.value();
    let fixed = (S::MASK, D::MASK);
    match complement_of(a.values(), fixed, M::STATIC.is_some(), m) {
        Ok(r) => match R::place(&r.shapes[..r.len], &r.strides[..r.len]) {
            Some(r) => Ok(r),
            None => Err(complement_overflow(m)),
        },
        Err(e) => Err(e),
    }
}
