//! `logical_product(A, B)` of a layout `A` whose leaves mix static integers
//! and `Dyn` by a layout `B`, static or with `Dyn` leaves, as CuTe C++ builds
//! it: `(A, complement(A, size(A)·cosize(B)) ∘ B)`, with the mixed
//! [`try_complement`](crate::typelevel::algebra::complement::try_complement) (the cotarget
//! static where `size(A)` and `cosize(B)` are, a run-time value otherwise)
//! and the mixed [`try_composition`](crate::typelevel::algebra::composition::leaves::try_composition)
//! with `B`; by a tiler `<B₀, B₁, ..>` mode by mode (see
//! `product/tiler.rs`).

use core::marker::PhantomData;
use core::ops::Add;
use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Integer, NonZero, PInt, Unsigned, B0, B1};

use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::complement::values::{complement_into, StaticMask};
use crate::typelevel::algebra::complement::ComplementTo;
use crate::typelevel::algebra::composition::leaves::{
    ByInt, ByLayout, ComposeBy, RhsKind, RunCompose,
};
use crate::typelevel::algebra::regroup::{FlatForm, TiledForm, ZippedForm};
use crate::typelevel::algebra::size::StaticCosize;
use crate::typelevel::algebra::values::{fault, FlatLayout, FlatLeaves, LeafValues, Values};
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::check::verdict::{First, IntegerOperand};
use crate::typelevel::int::{DivBy, Dyn, IntLeaf, IntMul};
use crate::typelevel::tuple::AllStatic;
use crate::typelevel::tuple::{pair, Congruent, IntTuple, Pair, Shape};
use crate::typelevel::{Cosize, Layout};

/// A layout's shape and stride, taken apart.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Split {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// The parts.
    fn split(self) -> (Self::Shape, Self::Stride);
}
impl<S, D> Split for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    fn split(self) -> (S, D) {
        self.into_parts()
    }
}

/// `$e?` for a `Result<_, LayoutError>` without the `Try` trait: in a
/// generic function each `?` instantiates `branch` and `from_residual` for
/// its types, functions that a debug build generates for every operand type.
macro_rules! ok_or_return {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}
pub(in crate::typelevel::algebra) use ok_or_return;

/// `logical_product(A, B)` for the kind `Self` of `B` (a layout or a
/// tiler): the types alone, the value code is the plan's ([`RunProduct`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ProductBy<A, B> {
    /// The product.
    type Output;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
    /// The type whose [`RunProduct`] impl computes the value.
    type Plan;
}
// Every intermediate result (`size(A)`, `cosize(B)`, the cotarget, the
// complement, its composition with `B` and their verdicts) is bound to a
// parameter of the impl once, so that the where-clauses name no nested
// projection (normalized again for every call otherwise). The composition is
// `ComposeBy`'s impl for a layout, not the blanket `MixedComposition`: each
// trait impl between them is proven again for each use of it. The types the
// value code needs travel in the plan [`LayoutProduct`], so that no value
// path proves this impl again.
// `cosize(B)` is the static algebra's for a `B` whose leaves are all static
// (`CotargetCosize`), the one impl for a static tiler entry's layout
// (`ByStaticLayout`): the leaves' test is left out where `B` is known static.
macro_rules! product_by_layout {
    ($kind:ty, $static:ty, [$($g:ident),*], {$($cosize:tt)*}) => {
        impl<S, D, BS, BD, $($g,)* Z, Q, M, C, VC, VR, P, RS, RD>
            ProductBy<Layout<S, D>, Layout<BS, BD>> for $kind
        where
            S: IntTuple<Size = Z> + FlatLeaves,
            D: FlatLeaves,
            Layout<S, D>: Copy + ComplementTo<M, Output = C, Verdict = VC>,
            $($cosize)*
            Q: IntLeaf,
            Z: IntMul<Q, Output = M>,
            C: FlatLayout,
            ByLayout: ComposeBy<C, Layout<BS, BD>, Output = Layout<RS, RD>, Verdict = VR, Plan = P>,
            P: RunCompose<C, Layout<BS, BD>, Layout<RS, RD>>,
            VC: First<VR>,
            RS: FlatLeaves,
            RD: FlatLeaves,
        {
            type Output = Layout<Pair<S, RS>, Pair<D, RD>>;
            type Verdict = crate::typelevel::check::verdict::Then<VC, VR>;
            type Plan = LayoutProduct<$static, Q, M, C, P, RS, RD>;
        }
    };
}
product_by_layout!(ByLayout, K2, [XS, XD, K2], {
    BS: AllStatic<Bit = XS>,
    BD: AllStatic<Bit = XD>,
    XS: BitAnd<XD, Output = K2>,
    K2: CotargetCosize<Layout<BS, BD>, Output = Q>,
});
product_by_layout!(ByStaticLayout, B1, [], { Layout<BS, BD>: StaticCosize<Output = Q>, });

/// The kind of a right operand `B` known to be a static layout (a static
/// tiler entry's layout): [`ByLayout`]'s product without the test of `B`'s
/// leaves.
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct ByStaticLayout;

/// `cosize(B)` of the layout `L = B` for the kind `Self` of `B`: `B1`, every
/// leaf static, the static algebra's cosize (the type it computes, proven
/// the cheaper way); `B0`, [`Cosize`](crate::typelevel::Cosize), `Dyn` where
/// a leaf it reads is dynamic.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait CotargetCosize<L> {
    /// The cosize.
    type Output;
}
impl<L: StaticCosize> CotargetCosize<L> for B1 {
    type Output = L::Output;
}
impl<L: Cosize> CotargetCosize<L> for B0 {
    type Output = L::Output;
}

/// The plan of a product by a layout `B`: whether every leaf of `B` is
/// static (`K`, `B1` or `B0`), `cosize(B)` (`Q`, static or `Dyn`: static
/// too where `B`'s run-time extents meet static 0 strides), the cotarget's
/// type (`M`), the complement (`C`), the composition's plan (`P`) and the
/// repeat's shape and stride (`RS`, `RD`).
#[doc(hidden)] // a helper, public only because public bounds name it
#[allow(clippy::type_complexity)]
pub struct LayoutProduct<K, Q, M, C, P, RS, RD>(PhantomData<(K, Q, M, C, P, RS, RD)>);
// Only bounds that are cheap to prove: the types come from the plan. One
// impl per kind of cosize `Q`: a static one is a constant of the types
// (`Integer`, the lightest bound: the value code proves its where-clauses
// again for every product), a run-time one is read from `B`'s leaves.
macro_rules! layout_product_run {
    ($([$($g:ident),*] $Q:ty, |$b:ident| $q:expr, {$($bound:tt)*});*) => {$(
        impl<S, D, BS, BD, K, $($g,)* M, C, P, RS, RD>
            RunProduct<Layout<S, D>, Layout<BS, BD>, LogicalForm, Layout<Pair<S, RS>, Pair<D, RD>>>
            for LayoutProduct<K, $Q, M, C, P, RS, RD>
        where
            S: FlatLeaves + StaticMask + Copy,
            D: FlatLeaves + StaticMask + Copy,
            M: IntLeaf,
            C: FlatLayout + Copy,
            P: RunCompose<C, Layout<BS, BD>, Layout<RS, RD>>,
            RS: FlatLeaves + Copy,
            RD: FlatLeaves + Copy,
            $($bound)*
        {
            fn run(
                a: Layout<S, D>,
                $b: Layout<BS, BD>,
            ) -> Result<Layout<Pair<S, RS>, Pair<D, RD>>, LayoutError> {
                // The leaves are read again rather than held: what is generic
                // here stays a few calls (compile time).
                let size = a.values().0.iter().product::<i64>(); // a layout's size fits i64
                let m = ok_or_return!(cotarget(size, $q, "logical_product"));
                let fixed = (S::MASK, D::MASK);
                let c = ok_or_return!(complement_into::<C>(
                    a.values(),
                    fixed,
                    M::STATIC.is_some(),
                    m
                ));
                let r = ok_or_return!(P::run(c, $b));
                ok_or_return!(product_fits(a.values(), r.values()));
                let ((s, d), (rs, rd)) = (a.into_parts(), r.into_parts());
                Ok(Layout::from_parts(pair(s, rs), pair(d, rd)))
            }
        }
    )*};
}
layout_product_run!(
    [U] PInt<U>, |b| <PInt<U> as Integer>::I64, { U: Unsigned + NonZero, BS: Copy, BD: Copy, };
    [] Dyn, |b| b.cosize().value(), { BS: Copy, BD: Copy, Layout<BS, BD>: Cosize, }
);
/// The zipped form by a layout is the logical form.
impl<A, B, K, Q, M, C, P, RS, RD, R> RunProduct<A, B, ZippedForm, R>
    for LayoutProduct<K, Q, M, C, P, RS, RD>
where
    Self: RunProduct<A, B, LogicalForm, R>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: A, b: B) -> Result<R, LayoutError> {
        <Self as RunProduct<A, B, LogicalForm, R>>::run(a, b)
    }
}
/// The tiled and flat forms by a layout regroup the logical form.
macro_rules! regrouped_form {
    ($($form:ident: $item:ident $f:ident),*) => {$(
        impl<S, D, B, K, Q, M, C, P, RS, RD, R> RunProduct<Layout<S, D>, B, $form, R>
            for LayoutProduct<K, Q, M, C, P, RS, RD>
        where
            Self: RunProduct<Layout<S, D>, B, LogicalForm, Layout<Pair<S, RS>, Pair<D, RD>>>,
            Layout<Pair<S, RS>, Pair<D, RD>>: Regrouped<$item = R>,
        {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn run(a: Layout<S, D>, b: B) -> Result<R, LayoutError> {
                ok_or_return!(<Self as RunProduct<Layout<S, D>, B, LogicalForm, _>>::run(a, b)).$f()
            }
        }
    )*};
}
regrouped_form!(TiledForm: Tiled tiled, FlatForm: Flat flat);

/// A product by an integer: refused with [`IntegerOperand`] (CuTe's products
/// take a layout or a tile), so that the error names that rule.
impl<A, B> ProductBy<A, B> for ByInt {
    type Output = ();
    type Verdict = IntegerOperand;
    type Plan = IntegerPlan;
}
impl<A, B> RegroupBy<A, B> for ByInt {
    type Zipped = ();
    type Tiled = ();
    type Flat = ();
    type Verdict = IntegerOperand;
    type Plan = IntegerPlan;
}
/// The plan of a product by an integer, which its verdict refuses at
/// compile time; called through the helper traits it returns the same rule.
#[doc(hidden)]
pub struct IntegerPlan;
impl<A, B, F> RunProduct<A, B, F, ()> for IntegerPlan {
    fn run(_: A, _: B) -> Result<(), LayoutError> {
        Err(LayoutError::new(
            ErrorKind::InvalidArgument,
            "logical_product",
            alloc::string::String::from(
                "the right operand of a product is a layout or a tile, not an integer",
            ),
        ))
    }
}

/// The cotarget `size(A)·cosize(B)` of a product, or `what`'s `Overflow`
/// past `i64`.
pub(in crate::typelevel::algebra) fn cotarget(
    size: i64,
    cosize: i64,
    what: &'static str,
) -> Result<i64, LayoutError> {
    i64::try_from(i128::from(size) * i128::from(cosize)).map_err(|_| {
        LayoutError::new(
            ErrorKind::Overflow,
            what,
            alloc::format!("size(A)·cosize(B) = {size}·{cosize} exceeds i64"),
        )
    })
}

/// `Layout::try_new`'s rule on the product's leaves (`A`'s, then the
/// repeat's `(rs, rd)`).
fn product_fits(
    (s, d): (LeafValues, LeafValues),
    (rs, rd): (LeafValues, LeafValues),
) -> Result<(), LayoutError> {
    let s: Values = s.iter().chain(rs.iter()).copied().collect();
    let d: Values = d.iter().chain(rd.iter()).copied().collect();
    if fault(&s, &d) {
        Err(LayoutError::new(
            ErrorKind::Overflow,
            "logical_product",
            alloc::string::String::from("the cosize of the product exceeds i64"),
        ))
    } else {
        Ok(())
    }
}

/// The zipped, tiled and flat products of `A` by `B` for the kind `Self` of
/// `B`: the logical product regrouped for a layout `B` (see
/// [`Regrouped`]), the blocks and repeats gathered for a tiler.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RegroupBy<A, B> {
    /// `(A, R)` for a layout, `((A₀, A₁, ..), (R₀, R₁, ..))` for a tiler.
    type Zipped;
    /// `(A, R₀, R₁, ..)`, resp. `((A₀, A₁, ..), R₀, R₁, ..)`.
    type Tiled;
    /// `(A₀, A₁, .., R₀, R₁, ..)`.
    type Flat;
    /// `Pass` or the violated rule of the static parts.
    type Verdict;
    /// The type whose [`RunProduct`] impls compute the values.
    type Plan;
}
impl<A, B, P, V, L> RegroupBy<A, B> for ByLayout
where
    ByLayout: ProductBy<A, B, Output = P, Verdict = V, Plan = L>,
    P: Regrouped,
{
    type Zipped = P;
    type Tiled = P::Tiled;
    type Flat = P::Flat;
    type Verdict = V;
    type Plan = L;
}

/// The logical form `(A, R)` of a product (see [`ProductsTo`]).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct LogicalForm;

/// The product of `Self` by `B` in the form `F` is `R`, with the verdict `V`
/// and the plan `P` (the type whose [`RunProduct`] impl computes `R`): one
/// plain bound whose parameters the caller infers, so that borrow checking
/// proves it again from rustc's global cache and the monomorphization walk
/// finds the value code from the plan's type without solving the products'
/// types again.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ProductsTo<B, F, P, R, V> {}
impl<A, B, K, P, R, V> ProductsTo<B, LogicalForm, P, R, V> for A
where
    B: RhsKind<Kind = K>,
    K: ProductBy<A, B, Output = R, Verdict = V, Plan = P>,
{
}
// The other forms: one impl per form, the item of [`RegroupBy`] it names.
macro_rules! products_to {
    ($($form:ident: $item:ident),*) => {$(
        impl<A, B, K, P, R, V> ProductsTo<B, $form, P, R, V> for A
        where
            B: RhsKind<Kind = K>,
            K: RegroupBy<A, B, $item = R, Verdict = V, Plan = P>,
        {
        }
    )*};
}
products_to!(ZippedForm: Zipped, TiledForm: Tiled, FlatForm: Flat);

/// The value code of the product `R` of `A` by `B` in the form `F`, looked up
/// from the types of `Self` (the plan), `A`, `B` and `R`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunProduct<A, B, F, R> {
    /// The product, or the run-time rule it breaks.
    fn run(a: A, b: B) -> Result<R, LayoutError>;
}
/// CuTe's `logical_product(a, b)` for a layout `a` whose leaves mix static
/// integers and `Dyn` and a layout `b`, static or with run-time (`Dyn`)
/// leaves: `(a, complement(a, size(a)·cosize(b)) ∘ b)`, `b`'s copies of `a`
/// placed in the space `a` leaves free; where `cosize(b)` depends on a
/// run-time leaf, the cotarget `size(a)·cosize(b)` is a run-time value (CuTe
/// C++'s `int`). The complement and the composition are the mixed ones (see
/// [`try_complement`](crate::typelevel::try_complement) and
/// [`try_composition`](crate::typelevel::try_composition)): their static rules
/// are compile errors, their run-time rules `Result` errors. By a tiler
/// `<b₀, b₁, ..>`, mode by mode: `((a₀, R₀), (a₁, R₁), ..)` with `(aᵢ, Rᵢ)`
/// the product of mode `aᵢ` by `bᵢ`, the modes past the tiler kept (a tiler
/// longer than `a` is a compile error); an entry is a static integer or
/// layout, or has `Dyn` or `DivBy` leaves (a run-time integer `n` is `n:_1`,
/// CuTe C++'s `make_layout(n)`), then `size(aᵢ)·cosize(bᵢ)` is a run-time
/// cotarget (see `product/tiler.rs`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4)], hlist![_1]).unwrap();
/// let p = try_logical_product(a, layout!(3:1)).unwrap();
/// assert_eq!(format!("{p:#}"), "((4),_3):((_1),4)"); // as CuTe C++
/// let b = Layout::try_new(hlist![Dyn(5), _2], hlist![_1, Dyn(5)]).unwrap();
/// let q = try_logical_product(b, tile!(2, 3:1)).unwrap();
/// assert_eq!(format!("{q:#}"), "((5,_2),(_2,(3,1))):((_1,5),(5,(_1,10)))"); // as CuTe C++
/// let r = try_logical_product(b, Tile(hlist![Dyn(3), _2])).unwrap();
/// assert_eq!(format!("{r:#}"), "((5,3),(_2,(2,1))):((_1,5),(5,(_1,10)))"); // as CuTe C++
/// // B with run-time leaves: cosize(B) = 1 + 2·1 + 1·3 = 6, the cotarget 8·6.
/// let c = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _4]).unwrap();
/// let d = Layout::try_new(hlist![Dyn(3), _2], hlist![_1, Dyn(3)]).unwrap();
/// let s = try_logical_product(c, d).unwrap();
/// assert_eq!(format!("{s:#}"), "((4,_2),((1,3),(1,2))):((_1,_4),((4,8),(12,24)))"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_logical_product<A, B, P, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: ProductsTo<B, LogicalForm, P, R, V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<op::LogicalProductOp>,
    P: RunProduct<A, B, LogicalForm, R>,
{
    P::run(a, b)
}

/// CuTe's `zipped_product(a, b)` for a layout `a` with dynamic leaves and a
/// layout `b`, static or with run-time leaves: the logical product `(a,
/// complement(a, size(a)·cosize(b)) ∘ b)` itself (CuTe C++ unzips by the
/// tiler, and a layout `b` is one mode), see [`try_logical_product`]; by a
/// tiler, `((a₀, a₁, ..), (R₀, R₁, ..))`, the modes past the tiler after the
/// repeats.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _4]).unwrap();
/// let p = try_zipped_product(a, layout!((2,3):(3,1))).unwrap();
/// assert_eq!(format!("{p:#}"), "((4,_2),((1,2),(1,3))):((_1,_4),((12,24),(4,8)))"); // as CuTe C++
/// let b = Layout::try_new(hlist![Dyn(5), _2], hlist![_1, Dyn(5)]).unwrap();
/// let q = try_zipped_product(b, tile!(4)).unwrap();
/// assert_eq!(format!("{q:#}"), "((5),(_4,_2)):((_1),(5,5))"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_zipped_product<A, B, P, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: ProductsTo<B, ZippedForm, P, R, V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<op::ZippedProductOp>,
    P: RunProduct<A, B, ZippedForm, R>,
{
    P::run(a, b)
}

/// A mode's top-level modes as lists, spread when there are several; a leaf
/// or a one-mode tuple stays one mode (CuTe C++'s `repeat<rank>(_)` slice).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait SpreadMode<D> {
    /// The shapes of the modes.
    type Shapes;
    /// Their strides.
    type Strides;
    /// The values.
    fn spread(self, d: D) -> (Self::Shapes, Self::Strides);
}
macro_rules! spread_whole {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<$($g)* D> SpreadMode<D> for $S {
            type Shapes = HCons<$S, HNil>;
            type Strides = HCons<D, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn spread(self, d: D) -> (Self::Shapes, Self::Strides) {
                (HCons { head: self, tail: HNil }, HCons { head: d, tail: HNil })
            }
        }
    )*};
}
spread_whole!([U: Unsigned + NonZero,] PInt<U>, [] Dyn, [N,] DivBy<N>, [H,] HCons<H, HNil>);
impl<H, H2, T, D> SpreadMode<D> for HCons<H, HCons<H2, T>> {
    type Shapes = Self;
    type Strides = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn spread(self, d: D) -> (Self, D) {
        (self, d)
    }
}

/// The tiled and flat forms of a logical product `(A, R)`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait Regrouped: Sized {
    /// `(A, R₀, R₁, ..)`.
    type Tiled;
    /// `(A₀, A₁, .., R₀, R₁, ..)`.
    type Flat;
    /// The tiled form.
    fn tiled(self) -> Result<Self::Tiled, LayoutError>;
    /// The flat form.
    fn flat(self) -> Result<Self::Flat, LayoutError>;
}
/// A half of the zipped form as top-level modes (see [`SpreadMode`]): its shapes.
pub(in crate::typelevel::algebra) type SpreadShapes<S, D> = <S as SpreadMode<D>>::Shapes;
/// Its strides.
pub(in crate::typelevel::algebra) type SpreadStrides<S, D> = <S as SpreadMode<D>>::Strides;
/// Two mode lists, one after the other.
pub(in crate::typelevel::algebra) type Appended<X, Y> = <X as Add<Y>>::Output;
impl<S, RS, D, RD> Regrouped for Layout<Pair<S, RS>, Pair<D, RD>>
where
    S: SpreadMode<D>,
    RS: SpreadMode<RD>,
    SpreadShapes<S, D>: Add<SpreadShapes<RS, RD>>,
    SpreadStrides<S, D>: Add<SpreadStrides<RS, RD>>,
    HCons<S, SpreadShapes<RS, RD>>: Shape + Congruent<HCons<D, SpreadStrides<RS, RD>>>,
    HCons<D, SpreadStrides<RS, RD>>: IntTuple,
    Appended<SpreadShapes<S, D>, SpreadShapes<RS, RD>>:
        Shape + Congruent<Appended<SpreadStrides<S, D>, SpreadStrides<RS, RD>>>,
    Appended<SpreadStrides<S, D>, SpreadStrides<RS, RD>>: IntTuple,
{
    type Tiled = Layout<HCons<S, SpreadShapes<RS, RD>>, HCons<D, SpreadStrides<RS, RD>>>;
    type Flat = Layout<
        Appended<SpreadShapes<S, D>, SpreadShapes<RS, RD>>,
        Appended<SpreadStrides<S, D>, SpreadStrides<RS, RD>>,
    >;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(self) -> Result<Self::Tiled, LayoutError> {
        let (s, d) = self.into_parts();
        let (rs, rd) = s.tail.head.spread(d.tail.head);
        let (s, d) = (
            HCons {
                head: s.head,
                tail: rs,
            },
            HCons {
                head: d.head,
                tail: rd,
            },
        );
        Layout::try_new_or(s, d, || overflow("tiled_product"))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn flat(self) -> Result<Self::Flat, LayoutError> {
        let (s, d) = self.into_parts();
        let (xs, xd) = s.head.spread(d.head);
        let (rs, rd) = s.tail.head.spread(d.tail.head);
        Layout::try_new_or(xs + rs, xd + rd, || overflow("flat_product"))
    }
}

/// The error of a result whose size or cosize leaves `i64`.
pub(in crate::typelevel::algebra) fn overflow(what: &'static str) -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        what,
        alloc::string::String::from("the size or cosize of the result exceeds i64"),
    )
}

/// CuTe's `tiled_product(a, b)` for a layout `a` with dynamic leaves and a
/// layout `b`, static or with run-time leaves: the logical product `(a, R)`
/// with the modes of the repeat `R` spread, `(a, R₀, R₁, ..)` (an `R` of rank
/// 1 stays one mode), see [`try_logical_product`]; by a tiler, `((a₀, a₁,
/// ..), R₀, R₁, ..)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _4]).unwrap();
/// let p = try_tiled_product(a, layout!((2,3):(3,1))).unwrap();
/// assert_eq!(format!("{p:#}"), "((4,_2),(1,2),(1,3)):((_1,_4),(12,24),(4,8))"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_tiled_product<A, B, P, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: ProductsTo<B, TiledForm, P, R, V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<op::TiledProductOp>,
    P: RunProduct<A, B, TiledForm, R>,
{
    P::run(a, b)
}

/// CuTe's `flat_product(a, b)` for a layout `a` with dynamic leaves and a
/// layout `b`, static or with run-time leaves: the logical product `(a, R)`
/// with both halves spread, `(a₀, a₁, .., R₀, R₁, ..)` (a half of rank 1
/// stays one mode), see [`try_logical_product`]; by a tiler, `(a₀, a₁, ..,
/// R₀, R₁, ..)` with the blocks `aᵢ` of the tiled modes (again a half of
/// rank 1 stays one mode).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, _4]).unwrap();
/// let p = try_flat_product(a, layout!(3:1)).unwrap();
/// assert_eq!(format!("{p:#}"), "(4,_2,1,3):(_1,_4,4,8)"); // as CuTe C++
/// ```
// One call: inlined in debug builds too (one function less per call type).
#[inline(always)]
pub fn try_flat_product<A, B, P, R, V>(a: A, b: B) -> Result<R, LayoutError>
where
    A: ProductsTo<B, FlatForm, P, R, V>,
    V: Shown<A, B>,
    ShownOf<V, A, B>: Admissible<op::FlatProductOp>,
    P: RunProduct<A, B, FlatForm, R>,
{
    P::run(a, b)
}
