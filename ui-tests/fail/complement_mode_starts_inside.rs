// (2,2):(2,3): the mode of stride 3 starts inside the extent 4 of the mode below it;
// the layout is injective (offsets 0, 2, 3, 5) but its modes interleave, and no layout
// fills the gaps: there is no complement.
use layout_algebra::typelevel::*;

fn main() {
    let _ = complement(layout!((2,2):(2,3)), int!(12));
}
