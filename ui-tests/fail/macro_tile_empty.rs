// A tiler has at least one mode (the runtime rejects `<>` too).
use layout_algebra::typelevel::tile;

fn main() {
    let _ = tile!();
    let _ = tile!([], 4:1);
}
