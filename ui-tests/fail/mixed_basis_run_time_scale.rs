// A coordinate layout with run-time extents keeps static basis strides: its
// leaf modes divide by static tiler entries, but a run-time entry (CuTe C++'s
// `((4,3),12):((_1@0,4@0),_1@1)`) or a composition by a layout would give them
// run-time scales, which a type-level scaled basis does not have.
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let m = std::env::args().count() as i64 + 9;
    let id = try_make_identity_layout(hlist![Dyn(m), Dyn(12)]).unwrap();
    let _ = try_logical_divide(id, tile!(4, 8)); // static entries: accepted
    let _ = try_logical_divide(id, Tile(hlist![Dyn(4)]));
    let _ = try_composition(id, layout!(4:1));
}
