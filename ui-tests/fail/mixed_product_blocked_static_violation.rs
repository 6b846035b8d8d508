// A dynamic extent does not defer a rule the static strides decide: the block (4,n):(1,6)
// of a blocked product (the raked product's, too) has no complement (6 is not a multiple of the extent 4
// below it), whatever n is; padding the block with 1:0 modes does not change that.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_4, Dyn(n)], hlist![_1, _6]).unwrap();
    let _ = try_blocked_product(a, layout!((2,2,2):(1,2,4)));
}
