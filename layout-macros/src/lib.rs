//! Procedural macros of `layout-algebra`: CuTe notation for type-level
//! layouts. They are re-exported by `layout_algebra::typelevel`, where they
//! are documented with runnable examples.
//!
//! | macro | takes | gives |
//! |---|---|---|
//! | `layout!` | `shape:stride`, `shape`, `shape:col_major`, `shape:row_major` | the layout value (zero-sized if static; `Result<Layout<..>, LayoutError>` with a `{expr}` or `{expr}{div=N}` leaf) |
//! | `Layout!` | the same, `{_}` (or `{_}{div=N}`) for a dynamic leaf | the layout type |
//! | `tile!` | one or more layouts, `[..]` nesting a tiler, CuTe's printed tile `(_4:_1,_8:_2)` | a `Tile` (`Result<Tile<..>, LayoutError>` with a `{expr}` leaf) |
//! | `int!` / `Int!` | one integer literal, or `_N` / `_-N` | a static integer value / type |
//! | `#[for_sizes(..)]` | a list of sizes, on a function generic over `const` sizes | the function, stamped once per size |
//!
//! CuTe's printed static integers are leaves anywhere: `_4` is 4, `_-3` is
//! -3 (`print(Int<-3>{})`). An identifier in upper case (`MR`) is a static
//! leaf too, `Int<MR>`: a const generic parameter or `const` item of the
//! caller. A compact layout gives a static size-1 mode stride 0, as static
//! CuTe C++ and the runtime layer do.
//!
//! Malformed input is a compile error at the offending token or sub-tuple.
//!
//! The crate is split as thiserror's `impl/` is: `parse` reads tokens (with
//! limits on nesting, rank and size; `literal` reads integer literals),
//! `validate` checks the rules the tokens show, `expand` writes the expansion
//! (and alone spells library paths), and `lexed` keeps a lexer error from
//! being followed by a spurious one.

mod error;
mod expand;
mod lexed;
mod literal;
mod names;
mod parse;
mod stamp;
mod validate;

use error::Error;
use expand::{compile_error, diverging, int_type, int_value, src};
use parse::{Parser, Read};
use proc_macro::{Span, TokenStream};

/// The error at its span, or, when rustc's lexer already reported an error
/// in this input (which made the tokens wrong), `fallback` and no error.
/// An error's expansion is the error alone, which the compiler types as an
/// error value, so no further errors cascade from it.
fn fail(e: Error, input: &TokenStream, fallback: TokenStream) -> TokenStream {
    match lexed::dropped_by_lexer(input) {
        true => fallback,
        false => compile_error(e.span, &e.message),
    }
}

/// A type-level layout value in CuTe notation: `shape:stride`, `shape` or
/// `shape:col_major` (compact column-major), `shape:row_major` (compact
/// row-major); a shape or stride is a leaf or a parenthesized tuple of them,
/// nested at most 64 levels.
///
/// Limits: a tuple has at most 64 modes, and one call holds at most 256
/// leaves and 256 tuples, its shape and stride together (no real layout
/// comes near; the expansion is a type per mode, which rustc must compile).
/// Past a limit the input is a compile error at the tuple, or the leaf,
/// that goes over.
///
/// A leaf is an integer literal (any `i64`; a suffix must name a fixed-width
/// integer type whose range holds the value, `isize`/`usize` are refused),
/// CuTe's printed static integer `_N` or `_-N`, an identifier in upper case
/// `MR` or `-MR` (a const generic parameter or `const` item of type `usize`,
/// the static `Int<MR>`), or a block `{..}` of type `i64`, which may hold
/// statements. The compact layouts give a static extent
/// 1 stride 0 (`(1,4)` is `(1,4):(0,1)`, `(4,1):row_major` is `(4,1):(1,0)`),
/// as static CuTe C++ and the runtime layer do; a dynamic extent gets the
/// prefix product whatever its value, as CuTe C++ gives a dynamic 1. Blocks are
/// evaluated once each, in order, and see the caller's names only (the
/// expansion's own names are out of their reach). A type error in a block is
/// reported inside it.
///
/// Static: the zero-sized `Layout<..>`; with a `{..}` leaf:
/// `Result<Layout<..>, LayoutError>` (dynamic extents are checked at run
/// time). A broken rule (stride not congruent with the shape, extent below 1,
/// size or cosize beyond `i64`) is a compile error at the sub-tuple.
///
/// rustfmt: with its default `remove_nested_parens`, rustfmt rewrites
/// `layout!(((4)))` (a shape alone parses as a Rust expression) to
/// `layout!((4))`, another layout. Write a rank-1 tuple with a trailing comma,
/// `layout!(((4,),))`, which rustfmt keeps, or give the stride.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    let mut read = Read::default();
    let mut p = Parser::new(input.clone());
    let spec = p
        .layout(0, &mut read)
        .and_then(|raw| p.finish("layout").map(|()| raw))
        .and_then(validate::valid_layout);
    match spec {
        Ok(spec) => expand::layout_value(&spec, read.dyns, &read.consts),
        Err(e) => fail(e, &input, diverging()),
    }
}

/// A type-level layout type in CuTe notation, as `layout!` takes it (within
/// the same limits), with `{_}` for a dynamic leaf
/// (`Layout![(4,{_}):(1,4)]`). After a validation error the expansion is
/// still the type as written, so uses of it add no errors. See
/// `layout_algebra::typelevel` for examples.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    let mut read = Read::default();
    let mut p = Parser::new(input.clone());
    let raw = p
        .layout(0, &mut read)
        .and_then(|raw| p.finish("layout").map(|()| raw));
    let typed = |ty: TokenStream| expand::respan(ty, &read.consts);
    match raw.map(validate::layout) {
        Ok((spec, Ok(()))) => typed(src(&expand::layout_type(&spec))),
        Ok((spec, Err(e))) => {
            let ty = expand::layout_type(&spec);
            typed(match lexed::dropped_by_lexer(&input) {
                true => src(&ty),
                false => expand::type_with_error(&ty, e.span, &e.message),
            })
        }
        Err(e) => fail(e, &input, src("()")),
    }
}

/// A tiler `<L₀, L₁, …>` (CuTe's `make_tile`): one or more comma-separated
/// layouts as `layout!` takes them (`4:1`, `(2,2):(1,8)`, or a shape
/// alone for its compact layout; a `{expr}` or `{expr}{div=N}` leaf is a
/// run-time value, e.g. a tile size `{bm}`, `{bm}:1`, and makes the value a
/// `Result<Tile<..>, LayoutError>`), `[..]` for a nested tiler, or CuTe's
/// printed tile: a parenthesized group holding a `:` that is not a layout's
/// shape, `(_4:_1,(_2:_1,_2))`, whose bare tuple shapes apply by mode as in
/// CuTe (`((2,4),8:2)` is `<<2:1,4:1>,8:2>`). An integer `1` is `1:0`. An empty tiler
/// (`tile!()`, `[]`) is an error, as the runtime's `<>` is.
///
/// Limits, as in `layout!`: a tiler or tuple has at most 64 modes (more
/// modes of `tile!` itself are an error at the call), and one call holds at
/// most 256 leaves and 256 tuples and tilers `[..]`, its modes' shapes and
/// strides together.
#[proc_macro]
pub fn tile(input: TokenStream) -> TokenStream {
    let mut read = Read::default();
    let mut p = Parser::new(input.clone());
    let modes = p
        .tiler(1, Span::call_site(), Span::call_site(), &mut read)
        .and_then(validate::tiler);
    match modes {
        Ok(modes) => expand::tiler_value(&modes, read.dyns, &read.consts),
        Err(e) => fail(e, &input, diverging()),
    }
}

/// Stamps a function generic over const sizes (`fn k<const MR: usize, const
/// NR: usize>`) once per entry of a list (`#[for_sizes((4, 4), (8, 8))]`):
/// each instance is the body with the sizes as `const` items, so that the
/// type-level algebra over `layout!((MR, NR))` is proved as for literals.
/// Sizes not in the list do not compile. See `layout_algebra::typelevel`.
#[proc_macro_attribute]
pub fn for_sizes(attr: TokenStream, item: TokenStream) -> TokenStream {
    stamp::for_sizes(attr, item)
}

/// Any `i64` literal as a static integer value: `int!(1536)`, `int!(-3)`,
/// `int!(_-3)` (CuTe's printed form),
/// `int!(-9223372036854775808)`. A suffix must name a fixed-width integer
/// type whose range holds the value (`int!(255u8)`; `int!(-4u64)` is an
/// error).
#[proc_macro]
pub fn int(input: TokenStream) -> TokenStream {
    match Parser::new(input.clone()).integer() {
        Ok(v) => src(&int_value(v)),
        Err(e) => fail(e, &input, diverging()),
    }
}

/// Any `i64` literal as a static integer type (`Int![1536]`), as `int!`
/// takes it.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Int(input: TokenStream) -> TokenStream {
    match Parser::new(input.clone()).integer() {
        Ok(v) => src(&int_type(v)),
        Err(e) => fail(e, &input, src(&int_type(0))),
    }
}
