//! The SIMD layer, three ways: the same `f32` micro-kernel written with
//! `core::arch` intrinsics, with pulp's safe SIMD, and as plain loops
//! multiversioned by `multiversion` (LLVM's vectorizer); side by side,
//! interleaved in one process, medians.
//!
//! The kernel is the library's: `C[MR×NR] += A·Bᵀ` over packed panels, A
//! `(MR,kc):(1,MR)`, B `(NR,kc):(1,NR)`, the C tile prefetched, the
//! accumulators in registers, per `k` two loads of A, `NR` broadcasts of B
//! and `2·NR` fused multiply-adds; 32 × 8 for AVX-512, 16 × 6 for AVX2 + FMA.
//! The library's own atoms (`MmaAvx512F32`, `MmaAvx2F32`: the same in
//! `core::arch`, for any strides of B) run beside them. Measured: each
//! kernel alone (repeated calls on cache-resident panels, `kc = 256`), and
//! inside one blocked GEMM driver shared by all (beside the library's
//! `try_gemm`). The ratios are to the `core::arch` kernel of the same ISA,
//! in the same run.
//!
//! Run: `cargo run --release --bin simd_eval [runs]` (default 5 runs).

use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::{
    make_tensor, try_gemm, Avx2Fma, Avx512, Dyn, Layout, MmaAtom, MmaAvx2F32, MmaAvx512F32, Simd,
    _1,
};
use layout_algebra_kernels_bench::{medians, reps_for};
use multiversion::multiversion;
use pulp::{Simd as PulpSimd, WithSimd};
use std::hint::black_box;

/// One implementation of the micro-kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The library's atom `MmaAvx512F32` (`core::arch`, any strides of B).
    Lib512,
    /// `core::arch` intrinsics, packed panels: the baseline of the ratios.
    Arch512,
    /// pulp, dispatched by `pulp::Arch::new()` (its best level: V4 here).
    Pulp512,
    /// Plain loops, `multiversion` for `x86_64+avx512f`.
    Mv512,
    /// The same with the loop over the 8 columns written out.
    Mv512Cols,
    /// The library's atom `MmaAvx2F32`.
    Lib256,
    /// `core::arch` intrinsics, packed panels.
    Arch256,
    /// pulp on its V3 level (AVX2 + FMA).
    Pulp256,
    /// Plain loops, `multiversion` for `x86_64+avx2+fma`.
    Mv256,
}

impl Kind {
    const ALL: [Kind; 9] = [
        Kind::Lib512,
        Kind::Arch512,
        Kind::Pulp512,
        Kind::Mv512,
        Kind::Mv512Cols,
        Kind::Lib256,
        Kind::Arch256,
        Kind::Pulp256,
        Kind::Mv256,
    ];

    fn name(self) -> &'static str {
        match self {
            Kind::Lib512 | Kind::Lib256 => "library atom",
            Kind::Arch512 | Kind::Arch256 => "core::arch",
            Kind::Pulp512 | Kind::Pulp256 => "pulp",
            Kind::Mv512 | Kind::Mv256 => "multiversion",
            Kind::Mv512Cols => "multiversion-cols",
        }
    }
    fn wide(self) -> bool {
        matches!(
            self,
            Kind::Lib512 | Kind::Arch512 | Kind::Pulp512 | Kind::Mv512 | Kind::Mv512Cols
        )
    }
    /// The `core::arch` kernel of the same instruction set.
    fn base(self) -> Kind {
        if self.wide() {
            Kind::Arch512
        } else {
            Kind::Arch256
        }
    }
}

fn isa(kind: Kind) -> &'static str {
    if kind.wide() {
        "AVX-512"
    } else {
        "AVX2"
    }
}

/// The kernels this CPU runs, with the proofs of their instruction sets.
struct Kernels {
    avx512: Option<Avx512>,
    avx2: Avx2Fma,
    pulp: pulp::Arch,
    v3: pulp::x86::V3,
}

impl Kernels {
    fn new() -> Option<Self> {
        let simd = Simd::detect();
        let avx512 = match simd {
            Simd::Avx512(t) => Some(t),
            _ => None,
        };
        let pulp = pulp::Arch::new();
        // The AVX-512 rows compare like with like only where pulp's best is V4.
        let avx512 = avx512.filter(|_| matches!(pulp, pulp::Arch::V4(_)));
        Some(Kernels {
            avx512,
            avx2: simd.avx2_fma()?,
            pulp,
            v3: pulp::x86::V3::try_new()?,
        })
    }

    fn kinds(&self) -> Vec<Kind> {
        Kind::ALL
            .into_iter()
            .filter(|k| !k.wide() || self.avx512.is_some())
            .collect()
    }

    /// `(MR, NR)` of `kind`.
    fn shape(&self, kind: Kind) -> (usize, usize) {
        match kind {
            Kind::Pulp512 => {
                let lanes = self.pulp.dispatch(Lanes);
                (2 * lanes, pulp_nr(lanes))
            }
            Kind::Pulp256 => (2 * <pulp::x86::V3 as PulpSimd>::F32_LANES, 6),
            k if k.wide() => (32, 8),
            _ => (16, 6),
        }
    }

    /// `C[MR×NR] += A·Bᵀ` by `kind`: A `(MR,kc):(1,MR)` in `a`, B
    /// `(NR,kc):(1,NR)` in `b`, `C(i,j) = c[i + ldc·j]`.
    #[inline(always)]
    fn tile(&self, kind: Kind, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
        match kind {
            Kind::Lib512 => lib_512(MmaAvx512F32::new(self.avx512.unwrap()), kc, a, b, c, ldc),
            Kind::Lib256 => lib_256(MmaAvx2F32::new(self.avx2), kc, a, b, c, ldc),
            Kind::Arch512 => arch_512(self.avx512.unwrap(), kc, a, b, c, ldc),
            Kind::Arch256 => arch_256(self.avx2, kc, a, b, c, ldc),
            Kind::Pulp512 => pulp_best(self.pulp, kc, a, b, c, ldc),
            Kind::Pulp256 => pulp_v3(self.v3, kc, a, b, c, ldc),
            Kind::Mv512 => mv_32x8(kc, a, b, c, ldc),
            Kind::Mv512Cols => mv_32x8_cols(kc, a, b, c, ldc),
            Kind::Mv256 => mv_16x6(kc, a, b, c, ldc),
        }
    }
}

/// Checks that the slices hold an `mr × nr` tile's panels and C.
fn check(mr: usize, nr: usize, kc: usize, a: &[f32], b: &[f32], c: &[f32], ldc: usize) {
    assert!(
        a.len() >= mr * kc && b.len() >= nr * kc && ldc >= mr && c.len() >= ldc * (nr - 1) + mr
    );
}

/// Prefetches the C tile (the first and last byte of each column) into L1,
/// as the library's atoms do: every kernel here does it first.
#[inline(always)]
fn prefetch_tile(c: *const f32, ldc: usize, mr: usize, nr: usize) {
    use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    for j in 0..nr {
        let p = c.wrapping_add(ldc * j).cast::<i8>();
        // SAFETY: SSE is in x86-64's baseline; a prefetch never faults.
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(p);
            _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(4 * mr - 1));
        }
    }
}

// ---------------------------------------------------------------------------
// (a) core::arch: the library's atoms, and the same kernel for packed
// panels only (the interface of the other two).

#[inline(never)]
fn lib_512(atom: MmaAvx512F32, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    check(32, 8, kc, a, b, c, ldc);
    // SAFETY: checked above: the panels and the tile lie in the slices.
    unsafe {
        atom.mma(
            kc,
            (a.as_ptr(), 32),
            (b.as_ptr(), 1, 8),
            (c.as_mut_ptr(), ldc as isize),
            1.0,
            1.0,
        )
    }
}

#[inline(never)]
fn lib_256(atom: MmaAvx2F32, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    check(16, 6, kc, a, b, c, ldc);
    // SAFETY: as in `lib_512`.
    unsafe {
        atom.mma(
            kc,
            (a.as_ptr(), 16),
            (b.as_ptr(), 1, 6),
            (c.as_mut_ptr(), ldc as isize),
            1.0,
            1.0,
        )
    }
}

/// The kernel in intrinsics, over one register type.
mod intrinsics {
    use super::prefetch_tile;
    use core::arch::x86_64::*;

    /// The operations of one register of `f32`s.
    pub(super) trait Reg: Copy {
        const N: usize;
        unsafe fn zero() -> Self;
        unsafe fn load(p: *const f32) -> Self;
        unsafe fn splat(x: f32) -> Self;
        /// `a·b + c`, fused.
        unsafe fn fma(a: Self, b: Self, c: Self) -> Self;
        /// `*p = v + *p`.
        unsafe fn add_to(p: *mut f32, v: Self);
    }

    impl Reg for __m512 {
        const N: usize = 16;
        #[inline(always)]
        unsafe fn zero() -> Self {
            unsafe { _mm512_setzero_ps() }
        }
        #[inline(always)]
        unsafe fn load(p: *const f32) -> Self {
            unsafe { _mm512_loadu_ps(p) }
        }
        #[inline(always)]
        unsafe fn splat(x: f32) -> Self {
            unsafe { _mm512_set1_ps(x) }
        }
        #[inline(always)]
        unsafe fn fma(a: Self, b: Self, c: Self) -> Self {
            unsafe { _mm512_fmadd_ps(a, b, c) }
        }
        #[inline(always)]
        unsafe fn add_to(p: *mut f32, v: Self) {
            unsafe { _mm512_storeu_ps(p, _mm512_add_ps(v, _mm512_loadu_ps(p))) }
        }
    }

    impl Reg for __m256 {
        const N: usize = 8;
        #[inline(always)]
        unsafe fn zero() -> Self {
            unsafe { _mm256_setzero_ps() }
        }
        #[inline(always)]
        unsafe fn load(p: *const f32) -> Self {
            unsafe { _mm256_loadu_ps(p) }
        }
        #[inline(always)]
        unsafe fn splat(x: f32) -> Self {
            unsafe { _mm256_set1_ps(x) }
        }
        #[inline(always)]
        unsafe fn fma(a: Self, b: Self, c: Self) -> Self {
            unsafe { _mm256_fmadd_ps(a, b, c) }
        }
        #[inline(always)]
        unsafe fn add_to(p: *mut f32, v: Self) {
            unsafe { _mm256_storeu_ps(p, _mm256_add_ps(v, _mm256_loadu_ps(p))) }
        }
    }

    /// `C[2·N × NR] += A·Bᵀ` on packed panels.
    ///
    /// # Safety
    /// `a` holds `2·N·kc` elements, `b` `NR·kc`, `c` the tile (`ldc ≥ 2·N`);
    /// the caller enables `R`'s instructions.
    #[inline(always)]
    unsafe fn tile<R: Reg, const NR: usize>(
        kc: usize,
        a: *const f32,
        b: *const f32,
        c: *mut f32,
        ldc: usize,
    ) {
        prefetch_tile(c, ldc, 2 * R::N, NR);
        // SAFETY (whole body): inside the panels and the tile, as the caller vouches.
        unsafe {
            let mut acc = [[R::zero(); 2]; NR];
            for k in 0..kc {
                let ak = a.add(2 * R::N * k);
                let (a0, a1) = (R::load(ak), R::load(ak.add(R::N)));
                for (j, col) in acc.iter_mut().enumerate() {
                    let bj = R::splat(*b.add(NR * k + j));
                    col[0] = R::fma(a0, bj, col[0]);
                    col[1] = R::fma(a1, bj, col[1]);
                }
            }
            for (j, col) in acc.iter().enumerate() {
                let p = c.add(ldc * j);
                R::add_to(p, col[0]);
                R::add_to(p.add(R::N), col[1]);
            }
        }
    }

    /// # Safety
    /// As `tile`; the CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn tile_32x8(
        kc: usize,
        a: *const f32,
        b: *const f32,
        c: *mut f32,
        ldc: usize,
    ) {
        unsafe { tile::<__m512, 8>(kc, a, b, c, ldc) }
    }

    /// # Safety
    /// As `tile`; the CPU has AVX2 and FMA.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn tile_16x6(
        kc: usize,
        a: *const f32,
        b: *const f32,
        c: *mut f32,
        ldc: usize,
    ) {
        unsafe { tile::<__m256, 6>(kc, a, b, c, ldc) }
    }
}

#[inline(never)]
fn arch_512(_: Avx512, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    check(32, 8, kc, a, b, c, ldc);
    // SAFETY: checked above; the token proves AVX-512F.
    unsafe { intrinsics::tile_32x8(kc, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), ldc) }
}

#[inline(never)]
fn arch_256(_: Avx2Fma, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    check(16, 6, kc, a, b, c, ldc);
    // SAFETY: checked above; the token proves AVX2 and FMA.
    unsafe { intrinsics::tile_16x6(kc, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), ldc) }
}

// ---------------------------------------------------------------------------
// (b) pulp: safe code, generic over its `Simd`; two vectors of A per `k`
// (`MR = 2·lanes`), the tile's `NR` chosen by the level.

/// `NR` for a level of `lanes` `f32` lanes: 8 for AVX-512 (16 + 2 + 1 of the
/// 32 registers), 6 otherwise (12 + 2 + 1 of 16).
const fn pulp_nr(lanes: usize) -> usize {
    if lanes == 16 {
        8
    } else {
        6
    }
}

/// The number of `f32` lanes of pulp's chosen level.
struct Lanes;
impl WithSimd for Lanes {
    type Output = usize;
    #[inline(always)]
    fn with_simd<S: PulpSimd>(self, _: S) -> usize {
        S::F32_LANES
    }
}

/// One tile, as pulp's operation.
struct PulpTile<'a> {
    kc: usize,
    a: &'a [f32],
    b: &'a [f32],
    c: &'a mut [f32],
    ldc: usize,
}

impl WithSimd for PulpTile<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: PulpSimd>(self, s: S) {
        if pulp_nr(S::F32_LANES) == 8 {
            pulp_tile::<S, 8>(s, self)
        } else {
            pulp_tile::<S, 6>(s, self)
        }
    }
}

#[inline(always)]
fn pulp_tile<S: PulpSimd, const NR: usize>(s: S, t: PulpTile<'_>) {
    let mr = 2 * S::F32_LANES;
    let (a, _) = S::as_simd_f32s(&t.a[..mr * t.kc]);
    let (a, _) = a.as_chunks::<2>();
    let (b, _) = t.b[..NR * t.kc].as_chunks::<NR>();
    prefetch_tile(t.c.as_ptr(), t.ldc, mr, NR);
    let zero = s.splat_f32s(0.0);
    let mut acc = [[zero; 2]; NR];
    for (ak, bk) in a.iter().zip(b) {
        for (col, &bj) in acc.iter_mut().zip(bk) {
            let bv = s.splat_f32s(bj);
            col[0] = s.mul_add_f32s(ak[0], bv, col[0]);
            col[1] = s.mul_add_f32s(ak[1], bv, col[1]);
        }
    }
    for (j, col) in acc.iter().enumerate() {
        let (cv, _) = S::as_mut_simd_f32s(&mut t.c[j * t.ldc..][..mr]);
        for (x, &y) in cv.iter_mut().zip(col) {
            *x = s.add_f32s(y, *x);
        }
    }
}

/// The tile on pulp's best level for this CPU (its run-time dispatch).
#[inline(never)]
fn pulp_best(arch: pulp::Arch, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    arch.dispatch(PulpTile { kc, a, b, c, ldc })
}

/// The tile on pulp's V3 level (AVX2 + FMA).
#[inline(never)]
fn pulp_v3(v3: pulp::x86::V3, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    PulpSimd::vectorize(v3, PulpTile { kc, a, b, c, ldc })
}

// ---------------------------------------------------------------------------
// (c) multiversion: plain loops, vectorized (or not) by LLVM for each target.

#[inline(always)]
fn plain_tile<const MR: usize, const NR: usize>(
    kc: usize,
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
    ldc: usize,
) {
    let (a, _) = a[..MR * kc].as_chunks::<MR>();
    let (b, _) = b[..NR * kc].as_chunks::<NR>();
    prefetch_tile(c.as_ptr(), ldc, MR, NR);
    let mut acc = [[0.0f32; MR]; NR];
    for (ak, bk) in a.iter().zip(b) {
        for (col, &bj) in acc.iter_mut().zip(bk) {
            for (x, &ai) in col.iter_mut().zip(ak) {
                *x = ai.mul_add(bj, *x);
            }
        }
    }
    for (j, col) in acc.iter().enumerate() {
        for (x, &y) in c[j * ldc..][..MR].iter_mut().zip(col) {
            *x += y;
        }
    }
}

/// [`plain_tile`] for 32 × 8 with the loop over the columns written out:
/// LLVM fully unrolls the 256 multiply-adds of a `k` step of `plain_tile`
/// only below its unrolling threshold (32 × 6 passes, 32 × 8 does not), and
/// otherwise keeps the accumulators in memory.
#[inline(always)]
fn cols_tile(kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    #[inline(always)]
    fn col(acc: &mut [f32; 32], a: &[f32; 32], b: f32) {
        for (x, &ai) in acc.iter_mut().zip(a) {
            *x = ai.mul_add(b, *x);
        }
    }
    let (a, _) = a[..32 * kc].as_chunks::<32>();
    let (b, _) = b[..8 * kc].as_chunks::<8>();
    prefetch_tile(c.as_ptr(), ldc, 32, 8);
    let mut acc = [[0.0f32; 32]; 8];
    for (ak, bk) in a.iter().zip(b) {
        let [c0, c1, c2, c3, c4, c5, c6, c7] = &mut acc;
        col(c0, ak, bk[0]);
        col(c1, ak, bk[1]);
        col(c2, ak, bk[2]);
        col(c3, ak, bk[3]);
        col(c4, ak, bk[4]);
        col(c5, ak, bk[5]);
        col(c6, ak, bk[6]);
        col(c7, ak, bk[7]);
    }
    for (j, col) in acc.iter().enumerate() {
        for (x, &y) in c[j * ldc..][..32].iter_mut().zip(col) {
            *x += y;
        }
    }
}

#[multiversion(targets("x86_64+avx512f"))]
fn mv_32x8_cols(kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    cols_tile(kc, a, b, c, ldc)
}

#[multiversion(targets("x86_64+avx512f"))]
fn mv_32x8(kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    plain_tile::<32, 8>(kc, a, b, c, ldc)
}

#[multiversion(targets("x86_64+avx2+fma"))]
fn mv_16x6(kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    plain_tile::<16, 6>(kc, a, b, c, ldc)
}

// ---------------------------------------------------------------------------
// The reference and the shared blocked driver.

/// `C += A·Bᵀ` element by element, in the kernels' order (a fused
/// multiply-add per `k`, then `C + acc`).
fn reference(mr: usize, nr: usize, kc: usize, a: &[f32], b: &[f32], c: &mut [f32], ldc: usize) {
    for j in 0..nr {
        for i in 0..mr {
            let acc = (0..kc).fold(0.0f32, |s, k| a[i + mr * k].mul_add(b[j + nr * k], s));
            c[i + ldc * j] += acc;
        }
    }
}

/// Packs `X(r0.., c0..)` (`rn × cn`, `X(r, c) = x[r + ld·c]`) into panels of
/// `r` rows, `X(r0 + p·r + i, c0 + k)` at `dst[p·r·cn + k·r + i]`, zero-padded.
fn pack(
    dst: &mut [f32],
    x: &[f32],
    ld: usize,
    (r0, rn): (usize, usize),
    (c0, cn): (usize, usize),
    r: usize,
) {
    for p in 0..rn.div_ceil(r) {
        let here = r.min(rn - p * r);
        let panel = &mut dst[p * r * cn..][..r * cn];
        for (k, col) in panel.chunks_exact_mut(r).enumerate() {
            col[..here].copy_from_slice(&x[r0 + p * r + ld * (c0 + k)..][..here]);
            col[here..].fill(0.0);
        }
    }
}

/// The driver's cache blocks (the library's for these atoms).
const MC: usize = 128;
const KC: usize = 256;
const NC: usize = 4096;

/// `C += A·Bᵀ` (A `m×k` column-major, B `n×k` column-major, C `m×n`
/// column-major) by BLIS's loops around `kind`: the same packing and loops
/// for every kernel.
fn blocked(
    ks: &Kernels,
    kind: Kind,
    (m, n, k): (usize, usize, usize),
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
    ws: &mut (Vec<f32>, Vec<f32>),
) {
    let (mr, nr) = ks.shape(kind);
    let (mcs, ncs) = (MC / mr * mr, NC / nr * nr);
    let (pa, pb) = ws;
    pa.resize(mcs * KC, 0.0);
    pb.resize(ncs.min(n.div_ceil(nr) * nr) * KC, 0.0);
    for jc in (0..n).step_by(ncs) {
        let nc = ncs.min(n - jc);
        for pc in (0..k).step_by(KC) {
            let kc = KC.min(k - pc);
            pack(pb, b, n, (jc, nc), (pc, kc), nr);
            for ic in (0..m).step_by(mcs) {
                let mc = mcs.min(m - ic);
                pack(pa, a, m, (ic, mc), (pc, kc), mr);
                for q in 0..nc.div_ceil(nr) {
                    let bp = &pb[q * nr * kc..][..nr * kc];
                    let (j0, w) = (jc + q * nr, nr.min(nc - q * nr));
                    for p in 0..mc.div_ceil(mr) {
                        let ap = &pa[p * mr * kc..][..mr * kc];
                        let (i0, h) = (ic + p * mr, mr.min(mc - p * mr));
                        if h == mr && w == nr {
                            ks.tile(kind, kc, ap, bp, &mut c[i0 + m * j0..], m);
                        } else {
                            let mut t = [0.0f32; 32 * 8];
                            ks.tile(kind, kc, ap, bp, &mut t, mr);
                            for j in 0..w {
                                for i in 0..h {
                                    c[i0 + i + m * (j0 + j)] += t[i + mr * j];
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `C += A·Bᵀ` by the library (`try_gemm`), the layouts of [`blocked`].
fn library(m: usize, n: usize, k: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    let (dm, dn, dk) = (Dyn(m as i64), Dyn(n as i64), Dyn(k as i64));
    let la = Layout::try_new(hlist![dm, dk], hlist![_1, dm]).unwrap();
    let lb = Layout::try_new(hlist![dn, dk], hlist![_1, dn]).unwrap();
    let lc = Layout::try_new(hlist![dm, dn], hlist![_1, dm]).unwrap();
    let ta = make_tensor(a, la).unwrap();
    let tb = make_tensor(b, lb).unwrap();
    let mut tc = make_tensor(c, lc).unwrap();
    try_gemm(&ta, &tb, &mut tc).unwrap();
}

fn data(len: usize, mul: usize, modulo: usize) -> Vec<f32> {
    (0..len)
        .map(|i| ((i * mul) % modulo) as f32 / modulo as f32 - 0.5)
        .collect()
}

// ---------------------------------------------------------------------------
// The measurements.

/// The kernels' results agree: alone, bit for bit with the reference; inside
/// the driver, with `try_gemm` to rounding.
fn verify(ks: &Kernels) {
    let kc = 300;
    for kind in ks.kinds() {
        let (mr, nr) = ks.shape(kind);
        let (a, b) = (data(mr * kc, 7, 13), data(nr * kc, 5, 11));
        let mut c = data(mr * nr, 3, 17);
        let mut r = c.clone();
        ks.tile(kind, kc, &a, &b, &mut c, mr);
        reference(mr, nr, kc, &a, &b, &mut r, mr);
        assert!(
            c.iter().zip(&r).all(|(x, y)| x.to_bits() == y.to_bits()),
            "{kind:?} differs from the reference"
        );
    }
    let (m, n, k) = (200, 100, 600);
    let (a, b) = (data(m * k, 7, 13), data(n * k, 5, 11));
    let mut want = data(m * n, 3, 17);
    let c0 = want.clone();
    library(m, n, k, &a, &b, &mut want);
    let mut ws = (Vec::new(), Vec::new());
    for kind in ks.kinds() {
        let mut c = c0.clone();
        blocked(ks, kind, (m, n, k), &a, &b, &mut c, &mut ws);
        let err = c
            .iter()
            .zip(&want)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f32::max);
        assert!(err < 1e-3, "{kind:?} in the driver: off by {err}");
    }
}

/// GFLOP/s of each kernel alone: `calls` calls per timing on its panels
/// (`A` `MR × kc`, `B` `NR × kc`, C one tile), the kernels interleaved.
fn micro(ks: &Kernels, kinds: &[Kind], kc: usize, calls: usize, reps: usize) -> Vec<f64> {
    let mut bufs: Vec<_> = kinds
        .iter()
        .map(|&kind| {
            let (mr, nr) = ks.shape(kind);
            (
                kind,
                mr,
                nr,
                data(mr * kc, 7, 13),
                data(nr * kc, 5, 11),
                vec![0.0f32; mr * nr],
            )
        })
        .collect();
    let mut fs: Vec<Box<dyn FnMut() + '_>> = bufs
        .iter_mut()
        .map(|(kind, mr, _, a, b, c)| {
            let (kind, mr) = (*kind, *mr);
            Box::new(move || {
                for _ in 0..calls {
                    ks.tile(kind, kc, a, b, black_box(&mut c[..]), mr);
                }
            }) as Box<dyn FnMut()>
        })
        .collect();
    let mut refs: Vec<&mut dyn FnMut()> = fs
        .iter_mut()
        .map(|f| &mut **f as &mut dyn FnMut())
        .collect();
    let t = medians(reps, &mut refs);
    kinds
        .iter()
        .zip(t)
        .map(|(&kind, t)| {
            let (mr, nr) = ks.shape(kind);
            2.0 * (mr * nr * kc * calls) as f64 / t / 1e9
        })
        .collect()
}

/// GFLOP/s of `try_gemm` and of the driver on each kernel, `n³`, interleaved.
fn gemm(ks: &Kernels, kinds: &[Kind], n: usize) -> Vec<f64> {
    let (a, b) = (data(n * n, 7, 13), data(n * n, 5, 11));
    let mut lib_c = vec![0.0f32; n * n];
    let mut cs: Vec<_> = kinds
        .iter()
        .map(|_| (vec![0.0f32; n * n], (Vec::new(), Vec::new())))
        .collect();
    let (a, b) = (&a, &b);
    let mut fs: Vec<Box<dyn FnMut() + '_>> = vec![Box::new(|| library(n, n, n, a, b, &mut lib_c))];
    for (&kind, (c, ws)) in kinds.iter().zip(&mut cs) {
        fs.push(Box::new(move || blocked(ks, kind, (n, n, n), a, b, c, ws)));
    }
    let mut refs: Vec<&mut dyn FnMut()> = fs
        .iter_mut()
        .map(|f| &mut **f as &mut dyn FnMut())
        .collect();
    let flops = 2.0 * (n * n * n) as f64;
    let t = medians(reps_for(flops, 2.0), &mut refs);
    t.iter().map(|t| flops / t / 1e9).collect()
}

/// Median, minimum and maximum.
fn spread(v: &mut [f64]) -> (f64, f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let Some(ks) = Kernels::new() else {
        println!("simd_eval needs AVX2 + FMA");
        return;
    };
    let kinds = ks.kinds();
    // Not `Mv512` in the products: at its 1-2 GFLOP/s one takes seconds.
    let gemm_kinds: Vec<Kind> = kinds
        .iter()
        .copied()
        .filter(|&k| k != Kind::Mv512)
        .collect();
    println!("library Simd::detect(): {:?}", Simd::detect());
    let pulp_level = match ks.pulp {
        pulp::Arch::V4(_) => "V4 (AVX-512)",
        pulp::Arch::V3(_) => "V3 (AVX2 + FMA)",
        _ => "scalar",
    };
    println!("pulp Arch::new(): {pulp_level}");
    for &kind in &kinds {
        let (mr, nr) = ks.shape(kind);
        let isa = if kind.wide() { "AVX-512" } else { "AVX2" };
        println!("  {:<13} {isa:<8} {mr:>2} x {nr}", kind.name());
    }
    verify(&ks);
    println!(
        "results: every kernel equals the reference bit for bit; the driver agrees with try_gemm"
    );

    // rows[run] = the GFLOP/s of every row, in the order of `labels`: (the
    // row's name, its kernel, which measurement it belongs to).
    let mut labels: Vec<(String, Option<Kind>, usize)> = Vec::new();
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for run in 0..runs {
        let mut row = Vec::new();
        let first = run == 0;
        let g = micro(&ks, &kinds, 256, 200, 301);
        for (&kind, g) in kinds.iter().zip(&g) {
            if first {
                labels.push((
                    format!(
                        "kernel alone, kc 256   {:<8} {:<13}",
                        isa(kind),
                        kind.name()
                    ),
                    Some(kind),
                    0,
                ));
            }
            row.push(*g);
        }
        for (group, n) in [(1, 256), (2, 1024)] {
            let g = gemm(&ks, &gemm_kinds, n);
            if first {
                labels.push((
                    format!(
                        "gemm {n:>4}, try_gemm    {:<8} {:<13}",
                        isa_lib(),
                        "library"
                    ),
                    None,
                    group,
                ));
                for &kind in &gemm_kinds {
                    labels.push((
                        format!(
                            "gemm {n:>4}, same driver {:<8} {:<13}",
                            isa(kind),
                            kind.name()
                        ),
                        Some(kind),
                        group,
                    ));
                }
            }
            row.extend(g);
        }
        println!(
            "run {}: {}",
            run + 1,
            row.iter()
                .map(|g| format!("{g:.1}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        rows.push(row);
    }

    println!(
        "\n{:<49} {:>21}  {:>23}",
        "", "GFLOP/s: median [range]", "/ core::arch, same ISA"
    );
    for (i, (label, kind, group)) in labels.iter().enumerate() {
        let (g, lo, hi) = spread(&mut rows.iter().map(|r| r[i]).collect::<Vec<_>>());
        let ratio = kind.map(|kind| {
            // The index of the same measurement's core::arch row.
            let base = labels
                .iter()
                .position(|(_, k, g)| *k == Some(kind.base()) && g == group)
                .unwrap();
            spread(&mut rows.iter().map(|r| r[i] / r[base]).collect::<Vec<_>>())
        });
        let ratio = ratio.map_or(String::new(), |(r, lo, hi)| {
            format!("{r:.2} [{lo:.2}-{hi:.2}]")
        });
        println!("{label:<49} {g:>6.1} [{lo:>5.1}-{hi:>5.1}]  {ratio:>23}");
    }
}

fn isa_lib() -> &'static str {
    match Simd::detect() {
        Simd::Avx512(_) => "AVX-512",
        Simd::Avx2Fma(_) => "AVX2",
        Simd::Portable => "portable",
    }
}
