// Every spelling of layout!, Layout!, tile!, int! and Int! compiles and agrees
// with the runtime parser.
use layout_algebra::typelevel::*;

fn main() {
    let l: Layout![(4, (3, 2)):(2, (8, 1))] = layout!((4, (3, 2)):(2, (8, 1)));
    assert_eq!(l.to_string(), "(4,(3,2)):(2,(8,1))");
    assert_eq!(layout!((4, 8)).to_string(), "(4,8):(1,4)");
    assert_eq!(layout!((4, 8):row_major).to_string(), "(4,8):(8,1)");
    assert_eq!(layout!(8:-1).to_string(), "8:-1");
    let big: Int![1536] = int!(1536);
    assert_eq!(big.value(), 1536);
    let n = 3i64;
    let d = layout!(({n}, 8):row_major).unwrap();
    assert_eq!(d.to_string(), "(3,8):(8,1)");
    assert_eq!(tile!(4:1, [2:1, 2:2], 8).to_string(), "<4:1,<2:1,2:2>,8>");
}
