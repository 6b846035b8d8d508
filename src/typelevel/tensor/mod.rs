//! Tensors: an engine (where the elements live) and a layout (coordinate →
//! offset), CuTe's `Tensor<Engine, Layout>`.
//!
//! `T(c) = engine[origin + L(c)]`. The layout's leaves may be static or
//! [`Dyn`](crate::typelevel::Dyn), and the layout may be swizzled
//! (`Sw ∘ offset ∘ L`, a shared-memory tile); the engine is a slice (`&[T]`, `&mut [T]`),
//! an owned register fragment (`GenericArray<T, N>`, `N = cosize(L)`) or
//! [`Identity`] (the element is the coordinate, for predication). A tensor is
//! made once with a check that the engine covers every offset the layout
//! reaches ([`make_tensor`]); every view made from it (a slice, a tile, a
//! thread's partition) is checked the same way when it is made, so that an
//! access at a coordinate inside the shape needs no further check — for a
//! static coordinate none at all, for a dynamic one the comparison with the
//! shape that slice indexing also makes.
//!
//! | CuTe C++ | here |
//! |---|---|
//! | `make_tensor(ptr, layout)` | [`make_tensor`] (a slice), [`make_tensors`] (several, panicking) |
//! | `make_tensor<T>(layout)`, `make_fragment_like(t)` | [`make_fragment`], [`make_fragment_like`] |
//! | `make_identity_tensor(shape)` | [`make_identity_tensor`] |
//! | `t(c)`, `t[c]` | `t[c]` (`Index`, `IndexMut`), [`Tensor::get`], [`Tensor::load`] |
//! | `t(_, 2)` | [`Tensor::slice`], [`Tensor::into_slice`] |
//! | `composition(t, tv)` | [`Tensor::compose`], [`tv_partition`], [`try_tv_partition`] |
//! | `local_tile`, `local_partition` | [`local_tile`], [`local_partition`] |
//! | `zipped_divide(t, tiler)` ... | [`Tensor::zipped_divide`], [`Tensor::logical_divide`], [`Tensor::flat_divide`] |
//! | `group_modes<B,E>(t)`, `flatten(t)` | [`Tensor::group_modes`], [`Tensor::flatten`] |
//! | `copy`, `fill`, `axpby`, `gemm` | [`copy`], [`fill`], [`axpby`], [`gemm()`], [`gemm_batched`], [`gemm_axpby`] (`try_` forms return the size mismatch) |
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let data: Vec<f32> = (0..64).map(|x| x as f32).collect();
//! let a = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8×8
//! let tile = local_tile(a, tile!(4, 4), (1usize, 0usize));     // rows 4..8, columns 0..4
//! assert_eq!(tile[(0usize, 3usize)], 35.0);
//! let mine = local_partition(tile, layout!((2,2):(2,1)), 3);    // thread 3 of a 2×2 grid: (1,1)
//! assert_eq!(mine.layout().to_string(), "(2,2):(16,2)");
//! assert_eq!(mine[(1usize, 1usize)], 32.0 + 9.0 + 16.0 + 2.0); // (4+1+2, 0+1+2) = (7, 3)
//! ```

mod access;
mod algorithm;
mod cover;
mod engine;
mod gemm;
mod make;
mod partition;
mod swizzled;
mod threads;
mod try_partition;
mod walk;

pub use access::{ReadTensor, SameSize, WriteTensor};
pub use algorithm::{axpby, copy, fill, try_copy};
pub use cover::{is_bijection, try_is_bijection, Bijection, MixedBijection};
pub use engine::{CoordOf, Engine, Identity, IdentityField, Load, Storage, StorageMut};
pub use gemm::{
    gemm, gemm_axpby, gemm_batched, try_gemm, try_gemm_axpby, try_gemm_batched, GemmBatchOf,
    GemmOf, GemmOperand, GemmOperandMut, Matrix, MatrixBatch,
};
#[cfg(feature = "threads")]
pub use gemm::{par_gemm, try_par_gemm};
pub use make::{
    make_fragment, make_fragment_like, make_identity_tensor, make_layout, make_tensor,
    make_tensor_from_array, make_tensors, Fragment, IdentityLayout, MakeLayoutOut, TensorParts,
};
pub use partition::local_tile;
pub use threads::{local_partition, tv_partition, ThreadIndex};
pub use try_partition::{try_local_partition, try_local_tile, try_tv_partition};

use crate::typelevel::{IntTuple, Layout};

/// A tensor: engine `E` and layout `L`, `T(c) = engine[origin + L(c)]`.
///
/// Made by [`make_tensor`] (a slice), [`make_fragment`] (registers) or
/// [`make_identity_tensor`]; indexed by `t[c]` like a slice, and viewed through
/// the algebra ([`local_tile`], [`local_partition`], [`Tensor::slice`],
/// [`Tensor::zipped_divide`], ...), each view checked once to stay inside the
/// engine.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data: Vec<f32> = (0..64).map(|x| x as f32).collect();
/// let a = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
/// assert_eq!(a[(2usize, 3usize)], 19.0);                          // element (2,3)
/// assert_eq!(a.get((8usize, 0usize)), None);                      // outside the shape
/// let row = a.slice((2usize, __));                                // CuTe's a(2, _)
/// assert_eq!(row[3usize], 19.0);
/// let tile = local_tile(a, tile!(4, 4), (1usize, 0usize));        // rows 4..8, columns 0..4
/// assert_eq!(tile[(0usize, 3usize)], 35.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Tensor<E, L> {
    engine: E,
    layout: L,
    origin: usize,
}

impl<E, L> Tensor<E, L> {
    /// The engine, the layout and the origin.
    #[inline(always)]
    pub(crate) fn into_parts(self) -> (E, L, usize) {
        (self.engine, self.layout, self.origin)
    }
    /// From parts the caller has checked: every offset `origin + L(c)` of a
    /// coordinate `c` inside the shape is a position of `engine`.
    #[inline(always)]
    pub(crate) fn from_parts(engine: E, layout: L, origin: usize) -> Self {
        Tensor {
            engine,
            layout,
            origin,
        }
    }
    /// The layout.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], layout!((4,4):(4,1))).unwrap();
    /// let row = t.slice((2usize, __));
    /// assert_eq!(row.layout().to_string(), "(4):(1)");
    /// assert_eq!((row.origin(), row.engine().len()), (8, 16)); // a view at offset 8
    /// ```
    #[inline(always)]
    pub fn layout(&self) -> &L {
        &self.layout
    }
    /// The engine.
    ///
    /// See [`Tensor::layout`] for an example.
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The position in the engine of the layout's offset 0.
    ///
    /// See [`Tensor::layout`] for an example.
    #[inline(always)]
    pub fn origin(&self) -> usize {
        self.origin
    }
}

impl<E: Storage, L> Tensor<E, L> {
    /// The engine's elements (all of them, not only those the layout reaches).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let t = make_tensor(&data[..], layout!((2,2):(1,2))).unwrap(); // reaches 0..4
    /// assert_eq!(t.data().len(), 6);
    /// ```
    #[inline(always)]
    pub fn data(&self) -> &[E::Elem] {
        self.engine.data()
    }
}

impl<E: Engine, L: walk::Reach> Tensor<E, L> {
    /// A tensor over `engine` with layout `layout` placed at `origin`, if every
    /// offset the layout reaches lands inside the engine.
    #[inline(always)]
    pub(crate) fn checked(engine: E, layout: L, origin: i128) -> Option<Self> {
        let (low, high) = layout.reach()?;
        (origin + low >= 0 && origin + high < engine.positions() as i128)
            .then(|| Tensor::from_parts(engine, layout, origin as usize))
    }
}

impl<E: Engine, S: IntTuple, D: Copy> Tensor<E, Layout<S, D>> {
    /// CuTe `size(t)`: the number of coordinates.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], layout!((4,4):(4,1))).unwrap();
    /// assert_eq!(t.size(), _16); // static for a static shape
    /// ```
    #[inline(always)]
    pub fn size(&self) -> S::Size {
        self.layout.shape().size()
    }
}

impl<E: Engine, L: Copy> Tensor<E, L> {
    /// A read-only view of the same elements.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], layout!((4,4):(4,1))).unwrap();
    /// let v = t.view(); // shares the elements
    /// assert_eq!(v[(1usize, 2usize)], t[(1usize, 2usize)]);
    /// ```
    #[inline(always)]
    pub fn view(&self) -> Tensor<E::View<'_>, L> {
        Tensor::from_parts(self.engine.view(), self.layout, self.origin)
    }
}

impl<E: StorageMut, L> Tensor<E, L> {
    /// The engine's elements, writable.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let mut data = [0; 4];
    /// let mut t = make_tensor(&mut data[..], layout!((2,2):(2,1))).unwrap();
    /// t.data_mut()[3] = 7; // by memory position, not by coordinate
    /// assert_eq!(t[(1usize, 1usize)], 7);
    /// ```
    #[inline(always)]
    pub fn data_mut(&mut self) -> &mut [E::Elem] {
        self.engine.data_mut()
    }
}

impl<E: StorageMut, L: Copy> Tensor<E, L> {
    /// A writable view of the same elements.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let mut data = [0; 4];
    /// let mut t = make_tensor(&mut data[..], layout!((2,2):(2,1))).unwrap();
    /// let mut v = t.view_mut();
    /// v[(0usize, 1usize)] = 3;
    /// assert_eq!(t[(0usize, 1usize)], 3);
    /// ```
    #[inline(always)]
    pub fn view_mut(&mut self) -> Tensor<E::ViewMut<'_>, L> {
        Tensor::from_parts(self.engine.view_mut(), self.layout, self.origin)
    }
}

impl<E, L: core::fmt::Display> core::fmt::Display for Tensor<E, L> {
    /// CuTe's `print(tensor)` header: `tensor o layout`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("tensor o ")?;
        self.layout.fmt(f)
    }
}

/// The recursion helpers of this layer's traits: public only because public
/// bounds name them; kept out of `typelevel::*`.
#[doc(hidden)]
pub mod helpers {
    pub use super::{
        access::{ShownSize, SizeCheck, SizeMatch, SizeShow, SizeShowBit, SizesAgree, WantedSize},
        cover::{CoverBranch, CoverInsert, CoverSorted, CoverStep, CoverWalk, LeafPairs},
        engine::Decode,
        gemm::{
            EarlierMismatch, GemmBatchExtents, GemmExtents, MismatchParts, ModeLeaf, ModeOffsets,
        },
        make::{
            CompactCol, CosizeOf, ExtentStride, Fits, FitsShow, FitsShowBranch, FitsShown,
            FitsWanted, FragLen, LengthFits, ModeField, SpreadCol, StaticLen,
        },
        partition::{
            Blanks, DivideOf, EachBlank, HasShape, SliceInside, TileAt, TileOut, ZipHalves,
        },
        threads::{IndexBelow, IndexShow, ModeCoord, ModeSizes, ThreadCoord},
        try_partition::ThreadTiler,
        walk::{Reach, Walk},
    };
}
