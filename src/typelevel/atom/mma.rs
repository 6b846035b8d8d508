//! MMA atoms: a core's register micro-kernel `C[MR×NR] = α·A·B + β·C`, CuTe's
//! `MMA_Atom` with its `MMA_Traits` for a CPU.
//!
//! An atom multiplies two panels: `A` is `MR × kc` with consecutive rows (a
//! packed panel `(MR,kc):(1,MR)`, or a column-major block of a matrix),
//! `B` is `NR × kc` of any strides (packed: `(NR,kc):(1,NR)`), and the
//! `MR × NR` accumulators stay in registers for the whole `k` loop. Its thread-value layouts say so in CuTe's terms: one
//! thread (a core) owns every value, `ALayout = (1,MR):(0,1)` maps
//! (thread, value) to the coordinate `m` of the `MR × 1` tile of `A`,
//! `CLayout = (1,(MR,NR)):(0,(1,MR))` to `(m, n)` of `C`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // One atom call: C (8x4) = A (8x2) · B (4x2)ᵀ with the portable atom.
//! let a: Vec<i32> = (0..16).collect(); // A(m,k) = m + 8k, packed (8,2):(1,8)
//! let b = [1, 0, 0, 0, 1, 1, 1, 1];    // B(n,k): column k of Bᵀ at 4k
//! let mut c = [0i32; 32];
//! let atom = MmaPortable::<i32>::new();
//! unsafe { atom.mma(2, (a.as_ptr(), 8), (b.as_ptr(), 1, 4), (c.as_mut_ptr(), 8), 1, 0) };
//! assert_eq!(c[0..8], [8, 10, 12, 14, 16, 18, 20, 22]); // n = 0: A(m,0) + A(m,1)
//! assert_eq!(c[8], 8);                                  // n = 1: A(0,1)
//! ```

use super::scalar::GemmScalar;
use crate::typelevel::{Layout, StaticInt, _0, _1};
use frunk_core::hlist::{HCons, HNil};

/// CuTe's MMA atom on a CPU core: a register micro-kernel over two panels
/// (see [`mma`](MmaAtom::mma)); the x86-64 ones are made from the token of
/// their instruction set ([`Simd::detect`](crate::typelevel::Simd::detect)).
///
/// | atom | CPU | element | MR × NR |
/// |---|---|---|---|
/// | [`MmaAvx512F32`](crate::typelevel::MmaAvx512F32) | AVX-512F | `f32` | 32 × 8 |
/// | [`MmaAvx512F32M16`](crate::typelevel::MmaAvx512F32M16) | AVX-512F | `f32` | 16 × 16 |
/// | [`MmaAvx512F64`](crate::typelevel::MmaAvx512F64) | AVX-512F | `f64` | 16 × 8 |
/// | [`MmaAvx2F32`](crate::typelevel::MmaAvx2F32) | AVX2 + FMA | `f32` | 16 × 6 |
/// | [`MmaAvx2F64`](crate::typelevel::MmaAvx2F64) | AVX2 + FMA | `f64` | 8 × 6 |
/// | [`MmaPortable<T>`] | any | any [`GemmScalar`] | 8 × 4 |
///
/// # Safety
/// An implementation's [`mma`](MmaAtom::mma) computes exactly the product
/// its documentation states, reading and writing only the memory named
/// there; the generic kernels rely on it.
pub unsafe trait MmaAtom: Copy {
    /// The element type of A, B and C.
    type Elem: GemmScalar;
    /// `MR` as a type (for layouts).
    type Mr: StaticInt;
    /// `NR` as a type.
    type Nr: StaticInt;
    /// Rows of the accumulator tile.
    const MR: usize;
    /// Columns of the accumulator tile.
    const NR: usize;

    /// `C(i,j) = α·Σₖ A(i,k)·B(j,k) + β·C(i,j)` for `i < MR`, `j < NR`,
    /// `k < kc`, with `a = (pa, ak)`: `A(i,k) = pa[i + ak·k]`, `b = (pb, bj,
    /// bk)`: `B(j,k) = pb[bj·j + bk·k]`, and `c = (pc, cj)`: `C(i,j) = pc[i +
    /// cj·j]`; where `β = 0`, `C` is not read (as BLAS). Computed as `α·acc +
    /// β·C` (`acc + C` where `α = β = 1`, `α·acc` where `β = 0`) with `acc`
    /// the sum over `k` in order. Packed panels are `(pa, MR)` and `(pb, 1, NR)`.
    ///
    /// # Safety
    /// Every element named above is valid (those of `C` for writes), and
    /// those of `C` overlap no element of `A` or `B`.
    #[allow(clippy::type_complexity)]
    unsafe fn mma(
        self,
        kc: usize,
        a: (*const Self::Elem, isize),
        b: (*const Self::Elem, isize, isize),
        c: (*mut Self::Elem, isize),
        alpha: Self::Elem,
        beta: Self::Elem,
    );
}

/// An atom's A layout: (thread, value) → `m` of its `MR × 1` tile, `(1,MR):(0,1)`.
pub type MmaALayout<A> =
    Layout<HCons<_1, HCons<<A as MmaAtom>::Mr, HNil>>, HCons<_0, HCons<_1, HNil>>>;
/// An atom's B layout: (thread, value) → `n` of its `NR × 1` tile, `(1,NR):(0,1)`.
pub type MmaBLayout<A> =
    Layout<HCons<_1, HCons<<A as MmaAtom>::Nr, HNil>>, HCons<_0, HCons<_1, HNil>>>;
/// An atom's C layout: (thread, value) → `(m, n)` of its `MR × NR` tile,
/// `(1,(MR,NR)):(0,(1,MR))`.
pub type MmaCLayout<A> = Layout<
    HCons<_1, HCons<HCons<<A as MmaAtom>::Mr, HCons<<A as MmaAtom>::Nr, HNil>>, HNil>>,
    HCons<_0, HCons<HCons<_1, HCons<<A as MmaAtom>::Mr, HNil>>, HNil>>,
>;

/// The portable atom: 8 × 4 accumulators in plain Rust, for any
/// [`GemmScalar`] (compiled inside `gemm` for the widest instruction set the
/// CPU has, so LLVM vectorizes it where it can).
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!((MmaPortable::<u8>::MR, MmaPortable::<u8>::NR), (8, 4));
/// ```
#[derive(Debug)]
pub struct MmaPortable<T>(core::marker::PhantomData<T>);
impl<T> Clone for MmaPortable<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for MmaPortable<T> {}
impl<T> Default for MmaPortable<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> MmaPortable<T> {
    /// The atom (it needs no instruction set).
    pub const fn new() -> Self {
        MmaPortable(core::marker::PhantomData)
    }
}

/// `α·acc + β·c` as the atoms compute it (see [`MmaAtom::mma`]), one element.
#[inline(always)]
pub(crate) fn update<T: GemmScalar>(acc: T, c: Option<T>, alpha: T, beta: T) -> T {
    match c {
        None => match alpha == T::ONE {
            true => acc,
            false => alpha * acc,
        },
        Some(c) => match alpha == T::ONE && beta == T::ONE {
            true => acc + c,
            false => alpha * acc + beta * c,
        },
    }
}

// SAFETY: the loops below read the elements of A and B and the `MR × NR`
// elements of C the contract names.
unsafe impl<T: GemmScalar> MmaAtom for MmaPortable<T> {
    type Elem = T;
    type Mr = crate::typelevel::_8;
    type Nr = crate::typelevel::_4;
    const MR: usize = 8;
    const NR: usize = 4;

    #[inline(always)]
    unsafe fn mma(
        self,
        kc: usize,
        a: (*const T, isize),
        b: (*const T, isize, isize),
        c: (*mut T, isize),
        alpha: T,
        beta: T,
    ) {
        let mut acc = [[T::ZERO; 8]; 4];
        for k in 0..kc as isize {
            // SAFETY: `k < kc`: elements the caller vouches for.
            let a = unsafe { &*a.0.offset(a.1 * k).cast::<[T; 8]>() };
            for (j, col) in acc.iter_mut().enumerate() {
                // SAFETY: as above.
                let bj = unsafe { *b.0.offset(b.1 * j as isize + b.2 * k) };
                for (x, &ai) in col.iter_mut().zip(a) {
                    *x = *x + ai * bj;
                }
            }
        }
        let read = beta != T::ZERO;
        for (j, col) in acc.iter().enumerate() {
            for (i, &x) in col.iter().enumerate() {
                // SAFETY: `i < MR`, `j < NR`: an element the caller vouches for.
                unsafe {
                    let p = c.0.offset(i as isize + c.1 * j as isize);
                    *p = update(x, read.then(|| *p), alpha, beta);
                }
            }
        }
    }
}
