// `upcast` computes with static leaves: a layout with a run-time leaf is
// refused at its gate, naming `try_upcast`, which takes it.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let a = Layout::try_new(hlist![_8, Dyn(5)], hlist![_1, Dyn(64)]).unwrap();
    let _ = upcast(a, _2);
}
