//! A static swizzle: CuTe's `Swizzle<B, M, S>` with its parameters in the type
//! (zero-sized), the twin of the runtime's [`runtime::Swizzle`].
//!
//! With `S ≥ 0` the `B` bits at `[M+S, M+S+B)` are XORed into `[M, M+B)`:
//! `f(x) = x ^ ((x & (((1<<B)-1) << (M+S))) >> S)`. With `S < 0` the roles
//! swap: the `B` bits at `[M, M+B)` are XORed into `[M+|S|, M+|S|+B)`:
//! `f(x) = x ^ ((x & (((1<<B)-1) << M)) << |S|)`. Because `|S| ≥ B`, the source
//! and target fields are disjoint and the source field is left unchanged, so
//! `f(f(x)) = x`: every swizzle is its own inverse.
//!
//! The masks are constants of the type, so [`Swizzle::apply`] compiles to one
//! `and`, one shift and one `xor`, and folds entirely on a constant offset.
//!
//! ```
//! use layout_algebra::typelevel::{Swizzle, ToDynamic};
//! const SW: Swizzle<3, 4, 3> = Swizzle::new();
//! const X: i64 = SW.apply(0x80); // a const fn: usable in constants
//! assert_eq!(X, 0x90);
//! assert_eq!(SW.apply(0x98), 0x88);
//! assert_eq!(SW.inverse().apply(SW.apply(1234)), 1234);
//! assert_eq!(SW.to_string(), "Sw<3,4,3>");
//! assert_eq!(SW.to_dynamic().apply(1234), SW.apply(1234));
//! assert_eq!(core::mem::size_of_val(&SW), 0);
//! ```
//!
//! CuTe's conditions are compile errors (CuTe `static_assert`s them): `|S| ≥ B`,
//! and here also `M + |S| + B ≤ 62` so that offsets stay in `i64`, as the
//! runtime requires. `B` and `M` are unsigned in the type. The check is a
//! constant evaluated when the swizzle's code is generated: `cargo build`
//! reports it at the user's line (`cargo check` only in a `const` item), with
//! the rule and the offending `Swizzle::<3, 4, 2>`.
//!
//! ```compile_fail
//! use layout_algebra::typelevel::Swizzle;
//! // error: Swizzle<B, M, S>: |S| must be at least B (CuTe: abs(SShift) must be more than BBits)
//! let _ = Swizzle::<3, 4, 2>::new();
//! ```
//! ```compile_fail
//! use layout_algebra::typelevel::Swizzle;
//! // error: Swizzle<B, M, S>: M + |S| + B must be at most 62 (offsets are i64)
//! let _ = Swizzle::<3, 60, 3>::new().apply(1);
//! ```

use super::dynamic::ToDynamic;
use crate::runtime;
use core::fmt;

/// CuTe's `Swizzle<B, M, S>` (printed `Sw<B,M,S>`), zero-sized: see the module docs.
///
/// Built by [`Swizzle::new`] (or `Default`), which, like every method, fails to
/// compile for parameters CuTe rejects.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // Sw<3,4,3>: bits 7..10 of an offset are XORed into bits 4..7.
/// let sw = Swizzle::<3, 4, 3>::new();
/// assert_eq!(sw.apply(0x80), 0x90);
/// assert_eq!(sw.apply(sw.apply(1234)), 1234); // its own inverse
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// // On a layout: a swizzled shared-memory tile.
/// let smem = composition(sw, layout!((8,64):(64,1)));
/// assert_eq!(smem.call((2usize, 17usize)), sw.apply(2 * 64 + 17));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swizzle<const B: u32, const M: u32, const S: i32> {
    _checked: (),
}

impl<const B: u32, const M: u32, const S: i32> Swizzle<B, M, S> {
    /// CuTe's `static_assert`s, and the runtime's bound on the touched bits
    /// (in `u64`, so that no sum of parameters overflows).
    const VALID: () = {
        assert!(
            S.unsigned_abs() >= B,
            "Swizzle<B, M, S>: |S| must be at least B (CuTe: abs(SShift) must be more than BBits)"
        );
        assert!(
            M as u64 + S.unsigned_abs() as u64 + B as u64 <= runtime::swizzle::MAX_BITS as u64,
            "Swizzle<B, M, S>: M + |S| + B must be at most 62 (offsets are i64)"
        );
    };

    /// The source field (`yyy` in CuTe): `((1<<B)-1) << (M + max(S, 0))`.
    const SOURCE: i64 = {
        let () = Self::VALID;
        ((1i64 << B) - 1) << (M + if S > 0 { S.unsigned_abs() } else { 0 })
    };

    /// The target field (`zzz` in CuTe): `((1<<B)-1) << (M + max(-S, 0))`.
    const TARGET: i64 = {
        let () = Self::VALID;
        ((1i64 << B) - 1) << (M + if S < 0 { S.unsigned_abs() } else { 0 })
    };

    /// The swizzle `Sw<B,M,S>`.
    ///
    /// ```
    /// use layout_algebra::typelevel::Swizzle;
    /// const SW: Swizzle<3, 4, 3> = Swizzle::new(); // usable in constants
    /// assert_eq!(SW.to_string(), "Sw<3,4,3>");
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        let () = Self::VALID;
        Swizzle { _checked: () }
    }

    /// The mask of the source field (`yyy` in CuTe): bits read.
    ///
    /// ```
    /// use layout_algebra::typelevel::Swizzle;
    /// let sw = Swizzle::<3, 4, 3>::new(); // bits [7,10) XORed into [4,7)
    /// assert_eq!((sw.source_mask(), sw.target_mask()), (0x380, 0x70));
    /// let neg = Swizzle::<3, 4, -3>::new(); // bits [4,7) XORed into [7,10)
    /// assert_eq!((neg.source_mask(), neg.target_mask()), (0x70, 0x380));
    /// ```
    #[inline(always)]
    pub const fn source_mask(self) -> i64 {
        Self::SOURCE
    }

    /// The mask of the target field (`zzz` in CuTe): bits XORed.
    ///
    /// See [`Swizzle::source_mask`] for an example.
    #[inline(always)]
    pub const fn target_mask(self) -> i64 {
        Self::TARGET
    }

    /// `f(x) = x ^ shiftr(x & yyy, S)` (CuTe's `apply`; a negative `S` shifts
    /// left). Total on `i64`: negative offsets are swizzled in two's
    /// complement, as CuTe's integer arithmetic and the runtime do.
    ///
    /// ```
    /// use layout_algebra::typelevel::Swizzle;
    /// let sw = Swizzle::<3, 4, 3>::new();
    /// assert_eq!(sw.apply(0x80), 0x90);  // bit 7 set: bit 4 flips
    /// assert_eq!(sw.apply(0x0f), 0x0f);  // no source bit set: unchanged
    /// const X: i64 = Swizzle::<2, 0, 2>::new().apply(0b0100); // a const fn
    /// assert_eq!(X, 0b0101);
    /// ```
    #[inline(always)]
    pub const fn apply(self, x: i64) -> i64 {
        let src = x & Self::SOURCE;
        x ^ if S >= 0 {
            src >> S.unsigned_abs()
        } else {
            src << S.unsigned_abs()
        }
    }

    /// The inverse function: the swizzle itself, since `f(f(x)) = x`.
    ///
    /// ```
    /// use layout_algebra::typelevel::Swizzle;
    /// let sw = Swizzle::<3, 4, 3>::new();
    /// for x in 0..1024 {
    ///     assert_eq!(sw.inverse().apply(sw.apply(x)), x);
    /// }
    /// ```
    #[inline(always)]
    pub const fn inverse(self) -> Self {
        self
    }
}

impl<const B: u32, const M: u32, const S: i32> Default for Swizzle<B, M, S> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

impl<const B: u32, const M: u32, const S: i32> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}

impl<const B: u32, const M: u32, const S: i32> fmt::Debug for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<const B: u32, const M: u32, const S: i32> ToDynamic for Swizzle<B, M, S> {
    type Output = runtime::Swizzle;
    fn to_dynamic(&self) -> runtime::Swizzle {
        // Checked by `new`, the only way to a value.
        runtime::Swizzle::from_checked(B, M, S)
    }
}
