// A character that cannot start a token is the lexer's error; the macro adds
// no second error about what the lexer left out.
use layout_algebra::typelevel::{int, layout};

fn main() {
    let _ = layout!((4,٣):(1,4));
    let _ = layout!(٣:1);
    let _ = int!(٣);
}
