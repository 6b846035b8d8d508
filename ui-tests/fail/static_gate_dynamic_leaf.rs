// `right_inverse`, `is_bijection` and `complement_default` compute with static
// leaves: a layout with a run-time leaf is refused at their gate, naming the
// form that takes it (`try_right_inverse`, `try_is_bijection`,
// `try_complement_default`).
use layout_algebra::typelevel::*;

fn main() {
    let n = 6;
    let a = layout!((4,{n}):(1,4)).unwrap();
    let _ = right_inverse(a);
    let _ = is_bijection(&a);
    let _ = complement_default(a);
}
