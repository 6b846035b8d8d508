// A 5-element register array for a layout whose cosize is 6.
use layout_algebra::typelevel::generic_array::GenericArray;
use layout_algebra::typelevel::*;

fn main() {
    let a: GenericArray<i32, typenum::U5> = GenericArray::default();
    let _ = make_tensor_from_array(a, layout!((2,3):(3,1)));
}
