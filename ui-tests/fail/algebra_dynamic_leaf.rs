// The type-level algebra computes with types: a layout with a dynamic leaf must go
// through the runtime layer (`to_dynamic()`).
use layout_algebra::typelevel::*;

fn main() {
    let n = 6;
    let a = layout!((4,{n}):(1,4)).unwrap();
    let _ = composition(a, layout!(2:1));
}
