//! `#[for_sizes(..)]`: a function generic over const sizes, stamped once per
//! size of a list.
//!
//! ```text
//! #[for_sizes((4, 4), (8, 8))]
//! fn k<const MR: usize, const NR: usize>(a: &[f32]) -> f32 { body }
//! ```
//!
//! expands to the generic function, whose body picks the instance of its
//! sizes (a compile error for sizes not in the list):
//!
//! ```text
//! fn k<const MR: usize, const NR: usize>(a: &[f32]) -> f32 {
//!     const { assert!(matches!((MR, NR,), (4, 4,) | (8, 8,)), "…") };
//!     match (MR, NR,) {
//!         (4, 4,) => {
//!             const MR: usize = 4;
//!             const NR: usize = 4;
//!             fn __la_stamp(a: &[f32]) -> f32 { body }
//!             __la_stamp(a)
//!         }
//!         …
//!     }
//! }
//! ```
//!
//! Each instance is a function of its own (not generic over the sizes), in
//! which `MR` is a `const` item: every layout over it is concrete, so the
//! type-level algebra is proved as for literals. Its signature is the
//! generic function's, which therefore may not name the sizes. Parsed,
//! checked and expanded here; the function's tokens are kept as written.

use crate::error::{err, Result};
use proc_macro::{Delimiter, Ident, Spacing, Span, TokenStream, TokenTree};
use std::str::FromStr;

/// A parsed function: its parts as tokens, and its generic parameters split
/// into the sizes and the rest.
struct Function {
    attrs: Vec<TokenStream>,
    /// Visibility and qualifiers, up to and including `fn name`.
    head: TokenStream,
    unsafety: bool,
    name: Ident,
    /// The generic parameters as written (without `<>`).
    generics: TokenStream,
    /// The const parameters: name and type.
    sizes: Vec<(Ident, TokenStream)>,
    /// The other generic parameters, as written, and the type parameters' names.
    others: Vec<TokenStream>,
    type_params: Vec<Ident>,
    params: Vec<Param>,
    /// `-> T` and `where ..`, as written.
    tail: TokenStream,
    body: TokenTree,
}

/// A parameter: as written, and the name the generic function gives it.
struct Param {
    written: TokenStream,
    ty: TokenStream,
    forward: Ident,
}

/// The expansion of `#[for_sizes(attr)] item`: the stamped function, or
/// the error with, when the function could be read, the function with a
/// body that never returns (so that its uses add no error).
pub fn for_sizes(attr: TokenStream, item: TokenStream) -> TokenStream {
    let f = match function(item.clone()) {
        Ok(f) => f,
        Err(e) => {
            let mut out = crate::expand::compile_error(e.span, &e.message);
            out.extend(item);
            return out;
        }
    };
    match sizes(attr, &f).and_then(|list| signature_without_sizes(&f).map(|()| list)) {
        Ok(list) => expand(&f, &list),
        Err(e) => {
            let mut out = crate::expand::compile_error(e.span, &e.message);
            out.extend(wrapper(
                &f,
                src("#[allow(unused_variables)]"),
                src("::core::unreachable!()"),
            ));
            out
        }
    }
}

/// Splits `tokens` at the commas outside angle brackets.
fn split_commas(tokens: Vec<TokenTree>) -> Vec<Vec<TokenTree>> {
    let mut out = vec![Vec::new()];
    let mut depth = 0i32;
    let mut prev_joint_minus = false;
    for t in tokens {
        let mut joint_minus = false;
        if let TokenTree::Punct(p) = &t {
            match p.as_char() {
                '<' => depth += 1,
                '>' if !prev_joint_minus => depth -= 1,
                ',' if depth == 0 => {
                    out.push(Vec::new());
                    prev_joint_minus = false;
                    continue;
                }
                '-' => joint_minus = p.spacing() == Spacing::Joint,
                _ => {}
            }
        }
        prev_joint_minus = joint_minus;
        out.last_mut().expect("one part at least").push(t);
    }
    if out.last().is_some_and(Vec::is_empty) {
        out.pop();
    }
    out
}

fn is_ident(t: Option<&TokenTree>, name: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i.to_string() == name)
}

fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Parses the function `#[for_sizes]` is put on.
fn function(item: TokenStream) -> Result<Function> {
    let tokens: Vec<TokenTree> = item.into_iter().collect();
    let not_fn = |span| {
        err(
            span,
            "`#[for_sizes(..)]` goes on a function generic over const sizes, \
             e.g. `fn k<const MR: usize, const NR: usize>(..)`",
        )
    };
    let mut i = 0;
    let mut attrs = Vec::new();
    while is_punct(tokens.get(i), '#') {
        match tokens.get(i + 1) {
            Some(g @ TokenTree::Group(_)) => {
                attrs.push(TokenStream::from_iter([tokens[i].clone(), g.clone()]));
                i += 2;
            }
            _ => return not_fn(tokens[i].span()),
        }
    }
    let mut head = TokenStream::new();
    let mut unsafety = false;
    let name = loop {
        match tokens.get(i) {
            Some(TokenTree::Ident(w)) if w.to_string() == "fn" => match tokens.get(i + 1) {
                Some(TokenTree::Ident(n)) => {
                    head.extend(tokens[i..i + 2].iter().cloned());
                    i += 2;
                    break n.clone();
                }
                _ => return not_fn(w.span()),
            },
            Some(TokenTree::Ident(w)) if ["async", "extern"].contains(&&*w.to_string()) => {
                return err(
                    w.span(),
                    format!(
                        "`#[for_sizes(..)]` stamps a plain function (`pub`, `const` and \
                         `unsafe` are kept); `{w}` is not supported"
                    ),
                )
            }
            Some(TokenTree::Ident(w)) => {
                unsafety |= w.to_string() == "unsafe";
                head.extend([tokens[i].clone()]);
                i += 1;
            }
            Some(t @ TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                head.extend([t.clone()]);
                i += 1;
            }
            Some(t) => return not_fn(t.span()),
            None => return not_fn(Span::call_site()),
        }
    };
    // Generic parameters.
    let mut generic_tokens = Vec::new();
    if is_punct(tokens.get(i), '<') {
        let mut depth = 0i32;
        let mut prev_joint_minus = false;
        loop {
            let Some(t) = tokens.get(i) else {
                return not_fn(name.span());
            };
            i += 1;
            let mut joint_minus = false;
            if let TokenTree::Punct(p) = t {
                match p.as_char() {
                    '<' => depth += 1,
                    '>' if !prev_joint_minus => depth -= 1,
                    '-' => joint_minus = p.spacing() == Spacing::Joint,
                    _ => {}
                }
            }
            prev_joint_minus = joint_minus;
            if depth == 0 {
                break;
            }
            if !(depth == 1 && is_punct(Some(t), '<') && generic_tokens.is_empty()) {
                generic_tokens.push(t.clone());
            }
        }
    }
    let generics = TokenStream::from_iter(generic_tokens.iter().cloned());
    let mut sizes = Vec::new();
    let mut others = Vec::new();
    let mut type_params = Vec::new();
    for p in split_commas(generic_tokens) {
        match (p.first(), p.get(1), p.get(2)) {
            (Some(TokenTree::Ident(c)), Some(TokenTree::Ident(n)), Some(colon))
                if c.to_string() == "const" && is_punct(Some(colon), ':') =>
            {
                sizes.push((n.clone(), TokenStream::from_iter(p[3..].iter().cloned())))
            }
            (Some(TokenTree::Ident(n)), ..) => {
                type_params.push(n.clone());
                others.push(TokenStream::from_iter(p));
            }
            _ => others.push(TokenStream::from_iter(p)),
        }
    }
    if sizes.is_empty() {
        return err(
            name.span(),
            format!(
                "`{name}` has no const parameter to stamp: `#[for_sizes(..)]` goes on a \
                 function generic over const sizes, e.g. `fn {name}<const MR: usize, const NR: usize>(..)`"
            ),
        );
    }
    let params = match tokens.get(i) {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
            i += 1;
            parameters(g.stream())?
        }
        _ => return not_fn(name.span()),
    };
    let body = match tokens.last() {
        Some(b @ TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace && i < tokens.len() => {
            b.clone()
        }
        _ => return not_fn(name.span()),
    };
    let tail = TokenStream::from_iter(tokens[i..tokens.len() - 1].iter().cloned());
    Ok(Function {
        attrs,
        head,
        unsafety,
        name,
        generics,
        sizes,
        others,
        type_params,
        params,
        tail,
        body,
    })
}

/// The parameters of the function: `pattern: type`, each forwarded by its
/// name (`x` or `mut x`) or by a name of the expansion's (`__la_arg{k}`).
fn parameters(stream: TokenStream) -> Result<Vec<Param>> {
    let mut out = Vec::new();
    for (k, p) in split_commas(stream.into_iter().collect())
        .into_iter()
        .enumerate()
    {
        if let Some(s) = p.iter().find(|t| is_ident(Some(t), "self")) {
            return err(
                s.span(),
                "`#[for_sizes(..)]` stamps a free function: an instance cannot take `self`",
            );
        }
        // The first `:` that is not part of a `::`.
        let colon = (0..p.len()).find(|&j| {
            matches!(&p[j], TokenTree::Punct(c) if c.as_char() == ':' && c.spacing() == Spacing::Alone)
                && !(j > 0 && matches!(&p[j - 1], TokenTree::Punct(c) if c.as_char() == ':'))
        });
        let Some(colon) = colon else {
            return err(p[0].span(), "expected a parameter `pattern: type`");
        };
        let pattern = &p[..colon];
        let forward = match pattern {
            [TokenTree::Ident(x)] if x.to_string() != "_" => x.clone(),
            [TokenTree::Ident(m), TokenTree::Ident(x)] if m.to_string() == "mut" => x.clone(),
            _ => Ident::new(&format!("__la_arg{k}"), Span::call_site()),
        };
        out.push(Param {
            written: TokenStream::from_iter(p.iter().cloned()),
            ty: TokenStream::from_iter(p[colon + 1..].iter().cloned()),
            forward,
        });
    }
    Ok(out)
}

/// The sizes of `attr`: one entry per instance, a literal (one size) or a
/// parenthesized tuple of literals (one per const parameter, in order).
fn sizes(attr: TokenStream, f: &Function) -> Result<Vec<(Vec<u64>, Span)>> {
    let arity = f.sizes.len();
    let names: Vec<String> = f.sizes.iter().map(|(n, _)| n.to_string()).collect();
    let example = match arity {
        1 => "e.g. `#[for_sizes(4, 8, 16)]`".to_string(),
        n => format!(
            "e.g. `#[for_sizes(({}))]`",
            (1..=n)
                .map(|v| (4 * v).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut out: Vec<(Vec<u64>, Span)> = Vec::new();
    for entry in split_commas(attr.into_iter().collect()) {
        let span = entry[0].span();
        let values = match &entry[..] {
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Parenthesis => {
                split_commas(g.stream().into_iter().collect())
                    .iter()
                    .map(|v| size(v, span))
                    .collect::<Result<Vec<u64>>>()?
            }
            v => vec![size(v, span)?],
        };
        if values.len() != arity {
            return err(
                span,
                format!(
                    "{} size(s) where `{}` has {arity} const parameter(s) ({}): one entry per \
                     instance, {example}",
                    values.len(),
                    f.name,
                    names.join(", ")
                ),
            );
        }
        if out.iter().any(|(v, _)| *v == values) {
            return err(span, "these sizes are listed twice");
        }
        out.push((values, span));
    }
    if out.is_empty() {
        return err(
            Span::call_site(),
            format!("`#[for_sizes(..)]` needs at least one instance, {example}"),
        );
    }
    Ok(out)
}

/// A size: an unsigned integer literal (a `usize` suffix allowed).
fn size(tokens: &[TokenTree], span: Span) -> Result<u64> {
    let not_size = |span| {
        err(
            span,
            "expected a size: an integer literal such as `4` (the list names sizes, \
             not expressions)",
        )
    };
    match tokens {
        [TokenTree::Literal(l)] => {
            let text = l.to_string();
            let digits = text.strip_suffix("usize").unwrap_or(&text);
            match crate::literal::integer(digits, false, l.span()) {
                Ok(v) if v >= 0 => Ok(v as u64),
                _ => not_size(l.span()),
            }
        }
        [t, ..] => not_size(t.span()),
        [] => not_size(span),
    }
}

/// An error if the signature (parameter and return types, other generic
/// parameters, `where` clause) names a size: the instances share it, so it
/// cannot depend on one.
fn signature_without_sizes(f: &Function) -> Result<()> {
    fn find(tokens: TokenStream, names: &[String]) -> Option<Ident> {
        tokens.into_iter().find_map(|t| match t {
            TokenTree::Ident(i) if names.contains(&i.to_string()) => Some(i),
            TokenTree::Group(g) => find(g.stream(), names),
            _ => None,
        })
    }
    let names: Vec<String> = f.sizes.iter().map(|(n, _)| n.to_string()).collect();
    let parts = f
        .params
        .iter()
        .map(|p| p.ty.clone())
        .chain(f.others.iter().cloned())
        .chain([f.tail.clone()]);
    for part in parts {
        if let Some(i) = find(part, &names) {
            return err(
                i.span(),
                format!(
                    "`{i}` in the signature of `{}`: each instance of `#[for_sizes(..)]` is a \
                     function of its own with this signature, which cannot depend on a size \
                     (take slices such as `&[f32]`, not `[f32; {i}]`)",
                    f.name
                ),
            );
        }
    }
    Ok(())
}

/// Whether an attribute goes on the instances too (lints, inlining): not
/// documentation, deprecation or a symbol name, which are the function's.
fn instance_attr(attr: &TokenStream) -> bool {
    let Some(TokenTree::Group(g)) = attr.clone().into_iter().nth(1) else {
        return false;
    };
    matches!(
        g.stream().into_iter().next(),
        Some(TokenTree::Ident(i)) if ["allow", "warn", "deny", "forbid", "expect", "inline", "cold", "track_caller"]
            .contains(&&*i.to_string())
    )
}

fn src(s: &str) -> TokenStream {
    TokenStream::from_str(s).expect("generated code parses")
}

fn expand(f: &Function, list: &[(Vec<u64>, Span)]) -> TokenStream {
    let tuple = |vs: Vec<String>| format!("({},)", vs.join(", "));
    let names: Vec<String> = f.sizes.iter().map(|(n, _)| n.to_string()).collect();
    let cases: Vec<String> = list
        .iter()
        .map(|(v, _)| tuple(v.iter().map(u64::to_string).collect()))
        .collect();
    let written: Vec<String> = list
        .iter()
        .map(|(v, _)| match v.len() {
            1 => v[0].to_string(),
            _ => format!(
                "({})",
                v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
            ),
        })
        .collect();
    let message = format!(
        "`{}` has no instance for these sizes: `#[for_sizes({})]` stamps it for ({}) in that list only",
        f.name,
        written.join(", "),
        names.join(", ")
    );
    let scrutinee = src(&tuple(names.clone()));
    let others = TokenStream::from_iter(f.others.iter().flat_map(|o| {
        let mut o = o.clone();
        o.extend(src(","));
        o
    }));
    let stamp_params = TokenStream::from_iter(f.params.iter().flat_map(|p| {
        let mut w = p.written.clone();
        w.extend(src(","));
        w
    }));
    let turbofish = match f.type_params.is_empty() {
        true => String::new(),
        false => format!(
            "::<{}>",
            f.type_params
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let forward: String = f.params.iter().map(|p| format!("{},", p.forward)).collect();
    let instance_attrs =
        TokenStream::from_iter(f.attrs.iter().filter(|a| instance_attr(a)).cloned());
    let mut arms = TokenStream::new();
    for (values, _) in list {
        let mut block = TokenStream::new();
        for ((name, ty), v) in f.sizes.iter().zip(values) {
            block.extend(src("const"));
            block.extend([TokenTree::Ident(name.clone())]);
            block.extend(src(":"));
            block.extend(ty.clone());
            block.extend(src(&format!("= {v};")));
        }
        block.extend(instance_attrs.clone());
        block.extend(src(match f.unsafety {
            true => "unsafe fn __la_stamp",
            false => "fn __la_stamp",
        }));
        block.extend(src("<"));
        block.extend(others.clone());
        block.extend(src(">"));
        block.extend([TokenTree::Group(proc_macro::Group::new(
            Delimiter::Parenthesis,
            stamp_params.clone(),
        ))]);
        block.extend(f.tail.clone());
        block.extend([f.body.clone()]);
        block.extend(src(&match f.unsafety {
            // SAFETY: the instance's contract is the function's own.
            true => format!("unsafe {{ __la_stamp{turbofish}({forward}) }}"),
            false => format!("__la_stamp{turbofish}({forward})"),
        }));
        arms.extend(src(&tuple(values.iter().map(u64::to_string).collect())));
        arms.extend(src("=>"));
        arms.extend([TokenTree::Group(proc_macro::Group::new(
            Delimiter::Brace,
            block,
        ))]);
        arms.extend(src(","));
    }
    arms.extend(src("_ => ::core::unreachable!(),"));
    let mut body = src(&format!(
        "const {{ ::core::assert!(::core::matches!({}, {}), {:?}) }};",
        tuple(names.clone()),
        cases.join(" | "),
        message
    ));
    body.extend(src("match"));
    body.extend(scrutinee);
    body.extend([TokenTree::Group(proc_macro::Group::new(
        Delimiter::Brace,
        arms,
    ))]);
    wrapper(f, TokenStream::new(), body)
}

/// The generic function with `body`: its attributes (and `extra`), head,
/// generics, parameters by the names it forwards, and return type and
/// `where` clause as written.
fn wrapper(f: &Function, extra: TokenStream, body: TokenStream) -> TokenStream {
    let mut out = TokenStream::from_iter(f.attrs.iter().cloned());
    out.extend(extra);
    out.extend(f.head.clone());
    out.extend(src("<"));
    out.extend(f.generics.clone());
    out.extend(src(">"));
    let params = TokenStream::from_iter(f.params.iter().flat_map(|p| {
        let mut w = TokenStream::from_iter([TokenTree::Ident(p.forward.clone())]);
        w.extend(src(":"));
        w.extend(p.ty.clone());
        w.extend(src(","));
        w
    }));
    out.extend([TokenTree::Group(proc_macro::Group::new(
        Delimiter::Parenthesis,
        params,
    ))]);
    out.extend(f.tail.clone());
    out.extend([TokenTree::Group(proc_macro::Group::new(
        Delimiter::Brace,
        body,
    ))]);
    out
}
