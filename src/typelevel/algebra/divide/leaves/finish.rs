//! The run-time side of the mixed divides: a part's error travels boxed as a
//! [`Fault`], and [`finish`] checks the result once (its strides, size and
//! cosize inside `i64`), reporting an overflow as the divide's own.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let a = Layout::try_new(hlist![Dyn(2)], hlist![Dyn(i64::MAX / 2)]).unwrap();
//! let e = try_logical_divide(a, tile!((_2:_4))).unwrap_err();
//! assert_eq!(e.kind(), layout_algebra::runtime::ErrorKind::Overflow);
//! ```

use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::Layout;

/// The error of a divide's parts, boxed: the results travel through the
/// divide's recursion as small as an `Option` (a `LayoutError` in each
/// `Result` made the loops of `try_local_tile` 10 % slower, benches/zero_cost).
pub(in crate::typelevel::algebra) type Fault = alloc::boxed::Box<LayoutError>;

/// A divided mode's four parts (the tile's shape and stride, the rest's shape
/// and stride), or the fault.
pub(in crate::typelevel::algebra) type DivideParts<TS, TD, RS, RD> =
    Result<(TS, TD, RS, RD), Fault>;

/// A stride of the result of `what` (the operation called) that leaves
/// `i64`: only its kind is read ([`finish`] reports every overflow as the
/// operation's own, and `evenly_divides` asks only whether the divide
/// succeeded), so its detail stays empty (no message is built).
pub(super) fn stride_overflow(what: &'static str) -> Fault {
    Fault::new(LayoutError::new(
        ErrorKind::Overflow,
        what,
        alloc::string::String::new(),
    ))
}

/// The result checked once: its values computed without error (an overflow
/// is reported as `what`'s), extents positive, size and cosize inside `i64`.
/// No closure but the check's and no `?`: each is one more function per
/// result type in a debug build.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(in crate::typelevel::algebra) fn finish<S: Shape + Congruent<D>, D: IntTuple>(
    l: Result<Layout<S, D>, Fault>,
    what: &'static str,
) -> Result<Layout<S, D>, LayoutError> {
    match l {
        Ok(l) => {
            let (s, d) = l.into_parts();
            Layout::try_new_or(s, d, || result_overflow(what))
        }
        // An overflow anywhere in the divide is reported as the divide's.
        Err(e) => Err(match e.kind() {
            ErrorKind::Overflow => result_overflow(what),
            _ => *e,
        }),
    }
}

/// The result of `what` leaving `i64`.
fn result_overflow(what: &'static str) -> LayoutError {
    LayoutError::new(
        ErrorKind::Overflow,
        what,
        alloc::string::String::from("a stride, the size or the cosize of the result exceeds i64"),
    )
}
