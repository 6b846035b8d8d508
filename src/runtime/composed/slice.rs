//! Slicing a composed layout, as CuTe C++ defines it (see [`ComposedSlice`]).

use alloc::vec::Vec;

use super::{ComposedLayout, Outer};
use crate::runtime::budget::MAX_CHECK_POINTS;
use crate::runtime::error::{bail, Result};
use crate::runtime::{
    composition, slice_and_offset, IntTuple, Layout, LayoutError, Offset, SliceCoord, Swizzle,
};

/// A slice of a composed layout: CuTe keeps the composed form or, for a
/// swizzle that the slice no longer reaches in both its fields, decays it to
/// a plain layout.
///
/// For a layout outer, `slice_and_offset(c, A o O o B)` is
/// `(A o (O + B(c*)) o slice(c, B), 0)` with `B(c*)` the offset of the fixed
/// coordinates: the sliced-away part moves into the composed offset.
///
/// For a swizzle outer `Sw<b,m,s>` with `Y`, `Z` its source and target bit
/// fields, CuTe splits the fixed offset `f = B(c*)` into its bits inside the
/// two fields, `f_zy = f & (Y|Z)`, and the rest, `f_anti`, and lets
/// `O' = O ^ f_zy`. If the sliced layout `L = slice(c, B)` reaches bits of both
/// fields (its last value `a` has `a & !Sw(a) != 0`), the swizzle stays:
/// `(Sw o O' o L, f_anti)`. Otherwise the swizzle decays into a layout: on
/// the bits `L` moves, `Sw` shifted by `O'` acts as the strides
/// `±Z·2ⁱ` (a target bit, negative where `O'` has the paired source bit set)
/// and `(Y ± Z)·2ⁱ` (a source bit, `-` where `O'` has the paired target bit
/// set), so the result is the plain layout `S o L` with `S` those strides
/// over `(2^m, 2…, 2^(|s|-b), 2…, 1)`, and the offset `Sw(O') + f_anti`.
///
/// Both forms assume that `L`'s offsets, `O'` and `f_anti` occupy disjoint
/// bits and that `L` does not move a bit `O'` has set in the field the
/// swizzle reads. Where that fails CuTe's answer is not the sliced function;
/// every result is therefore checked point by point,
/// `result(i) + offset = (A o O o B)(c with L's i-th coordinate)`, and a
/// failing case is refused (`Distributivity`: the slice does not distribute
/// over the swizzle). A decayed swizzle that the sliced layout does not
/// compose with is refused with the composition's rule, as CuTe C++'s
/// `static_assert` refuses it.
///
/// ```
/// use layout_algebra::runtime::{ComposedLayout, ComposedSlice, ErrorKind};
/// let c: ComposedLayout = "Sw<3,3,3> o 0 o (64,8):(8,1)".parse().unwrap();
/// // Column 3 reaches both fields: the swizzle stays, the low bits apart.
/// let (s, off) = c.slice_and_offset(&"(_,3)".parse().unwrap()).unwrap();
/// assert!(matches!(s, ComposedSlice::Composed(_)));
/// assert_eq!((s.to_string(), off), ("Sw<3,3,3> o 0 o (64):(8)".into(), 3));
/// // An offset sharing bits with the slice: CuTe's split is wrong, refused.
/// let d: ComposedLayout = "Sw<3,4,3> o 16 o (8,64):(64,1)".parse().unwrap();
/// let e = d.slice_and_offset(&"(2,_)".parse().unwrap()).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Distributivity);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // layouts are stored inline on purpose, as in Outer
pub enum ComposedSlice {
    /// The swizzle decayed: an ordinary layout.
    Layout(Layout),
    /// Still `outer o offset o inner`.
    Composed(ComposedLayout),
}

impl ComposedSlice {
    /// The value at a 1-D index.
    pub fn call(&self, i: i64) -> Result<i64> {
        match self {
            ComposedSlice::Layout(l) => l.call(i),
            ComposedSlice::Composed(c) => c.call(i),
        }
    }
    /// The size of the domain.
    pub fn size(&self) -> Result<i64> {
        match self {
            ComposedSlice::Layout(l) => l.size(),
            ComposedSlice::Composed(c) => c.size(),
        }
    }
}

impl core::fmt::Display for ComposedSlice {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ComposedSlice::Layout(l) => l.fmt(f),
            ComposedSlice::Composed(c) => c.fmt(f),
        }
    }
}

/// `slice(c, inner)` and the offset `inner(c*)` of the fixed coordinates.
pub(super) fn inner_slice(c: &ComposedLayout, coord: &SliceCoord) -> Result<(Layout, i64)> {
    let (sliced, fixed) = slice_and_offset(coord, &c.inner)?;
    let Offset::Int(fixed) = fixed else {
        bail!(BasisStride, "slice", "{} has scaled-basis strides", c.inner);
    };
    Ok((sliced, fixed))
}

/// `outer o (offset + fixed) o sliced`: the fixed offset moved in.
pub(super) fn keeping_offset(
    c: &ComposedLayout,
    fixed: i64,
    sliced: Layout,
) -> Result<ComposedLayout> {
    let offset = c
        .offset
        .checked_add(fixed)
        .ok_or_else(|| LayoutError::overflow("slice"))?;
    Ok(ComposedLayout::new(c.outer.clone(), offset, sliced))
}

pub(super) fn slice_and_offset_composed(
    c: &ComposedLayout,
    coord: &SliceCoord,
) -> Result<(ComposedSlice, i64)> {
    let (sliced, fixed) = inner_slice(c, coord)?;
    let result = match &c.outer {
        Outer::Layout(_) => (
            ComposedSlice::Composed(keeping_offset(c, fixed, sliced.clone())?),
            0,
        ),
        Outer::Swizzle(sw) if coord.leaves().all(|x| x.is_none()) => {
            (with_swizzle(*sw, c.offset, sliced.clone()), 0)
        }
        Outer::Swizzle(sw) => swizzled(*sw, c.offset, fixed, &sliced)?,
    };
    check(c, fixed, &sliced, &result)?;
    Ok(result)
}

/// CuTe's `composition(Sw, offset, L)`: the identity swizzle at offset 0 is `L`.
fn with_swizzle(sw: Swizzle, offset: i64, l: Layout) -> ComposedSlice {
    if sw.bits() == 0 && offset == 0 {
        ComposedSlice::Layout(l)
    } else {
        ComposedSlice::Composed(ComposedLayout::new(sw, offset, l))
    }
}

fn swizzled(sw: Swizzle, offset: i64, fixed: i64, sliced: &Layout) -> Result<(ComposedSlice, i64)> {
    let (ymask, zmask) = (sw.source_mask(), sw.target_mask());
    let zy = ymask | zmask;
    let only_zy = offset ^ (fixed & zy);
    let anti_zy = fixed & !zy;
    let last = sliced.call(sliced.size()? - 1)?;
    let active = last & zy;
    if active & !sw.apply(active) != 0 {
        // The slice reaches both fields: the swizzle stays.
        return Ok((with_swizzle(sw, only_zy, sliced.clone()), anti_zy));
    }
    let (b, m, s) = (sw.bits(), sw.base(), sw.shift().unsigned_abs());
    let (z, y) = (zmask & -zmask, ymask & -ymask);
    // A target bit i moves by ±Z·2ⁱ (its paired source bit set in the
    // offset flips it); a source bit by (Y ± Z)·2ⁱ.
    let target = |i: u32| {
        if only_zy & (y << i) == 0 {
            z << i
        } else {
            -(z << i)
        }
    };
    let source = |i: u32| {
        if only_zy & (z << i) == 0 {
            (y + z) << i
        } else {
            (y - z) << i
        }
    };
    let (lo, hi): (Vec<i64>, Vec<i64>) = if z < y {
        ((0..b).map(target).collect(), (0..b).map(source).collect())
    } else {
        ((0..b).map(source).collect(), (0..b).map(target).collect())
    };
    // B bits of one field: a leaf for B = 1, as CuTe's repeat<1>.
    let field = |strides: &[i64]| match strides {
        [d] => leaf(2, *d),
        _ => Layout::from_parts(
            IntTuple::from_leaves(strides.iter().map(|_| 2)),
            crate::runtime::HTuple::from_leaves(strides.iter().map(|&d| d.into())),
        ),
    };
    let mut modes = alloc::vec![leaf(1 << m, 1)];
    if b > 0 {
        modes.push(field(&lo));
    }
    modes.push(leaf(1 << (s - b), 1 << (m + b)));
    if b > 0 {
        modes.push(field(&hi));
    }
    modes.push(leaf(1, 1 << (m + b + s)));
    let swizzle_layout = Layout::concat(modes.iter());
    let decayed = composition(&swizzle_layout, sliced).map_err(|e| {
        LayoutError::new(
            e.kind(),
            "slice",
            alloc::format!(
                "{sw} decays over the slice {sliced} to {swizzle_layout}, which it does not compose with (as in CuTe C++): {}",
                e.detail()
            ),
        )
    })?;
    let offset = sw
        .apply(only_zy)
        .checked_add(anti_zy)
        .ok_or_else(|| LayoutError::overflow("slice"))?;
    Ok((ComposedSlice::Layout(decayed), offset))
}

fn leaf(shape: i64, stride: i64) -> Layout {
    Layout::from_parts(
        IntTuple::leaf(shape),
        crate::runtime::HTuple::leaf(stride.into()),
    )
}

/// `result(i) + offset = outer(O + fixed + sliced(i))` at every point.
fn check(
    c: &ComposedLayout,
    fixed: i64,
    sliced: &Layout,
    (r, offset): &(ComposedSlice, i64),
) -> Result<()> {
    let n = sliced.size()?;
    if n > MAX_CHECK_POINTS {
        bail!(
            Limit,
            "slice",
            "{c}: the slice has {n} points, too many to check one by one"
        );
    }
    crate::runtime::budget::charge(n, "slice", format_args!("the slice of {c}"))?;
    let overflow = || LayoutError::overflow("slice");
    let base = c.offset.checked_add(fixed).ok_or_else(overflow)?;
    for i in 0..n {
        let x = base.checked_add(sliced.call(i)?).ok_or_else(overflow)?;
        let want = c.outer.apply(x)?;
        let got = r.call(i)?.checked_add(*offset).ok_or_else(overflow)?;
        if got != want {
            bail!(
                Distributivity,
                "slice",
                "{c}: CuTe's slice {r} + {offset} gives {got} at index {i} of the slice, but the layout gives {want}: the slice does not pass through the swizzle"
            );
        }
    }
    Ok(())
}
