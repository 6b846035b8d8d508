// A coordinate whose rank differs from the layout's rank, in evaluation and in
// slicing; a coordinate that is not made of integers.
use layout_algebra::typelevel::{layout, __};

fn main() {
    let l = layout!((4, 8):(1, 4));
    let _ = l.call((1usize, 2usize, 3usize));
    let h = layout!((4, (3, 2)):(2, (8, 1)));
    let _ = h.call((1usize, (2usize, 0usize, 1usize)));
    let _ = h.slice((__, 1usize, 2usize));
    let _ = l.call(1.5f64);
}
