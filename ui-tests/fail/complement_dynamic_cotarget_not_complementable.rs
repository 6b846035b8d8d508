// A cotarget known only at run time does not defer the static rule: (4,8):(1,5) has no
// complement (the gap between extent 4 and stride 5 is not a whole number of copies of
// the first mode), whatever the cotarget.
use layout_algebra::typelevel::*;

fn main() {
    let m = std::env::args().count() as i64 * 64;
    let _ = try_complement(layout!((4,8):(1,5)), Dyn(m));
}
