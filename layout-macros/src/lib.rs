//! Procedural macros of `layout-algebra`: CuTe notation for type-level layouts.
//!
//! - `layout!((4,(3,2)):(2,(8,1)))`: the static layout value (zero-sized);
//!   `layout!((4,8))` / `layout!((4,8):col_major)` the compact column-major
//!   layout, `layout!((4,8):row_major)` the compact row-major one; a leaf
//!   `{expr}` (an `i64` expression) is dynamic, and then the macro returns
//!   `Result<Layout<..>, LayoutError>` (run-time checks of the dynamic extents).
//! - `Layout![(4,8):(1,4)]`: the same layout as a type.
//! - `tile!(4:1, 8:2)`: a tiler; `[..]` nests one (`tile!([2:1, 2:4], 8:1)`).
//! - `int!(1536)` / `Int![1536]`: any `i64` literal as a static integer value / type.
//!
//! Malformed input is a compile error at the offending token or sub-tuple.
//! The macros are re-exported by `layout_algebra::typelevel`, where they are
//! documented with examples.

mod expand;
mod parse;

use expand::*;
use parse::{err, Error, Parser, Result};
use proc_macro::{Delimiter, TokenStream, TokenTree};

/// The error at its span; the expansion is the error alone, which the compiler
/// types as an error value, so no further errors cascade from it.
fn fail(e: Error) -> TokenStream {
    compile_error(e.span, &e.message)
}

fn finish(p: &Parser) -> Result<()> {
    match p.peek() {
        None => Ok(()),
        Some(t) => err(t.span(), format!("unexpected `{t}` after the layout")),
    }
}

/// A type-level layout value in CuTe notation. See `layout_algebra::typelevel`.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    let mut p = Parser::new(input);
    let mut dyns = Vec::new();
    match valid_layout_spec(&mut p, &mut dyns).and_then(|s| finish(&p).map(|()| s)) {
        Ok(spec) => {
            let dynamic = !dyns.is_empty();
            bind_dyns(dyns, &layout_value(&spec, dynamic))
        }
        Err(e) => fail(e),
    }
}

/// A type-level layout type in CuTe notation (static leaves, or `{_}` for a
/// dynamic leaf). See `layout_algebra::typelevel`. After a validation error
/// the expansion is still the type as written, so uses of it add no errors.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    let mut p = Parser::new(input);
    let mut dyns = Vec::new();
    match layout_spec(&mut p, &mut dyns).and_then(|s| finish(&p).map(|()| s)) {
        Ok((spec, Ok(()))) => src(&layout_type(&spec)),
        Ok((spec, Err(e))) => type_with_error(&layout_type(&spec), e.span, &e.message),
        Err(e) => fail(e),
    }
}

/// A tiler `<L₀, L₁, …>`: comma-separated layouts (`4:1`, `(2,2):(1,8)`, or a
/// shape alone for its compact layout), `[..]` for a nested tiler.
#[proc_macro]
pub fn tile(input: TokenStream) -> TokenStream {
    let mut dyns = Vec::new();
    match tile_items(Parser::new(input), &mut dyns) {
        Ok(v) => bind_dyns(dyns, &v),
        Err(e) => fail(e),
    }
}

fn tile_items(mut p: Parser, dyns: &mut Vec<TokenStream>) -> Result<String> {
    let mut items = Vec::new();
    while !p.at_end() {
        match p.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
                let inner = Parser::new(g.stream());
                p.next();
                items.push(tile_items(inner, dyns)?);
            }
            _ => {
                let before = dyns.len();
                let spec = valid_layout_spec(&mut p, dyns)?;
                if dyns.len() > before {
                    return err(
                        spec.shape.span,
                        "a tiler mode must be static (dynamic `{..}` leaves are not supported in `tile!`)",
                    );
                }
                items.push(layout_value(&spec, false));
            }
        }
        match p.next() {
            None => break,
            Some(TokenTree::Punct(c)) if c.as_char() == ',' => {}
            Some(t) => {
                return err(
                    t.span(),
                    format!("expected `,` between tiler modes, found `{t}`"),
                )
            }
        }
    }
    let list = items
        .iter()
        .rev()
        .fold("::layout_algebra::typelevel::HNil".to_string(), |acc, i| {
            format!("::layout_algebra::typelevel::HCons {{ head: {i}, tail: {acc} }}")
        });
    Ok(format!("::layout_algebra::typelevel::Tile({list})"))
}

fn int_literal(input: TokenStream) -> Result<i64> {
    let mut p = Parser::new(input);
    let negative = p.is_punct('-');
    if negative {
        p.next();
    }
    let v = match p.next() {
        Some(TokenTree::Literal(l)) => parse::literal(&l.to_string(), l.span())?,
        Some(t) => {
            return err(
                t.span(),
                format!(
                    "expected one integer literal (e.g. `1536` or `-3`), found `{t}`; \
                     a value known only at run time is a `Dyn`"
                ),
            )
        }
        None => {
            return err(
                p.end_span(),
                "expected one integer literal, e.g. `1536` or `-3`",
            )
        }
    };
    finish(&p)?;
    Ok(if negative { -v } else { v })
}

/// Any `i64` literal as a static integer value (`int!(1536)`).
#[proc_macro]
pub fn int(input: TokenStream) -> TokenStream {
    match int_literal(input) {
        Ok(v) => src(&format!(
            "<{} as ::layout_algebra::typelevel::StaticInt>::VALUE",
            int_type(v)
        )),
        Err(e) => fail(e),
    }
}

/// Any `i64` literal as a static integer type (`Int![1536]`).
#[proc_macro]
#[allow(non_snake_case)]
pub fn Int(input: TokenStream) -> TokenStream {
    match int_literal(input) {
        Ok(v) => src(&int_type(v)),
        Err(e) => fail(e),
    }
}
