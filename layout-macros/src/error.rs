//! The macros' one error type: a message at a span, which `lib.rs` turns
//! into a `compile_error!` there.

use proc_macro::Span;

/// A compile error at a span.
pub struct Error {
    pub span: Span,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, Error>;

pub fn err<T>(span: Span, message: impl Into<String>) -> Result<T> {
    Err(Error {
        span,
        message: message.into(),
    })
}
