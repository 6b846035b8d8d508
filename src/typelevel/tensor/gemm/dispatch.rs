//! The atom a product runs on: the widest the CPU has for its element type
//! ([`Simd::detect`](crate::typelevel::Simd::detect)), the loops compiled for that instruction set.
//!
//! `f32` and `f64` take the fused multiply-add atoms; every other element
//! type the portable atom, compiled for AVX-512 or AVX2 where the CPU has
//! them (so LLVM vectorizes it there). The choice is one branch per product.

use super::blocked::{drive, Blocked, Job, Workspace};
use crate::typelevel::atom::{GemmScalar, MmaPortable};

impl<T: GemmScalar> Blocked for MmaPortable<T> {
    const MC: usize = 64;
    const KC: usize = 256;
    const NC: usize = 1024;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::blocked::{drive, Blocked, Job, Workspace};
    use crate::typelevel::atom::{GemmScalar, MmaPortable, Simd};
    use crate::typelevel::atom::{
        MmaAvx2F32, MmaAvx2F64, MmaAvx512F32, MmaAvx512F32M16, MmaAvx512F64,
    };
    use core::any::TypeId;

    impl Blocked for MmaAvx512F32 {
        const MC: usize = 96;
        const KC: usize = 256;
        const NC: usize = 4096;
    }
    impl Blocked for MmaAvx512F32M16 {
        const MC: usize = 16;
        const KC: usize = 256;
        const NC: usize = 4096;
    }
    impl Blocked for MmaAvx512F64 {
        const MC: usize = 128;
        const KC: usize = 256;
        const NC: usize = 2048;
    }
    impl Blocked for MmaAvx2F32 {
        const MC: usize = 128;
        const KC: usize = 256;
        const NC: usize = 4032;
    }
    impl Blocked for MmaAvx2F64 {
        const MC: usize = 64;
        const KC: usize = 256;
        const NC: usize = 2016;
    }

    /// [`drive`] compiled with AVX-512F enabled.
    ///
    /// # Safety
    /// As `drive`; the CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn avx512<A: Blocked>(
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
    pub(super) unsafe fn avx2<A: Blocked>(
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
