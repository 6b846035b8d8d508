//! The type-level layer: layouts whose shapes and strides are types.
//!
//! A static integer is a typenum signed integer (`P4`, `N2`, `Z0`), a tuple is a
//! frunk HList of integers and tuples, and a layout is [`Layout<S, D>`]. The
//! algebra in [`algebra`] computes result layouts as types; illegal
//! operations are compile errors that name the violated rule ([`assert`]).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use typenum::consts::*;
//! type A = Layout<frunk_core::HList![P4, P6, P8, P10], frunk_core::HList![P2, P3, P5, P7]>;
//! type R = ComposeOut<A, Layout<P6, P12>>;
//! let _: Layout<frunk_core::HList![P2, P3], frunk_core::HList![P9, P5]> = composition(A::default(), Layout::<P6, P12>::default());
//! # let _ = core::marker::PhantomData::<R>;
//! ```

pub mod algebra;
pub mod assert;
mod layout;

pub use algebra::prelude::*;
pub use layout::{Layout, Tile};
