//! The generated type-level tests (tests/golden/gen_typelevel.py): the
//! golden data of pycute and CuTe C++, and random operations against the
//! runtime layer. A test binary of their own, so that cargo compiles them
//! beside the hand-written tests (tests/typelevel) on a second core.

#[path = "../typelevel/runtime_eval.rs"]
mod runtime_eval;
#[path = "../typelevel/tl_render.rs"]
mod tl_render;

mod consistency;
mod golden;
