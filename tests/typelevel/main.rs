//! The type-level layer in one test binary: layouts and evaluation against
//! the runtime layer, worked examples of the algebra, the generated
//! consistency and golden tests (tests/golden/gen_typelevel.py), and the
//! hygiene of the macros' expansions.

// Two hygiene tests print a 64-level nested layout and an i64::MIN stride: the
// next trait solver (-Znext-solver) needs more than the default depth of 128 for
// their `Display`; the default solver does not.
#![recursion_limit = "256"]

mod runtime_eval;
mod tl_render;

mod algebra;
mod basics;
mod consistency;
mod const_leaves;
mod fidelity_macros;
mod for_sizes;
mod gemm;
mod golden;
mod macros_hygiene;
mod mixed;
mod mixed_golden;
mod mixed_tiler;
mod mixed_tiler_product;
mod restructure;
mod swizzle;
mod swizzle_banks;
mod tensor;
mod tiled;
