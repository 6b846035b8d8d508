// The paper's tiling examples (3.5.1, 3.5.2) compile to the expected types.
use layout_algebra::typelevel::*;

fn main() {
    let z: Layout![((4,8),(2,2)):((20,2),(80,1))] =
        zipped_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2));
    assert_eq!(z.to_string(), "((4,8),(2,2)):((20,2),(80,1))");
    let _: Layout![((2,3),(5,4)):((12,4),(24,1))] =
        raked_product(layout!((3,4):(4,1)), layout!((2,5):(1,2)));
}
