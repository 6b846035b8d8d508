// (4,2,8):(3,12,97) ∘ 3:3 = 3:9: 4 and 3 do not divide each other, but A coalesces to
// (8,8):(3,97) and the offsets 0, 3, 6 stay inside its first mode (paper 3.3.3).
use layout_algebra::typelevel::*;

fn main() {
    let r: Layout![3:9] = composition(layout!((4,2,8):(3,12,97)), layout!(3:3));
    assert_eq!(r.to_string(), "3:9");
    // Truncation inside one mode: (4,8):(1,10) ∘ 3:1 = 3:1 (3 does not divide 4).
    let _: Layout![3:1] = composition(layout!((4,8):(1,10)), layout!(3:1));
    // Beyond A's domain: 7:11 ∘ 3:4 = 3:44 (paper 3.3.3).
    let _: Layout![3:44] = composition(layout!(7:11), layout!(3:4));
}
