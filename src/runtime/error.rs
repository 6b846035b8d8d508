//! Errors of the runtime layout algebra.
//!
//! Every illegal input is reported as a [`LayoutError`]: a [`ErrorKind`] naming
//! the violated rule, the operation that refused, and the operands in CuTe
//! notation. Nothing in the runtime layer panics, wraps or defaults on bad input.
//!
//! ```
//! use layout_algebra::runtime::{composition, ErrorKind, Layout};
//! let a: Layout = "(4,6,8):(2,3,5)".parse().unwrap();
//! let b: Layout = "6:3".parse().unwrap();
//! let e = composition(&a, &b).unwrap_err();
//! assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
//! assert!(e.to_string().contains("(4,6,8):(2,3,5)"));
//! ```

use alloc::string::String;
use core::fmt;

/// The rule an illegal input violates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Shape and stride (or a coordinate and a shape) do not have the same tree structure.
    NotCongruent,
    /// A shape extent is zero or negative.
    NonPositiveShape,
    /// Composition: a stride of B neither divides nor is divided by the prefix size of A (001, 3.3.2).
    StrideDivisibility,
    /// Composition: a shape of B crosses a mode of A that it does not divide (001, 3.3.2).
    ShapeDivisibility,
    /// Composition with a multi-mode B is not left-distributive here: the by-mode result differs from A(B(c)).
    Distributivity,
    /// Complement: sorted by stride, a mode starts inside the extent of the modes below it
    /// (interleaved with or overlapping them), or its stride is not a multiple of that extent.
    NotComplementable,
    /// Ranks do not match (tiler vs layout, `tile_to_shape` block vs shape, select/take indices).
    RankMismatch,
    /// A coordinate or index lies outside the shape.
    OutOfBounds,
    /// Checked integer arithmetic overflowed `i64`.
    Overflow,
    /// A value that must be an integer is not (e.g. a fractional basis count, a non-integral recast).
    NotIntegral,
    /// The operation needs integer strides but the layout has scaled-basis strides.
    BasisStride,
    /// A divisibility condition other than composition's (left inverse, recast, tile_to_shape, upcast...).
    Divisibility,
    /// Text that is not valid CuTe notation.
    Parse,
    /// An argument of the wrong kind (e.g. a layout where an integer is needed).
    InvalidArgument,
    /// The evaluation would cost more than its caps allow (points checked,
    /// values held, output size; see [`budget`](super::budget)).
    Limit,
    /// A tensor's storage does not cover the offsets of its layout.
    StorageTooSmall,
    /// Operands of different sizes where equal ones are needed (copy, gemm).
    SizeMismatch,
    /// A thread(-value) layout that does not cover its range exactly once.
    NotBijective,
    /// A layout that maps two coordinates to one offset where each element
    /// must have one writer (the output of a multi-threaded product).
    NotInjective,
}

impl ErrorKind {
    /// A stable snake_case name (used by golden data and the CLI's JSON output).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::NotCongruent => "not_congruent",
            ErrorKind::NonPositiveShape => "non_positive_shape",
            ErrorKind::StrideDivisibility => "stride_divisibility",
            ErrorKind::ShapeDivisibility => "shape_divisibility",
            ErrorKind::Distributivity => "distributivity",
            ErrorKind::NotComplementable => "not_complementable",
            ErrorKind::RankMismatch => "rank_mismatch",
            ErrorKind::OutOfBounds => "out_of_bounds",
            ErrorKind::Overflow => "overflow",
            ErrorKind::NotIntegral => "not_integral",
            ErrorKind::BasisStride => "basis_stride",
            ErrorKind::Divisibility => "divisibility",
            ErrorKind::Parse => "parse",
            ErrorKind::InvalidArgument => "invalid_argument",
            ErrorKind::Limit => "limit",
            ErrorKind::StorageTooSmall => "storage_too_small",
            ErrorKind::SizeMismatch => "size_mismatch",
            ErrorKind::NotBijective => "not_bijective",
            ErrorKind::NotInjective => "not_injective",
        }
    }

    /// The rule in words.
    pub fn rule(self) -> &'static str {
        match self {
            ErrorKind::NotCongruent => "shape and stride must be congruent",
            ErrorKind::NonPositiveShape => "shape extents must be positive",
            ErrorKind::StrideDivisibility => {
                "stride divisibility: a stride of B must divide, or be divided by, the prefix size of A's modes it crosses"
            }
            ErrorKind::ShapeDivisibility => {
                "shape divisibility: a shape of B crossing a mode of A must be divisible by that mode's remaining size"
            }
            ErrorKind::Distributivity => {
                "left distributivity: composing by mode must equal A(B(c)); B's modes must have disjoint images in A's modes or A must coalesce to one mode"
            }
            ErrorKind::NotComplementable => {
                "complementability: the layout must be injective and each sorted stride must be a multiple of the previous mode's extent"
            }
            ErrorKind::RankMismatch => "ranks must match",
            ErrorKind::OutOfBounds => "coordinate must lie inside the shape",
            ErrorKind::Overflow => "integer overflow",
            ErrorKind::NotIntegral => "value must be integral",
            ErrorKind::BasisStride => "operation requires integer strides",
            ErrorKind::Divisibility => "divisibility condition violated",
            ErrorKind::Parse => "malformed CuTe notation",
            ErrorKind::InvalidArgument => "invalid argument",
            ErrorKind::Limit => "one evaluation must stay within its cost caps",
            ErrorKind::StorageTooSmall => "storage must cover the layout's offsets",
            ErrorKind::SizeMismatch => "sizes must match",
            ErrorKind::NotBijective => "the layout must cover its range exactly once",
            ErrorKind::NotInjective => "distinct coordinates must have distinct offsets",
        }
    }
}

/// An error of the runtime algebra: the rule, the operation, and the details.
///
/// One pointer wide (the parts are boxed): a `Result<T, LayoutError>` is
/// little more than `T`, which matters most for the code a debug build
/// generates at every `?` and `unwrap` of a result.
#[derive(Clone, PartialEq, Eq)]
pub struct LayoutError(alloc::boxed::Box<ErrorParts>);

/// The parts of a [`LayoutError`].
#[derive(Clone, PartialEq, Eq)]
struct ErrorParts {
    kind: ErrorKind,
    operation: &'static str,
    position: Option<usize>,
    detail: String,
}

impl fmt::Debug for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LayoutError")
            .field("kind", &self.0.kind)
            .field("operation", &self.0.operation)
            .field("position", &self.0.position)
            .field("detail", &self.0.detail)
            .finish()
    }
}

impl LayoutError {
    /// A new error; `detail` names the operands in CuTe notation.
    pub fn new(kind: ErrorKind, operation: &'static str, detail: impl Into<String>) -> Self {
        LayoutError(alloc::boxed::Box::new(ErrorParts {
            kind,
            operation,
            position: None,
            detail: detail.into(),
        }))
    }
    /// A new error at byte `position` of the input being read (a parse error,
    /// or a calculator argument of the wrong kind); printed `at byte N: detail`.
    ///
    /// ```
    /// use layout_algebra::runtime::{ErrorKind, LayoutError};
    /// let e = LayoutError::at(ErrorKind::Parse, "parse", 3, "expected ')'");
    /// assert_eq!((e.position(), e.detail()), (Some(3), "expected ')'"));
    /// assert_eq!(e.to_string(), "parse: malformed CuTe notation: at byte 3: expected ')'");
    /// ```
    pub fn at(
        kind: ErrorKind,
        operation: &'static str,
        position: usize,
        detail: impl Into<String>,
    ) -> Self {
        let mut e = Self::new(kind, operation, detail);
        e.0.position = Some(position);
        e
    }
    /// The byte of the input the error points at, where it has one.
    pub fn position(&self) -> Option<usize> {
        self.0.position
    }
    /// An overflow in `operation`.
    #[cold]
    #[inline(never)]
    pub fn overflow(operation: &'static str) -> Self {
        Self::new(ErrorKind::Overflow, operation, "result does not fit in i64")
    }
    /// The violated rule.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }
    /// The operation that refused.
    pub fn operation(&self) -> &'static str {
        self.0.operation
    }
    /// The specifics (operands in CuTe notation).
    pub fn detail(&self) -> &str {
        &self.0.detail
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.0;
        write!(f, "{}: {}", e.operation, e.kind.rule())?;
        if let Some(pos) = e.position {
            write!(f, ": at byte {pos}")?;
        }
        if !e.detail.is_empty() {
            write!(f, ": {}", e.detail)?;
        }
        Ok(())
    }
}

impl core::error::Error for LayoutError {}

/// Result of a runtime layout operation.
pub type Result<T> = core::result::Result<T, LayoutError>;

/// Build a [`LayoutError`] with a formatted detail.
macro_rules! bail {
    ($kind:ident, $op:expr, $($fmt:tt)*) => {
        return Err($crate::runtime::error::LayoutError::new(
            $crate::runtime::error::ErrorKind::$kind,
            $op,
            alloc::format!($($fmt)*),
        ))
    };
}
pub(crate) use bail;
