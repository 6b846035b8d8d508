//! The products of a layout `A` whose leaves mix static integers and `Dyn` by
//! a tiler `<B₀, B₁, ..>`, mode by mode as CuTe C++ takes them: mode `i` of
//! the logical product is `(Aᵢ, Rᵢ)` with the repeat
//! `Rᵢ = complement(Aᵢ, size(Aᵢ)·cosize(Bᵢ)) ∘ Bᵢ`, the modes of `A` past the
//! tiler are kept; the zipped form gathers the blocks and the repeats,
//! `((A₀, A₁, ..), (R₀, R₁, ..))`, and the tiled and flat forms spread its
//! halves as for a product by a layout. A tiler with more entries than `A`
//! has modes is a compile error.
//!
//! An entry is a static integer `n` (`n:1`, `1:0` for `n = 1`) or a static
//! layout: the mode's product is the mixed
//! [`try_logical_product`](crate::typelevel::algebra::product::leaves::try_logical_product) by it.
//! Or it has dynamic leaves, a run-time integer `n` (`Dyn` or `DivBy<N>`:
//! `n:_1`, CuTe C++'s `make_layout(n)`) or a layout with `Dyn` leaves: then
//! `cosize(Bᵢ)` is dynamic, the complement is the mixed
//! [`try_complement`](crate::typelevel::try_complement) up to a dynamic
//! cotarget and the composition the mixed
//! [`try_composition`](crate::typelevel::try_composition) with a layout of
//! `Dyn` leaves, so that a leaf of `Rᵢ` is static where CuTe C++ keeps it
//! static with `int` entries. Their static rules stay compile errors, their
//! run-time rules are the errors here (`NonPositiveShape` for an extent
//! below 1, `NotComplementable`, `Overflow`, ...).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![Dyn(5), _2], hlist![_1, Dyn(5)]).unwrap();
//! let p = try_logical_product(a, Tile(hlist![Dyn(3), _2])).unwrap();
//! assert_eq!(format!("{p:#}"), "((5,3),(_2,(2,1))):((_1,5),(5,(_1,10)))"); // as CuTe C++
//! let q = try_flat_product(a, tile!({3}:{2}, 2).unwrap()).unwrap();
//! assert_eq!(format!("{q:#}"), "(5,_2,3,(2,1)):(_1,5,10,(_1,10))"); // as CuTe C++
//! assert!(try_zipped_product(a, Tile(hlist![Dyn(0)])).is_err());
//! ```
//!
//! Every form holds the leaves of `A` and of the repeats `Rᵢ`, each already
//! a well-formed layout: the form's own check (size and cosize within `i64`)
//! gathers these leaves in [`Bounds`] and checks them by code shared by every
//! operand type, instead of walking each form's type. What is generic per operand
//! type is only the moves of the leaves into the form's structure (the mode
//! products are generic per mode type, shared by the operands with that
//! mode). The types of the parts ([`ProductModes`]) are apart from their
//! values ([`TilerForms`], [`ZippedModes`], [`RunEntry`]), which take the
//! types and the plans of the repeats as parameters: the compiler then picks
//! each value's impl by matching known types, without working out the mode
//! products' types again for each operand type.

use core::marker::PhantomData;
use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};

use typenum::{B0, B1};

use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::algebra::complement::{ComplementTo, RunComplement};
use crate::typelevel::algebra::composition::leaves::{ByTiler, MixedComposition};
use crate::typelevel::algebra::divide::leaves::{DynEntry, EntryKind, TileEntry};
use crate::typelevel::algebra::modes::StaticValue;
use crate::typelevel::algebra::product::leaves::{
    cotarget, ok_or_return, overflow, Appended, ByStaticLayout, LogicalForm, ProductBy, RegroupBy,
    RunProduct, Split, SpreadMode, SpreadShapes, SpreadStrides,
};
use crate::typelevel::algebra::product::rank::Repeat;
use crate::typelevel::algebra::regroup::{FlatForm, TiledForm, ZippedForm};
use crate::typelevel::algebra::values::{FlatLayout, FlatLeaves, LeafValues};
use crate::typelevel::check::verdict::{First, Pass, RankMismatch, Then};
use crate::typelevel::int::{IntLeaf, IntMul};
use crate::typelevel::tuple::{pair, Congruent, IntTuple, Pair, Shape};
use crate::typelevel::{Cosize, Layout, Tile};

/// The size `Π sᵢ` and span `Σ (sᵢ − 1)·|dᵢ|` of a result's leaves, gathered
/// from its parts (the layout `A`, then each repeat `Rᵢ`, each a layout): the
/// result breaks `Layout::try_new`'s rules exactly when the totals leave
/// `i64` (every term is non-negative, so the order of the sums does not
/// matter). The parts' leaves are added by code shared by every operand type,
/// and the sums need no drop (a debug build then generates no unwinding
/// paths for them).
#[doc(hidden)] // a helper, public only because public traits name it
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    size: i128,
    span: i128,
    fault: bool,
}
impl Bounds {
    /// The leaves `(s, d)` of the layout `A`.
    fn of(leaves: (LeafValues, LeafValues)) -> Bounds {
        let mut b = Bounds {
            size: 1,
            span: 0,
            fault: false,
        };
        b.add(leaves);
        b
    }
    /// Adds the leaves `(s, d)` of a part.
    fn add(&mut self, (s, d): (LeafValues, LeafValues)) {
        for (&s, &d) in s.iter().zip(d.iter()) {
            if s < 1 {
                self.fault = true;
            } else {
                self.size = self.size.saturating_mul(i128::from(s));
                self.span += i128::from(s - 1) * i128::from(d).abs();
            }
        }
    }
    /// `Ok` when the totals make a layout, else `what`'s overflow error.
    fn check(self, what: &'static str) -> Result<(), LayoutError> {
        if self.fault || self.size > i128::from(i64::MAX) || self.span >= i128::from(i64::MAX) {
            Err(overflow(what))
        } else {
            Ok(())
        }
    }
}

/// The modes `Self` (shapes) and `D` (strides) multiplied by the tiler
/// entries `T`, mode by mode, the modes past the tiler kept: the parts' types
/// (the values: [`TilerForms`], [`ZippedModes`]).
#[diagnostic::on_unimplemented(
    message = "a product of a layout with dynamic leaves cannot multiply the modes `{Self}` by `{T}`",
    note = "a tiler entry of a product is an integer (static, `Dyn` or `DivBy<N>`) or a layout"
)]
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ProductModes<D, T> {
    /// The parts' types as one type ([`ModesTypes`]): each projection through
    /// an impl proves its where-clauses again, so one instead of seven.
    type Types;
}
/// The types of a product by a tiler's parts: the blocks `AS:AD` (one per
/// tiler entry), the repeats then the modes past the tiler `RS:RD`, the
/// `(block, repeat)` pairs then the modes past the tiler `PS:PD`, the
/// verdict `V` (`Pass` or the first violated rule) and the plans `PL` of the
/// repeats' values (one per tiler entry, see [`RunEntry`]).
#[doc(hidden)] // a helper, public only because public bounds name it
#[allow(clippy::type_complexity)]
pub struct ModesTypes<AS, AD, RS, RD, PS, PD, V, PL>(PhantomData<(AS, AD, RS, RD, PS, PD, V, PL)>);
/// The parts of [`ModesTypes`].
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait ModesParts {
    /// The blocks' shapes.
    type AS;
    /// Their strides.
    type AD;
    /// The repeats' shapes, then the modes past the tiler.
    type RS;
    /// Their strides.
    type RD;
    /// The pairs' shapes, then the modes past the tiler.
    type PS;
    /// Their strides.
    type PD;
    /// The verdict.
    type Verdict;
    /// The plans of the repeats.
    type Plans;
}
impl<AS, AD, RS, RD, PS, PD, V, PL> ModesParts for ModesTypes<AS, AD, RS, RD, PS, PD, V, PL> {
    type AS = AS;
    type AD = AD;
    type RS = RS;
    type RD = RD;
    type PS = PS;
    type PD = PD;
    type Verdict = V;
    type Plans = PL;
}
impl<S, D> ProductModes<D, HNil> for S {
    type Types = ModesTypes<HNil, HNil, S, D, S, D, Pass, HNil>;
}
// More tiler entries than modes: refused at compile time by the verdict.
impl<BH, BT> ProductModes<HNil, HCons<BH, BT>> for HNil {
    type Types = ModesTypes<HNil, HNil, HNil, HNil, HNil, HNil, RankMismatch, HNil>;
}

/// The repeat `R` of the product `(L, R)` of a mode `L` by the tiler entry
/// `B`, for the entry's kind `Self` ([`EntryKind`]): `B1`, a static entry,
/// through the mixed product by the entry's layout (its value a constant);
/// `B0`, an entry with a dynamic leaf, `complement(L, size(L)·cosize(B)) ∘ B`
/// with a dynamic cotarget (see the module).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait EntryRepeat<L, B> {
    /// The repeat's shape and stride, the verdict and the plan, as one type
    /// ([`RepeatTypes`]): one projection per use instead of four.
    type Types;
}
/// The repeat's shape `S`, stride `D`, verdict `V` and the plan `P` of its
/// value ([`RunEntry`]; see [`EntryRepeat`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct RepeatTypes<S, D, V, P>(PhantomData<(S, D, V, P)>);
/// The parts of [`RepeatTypes`].
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RepeatParts {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// The verdict.
    type Verdict;
    /// The plan.
    type Plan;
}
impl<S, D, V, P> RepeatParts for RepeatTypes<S, D, V, P> {
    type Shape = S;
    type Stride = D;
    type Verdict = V;
    type Plan = P;
}
/// The value of the repeat `RS:RD` of [`EntryRepeat`], looked up from the
/// type of `Self` (the plan): [`StaticEntry`] for a static entry, `B0` for an
/// entry with a dynamic leaf.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunEntry<L, B, RS, RD> {
    /// The repeat of `l` by `b`, or the error of the values, reported as
    /// the operation `what`'s where the entry is refused.
    fn entry_repeat(l: L, b: B, what: &'static str) -> Result<(RS, RD), LayoutError>;
}
// The mode's product by the static entry's layout `BL` is `ProductBy`'s impl
// for a static layout (`ByStaticLayout`: no test of the entry's leaves), its
// result, verdict and plan bound once to parameters (not the blanket product
// of a right operand's kind: each trait impl between them is proven again
// for each use of it).
impl<L, B, BL, P, RS, RD, V, LP> EntryRepeat<L, B> for B1
where
    B: TileEntry<Layout = BL>,
    BL: StaticValue,
    ByStaticLayout: ProductBy<L, BL, Output = P, Verdict = V, Plan = LP>,
    P: Repeat<Shape = RS, Stride = RD>,
{
    type Types = RepeatTypes<RS, RD, V, StaticEntry<BL, LP>>;
}
/// The plan of a repeat by a static entry: the entry's layout `BL` and the
/// plan `LP` of the mode's product by it.
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct StaticEntry<BL, LP>(PhantomData<(BL, LP)>);
impl<SH, DH, B, BL, LP, RS, RD> RunEntry<Layout<SH, DH>, B, RS, RD> for StaticEntry<BL, LP>
where
    B: Copy,
    BL: StaticValue,
    LP: RunProduct<Layout<SH, DH>, BL, LogicalForm, Layout<Pair<SH, RS>, Pair<DH, RD>>>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry_repeat(l: Layout<SH, DH>, _: B, _: &'static str) -> Result<(RS, RD), LayoutError> {
        Ok(ok_or_return!(LP::run(l, BL::VALUE)).repeat())
    }
}
// Every intermediate result (the entry's layout, its cosize, the cotarget,
// the complement, its composition with the entry and their verdicts) is bound
// to a parameter of the impl once (see `ComplementTo`).
impl<S, D, B, BL, C, M, Q, R, RS, RD, VC, VR> EntryRepeat<Layout<S, D>, B> for B0
where
    S: IntTuple,
    B: DynEntry<Layout = BL>,
    BL: Cosize<Output = C> + Copy,
    C: IntLeaf,
    S::Size: IntMul<C, Output = M>,
    Layout<S, D>: ComplementTo<M, Output = Q, Verdict = VC>,
    Q: MixedComposition<BL, Output = R, Verdict = VR>,
    R: Split<Shape = RS, Stride = RD>,
    VC: First<VR>,
{
    type Types = RepeatTypes<RS, RD, Then<VC, VR>, B0>;
}
impl<S, D, B, BL, C, M, Q, R, RS, RD> RunEntry<Layout<S, D>, B, RS, RD> for B0
where
    S: IntTuple,
    B: DynEntry<Layout = BL>,
    BL: Cosize<Output = C> + Copy,
    C: IntLeaf,
    S::Size: IntMul<C, Output = M>,
    Layout<S, D>: RunComplement<M, Output = Q>,
    Q: MixedComposition<BL, Output = R>,
    R: Split<Shape = RS, Stride = RD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry_repeat(a: Layout<S, D>, b: B, what: &'static str) -> Result<(RS, RD), LayoutError> {
        let b = ok_or_return!(b.entry(what));
        let m = ok_or_return!(cotarget(a.shape().size().value(), b.cosize().value(), what));
        let c = ok_or_return!(a.complement_to(m));
        Ok(ok_or_return!(c.mixed_compose(b)).split())
    }
}

/// The kind of the entry `B` (`B1` static, `B0` with a dynamic leaf).
type KindOf<B> = <B as EntryKind>::Static;
/// `Rᵢ`'s shape and stride, and the verdict of the mode's product.
type RepT<SH, DH, B> = <KindOf<B> as EntryRepeat<Layout<SH, DH>, B>>::Types;
type RepS<SH, DH, B> = <RepT<SH, DH, B> as RepeatParts>::Shape;
type RepD<SH, DH, B> = <RepT<SH, DH, B> as RepeatParts>::Stride;
type RepV<SH, DH, B> = <RepT<SH, DH, B> as RepeatParts>::Verdict;
type RepP<SH, DH, B> = <RepT<SH, DH, B> as RepeatParts>::Plan;
/// The parts' types of the tail's product.
type TailOf<ST, DT, BT> = <ST as ProductModes<DT, BT>>::Types;
impl<SH, ST, DH, DT, BH, BT> ProductModes<HCons<DH, DT>, HCons<BH, BT>> for HCons<SH, ST>
where
    BH: EntryKind,
    KindOf<BH>: EntryRepeat<Layout<SH, DH>, BH>,
    RepT<SH, DH, BH>: RepeatParts,
    ST: ProductModes<DT, BT>,
    TailOf<ST, DT, BT>: ModesParts,
    RepV<SH, DH, BH>: First<<TailOf<ST, DT, BT> as ModesParts>::Verdict>,
{
    type Types = ModesTypes<
        HCons<SH, <TailOf<ST, DT, BT> as ModesParts>::AS>,
        HCons<DH, <TailOf<ST, DT, BT> as ModesParts>::AD>,
        HCons<RepS<SH, DH, BH>, <TailOf<ST, DT, BT> as ModesParts>::RS>,
        HCons<RepD<SH, DH, BH>, <TailOf<ST, DT, BT> as ModesParts>::RD>,
        HCons<Pair<SH, RepS<SH, DH, BH>>, <TailOf<ST, DT, BT> as ModesParts>::PS>,
        HCons<Pair<DH, RepD<SH, DH, BH>>, <TailOf<ST, DT, BT> as ModesParts>::PD>,
        Then<RepV<SH, DH, BH>, <TailOf<ST, DT, BT> as ModesParts>::Verdict>,
        HCons<RepP<SH, DH, BH>, <TailOf<ST, DT, BT> as ModesParts>::Plans>,
    >;
}

/// The values of the logical form's modes `PS:PD` (their types from
/// [`ProductModes`]: the pairs `(Aᵢ, Rᵢ)`, then the modes past the tiler),
/// each repeat's value by its plan in `PL`, its leaves added to `b`.
///
/// The types are parameters, not associated types: a call's impls are then
/// picked by matching types the caller already knows, and the mode products'
/// types are not worked out again for each operand type (a cost in compile
/// time; so for [`ZippedModes`]).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TilerForms<D, T, PL, PS, PD> {
    /// The logical form's modes by the entries `t`.
    fn logical_modes(self, d: D, t: T, b: &mut Bounds) -> Result<(PS, PD), LayoutError>;
}
/// The values of the zipped form's halves: the blocks `XS:XD`, the repeats
/// and the modes past the tiler `RS:RD` (see [`TilerForms`]).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ZippedModes<D, T, PL, XS, XD, RS, RD> {
    /// The zipped form's halves by the entries `t` (errors reported as `what`'s).
    #[allow(clippy::type_complexity)]
    fn zipped_modes(
        self,
        d: D,
        t: T,
        b: &mut Bounds,
        what: &'static str,
    ) -> Result<(XS, XD, RS, RD), LayoutError>;
}
impl<S, D> TilerForms<D, HNil, HNil, S, D> for S {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical_modes(self, d: D, _: HNil, _: &mut Bounds) -> Result<(S, D), LayoutError> {
        Ok((self, d))
    }
}
impl<S, D> ZippedModes<D, HNil, HNil, HNil, HNil, S, D> for S {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped_modes(
        self,
        d: D,
        _: HNil,
        _: &mut Bounds,
        _: &'static str,
    ) -> Result<(HNil, HNil, S, D), LayoutError> {
        Ok((HNil, HNil, self, d))
    }
}
/// More tiler entries than modes: refused at compile time by the verdict.
fn too_many_entries<X>() -> Result<X, LayoutError> {
    Err(LayoutError::new(
        ErrorKind::RankMismatch,
        "logical_product",
        alloc::string::String::from("the tiler has more entries than the layout has modes"),
    ))
}
impl<BH, BT> TilerForms<HNil, HCons<BH, BT>, HNil, HNil, HNil> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical_modes(
        self,
        _: HNil,
        _: HCons<BH, BT>,
        _: &mut Bounds,
    ) -> Result<(HNil, HNil), LayoutError> {
        too_many_entries()
    }
}
impl<BH, BT> ZippedModes<HNil, HCons<BH, BT>, HNil, HNil, HNil, HNil, HNil> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped_modes(
        self,
        _: HNil,
        _: HCons<BH, BT>,
        _: &mut Bounds,
        _: &'static str,
    ) -> Result<(HNil, HNil, HNil, HNil), LayoutError> {
        too_many_entries()
    }
}
impl<SH, ST, DH, DT, BH, BT, PH, PT, R, Q, PS, PD>
    TilerForms<
        HCons<DH, DT>,
        HCons<BH, BT>,
        HCons<PH, PT>,
        HCons<Pair<SH, R>, PS>,
        HCons<Pair<DH, Q>, PD>,
    > for HCons<SH, ST>
where
    SH: Copy,
    DH: Copy,
    PH: RunEntry<Layout<SH, DH>, BH, R, Q>,
    R: FlatLeaves + Copy,
    Q: FlatLeaves + Copy,
    ST: TilerForms<DT, BT, PT, PS, PD> + Copy,
    DT: Copy,
    BT: Copy,
    PS: Copy,
    PD: Copy,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[allow(clippy::type_complexity)]
    fn logical_modes(
        self,
        d: HCons<DH, DT>,
        t: HCons<BH, BT>,
        b: &mut Bounds,
    ) -> Result<(HCons<Pair<SH, R>, PS>, HCons<Pair<DH, Q>, PD>), LayoutError> {
        let (s, x) = (self.head, d.head);
        let (rs, rd) = ok_or_return!(PH::entry_repeat(
            Layout::from_parts(s, x),
            t.head,
            "logical_product"
        ));
        b.add(Layout::from_parts(rs, rd).values());
        let (ps, pd) = ok_or_return!(self.tail.logical_modes(d.tail, t.tail, b));
        Ok((
            HCons {
                head: pair(s, rs),
                tail: ps,
            },
            HCons {
                head: pair(x, rd),
                tail: pd,
            },
        ))
    }
}
impl<SH, ST, DH, DT, BH, BT, PH, PT, R, Q, XS, XD, RS, RD>
    ZippedModes<
        HCons<DH, DT>,
        HCons<BH, BT>,
        HCons<PH, PT>,
        HCons<SH, XS>,
        HCons<DH, XD>,
        HCons<R, RS>,
        HCons<Q, RD>,
    > for HCons<SH, ST>
where
    SH: Copy,
    DH: Copy,
    PH: RunEntry<Layout<SH, DH>, BH, R, Q>,
    R: FlatLeaves + Copy,
    Q: FlatLeaves + Copy,
    ST: ZippedModes<DT, BT, PT, XS, XD, RS, RD> + Copy,
    DT: Copy,
    BT: Copy,
    XS: Copy,
    XD: Copy,
    RS: Copy,
    RD: Copy,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[allow(clippy::type_complexity)]
    fn zipped_modes(
        self,
        d: HCons<DH, DT>,
        t: HCons<BH, BT>,
        b: &mut Bounds,
        what: &'static str,
    ) -> Result<(HCons<SH, XS>, HCons<DH, XD>, HCons<R, RS>, HCons<Q, RD>), LayoutError> {
        let (s, x) = (self.head, d.head);
        let (rs, rd) = ok_or_return!(PH::entry_repeat(Layout::from_parts(s, x), t.head, what));
        b.add(Layout::from_parts(rs, rd).values());
        let (xs, xd, trs, trd) = ok_or_return!(self.tail.zipped_modes(d.tail, t.tail, b, what));
        Ok((
            HCons { head: s, tail: xs },
            HCons { head: x, tail: xd },
            HCons {
                head: rs,
                tail: trs,
            },
            HCons {
                head: rd,
                tail: trd,
            },
        ))
    }
}

/// The logical form `((A₀, R₀), (A₁, R₁), ..)` of a product by a tiler, the
/// modes past the tiler after the pairs (its value: [`TilerLogical`]).
impl<S, D, T, M, PS, PD, V, PL> ProductBy<Layout<S, D>, Tile<T>> for ByTiler
where
    S: ProductModes<D, T, Types = M>,
    M: ModesParts<PS = PS, PD = PD, Verdict = V, Plans = PL>,
    PS: Shape + Congruent<PD>,
    PD: IntTuple,
{
    type Output = Layout<PS, PD>;
    type Verdict = V;
    type Plan = TilerLogical<PL>;
}
/// The plan of the logical product by a tiler: the plans `PL` of the
/// repeats (see [`RunEntry`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct TilerLogical<PL>(PhantomData<PL>);
/// The logical form's value, checked as a whole (see [`Bounds`]).
impl<S, D, T, PL, PS, PD> RunProduct<Layout<S, D>, Tile<T>, LogicalForm, Layout<PS, PD>>
    for TilerLogical<PL>
where
    S: TilerForms<D, T, PL, PS, PD> + FlatLeaves + Copy,
    D: FlatLeaves + Copy,
    T: Copy,
    PS: Copy,
    PD: Copy,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, t: Tile<T>) -> Result<Layout<PS, PD>, LayoutError> {
        let mut b = Bounds::of(a.values());
        let (s, d) = a.into_parts();
        let (s, d) = ok_or_return!(s.logical_modes(d, t.0, &mut b));
        ok_or_return!(b.check("logical_product"));
        Ok(Layout::from_parts(s, d))
    }
}

/// The plan of the zipped, tiled and flat products by a tiler: the blocks
/// `XS:XD`, the repeats with the modes past the tiler `RS:RD` and the plans
/// `PL` of the repeats (see [`RunEntry`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub struct TilerZipped<XS, XD, RS, RD, PL>(PhantomData<(XS, XD, RS, RD, PL)>);

/// The zipped form `((A₀, A₁, ..), (R₀, R₁, ..))` of a product by a tiler,
/// the modes past the tiler after the repeats, and the tiled and flat forms,
/// which spread its halves as CuTe C++'s `repeat<rank>(_)` slices do (a half
/// of rank 1 stays one mode); their values: [`TilerZipped`].
impl<S, D, T, M, XS, XD, RS, RD, V, PL> RegroupBy<Layout<S, D>, Tile<T>> for ByTiler
where
    S: ProductModes<D, T, Types = M>,
    M: ModesParts<AS = XS, AD = XD, RS = RS, RD = RD, Verdict = V, Plans = PL>,
    Pair<XS, RS>: Shape + Congruent<Pair<XD, RD>>,
    Pair<XD, RD>: IntTuple,
    XS: SpreadMode<XD>,
    RS: SpreadMode<RD>,
    HCons<XS, SpreadShapes<RS, RD>>: Shape + Congruent<HCons<XD, SpreadStrides<RS, RD>>>,
    HCons<XD, SpreadStrides<RS, RD>>: IntTuple,
    SpreadShapes<XS, XD>: Add<SpreadShapes<RS, RD>>,
    SpreadStrides<XS, XD>: Add<SpreadStrides<RS, RD>>,
    Appended<SpreadShapes<XS, XD>, SpreadShapes<RS, RD>>:
        Shape + Congruent<Appended<SpreadStrides<XS, XD>, SpreadStrides<RS, RD>>>,
    Appended<SpreadStrides<XS, XD>, SpreadStrides<RS, RD>>: IntTuple,
{
    type Zipped = Layout<Pair<XS, RS>, Pair<XD, RD>>;
    type Tiled = Layout<HCons<XS, SpreadShapes<RS, RD>>, HCons<XD, SpreadStrides<RS, RD>>>;
    type Flat = Layout<
        Appended<SpreadShapes<XS, XD>, SpreadShapes<RS, RD>>,
        Appended<SpreadStrides<XS, XD>, SpreadStrides<RS, RD>>,
    >;
    type Verdict = V;
    type Plan = TilerZipped<XS, XD, RS, RD, PL>;
}
/// The zipped form's halves by the tiler `T`, checked as a whole (see
/// [`Bounds`], errors reported as `what`'s).
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::type_complexity)]
fn zipped_halves<S, D, T, PL, XS, XD, RS, RD>(
    a: Layout<S, D>,
    t: Tile<T>,
    what: &'static str,
) -> Result<(XS, XD, RS, RD), LayoutError>
where
    S: ZippedModes<D, T, PL, XS, XD, RS, RD> + FlatLeaves + Copy,
    D: FlatLeaves + Copy,
    T: Copy,
    XS: Copy,
    XD: Copy,
    RS: Copy,
    RD: Copy,
{
    let mut b = Bounds::of(a.values());
    let (s, d) = a.into_parts();
    let halves = ok_or_return!(s.zipped_modes(d, t.0, &mut b, what));
    ok_or_return!(b.check(what));
    Ok(halves)
}
impl<S, D, T, PL, XS, XD, RS, RD>
    RunProduct<Layout<S, D>, Tile<T>, ZippedForm, Layout<Pair<XS, RS>, Pair<XD, RD>>>
    for TilerZipped<XS, XD, RS, RD, PL>
where
    S: ZippedModes<D, T, PL, XS, XD, RS, RD> + FlatLeaves + Copy,
    D: FlatLeaves + Copy,
    T: Copy,
    XS: Copy,
    XD: Copy,
    RS: Copy,
    RD: Copy,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, t: Tile<T>) -> Result<Layout<Pair<XS, RS>, Pair<XD, RD>>, LayoutError> {
        let (xs, xd, rs, rd) = ok_or_return!(zipped_halves(a, t, "zipped_product"));
        Ok(Layout::from_parts(pair(xs, rs), pair(xd, rd)))
    }
}
impl<S, D, T, PL, XS, XD, RS, RD, TS, TD>
    RunProduct<Layout<S, D>, Tile<T>, TiledForm, Layout<HCons<XS, TS>, HCons<XD, TD>>>
    for TilerZipped<XS, XD, RS, RD, PL>
where
    S: ZippedModes<D, T, PL, XS, XD, RS, RD> + FlatLeaves + Copy,
    D: FlatLeaves + Copy,
    T: Copy,
    XS: Copy,
    XD: Copy,
    RS: Copy,
    RD: Copy,
    RS: SpreadMode<RD, Shapes = TS, Strides = TD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(
        a: Layout<S, D>,
        t: Tile<T>,
    ) -> Result<Layout<HCons<XS, TS>, HCons<XD, TD>>, LayoutError> {
        let (xs, xd, rs, rd) = ok_or_return!(zipped_halves(a, t, "tiled_product"));
        let (rs, rd) = rs.spread(rd);
        Ok(Layout::from_parts(
            HCons { head: xs, tail: rs },
            HCons { head: xd, tail: rd },
        ))
    }
}
impl<S, D, T, PL, XS, XD, RS, RD, FS, FD>
    RunProduct<Layout<S, D>, Tile<T>, FlatForm, Layout<FS, FD>> for TilerZipped<XS, XD, RS, RD, PL>
where
    S: ZippedModes<D, T, PL, XS, XD, RS, RD> + FlatLeaves + Copy,
    D: FlatLeaves + Copy,
    T: Copy,
    XS: Copy,
    XD: Copy,
    RS: Copy,
    RD: Copy,
    XS: SpreadMode<XD>,
    RS: SpreadMode<RD>,
    SpreadShapes<XS, XD>: Add<SpreadShapes<RS, RD>, Output = FS>,
    SpreadStrides<XS, XD>: Add<SpreadStrides<RS, RD>, Output = FD>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run(a: Layout<S, D>, t: Tile<T>) -> Result<Layout<FS, FD>, LayoutError> {
        let (xs, xd, rs, rd) = ok_or_return!(zipped_halves(a, t, "flat_product"));
        let ((xs, xd), (rs, rd)) = (xs.spread(xd), rs.spread(rd));
        Ok(Layout::from_parts(xs + rs, xd + rd))
    }
}
