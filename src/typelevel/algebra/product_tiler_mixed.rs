//! The products of a layout `A` whose leaves mix static integers and `Dyn` by
//! a tiler `<B₀, B₁, ..>` of static entries (an integer `n` is `n:1`, `1:0`
//! for `n = 1`), mode by mode as CuTe C++ takes them: mode `i` of the logical
//! product is the mixed logical product `(Aᵢ, Rᵢ)` of `Aᵢ` by `Bᵢ` (see
//! [`try_logical_product`](super::product_mixed::try_logical_product)), the
//! modes of `A` past the tiler are kept; the zipped form gathers the blocks
//! and the repeats, `((A₀, A₁, ..), (R₀, R₁, ..))`, and the tiled and flat
//! forms spread its halves as for a product by a layout. A tiler with more
//! entries than `A` has modes is a compile error.

use frunk_core::hlist::{HCons, HNil};

use super::composition_mixed::ByTiler;
use super::mixed_divide::TileEntry;
use super::modes::StaticValue;
use super::product_mixed::{overflow, MixedProduct, ProductBy, RegroupBy, Regrouped};
use super::rank_product_mixed::{pair, Pair, Repeat};
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::verdict::{First, Pass, RankMismatch, Then};
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::{Layout, Tile};

/// The blocks, repeats and pairs of the modes (shapes and strides each).
type Parts<AS, AD, RS, RD, PS, PD> = (AS, AD, RS, RD, PS, PD);

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
    /// The values.
    #[allow(clippy::type_complexity)]
    fn product_modes(
        self,
        d: D,
    ) -> Result<Parts<Self::AS, Self::AD, Self::RS, Self::RD, Self::PS, Self::PD>, LayoutError>;
}
impl<S: Copy, D: Copy> ProductModes<D, HNil> for S {
    type AS = HNil;
    type AD = HNil;
    type RS = S;
    type RD = D;
    type PS = S;
    type PD = D;
    type Verdict = Pass;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn product_modes(self, d: D) -> Result<Parts<HNil, HNil, S, D, S, D>, LayoutError> {
        Ok((HNil, HNil, self, d, self, d))
    }
}
// More tiler entries than modes: refused at compile time by the verdict.
impl<BH, BT> ProductModes<HNil, HCons<BH, BT>> for HNil {
    type AS = HNil;
    type AD = HNil;
    type RS = HNil;
    type RD = HNil;
    type PS = HNil;
    type PD = HNil;
    type Verdict = RankMismatch;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn product_modes(
        self,
        _: HNil,
    ) -> Result<Parts<HNil, HNil, HNil, HNil, HNil, HNil>, LayoutError> {
        Err(LayoutError::new(
            ErrorKind::RankMismatch,
            "logical_product",
            alloc::string::String::from("the tiler has more entries than the layout has modes"),
        ))
    }
}
/// The entry `B` as a layout.
type EntryOf<B> = <B as TileEntry>::Layout;
/// The product `(Aᵢ, Rᵢ)` of the mode `SH:DH` by the entry `B`.
type ModeProduct<SH, DH, B> = <Layout<SH, DH> as MixedProduct<EntryOf<B>>>::Output;
/// `Rᵢ`'s shape and stride.
type RepS<SH, DH, B> = <ModeProduct<SH, DH, B> as Repeat>::Shape;
type RepD<SH, DH, B> = <ModeProduct<SH, DH, B> as Repeat>::Stride;
impl<SH, ST, DH, DT, BH, BT> ProductModes<HCons<DH, DT>, HCons<BH, BT>> for HCons<SH, ST>
where
    SH: Copy,
    DH: Copy,
    BH: TileEntry,
    EntryOf<BH>: StaticValue,
    Layout<SH, DH>: MixedProduct<EntryOf<BH>>,
    ModeProduct<SH, DH, BH>: Repeat,
    RepS<SH, DH, BH>: Copy,
    RepD<SH, DH, BH>: Copy,
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
    fn product_modes(
        self,
        d: HCons<DH, DT>,
    ) -> Result<Parts<Self::AS, Self::AD, Self::RS, Self::RD, Self::PS, Self::PD>, LayoutError>
    {
        let (s, x) = (self.head, d.head);
        let (rs, rd) = Layout::from_parts(s, x)
            .mixed_product(EntryOf::<BH>::VALUE)?
            .repeat();
        let (tas, tad, trs, trd, tps, tpd) = self.tail.product_modes(d.tail)?;
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
            HCons {
                head: pair(s, rs),
                tail: tps,
            },
            HCons {
                head: pair(x, rd),
                tail: tpd,
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
/// tiler after the repeats (the tiled and flat forms spread the zipped one's
/// halves, see [`Regrouped`]).
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait TilerForms<T>: Sized {
    /// The logical form's shape and stride.
    type Logical;
    /// The zipped form's shape and stride.
    type Zipped;
    /// `Pass` or the violated rule.
    type Verdict;
    /// The logical form.
    fn logical(self) -> Result<Self::Logical, LayoutError>;
    /// The zipped form.
    fn zipped(self) -> Result<Self::Zipped, LayoutError>;
}
impl<S, D, T> TilerForms<T> for Layout<S, D>
where
    S: ProductModes<D, T>,
{
    type Logical = (Ps<S, D, T>, Pd<S, D, T>);
    type Zipped = (
        Pair<As<S, D, T>, Rs<S, D, T>>,
        Pair<Ad<S, D, T>, Rd<S, D, T>>,
    );
    type Verdict = <S as ProductModes<D, T>>::Verdict;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn logical(self) -> Result<Self::Logical, LayoutError> {
        let (s, d) = self.into_parts();
        let (_, _, _, _, ps, pd) = s.product_modes(d)?;
        Ok((ps, pd))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(self) -> Result<Self::Zipped, LayoutError> {
        let (s, d) = self.into_parts();
        let (a_s, ad, rs, rd, _, _) = s.product_modes(d)?;
        Ok((pair(a_s, rs), pair(ad, rd)))
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
        let (s, d) = a.logical()?;
        Layout::try_new_or(s, d, || overflow("logical_product"))
    }
}

/// The zipped, tiled and flat forms of a product by a tiler: the tiled and
/// flat ones spread the zipped one's halves as CuTe C++'s `repeat<rank>(_)`
/// slices do (a half of rank 1 stays one mode).
impl<S, D, T, ZS, ZD> RegroupBy<Layout<S, D>, Tile<T>> for ByTiler
where
    Layout<S, D>: TilerForms<T, Zipped = (ZS, ZD)>,
    ZS: Shape + Congruent<ZD>,
    ZD: IntTuple,
    Layout<ZS, ZD>: Regrouped,
{
    type Zipped = Layout<ZS, ZD>;
    type Tiled = <Layout<ZS, ZD> as Regrouped>::Tiled;
    type Flat = <Layout<ZS, ZD> as Regrouped>::Flat;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zipped(a: Layout<S, D>, _: Tile<T>) -> Result<Self::Zipped, LayoutError> {
        let (s, d) = a.zipped()?;
        Layout::try_new_or(s, d, || overflow("zipped_product"))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tiled(a: Layout<S, D>, t: Tile<T>) -> Result<Self::Tiled, LayoutError> {
        Self::zipped(a, t)?.tiled()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn flat(a: Layout<S, D>, t: Tile<T>) -> Result<Self::Flat, LayoutError> {
        Self::zipped(a, t)?.flat()
    }
}
