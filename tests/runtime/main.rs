//! The runtime layer and the calculator's expression language, in one test
//! binary: worked examples checked against pycute and CuTe C++, the golden
//! data, property tests of every operation's postconditions, parser tests and
//! hostile input; swizzles, composed layouts and the bank-conflict model
//! (against CuTe C++ and the GPU measurements in benches/gpu/).

/// The fuzz targets' checks (`fuzz/check/`), replayed on the committed corpus.
#[path = "../../fuzz/check/mod.rs"]
mod fuzz_check;
mod support;

mod complement;
mod composition;
mod expr;
mod fidelity_parse;
mod fuzz_corpus;
mod golden;
mod hostile;
mod parse;
mod prop_coalesce;
mod prop_divide;
mod prop_inverse;
mod prop_product;
mod prop_recast;
mod prop_restructure;
mod prop_slice;
mod spec_examples;
mod swizzle_banks;
mod swizzle_calc;
mod swizzle_composed;
mod swizzle_golden;
mod swizzle_gpu;
mod swizzle_parse;
mod swizzle_props;
