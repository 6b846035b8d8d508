// A tiler with three entries for a rank-2 layout.
use layout_algebra::typelevel::*;

fn main() {
    let _ = zipped_divide(layout!((8,16):(20,1)), tile!(4:1, 8:2, 2:1));
}
