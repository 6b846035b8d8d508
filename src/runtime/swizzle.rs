//! CuTe's `Swizzle<B, M, S>`: an XOR of bit fields of an offset.
//!
//! With `S ≥ 0` the `B` bits at `[M+S, M+S+B)` are XORed into `[M, M+B)`:
//! `f(x) = x ^ ((x & (((1<<B)-1) << (M+S))) >> S)`. With `S < 0` the roles
//! swap: the `B` bits at `[M, M+B)` are XORed into `[M+|S|, M+|S|+B)`:
//! `f(x) = x ^ ((x & (((1<<B)-1) << M)) << |S|)`. Because `|S| ≥ B`, the source
//! and target fields are disjoint and the source field is left unchanged, so
//! `f(f(x)) = x`: every swizzle is its own inverse (an involution, hence a
//! bijection on every aligned block of `2^(M+|S|+B)` offsets).
//!
//! ```
//! use layout_algebra::runtime::Swizzle;
//! let sw = Swizzle::new(3, 4, 3).unwrap();
//! assert_eq!(sw.apply(0x80), 0x90);
//! assert_eq!(sw.apply(0x98), 0x88);
//! assert_eq!(sw.apply(sw.apply(1234)), 1234);
//! assert_eq!(sw.to_string(), "Sw<3,4,3>");
//! ```

use core::fmt;

use super::error::{bail, Result};

/// The highest bit a swizzle may touch: offsets are `i64`, bit 63 is the sign.
pub(crate) const MAX_BITS: i64 = 62;

/// CuTe's `Swizzle<B, M, S>` (printed `Sw<B,M,S>`): see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    bits: u32,
    base: u32,
    shift: i32,
}

impl Swizzle {
    /// `Swizzle<bits, base, shift>`, checked as CuTe checks it: `bits ≥ 0`,
    /// `base ≥ 0`, `|shift| ≥ bits` (source and target fields disjoint), and
    /// every touched bit below bit 62 so offsets stay in `i64`.
    ///
    /// ```
    /// use layout_algebra::runtime::{ErrorKind, Swizzle};
    /// assert_eq!(Swizzle::new(3, 4, 2).unwrap_err().kind(), ErrorKind::InvalidArgument);
    /// assert!(Swizzle::new(3, 4, -3).is_ok());
    /// ```
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle> {
        if bits < 0 || base < 0 {
            bail!(
                InvalidArgument,
                "Swizzle",
                "Swizzle<{bits},{base},{shift}>: B (bits) and M (base) must be non-negative"
            );
        }
        if shift.unsigned_abs() < bits.unsigned_abs() {
            bail!(
                InvalidArgument,
                "Swizzle",
                "Swizzle<{bits},{base},{shift}>: |S| must be at least B (abs(SShift) must be more than BBits)"
            );
        }
        let top = base
            .checked_add(shift.checked_abs().unwrap_or(i64::MAX))
            .and_then(|v| v.checked_add(bits));
        if top.is_none_or(|t| t > MAX_BITS) {
            bail!(
                InvalidArgument,
                "Swizzle",
                "Swizzle<{bits},{base},{shift}>: M + |S| + B must be at most {MAX_BITS} (offsets are i64)"
            );
        }
        // All three fit in 0..=62 (shift in -62..=62) after the checks above.
        Ok(Swizzle {
            bits: bits as u32,
            base: base as u32,
            shift: shift as i32,
        })
    }

    /// A swizzle whose parameters the caller has checked as [`Swizzle::new`]
    /// does (the type level's static swizzles, checked at compile time).
    pub(crate) const fn from_checked(bits: u32, base: u32, shift: i32) -> Swizzle {
        Swizzle { bits, base, shift }
    }

    /// The number of XORed bits, `B`.
    pub fn bits(&self) -> u32 {
        self.bits
    }
    /// The number of untouched low bits, `M`.
    pub fn base(&self) -> u32 {
        self.base
    }
    /// The distance between source and target field, `S` (may be negative).
    pub fn shift(&self) -> i32 {
        self.shift
    }

    /// The mask of the source field (`yyy` in CuTe): bits read.
    pub fn source_mask(&self) -> i64 {
        let low = (1i64 << self.bits) - 1;
        low << (self.base + self.shift.max(0) as u32)
    }

    /// The mask of the target field (`zzz` in CuTe): bits XORed.
    ///
    /// ```
    /// use layout_algebra::runtime::Swizzle;
    /// let sw = Swizzle::new(3, 4, 3).unwrap(); // bits [7,10) XORed into [4,7)
    /// assert_eq!((sw.source_mask(), sw.target_mask()), (0x380, 0x70));
    /// let neg = Swizzle::new(3, 4, -3).unwrap(); // bits [4,7) XORed into [7,10)
    /// assert_eq!((neg.source_mask(), neg.target_mask()), (0x70, 0x380));
    /// ```
    pub fn target_mask(&self) -> i64 {
        let low = (1i64 << self.bits) - 1;
        low << (self.base + (-self.shift).max(0) as u32)
    }

    /// `f(x)` (see the module docs). Total on `i64`: negative offsets are
    /// swizzled in two's complement, as CuTe's integer arithmetic does.
    pub fn apply(&self, x: i64) -> i64 {
        let src = x & self.source_mask();
        let moved = if self.shift >= 0 {
            src >> self.shift
        } else {
            src << (-self.shift)
        };
        x ^ moved
    }

    /// The inverse function: the swizzle itself, since `f(f(x)) = x`.
    pub fn inverse(&self) -> Swizzle {
        *self
    }

    /// The size of the smallest aligned block the swizzle maps onto itself:
    /// `2^(M + |S| + B)` (1 for `B = 0`, the identity).
    pub fn period(&self) -> i64 {
        if self.bits == 0 {
            return 1;
        }
        1i64 << (self.base + self.shift.unsigned_abs() + self.bits)
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}
