//! Logical product and its rearrangements: repeating a layout over a tiler.
//!
//! For layouts `A` (the block) and `B` (the tiler),
//! `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`:
//! mode 0 is `A` itself and mode 1 places copies of `A` as `B` orders them, in
//! the space `A` leaves free. A tiler `<B₀, B₁, …>` multiplies mode `i` of `A`
//! by `Bᵢ` and keeps the modes it does not reach. The variants regroup that
//! result exactly like the divides (CuTe C++): `zipped_product`
//! `((blocks…), (repeats…))`, `tiled_product` `((blocks…), repeat₀, …)`,
//! `flat_product` `(block₀, …, repeat₀, …)`.
//!
//! The rank-sensitive products pad `A` and `B` with `1:0` modes to the larger
//! rank `R = max(rank(A), rank(B))` (a leaf counting as rank 1), as CuTe C++
//! does, and interleave the two modes of the logical product `(A', C)` of the
//! padded operands `A'`, `B'`: `blocked_product` gives
//! `((A'₀,C₀), (A'₁,C₁), …)`, `raked_product` gives `((C₀,A'₀), (C₁,A'₁), …)`
//! (`C = complement(A', size(A')·cosize(B')) ∘ B'` the repeat layout, of rank
//! `R` like `B'`). Padding changes neither `size(A)` nor `cosize(B)`, so `C` is
//! the repeat layout of `logical_product(A, B)` with `1:0` modes added: the
//! result has rank `R`, size `size(A)·size(B)`, and is `logical_product(A, B)`
//! with its modes regrouped (and size-1 modes added). Operands of any ranks are
//! accepted; the errors are those of the logical product.
//! As CuTe C++ (`append<R>` and `zip`), a leaf stays a leaf when `R = 1`,
//! and the zip of a leaf `x` with anything `y` is the rank-1 `((x, y))`:
//! `blocked_product(4:1, (2):(3)) = ((4,(2))):((1,(12)))`,
//! `raked_product((4):(1), 16:1) = ((16,(4))):((4,(1)))`. Where CuTe cannot
//! zip (a tuple against a leaf: `blocked_product((4):(1), 16:1)`, which it
//! does not compile), the leaf counts as a rank-1 tuple and the modes pair
//! up: `((4,16)):((1,4))`.
//!
//! ```
//! use layout_algebra::runtime::{blocked_product, logical_product, Layout};
//! let a: Layout = "(2,2):(1,2)".parse().unwrap();
//! let b: Layout = "(2,3):(3,1)".parse().unwrap();
//! assert_eq!(logical_product(&a, &b).unwrap().to_string(), "((2,2),(2,3)):((1,2),(12,4))");
//! assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((2,2),(2,3)):((1,12),(2,4))");
//! ```

use super::bymode::by_mode_into;
use super::complement::complement_modes;
use super::composition::compose_layout;
use super::mode_list::{push_coalesced, FlatModes};
use super::regroup::{spread_both, spread_rest, zip2};
use super::restructure::ModeBuilder;
use crate::runtime::error::{bail, Result};
use crate::runtime::int_tuple::{mul, IntTuple};
use crate::runtime::layout::{Layout, LayoutBuilder, LayoutRef};
use crate::runtime::stride::Stride;
use crate::runtime::tiler::{int_layout, AsTiler, TilerRef};
use crate::runtime::tuple::HTuple;
use alloc::borrow::Cow;

/// CuTe `logical_product(A, B)`: `(A, complement(A, size(A)·cosize(B)) ∘ B)`
/// for a layout `B`, by mode for a tiler.
///
/// Errors are those of [`complement`](crate::runtime::complement) (`A` not
/// complementable) and [`composition`](crate::runtime::composition), and `RankMismatch` for a tiler of higher rank than `A`.
///
/// ```
/// use layout_algebra::runtime::{logical_product, Layout};
/// let a: Layout = "128:1".parse().unwrap();
/// let b: Layout = "4:32".parse().unwrap();
/// assert_eq!(logical_product(&a, &b).unwrap().to_string(), "(128,4):(1,4096)");
/// ```
pub fn logical_product(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    Layout::build(|out| product_into(a.view(), b.as_tiler(), out))
}

/// `logical_product(A, B)` appended to `out` as one mode: the complement is
/// built once, in place, and composed with `B` straight into `out`.
fn product_into(a: LayoutRef<'_>, b: TilerRef<'_>, out: &mut LayoutBuilder) -> Result<()> {
    match b {
        TilerRef::Layout(t) => {
            let extent = mul(a.size()?, t.cosize()?, "logical_product")?;
            let mut modes = FlatModes::new();
            complement_modes(a, IntTuple::leaf(extent).as_ref(), &mut modes)?;
            let mut free_modes = Layout::unfinished();
            let mut free = LayoutBuilder::on(&mut free_modes);
            if push_coalesced(&mut free, modes.iter().copied())? == 0 {
                free.leaf(1, Stride::Int(0));
            }
            out.open();
            out.push_view(a);
            compose_layout(free.view(), t.view(), out)?;
            out.close();
            Ok(())
        }
        TilerRef::Int(n) => product_into(a, TilerRef::Layout(&int_layout(n, true)?), out),
        TilerRef::Tuple(ts) => by_mode_into(a, ts, "logical_product", out, product_into),
    }
}

/// CuTe `zipped_product(A, B)`: the logical product with the blocks gathered
/// in mode 0 and the repeats (and the modes past the tiler) in mode 1.
///
/// ```
/// use layout_algebra::runtime::{zipped_product, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let t = Tiler::parse("<3:1,4:2>").unwrap();
/// assert_eq!(zipped_product(&a, &t).unwrap().to_string(), "((2,2),(3,4)):((1,2),(2,4))");
/// ```
pub fn zipped_product(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    zip2(&logical_product(a, b)?, b.as_tiler())
}

/// CuTe `tiled_product(A, B)`: `((blocks…), repeat₀, repeat₁, …)`.
///
/// ```
/// use layout_algebra::runtime::{tiled_product, Layout};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Layout = "(2,3):(3,1)".parse().unwrap();
/// assert_eq!(tiled_product(&a, &b).unwrap().to_string(), "((2,2),2,3):((1,2),12,4)");
/// ```
pub fn tiled_product(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    spread_rest(&zipped_product(a, b)?)
}

/// CuTe `flat_product(A, B)`: `(block₀, …, repeat₀, …)`.
///
/// ```
/// use layout_algebra::runtime::{flat_product, Layout};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Layout = "(2,3):(3,1)".parse().unwrap();
/// assert_eq!(flat_product(&a, &b).unwrap().to_string(), "(2,2,2,3):(1,2,12,4)");
/// ```
pub fn flat_product(a: &Layout, b: &impl AsTiler) -> Result<Layout> {
    spread_both(&zipped_product(a, b)?)
}

/// CuTe `append<R>(L)`: `L` as a tuple (a leaf is rank 1) padded with `1:0`
/// modes to rank `r`.
fn pad(l: &Layout, r: usize) -> Layout {
    let mut padded = Layout::unfinished();
    let mut out = ModeBuilder::on(&mut padded);
    for m in l.modes() {
        out.push_layout(&m);
    }
    let unit = Layout::from_parts(HTuple::leaf(1), HTuple::leaf(Stride::Int(0)));
    for _ in l.rank()..r {
        out.push_layout(&unit);
    }
    out.finish();
    padded
}

/// `zip` of the two halves of the logical product of `A` and `B`, both padded
/// to the larger rank `R`: mode `i` is `(blockᵢ, repeatᵢ)` (swapped for
/// raked). Padding changes neither `size(A)` nor `cosize(B)`, so the
/// complement is `A`'s own and the `1:0` modes of `B` repeat nothing.
fn interleaved(a: &Layout, b: &Layout, block_first: bool) -> Result<Layout> {
    let r = a.rank().max(b.rank());
    // CuTe's append<R> on A: a leaf stays a leaf at R = 1. B is always padded
    // to a rank-R tuple, so that the repeat has R modes to pair with.
    let b_leaf = b.shape().is_leaf();
    let a = append_to(a, r);
    let b = if b_leaf {
        Cow::Owned(pad(b, r))
    } else {
        append_to(b, r)
    };
    let mut product = Layout::unfinished();
    let mut p = LayoutBuilder::on(&mut product);
    product_into(a.view(), TilerRef::Layout(&b), &mut p)?;
    p.finish();
    // A logical product by a layout is always (block, repeat); both halves
    // are found in one scan of its tree.
    let mut halves = product.view().modes();
    let (Some(block), Some(repeat)) = (halves.next(), halves.next()) else {
        return product
            .view()
            .get(&[1])
            .map(|_| unreachable!("mode 1 exists"));
    };
    // CuTe's repeat C = complement ∘ B is, for a leaf B at R = 1, the one
    // mode of the repeat by the padded B. CuTe's zip of a leaf first half
    // keeps the second whole: a leaf block (blocked), a leaf C (raked).
    let cute_repeat = match (b_leaf && r == 1).then(|| repeat.modes().next()) {
        Some(Some(c)) => c,
        _ => repeat,
    };
    let whole = match block_first {
        true if block.shape.is_leaf() => Some((block, cute_repeat)),
        false if cute_repeat.shape.is_leaf() => Some((cute_repeat, block)),
        _ => None,
    };
    let pair = |out: &mut LayoutBuilder, first: LayoutRef<'_>, second: LayoutRef<'_>| {
        out.open();
        out.push_view(first);
        out.push_view(second);
        out.close();
    };
    Layout::build(|out| {
        out.open();
        match whole {
            Some((first, second)) => pair(out, first, second),
            None => {
                for (x, y) in block.modes().zip(repeat.modes()) {
                    let (first, second) = if block_first { (x, y) } else { (y, x) };
                    pair(out, first, second);
                }
            }
        }
        out.close();
        Ok(())
    })
}

/// CuTe's `append<R>(L)` where it changes anything: `L` padded to rank `r`
/// if of lower rank (a leaf at `r = 1` stays a leaf).
fn append_to(l: &Layout, r: usize) -> Cow<'_, Layout> {
    if l.rank() < r {
        Cow::Owned(pad(l, r))
    } else {
        Cow::Borrowed(l)
    }
}

/// CuTe `blocked_product(A, B)`: mode `i` is `(Aᵢ, Cᵢ)` where `C` is the
/// repeat mode of the logical product of `A` and `B`, both padded with `1:0`
/// modes to the larger rank: each block `A` stays contiguous and the blocks
/// are laid out as `B`.
///
/// Errors are those of [`logical_product`] (`A` not complementable, the
/// composition's conditions); the ranks may differ.
///
/// ```
/// use layout_algebra::runtime::{blocked_product, Layout};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Layout = "(3,1):(1,0)".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((2,3),(2,1)):((1,4),(2,0))");
/// // Ranks 2 and 1: 3:1 is padded to (3,1):(1,0), the same product.
/// let c: Layout = "3:1".parse().unwrap();
/// assert_eq!(blocked_product(&a, &c).unwrap().to_string(), "((2,3),(2,1)):((1,4),(2,0))");
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    interleaved(a, b, true)
}

/// CuTe `raked_product(A, B)`: mode `i` is `(Cᵢ, Aᵢ)`, the repeats varying
/// fastest, so the elements of each block are spread across the whole.
/// Operands of unequal rank are padded as for [`blocked_product`].
///
/// ```
/// use layout_algebra::runtime::{raked_product, Layout};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Layout = "(2,3):(3,1)".parse().unwrap();
/// assert_eq!(raked_product(&a, &b).unwrap().to_string(), "((2,2),(3,2)):((12,1),(4,2))");
/// // Ranks 1 and 2: the block 4:1 is padded to (4,1):(1,0).
/// let c: Layout = "4:1".parse().unwrap();
/// let d: Layout = "(2,3):(1,2)".parse().unwrap();
/// assert_eq!(raked_product(&c, &d).unwrap().to_string(), "((2,4),(3,1)):((4,1),(8,0))");
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    interleaved(a, b, false)
}

/// CuTe `tile_to_shape(A, shape, order)`: repeat the block `A` to fill
/// `shape`, the blocks ordered by `order` (column-major when `None`).
///
/// With `A` padded to `R = rank(shape)` and `aᵢ`, `tᵢ` the sizes of mode `i`
/// of `A` and `shape`, this is `blocked_product(A, ordered((tᵢ/aᵢ)…, order))`.
/// Errors: `RankMismatch` if `rank(A) > R`, `Divisibility` if some `aᵢ` does
/// not divide `tᵢ`.
///
/// ```
/// use layout_algebra::runtime::{tile_to_shape, IntTuple, Layout};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let s = IntTuple::parse_shape("(8,6)");
/// assert_eq!(tile_to_shape(&a, &s, None).unwrap().to_string(), "((2,4),(2,3)):((1,4),(2,16))");
/// ```
pub fn tile_to_shape(a: &Layout, shape: &IntTuple, order: Option<&IntTuple>) -> Result<Layout> {
    let r = shape.rank();
    if a.rank() > r {
        bail!(
            RankMismatch,
            "tile_to_shape",
            "block {a} has rank {} but target shape {shape} has rank {r}",
            a.rank()
        );
    }
    let block = append_to(a, r);
    let mut counts: smallvec::SmallVec<[i64; 8]> = smallvec::SmallVec::new();
    for (m, t) in block.modes().zip(shape.modes()) {
        let (bs, ts) = (m.size()?, t.size()?);
        if ts % bs != 0 {
            bail!(
                Divisibility,
                "tile_to_shape",
                "block {a}: mode size {bs} does not divide target mode {t} of {shape}"
            );
        }
        counts.push(ts / bs);
    }
    let counts = IntTuple::from_leaves(counts);
    let tiler = match order {
        Some(o) => Layout::ordered(&counts, o)?,
        None => Layout::column_major(&counts)?,
    };
    blocked_product(&block, &tiler)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{ErrorKind, Tiler};
    use alloc::string::ToString;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn t(s: &str) -> Tiler {
        Tiler::parse(s).unwrap()
    }
    fn s(r: Result<Layout>) -> alloc::string::String {
        r.unwrap().to_string()
    }

    // Expected values checked against CuTe C++ 4.2 (static layouts).
    #[test]
    fn product_examples() {
        let a = l("(2,2):(1,2)");
        let b = l("(2,3):(3,1)");
        assert_eq!(s(logical_product(&a, &b)), "((2,2),(2,3)):((1,2),(12,4))");
        assert_eq!(s(zipped_product(&a, &b)), "((2,2),(2,3)):((1,2),(12,4))");
        assert_eq!(s(tiled_product(&a, &b)), "((2,2),2,3):((1,2),12,4)");
        assert_eq!(s(flat_product(&a, &b)), "(2,2,2,3):(1,2,12,4)");
        assert_eq!(s(blocked_product(&a, &b)), "((2,2),(2,3)):((1,12),(2,4))");
        assert_eq!(s(raked_product(&a, &b)), "((2,2),(3,2)):((12,1),(4,2))");
        let tt = t("<3:1,4:2>");
        assert_eq!(s(logical_product(&a, &tt)), "((2,3),(2,4)):((1,2),(2,4))");
        assert_eq!(s(zipped_product(&a, &tt)), "((2,2),(3,4)):((1,2),(2,4))");
        assert_eq!(s(tiled_product(&a, &tt)), "((2,2),3,4):((1,2),2,4)");
        assert_eq!(s(flat_product(&a, &tt)), "(2,2,3,4):(1,2,2,4)");
        assert_eq!(
            s(logical_product(&l("128:1"), &l("4:32"))),
            "(128,4):(1,4096)"
        );
        assert_eq!(
            s(logical_product(&l("128:1"), &l("4:1"))),
            "(128,4):(1,128)"
        );
        assert_eq!(
            s(blocked_product(&a, &l("(3,1):(1,0)"))),
            "((2,3),(2,1)):((1,4),(2,0))"
        );
        assert_eq!(
            s(raked_product(&a, &l("(3,1):(1,0)"))),
            "((3,2),(1,2)):((4,1),(0,2))"
        );
    }

    /// Rank 1 as CuTe C++ (4.2, static values) nests it: a leaf zipped with
    /// anything is one mode `(x, y)`; a tuple against a leaf (which CuTe does
    /// not compile) zips with the leaf as a rank-1 tuple.
    #[test]
    fn rank_one_blocked_and_raked_products() {
        let t = l("(4):(1)");
        let v = l("16:1");
        assert_eq!(s(blocked_product(&t, &v)), "((4,16)):((1,4))");
        assert_eq!(s(raked_product(&t, &v)), "((16,(4))):((4,(1)))");
        assert_eq!(
            s(blocked_product(&l("4:1"), &l("(2):(3)"))),
            "((4,(2))):((1,(12)))"
        );
        assert_eq!(
            s(blocked_product(&l("1:3"), &l("(5):(2)"))),
            "((1,(5))):((3,(2)))"
        );
        assert_eq!(s(raked_product(&t, &l("(2):(3)"))), "((2,4)):((12,1))");
        assert_eq!(s(blocked_product(&l("4:1"), &v)), "((4,16)):((1,4))");
        assert_eq!(
            s(blocked_product(&l("4:1"), &l("((2,2)):((1,2))"))),
            "((4,((2,2)))):((1,((4,8))))"
        );
        assert_eq!(
            s(raked_product(&l("3:1"), &l("((2,8)):((72,3))"))),
            "(((2,8),3)):(((216,9),1))"
        );
    }

    /// Unequal ranks: the shorter operand is padded with `1:0` modes (CuTe
    /// C++ 4.2, static layouts, gives the same text for each case).
    #[test]
    fn unequal_rank_blocked_and_raked_products() {
        let cases = [
            (
                "(2,3):(1,2)",
                "4:1",
                "((2,4),(3,1)):((1,6),(2,0))",
                "((4,2),(1,3)):((6,1),(0,2))",
            ),
            (
                "4:1",
                "(2,3):(1,2)",
                "((4,2),(1,3)):((1,4),(0,8))",
                "((2,4),(3,1)):((4,1),(8,0))",
            ),
            (
                "(2,3):(1,2)",
                "(2,2,2):(1,2,4)",
                "((2,2),(3,2),(1,2)):((1,6),(2,12),(0,24))",
                "((2,2),(2,3),(2,1)):((6,1),(12,2),(24,0))",
            ),
            (
                "(2,2,2):(1,2,4)",
                "(2,3):(1,2)",
                "((2,2),(2,3),(2,1)):((1,8),(2,16),(4,0))",
                "((2,2),(3,2),(1,2)):((8,1),(16,2),(0,4))",
            ),
            (
                "((2,2),3):((1,2),4)",
                "5:1",
                "(((2,2),5),(3,1)):(((1,2),12),(4,0))",
                "((5,(2,2)),(1,3)):((12,(1,2)),(0,4))",
            ),
            (
                "3:1",
                "((2,2),(3,2)):((1,2),(4,12))",
                "((3,(2,2)),(1,(3,2))):((1,(3,6)),(0,(12,36)))",
                "(((2,2),3),((3,2),1)):(((3,6),1),((12,36),0))",
            ),
            (
                "2:1",
                "(2,2,2,2):(1,2,4,8)",
                "((2,2),(1,2),(1,2),(1,2)):((1,2),(0,4),(0,8),(0,16))",
                "((2,2),(2,1),(2,1),(2,1)):((2,1),(4,0),(8,0),(16,0))",
            ),
        ];
        for (a, b, blocked, raked) in cases {
            assert_eq!(s(blocked_product(&l(a), &l(b))), blocked, "{a} {b}");
            assert_eq!(s(raked_product(&l(a), &l(b))), raked, "{a} {b}");
        }
    }

    #[test]
    fn tile_to_shape_examples() {
        let p = IntTuple::parse_shape;
        let a = l("(2,2):(1,2)");
        assert_eq!(
            s(tile_to_shape(&a, &p("(8,6)"), None)),
            "((2,4),(2,3)):((1,4),(2,16))"
        );
        assert_eq!(
            s(tile_to_shape(&a, &p("(8,6)"), Some(&p("(2,1)")))),
            "((2,4),(2,3)):((1,12),(2,4))"
        );
        assert_eq!(
            s(tile_to_shape(&l("4:1"), &p("(8,6)"), None)),
            "((4,2),(1,6)):((1,4),(0,8))"
        );
        assert_eq!(
            s(tile_to_shape(&l("4:1"), &p("(16)"), None)),
            "((4,(4))):((1,(4)))"
        );
        assert_eq!(
            s(tile_to_shape(&l("(4):(1)"), &p("(16)"), None)),
            "((4,4)):((1,4))"
        );
        assert_eq!(
            s(tile_to_shape(
                &l("(2,(2,2)):(1,(2,4))"),
                &p("(8,(4,2))"),
                None
            )),
            "((2,4),((2,2),2)):((1,8),((2,4),32))"
        );
    }

    #[test]
    fn product_errors() {
        let a = l("(2,2):(1,2)");
        let p = IntTuple::parse_shape;
        for r in [
            logical_product(&a, &t("<2:1,2:1,2:1>")),
            zipped_product(&a, &t("<2:1,2:1,2:1>")),
            tiled_product(&a, &t("<2:1,2:1,2:1>")),
            flat_product(&a, &t("<2:1,2:1,2:1>")),
            // CuTe C++ static_asserts rank(A) <= rank(shape) too.
            tile_to_shape(&l("(2,2,2):(1,2,4)"), &p("(8,8)"), None),
        ] {
            assert_eq!(r.unwrap_err().kind(), ErrorKind::RankMismatch);
        }
        assert_eq!(
            tile_to_shape(&a, &p("(8,5)"), None).unwrap_err().kind(),
            ErrorKind::Divisibility
        );
        // A block that is not injective has no complement to place copies in.
        for r in [
            logical_product(&l("(2,2):(1,1)"), &l("2:1")),
            blocked_product(&l("(2,2):(1,1)"), &l("(2,1):(1,0)")),
            raked_product(&l("(2,2):(1,1)"), &l("(2,1):(1,0)")),
        ] {
            assert_eq!(r.unwrap_err().kind(), ErrorKind::NotComplementable);
        }
        assert_eq!(
            logical_product(&l("4:1"), &l("(4,3):(1@0,1@1)"))
                .unwrap_err()
                .kind(),
            ErrorKind::BasisStride
        );
    }
}
