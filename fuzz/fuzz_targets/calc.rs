//! Fuzz target `calc`: see `check/calc.rs` for what is checked.
#![no_main]

#[path = "../check/mod.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = check::calc::check_calc(data) {
        panic!("finding: {finding}");
    }
});
