//! Guides: longer explanations, each a page of its own.
//!
//! - [`writing_a_fast_kernel`]: atoms, tiled MMA and copy, packing and
//!   partitioning, from one atom call to a multi-threaded blocked GEMM.

#[doc = include_str!("writing_a_fast_kernel.md")]
pub mod writing_a_fast_kernel {}
