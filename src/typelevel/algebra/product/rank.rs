//! `blocked_product(A, B)` and `raked_product(A, B)` of a layout `A` whose
//! leaves mix static integers and `Dyn` by a layout `B`, static or with `Dyn`
//! leaves, as CuTe C++ builds them: both padded with `1:0` modes to the
//! larger rank `R` (a leaf is rank 1), `A'` and `B'`, and with `P =
//! complement(A', size(A')·cosize(B')) ∘ B'` (of rank `R`, like `B'`), mode
//! `i` is `(A'ᵢ, Pᵢ)` resp. `(Pᵢ, A'ᵢ)`; at `R = 1` a leaf first half of
//! CuTe's `zip` takes the other half whole ([`ZipRule`]).
//!
//! Padding changes neither `size(A)` nor `cosize(B)`, and a complement does
//! not see `1:0` modes, so `P` is the repeat of the mixed
//! [`try_logical_product`](crate::typelevel::algebra::product::leaves::try_logical_product) of `A`
//! itself by the padded `B'`: only `B` is padded ([`PadModes`]; the value of
//! a static `B'` is a constant, [`PadFor`]), and `A`'s `1:0` modes enter in
//! the one walk that pairs the modes. Each step is one trait recursion over
//! the `R` modes.

use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use smallvec::SmallVec;
use typenum::{IsLessOrEqual, LeEq};

use super::{RankOf, ShapeModes, TargetModes};
use crate::runtime::{ErrorKind, IntRef, LayoutError};
use crate::typelevel::algebra::composition::leaves::RhsKind;
use crate::typelevel::algebra::int_tuple::leaf::{IntQuot, IntQuotOut, IntRem, IntRemOut};
use crate::typelevel::algebra::int_tuple::{LeafProduct, PrefixProd};
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::algebra::ordered::{OrderedValues, TryMakeOrderedLayout};
use crate::typelevel::algebra::product::leaves::{
    ok_or_return, LayoutProduct, LogicalForm, ProductBy, RunProduct,
};
use crate::typelevel::algebra::restructure::Len;
use crate::typelevel::algebra::values::{
    leaves_of, placed_leaves, runtime_tuple, FlatLayout, FlatLeaves,
};
use crate::typelevel::check::readable::TargetShape;
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{
    BlockRankMismatch, First, Holds, Pass, Then, TileDivisibility,
};
use crate::typelevel::int::{DivBy, Dyn};
use crate::typelevel::tuple::{pair, Pair};
use crate::typelevel::Layout;

/// A shape's top-level modes as a list, with their strides `D`: a leaf is one
/// mode, a tuple is its list.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TopModeList<D> {
    /// The shapes of the modes.
    type Shapes;
    /// Their strides.
    type Strides;
    /// The values.
    fn modes(self, d: D) -> (Self::Shapes, Self::Strides);
}
macro_rules! mode_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D> TopModeList<D> for $S {
            type Shapes = HCons<$S, HNil>;
            type Strides = HCons<D, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn modes(self, d: D) -> (Self::Shapes, Self::Strides) {
                (HCons { head: self, tail: HNil }, HCons { head: d, tail: HNil })
            }
        }
    )*};
}
mode_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);
impl<H, T, D> TopModeList<D> for HCons<H, T> {
    type Shapes = Self;
    type Strides = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn modes(self, d: D) -> (Self, D) {
        (self, d)
    }
}

/// Which half of a mode comes first: `(A'ᵢ, Pᵢ)` ([`Blocked`]) or
/// `(Pᵢ, A'ᵢ)` ([`Raked`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Arrange {
    /// The mode of `A'ᵢ = X` and `Pᵢ = Y`.
    type Two<X, Y>;
    /// Its value.
    fn two<X, Y>(x: X, y: Y) -> Self::Two<X, Y>;
}
/// `(A'ᵢ, Pᵢ)`: CuTe's `blocked_product`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct Blocked;
/// `(Pᵢ, A'ᵢ)`: CuTe's `raked_product`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct Raked;
impl Arrange for Blocked {
    type Two<X, Y> = Pair<X, Y>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn two<X, Y>(x: X, y: Y) -> Pair<X, Y> {
        pair(x, y)
    }
}
impl Arrange for Raked {
    type Two<X, Y> = Pair<Y, X>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn two<X, Y>(x: X, y: Y) -> Pair<Y, X> {
        pair(y, x)
    }
}

/// Keep a half's mode list as it is ([`Keep`]) or zip it whole as one mode
/// ([`Whole`], [`WholeAfterLeaf`]): CuTe's `zip` of a leaf first half with a
/// tuple. `Q` is the other half's mode shapes.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Lists<S, D, Q> {
    /// The shapes to pair.
    type Shapes;
    /// Their strides.
    type Strides;
    /// The values.
    fn lists(s: S, d: D) -> (Self::Shapes, Self::Strides);
}
/// The mode list as it is.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct Keep;
/// The whole list as one mode.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct Whole;
/// The whole list as one mode if the other half is one leaf mode.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct WholeAfterLeaf;
impl<S, D, Q> Lists<S, D, Q> for Keep {
    type Shapes = S;
    type Strides = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lists(s: S, d: D) -> (S, D) {
        (s, d)
    }
}
impl<S, D, Q> Lists<S, D, Q> for Whole {
    type Shapes = HCons<S, HNil>;
    type Strides = HCons<D, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lists(s: S, d: D) -> (Self::Shapes, Self::Strides) {
        (
            HCons {
                head: s,
                tail: HNil,
            },
            HCons {
                head: d,
                tail: HNil,
            },
        )
    }
}
// After one leaf: `Whole`; after a tuple mode: `Keep`.
macro_rules! whole_after_leaf {
    ($([$($g:tt)*] $Q:ty),*) => {$(
        impl<$($g)* S, D> Lists<S, D, HCons<$Q, HNil>> for WholeAfterLeaf {
            type Shapes = <Whole as Lists<S, D, ()>>::Shapes;
            type Strides = <Whole as Lists<S, D, ()>>::Strides;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn lists(s: S, d: D) -> (Self::Shapes, Self::Strides) {
                <Whole as Lists<S, D, ()>>::lists(s, d)
            }
        }
    )*};
}
whole_after_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);
impl<S, D, X, Y> Lists<S, D, HCons<HCons<X, Y>, HNil>> for WholeAfterLeaf {
    type Shapes = S;
    type Strides = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lists(s: S, d: D) -> (S, D) {
        <Keep as Lists<S, D, ()>>::lists(s, d)
    }
}

/// How CuTe C++ zips the halves of a rank-`R` product of `A` (shape `Self`)
/// by `B` (shape `BS`) in the order `F`: at `R = 1` the first half of
/// `zip` stays whole when it is a leaf, so a leaf `A` blocked by a rank-1
/// tuple gives `((a, (p)))` ([`Whole`] repeat), and a rank-1 `A` raked by a
/// leaf whose repeat is one leaf `p` gives `((p, (a)))` ([`WholeAfterLeaf`]
/// block); otherwise mode by mode.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ZipRule<F, BS> {
    /// How the block's modes are paired.
    type Block;
    /// How the repeat's modes are paired.
    type Repeat;
}
impl<F, BS, H, H2, T> ZipRule<F, BS> for HCons<H, HCons<H2, T>> {
    type Block = Keep;
    type Repeat = Keep;
}
impl<BS, H> ZipRule<Blocked, BS> for HCons<H, HNil> {
    type Block = Keep;
    type Repeat = Keep;
}
macro_rules! raked_by_leaf {
    ($([$($g:tt)*] $B:ty),*) => {$(
        impl<$($g)* H> ZipRule<Raked, $B> for HCons<H, HNil> {
            type Block = WholeAfterLeaf;
            type Repeat = Keep;
        }
    )*};
}
raked_by_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);
impl<B0, BT, H> ZipRule<Raked, HCons<B0, BT>> for HCons<H, HNil> {
    type Block = Keep;
    type Repeat = Keep;
}
macro_rules! zip_leaf {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* BS> ZipRule<Raked, BS> for $S {
            type Block = Keep;
            type Repeat = Keep;
        }
        impl<$($g)* V: Unsigned + NonZero> ZipRule<Blocked, PInt<V>> for $S {
            type Block = Keep;
            type Repeat = Keep;
        }
        impl<$($g)*> ZipRule<Blocked, Dyn> for $S {
            type Block = Keep;
            type Repeat = Keep;
        }
        impl<$($g)* M> ZipRule<Blocked, DivBy<M>> for $S {
            type Block = Keep;
            type Repeat = Keep;
        }
        impl<$($g)* B0> ZipRule<Blocked, HCons<B0, HNil>> for $S {
            type Block = Keep;
            type Repeat = Whole;
        }
        impl<$($g)* B0, B1, BT> ZipRule<Blocked, HCons<B0, HCons<B1, BT>>> for $S {
            type Block = Keep;
            type Repeat = Keep;
        }
    )*};
}
zip_leaf!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>);

/// [`ZipRule`] read from the layout `B` (`Self`): `A`'s shape `S`
/// against `B`'s shape.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ZipWith<F, S> {
    /// How the block's modes are paired.
    type Block;
    /// How the repeat's modes are paired.
    type Repeat;
}
impl<F, S: ZipRule<F, BS>, BS, BD> ZipWith<F, S> for Layout<BS, BD> {
    type Block = S::Block;
    type Repeat = S::Repeat;
}

/// The modes of `A` (shapes `Self`, strides `D`) paired with the modes of the
/// repeat `P` (shapes `PS`, strides `PD`) in the order `F`; `A`'s missing
/// modes are `1:0` (`P` has at least `A`'s rank).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PairModes<F, D, PS, PD> {
    /// The shapes of the paired modes.
    type Shapes;
    /// Their strides.
    type Strides;
    /// The values.
    fn pair_modes(self, d: D, ps: PS, pd: PD) -> (Self::Shapes, Self::Strides);
}
impl<F> PairModes<F, HNil, HNil, HNil> for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pair_modes(self, _: HNil, _: HNil, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
// The `Copy` bounds (the leaves are) spare a debug build the drop flags and
// unwinding paths of the values held across calls.
impl<F: Arrange, PH, PT, XH, XT> PairModes<F, HNil, HCons<PH, PT>, HCons<XH, XT>> for HNil
where
    HNil: PairModes<F, HNil, PT, XT>,
    PH: Copy,
    XH: Copy,
{
    type Shapes = HCons<F::Two<P1, PH>, <HNil as PairModes<F, HNil, PT, XT>>::Shapes>;
    type Strides = HCons<F::Two<Z0, XH>, <HNil as PairModes<F, HNil, PT, XT>>::Strides>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pair_modes(
        self,
        _: HNil,
        ps: HCons<PH, PT>,
        pd: HCons<XH, XT>,
    ) -> (Self::Shapes, Self::Strides) {
        let (s, d) = HNil.pair_modes(HNil, ps.tail, pd.tail);
        (
            HCons {
                head: F::two(P1::new(), ps.head),
                tail: s,
            },
            HCons {
                head: F::two(Z0, pd.head),
                tail: d,
            },
        )
    }
}
impl<F: Arrange, H, T, DH, DT, PH, PT, XH, XT>
    PairModes<F, HCons<DH, DT>, HCons<PH, PT>, HCons<XH, XT>> for HCons<H, T>
where
    T: PairModes<F, DT, PT, XT>,
    H: Copy,
    DH: Copy,
    PH: Copy,
    XH: Copy,
{
    type Shapes = HCons<F::Two<H, PH>, T::Shapes>;
    type Strides = HCons<F::Two<DH, XH>, T::Strides>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pair_modes(
        self,
        d: HCons<DH, DT>,
        ps: HCons<PH, PT>,
        pd: HCons<XH, XT>,
    ) -> (Self::Shapes, Self::Strides) {
        let (s, x) = self.tail.pair_modes(d.tail, ps.tail, pd.tail);
        (
            HCons {
                head: F::two(self.head, ps.head),
                tail: s,
            },
            HCons {
                head: F::two(d.head, pd.head),
                tail: x,
            },
        )
    }
}

/// The repeat `P` of a logical product `(A, P)`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Repeat {
    /// `P`'s shape.
    type Shape;
    /// `P`'s stride.
    type Stride;
    /// Its parts.
    fn repeat(self) -> (Self::Shape, Self::Stride);
}
impl<S, D, RS, RD> Repeat for Layout<Pair<S, RS>, Pair<D, RD>> {
    type Shape = RS;
    type Stride = RD;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn repeat(self) -> (RS, RD) {
        let (s, d) = self.into_parts();
        (s.tail.head, d.tail.head)
    }
}

/// The layout `Self` as the tuple of its top-level modes padded with `1:0`
/// modes to the length of the mode list `AS` if that is longer (CuTe C++'s
/// `append<R>`, a leaf taken as one mode): `B'` of a blocked or raked product,
/// static or with dynamic leaves.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait PadModes<AS> {
    /// The padded layout.
    type Output;
    /// Its value.
    fn pad(self) -> Self::Output;
}
impl<BS, BD, AS, L, M, PS, PD> PadModes<AS> for Layout<BS, BD>
where
    BS: TopModeList<BD, Shapes = L, Strides = M>,
    L: PadList<M, AS, Shapes = PS, Strides = PD>,
{
    type Output = Layout<PS, PD>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pad(self) -> Layout<PS, PD> {
        let (s, d) = self.into_parts();
        let (s, d) = s.modes(d);
        let (s, d) = s.pad_list(d);
        Layout::from_parts(s, d)
    }
}
/// The mode list `Self` (strides `D`) padded with `1:0` modes to the length
/// of `AS` if that is longer.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PadList<D, AS> {
    /// The padded shapes.
    type Shapes;
    /// Their strides.
    type Strides;
    /// The values.
    fn pad_list(self, d: D) -> (Self::Shapes, Self::Strides);
}
impl PadList<HNil, HNil> for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pad_list(self, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<X, AT> PadList<HNil, HCons<X, AT>> for HNil
where
    HNil: PadList<HNil, AT>,
{
    type Shapes = HCons<P1, <HNil as PadList<HNil, AT>>::Shapes>;
    type Strides = HCons<Z0, <HNil as PadList<HNil, AT>>::Strides>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pad_list(self, _: HNil) -> (Self::Shapes, Self::Strides) {
        let (s, d) = HNil.pad_list(HNil);
        (
            HCons {
                head: P1::new(),
                tail: s,
            },
            HCons { head: Z0, tail: d },
        )
    }
}
impl<H, T, DH, DT> PadList<HCons<DH, DT>, HNil> for HCons<H, T> {
    type Shapes = Self;
    type Strides = HCons<DH, DT>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pad_list(self, d: HCons<DH, DT>) -> (Self, HCons<DH, DT>) {
        (self, d)
    }
}
impl<H, T, DH, DT, X, AT> PadList<HCons<DH, DT>, HCons<X, AT>> for HCons<H, T>
where
    T: PadList<DT, AT>,
{
    type Shapes = HCons<H, T::Shapes>;
    type Strides = HCons<DH, T::Strides>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pad_list(self, d: HCons<DH, DT>) -> (Self::Shapes, Self::Strides) {
        let (s, x) = self.tail.pad_list(d.tail);
        (
            HCons {
                head: self.head,
                tail: s,
            },
            HCons {
                head: d.head,
                tail: x,
            },
        )
    }
}

/// The value of the padded `B'` (`PB`) of `B` (to the length of `A`'s mode
/// list `AS`), for the plan `Self` of the logical product by `B'`: a static
/// `B` pads to a constant, so that no padding code is generated for it
/// (compile time); a `B` with run-time leaves is padded ([`PadModes`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait PadFor<B, AS, PB> {
    /// `B'`.
    fn padded(b: B) -> PB;
}
impl<B, AS, PB: StaticValue, Q, M, C, P, RS, RD> PadFor<B, AS, PB>
    for LayoutProduct<B1, Q, M, C, P, RS, RD>
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn padded(_: B) -> PB {
        PB::VALUE
    }
}
impl<B, AS, PB, Q, M, C, P, RS, RD> PadFor<B, AS, PB> for LayoutProduct<B0, Q, M, C, P, RS, RD>
where
    B: PadModes<AS, Output = PB>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn padded(b: B) -> PB {
        b.pad()
    }
}

/// `blocked_product(Self, B)` (`F = Blocked`) or `raked_product(Self, B)`
/// (`F = Raked`) is `R` with the verdict `V`, its value code planned by `P`
/// ([`RunRankProduct`]): one plain bound whose parameters the caller infers
/// (see [`ProductsTo`](crate::typelevel::algebra::product::leaves::ProductsTo)).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RankProductTo<F, B, P, R, V> {}
// `B` padded to `A`'s rank (`PB`), the logical product by it (`L`, through
// `PB`'s [`RhsKind`], so that it waits until `PB` is known: named directly,
// an unknown `PB` sent the composition's recursion into overflow), its repeat
// and the paired modes, each bound once to a parameter.
impl<F, S, D, B, AS, AD, PB, K, L, LP, V, PS, PD, WA, WP, AS2, AD2, PS2, PD2, OS, OD>
    RankProductTo<F, B, RankPlan<PB, LP, L, WA, WP>, Layout<OS, OD>, V> for Layout<S, D>
where
    F: Arrange,
    S: TopModeList<D, Shapes = AS, Strides = AD> + Copy,
    D: Copy,
    B: PadModes<AS, Output = PB>,
    PB: RhsKind<Kind = K>,
    K: ProductBy<Layout<S, D>, PB, Output = L, Verdict = V, Plan = LP>,
    L: Repeat<Shape = PS, Stride = PD>,
    B: ZipWith<F, S, Block = WA, Repeat = WP>,
    WA: Lists<AS, AD, PS, Shapes = AS2, Strides = AD2>,
    WP: Lists<PS, PD, AS, Shapes = PS2, Strides = PD2>,
    AS2: PairModes<F, AD2, PS2, PD2, Shapes = OS, Strides = OD>,
{
}

/// The plan of a blocked or raked product: the padded `B` (`PB`), the plan
/// of the logical product by it (`LP`), that product (`L`) and how the
/// halves are zipped (`WA`, `WP`: [`ZipRule`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct RankPlan<PB, LP, L, WA, WP>(PhantomData<(PB, LP, L, WA, WP)>);
/// The value code of `blocked_product(A, B) = R` (`F = Blocked`) or
/// `raked_product(A, B) = R` (`F = Raked`), looked up from the types of
/// `Self` (the plan), `A`, `B` and `R`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunRankProduct<F, A, B, R> {
    /// The product, or the run-time rule it breaks.
    fn run(a: A, b: B) -> Result<R, LayoutError>;
}
// Only bounds that are cheap to prove: the logical product's plan and the
// walks over the modes.
impl<F, S, D, B, PB, LP, L, AS, AD, PS, PD, WA, WP, AS2, AD2, PS2, PD2, OS, OD>
    RunRankProduct<F, Layout<S, D>, B, Layout<OS, OD>> for RankPlan<PB, LP, L, WA, WP>
where
    F: Arrange,
    S: TopModeList<D, Shapes = AS, Strides = AD> + Copy,
    D: Copy,
    LP: RunProduct<Layout<S, D>, PB, LogicalForm, L> + PadFor<B, AS, PB>,
    L: Repeat<Shape = PS, Stride = PD>,
    WA: Lists<AS, AD, PS, Shapes = AS2, Strides = AD2>,
    WP: Lists<PS, PD, AS, Shapes = PS2, Strides = PD2>,
    AS2: PairModes<F, AD2, PS2, PD2, Shapes = OS, Strides = OD>,
    PS: Copy,
    PD: Copy,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, b: B) -> Result<Layout<OS, OD>, LayoutError> {
        let (ps, pd) = ok_or_return!(LP::run(a, LP::padded(b))).repeat();
        let (ps, pd) = WP::lists(ps, pd);
        let (s, d) = a.into_parts();
        let (s, d) = s.modes(d);
        let (s, d) = WA::lists(s, d);
        let (s, d) = s.pair_modes(d, ps, pd);
        // The leaves of the logical product, checked, and `1:0` modes: the
        // same size and cosize.
        Ok(Layout::from_parts(s, d))
    }
}

/// CuTe's `blocked_product(a, b)` for a layout `a` with dynamic leaves and a
/// layout `b`, static or with run-time leaves: both padded with `1:0` modes
/// to the larger rank `R` (a leaf is rank 1), `a'` and `b'`, and with `P =
/// complement(a', size(a')·cosize(b')) ∘ b'`, mode `i` is `(a'ᵢ, Pᵢ)`: the
/// block `a` repeated as `b` lays out the blocks. The logical product
/// regrouped (padding changes neither `size(a)` nor `cosize(b)`): its rules
/// and errors are [`try_logical_product`](crate::typelevel::try_logical_product)'s
/// (a run-time cotarget where `cosize(b)` depends on a run-time leaf).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _4]).unwrap();
/// let p = try_blocked_product(a, layout!((2,3):(3,1))).unwrap();
/// assert_eq!(format!("{p:#}"), "((4,(1,2)),(_2,(1,3))):((_1,(12,24)),(_4,(4,8)))"); // as CuTe C++
/// let q = try_blocked_product(a, layout!(3:1)).unwrap(); // 3:1 padded to (3,1):(1,0)
/// assert_eq!(format!("{q:#}"), "((4,(1,3)),(_2,_1)):((_1,(4,8)),(_4,_0))"); // as CuTe C++
/// let b = Layout::try_new(hlist![Dyn(3), _2], hlist![_1, Dyn(3)]).unwrap();
/// let r = try_blocked_product(a, b).unwrap();
/// assert_eq!(format!("{r:#}"), "((4,(1,3)),(_2,(1,2))):((_1,(4,8)),(_4,(12,24)))"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_blocked_product<A, B, P, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: RankProductTo<Blocked, B, P, R, V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<op::BlockedProductOp>,
    P: RunRankProduct<Blocked, A, B, R>,
{
    P::run(a, b)
}

/// CuTe's `raked_product(a, b)` for a layout `a` with dynamic leaves and a
/// layout `b`, static or with run-time leaves: [`try_blocked_product`] with
/// the halves of each mode swapped, `(Pᵢ, a'ᵢ)`: the elements of the block
/// `a` spread over the whole.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _4]).unwrap();
/// let p = try_raked_product(a, layout!((2,3):(3,1))).unwrap();
/// assert_eq!(format!("{p:#}"), "(((1,2),4),((1,3),_2)):(((12,24),_1),((4,8),_4))"); // as CuTe C++
/// let b = Layout::try_new(hlist![Dyn(3), _2], hlist![_1, Dyn(3)]).unwrap();
/// let r = try_raked_product(a, b).unwrap();
/// assert_eq!(format!("{r:#}"), "(((1,3),4),((1,2),_2)):(((4,8),_1),((12,24),_4))"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_raked_product<A, B, P, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: RankProductTo<Raked, B, P, R, V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<op::RakedProductOp>,
    P: RunRankProduct<Raked, A, B, R>,
{
    P::run(a, b)
}

/// The counts `tₖ / aₖ` of the block's mode shapes `Self` (a missing mode
/// counting as `1:0`) against the target's mode shapes `T`: static where
/// both sizes are, as CuTe C++'s `ceil_div` of `int`s is run-time; a static
/// `aₖ` not dividing a static `tₖ` is refused here, a run-time one by the
/// value code.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TileCounts<T> {
    /// HList of the counts.
    type Counts;
    /// `Pass` or the first [`TileDivisibility`].
    type Verdict;
}

impl TileCounts<HNil> for HNil {
    type Counts = HNil;
    type Verdict = Pass;
}

// More block modes than target modes: the rank check refuses it.
impl<A0, AT> TileCounts<HNil> for HCons<A0, AT> {
    type Counts = HNil;
    type Verdict = Pass;
}

impl<T0: PrefixProd<P1>, TT> TileCounts<HCons<T0, TT>> for HNil
where
    HNil: TileCounts<TT>,
{
    type Counts = HCons<LeafProduct<T0>, <HNil as TileCounts<TT>>::Counts>;
    type Verdict = <HNil as TileCounts<TT>>::Verdict;
}

/// The remainder of `t` by `a`, as a type.
type TileRemOf<A0, T0> = IntRemOut<LeafProduct<T0>, LeafProduct<A0>, B0>;
/// The count `t / a` (1 where refused).
type TileCount<A0, T0> = <TileRemOf<A0, T0> as TileRem<LeafProduct<A0>, LeafProduct<T0>>>::Count;
/// Whether `a` divides `t`.
type TileRemVerdict<A0, T0> =
    <TileRemOf<A0, T0> as TileRem<LeafProduct<A0>, LeafProduct<T0>>>::Verdict;

impl<A0, AT, T0, TT> TileCounts<HCons<T0, TT>> for HCons<A0, AT>
where
    A0: PrefixProd<P1>,
    T0: PrefixProd<P1>,
    LeafProduct<T0>: IntRem<LeafProduct<A0>, B0>,
    TileRemOf<A0, T0>: TileRem<LeafProduct<A0>, LeafProduct<T0>>,
    AT: TileCounts<TT>,
    TileRemVerdict<A0, T0>: First<<AT as TileCounts<TT>>::Verdict>,
{
    type Counts = HCons<TileCount<A0, T0>, <AT as TileCounts<TT>>::Counts>;
    type Verdict = Then<TileRemVerdict<A0, T0>, <AT as TileCounts<TT>>::Verdict>;
}

/// The remainder `Self` of the target size `T` by the block size `A`: the
/// static 0 or a run-time remainder (the value code checks it) gives the
/// count `T / A` and `Pass`; a static nonzero one [`TileDivisibility`], the
/// count 1 (so that the arrangement stays well-typed while the verdict
/// refuses).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TileRem<A, T> {
    /// The count.
    type Count;
    /// `Pass` or [`TileDivisibility`].
    type Verdict;
}

impl<A, T: IntQuot<A>> TileRem<A, T> for Z0 {
    type Count = IntQuotOut<T, A>;
    type Verdict = Pass;
}

impl<A, T: IntQuot<A>> TileRem<A, T> for Dyn {
    type Count = IntQuotOut<T, A>;
    type Verdict = Pass;
}

impl<U: Unsigned + NonZero, UA: Unsigned + NonZero, UT: Unsigned + NonZero>
    TileRem<PInt<UA>, PInt<UT>> for PInt<U>
{
    type Count = P1;
    type Verdict = TileDivisibility<UA, UT>;
}

/// The block `Self` of `tile_to_shape` against the target shape `T`: the
/// counts of blocks per target mode, and whether the block's rank is at most
/// the target's.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TileBlock<T> {
    /// HList of the counts, one per target mode.
    type Counts;
    /// `Pass`, [`BlockRankMismatch`] or [`TileDivisibility`].
    type Verdict;
}

type BlockShapes<S, D> = <S as TopModeList<D>>::Shapes;
type BlockRank<S, D> = RankOf<BlockShapes<S, D>>;
type TargetRank<T> = RankOf<TargetModes<T>>;

impl<S, D, T> TileBlock<T> for Layout<S, D>
where
    S: TopModeList<D>,
    T: ShapeModes,
    BlockShapes<S, D>: TileCounts<TargetModes<T>> + Len,
    TargetModes<T>: Len,
    BlockRank<S, D>: IsLessOrEqual<TargetRank<T>>,
    LeEq<BlockRank<S, D>, TargetRank<T>>: Holds<BlockRankMismatch<BlockRank<S, D>, TargetRank<T>>>,
    TileRankVerdict<S, D, T>: First<<BlockShapes<S, D> as TileCounts<TargetModes<T>>>::Verdict>,
{
    type Counts = <BlockShapes<S, D> as TileCounts<TargetModes<T>>>::Counts;
    type Verdict =
        Then<TileRankVerdict<S, D, T>, <BlockShapes<S, D> as TileCounts<TargetModes<T>>>::Verdict>;
}

type TileRankVerdict<S, D, T> = <LeEq<BlockRank<S, D>, TargetRank<T>> as Holds<
    BlockRankMismatch<BlockRank<S, D>, TargetRank<T>>,
>>::Verdict;

type CountsOf<A, T> = <A as TileBlock<T>>::Counts;
/// The ordered layout of the counts.
type Arranged<A, T, O> = <CountsOf<A, T> as TryMakeOrderedLayout<O>>::Output;
type ArrangedVerdict<A, T, O> = <CountsOf<A, T> as TryMakeOrderedLayout<O>>::Verdict;
/// The verdict of `tile_to_shape`: the rank, the order, the product.
type TileVerdict<A, T, O, V> =
    Then<<A as TileBlock<T>>::Verdict, Then<ArrangedVerdict<A, T, O>, V>>;

/// `blocked_product(A, make_ordered_layout(S, Self))` is `R` with the
/// verdict `V`, planned by `P`: a bound on the order `Self`, the last
/// argument, so that the product waits until the arranged layout is known
/// (named directly, an unknown one sent the product's recursion into
/// overflow).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TileArrange<S, A, P, R, V> {}

impl<S, O, A, P, R, V> TileArrange<S, A, P, R, V> for O
where
    S: TryMakeOrderedLayout<O>,
    A: RankProductTo<Blocked, <S as TryMakeOrderedLayout<O>>::Output, P, R, V>,
{
}

/// CuTe's `tile_to_shape(block, shape, order)` for a block and a target
/// shape (an HList) with run-time leaves: with `aₖ`, `tₖ` the sizes of mode
/// `k` of the block (padded with `1:0` modes to the target's rank) and of
/// the target, `blocked_product(block, make_ordered_layout((t₀/a₀, …),
/// order))`, a count static where both sizes are (CuTe C++'s). A block of
/// higher rank than the target, an order not congruent with it, or a static
/// `aₖ` that does not divide a static `tₖ` (CuTe's "block shape does not
/// divide the target shape") is a compile error; where a size is run-time,
/// the division is checked when the program runs, and so is a count that is
/// not positive; the product's rules are [`try_blocked_product`]'s.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let t = try_tile_to_shape(layout!((2,2):(1,2)), hlist![Dyn(8), _6], _0).unwrap();
/// assert_eq!(format!("{t:#}"), "((_2,4),(_2,_3)):((_1,_4),(_2,16))"); // as CuTe C++
/// let r = try_tile_to_shape(layout!((2,2):(1,2)), hlist![Dyn(8), _6], hlist![_1, _0]).unwrap();
/// assert_eq!(format!("{r:#}"), "((_2,4),(_2,_3)):((_1,_12),(_2,_4))");
/// assert!(try_tile_to_shape(layout!((2,2):(1,2)), hlist![Dyn(7), _6], _0).is_err());
/// ```
pub fn try_tile_to_shape<A, T, O, P, R, V>(block: A, shape: T, order: O) -> Result<R, LayoutError>
where
    A: TileBlock<T> + FlatLayout,
    T: FlatLeaves,
    CountsOf<A, T>: OrderedValues<O> + FlatLeaves,
    O: TileArrange<CountsOf<A, T>, A, P, R, V>,
    P: RunRankProduct<Blocked, A, Arranged<A, T, O>, R>,
    <A as TileBlock<T>>::Verdict: First<Then<ArrangedVerdict<A, T, O>, V>>,
    ArrangedVerdict<A, T, O>: First<V>,
    TileVerdict<A, T, O, V>: Shown<A, TargetShape<T, O>>,
    ShownOf<TileVerdict<A, T, O, V>, A, TargetShape<T, O>>: Admissible<op::TileToShapeOp>,
{
    let (s, _) = block.values();
    let t = leaves_of(&shape);
    let counts = match tile_counts(runtime_tuple(A::TREE, &s), runtime_tuple(T::TREE_REF, &t)) {
        Ok(c) => placed_leaves::<CountsOf<A, T>>(&c, "tile_to_shape"),
        Err(e) => Err(e),
    };
    match counts {
        Ok(c) => match c.ordered(&order) {
            Ok(arranged) => P::run(block, arranged),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    }
}

/// The number of blocks along each mode of the target shape `target`: its
/// size over the size of the block's mode (`1` past the block's modes),
/// which must divide it. A leaf is one mode.
fn tile_counts(block: IntRef<'_>, target: IntRef<'_>) -> Result<SmallVec<[i64; 8]>, LayoutError> {
    let one = |t: IntRef<'_>| t.is_leaf();
    let block_mode = |k: usize| {
        if one(block) {
            (k == 0).then_some(block)
        } else {
            block.mode(k)
        }
    };
    let rank = if one(target) { 1 } else { target.rank() };
    let mut counts = SmallVec::new();
    for k in 0..rank {
        let t = if one(target) {
            target.size()?
        } else {
            target.mode(k).map_or(Ok(1), |m| m.size())?
        };
        let a = block_mode(k).map_or(Ok(1), |m| m.size())?;
        if a == 0 || t % a != 0 {
            return Err(LayoutError::new(
                ErrorKind::Divisibility,
                "tile_to_shape",
                alloc::format!("the block's mode {k} of size {a} does not divide the target's mode of size {t}"),
            ));
        }
        counts.push(t / a);
    }
    Ok(counts)
}
