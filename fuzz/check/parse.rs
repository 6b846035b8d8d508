//! The `parse` target: every parser on arbitrary text. A value that parses
//! prints in CuTe notation that parses back to the same value; a parse error
//! names a byte position inside the input.

use super::{ensure, show, Checked};
use layout_algebra::runtime::parse::{
    normalize, parse_descriptor, parse_int_tuple, parse_layout, parse_slice_coord, parse_stride,
    parse_tiler,
};
use layout_algebra::runtime::{ErrorKind, IntTuple, Layout, LayoutError, SliceCoord, StrideTuple};

/// Run every parser on `data` (invalid UTF-8 replaced) and check the results.
pub fn check_parse(data: &[u8]) -> Checked {
    let text = String::from_utf8_lossy(data);
    check_text(&text)
}

/// Run every parser on `s` and check round trips and error positions.
pub fn check_text(s: &str) -> Checked {
    let mut n = 0;
    n += round_trip(s, "int tuple", parse_int_tuple, |v| v.to_string())?;
    n += round_trip(s, "stride", parse_stride, |v| v.to_string())?;
    n += round_trip(s, "layout", parse_layout, |v| v.to_string())?;
    n += round_trip(s, "tiler", parse_tiler, |v| v.to_string())?;
    n += round_trip(s, "slice coordinate", parse_slice_coord, show)?;
    // FromStr agrees with the parse functions.
    ensure!(
        n,
        s.parse::<IntTuple>().ok() == parse_int_tuple(s).ok(),
        "IntTuple::from_str({s:?}) disagrees"
    );
    ensure!(
        n,
        s.parse::<StrideTuple>().ok() == parse_stride(s).ok(),
        "StrideTuple::from_str({s:?}) disagrees"
    );
    ensure!(
        n,
        s.parse::<Layout>().ok() == parse_layout(s).ok(),
        "Layout::from_str({s:?}) disagrees"
    );
    ensure!(
        n,
        s.parse::<SliceCoord>().ok() == parse_slice_coord(s).ok(),
        "SliceCoord::from_str({s:?}) disagrees"
    );
    // A descriptor normalizes to the stride that parse_stride reads.
    match parse_descriptor(s) {
        Ok(d) => {
            let (a, b) = (normalize(&d), parse_stride(s));
            ensure!(
                n,
                a.as_ref().ok() == b.as_ref().ok(),
                "normalize(parse_descriptor({s:?})) = {a:?}, parse_stride = {b:?}"
            );
        }
        Err(e) => n += positioned(s, &e, "descriptor")?,
    }
    Ok(n)
}

/// `parse(s) = v` implies `parse(print(v)) = v`; an error is positioned.
fn round_trip<T: PartialEq>(
    s: &str,
    what: &str,
    parse: impl Fn(&str) -> Result<T, LayoutError>,
    print: impl Fn(&T) -> String,
) -> Checked {
    let mut n = 0;
    match parse(s) {
        Ok(v) => {
            let p = print(&v);
            let back = parse(&p);
            let shown = back.as_ref().map(&print).map_err(ToString::to_string);
            ensure!(
                n,
                back.as_ref().ok() == Some(&v),
                "{what} {s:?} prints as {p:?}, which parses to {shown:?}"
            );
            ensure!(
                n,
                print(back.as_ref().unwrap_or(&v)) == p,
                "{what} {p:?} does not print the same"
            );
        }
        Err(e) => n += positioned(s, &e, what)?,
    }
    Ok(n)
}

/// A parse error names a byte position on a character boundary of `s`.
fn positioned(s: &str, e: &LayoutError, what: &str) -> Checked {
    let mut n = 0;
    if e.kind() == ErrorKind::Parse {
        let p = e.position();
        ensure!(
            n,
            p.is_some_and(|p| s.is_char_boundary(p)),
            "{what} {s:?}: error {e} has no position inside the input ({p:?})"
        );
    }
    n += 1;
    Ok(n)
}
