//! Whether rustc's lexer dropped a character of the macro's input.
//!
//! A character that cannot start a token (a non-ASCII digit such as `٣`, a
//! backtick) is reported by the lexer ("unknown start of token") and left out
//! of the tokens the macro receives, so `(4,٣)` arrives as `(4,)`. An error
//! the macro would then report (here: a stride not congruent with `(4)`) is
//! spurious: the lexer's error is the real one. This module finds such a
//! character by matching the tokens' source text against the invocation's.

use proc_macro::{Delimiter, Span, TokenStream, TokenTree};

/// Whether the source text of this macro call holds, between the tokens of
/// `input`, a character that the lexer rejects. `false` when the source text
/// is unavailable or does not match the tokens (e.g. inside `macro_rules!`).
pub fn dropped_by_lexer(input: &TokenStream) -> bool {
    let Some(call) = Span::call_site().source_text() else {
        return false;
    };
    let Some(bang) = call.find('!') else {
        return false;
    };
    let rest = trivia(&call[bang + 1..]);
    if rest.len() < 2 || !rest.ends_with([')', ']', '}']) {
        return false;
    }
    // Iterative (the input may nest thousands of levels): a stack of the
    // source text still to match and the tokens still to match it with.
    let mut stack = vec![(&rest[1..rest.len() - 1], input.clone().into_iter())];
    while let Some((text, tokens)) = stack.last_mut() {
        let t = trivia(text);
        let Some(token) = tokens.next() else {
            if let Some(c) = t.chars().next() {
                return rejected(c);
            }
            stack.pop();
            continue;
        };
        let Some(written) = token.span().source_text() else {
            return false;
        };
        if !t.starts_with(&written) {
            return t.chars().next().is_some_and(rejected);
        }
        *text = &t[written.len()..];
        if let TokenTree::Group(g) = token {
            if g.delimiter() != Delimiter::None && written.len() >= 2 {
                stack.push((&t[1..written.len() - 1], g.stream().into_iter()));
            }
        }
    }
    false
}

/// A character that cannot start a Rust token.
fn rejected(c: char) -> bool {
    (!c.is_ascii() && !c.is_alphabetic()) || c == '`' || c == '\\'
}

/// `s` after leading whitespace and comments.
fn trivia(mut s: &str) -> &str {
    loop {
        s = s.trim_start();
        if let Some(r) = s.strip_prefix("//") {
            s = r.find('\n').map_or("", |i| &r[i..]);
        } else if let Some(mut r) = s.strip_prefix("/*") {
            let mut depth = 1;
            while depth > 0 && !r.is_empty() {
                if let Some(x) = r.strip_prefix("/*") {
                    (depth, r) = (depth + 1, x);
                } else if let Some(x) = r.strip_prefix("*/") {
                    (depth, r) = (depth - 1, x);
                } else {
                    let n = r.chars().next().map_or(0, char::len_utf8);
                    r = &r[n..];
                }
            }
            s = r;
        } else {
            return s;
        }
    }
}
