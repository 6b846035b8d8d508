//! Caps on what one evaluation may cost.
//!
//! Some operations prove a property point by point when no structural proof
//! applies (left distributivity of a composition, a generalized left
//! inverse); each such check visits at most 2²⁰ points and is refused past
//! that by its operation. [`with_point_budget`] also caps the total over
//! every check run by a closure on the current thread: the calculator
//! evaluates each expression under [`MAX_POINTS`]. A check past the budget is
//! an [`ErrorKind::Limit`](super::ErrorKind::Limit) error. Without the `std`
//! feature only the per-check cap applies.
//!
//! ```
//! use layout_algebra::runtime::budget::with_point_budget;
//! use layout_algebra::runtime::{left_inverse, ErrorKind, Layout};
//! // Not injective: its left inverse is verified at all 4096 points.
//! let l: Layout = "(64,64):(0,1)".parse().unwrap();
//! assert!(with_point_budget(4096, || left_inverse(&l)).is_ok());
//! let e = with_point_budget(4095, || left_inverse(&l)).unwrap_err();
//! assert_eq!(e.kind(), ErrorKind::Limit);
//! ```

use super::error::Result;

/// The most points one pointwise check visits (its operation refuses a larger
/// one with `Limit` or its own rule).
pub(crate) const MAX_CHECK_POINTS: i64 = 1 << 20;

/// The most points all the pointwise checks of one calculator expression may
/// visit together: one check of the largest size, or many small ones.
pub const MAX_POINTS: i64 = 1 << 20;

#[cfg(feature = "std")]
std::thread_local! {
    static LEFT: core::cell::Cell<Option<i64>> = const { core::cell::Cell::new(None) };
}

/// Run `f` allowing at most `points` points of pointwise checks in total
/// on this thread (nested budgets: the inner one applies inside).
///
/// ```
/// use layout_algebra::runtime::budget::with_point_budget;
/// use layout_algebra::runtime::{left_inverse, Layout};
/// let l: Layout = "(64,64):(0,1)".parse().unwrap(); // 4096 points to verify
/// let r = with_point_budget(1 << 20, || {
///     let inner = with_point_budget(100, || left_inverse(&l)); // refused inside
///     (inner.is_err(), left_inverse(&l).is_ok()) // the outer budget applies again
/// });
/// assert_eq!(r, (true, true));
/// ```
pub fn with_point_budget<R>(points: i64, f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "std")]
    {
        struct Restore(Option<i64>);
        impl Drop for Restore {
            fn drop(&mut self) {
                LEFT.with(|l| l.set(self.0));
            }
        }
        let _restore = Restore(LEFT.with(|l| l.replace(Some(points))));
        f()
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = points;
        f()
    }
}

/// Spend `points` points of the current budget on a check in `op` (`what`
/// names the operands), or refuse the check when fewer are left.
pub(crate) fn charge(points: i64, op: &'static str, what: core::fmt::Arguments<'_>) -> Result<()> {
    #[cfg(feature = "std")]
    if let Some(left) = LEFT.with(|l| l.get()) {
        if points > left {
            super::error::bail!(
                Limit,
                op,
                "{what} needs {points} points checked one by one, and only {left} of this evaluation's budget are left"
            );
        }
        LEFT.with(|l| l.set(Some(left - points)));
    }
    #[cfg(not(feature = "std"))]
    let _ = (points, op, what);
    Ok(())
}
