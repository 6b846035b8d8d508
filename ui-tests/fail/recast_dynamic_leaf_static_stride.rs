// `try_upcast` takes run-time leaves; a static stride that neither divides
// nor is divided by the factor is still a compile error, whatever the
// run-time extent on it.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let b = Layout::try_new(hlist![Dyn(8), _5], hlist![_1, _3]).unwrap();
    let _ = try_upcast(b, _2);
}
