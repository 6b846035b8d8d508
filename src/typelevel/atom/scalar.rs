//! [`GemmScalar`]: the element types the MMA atoms and `gemm` compute in.

use core::ops::{Add, Mul};

/// An element type of `gemm`: a ring's zero and one with `+` and `·`.
///
/// `f32` and `f64` run on the fused multiply-add atoms of the CPU
/// ([`Simd::detect`](crate::typelevel::Simd::detect)); every other type
/// (the integers here, or a type of yours) on the portable atom, compiled for
/// the widest instruction set the CPU has, which vectorizes what LLVM can.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // A type of yours: implement the two constants.
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Mod7(u8);
/// impl core::ops::Add for Mod7 {
///     type Output = Mod7;
///     fn add(self, o: Mod7) -> Mod7 { Mod7((self.0 + o.0) % 7) }
/// }
/// impl core::ops::Mul for Mod7 {
///     type Output = Mod7;
///     fn mul(self, o: Mod7) -> Mod7 { Mod7((self.0 * o.0) % 7) }
/// }
/// impl GemmScalar for Mod7 {
///     const ZERO: Mod7 = Mod7(0);
///     const ONE: Mod7 = Mod7(1);
/// }
/// let (a, b, mut c) = ([Mod7(3); 4], [Mod7(5); 4], [Mod7(0); 4]);
/// let ta = make_tensor(&a[..], layout!((2,2))).unwrap();
/// let tb = make_tensor(&b[..], layout!((2,2))).unwrap();
/// let mut tc = make_tensor(&mut c[..], layout!((2,2))).unwrap();
/// gemm(&ta, &tb, &mut tc);
/// assert_eq!(c, [Mod7(2); 4]); // 3·5 + 3·5 = 30 = 2 (mod 7)
/// ```
pub trait GemmScalar: Copy + PartialEq + Add<Output = Self> + Mul<Output = Self> + 'static {
    /// `0`: the value of an empty sum (and of the packed panels' padding).
    const ZERO: Self;
    /// `1`: `alpha` and `beta` of a plain `C += A·B`.
    const ONE: Self;
    /// `self·a + b`: one rounding (a fused multiply-add) for `f32` and `f64`
    /// where the build enables FMA (`-C target-cpu=native`), else `self * a + b`.
    ///
    /// ```
    /// use layout_algebra::typelevel::GemmScalar;
    /// assert_eq!(3i32.mul_add(4, 5), 17);
    /// assert_eq!(0.5f32.mul_add(4.0, 1.0), 3.0);
    /// ```
    #[inline(always)]
    fn mul_add(self, a: Self, b: Self) -> Self {
        self * a + b
    }
}

macro_rules! scalars {
    ($zero:literal, $one:literal: $($t:ty)*) => {$(
        impl GemmScalar for $t {
            const ZERO: $t = $zero;
            const ONE: $t = $one;
        }
    )*};
}
scalars!(0, 1: i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! floats {
    ($($t:ty, $set:ident, $fmadd:ident, $get:ident);*) => {$(
        impl GemmScalar for $t {
            const ZERO: $t = 0.0;
            const ONE: $t = 1.0;
            #[inline(always)]
            fn mul_add(self, a: $t, b: $t) -> $t {
                #[cfg(all(target_arch = "x86_64", target_feature = "fma"))]
                // SAFETY: the build enables FMA.
                return unsafe {
                    use core::arch::x86_64::*;
                    $get($fmadd($set(self), $set(a), $set(b)))
                };
                #[allow(unreachable_code)]
                (self * a + b)
            }
        }
    )*};
}
floats!(f32, _mm_set_ss, _mm_fmadd_ss, _mm_cvtss_f32; f64, _mm_set_sd, _mm_fmadd_sd, _mm_cvtsd_f64);
