//! The runtime layer: CuTe's layout algebra on values known only at run time.
//!
//! Needs only `alloc`. Every operation checks its preconditions and returns a
//! [`Result`] whose error names the violated rule; tuples are stored inline,
//! so operations on layouts of up to 16 leaves do not allocate.
//!
//! ```
//! use layout_algebra::runtime::*;
//! let a: Layout = "(4,6):(1,4)".parse().unwrap();
//! assert_eq!(a.size().unwrap(), 24);
//! ```

pub mod budget;
mod coalesce;
mod complement;
mod composition;
mod divide;
mod error;
pub mod expr;
mod flat;
mod int_tuple;
mod inverse;
mod layout;
pub mod parse;
pub mod print;
mod product;
mod recast;
mod restructure;
mod slice;
mod stride;
mod tuple;

pub use coalesce::*;
pub use complement::*;
pub use composition::*;
pub use divide::*;
pub use error::{ErrorKind, LayoutError, Result};
pub use int_tuple::*;
pub use inverse::*;
pub use layout::Layout;
pub use product::*;
pub use recast::*;
pub use restructure::*;
pub use slice::*;
pub use stride::{
    Offset, ScaledBasis, Stride, StrideRef, StrideTuple, MAX_BASIS_DEPTH, MAX_COORD_NODES,
};
pub use tuple::{Builder, HRef, HTuple, Modes, Node, INLINE};
