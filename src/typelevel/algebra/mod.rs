//! The layout algebra on type-level layouts, one module per family.
//!
//! Every operation has one front door: a trait with an `Output` type
//! (`Compose<B>`), a result alias (`ComposeOut<A, B>`) and the CuTe-named
//! function (`composition(a, b)`). Checked operations also have an unchecked
//! `Try*` trait giving the result and a [`verdict`].
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let r: Layout![3:44] = composition(layout!(7:11), layout!(3:4));
//! assert_eq!(r.to_string(), "3:44");
//! ```

pub mod arith;
pub mod arrange;
pub mod bymode;
pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod distributive;
pub mod divide;
pub mod door;
pub mod filter;
pub mod flat;
pub mod inverse;
pub mod product;
pub mod shown;
pub mod size;
pub mod verdict;

/// The front doors of every operation (re-exported by [`crate::typelevel`]).
pub mod prelude {
    pub use super::coalesce::{coalesce, Coalesce, CoalesceOut};
    pub use super::complement::{
        complement, complement_default, Complement, ComplementDefault, ComplementDefaultOut,
        ComplementOut, ComplementVerdict, TryComplement,
    };
    pub use super::composition::{composition, Compose, ComposeOut, ComposeVerdict, TryCompose};
    pub use super::divide::{
        flat_divide, logical_divide, tiled_divide, zipped_divide, FlatDivide, FlatDivideOut,
        LogicalDivide, LogicalDivideOut, TiledDivide, TiledDivideOut, ZippedDivide,
        ZippedDivideOut,
    };
    pub use super::filter::{filter, filter_zeros, Filter, FilterOut, FilterZeros, FilterZerosOut};
    pub use super::inverse::{
        left_inverse, max_common_layout, max_common_vector, right_inverse, LeftInverse,
        LeftInverseOut, MaxCommonLayout, MaxCommonLayoutOut, MaxCommonVector, MaxCommonVectorOut,
        RightInverse, RightInverseOut,
    };
    pub use super::product::{
        blocked_product, flat_product, logical_product, raked_product, tiled_product,
        zipped_product, BlockedProduct, BlockedProductOut, FlatProduct, FlatProductOut,
        LogicalProduct, LogicalProductOut, RakedProduct, RakedProductOut, TiledProduct,
        TiledProductOut, ZippedProduct, ZippedProductOut,
    };
}
