// (4,6,8):(2,3,5) ∘ 6:3: the stride 3 and the prefix size 4 do not divide each
// other; no layout selects every third element (CuTe C++ 4.2 wrongly returns (2,3):(6,3)).
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,6,8):(2,3,5)), layout!(6:3));
}
