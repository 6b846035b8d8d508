//! The blocked, packed GEMM: BLIS's five loops around an MMA atom, over
//! operands read through their layouts' mode maps.
//!
//! `C(m,n) = α·Σₖ A(m,k)·B(n,k) + β·C(m,n)` for `A` `(M,K)`, `B` `(N,K)`, `C`
//! `(M,N)`. The index space is cut into cache blocks, CuTe's
//! `local_tile(A, <MC,KC>, (ic,pc))`, `local_tile(B, <NC,KC>, (jc,pc))` and
//! `local_tile(C, <MC,NC>, (ic,jc))`:
//!
//! ```text
//! for jc in blocks of NC columns of C       (B block: L3)
//!   for pc in blocks of KC                  pack B(jc.., pc..) into NR-column panels
//!     for ic in blocks of MC rows of C      pack A(ic.., pc..) into MR-row panels (L2)
//!       for each NR panel of B, MR panel of A: the atom on one MR x NR tile of C
//! ```
//!
//! The packed block of `A` has the layout `((MR,MC/MR),KC):((1,MR·kc),MR)`:
//! `blocked_product` of the atom's panel `(MR,kc):(1,MR)` by `MC/MR` panels;
//! `B`'s is the same with `NR`, `NC`. Packing pads the panels past the edge
//! of the matrices with zeros; the tiles of `C` past an edge, or whose rows
//! are not consecutive in memory, are computed into a tile of registers'
//! image and added element by element (the same arithmetic, so the result
//! of an element does not depend on where its tile lies).
//!
//! The code here is generic over the atom and the element type only: a
//! tensor's layout reaches it as two mode maps (the offsets of the rows and
//! of the columns), so one instantiation serves every layout.

use crate::typelevel::atom::{update, GemmScalar, MmaAtom};
use alloc::vec::Vec;
use core::mem::MaybeUninit;

/// The offsets of one mode of an operand: `i ↦ stride·i`, or a table (a
/// hierarchical mode whose offsets are not equally spaced).
#[derive(Clone, Debug)]
pub(crate) enum Map {
    /// `i ↦ stride·i`.
    Affine(isize),
    /// `i ↦ table[i]`.
    Table(Vec<isize>),
}

impl Map {
    /// The offset of index `i`.
    #[inline(always)]
    pub(super) fn at(&self, i: usize) -> isize {
        match self {
            Map::Affine(d) => *d * i as isize,
            // SAFETY: the callers index below the mode's size, the table's length.
            Map::Table(t) => unsafe { *t.get_unchecked(i) },
        }
    }
    /// `Some(d)` if the offsets of `i..i + n` are equally spaced by `d`.
    #[inline(always)]
    fn spaced(&self, i: usize, n: usize) -> Option<isize> {
        match self {
            Map::Affine(d) => Some(*d),
            Map::Table(t) => {
                let run = &t[i..i + n];
                let d = if n > 1 { run[1] - run[0] } else { 1 };
                run.windows(2).all(|w| w[1] - w[0] == d).then_some(d)
            }
        }
    }
    /// Whether the offsets of `i..i + n` are consecutive.
    #[inline(always)]
    fn unit(&self, i: usize, n: usize) -> bool {
        self.spaced(i, n) == Some(1)
    }
}

/// A matrix `X(r, c) = ptr[row(r) + col(c)]`.
pub(crate) struct RawMatrix<T> {
    pub(crate) ptr: *mut T,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) row: Map,
    pub(crate) col: Map,
}

impl<T> RawMatrix<T> {
    /// `Xᵀ`.
    fn transposed(self) -> Self {
        RawMatrix {
            ptr: self.ptr,
            rows: self.cols,
            cols: self.rows,
            row: self.col,
            col: self.row,
        }
    }
    /// The address of `X(r, c)`.
    #[inline(always)]
    fn at(&self, r: usize, c: usize) -> *mut T {
        self.ptr.wrapping_offset(self.row.at(r) + self.col.at(c))
    }
}

/// One product `C = α·A·B + β·C` (`A` `(M,K)`, `B` `(N,K)`, `C` `(M,N)`, sizes
/// checked to agree). `A` and `B` are only read; `C`'s elements are distinct
/// from theirs (the borrows they come from say so).
pub(crate) struct Job<T> {
    pub(crate) a: RawMatrix<T>,
    pub(crate) b: RawMatrix<T>,
    pub(crate) c: RawMatrix<T>,
    pub(crate) alpha: T,
    pub(crate) beta: T,
}

// SAFETY: a `Job` is shared between threads only by the parallel entry point,
// whose threads read A and B and write disjoint columns of an injective C.
unsafe impl<T: Sync> Sync for Job<T> {}

impl<T> Job<T> {
    /// The same product on `Cᵀ = Bᵀ·Aᵀ` if that makes the rows of `C` its
    /// consecutive elements (the atoms write columns of registers), and
    /// whether it did.
    pub(crate) fn oriented(self) -> (Self, bool) {
        let unit = |m: &Map, n: usize| m.unit(0, n.min(16));
        if unit(&self.c.row, self.c.rows) || !unit(&self.c.col, self.c.cols) {
            return (self, false);
        }
        let job = Job {
            a: self.b,
            b: self.a,
            c: self.c.transposed(),
            alpha: self.alpha,
            beta: self.beta,
        };
        (job, true)
    }
}

/// An atom with the cache blocks it runs in: `MC` rows of A (a multiple of
/// `MR`) and `KC` of its columns in L2, `NC` columns of B (a multiple of `NR`)
/// in L3, a `KC × NR` panel of B in L1.
pub(crate) trait CacheBlocked: MmaAtom {
    const MC: usize;
    const KC: usize;
    const NC: usize;
}

/// Buffers for the packed panels, allocated once per product and reused
/// for every block (aligned to 64 bytes); a small product's fit inline.
pub(crate) struct Workspace<T> {
    buf: Vec<MaybeUninit<T>>,
    /// The regions of a small product, without an allocation.
    small: Small,
}

/// The bytes of [`Workspace::small`].
const SMALL_BYTES: usize = 32 << 10;

/// Inline storage for small packed blocks, aligned for any element type.
#[repr(C, align(64))]
struct Small([MaybeUninit<u8>; SMALL_BYTES]);

impl<T> Workspace<T> {
    pub(crate) const fn new() -> Self {
        Workspace {
            buf: Vec::new(),
            small: Small([MaybeUninit::uninit(); SMALL_BYTES]),
        }
    }
    /// Two aligned regions of `x` and `y` elements.
    fn regions(&mut self, x: usize, y: usize) -> (*mut T, *mut T) {
        let e = size_of::<T>().max(1);
        let pad = 64usize.div_ceil(e);
        let (x, y) = (x.div_ceil(pad) * pad, y.div_ceil(pad) * pad);
        if (x + y) * e <= SMALL_BYTES && align_of::<T>() <= 64 {
            let base = self.small.0.as_mut_ptr().cast::<T>();
            return (base, base.wrapping_add(x));
        }
        let need = x + y + pad;
        if self.buf.len() < need {
            self.buf = Vec::with_capacity(need);
            // SAFETY: `MaybeUninit` needs no initialization.
            unsafe { self.buf.set_len(need) };
        }
        let p = self.buf.as_mut_ptr();
        let skip = p.align_offset(64).min(pad);
        let base = p.wrapping_add(skip).cast::<T>();
        (base, base.wrapping_add(x))
    }
}

/// Packs `X(r0.., c0..)`, `rn × cn`, into panels of `R` rows: row `r0 + p·R + i`,
/// column `c0 + k` at `dst[p·R·cn + k·R + i]`; rows past `rn` are zeros.
///
/// # Safety
/// The rows and columns lie inside `x`; `dst` holds `⌈rn/R⌉·R·cn` elements.
#[inline(always)]
unsafe fn pack<T: GemmScalar>(
    x: &RawMatrix<T>,
    r0: usize,
    rn: usize,
    c0: usize,
    cn: usize,
    r: usize,
    dst: *mut T,
) {
    // SAFETY: as the caller's (the column offsets are the map's).
    unsafe {
        match &x.col {
            Map::Affine(d) => pack_with(x, r0, rn, cn, r, dst, |k| *d * (c0 + k) as isize),
            Map::Table(t) => pack_with(x, r0, rn, cn, r, dst, |k| *t.get_unchecked(c0 + k)),
        }
    }
}

/// [`pack`] with the offset of column `c0 + k` given by `col(k)`.
///
/// # Safety
/// As `pack`.
#[inline(always)]
unsafe fn pack_with<T: GemmScalar>(
    x: &RawMatrix<T>,
    r0: usize,
    rn: usize,
    cn: usize,
    r: usize,
    dst: *mut T,
    col: impl Fn(usize) -> isize,
) {
    // Along the columns first when they are the closer elements in memory.
    let by_rows = matches!(x.col, Map::Affine(1)) && !x.row.unit(r0, rn.min(r));
    for p in 0..rn.div_ceil(r) {
        let (row, here) = (r0 + p * r, r.min(rn - p * r));
        let panel = dst.wrapping_add(p * r * cn);
        // SAFETY (the loops): rows and columns inside `x`, panel elements inside `dst`.
        unsafe {
            if here == r && x.row.unit(row, r) {
                let src = x.ptr.wrapping_offset(x.row.at(row));
                for k in 0..cn {
                    core::ptr::copy_nonoverlapping(src.offset(col(k)), panel.add(k * r), r);
                }
                continue;
            }
            if by_rows {
                for i in 0..here {
                    let src = x.ptr.wrapping_offset(x.row.at(row + i) + col(0));
                    for k in 0..cn {
                        *panel.add(k * r + i) = *src.add(k);
                    }
                }
            } else {
                for k in 0..cn {
                    let src = x.ptr.wrapping_offset(col(k));
                    for i in 0..here {
                        *panel.add(k * r + i) = *src.offset(x.row.at(row + i));
                    }
                }
            }
            for k in 0..cn {
                for i in here..r {
                    *panel.add(k * r + i) = T::ZERO;
                }
            }
        }
    }
}

/// The largest `MR × NR` tile an atom may have (its image on the stack).
const MAX_TILE: usize = 512;

/// The panels of one operand block (`R` rows each): packed at `packed`
/// (`R·kc` elements apart), or for the first `direct.0` panels read in
/// place (`direct.1`: the block's first element, its row and column strides).
#[derive(Clone, Copy)]
struct Panels<T> {
    packed: *mut T,
    direct: Option<(usize, *const T, isize, isize)>,
}

impl<T: GemmScalar> Panels<T> {
    /// Panel `p` of an `r × kc` block: `(ptr, row stride, column stride)`.
    #[inline(always)]
    fn panel(&self, p: usize, r: usize, kc: usize) -> (*const T, isize, isize) {
        match self.direct {
            Some((full, ptr, rs, cs)) if p < full => {
                (ptr.wrapping_offset(rs * (p * r) as isize), rs, cs)
            }
            _ => (self.packed.wrapping_add(p * r * kc), 1, r as isize),
        }
    }

    /// The block `X(r0.., c0..)` (`rn × cn`) as panels of `r` rows: in place
    /// where [`in_place`] allows, or where no panel is `reused` (a product
    /// one atom tile wide: packing would copy each element to read it once),
    /// given rows consecutive for A (`unit_rows`) and the columns equally
    /// spaced; the rest packed into `region()` (asked for only if something
    /// is packed).
    ///
    /// # Safety
    /// As [`pack`].
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn of(
        x: &RawMatrix<T>,
        (r0, rn, c0, cn): (usize, usize, usize, usize),
        r: usize,
        unit_rows: bool,
        reused: bool,
        region: impl FnOnce() -> *mut T,
    ) -> Self {
        let full = rn / r;
        let place = match (&x.row, &x.col) {
            (Map::Affine(rs), Map::Affine(cs))
                if (!reused || in_place::<T>(*rs, *cs, rn, cn))
                    && full > 0
                    && (*rs == 1 || !unit_rows) =>
            {
                Some((full, x.at(r0, c0).cast_const(), *rs, *cs))
            }
            _ => None,
        };
        let skip = place.map_or(0, |p| p.0);
        let packed = match skip * r < rn {
            true => region(),
            false => core::ptr::null_mut(),
        };
        // SAFETY: as the caller's (nothing is packed where all is in place).
        if skip * r < rn {
            unsafe {
                pack(
                    x,
                    r0 + skip * r,
                    rn - skip * r,
                    c0,
                    cn,
                    r,
                    packed.add(skip * r * cn),
                )
            };
        }
        Panels {
            packed,
            direct: place,
        }
    }
}

/// Whether a block of `rn × cn` elements of strides `rs`, `cs` is read in
/// place rather than packed: where it spans at most 256 KiB (it then stays
/// in L2 and in few pages, so packing would only add work).
#[inline(always)]
fn in_place<T>(rs: isize, cs: isize, rn: usize, cn: usize) -> bool {
    let span = rs.unsigned_abs() * rn + cs.unsigned_abs() * cn;
    span * size_of::<T>() <= IN_PLACE_BYTES
}

/// See [`in_place`].
const IN_PLACE_BYTES: usize = 256 << 10;

/// The tiles of `C(ic.., jc..)` (`mc × nc`) from the blocks' panels.
///
/// # Safety
/// The panels hold `⌈mc/MR⌉` panels of `A` and `⌈nc/NR⌉` of `B`, `kc`
/// deep; the block lies inside `C`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn tiles<A: CacheBlocked>(
    atom: A,
    c: &RawMatrix<A::Elem>,
    (ic, mc, jc, nc, kc): (usize, usize, usize, usize, usize),
    pa: Panels<A::Elem>,
    pb: Panels<A::Elem>,
    alpha: A::Elem,
    beta: A::Elem,
) {
    const { assert!(A::MR * A::NR <= MAX_TILE) };
    let (mr, nr) = (A::MR, A::NR);
    for jr in 0..nc.div_ceil(nr) {
        let (col, w) = (jc + jr * nr, nr.min(nc - jr * nr));
        let b = pb.panel(jr, nr, kc);
        let ldc = if w == nr { c.col.spaced(col, nr) } else { None };
        for ir in 0..mc.div_ceil(mr) {
            let (row, h) = (ic + ir * mr, mr.min(mc - ir * mr));
            let (a, _, ak) = pa.panel(ir, mr, kc);
            // SAFETY: the panels hold `kc` columns; the tile lies inside C.
            unsafe {
                match ldc {
                    Some(ldc) if h == mr && c.row.unit(row, mr) => {
                        atom.mma(kc, (a, ak), b, (c.at(row, col), ldc), alpha, beta)
                    }
                    _ => {
                        let mut t = [MaybeUninit::<A::Elem>::uninit(); MAX_TILE];
                        let t = t.as_mut_ptr().cast::<A::Elem>();
                        atom.mma(
                            kc,
                            (a, ak),
                            b,
                            (t, mr as isize),
                            A::Elem::ONE,
                            A::Elem::ZERO,
                        );
                        let read = beta != A::Elem::ZERO;
                        let unit = c.row.unit(row, h);
                        for j in 0..w {
                            let (base, t) = (c.at(row, col + j), t.add(mr * j));
                            for i in 0..h {
                                // Consecutive rows: a loop LLVM vectorizes.
                                let p = match unit {
                                    true => base.add(i),
                                    false => c.at(row + i, col + j),
                                };
                                *p = update(*t.add(i), read.then(|| *p), alpha, beta);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Runs `job` on `atom` over the columns `n0..n1` of `C`.
///
/// # Safety
/// The operands address valid elements (A and B readable, C writable) at
/// every coordinate inside their sizes; `n0 ≤ n1 ≤ N`.
#[inline(always)]
pub(crate) unsafe fn drive<A: CacheBlocked>(
    atom: A,
    job: &Job<A::Elem>,
    cols: (usize, usize),
    ws: &mut Workspace<A::Elem>,
) {
    let (m, k) = (job.c.rows, job.a.cols);
    let (n0, n1) = cols;
    // Extents are positive (a layout's rule); a thread may get no columns.
    if n0 == n1 {
        return;
    }
    let (mr, nr) = (A::MR, A::NR);
    let kc_max = A::KC.min(k);
    let mc_max = A::MC.min(m.div_ceil(mr) * mr);
    let nc_max = A::NC.min((n1 - n0).div_ceil(nr) * nr);
    // Allocated at the first panel that must be packed (none, for small
    // operands read in place).
    let mut regions = None;
    let mut region = |i: usize| {
        let r = *regions.get_or_insert_with(|| ws.regions(mc_max * kc_max, nc_max * kc_max));
        [r.0, r.1][i]
    };

    for jc in (n0..n1).step_by(A::NC) {
        let nc = A::NC.min(n1 - jc);
        for pc in (0..k).step_by(A::KC) {
            let kc = A::KC.min(k - pc);
            let beta = if pc == 0 { job.beta } else { A::Elem::ONE };
            // SAFETY: blocks inside the operands; the regions hold them.
            unsafe {
                // B's panels are reused by every panel of A, and A's by every one of B.
                let b = Panels::of(&job.b, (jc, nc, pc, kc), nr, false, m > mr, || region(1));
                for ic in (0..m).step_by(A::MC) {
                    let mc = A::MC.min(m - ic);
                    let a = Panels::of(&job.a, (ic, mc, pc, kc), mr, true, nc > nr, || region(0));
                    tiles(atom, &job.c, (ic, mc, jc, nc, kc), a, b, job.alpha, beta);
                }
            }
        }
    }
}
