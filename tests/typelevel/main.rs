//! The type-level layer in one test binary: layouts and evaluation against
//! the runtime layer, worked examples of the algebra, the generated
//! consistency and golden tests (tests/golden/gen_typelevel.py), and the
//! hygiene of the macros' expansions.

mod runtime_eval;
mod tl_render;

mod algebra;
mod basics;
mod consistency;
mod fidelity_macros;
mod golden;
mod macros_hygiene;
