// Index 7 of (4,()): 7 mod 4 = 3 into 4 leaves 1 for the empty mode (), whose
// only coordinate () is index 0.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = idx2crd(_7, hlist![_4, hlist![]]);
}
