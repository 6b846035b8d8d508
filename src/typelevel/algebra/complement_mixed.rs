//! `complement(A, M)` of a static layout `A` up to a cotarget `M` known at
//! run time, the kernel's `complement(tile, size(A))`, decided from the static
//! parts as CuTe C++ decides it with an `int` cotarget.
//!
//! The gap modes of `A` are static (`complement(A) = complement(A, cosize(A))`,
//! coalesced); the last mode `⌈M/E⌉ : E`, with `E = size(filter(A))·size(complement(A))`
//! the extent `A` and its gaps fill, has a dynamic extent (kept even when it
//! is 1) and the static stride `E`. `A` must be complementable: a compile
//! error otherwise, as in the static algebra; `M ≤ 0` and a result whose
//! cosize leaves `i64` are run-time errors.

use typenum::{NonZero, PInt, Prod, Unsigned};

use super::complement::TryComplementDefault;
use super::filter::FilterOut;
use super::mixed_divide::AppendLast;
use super::size::StaticSize;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::readable::Cotarget;
use crate::typelevel::check::rules::{op, Admissible};
use crate::typelevel::int::Dyn;
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::{Filter, Layout};

/// `complement(A)`: the gap modes of `A`.
type Gaps<A> = <A as TryComplementDefault>::Output;
/// `E = size(filter(A))·size(complement(A))`, the extent `A` and its gaps fill.
type Filled<A> = Prod<<FilterOut<A> as StaticSize>::Unsigned, <Gaps<A> as StaticSize>::Unsigned>;

/// The complement of the static layout `Self` up to a dynamic cotarget: the
/// static gap modes, then `⌈M/E⌉ : E`.
#[diagnostic::on_unimplemented(
    message = "try_complement needs a static layout, not `{Self}`",
    note = "only the cotarget of `try_complement` may be dynamic: every leaf of the layout must be a static integer"
)]
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait DynComplement {
    /// The result's shape (the last leaf `Dyn`).
    type Shape;
    /// The result's stride (static).
    type Stride;
    /// `Pass` or the violated rule of the static layout.
    type Verdict;
    /// The result with the last extent `last`.
    fn with_last(last: Dyn) -> Layout<Self::Shape, Self::Stride>;
    /// `E`, the stride of the last mode.
    const FILLED: i64;
}

impl<S, D> DynComplement for Layout<S, D>
where
    Self: TryComplementDefault + Filter,
    FilterOut<Self>: StaticSize,
    Gaps<Self>: StaticSize + AppendLast<PInt<Filled<Self>>, Dyn>,
    <FilterOut<Self> as StaticSize>::Unsigned: core::ops::Mul<<Gaps<Self> as StaticSize>::Unsigned>,
    Filled<Self>: Unsigned + NonZero,
{
    type Shape = <Gaps<Self> as AppendLast<PInt<Filled<Self>>, Dyn>>::Shape;
    type Stride = <Gaps<Self> as AppendLast<PInt<Filled<Self>>, Dyn>>::Stride;
    type Verdict = <Self as TryComplementDefault>::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn with_last(last: Dyn) -> Layout<Self::Shape, Self::Stride> {
        let (s, d) = <Gaps<Self> as AppendLast<PInt<Filled<Self>>, Dyn>>::append(last);
        Layout::from_parts(s, d)
    }
    const FILLED: i64 = Filled::<Self>::I64;
}

/// CuTe's `complement(a, cotarget)` for a static layout `a` and a cotarget
/// known at run time: `a`'s static gap modes `d_i/E_i : E_i` (sorted by
/// stride, `E_0 = 1`, `E_(i+1) = s_i·d_i`, coalesced), then `⌈M/E⌉ : E` with
/// `E = size(filter(a))·size(complement(a))`, whose extent is dynamic (kept
/// when it is 1, as CuTe C++ keeps it) and whose stride is static.
///
/// `a` must be complementable (a compile error otherwise, the static rule);
/// a cotarget `M ≤ 0` is a `NonPositiveShape` error, a result whose cosize
/// leaves `i64` an `Overflow` error.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let m = 64;
/// let r = try_complement(layout!((2,4):(1,8)), Dyn(m)).unwrap();
/// assert_eq!(format!("{r:#}"), "(_4,2):(_2,_32)"); // as CuTe C++
/// assert_eq!(format!("{:#}", try_complement(layout!(4:1), Dyn(3)).unwrap()), "1:_4");
/// assert!(try_complement(layout!(4:1), Dyn(0)).is_err());
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_complement<S, D, RS, RD>(
    a: Layout<S, D>,
    cotarget: Dyn,
) -> Result<Layout<RS, RD>, LayoutError>
where
    Layout<S, D>: DynComplement<Shape = RS, Stride = RD>,
    <Layout<S, D> as DynComplement>::Verdict:
        Admissible<op::ComplementOp, Layout<S, D>, Cotarget<Dyn>>,
    RS: Shape + Congruent<RD>,
    RD: IntTuple,
{
    let _ = a;
    let m = cotarget.0;
    if m <= 0 {
        return Err(LayoutError::new(
            ErrorKind::NonPositiveShape,
            "complement",
            alloc::format!("cotarget {m} must be positive"),
        ));
    }
    let e = <Layout<S, D> as DynComplement>::FILLED;
    let last = Dyn(m / e + i64::from(m % e != 0));
    let l = <Layout<S, D> as DynComplement>::with_last(last);
    match l.fault() {
        None => Ok(l),
        Some(_) => Err(LayoutError::new(
            ErrorKind::Overflow,
            "complement",
            alloc::format!("the cosize of the complement up to {m} exceeds i64"),
        )),
    }
}
