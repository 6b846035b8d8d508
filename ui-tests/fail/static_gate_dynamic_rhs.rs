// The static operations gate their right operand too: a layout, a tiler or a
// cotarget with a run-time leaf is refused at the front door, naming the
// `try_*` form that takes it, instead of failing inside the algebra.
use layout_algebra::typelevel::*;

fn main() {
    let n = 6;
    let b = layout!((4,{n}):(1,4)).unwrap();
    let _ = composition(layout!(8:1), b);
    let _ = logical_divide(layout!((8,8):(1,8)), tile!({n}, 2).unwrap());
    let _ = blocked_product(layout!(2:1), b);
    let _ = complement(layout!(2:1), Dyn(8));
}
