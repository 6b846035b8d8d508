//! The x86-64 MMA atoms: AVX-512F and AVX2 + FMA micro-kernels for `f32` and
//! `f64`, one generic kernel over the vector type.
//!
//! Per `k` the kernel loads `MR / lanes` vectors of the A panel, broadcasts
//! the `NR` elements of the B panel one at a time and issues `MR·NR / lanes`
//! fused multiply-adds into accumulators that stay in registers
//! (16 or 24 of the 32 zmm registers for AVX-512, 12 of the 16 ymm for AVX2).

use super::isa::{Avx2Fma, Avx512};
use super::mma::MmaAtom;
use super::scalar::GemmScalar;
use core::arch::x86_64::*;

/// The vector operations the kernel needs, for one register type.
trait Lanes: Copy {
    type Elem: GemmScalar;
    /// Elements per register.
    const N: usize;
    unsafe fn zero() -> Self;
    unsafe fn load(p: *const Self::Elem) -> Self;
    unsafe fn store(p: *mut Self::Elem, v: Self);
    unsafe fn splat(x: Self::Elem) -> Self;
    /// `a·b + c`, fused.
    unsafe fn fma(a: Self, b: Self, c: Self) -> Self;
    unsafe fn add(a: Self, b: Self) -> Self;
    unsafe fn mul(a: Self, b: Self) -> Self;
}

macro_rules! lanes {
    ($v:ty, $t:ty, $n:literal, $zero:ident, $load:ident, $store:ident, $splat:ident, $fma:ident, $add:ident, $mul:ident) => {
        impl Lanes for $v {
            type Elem = $t;
            const N: usize = $n;
            #[inline(always)]
            unsafe fn zero() -> Self {
                unsafe { $zero() }
            }
            #[inline(always)]
            unsafe fn load(p: *const $t) -> Self {
                unsafe { $load(p) }
            }
            #[inline(always)]
            unsafe fn store(p: *mut $t, v: Self) {
                unsafe { $store(p, v) }
            }
            #[inline(always)]
            unsafe fn splat(x: $t) -> Self {
                unsafe { $splat(x) }
            }
            #[inline(always)]
            unsafe fn fma(a: Self, b: Self, c: Self) -> Self {
                unsafe { $fma(a, b, c) }
            }
            #[inline(always)]
            unsafe fn add(a: Self, b: Self) -> Self {
                unsafe { $add(a, b) }
            }
            #[inline(always)]
            unsafe fn mul(a: Self, b: Self) -> Self {
                unsafe { $mul(a, b) }
            }
        }
    };
}
lanes!(
    __m512,
    f32,
    16,
    _mm512_setzero_ps,
    _mm512_loadu_ps,
    _mm512_storeu_ps,
    _mm512_set1_ps,
    _mm512_fmadd_ps,
    _mm512_add_ps,
    _mm512_mul_ps
);
lanes!(
    __m512d,
    f64,
    8,
    _mm512_setzero_pd,
    _mm512_loadu_pd,
    _mm512_storeu_pd,
    _mm512_set1_pd,
    _mm512_fmadd_pd,
    _mm512_add_pd,
    _mm512_mul_pd
);
lanes!(
    __m256,
    f32,
    8,
    _mm256_setzero_ps,
    _mm256_loadu_ps,
    _mm256_storeu_ps,
    _mm256_set1_ps,
    _mm256_fmadd_ps,
    _mm256_add_ps,
    _mm256_mul_ps
);
lanes!(
    __m256d,
    f64,
    4,
    _mm256_setzero_pd,
    _mm256_loadu_pd,
    _mm256_storeu_pd,
    _mm256_set1_pd,
    _mm256_fmadd_pd,
    _mm256_add_pd,
    _mm256_mul_pd
);

/// The kernel of [`MmaAtom::mma`] with `MV` vectors of `V` per column
/// (`MR = MV·V::N`) and `NR` columns; `UNIT_B` where B's columns are
/// consecutive (`bj = 1`, a packed panel).
///
/// # Safety
/// As [`MmaAtom::mma`]; the caller's function enables `V`'s instructions.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn kernel<V: Lanes, const MV: usize, const NR: usize, const UNIT_B: bool>(
    kc: usize,
    (a, ak): (*const V::Elem, isize),
    (b, bj, bk): (*const V::Elem, isize, isize),
    (c, ldc): (*mut V::Elem, isize),
    alpha: V::Elem,
    beta: V::Elem,
) {
    let mr = MV * V::N;
    debug_assert!(mr <= 64);
    // SAFETY (whole body): every pointer stays inside the panels and the
    // C tile the caller vouches for.
    unsafe {
        for j in 0..NR {
            let p = c.offset(ldc * j as isize).cast::<i8>();
            _mm_prefetch::<_MM_HINT_T0>(p);
            _mm_prefetch::<_MM_HINT_T0>(p.add(mr * size_of::<V::Elem>() - 1));
        }
        let mut acc = [[V::zero(); MV]; NR];
        let (mut a, mut b) = (a, b);
        for _ in 0..kc {
            let mut av = [V::zero(); MV];
            for (v, x) in av.iter_mut().enumerate() {
                *x = V::load(a.add(V::N * v));
            }
            for (j, col) in acc.iter_mut().enumerate() {
                // A packed panel's unit stride as a constant: one address
                // add less per column.
                let bj = if UNIT_B { 1 } else { bj };
                let bv = V::splat(*b.offset(bj * j as isize));
                for (x, &ai) in col.iter_mut().zip(&av) {
                    *x = V::fma(ai, bv, *x);
                }
            }
            a = a.offset(ak);
            b = b.offset(bk);
        }
        // `mma::update`, a vector at a time: the two agree bit for bit.
        let one = alpha == V::Elem::ONE && beta == V::Elem::ONE;
        let (va, vb) = (V::splat(alpha), V::splat(beta));
        for (j, col) in acc.iter().enumerate() {
            let p = c.offset(ldc * j as isize);
            for (v, &x) in col.iter().enumerate() {
                let q = p.add(V::N * v);
                let y = match (beta == V::Elem::ZERO, one) {
                    (true, _) if alpha == V::Elem::ONE => x,
                    (true, _) => V::mul(va, x),
                    (false, true) => V::add(x, V::load(q)),
                    (false, false) => V::add(V::mul(va, x), V::mul(vb, V::load(q))),
                };
                V::store(q, y);
            }
        }
    }
}

macro_rules! atom {
    ($(#[$doc:meta])* $name:ident, $token:ty, $t:ty, $v:ty, $mv:literal, $mr:literal, $nr:literal, $feature:literal, $run:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name($token);

        impl $name {
            /// The atom, on the CPU the token proves.
            pub const fn new(simd: $token) -> Self {
                $name(simd)
            }
        }

        /// The kernel compiled for its instructions (inlined into callers
        /// that enable them, such as `gemm`'s loops).
        #[target_feature(enable = $feature)]
        #[inline]
        #[allow(clippy::too_many_arguments)]
        unsafe fn $run(kc: usize, a: (*const $t, isize), b: (*const $t, isize, isize), c: (*mut $t, isize), alpha: $t, beta: $t) {
            const { assert!($mv * <$v as Lanes>::N == $mr) };
            // SAFETY: as the caller's; the instructions are enabled here.
            unsafe {
                match b.1 {
                    1 => kernel::<$v, $mv, $nr, true>(kc, a, b, c, alpha, beta),
                    _ => kernel::<$v, $mv, $nr, false>(kc, a, b, c, alpha, beta),
                }
            }
        }

        // SAFETY: `kernel` reads the panels and the C tile as the contract says.
        unsafe impl MmaAtom for $name {
            type Elem = $t;
            type Mr = crate::typelevel::Int<$mr>;
            type Nr = crate::typelevel::Int<$nr>;
            const MR: usize = $mr;
            const NR: usize = $nr;

            #[inline(always)]
            unsafe fn mma(self, kc: usize, a: (*const $t, isize), b: (*const $t, isize, isize), c: (*mut $t, isize), alpha: $t, beta: $t) {
                // SAFETY: the token proves the CPU has the instructions.
                unsafe { $run(kc, a, b, c, alpha, beta) }
            }
        }
    };
}

atom!(
    /// AVX-512F, `f32`, 32 × 8 (16 zmm accumulators).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// if let Simd::Avx512(t) = Simd::detect() {
    ///     let atom = MmaAvx512F32::new(t);
    ///     let (a, b) = ([1.0f32; 32], [2.0f32; 8]); // kc = 1
    ///     let mut c = [1.0f32; 32 * 8];
    ///     unsafe { atom.mma(1, (a.as_ptr(), 32), (b.as_ptr(), 1, 8), (c.as_mut_ptr(), 32), 1.0, 1.0) };
    ///     assert!(c.iter().all(|&x| x == 3.0));
    /// }
    /// ```
    MmaAvx512F32, Avx512, f32, __m512, 2, 32, 8, "avx512f", run_avx512_f32
);
atom!(
    /// AVX-512F, `f32`, 16 × 16 (16 zmm accumulators): for products of at
    /// most 16 rows, which the 32-row atom would half pad.
    MmaAvx512F32M16, Avx512, f32, __m512, 1, 16, 16, "avx512f", run_avx512_f32_m16
);
atom!(
    /// AVX-512F, `f64`, 16 × 8 (16 zmm accumulators).
    MmaAvx512F64, Avx512, f64, __m512d, 2, 16, 8, "avx512f", run_avx512_f64
);
atom!(
    /// AVX2 + FMA, `f32`, 16 × 6 (12 ymm accumulators).
    MmaAvx2F32, Avx2Fma, f32, __m256, 2, 16, 6, "avx2,fma", run_avx2_f32
);
atom!(
    /// AVX2 + FMA, `f64`, 8 × 6 (12 ymm accumulators).
    MmaAvx2F64, Avx2Fma, f64, __m256d, 2, 8, 6, "avx2,fma", run_avx2_f64
);
