// A tiler with a run-time entry keeps the static checks of its static entries:
// 3 elements of <_3> cross the extent-2 leaf of the static mode (2,3) off its boundary.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let a = Layout::try_new(hlist![Dyn(16), hlist![_2, _3]], hlist![_1, hlist![_1, _36]]);
    let _ = try_zipped_divide(a.unwrap(), Tile(hlist![Dyn(8), layout!(3:1)]));
}
