// A divisibility fact `{div=N}` after a dynamic leaf needs a positive literal N.
use layout_algebra::typelevel::layout;

fn main() {
    let m = 256;
    let _ = layout!(({m}{div=0}, 8));
    let _ = layout!(({m}{dvi=128}, 8));
}
