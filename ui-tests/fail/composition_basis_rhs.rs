// A scaled-basis stride in the right operand of composition: refused at the
// type level (the runtime layer composes it with the mode of A it names).
use layout_algebra::typelevel::*;

fn main() {
    let _ = composition(layout!((4,8):(1,4)), layout!(2:1@1));
}
