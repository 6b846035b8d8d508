//! The runtime layer: CuTe's layout algebra on values known only at run time.
//!
//! Needs only `alloc`. Every operation checks its preconditions and returns a
//! [`Result`] whose error names the violated rule; tuples are stored inline,
//! so operations on layouts of up to 16 leaves do not allocate.
//!
//! Modules, lowest first (a module imports only those above it):
//! `sort` (a stable sort, small in code); `error`; `tuple` (hierarchical
//! tuples); `int_tuple` (integer tuples and their arithmetic); `stride`
//! (integer and scaled-basis strides); `budget` (caps on point-by-point
//! checks); `layout`; `tiler`; `algebra` (one file per family: coalesce,
//! filter, composition, complement, inverse, divide, product, recast,
//! restructure, slice, with the helpers bymode, regroup, mode_list);
//! `swizzle` (CuTe's `Swizzle<B,M,S>`); `composed` (`ComposedLayout`, outer ∘
//! offset ∘ inner); `banks` (shared-memory bank conflicts and swizzle
//! selection); `parse` (every `FromStr`); `print` (tables).
//!
//! ```
//! use layout_algebra::runtime::*;
//! let a: Layout = "(4,6):(1,4)".parse().unwrap();
//! assert_eq!(a.size().unwrap(), 24);
//! ```

pub(crate) mod algebra;
pub mod banks;
pub mod budget;
pub(crate) mod composed;
pub(crate) mod error;
pub(crate) mod int_tuple;
pub(crate) mod layout;
pub mod parse;
pub mod print;
pub(crate) mod sort;
pub(crate) mod stride;
pub(crate) mod swizzle;
pub(crate) mod tiler;
pub(crate) mod tuple;

pub use algebra::coalesce::*;
pub use algebra::complement::*;
pub use algebra::composition::*;
pub use algebra::divide::*;
pub use algebra::filter::*;
pub use algebra::inverse::*;
pub use algebra::product::*;
pub use algebra::recast::*;
pub use algebra::restructure::*;
pub use algebra::slice::*;
pub use composed::{ComposedLayout, ComposedSlice, Outer};
pub use error::{ErrorKind, LayoutError, Result};
pub use int_tuple::*;
pub use layout::Layout;
pub use stride::{
    Offset, ScaledBasis, Stride, StrideIter, StrideModes, StrideRef, StrideTuple, MAX_BASIS_DEPTH,
    MAX_COORD_NODES,
};
pub use swizzle::Swizzle;
pub use tiler::{AsTiler, Tiler, TilerRef};
pub use tuple::{Builder, HRef, HTuple, Modes, Node, INLINE};
