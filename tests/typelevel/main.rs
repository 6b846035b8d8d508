//! The type-level layer's hand-written tests: layouts and evaluation against
//! the runtime layer, worked examples of the algebra, tensors and kernels, and
//! the hygiene of the macros' expansions. The generated tests are binaries of
//! their own: tests/golden_typelevel and tests/golden_mixed.

// Two hygiene tests print a 64-level nested layout and an i64::MIN stride: the
// next trait solver (-Znext-solver) needs more than the default depth of 128 for
// their `Display`; the default solver does not.
#![recursion_limit = "256"]

mod runtime_eval;
mod tl_render;

mod algebra;
mod basics;
mod const_leaves;
mod fidelity_macros;
mod for_sizes;
mod gemm;
mod macros_hygiene;
mod mixed;
mod mixed_basis;
mod mixed_identity;
mod mixed_int_tuple;
mod mixed_product_dyn_b;
mod mixed_tiler;
mod mixed_tiler_product;
mod restructure;
mod swizzle;
mod swizzle_banks;
mod tensor;
mod tiled;
mod tv_plan;
