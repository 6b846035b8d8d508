// CuTe's printed static integers are `_N` and `_-N` (print(Int<-3>{}) is `_-3`);
// other identifiers starting with `_` are not integers, and `-_3` is not
// CuTe's spelling. A printed tile is read mode by mode.
use layout_algebra::typelevel::{int, layout, tile};

fn main() {
    let _ = layout!((_4,_x):(_1,_4));
    let _ = layout!((_4,_8):(_1,_4u8));
    let _ = layout!((4,-_3):(1,4));
    let _ = int!(_);
    let _ = tile!((_4:_1,_0:_2));
    let _ = tile!((_4:_1,_8:));
}
