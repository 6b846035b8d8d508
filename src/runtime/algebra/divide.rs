//! Logical divide and its rearrangements: splitting a layout into tiles.
//!
//! For a layout tiler `B`, `logical_divide(A, B) = A ∘ (B, B*)` with
//! `B* = complement(B, size(A))`: mode 0 is `A ∘ B` (one tile, the elements
//! of `A` that `B` selects) and mode 1 is `A ∘ B*` (how the tiles repeat).
//! A tiler `<B₀, B₁, …>` divides mode `i` of `A` by `Bᵢ` and keeps the modes
//! it does not reach. The variants only regroup that result (CuTe C++;
//! `zipped_divide` builds its form directly, without a regrouping pass):
//!
//! - `zipped_divide`: `((tiles…), (rests…, untouched modes…))`;
//! - `tiled_divide`: `((tiles…), rest₀, rest₁, …)`;
//! - `flat_divide`: `(tile₀, tile₁, …, rest₀, rest₁, …)`.
//!
//! As in CuTe C++ (`repeat<1>(_)` is `_`), a rank-1 group is kept whole by
//! `tiled_divide`/`flat_divide`, e.g. `tiled_divide(64:1, <4:1>) =
//! ((4),(16)):((1),(4))`.
//!
//! ```
//! use layout_algebra::runtime::{logical_divide, zipped_divide, Layout, Tiler};
//! let a: Layout = "(12,32):(32,1)".parse().unwrap();
//! let t = Tiler::parse("<3:1,8:1>").unwrap();
//! assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((3,4),(8,4)):((32,96),(1,8))");
//! assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((3,8),(4,4)):((32,1),(96,8))");
//! ```

use super::bymode::{by_mode_into, check_rank};
use super::complement::complement_modes;
use super::composition::{compose_halves, compose_operand, RightOperand};
use super::mode_list::{coalesce_in_place, FlatModes};
use super::regroup::{spread_both, spread_rest};
use crate::runtime::error::Result;
use crate::runtime::int_tuple::IntTuple;
use crate::runtime::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::runtime::stride::Stride;
use crate::runtime::tiler::{int_layout, AsTiler, TilerRef};

/// CuTe `logical_divide(A, B)`: `A ∘ (B, complement(B, size A))` for a
/// layout `B`, by mode for a tiler.
///
/// Errors are those of [`complement`](crate::runtime::complement) (e.g. a non-injective `B`) and
/// [`composition`](crate::runtime::composition) (admissibility), and `RankMismatch` for a tiler of
/// higher rank than `A`.
///
/// ```
/// use layout_algebra::runtime::{logical_divide, Layout};
/// let a: Layout = "64:1".parse().unwrap();
/// let b: Layout = "4:2".parse().unwrap();
/// assert_eq!(logical_divide(&a, &b).unwrap().to_string(), "(4,(2,8)):(2,(1,8))");
/// ```
pub fn logical_divide(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    Layout::build(|out| divide_into(a.view(), b.as_tiler(), out))
}

/// `logical_divide(A, B)` appended to `out` as one mode: `(B, B*)` is built
/// once, in place, and `A` composed with it.
fn divide_into(a: LayoutRef<'_>, b: TilerRef<'_>, out: &mut LayoutBuilder) -> Result<()> {
    match b {
        TilerRef::Layout(t) => {
            let mut rest = FlatModes::new();
            divide_rest(a, t, &mut rest)?;
            compose_operand(a, RightOperand::Pair(&t.view(), &rest), out)
        }
        TilerRef::Int(n) => divide_into(a, TilerRef::Layout(&int_layout(n, true)?), out),
        TilerRef::Tuple(ts) => by_mode_into(a, ts, "logical_divide", out, divide_into),
    }
}

/// The coalesced modes of `B* = complement(B, size A)`, written to the
/// empty `rest` (`1:0` when `B*` has size 1): `A` is composed with `(B, B*)`,
/// which is never built as a layout.
#[inline]
fn divide_rest(a: LayoutRef<'_>, b: &Layout, rest: &mut FlatModes) -> Result<()> {
    complement_modes(b.view(), IntTuple::leaf(a.size()?).as_ref(), rest)?;
    coalesce_in_place(rest)?;
    if rest.is_empty() {
        rest.push((1, Stride::Int(0)));
    }
    Ok(())
}

/// The logical divide of `A` by `B` in zipped form, built directly: each
/// tile is appended to `tiles` and each rest to `rests` as the divide
/// produces them (CuTe's `zip2_by` without a regrouping pass). A tiler
/// tuple appends one tuple to each, the modes of `A` past it joining the
/// rests; the checks and their order are those of [`logical_divide`].
fn zip_into(
    a: LayoutRef<'_>,
    b: TilerRef<'_>,
    tiles: &mut LayoutBuilder,
    rests: &mut LayoutBuilder,
) -> Result<()> {
    match b {
        TilerRef::Layout(t) => {
            let mut rest = FlatModes::new();
            divide_rest(a, t, &mut rest)?;
            compose_halves(a, t.view(), &rest, tiles, rests)
        }
        TilerRef::Int(n) => zip_into(a, TilerRef::Layout(&int_layout(n, true)?), tiles, rests),
        TilerRef::Tuple(ts) => {
            check_rank(a, ts, "logical_divide")?;
            tiles.open();
            rests.open();
            for (i, m) in a.modes().enumerate() {
                match ts.get(i) {
                    Some(t) => zip_into(m, t.as_tiler(), tiles, rests)?,
                    None => rests.push_view(m),
                }
            }
            tiles.close();
            rests.close();
            Ok(())
        }
    }
}

/// CuTe `zipped_divide(A, B)`: the logical divide with the tiles gathered in
/// mode 0 and the rests (and the modes past the tiler) in mode 1.
///
/// ```
/// use layout_algebra::runtime::{zipped_divide, Layout, Tiler};
/// let a: Layout = "(12,32,6):(32,1,384)".parse().unwrap();
/// let t = Tiler::parse("<3:4,8:1>").unwrap();
/// assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((3,8),(4,4,6)):((128,1),(32,8,384))");
/// ```
pub fn zipped_divide(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    let tiler = b.as_tiler();
    if let TilerRef::Layout(_) | TilerRef::Int(_) = tiler {
        // (tile, rest) is already the zipped form.
        return logical_divide(a, b);
    }
    Layout::build(|out| {
        let mut rests = Layout::unfinished();
        let mut r = LayoutBuilder::on(&mut rests);
        out.open();
        zip_into(a.view(), tiler, out, &mut r)?;
        // Read where it was built: the side layout is never finished.
        out.push_view(r.view());
        out.close();
        Ok(())
    })
}

/// CuTe `tiled_divide(A, B)`: `((tiles…), rest₀, rest₁, …)`.
///
/// ```
/// use layout_algebra::runtime::{tiled_divide, Layout, Tiler};
/// let a: Layout = "(12,32):(32,1)".parse().unwrap();
/// let t = Tiler::parse("<3:1,8:1>").unwrap();
/// assert_eq!(tiled_divide(&a, &t).unwrap().to_string(), "((3,8),4,4):((32,1),96,8)");
/// ```
pub fn tiled_divide(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    spread_rest(&zipped_divide(a, b)?)
}

/// CuTe `flat_divide(A, B)`: `(tile₀, tile₁, …, rest₀, rest₁, …)`.
///
/// ```
/// use layout_algebra::runtime::{flat_divide, Layout, Tiler};
/// let a: Layout = "(12,32):(32,1)".parse().unwrap();
/// let t = Tiler::parse("<3:1,8:1>").unwrap();
/// assert_eq!(flat_divide(&a, &t).unwrap().to_string(), "(3,8,4,4):(32,1,96,8)");
/// ```
pub fn flat_divide(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    spread_both(&zipped_divide(a, b)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::tiler::Tiler;
    use crate::runtime::ErrorKind;
    use alloc::string::ToString;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn t(s: &str) -> Tiler {
        Tiler::parse(s).unwrap()
    }

    type Op = fn(&Layout, &Tiler) -> Result<Layout>;
    const OPS: [(&str, Op); 4] = [
        ("logical", |a, b| logical_divide(a, b)),
        ("zipped", |a, b| zipped_divide(a, b)),
        ("tiled", |a, b| tiled_divide(a, b)),
        ("flat", |a, b| flat_divide(a, b)),
    ];

    // Expected values checked against CuTe C++ 4.2 (static layouts).
    #[test]
    fn divide_examples() {
        for (a, b, want) in [
            (
                "(12,32):(32,1)",
                "<3:1,8:1>",
                [
                    "((3,4),(8,4)):((32,96),(1,8))",
                    "((3,8),(4,4)):((32,1),(96,8))",
                    "((3,8),4,4):((32,1),96,8)",
                    "(3,8,4,4):(32,1,96,8)",
                ],
            ),
            (
                "64:1",
                "4:2",
                [
                    "(4,(2,8)):(2,(1,8))",
                    "(4,(2,8)):(2,(1,8))",
                    "(4,2,8):(2,1,8)",
                    "(4,2,8):(2,1,8)",
                ],
            ),
            (
                "64:1",
                "4:1",
                [
                    "(4,16):(1,4)",
                    "(4,16):(1,4)",
                    "(4,16):(1,4)",
                    "(4,16):(1,4)",
                ],
            ),
            (
                "64:1",
                "<4:1>",
                [
                    "((4,16)):((1,4))",
                    "((4),(16)):((1),(4))",
                    "((4),(16)):((1),(4))",
                    "((4),(16)):((1),(4))",
                ],
            ),
            (
                "(12,32,6):(32,1,384)",
                "<3:1>",
                [
                    "((3,4),32,6):((32,96),1,384)",
                    "((3),(4,32,6)):((32),(96,1,384))",
                    "((3),4,32,6):((32),96,1,384)",
                    "((3),4,32,6):((32),96,1,384)",
                ],
            ),
            (
                "((4,6),8):((1,4),24)",
                "<<2:1,3:1>,4:2>",
                [
                    "(((2,2),(3,2)),(4,2)):(((1,2),(4,12)),(48,24))",
                    "(((2,3),4),((2,2),2)):(((1,4),48),((2,12),24))",
                    "(((2,3),4),(2,2),2):(((1,4),48),(2,12),24)",
                    "((2,3),4,(2,2),2):((1,4),48,(2,12),24)",
                ],
            ),
            (
                "(4,2,3):(2,1,8)",
                "4:2",
                [
                    "((2,2),(2,3)):((4,1),(2,8))",
                    "((2,2),(2,3)):((4,1),(2,8))",
                    "((2,2),2,3):((4,1),2,8)",
                    "(2,2,2,3):(4,1,2,8)",
                ],
            ),
        ] {
            for ((name, op), w) in OPS.iter().zip(want) {
                let r = op(&l(a), &t(b)).unwrap();
                assert_eq!(r.to_string(), w, "{name}_divide({a}, {b})");
            }
        }
    }

    #[test]
    fn divide_by_a_shape() {
        let a = l("(12,32,6):(32,1,384)");
        let s = Tiler::from_shape(&IntTuple::parse_shape("(3,8)")).unwrap();
        assert_eq!(
            zipped_divide(&a, &s).unwrap().to_string(),
            "((3,8),(4,4,6)):((32,1),(96,8,384))"
        );
    }

    #[test]
    fn divide_errors() {
        let a = l("(12,32):(32,1)");
        for (name, op) in OPS {
            let e = op(&a, &t("<3:1,8:1,2:1>")).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::RankMismatch, "{name}");
            // A tiler that is not injective has no complement.
            let e = op(&a, &t("<(2,2):(1,1)>")).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::NotComplementable, "{name}");
            // Stride divisibility: 6:3 picks across the (4,6,8):(2,3,5) modes.
            let e = op(&l("(4,6,8):(2,3,5)"), &l("6:3").into()).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::StrideDivisibility, "{name}");
        }
    }
}
