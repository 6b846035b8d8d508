// inner_product of a rank-2 and a rank-3 tuple: the operands must be congruent.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let _ = inner_product(hlist![_4, _5], hlist![_8, _3, _1]);
}
