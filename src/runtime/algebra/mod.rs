//! The layout algebra on runtime layouts, one module per family; the
//! type-level twins live under the same file names in
//! `crate::typelevel::algebra`.
//!
//! Every operation is re-exported by [`crate::runtime`].

pub(crate) mod bymode;
pub(crate) mod coalesce;
pub(crate) mod complement;
pub(crate) mod composition;
pub(crate) mod divide;
pub(crate) mod filter;
pub(crate) mod inverse;
pub(crate) mod mode_list;
pub(crate) mod product;
pub(crate) mod recast;
pub(crate) mod regroup;
pub(crate) mod restructure;
pub(crate) mod slice;
