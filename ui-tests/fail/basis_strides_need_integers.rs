// Complements, inverses, products, recasts and common vectors order, invert or
// divide strides as integers: a coordinate layout (scaled-basis strides) has
// no such order, and CuTe C++ does not compile them either.
use layout_algebra::typelevel::*;

fn main() {
    let id = layout!((4,8):(1@0,1@1));
    let _ = composition(id, layout!(8:1)); // composes: accepted
    let _ = complement(id, _32);
    let _ = right_inverse(id);
    let _ = logical_product(id, layout!(2:1));
}
