//! CuTe's `ComposedLayout`: `outer ∘ offset ∘ inner`, the form of swizzled
//! shared-memory layouts (`Sw<3,4,3> o 0 o (8,64):(64,1)`).
//!
//! `R(c) = outer(offset + inner(c))`. The shape is the inner layout's; the
//! operations that reshape the domain (composition on the right, slicing,
//! divides and products) act on the inner layout. Slicing is CuTe C++'s
//! `slice_and_offset`: a layout outer takes the sliced-away part of the
//! inner offset into `offset`; a swizzle outer splits it or decays to a
//! plain layout ([`ComposedSlice`]).
//!
//! ```
//! use layout_algebra::runtime::{ComposedLayout, Layout, Swizzle};
//! let sw = Swizzle::new(3, 4, 3).unwrap();
//! let c = ComposedLayout::new(sw, 0, "(8,64):(64,1)".parse::<Layout>().unwrap());
//! assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
//! assert_eq!(c.call(2).unwrap(), sw.apply(128));
//! ```

use core::fmt;

mod slice;
pub use slice::ComposedSlice;

use super::error::{bail, Result};
use super::{
    blocked_product, composition, dice, flat_divide, flat_product, logical_divide, logical_product,
    raked_product, tiled_divide, tiled_product, zipped_divide, zipped_product, AsTiler, IntTuple,
    Layout, Offset, SliceCoord, Swizzle,
};

/// The outer function of a [`ComposedLayout`]: a swizzle or a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // layouts are stored inline on purpose, as in Tiler
pub enum Outer {
    /// `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// An integer-strided layout evaluated at a 1-D index.
    Layout(Layout),
}

impl Outer {
    /// The outer function at `x`.
    pub fn apply(&self, x: i64) -> Result<i64> {
        match self {
            Outer::Swizzle(s) => Ok(s.apply(x)),
            Outer::Layout(l) => l.call(x),
        }
    }
}

impl From<Swizzle> for Outer {
    fn from(s: Swizzle) -> Self {
        Outer::Swizzle(s)
    }
}
impl From<Layout> for Outer {
    fn from(l: Layout) -> Self {
        Outer::Layout(l)
    }
}

impl fmt::Display for Outer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outer::Swizzle(s) => s.fmt(f),
            Outer::Layout(l) => l.fmt(f),
        }
    }
}

/// `outer ∘ offset ∘ inner` (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComposedLayout {
    outer: Outer,
    offset: i64,
    inner: Layout,
}

impl ComposedLayout {
    /// `outer o offset o inner` (CuTe's `make_composed_layout`).
    pub fn new(outer: impl Into<Outer>, offset: i64, inner: Layout) -> ComposedLayout {
        ComposedLayout {
            outer: outer.into(),
            offset,
            inner,
        }
    }
    /// The outer function.
    pub fn outer(&self) -> &Outer {
        &self.outer
    }
    /// The offset added before the outer function.
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// The inner layout (the domain).
    pub fn inner(&self) -> &Layout {
        &self.inner
    }
    /// The shape (the inner layout's).
    pub fn shape(&self) -> &IntTuple {
        self.inner.shape()
    }
    /// The size of the domain.
    pub fn size(&self) -> Result<i64> {
        self.inner.size()
    }

    /// `outer(offset + inner(coord))` at a 1-D, R-D or hierarchical coordinate.
    pub fn eval(&self, coord: &IntTuple) -> Result<i64> {
        match self.inner.eval(coord)? {
            Offset::Int(v) => {
                let x = v
                    .checked_add(self.offset)
                    .ok_or_else(|| super::LayoutError::overflow("call"))?;
                self.outer.apply(x)
            }
            Offset::Coord(_) => bail!(
                BasisStride,
                "call",
                "{} maps to coordinates; a composed layout needs integer offsets",
                self.inner
            ),
        }
    }

    /// [`ComposedLayout::eval`] at a 1-D index.
    pub fn call(&self, idx: i64) -> Result<i64> {
        self.eval(&IntTuple::leaf(idx))
    }

    fn with_inner(&self, inner: Layout) -> ComposedLayout {
        ComposedLayout::new(self.outer.clone(), self.offset, inner)
    }

    /// `self ∘ B = outer o offset o (inner ∘ B)`.
    ///
    /// ```
    /// use layout_algebra::runtime::{ComposedLayout, Layout};
    /// let c: ComposedLayout = "Sw<3,4,3> o 0 o (8,64):(64,1)".parse().unwrap();
    /// let r = c.compose(&"(4,8):(2,64)".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(r.to_string(), "Sw<3,4,3> o 0 o (4,8):(128,8)");
    /// for i in 0..32 {
    ///     assert_eq!(r.call(i).unwrap(), c.call(2 * (i % 4) + 64 * (i / 4)).unwrap());
    /// }
    /// ```
    pub fn compose(&self, b: &impl AsTiler) -> Result<ComposedLayout> {
        Ok(self.with_inner(composition(&self.inner, b)?))
    }

    /// CuTe `slice(c, self)`: the first part of [`slice_and_offset`](Self::slice_and_offset)
    /// (as for a layout, the offset of the fixed coordinates is not part of
    /// the slice).
    ///
    /// ```
    /// use layout_algebra::runtime::ComposedLayout;
    /// let c: ComposedLayout = "Sw<3,3,3> o 0 o (64,8):(8,1)".parse().unwrap();
    /// // CuTe C++ prints Sw<3,3,3> o _0 o (_64):(_8).
    /// assert_eq!(c.slice(&"(_,3)".parse().unwrap()).unwrap().to_string(), "Sw<3,3,3> o 0 o (64):(8)");
    /// ```
    pub fn slice(&self, coord: &SliceCoord) -> Result<ComposedSlice> {
        Ok(self.slice_and_offset(coord)?.0)
    }

    /// The slice as a function of the free coordinates alone:
    /// `outer o (offset + inner(c*)) o slice(c, inner)`, the offset of the
    /// fixed coordinates `c*` moved into the composed offset (CuTe's form
    /// for a layout outer, and the layout of a sliced swizzled tensor, whose
    /// data pointer does not move).
    ///
    /// ```
    /// use layout_algebra::runtime::ComposedLayout;
    /// let c: ComposedLayout = "Sw<3,4,3> o 0 o (8,64):(64,1)".parse().unwrap();
    /// let row = c.slice_keeping_offset(&"(2,_)".parse().unwrap()).unwrap();
    /// assert_eq!(row.to_string(), "Sw<3,4,3> o 128 o (64):(1)");
    /// assert_eq!(row.call(5).unwrap(), c.eval(&"(2,5)".parse().unwrap()).unwrap());
    /// ```
    pub fn slice_keeping_offset(&self, coord: &SliceCoord) -> Result<ComposedLayout> {
        let (sliced, fixed) = slice::inner_slice(self, coord)?;
        slice::keeping_offset(self, fixed, sliced)
    }

    /// CuTe `slice_and_offset(c, self)`: the sliced function and the offset
    /// it is shifted by, `self(c) = slice(i) + offset` (see
    /// [`ComposedSlice`] for how a swizzle outer splits the offset
    /// or decays). Checked point by point; a case where CuTe's answer is not
    /// the sliced function is refused (`Distributivity`).
    ///
    /// ```
    /// use layout_algebra::runtime::{ComposedLayout, ComposedSlice};
    /// let c: ComposedLayout = "Sw<3,4,3> o 0 o (8,64):(64,1)".parse().unwrap();
    /// let (row, offset) = c.slice_and_offset(&"(2,_)".parse().unwrap()).unwrap();
    /// // CuTe C++: ((_16,_2,_2)):((_1,_-16,_32)) + _144, a plain layout.
    /// assert_eq!((row.to_string(), offset), ("((16,2,2)):((1,-16,32))".into(), 144));
    /// assert!(matches!(row, ComposedSlice::Layout(_)));
    /// assert_eq!(row.call(5).unwrap() + offset, c.eval(&"(2,5)".parse().unwrap()).unwrap());
    /// ```
    pub fn slice_and_offset(&self, coord: &SliceCoord) -> Result<(ComposedSlice, i64)> {
        slice::slice_and_offset_composed(self, coord)
    }

    /// `dice(c, self) = outer o offset o dice(c, inner)`: the function of the
    /// fixed modes with the free ones at 0. CuTe C++ defines no `dice` of a
    /// composed layout (it dices the inner layout inside its swizzle slice);
    /// this is the one that agrees with [`slice_and_offset`](Self::slice_and_offset):
    /// `self(c) = dice(c, self)(c*)` for the fixed coordinates `c*` when the
    /// free ones are 0.
    ///
    /// ```
    /// use layout_algebra::runtime::ComposedLayout;
    /// let c: ComposedLayout = "Sw<3,4,3> o 0 o (8,64):(64,1)".parse().unwrap();
    /// let d = c.dice(&"(_,5)".parse().unwrap()).unwrap();
    /// assert_eq!(d.to_string(), "Sw<3,4,3> o 0 o (64):(1)");
    /// ```
    pub fn dice(&self, coord: &SliceCoord) -> Result<ComposedLayout> {
        Ok(self.with_inner(dice(coord, &self.inner)?))
    }
}

macro_rules! on_inner {
    ($($(#[$doc:meta])* $name:ident => $f:ident($B:ty);)*) => {
        impl ComposedLayout {
            $(
                $(#[$doc])*
                pub fn $name(&self, b: &$B) -> Result<ComposedLayout> {
                    Ok(self.with_inner($f(&self.inner, b)?))
                }
            )*
        }
    };
}

on_inner! {
    /// `logical_divide` of the inner layout (CuTe applies divides to the inner layout).
    logical_divide => logical_divide(impl AsTiler);
    /// `zipped_divide` of the inner layout.
    zipped_divide => zipped_divide(impl AsTiler);
    /// `tiled_divide` of the inner layout.
    tiled_divide => tiled_divide(impl AsTiler);
    /// `flat_divide` of the inner layout.
    flat_divide => flat_divide(impl AsTiler);
    /// `logical_product` of the inner layout.
    logical_product => logical_product(impl AsTiler);
    /// `zipped_product` of the inner layout.
    zipped_product => zipped_product(impl AsTiler);
    /// `tiled_product` of the inner layout.
    tiled_product => tiled_product(impl AsTiler);
    /// `flat_product` of the inner layout.
    flat_product => flat_product(impl AsTiler);
    /// `blocked_product` of the inner layout: `outer o offset o ((A0, P0), (A1, P1), ..)`.
    ///
    /// ```
    /// use layout_algebra::runtime::ComposedLayout;
    /// let c: ComposedLayout = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse().unwrap();
    /// let b = c.blocked_product(&"(2,3)".parse().unwrap()).unwrap();
    /// // CuTe C++ prints Sw<3,3,3> o _0 o ((_8,_2),(_64,_3)):((_64,_512),(_1,_1024)).
    /// assert_eq!(b.to_string(), "Sw<3,3,3> o 0 o ((8,2),(64,3)):((64,512),(1,1024))");
    /// ```
    blocked_product => blocked_product(Layout);
    /// `raked_product` of the inner layout: `outer o offset o ((P0, A0), (P1, A1), ..)`.
    raked_product => raked_product(Layout);
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.outer, self.offset, self.inner)
    }
}
