// (4,8):(1,6) upcast by 4: the stride 6 and the factor 4 do not divide each other,
// so 4 old elements do not make whole new ones (CuTe C++: "Divisibility condition").
use layout_algebra::typelevel::*;

fn main() {
    let _ = upcast(layout!((4,8):(1,6)), int!(4));
}
