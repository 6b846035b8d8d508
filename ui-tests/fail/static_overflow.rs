// A static result that does not fit i64 is a compile error, never a wrapped value:
// the size of 4294967296:1 x 4294967296:1 is 2^64 (it printed 0 before).
use layout_algebra::typelevel::*;

fn main() {
    let p = logical_product(layout!(4294967296:1), layout!(4294967296:1));
    let _ = size(&p).value();
}
