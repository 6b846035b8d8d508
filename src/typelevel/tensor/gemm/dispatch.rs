//! The atom a product runs on: the widest the CPU has for its element type
//! ([`Simd::detect`](crate::typelevel::Simd::detect)), the loops compiled for that instruction set.
//!
//! `f32` and `f64` take the fused multiply-add atoms; every other element
//! type the portable atom, compiled for AVX-512 or AVX2 where the CPU has
//! them (so LLVM vectorizes it there). The choice is one branch per product.
//!
//! A register tile (static `A` and `B`, `C` a few of the atom's tiles, all
//! read in place: [`register_tile`]) skips the blocked loops: one atom call
//! per tile of `C` over the whole `K` mode.

use super::blocked::{drive, CacheBlocked, Job, Workspace};
use super::operand::{GemmOperand, GemmOperandMut};
use crate::typelevel::atom::{GemmScalar, MmaAtom, MmaPortable};

impl<T: GemmScalar> CacheBlocked for MmaPortable<T> {
    const MC: usize = 64;
    const KC: usize = 256;
    const NC: usize = 1024;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::blocked::{drive, CacheBlocked, Job, Workspace};
    use crate::typelevel::atom::{GemmScalar, MmaPortable, Simd};
    use crate::typelevel::atom::{
        MmaAvx2F32, MmaAvx2F64, MmaAvx512F32, MmaAvx512F32M16, MmaAvx512F64,
    };
    use core::any::TypeId;

    impl CacheBlocked for MmaAvx512F32 {
        const MC: usize = 96;
        const KC: usize = 256;
        const NC: usize = 4096;
    }
    impl CacheBlocked for MmaAvx512F32M16 {
        const MC: usize = 16;
        const KC: usize = 256;
        const NC: usize = 4096;
    }
    impl CacheBlocked for MmaAvx512F64 {
        const MC: usize = 128;
        const KC: usize = 256;
        const NC: usize = 2048;
    }
    impl CacheBlocked for MmaAvx2F32 {
        const MC: usize = 128;
        const KC: usize = 256;
        const NC: usize = 4032;
    }
    impl CacheBlocked for MmaAvx2F64 {
        const MC: usize = 64;
        const KC: usize = 256;
        const NC: usize = 2016;
    }

    /// [`drive`] compiled with AVX-512F enabled.
    ///
    /// # Safety
    /// As `drive`; the CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn avx512<A: CacheBlocked>(
        atom: A,
        job: &Job<A::Elem>,
        cols: (usize, usize),
        ws: &mut Workspace<A::Elem>,
    ) {
        // SAFETY: as the caller's.
        unsafe { drive(atom, job, cols, ws) }
    }

    /// [`drive`] compiled with AVX2 and FMA enabled.
    ///
    /// # Safety
    /// As `drive`; the CPU has AVX2 and FMA.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn avx2<A: CacheBlocked>(
        atom: A,
        job: &Job<A::Elem>,
        cols: (usize, usize),
        ws: &mut Workspace<A::Elem>,
    ) {
        // SAFETY: as the caller's.
        unsafe { drive(atom, job, cols, ws) }
    }

    /// The job as a job of `U`, if `T` is `U`.
    fn cast<'a, T: 'static, U: 'static>(
        job: &'a Job<T>,
        ws: &'a mut Workspace<T>,
    ) -> Option<(&'a Job<U>, &'a mut Workspace<U>)> {
        (TypeId::of::<T>() == TypeId::of::<U>()).then(|| {
            // SAFETY: `T` and `U` are one type.
            unsafe {
                (
                    &*(job as *const Job<T>).cast(),
                    &mut *(ws as *mut Workspace<T>).cast(),
                )
            }
        })
    }

    /// `C += A·B` as [`super::atom_tiles`] on the widest x86 atom the CPU
    /// has for `T` whose tile divides `(m, n)`; `false` if there is none.
    ///
    /// # Safety
    /// As [`super::atom_tiles`], for the chosen atom.
    #[inline(always)]
    pub(super) unsafe fn register_tile<T: GemmScalar>(
        p: (*const T, *const T, *mut T),
        s: [isize; 4],
        (m, n, k): (usize, usize, usize),
    ) -> bool {
        use super::atom_tiles as go;
        let fits = |mr: usize, nr: usize| m % mr == 0 && n % nr == 0;
        let f32s = || (p.0.cast::<f32>(), p.1.cast::<f32>(), p.2.cast::<f32>());
        let f64s = || (p.0.cast::<f64>(), p.1.cast::<f64>(), p.2.cast::<f64>());
        let (is32, is64) = (
            TypeId::of::<T>() == TypeId::of::<f32>(),
            TypeId::of::<T>() == TypeId::of::<f64>(),
        );
        // SAFETY (the calls): the tokens prove the instructions; `T` is the
        // atom's element type; the caller's contract.
        unsafe {
            let simd = Simd::detect();
            if let Simd::Avx512(t) = simd {
                if is32 && fits(32, 8) {
                    go(MmaAvx512F32::new(t), f32s(), s, (m, n, k));
                    return true;
                }
                if is32 && fits(16, 16) {
                    go(MmaAvx512F32M16::new(t), f32s(), s, (m, n, k));
                    return true;
                }
                if is64 && fits(16, 8) {
                    go(MmaAvx512F64::new(t), f64s(), s, (m, n, k));
                    return true;
                }
            }
            // A tile of the AVX2 atoms (also on an AVX-512 CPU, which has AVX2).
            match simd.avx2_fma() {
                Some(t) if is32 && fits(16, 6) => go(MmaAvx2F32::new(t), f32s(), s, (m, n, k)),
                Some(t) if is64 && fits(8, 6) => go(MmaAvx2F64::new(t), f64s(), s, (m, n, k)),
                _ => return false,
            }
        }
        true
    }

    /// Runs `job` on the widest x86 atom the CPU has for `T`; `false` if it
    /// has neither AVX-512F nor AVX2 + FMA.
    ///
    /// # Safety
    /// As [`drive`].
    pub(super) unsafe fn run<T: GemmScalar>(
        job: &Job<T>,
        cols: (usize, usize),
        ws: &mut Workspace<T>,
    ) -> bool {
        // SAFETY (the calls): the tokens prove the instructions.
        unsafe {
            match Simd::detect() {
                Simd::Avx512(t) => {
                    if let Some((job, ws)) = cast::<T, f32>(job, ws) {
                        match job.c.rows <= 16 {
                            true => avx512(MmaAvx512F32M16::new(t), job, cols, ws),
                            false => avx512(MmaAvx512F32::new(t), job, cols, ws),
                        }
                    } else if let Some((job, ws)) = cast::<T, f64>(job, ws) {
                        avx512(MmaAvx512F64::new(t), job, cols, ws)
                    } else {
                        avx512(MmaPortable::<T>::new(), job, cols, ws)
                    }
                }
                Simd::Avx2Fma(t) => {
                    if let Some((job, ws)) = cast::<T, f32>(job, ws) {
                        avx2(MmaAvx2F32::new(t), job, cols, ws)
                    } else if let Some((job, ws)) = cast::<T, f64>(job, ws) {
                        avx2(MmaAvx2F64::new(t), job, cols, ws)
                    } else {
                        avx2(MmaPortable::<T>::new(), job, cols, ws)
                    }
                }
                Simd::Portable => return false,
            }
        }
        true
    }
}

/// `C += A·B` by one call of `atom` per `MR × NR` tile of `C` over the whole
/// `K` mode, the operands read in place: `p` = the elements at offset 0 of
/// `A`, `B`, `C`, `s = [ak, bj, bk, ldc]` their strides (`A(i,k) =
/// pa[i + ak·k]`, `B(j,k) = pb[bj·j + bk·k]`, `C(i,j) = pc[i + ldc·j]`).
///
/// # Safety
/// Those elements are valid for every `i < m`, `j < n`, `k` (`C`'s for
/// writes, overlapping none of `A`'s or `B`'s); `MR` divides `m`, `NR` `n`;
/// the atom's instructions are the CPU's (its token).
#[inline(always)]
unsafe fn atom_tiles<A: MmaAtom>(
    atom: A,
    (pa, pb, pc): (*const A::Elem, *const A::Elem, *mut A::Elem),
    [ak, bj, bk, ldc]: [isize; 4],
    (m, n, k): (usize, usize, usize),
) {
    let one = A::Elem::ONE;
    for jn in (0..n).step_by(A::NR) {
        for im in (0..m).step_by(A::MR) {
            let (a, b) = (pa.wrapping_add(im), pb.wrapping_offset(bj * jn as isize));
            let c = pc.wrapping_add(im).wrapping_offset(ldc * jn as isize);
            // SAFETY: tile `(im, jn)` of C and its rows of A and B: the
            // caller's elements.
            unsafe { atom.mma(k, (a, ak), (b, bj, bk), (c, ldc), one, one) }
        }
    }
}

/// `C += A·B` in place on the atoms where `C` is a register tile: `A`'s and
/// `C`'s rows consecutive, every mode one leaf, `(M, N)` a multiple of an
/// atom's tile on this CPU (widest first); `false` (nothing done) otherwise.
/// Its rounding is the atom's: each element's sum over `k` in order, then
/// added to `C`.
#[inline(always)]
pub(super) fn register_tile<
    A: GemmOperand,
    B: GemmOperand<Elem = A::Elem>,
    C: GemmOperandMut<Elem = A::Elem>,
>(
    a: &A,
    b: &B,
    c: &mut C,
    mnk: (usize, usize, usize),
) -> bool
where
    A::Elem: GemmScalar,
{
    let strides = (
        a.mode_stride(0),
        a.mode_stride(1),
        b.mode_stride(0),
        b.mode_stride(1),
        c.mode_stride(0),
        c.mode_stride(1),
    );
    let (Some(1), Some(ak), Some(bj), Some(bk), Some(1), Some(ldc)) = strides else {
        return false;
    };
    let s = [ak, bj, bk, ldc].map(|d| d as isize);
    let _ = (s, mnk);
    #[cfg(target_arch = "x86_64")]
    {
        let p = (a.as_ptr(), b.as_ptr(), c.as_mut_ptr());
        // SAFETY: the tensors' elements were checked when they were made
        // (every coordinate inside the sizes, which agree); C is borrowed
        // mutably, A and B shared.
        return unsafe { x86::register_tile(p, s, mnk) };
    }
    #[allow(unreachable_code)]
    false
}

/// Runs `job` over the columns `n0..n1` of `C` on the widest atom the CPU
/// has for `T`.
///
/// # Safety
/// As [`drive`].
pub(crate) unsafe fn run<T: GemmScalar>(job: &Job<T>, cols: (usize, usize), ws: &mut Workspace<T>) {
    // SAFETY: as the caller's.
    unsafe {
        #[cfg(target_arch = "x86_64")]
        if x86::run(job, cols, ws) {
            return;
        }
        drive(MmaPortable::<T>::new(), job, cols, ws)
    }
}
