//! Guides: longer explanations, each a page of its own.
//!
//! - [`for_cute_users`]: each CuTe operation's name in both layers (the
//!   operation table), the conventions where CuTe C++ and pycute disagree,
//!   compile errors, run-time sizes, kernels over tile sizes, swizzles.
//! - [`the_calculator`]: the `layout` binary: its expression language,
//!   output formats, batch mode, cost caps and shared-memory bank conflicts.
//! - [`writing_a_fast_kernel`]: atoms, tiled MMA and copy, packing and
//!   partitioning, from one atom call to a multi-threaded blocked GEMM.

pub mod for_cute_users {
    #![doc = include_str!("for_cute_users.md")]
    // The chapter's links name the type level's items as its users write them.
    #[allow(unused_imports)]
    use crate::typelevel::*;
}

#[doc = include_str!("the_calculator.md")]
pub mod the_calculator {}

#[doc = include_str!("writing_a_fast_kernel.md")]
pub mod writing_a_fast_kernel {}
