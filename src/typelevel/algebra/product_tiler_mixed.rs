//! The products of a layout `A` whose leaves mix static integers and `Dyn` by
//! a tiler `<B₀, B₁, ..>` of static entries (an integer `n` is `n:1`, `1:0`
//! for `n = 1`), mode by mode as CuTe C++ takes them: mode `i` of the logical
//! product is the mixed logical product `(Aᵢ, Rᵢ)` of `Aᵢ` by `Bᵢ` (see
//! [`try_logical_product`](super::product_mixed::try_logical_product)), the
//! modes of `A` past the tiler are kept; the zipped form gathers the blocks
//! and the repeats, `((A₀, A₁, ..), (R₀, R₁, ..))`, and the tiled and flat
//! forms spread its halves as for a product by a layout. A tiler with more
//! entries than `A` has modes is a compile error.
//!
//! Every form holds the leaves of `A` and of the repeats `Rᵢ`, each already
//! a well-formed layout: the form's own check (size and cosize within `i64`)
//! adds their sizes and spans in [`Bounds`], code shared by every operand
//! type, instead of walking each form's type. What is generic per operand
//! type is only the moves of the leaves into the form's structure (the mode
//! products are generic per mode type, shared by the operands with that
//! mode).

use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};

use super::composition_mixed::ByTiler;
use super::mixed_divide::TileEntry;
use super::modes::StaticValue;
use super::product_mixed::{overflow, MixedProduct, ProductBy, RegroupBy, SpreadMode};
use super::rank_product_mixed::{pair, Pair, Repeat};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::verdict::{First, Pass, RankMismatch, Then};
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::{Layout, Tile};

/// The size `Π sᵢ` and span `Σ (sᵢ − 1)·|dᵢ|` of a result's leaves, gathered
/// from its parts: the result breaks `Layout::try_new`'s rules exactly when a
/// part does or the totals leave `i64` (every term is non-negative, so the
/// order of the sums does not matter).
#[doc(hidden)] // a helper, public only because public traits name it
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    size: i128,
    span: i128,
    fault: bool,
}
impl Bounds {
    /// No leaves yet.
    const EMPTY: Bounds = Bounds {
        size: 1,
        span: 0,
        fault: false,
    };
    /// Adds the leaves of the layout `s:d` (generic per layout type only).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn add<S: IntTuple + Congruent<D>, D>(&mut self, s: &S, d: &D) {
        match s.checked_span(d) {
            Some(v) => self.span += i128::from(v),
            None => self.fault = true,
        }
        s.for_each_leaf(&mut |x| self.extent(x));
    }
    /// Adds an extent.
    #[inline]
    fn extent(&mut self, x: i64) {
        if x < 1 {
            self.fault = true;
        } else {
            self.size = self.size.saturating_mul(i128::from(x));
        }
    }
    /// `Ok` when the totals make a layout, else `what`'s overflow error.
    #[inline]
    fn check(self, what: &'static str) -> Result<(), LayoutError> {
        if self.fault || self.size > i128::from(i64::MAX) || self.span >= i128::from(i64::MAX) {
            Err(overflow(what))
        } else {
            Ok(())
        }
    }
}

/// The blocks' shapes and strides, then the repeats' (see [`ProductModes`]).
type Halves<AS, AD, RS, RD> = (AS, AD, RS, RD);

/// The modes `Self` (shapes) and `D` (strides) multiplied by the tiler
/// entries `T`, mode by mode; the modes past the tiler are kept.
#[diagnostic::on_unimplemented(
    message = "a product of a layout with dynamic leaves cannot multiply the modes `{Self}` by `{T}`",
    note = "a tiler entry of a product is a static integer or a static layout"
)]
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ProductModes<D, T> {
    /// The blocks' shapes, one per tiler entry.
    type AS;
    /// See `AS`.
    type AD;
    /// The repeats' shapes, then the modes past the tiler.
    type RS;
    /// See `RS`.
    type RD;
    /// The `(block, repeat)` pairs, then the modes past the tiler.
    type PS;
    /// See `PS`.
    type PD;
    /// `Pass` or the first violated rule.
    type Verdict;
    /// The pairs' values (the logical form's modes); each repeat's leaves
    /// are added to `b`.
    fn logical_modes(self, d: D, b: &mut Bounds) -> Result<(Self::PS, Self::PD), LayoutError>;
    /// The blocks' and the repeats' values (the zipped form's halves); each
    /// repeat's leaves are added to `b`.
    #[allow(clippy::type_complexity)]
    fn zipped_modes(
        self,
        d: D,
        b: &mut Bounds,
    ) -> Result<Halves<Self::AS, Self::AD, Self::RS, Self::RD>, LayoutError>;
}
impl<S, D> ProductModes<D, HNil> for S {
    type AS = HNil;
    type AD = HNil;
    type RS = S;
    type RD = D;
    type PS = S;
    type PD = D;
    type Verdict = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical_modes(self, d: D, _: &mut Bounds) -> Result<(S, D), LayoutError> {
        Ok((self, d))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped_modes(self, d: D, _: &mut Bounds) -> Result<Halves<HNil, HNil, S, D>, LayoutError> {
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
impl<BH, BT> ProductModes<HNil, HCons<BH, BT>> for HNil {
    type AS = HNil;
    type AD = HNil;
    type RS = HNil;
    type RD = HNil;
    type PS = HNil;
    type PD = HNil;
    type Verdict = RankMismatch;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical_modes(self, _: HNil, _: &mut Bounds) -> Result<(HNil, HNil), LayoutError> {
        too_many_entries()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped_modes(
        self,
        _: HNil,
        _: &mut Bounds,
    ) -> Result<Halves<HNil, HNil, HNil, HNil>, LayoutError> {
        too_many_entries()
    }
}
/// The entry `B` as a layout.
type EntryOf<B> = <B as TileEntry>::Layout;
/// The product `(Aᵢ, Rᵢ)` of the mode `SH:DH` by the entry `B`.
type ModeProduct<SH, DH, B> = <Layout<SH, DH> as MixedProduct<EntryOf<B>>>::Output;
/// `Rᵢ`'s shape and stride.
type RepS<SH, DH, B> = <ModeProduct<SH, DH, B> as Repeat>::Shape;
type RepD<SH, DH, B> = <ModeProduct<SH, DH, B> as Repeat>::Stride;

/// The repeat `Rᵢ` of the mode `s:x` by the entry `B`, its leaves added to
/// `b` (generic per mode type and entry, not per operand).
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::type_complexity)]
fn mode_repeat<SH, DH, B>(
    s: SH,
    x: DH,
    b: &mut Bounds,
) -> Result<(RepS<SH, DH, B>, RepD<SH, DH, B>), LayoutError>
where
    B: TileEntry,
    EntryOf<B>: StaticValue,
    Layout<SH, DH>: MixedProduct<EntryOf<B>>,
    ModeProduct<SH, DH, B>: Repeat,
    RepS<SH, DH, B>: IntTuple + Congruent<RepD<SH, DH, B>>,
{
    let (rs, rd) = Layout::from_parts(s, x)
        .mixed_product(EntryOf::<B>::VALUE)?
        .repeat();
    b.add(&rs, &rd);
    Ok((rs, rd))
}

impl<SH, ST, DH, DT, BH, BT> ProductModes<HCons<DH, DT>, HCons<BH, BT>> for HCons<SH, ST>
where
    SH: Copy,
    DH: Copy,
    BH: TileEntry,
    EntryOf<BH>: StaticValue,
    Layout<SH, DH>: MixedProduct<EntryOf<BH>>,
    ModeProduct<SH, DH, BH>: Repeat,
    RepS<SH, DH, BH>: IntTuple + Congruent<RepD<SH, DH, BH>>,
    ST: ProductModes<DT, BT>,
    <Layout<SH, DH> as MixedProduct<EntryOf<BH>>>::Verdict:
        First<<ST as ProductModes<DT, BT>>::Verdict>,
{
    type AS = HCons<SH, ST::AS>;
    type AD = HCons<DH, ST::AD>;
    type RS = HCons<RepS<SH, DH, BH>, ST::RS>;
    type RD = HCons<RepD<SH, DH, BH>, ST::RD>;
    type PS = HCons<Pair<SH, RepS<SH, DH, BH>>, ST::PS>;
    type PD = HCons<Pair<DH, RepD<SH, DH, BH>>, ST::PD>;
    type Verdict = Then<
        <Layout<SH, DH> as MixedProduct<EntryOf<BH>>>::Verdict,
        <ST as ProductModes<DT, BT>>::Verdict,
    >;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical_modes(
        self,
        d: HCons<DH, DT>,
        b: &mut Bounds,
    ) -> Result<(Self::PS, Self::PD), LayoutError> {
        let (s, x) = (self.head, d.head);
        let (rs, rd) = mode_repeat::<SH, DH, BH>(s, x, b)?;
        let (ps, pd) = self.tail.logical_modes(d.tail, b)?;
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped_modes(
        self,
        d: HCons<DH, DT>,
        b: &mut Bounds,
    ) -> Result<Halves<Self::AS, Self::AD, Self::RS, Self::RD>, LayoutError> {
        let (s, x) = (self.head, d.head);
        let (rs, rd) = mode_repeat::<SH, DH, BH>(s, x, b)?;
        let (tas, tad, trs, trd) = self.tail.zipped_modes(d.tail, b)?;
        Ok((
            HCons { head: s, tail: tas },
            HCons { head: x, tail: tad },
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

/// The parts of the modes `S`, `D` multiplied by the tiler entries `T`.
type As<S, D, T> = <S as ProductModes<D, T>>::AS;
type Ad<S, D, T> = <S as ProductModes<D, T>>::AD;
type Rs<S, D, T> = <S as ProductModes<D, T>>::RS;
type Rd<S, D, T> = <S as ProductModes<D, T>>::RD;
type Ps<S, D, T> = <S as ProductModes<D, T>>::PS;
type Pd<S, D, T> = <S as ProductModes<D, T>>::PD;

/// The logical form `((A₀, R₀), (A₁, R₁), ..)` and the zipped form
/// `((A₀, A₁, ..), (R₀, R₁, ..))` of a product by a tiler, the modes past the
/// tiler after the repeats, checked as a whole (see [`Bounds`]); the tiled
/// and flat forms spread the zipped one's halves.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TilerForms<T>: Sized {
    /// The logical form's shape and stride.
    type Logical;
    /// The zipped form's halves: the blocks' shape and stride, the repeats'.
    type Halves;
    /// `Pass` or the violated rule.
    type Verdict;
    /// The logical form, `what`'s overflow error if it leaves `i64`.
    fn logical(self, what: &'static str) -> Result<Self::Logical, LayoutError>;
    /// The zipped form's halves, `what`'s overflow error if they leave `i64`.
    fn halves(self, what: &'static str) -> Result<Self::Halves, LayoutError>;
}
impl<S, D, T> TilerForms<T> for Layout<S, D>
where
    S: ProductModes<D, T> + IntTuple + Congruent<D>,
{
    type Logical = (Ps<S, D, T>, Pd<S, D, T>);
    type Halves = Halves<As<S, D, T>, Ad<S, D, T>, Rs<S, D, T>, Rd<S, D, T>>;
    type Verdict = <S as ProductModes<D, T>>::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical(self, what: &'static str) -> Result<Self::Logical, LayoutError> {
        let mut b = Bounds::EMPTY;
        b.add(self.shape(), self.stride());
        let (s, d) = self.into_parts();
        let parts = s.logical_modes(d, &mut b)?;
        b.check(what)?;
        Ok(parts)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halves(self, what: &'static str) -> Result<Self::Halves, LayoutError> {
        let mut b = Bounds::EMPTY;
        b.add(self.shape(), self.stride());
        let (s, d) = self.into_parts();
        let parts = s.zipped_modes(d, &mut b)?;
        b.check(what)?;
        Ok(parts)
    }
}

/// The logical form `((A₀, R₀), (A₁, R₁), ..)` of a product by a tiler.
impl<S, D, T, PS, PD> ProductBy<Layout<S, D>, Tile<T>> for ByTiler
where
    Layout<S, D>: TilerForms<T, Logical = (PS, PD)>,
    PS: Shape + Congruent<PD>,
    PD: IntTuple,
{
    type Output = Layout<PS, PD>;
    type Verdict = <Layout<S, D> as TilerForms<T>>::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn product_by(a: Layout<S, D>, _: Tile<T>) -> Result<Layout<PS, PD>, LayoutError> {
        let (s, d) = a.logical("logical_product")?;
        Ok(Layout::from_parts(s, d))
    }
}

/// A half of the zipped form as top-level modes (see [`SpreadMode`]).
type Spread<X, Y> = <X as SpreadMode<Y>>::Shapes;
type SpreadD<X, Y> = <X as SpreadMode<Y>>::Strides;
type Joined<X, Y> = <X as Add<Y>>::Output;

/// The zipped, tiled and flat forms of a product by a tiler: the tiled and
/// flat ones spread the zipped one's halves as CuTe C++'s `repeat<rank>(_)`
/// slices do (a half of rank 1 stays one mode).
impl<S, D, T, XS, XD, RS, RD> RegroupBy<Layout<S, D>, Tile<T>> for ByTiler
where
    Layout<S, D>: TilerForms<T, Halves = Halves<XS, XD, RS, RD>>,
    Pair<XS, RS>: Shape + Congruent<Pair<XD, RD>>,
    Pair<XD, RD>: IntTuple,
    XS: SpreadMode<XD>,
    RS: SpreadMode<RD>,
    HCons<XS, Spread<RS, RD>>: Shape + Congruent<HCons<XD, SpreadD<RS, RD>>>,
    HCons<XD, SpreadD<RS, RD>>: IntTuple,
    Spread<XS, XD>: Add<Spread<RS, RD>>,
    SpreadD<XS, XD>: Add<SpreadD<RS, RD>>,
    Joined<Spread<XS, XD>, Spread<RS, RD>>:
        Shape + Congruent<Joined<SpreadD<XS, XD>, SpreadD<RS, RD>>>,
    Joined<SpreadD<XS, XD>, SpreadD<RS, RD>>: IntTuple,
{
    type Zipped = Layout<Pair<XS, RS>, Pair<XD, RD>>;
    type Tiled = Layout<HCons<XS, Spread<RS, RD>>, HCons<XD, SpreadD<RS, RD>>>;
    type Flat =
        Layout<Joined<Spread<XS, XD>, Spread<RS, RD>>, Joined<SpreadD<XS, XD>, SpreadD<RS, RD>>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(a: Layout<S, D>, _: Tile<T>) -> Result<Self::Zipped, LayoutError> {
        let (xs, xd, rs, rd) = a.halves("zipped_product")?;
        Ok(Layout::from_parts(pair(xs, rs), pair(xd, rd)))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(a: Layout<S, D>, _: Tile<T>) -> Result<Self::Tiled, LayoutError> {
        let (xs, xd, rs, rd) = a.halves("tiled_product")?;
        let (rs, rd) = rs.spread(rd);
        Ok(Layout::from_parts(
            HCons { head: xs, tail: rs },
            HCons { head: xd, tail: rd },
        ))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn flat(a: Layout<S, D>, _: Tile<T>) -> Result<Self::Flat, LayoutError> {
        let (xs, xd, rs, rd) = a.halves("flat_product")?;
        let ((xs, xd), (rs, rd)) = (xs.spread(xd), rs.spread(rd));
        Ok(Layout::from_parts(xs + rs, xd + rd))
    }
}
