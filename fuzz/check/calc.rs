//! The `calc` target: the calculator's expression language on arbitrary
//! lines, one expression per line as in batch mode. A result prints in CuTe
//! notation; where that notation is itself an expression (integers, tuples,
//! layouts, strides, slice coordinates, tilers) it evaluates back to the
//! same value. Errors are fine; a parse error names a position in its line.

use super::{ensure, Checked};
use layout_algebra::calc::{evaluate, Value};
use layout_algebra::runtime::ErrorKind;

/// Longest line evaluated: 64 kB, so that the fuzzer reaches the hostile
/// inputs of that size (5,000 swizzle prefixes `Sw<3,4,3> o ` in a chain, deep
/// nesting); batch mode bounds the cost per line itself.
pub const MAX_LINE: usize = 1 << 16;

/// Split `data` into lines as batch mode does and evaluate each.
pub fn check_calc(data: &[u8]) -> Checked {
    let mut n = 0;
    for raw in data.split(|&b| b == b'\n') {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let Ok(line) = std::str::from_utf8(line) else {
            continue;
        };
        if line.trim().is_empty() || line.len() > MAX_LINE {
            continue;
        }
        n += check_line(line)?;
    }
    Ok(n)
}

/// Evaluate one expression and check its result.
pub fn check_line(line: &str) -> Checked {
    let mut n = 0;
    match evaluate(line) {
        Ok(v) => {
            let text = v.to_string();
            ensure!(n, !text.is_empty(), "{line:?} prints as nothing");
            if reparses(&v) {
                let back = evaluate(&text);
                ensure!(
                    n,
                    back.as_ref().ok() == Some(&v),
                    "{line:?} = {text}, which evaluates to {back:?}"
                );
            }
        }
        Err(e) => {
            if e.kind() == ErrorKind::Parse {
                let p = e.position();
                ensure!(
                    n,
                    p.is_some_and(|p| line.is_char_boundary(p)),
                    "{line:?}: error {e} has no position in the line ({p:?})"
                );
            }
            n += 1;
        }
    }
    Ok(n)
}

/// Whether the printed form of `v` is an expression for `v`.
fn reparses(v: &Value) -> bool {
    !matches!(v, Value::LayoutWithOffset(..) | Value::Bool(_))
}
