// The paper's tiling examples (3.5.1, 3.5.2) compile to the expected types.
use layout_algebra::typelevel::*;

fn main() {
    let z: Layout![((4,8),(2,2)):((20,2),(80,1))] =
        zipped_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2));
    assert_eq!(z.to_string(), "((4,8),(2,2)):((20,2),(80,1))");
    let _: Layout![((2,3),(5,4)):((12,4),(24,1))] =
        raked_product(layout!((3,4):(4,1)), layout!((2,5):(1,2)));
    // Unequal ranks: the rank-2 grid is padded with a 1:0 mode, as in CuTe C++
    // (which gives the same layouts).
    let _: Layout![((3,2),(4,5),(2,1)):((4,24),(1,48),(12,0))] =
        blocked_product(layout!((3,4,2):(4,1,12)), layout!((2,5):(1,2)));
    let _: Layout![((3,2),(4,5),(2,1)):((40,1),(10,2),(120,0))] =
        raked_product(layout!((2,5):(1,2)), layout!((3,4,2):(4,1,12)));
}
