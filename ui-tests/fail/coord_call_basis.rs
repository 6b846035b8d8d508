// An identity layout maps coordinates to coordinates: `call` (an integer
// offset) does not apply; `eval_coord` does.
use layout_algebra::typelevel::*;

fn main() {
    let _ = layout!((4,8):(1@0,1@1)).call(5usize);
}
