// (2,2):(2,3): the mode of stride 3 starts inside the extent 4 of the mode below it,
// so two coordinates share an offset and there is no complement.
use layout_algebra::typelevel::*;

fn main() {
    let _ = complement(layout!((2,2):(2,3)), int!(12));
}
