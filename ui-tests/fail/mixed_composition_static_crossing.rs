// The stride 3 of 6:3 and the static first mode 8:1 of (8,n):(1,8n) divide neither way, and the
// six offsets 0, 3, .., 15 reach past that mode, whatever n is (CuTe C++ with an int n answers
// (_3,_2):(_3,8n), whose offset at 3 is 8n, not A(9) = 8n + 1).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_8, Dyn(n)], hlist![_1, Dyn(8 * n)]).unwrap();
    let _ = try_composition(a, layout!(6:3));
}
