//! Fuzz target `ops`: see `check/ops.rs` for what is checked.
#![no_main]

#[path = "../check/mod.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = check::ops::check_ops(data) {
        panic!("finding: {finding}");
    }
});
