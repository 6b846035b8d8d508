// A dynamic stride does not defer a rule the static parts decide: the static mode 3:-1 of
// (2,3):(d,-1) gives offsets below 0, whatever d is (the runtime layer's InvalidArgument).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let d = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_2, _3], hlist![Dyn(3 * d), int!(-1)]).unwrap();
    let _ = try_left_inverse(a);
}
