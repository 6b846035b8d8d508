//! `make_identity_layout(shape)`: the layout that maps each coordinate of
//! `shape` to itself, its strides the scaled bases `1@i` of the coordinate's
//! positions (the twin of the runtime layer's `Layout::identity`).
//!
//! Mode `i` of a tuple shape gets `E<i>` (`1@i`); a nested mode `j` of mode
//! `i` gets `E<i, j>` (printed `1@j@i`, innermost first), and so on. An
//! integer shape `n`, whose coordinates are integers, gives `n:1`, as in
//! CuTe C++.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! assert_eq!(make_identity_layout(hlist![_4, hlist![_2, _3]]).to_string(), "(4,(2,3)):(1@0,(1@0@1,1@1@1))");
//! assert_eq!(make_identity_layout(_4).to_string(), "4:1");
//! ```
//!
//! A shape with run-time extents ([`Dyn`], [`DivBy`]) keeps its static
//! strides: [`try_make_identity_layout`] checks the extents once, as
//! `Layout::try_new` does (the identity tensor that predicates a partial tile).

use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, NonZero, PInt, Unsigned, B0, B1, P1, U0};

use super::modes::StaticValue;
use crate::runtime::LayoutError;
use crate::typelevel::check::front_door::Yields;
use crate::typelevel::check::rules::{op::MakeIdentityLayoutOp, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::Pass;
use crate::typelevel::check::{form, RunTimeShapeVerdict, RunTimeTuple};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tuple::{AllStatic, Congruent, Shape};
use crate::typelevel::{Layout, ScaledBasis};

/// CuTe's `make_identity_layout(shape)` for the static shape `Self`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::{hlist, HList};
/// let id: MakeIdentityLayoutOut<HList!(_4, _8)> = make_identity_layout(hlist![_4, _8]);
/// assert_eq!(id, layout!((4,8):(1@0,1@1)));
/// assert_eq!(id.eval_coord((3usize, 5usize)).unwrap().to_string(), "(3,5)");
/// ```
pub trait MakeIdentityLayout {
    /// The identity layout.
    type Output;
}

/// `make_identity_layout(S)`.
/// See [`MakeIdentityLayout`] for an example.
pub type MakeIdentityLayoutOut<S> = <S as MakeIdentityLayout>::Output;

macro_rules! identity_leaf {
    ($([$($g:tt)*] $L:ty),*) => {$(
        impl<$($g)*> MakeIdentityLayout for $L {
            type Output = Layout<$L, P1>;
        }
        impl<$($g)* Rev: RevOnto<HNil>> BasisTree<Rev> for $L {
            type Output = ScaledBasis<P1, <Rev as RevOnto<HNil>>::Output>;
        }
    )*};
}
identity_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N: Unsigned + NonZero,] DivBy<N>);

impl MakeIdentityLayout for HNil {
    type Output = Layout<HNil, HNil>;
}

impl<H, T> MakeIdentityLayout for HCons<H, T>
where
    HCons<H, T>: BasisItems<HNil, U0>,
{
    type Output = Layout<HCons<H, T>, <HCons<H, T> as BasisItems<HNil, U0>>::Output>;
}

/// `make_identity_layout(shape)` (CuTe) for a static shape: the layout
/// `shape:(1@0, 1@1, …)` mapping each coordinate to itself, as a value.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let id = make_identity_layout(hlist![hlist![_2, _3], _4]);
/// assert_eq!(id.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
/// assert_eq!(id.eval_coord(17usize).unwrap().to_string(), "((1,2),2)");
/// ```
pub fn make_identity_layout<S, R, V>(shape: S) -> R
where
    S: Yields<MakeIdentityLayoutOp, HNil, R, V>,
    V: Shown<S, HNil>,
    ShownOf<V, S, HNil>: Admissible<MakeIdentityLayoutOp>,
    R: StaticValue,
{
    let _ = shape;
    R::VALUE
}

// The static front door: a run-time extent is refused by name, the refusal
// naming `try_make_identity_layout`.
impl<S, R, V> Yields<MakeIdentityLayoutOp, HNil, R, V> for S
where
    S: AllStatic,
    S::Bit: IdentityGate<S, Output = R, Verdict = V>,
{
}

/// `make_identity_layout(S)` for `Self` = "every extent of `S` static":
/// the layout for `B1`, the refusal for `B0`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait IdentityGate<S> {
    /// The layout.
    type Output;
    /// `Pass`, or the refusal of a run-time extent.
    type Verdict;
}

impl<S: MakeIdentityLayout> IdentityGate<S> for B1 {
    type Output = S::Output;
    type Verdict = Pass;
}

impl<S> IdentityGate<S> for B0 {
    type Output = RunTimeTuple;
    type Verdict = RunTimeShapeVerdict<form::try_make_identity_layout>;
}

/// `make_identity_layout(shape)` (CuTe) for a shape whose extents may be
/// known at run time only ([`Dyn`], [`DivBy`]): the strides `1@i` stay
/// static; the extents are checked once (`NonPositiveShape`, `Overflow`, as
/// `Layout::try_new`). Evaluated, it maps a coordinate to itself: the
/// identity tensor that predicates the last, partial tile of a divide.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let id = try_make_identity_layout(hlist![Dyn(200), _8]).unwrap();
/// assert_eq!(format!("{id:#}"), "(200,_8):(_1@0,_1@1)");
/// assert_eq!(id.eval_coord((199usize, 7usize)).unwrap().to_string(), "(199,7)");
/// assert!(try_make_identity_layout(hlist![Dyn(0), _8]).is_err());
/// ```
pub fn try_make_identity_layout<S, D>(shape: S) -> Result<Layout<S, D>, LayoutError>
where
    S: MakeIdentityLayout<Output = Layout<S, D>> + Shape + Congruent<D>,
    D: StaticValue,
{
    Layout::try_new(shape, D::VALUE)
}

/// The basis strides of the mode `Self`, whose position is the reversed
/// index list `Rev` (innermost first).
#[doc(hidden)]
pub trait BasisTree<Rev> {
    /// The strides.
    type Output;
}

impl<Rev> BasisTree<Rev> for HNil {
    type Output = HNil;
}

impl<H, T, Rev> BasisTree<Rev> for HCons<H, T>
where
    HCons<H, T>: BasisItems<Rev, U0>,
{
    type Output = <HCons<H, T> as BasisItems<Rev, U0>>::Output;
}

/// The basis strides of the modes of the tuple `Self`, the first being mode
/// `I` of the position `Rev`.
#[doc(hidden)]
pub trait BasisItems<Rev, I> {
    /// The strides of the modes.
    type Output;
}

impl<Rev, I> BasisItems<Rev, I> for HNil {
    type Output = HNil;
}

impl<H, T, Rev, I> BasisItems<Rev, I> for HCons<H, T>
where
    I: core::ops::Add<B1>,
    H: BasisTree<HCons<I, Rev>>,
    T: BasisItems<Rev, Add1<I>>,
{
    type Output =
        HCons<<H as BasisTree<HCons<I, Rev>>>::Output, <T as BasisItems<Rev, Add1<I>>>::Output>;
}

/// The HList `Self` reversed onto `Acc`.
#[doc(hidden)]
pub trait RevOnto<Acc> {
    /// The reversed list.
    type Output;
}

impl<Acc> RevOnto<Acc> for HNil {
    type Output = Acc;
}

impl<H, T: RevOnto<HCons<H, Acc>>, Acc> RevOnto<Acc> for HCons<H, T> {
    type Output = <T as RevOnto<HCons<H, Acc>>>::Output;
}
