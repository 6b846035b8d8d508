//! The static layout type `Layout<S, D>` and the tiler wrapper `Tile<T>`.
//!
//! A layout is a pair of congruent tuples: shape `S` and stride `D`; with all
//! leaves static it is zero-sized.
//!
//! ```
//! use layout_algebra::typelevel::Layout;
//! use typenum::consts::*;
//! let l = Layout::<P4, P2>::default();
//! assert_eq!(core::mem::size_of_val(&l), 0);
//! ```

/// A layout `shape:stride` whose shape `S` and stride `D` are types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

impl<S, D> Layout<S, D> {
    /// The layout `shape:stride`.
    pub const fn new(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }
    /// The shape.
    pub fn shape(&self) -> &S {
        &self.shape
    }
    /// The stride.
    pub fn stride(&self) -> &D {
        &self.stride
    }
}

/// A tiler `<T0, T1, ...>`: an HList of layouts, integers (`n` = `n:1`) or tilers, applied by mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tile<T>(pub T);
