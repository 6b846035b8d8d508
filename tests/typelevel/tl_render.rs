//! Test helper: a type-level layout rendered in CuTe notation, to compare with
//! the references' output. (The library's own `Display` lives with the core
//! type-level types; this keeps the algebra tests independent of it.)
#![allow(dead_code)] // shared by several test crates, each using a part

use frunk_core::hlist::{HCons, HNil};
use layout_algebra::typelevel::{Layout, ScaledBasis, Tile};
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

pub trait Render {
    fn render(out: &mut String);
}

impl Render for Z0 {
    fn render(out: &mut String) {
        out.push('0');
    }
}
impl<U: Unsigned + NonZero> Render for PInt<U> {
    fn render(out: &mut String) {
        out.push_str(&<Self as Integer>::I64.to_string());
    }
}
impl<U: Unsigned + NonZero> Render for NInt<U> {
    fn render(out: &mut String) {
        out.push_str(&<Self as Integer>::I64.to_string());
    }
}

/// A scaled basis `v@i..` (innermost index first, as CuTe prints it).
impl<V: Render, P: RenderPath> Render for ScaledBasis<V, P> {
    fn render(out: &mut String) {
        V::render(out);
        P::render_path(out);
    }
}

/// The indices of a scaled basis (outermost first), written innermost first.
pub trait RenderPath {
    fn render_path(out: &mut String);
}
impl RenderPath for HNil {
    fn render_path(_: &mut String) {}
}
impl<U: Unsigned, T: RenderPath> RenderPath for HCons<U, T> {
    fn render_path(out: &mut String) {
        T::render_path(out);
        out.push_str(&format!("@{}", U::USIZE));
    }
}

pub trait RenderList {
    fn render_items(out: &mut String, first: bool);
}
impl RenderList for HNil {
    fn render_items(_: &mut String, _: bool) {}
}
impl<H: Render, T: RenderList> RenderList for HCons<H, T> {
    fn render_items(out: &mut String, first: bool) {
        if !first {
            out.push(',');
        }
        H::render(out);
        T::render_items(out, false);
    }
}
impl Render for HNil {
    fn render(out: &mut String) {
        out.push_str("()");
    }
}
impl<H: Render, T: RenderList> Render for HCons<H, T> {
    fn render(out: &mut String) {
        out.push('(');
        <Self as RenderList>::render_items(out, true);
        out.push(')');
    }
}
impl<S: Render, D: Render> Render for Layout<S, D> {
    fn render(out: &mut String) {
        S::render(out);
        out.push(':');
        D::render(out);
    }
}
impl<T: RenderList> Render for Tile<T> {
    fn render(out: &mut String) {
        out.push('<');
        T::render_items(out, true);
        out.push('>');
    }
}

/// `T` in CuTe notation.
pub fn render<T: Render>() -> String {
    let mut s = String::new();
    T::render(&mut s);
    s
}

/// The CuTe notation of a value's type.
pub fn show<T: Render>(_: &T) -> String {
    render::<T>()
}

/// The outcome of an unchecked (`Try*`) type-level operation: the rendered
/// layout, or the name of the violated rule.
pub fn outcome<O: Render, V: layout_algebra::typelevel::check::Kind>(
) -> Result<String, &'static str> {
    if V::NAME == "pass" {
        Ok(render::<O>())
    } else {
        Err(V::NAME)
    }
}

/// `tl!(TryOp: A, B)` (or `tl!(TryOp: A, B, C)`, `tl!(TryOp: A)`, `tl!(AliasOut: A)`, `tl!(ty T)`): the outcome of
/// a type-level operation on layout types, for the generated tests. Trait and
/// alias names resolve where the macro is used.
#[allow(unused_macros)] // not every test crate sharing this module uses it
macro_rules! tl {
    (ty $t:ty) => {
        Ok::<String, &'static str>($crate::tl_render::render::<$t>())
    };
    (TryLeftInverse: $a:ty) => {
        $crate::tl_render::outcome::<<$a as TryLeftInverse>::Output, <$a as TryLeftInverse>::Verdict>()
    };
    (TryComplementDefault: $a:ty) => {
        $crate::tl_render::outcome::<<$a as TryComplementDefault>::Output, <$a as TryComplementDefault>::Verdict>()
    };
    ($out:ident: $a:ty) => {
        Ok::<String, &'static str>($crate::tl_render::render::<$out<$a>>())
    };
    ($t:ident: $a:ty, $b:ty) => {
        $crate::tl_render::outcome::<<$a as $t<$b>>::Output, <$a as $t<$b>>::Verdict>()
    };
    ($t:ident: $a:ty, $b:ty, $c:ty) => {
        $crate::tl_render::outcome::<<$a as $t<$b, $c>>::Output, <$a as $t<$b, $c>>::Verdict>()
    };
}
#[allow(unused_imports)]
pub(crate) use tl;
