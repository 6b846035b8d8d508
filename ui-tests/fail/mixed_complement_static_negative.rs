// A dynamic stride does not defer a rule the static parts decide: the static mode 2:-4 of
// (4,2):(d,-4) has no complement, whatever d is (the runtime layer's NotComplementable).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let d = std::env::args().count() as i64;
    let a = Layout::try_new(hlist![_4, _2], hlist![Dyn(d), int!(-4)]).unwrap();
    let _ = try_complement(a, Dyn(64));
}
