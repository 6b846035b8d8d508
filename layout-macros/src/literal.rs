//! Integer literals of the macros' input: every leaf is an `i64`.

use crate::error::{err, Result};
use proc_macro::Span;

/// The integer types a literal's suffix may name, with their ranges.
const SUFFIXES: [(&str, i128, u128); 10] = [
    ("i8", i8::MIN as i128, i8::MAX as u128),
    ("i16", i16::MIN as i128, i16::MAX as u128),
    ("i32", i32::MIN as i128, i32::MAX as u128),
    ("i64", i64::MIN as i128, i64::MAX as u128),
    ("i128", i128::MIN, i128::MAX as u128),
    ("u8", 0, u8::MAX as u128),
    ("u16", 0, u16::MAX as u128),
    ("u32", 0, u32::MAX as u128),
    ("u64", 0, u64::MAX as u128),
    ("u128", 0, u128::MAX),
];

/// The value of an integer literal token `text` (decimal, or `0x`/`0o`/`0b`;
/// `_` separators), negated when a `-` preceded it.
///
/// The value must fit `i64`. A suffix is honoured: it must name a fixed-width
/// integer type (`i8` … `i128`, `u8` … `u128`) whose range holds the value, so
/// `5000000000u32` and `-4u64` are errors as in Rust; `isize`/`usize` (whose
/// width depends on the target) and float suffixes are errors.
pub fn integer(text: &str, negative: bool, span: Span) -> Result<i64> {
    let written = if negative {
        format!("-{text}")
    } else {
        text.to_string()
    };
    let not_integer = || {
        err(
            span,
            format!("expected an integer literal, found `{written}`"),
        )
    };
    let t: String = text.chars().filter(|c| *c != '_').collect();
    let (body, radix) = match t.get(..2) {
        Some("0x") => (&t[2..], 16),
        Some("0o") => (&t[2..], 8),
        Some("0b") => (&t[2..], 2),
        _ => (&t[..], 10),
    };
    let end = body
        .find(|c: char| c.to_digit(radix).is_none())
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(end);
    if digits.is_empty() {
        return not_integer();
    }
    let range = match suffix {
        "" => None,
        "isize" | "usize" => {
            return err(
                span,
                format!(
                    "literal `{written}`: the suffix `{suffix}` has the width of the target's \
                     pointers; every leaf is an `i64`: write it without suffix or with `i64`"
                ),
            )
        }
        s => match SUFFIXES.iter().find(|(name, ..)| *name == s) {
            Some(&r) => Some(r),
            None => return not_integer(),
        },
    };
    // The magnitude, saturated far beyond i64 (a saturated value is out of range).
    let magnitude = digits.chars().fold(0u128, |acc, c| {
        let d = u128::from(c.to_digit(radix).expect("a digit of the radix"));
        acc.saturating_mul(radix as u128).saturating_add(d)
    });
    let magnitude = i128::try_from(magnitude).unwrap_or(i128::MAX);
    let value = if negative { -magnitude } else { magnitude };
    if let Some((name, min, max)) = range {
        if value < min || u128::try_from(value).is_ok_and(|v| v > max) {
            return err(
                span,
                format!("literal `{written}` is out of range for `{name}` ({min} to {max})"),
            );
        }
    }
    i64::try_from(value).or_else(|_| {
        err(
            span,
            format!(
                "literal `{written}` does not fit in `i64` ({} to {}): every leaf is an `i64`",
                i64::MIN,
                i64::MAX
            ),
        )
    })
}
