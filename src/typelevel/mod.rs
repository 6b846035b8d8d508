//! The type-level layer: layouts whose shapes and strides live in types.
//!
//! Leaves are static integers (typenum signed integers: `_4`, `Int<4>`,
//! `Int![1536]`) or dynamic ones ([`Dyn`]); hierarchical tuples are frunk
//! HLists; a [`Layout<S, D>`] is zero-sized when every leaf is static, and its
//! evaluation unrolls at compile time, so offsets fold to constants, and
//! divisions by static extents to shifts and masks.
//!
//! | CuTe C++ | trait | result alias | function / method |
//! |---|---|---|---|
//! | `Layout<Shape<_4,_8>, Stride<_1,_4>>` | | `Layout![(4,8):(1,4)]` | `layout!((4,8):(1,4))` |
//! | `Int<1536>{}` | [`StaticInt`] | `Int![1536]`, [`Int<N>`] | `int!(1536)`, `_4` |
//! | `size(l)` | [`Size`] | [`SizeOut<L>`] | [`size`] |
//! | `cosize(l)` | [`Cosize`] | [`CosizeOut<L>`] | [`cosize`] |
//! | `rank(l)`, `depth(l)` | [`Rank`] | [`RankOut<S>`] | [`rank`], [`depth`] |
//! | `l(c)` / `crd2idx` | [`Crd2Idx`] | | [`Layout::call`], [`Layout::try_call`] |
//! | `slice(c, l)` | [`Slice`] | [`SliceOut<L, C>`] | [`slice`], [`Layout::slice`], [`Layout::slice_and_offset`] |
//! | `print(l)` | `Display` | | `to_string()` |
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let l = layout!((4,(3,2)):(2,(8,1)));
//! assert_eq!(l.call(5usize), 2 + 8);
//! assert_eq!(l.call((1usize, (2usize, 1usize))), 2 + 16 + 1);
//! assert_eq!(l.to_string(), "(4,(3,2)):(2,(8,1))");
//! assert_eq!(l.to_dynamic().to_string(), l.to_string());
//! ```

mod display;
mod dynamic;
mod eval;
mod int;
mod layout;
mod slice;
mod tuple;

pub use display::TileItems;
pub use dynamic::{BuildTuple, ToDynamic};
pub use eval::{
    AssertCoordInBounds, AssertCoordRank, Contains, CoordLeaf, Crd2Idx, IdxLeaves, InBounds,
    InBoundsOut, IntoCoord, Underscore,
};
pub use int::*;
pub use layout::*;
pub use slice::{slice, Lift, Slice, SliceOut, SliceRoot, __};
pub use tuple::*;

pub use frunk_core;
pub use frunk_core::hlist::{HCons, HNil};
pub use layout_macros::{int, layout, tile, Int, Layout};
pub use typenum;
pub use typenum::{NInt, PInt, Z0};
