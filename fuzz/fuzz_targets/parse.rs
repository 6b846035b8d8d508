//! Fuzz target `parse`: see `check/parse.rs` for what is checked.
#![no_main]

#[path = "../check/mod.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = check::parse::check_parse(data) {
        panic!("finding: {finding}");
    }
});
