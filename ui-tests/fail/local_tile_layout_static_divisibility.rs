// `local_tile` by a layout whose stride crosses the tensor's static extents
// off their boundaries: the tiler (2,2):(1,4) steps by 4 across the mode
// (4,5) of static extents (CuTe C++ returns a tile of the wrong elements).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let data = [0i64; 120];
    let a = Layout::try_new(hlist![hlist![_4, _5], _6], hlist![hlist![_1, Dyn(4)], Dyn(20)]).unwrap();
    let t = make_tensor(&data[..], a).unwrap();
    let _ = try_local_tile(t, layout!((2,2):(1,4)), 0usize);
}
