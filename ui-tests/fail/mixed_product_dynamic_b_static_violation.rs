// A right operand B with run-time leaves does not defer a rule the static leaves decide: the
// complement of (4,2):(1,8) up to the run-time cotarget 8·cosize(B) is (2,m):(4,16), and B's first
// mode n:3 steps over its first mode 2 by the stride 3, which 2 neither divides nor is a multiple
// of, whatever n is (CuTe C++ refuses it at compile time too: "Stride Divisibility Condition").
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let n = std::env::args().count() as i64;
    let b = Layout::try_new(hlist![Dyn(n), _3], hlist![_3, Dyn(n)]).unwrap();
    let _ = try_logical_product(layout!((4, 2):(1, 8)), b);
}
