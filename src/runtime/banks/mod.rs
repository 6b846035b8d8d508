//! Shared-memory bank conflicts on NVIDIA's model, and swizzle selection.
//!
//! The model, as measured on an H100 under Nsight Compute (`benches/gpu/`):
//! shared memory has 32 banks of 4 bytes; one wavefront serves at most one
//! 4-byte word per bank (128 bytes). A warp's access of `w` bytes per thread
//! is served in phases of `128/w` threads consecutive in thread index: the
//! whole warp for `w ≤ 4`, half-warps for `w = 8`, quarter-warps for `w = 16`.
//! A load whose threads agree in pairs — threads `t` and `t ⊕ 1` have the
//! same address wherever both are active, or threads `t` and `t ⊕ 2` — is
//! *packed*: its return carries two threads per slot, so its phases are twice
//! as long (the whole warp for `w = 8`, half-warps for `w = 16`). Stores are
//! never packed. In a phase, threads touching the same word share it (a
//! broadcast); a bank holding `k` distinct words of the phase costs `k`
//! wavefronts. A phase costs the largest `k` over its banks (0 if none of its
//! threads is active); the instruction costs the sum over its phases. The ideal
//! is one wavefront per active phase, the conflict degree is the largest `k`
//! of any phase, and the bank conflicts Nsight Compute counts are
//! `wavefronts − ideal`.
//!
//! ```
//! use layout_algebra::runtime::banks::{warp_wavefronts, SmemOp};
//! // 32 threads read 4 bytes down a column of a 32x32 f32 tile (row stride 32): 32-way.
//! let col: Vec<Option<i64>> = (0..32).map(|t| Some(t * 32 * 4)).collect();
//! let r = warp_wavefronts(&col, 4, SmemOp::Load).unwrap();
//! assert_eq!((r.wavefronts, r.ideal, r.degree), (32, 1, 32));
//! // Padded to a row stride of 33: conflict-free.
//! let pad: Vec<Option<i64>> = (0..32).map(|t| Some(t * 33 * 4)).collect();
//! assert_eq!(warp_wavefronts(&pad, 4, SmemOp::Load).unwrap().degree, 1);
//! // Pairs of threads loading the same 16 bytes: packed, two phases instead of four.
//! let pairs: Vec<Option<i64>> = (0..32).map(|t| Some(t / 2 * 16)).collect();
//! let r = warp_wavefronts(&pairs, 16, SmemOp::Load).unwrap();
//! assert_eq!((r.wavefronts, r.ideal, r.packed), (2, 2, true));
//! assert_eq!(warp_wavefronts(&pairs, 16, SmemOp::Store).unwrap().wavefronts, 4);
//! ```

use alloc::vec::Vec;

mod pick;

pub use pick::{pick_swizzle, swizzle_candidates};

use super::error::{bail, Result};
use super::{Layout, Swizzle};

/// Threads in a warp.
pub const WARP: usize = 32;
/// Banks of shared memory.
pub const BANKS: i64 = 32;
/// Bytes per bank word.
pub const BANK_BYTES: i64 = 4;
/// Bytes one wavefront serves: one word per bank.
pub const WAVEFRONT_BYTES: i64 = BANKS * BANK_BYTES;

/// The direction of a shared-memory instruction (`ld.shared` or `st.shared`).
///
/// ```
/// use layout_algebra::runtime::banks::{warp_wavefronts, SmemOp};
/// // Threads in pairs on one 8-byte word: a load is packed (one phase), a store is not.
/// let pairs: Vec<Option<i64>> = (0..32).map(|t| Some(t / 2 * 8)).collect();
/// assert_eq!(warp_wavefronts(&pairs, 8, SmemOp::Load).unwrap().wavefronts, 1);
/// assert_eq!(warp_wavefronts(&pairs, 8, SmemOp::Store).unwrap().wavefronts, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmemOp {
    /// A load: a packed return is possible (see the module docs).
    Load,
    /// A store: never packed.
    Store,
}

/// The cost of one warp-wide shared-memory instruction.
///
/// ```
/// use layout_algebra::runtime::banks::{warp_wavefronts, SmemOp};
/// // 32 threads, 4 bytes each, two threads per bank on different words: 2-way.
/// let a: Vec<Option<i64>> = (0..32).map(|t| Some(t * 8)).collect();
/// let w = warp_wavefronts(&a, 4, SmemOp::Load).unwrap();
/// assert_eq!((w.wavefronts, w.ideal, w.degree, w.conflicts()), (2, 1, 2, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wavefronts {
    /// Wavefronts the model predicts.
    pub wavefronts: u32,
    /// Wavefronts without any bank conflict (one per active phase).
    pub ideal: u32,
    /// The largest number of distinct words one bank serves in one phase.
    pub degree: u32,
    /// Whether the load's return is packed (phases twice as long).
    pub packed: bool,
}

impl Wavefronts {
    /// Bank conflicts as Nsight Compute counts them: `wavefronts − ideal`.
    ///
    /// ```
    /// use layout_algebra::runtime::banks::{warp_wavefronts, SmemOp};
    /// let rows: Vec<Option<i64>> = (0..32).map(|t| Some(t % 2 * 128)).collect();
    /// assert_eq!(warp_wavefronts(&rows, 4, SmemOp::Load).unwrap().conflicts(), 1);
    /// ```
    pub fn conflicts(&self) -> u32 {
        self.wavefronts - self.ideal
    }
}

/// Checks an access width: 1, 2, 4, 8 or 16 bytes.
fn check_width(width: u32) -> Result<()> {
    if !matches!(width, 1 | 2 | 4 | 8 | 16) {
        bail!(
            InvalidArgument,
            "bank_conflicts",
            "access width {width} bytes: must be 1, 2, 4, 8 or 16"
        );
    }
    Ok(())
}

/// Whether threads `t` and `t ⊕ m` (both below `n`) have the same address
/// wherever both are active (bit `t` of `active`).
const fn pairs_agree(addrs: &[i64; WARP], active: u32, n: usize, m: usize) -> bool {
    let mut t = 0;
    while t < n {
        let u = t ^ m;
        if u < n && active & (1 << t) != 0 && active & (1 << u) != 0 && addrs[t] != addrs[u] {
            return false;
        }
        t += 1;
    }
    true
}

/// Sorts `words[..n]` in place (insertion sort: `const`, and the words of a
/// phase usually come nearly in order).
const fn sort(words: &mut [i64; 4 * WARP], n: usize) {
    let mut i = 1;
    while i < n {
        let w = words[i];
        let mut j = i;
        while j > 0 && words[j - 1] > w {
            words[j] = words[j - 1];
            j -= 1;
        }
        words[j] = w;
        i += 1;
    }
}

/// The threads per phase of one instruction on checked input (see
/// [`instruction_cost`]), and whether the load is packed.
const fn phase_threads(
    addrs: &[i64; WARP],
    active: u32,
    n: usize,
    width: u32,
    op: SmemOp,
) -> (usize, bool) {
    let packed = matches!(op, SmemOp::Load)
        && width >= 8
        && (pairs_agree(addrs, active, n, 1) || pairs_agree(addrs, active, n, 2));
    let per_phase = (WAVEFRONT_BYTES / width as i64) as usize * (1 + packed as usize);
    (if per_phase < WARP { per_phase } else { WARP }, packed)
}

/// The distinct words each bank holds among the accesses of the active
/// threads `start..end` (one phase), and whether any thread is active.
const fn phase_banks(
    addrs: &[i64; WARP],
    active: u32,
    (start, end): (usize, usize),
    width: u32,
) -> ([u32; BANKS as usize], bool) {
    let w = width as i64;
    let words_per_access = if w > BANK_BYTES { w / BANK_BYTES } else { 1 };
    // A phase touches at most 32 threads x 4 words.
    let mut words = [0i64; 4 * WARP];
    let mut len = 0;
    let mut t = start;
    while t < end {
        if active & (1 << t) != 0 {
            let mut k = 0;
            while k < words_per_access {
                words[len] = addrs[t] / BANK_BYTES + k;
                len += 1;
                k += 1;
            }
        }
        t += 1;
    }
    sort(&mut words, len);
    let mut per_bank = [0u32; BANKS as usize];
    let mut i = 0;
    while i < len {
        if i == 0 || words[i - 1] != words[i] {
            per_bank[(words[i] % BANKS) as usize] += 1;
        }
        i += 1;
    }
    (per_bank, len > 0)
}

/// The model's cost of one instruction on checked input: threads `0..n`
/// (`n ≤ 32`), thread `t` active when bit `t` of `active` is set, at byte
/// address `addrs[t]` (non-negative, aligned to `width` ∈ {1, 2, 4, 8, 16}).
/// A `const fn`, so that the type level's compile-time verdict
/// ([`crate::typelevel::SmemAccess`]) runs this very model.
pub(crate) const fn instruction_cost(
    addrs: &[i64; WARP],
    active: u32,
    n: usize,
    width: u32,
    op: SmemOp,
) -> Wavefronts {
    let (per_phase, packed) = phase_threads(addrs, active, n, width, op);
    let (mut wavefronts, mut ideal, mut degree) = (0u32, 0u32, 0u32);
    let mut start = 0;
    while start < n {
        let end = if start + per_phase < n {
            start + per_phase
        } else {
            n
        };
        let (per_bank, any) = phase_banks(addrs, active, (start, end), width);
        start = end;
        if !any {
            continue;
        }
        let mut k = 0;
        let mut b = 0;
        while b < BANKS as usize {
            if per_bank[b] > k {
                k = per_bank[b];
            }
            b += 1;
        }
        wavefronts += k;
        ideal += 1;
        if k > degree {
            degree = k;
        }
    }
    Wavefronts {
        wavefronts,
        ideal,
        degree,
        packed,
    }
}

/// Checks one instruction's addresses (as [`warp_wavefronts`] takes them)
/// and packs them: the dense addresses and the mask of active threads.
fn checked_addresses(addrs: &[Option<i64>], width: u32) -> Result<([i64; WARP], u32)> {
    check_width(width)?;
    if addrs.len() > WARP {
        bail!(
            InvalidArgument,
            "bank_conflicts",
            "{} threads: a warp has at most {WARP}",
            addrs.len()
        );
    }
    let w = i64::from(width);
    if let Some(a) = addrs.iter().flatten().find(|a| **a < 0 || *a % w != 0) {
        bail!(
            Divisibility,
            "bank_conflicts",
            "byte address {a} of a {width}-byte access: must be non-negative and aligned to {width}"
        );
    }
    let (mut dense, mut active) = ([0i64; WARP], 0u32);
    for (t, a) in addrs.iter().enumerate() {
        if let Some(a) = a {
            (dense[t], active) = (*a, active | 1 << t);
        }
    }
    Ok((dense, active))
}

/// The load of each bank in each phase of one instruction (the addresses
/// as [`warp_wavefronts`] takes them): the distinct words of the phase that
/// the bank holds, phases with an active thread only. A phase costs its
/// largest entry in wavefronts, so the row maxima add up to
/// [`Wavefronts::wavefronts`]: the heat map of the instruction.
///
/// ```
/// use layout_algebra::runtime::banks::{phase_bank_words, warp_wavefronts, SmemOp};
/// // 32 threads, 4 bytes each, two threads per bank on different words: 2-way.
/// let a: Vec<Option<i64>> = (0..32).map(|t| Some(t * 8)).collect();
/// let heat = phase_bank_words(&a, 4, SmemOp::Load).unwrap();
/// assert_eq!(heat.len(), 1);
/// assert_eq!(heat[0][0..4], [2, 0, 2, 0]);
/// let cost: u32 = heat.iter().map(|p| p.iter().max().copied().unwrap_or(0)).sum();
/// assert_eq!(cost, warp_wavefronts(&a, 4, SmemOp::Load).unwrap().wavefronts);
/// ```
pub fn phase_bank_words(
    addrs: &[Option<i64>],
    width: u32,
    op: SmemOp,
) -> Result<Vec<[u32; BANKS as usize]>> {
    let (dense, active) = checked_addresses(addrs, width)?;
    let n = addrs.len();
    let (per_phase, _) = phase_threads(&dense, active, n, width, op);
    let mut out = Vec::new();
    let mut start = 0;
    while start < n {
        let end = (start + per_phase).min(n);
        let (per_bank, any) = phase_banks(&dense, active, (start, end), width);
        if any {
            out.push(per_bank);
        }
        start = end;
    }
    Ok(out)
}

/// The model's cost of one instruction: `addrs[t]` is thread `t`'s byte
/// address (`None`: inactive), each access `width` bytes (1, 2, 4, 8 or 16),
/// aligned to `width`. At most 32 threads. See the module docs for the model.
///
/// ```
/// use layout_algebra::runtime::banks::{warp_wavefronts, SmemOp};
/// // 64-bit loads of 256 contiguous bytes: two half-warp phases, no conflict.
/// let row: Vec<Option<i64>> = (0..32).map(|t| Some(t * 8)).collect();
/// let r = warp_wavefronts(&row, 8, SmemOp::Load).unwrap();
/// assert_eq!((r.wavefronts, r.ideal, r.degree, r.packed), (2, 2, 1, false));
/// // Threads 0 and 16 on bank 0 of two lines: packed into one phase, 2-way.
/// let mut two = vec![None; 32];
/// (two[0], two[16]) = (Some(0), Some(128));
/// let r = warp_wavefronts(&two, 8, SmemOp::Load).unwrap();
/// assert_eq!((r.wavefronts, r.ideal, r.degree), (2, 1, 2));
/// ```
pub fn warp_wavefronts(addrs: &[Option<i64>], width: u32, op: SmemOp) -> Result<Wavefronts> {
    let (dense, active) = checked_addresses(addrs, width)?;
    Ok(instruction_cost(&dense, active, addrs.len(), width, op))
}

/// Most values of one access a bank analysis reads (threads × values); past
/// this it is refused with [`ErrorKind::Limit`](super::ErrorKind::Limit).
pub const MAX_ACCESS_POINTS: i64 = 1 << 20;

/// A shared-memory tile: CuTe's `Sw<B,M,S> o offset o layout` with `elem_bytes`
/// bytes per element. Tile index `i` lives at byte
/// `swizzle(offset + layout(i)) · elem_bytes` (no swizzle: the identity).
///
/// ```
/// use layout_algebra::runtime::banks::SmemTile;
/// let t = SmemTile { offset: 3, ..SmemTile::new("(8,64):(64,1)".parse().unwrap(), 4) };
/// assert_eq!(t.byte_address(2).unwrap(), (3 + 2 * 64) * 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmemTile {
    /// Tile index → element offset.
    pub layout: Layout,
    /// Added to the element offset before the swizzle (the composed layout's offset).
    pub offset: i64,
    /// Applied to the element offset, if any.
    pub swizzle: Option<Swizzle>,
    /// Bytes per element.
    pub elem_bytes: u32,
}

impl SmemTile {
    /// An unswizzled tile at offset 0.
    ///
    /// ```
    /// use layout_algebra::runtime::banks::SmemTile;
    /// let t = SmemTile::new("(8,64):(64,1)".parse().unwrap(), 2);
    /// assert_eq!((t.offset, t.swizzle, t.byte_address(1).unwrap()), (0, None, 128));
    /// ```
    pub fn new(layout: Layout, elem_bytes: u32) -> SmemTile {
        SmemTile {
            layout,
            offset: 0,
            swizzle: None,
            elem_bytes,
        }
    }

    /// The byte address of element offset `e` (before offset and swizzle).
    fn address_of(&self, swizzle: Option<Swizzle>, e: i64) -> Result<i64> {
        let e = e
            .checked_add(self.offset)
            .ok_or_else(|| super::LayoutError::overflow("bank_conflicts"))?;
        swizzle
            .map_or(e, |s| s.apply(e))
            .checked_mul(i64::from(self.elem_bytes))
            .ok_or_else(|| super::LayoutError::overflow("bank_conflicts"))
    }

    /// The byte address of tile index `i`: `swizzle(offset + layout(i)) · elem_bytes`.
    ///
    /// ```
    /// use layout_algebra::runtime::{banks::SmemTile, Swizzle};
    /// let t = SmemTile { swizzle: Some(Swizzle::new(3, 3, 3).unwrap()),
    ///                    ..SmemTile::new("(8,64):(64,1)".parse().unwrap(), 2) };
    /// assert_eq!(t.byte_address(1).unwrap(), 2 * (64 ^ 8)); // row 1 starts 8 elements in
    /// ```
    pub fn byte_address(&self, i: i64) -> Result<i64> {
        self.address_of(self.swizzle, self.layout.call(i)?)
    }
}

/// The layout half of a warp's access: the element offsets (before the
/// tile's offset and swizzle) of every value, `elems[(inst·T + t)·n + k]` for
/// value `k` of thread `t`'s vector in instruction `inst`.
pub(super) struct Access {
    threads: usize,
    vec: usize,
    pub(super) elems: Vec<i64>,
    /// Per vector: its elements are consecutive offsets, the first (with
    /// the tile's offset) aligned to the vector. A swizzle whose source bits
    /// all lie above such a vector XORs one constant `c` into all of it, so
    /// it stays contiguous and aligned exactly when `c` has no bit below the
    /// vector's size: one check per vector instead of one per element.
    runs: Vec<bool>,
}

impl Access {
    /// Whether the run rule decides the vectors of this access under `swizzle`.
    fn by_runs(&self, swizzle: Option<Swizzle>) -> bool {
        swizzle.is_none_or(|s| s.source_mask() & (self.vec as i64 - 1) == 0)
    }

    /// The reads a swizzle costs: one per vector, and one per element of the
    /// vectors the run rule does not decide.
    pub(super) fn points(&self, swizzle: Swizzle) -> i64 {
        let runs = if self.by_runs(Some(swizzle)) {
            self.runs.iter().filter(|&&r| r).count()
        } else {
            0
        };
        (self.runs.len() + (self.runs.len() - runs) * self.vec) as i64
    }
}

/// Reads `tv` through `tile.layout` (see [`instruction_addresses`]), checking
/// everything that does not depend on the swizzle.
pub(super) fn read_access(tile: &SmemTile, tv: &Layout, vector_bytes: u32) -> Result<Access> {
    check_width(vector_bytes)?;
    let eb = tile.elem_bytes;
    if eb == 0 || !vector_bytes.is_multiple_of(eb) {
        bail!(
            Divisibility,
            "bank_conflicts",
            "a vector of {vector_bytes} bytes is not a whole number of {eb}-byte elements"
        );
    }
    if tv.rank() != 2 {
        bail!(
            RankMismatch,
            "bank_conflicts",
            "thread-value layout {tv} must have rank 2 (thread, value)"
        );
    }
    let threads = tv.mode(0)?.size()?;
    let values = tv.mode(1)?.size()?;
    let vec = i64::from(vector_bytes / eb);
    if threads > WARP as i64 {
        bail!(
            InvalidArgument,
            "bank_conflicts",
            "thread-value layout {tv} has {threads} threads: a warp has at most {WARP}"
        );
    }
    if values % vec != 0 {
        bail!(
            Divisibility,
            "bank_conflicts",
            "thread-value layout {tv} has {values} values per thread, not a multiple of the {vec}-element vector"
        );
    }
    let points = threads.saturating_mul(values);
    if points > MAX_ACCESS_POINTS {
        bail!(
            Limit,
            "bank_conflicts",
            "{tv} has {threads} threads x {values} values; at most {MAX_ACCESS_POINTS} (thread, value) points are read"
        );
    }
    super::budget::charge(
        points,
        "bank_conflicts",
        format_args!("reading the access {tv}"),
    )?;
    let mut elems = Vec::with_capacity(points as usize);
    for inst in 0..values / vec {
        for t in 0..threads {
            for k in 0..vec {
                elems.push(tile.layout.call(tv.call(t + threads * (inst * vec + k))?)?);
            }
        }
    }
    let runs = elems
        .chunks(vec as usize)
        .map(|v| {
            v.windows(2).all(|w| w[0].checked_add(1) == Some(w[1]))
                && v[0].checked_add(tile.offset).is_some_and(|x| x % vec == 0)
        })
        .collect();
    Ok(Access {
        threads: threads as usize,
        vec: vec as usize,
        elems,
        runs,
    })
}

/// The byte addresses of `access` under `swizzle`: each vector's elements
/// must be consecutive and its first byte aligned to the vector.
pub(super) fn addresses(
    tile: &SmemTile,
    swizzle: Option<Swizzle>,
    access: &Access,
) -> Result<Vec<Vec<Option<i64>>>> {
    let eb = i64::from(tile.elem_bytes);
    let vector_bytes = eb * access.vec as i64;
    let mut out = Vec::new();
    let by_runs = access.by_runs(swizzle);
    let per_inst = access.threads * access.vec;
    for (inst, elems) in access.elems.chunks(per_inst).enumerate() {
        let mut addrs = Vec::with_capacity(access.threads);
        for (t, vector) in elems.chunks(access.vec).enumerate() {
            let first = tile.address_of(swizzle, vector[0])?;
            if by_runs && access.runs[inst * access.threads + t] {
                // One constant XORed into an aligned run: contiguous and
                // aligned iff it leaves the run's low bits alone.
                let x = vector[0] + tile.offset;
                let c = swizzle.map_or(0, |s| s.apply(x) ^ x);
                if c & (access.vec as i64 - 1) != 0 {
                    bail!(
                        Divisibility,
                        "bank_conflicts",
                        "thread {t}, instruction {inst}: the {vector_bytes}-byte vector's elements are not contiguous in shared memory"
                    );
                }
                addrs.push(Some(first));
                continue;
            }
            for (k, e) in vector.iter().enumerate().skip(1) {
                if tile.address_of(swizzle, *e)? != first + k as i64 * eb {
                    bail!(
                        Divisibility,
                        "bank_conflicts",
                        "thread {t}, instruction {inst}: the {vector_bytes}-byte vector's elements are not contiguous in shared memory"
                    );
                }
            }
            if first % vector_bytes != 0 {
                bail!(
                    Divisibility,
                    "bank_conflicts",
                    "thread {t}, instruction {inst}: byte address {first} is not aligned to the {vector_bytes}-byte vector"
                );
            }
            addrs.push(Some(first));
        }
        out.push(addrs);
    }
    Ok(out)
}

/// The byte address of each thread for each instruction of a warp moving
/// `vector_bytes` per thread through the thread-value layout `tv`
/// (`(thread, value) → tile index`, at most 32 threads): instruction `i`
/// moves values `i·n .. (i+1)·n` of every thread, `n = vector_bytes /
/// elem_bytes`, and thread `t`'s address is that of its value `i·n`, i.e. of
/// tile index `tv(t + T·i·n)` for `T` threads. The `n` values of one vector
/// must land on consecutive addresses (after the swizzle), the first aligned
/// to `vector_bytes`, or the access is illegal (`divisibility`). At most
/// [`MAX_ACCESS_POINTS`] values are read.
///
/// ```
/// use layout_algebra::runtime::banks::{instruction_addresses, SmemTile};
/// let tile = SmemTile::new("(4,8):(8,1)".parse().unwrap(), 4);
/// // 4 threads, one per row, each reading its row as two 16-byte vectors.
/// let tv = "(4,8):(1,4)".parse().unwrap();
/// let a = instruction_addresses(&tile, &tv, 16).unwrap();
/// assert_eq!(a[1], [Some(16), Some(48), Some(80), Some(112)]);
/// // Down a column instead, the 4 values of a vector are not contiguous.
/// assert!(instruction_addresses(&tile, &"(8,4):(4,1)".parse().unwrap(), 16).is_err());
/// ```
pub fn instruction_addresses(
    tile: &SmemTile,
    tv: &Layout,
    vector_bytes: u32,
) -> Result<Vec<Vec<Option<i64>>>> {
    addresses(tile, tile.swizzle, &read_access(tile, tv, vector_bytes)?)
}

/// Per-instruction cost of a warp loading or storing (`op`) `tile` through
/// the thread-value layout `tv`, each thread moving `vector_bytes` per
/// instruction: [`warp_wavefronts`] of each instruction of
/// [`instruction_addresses`].
///
/// ```
/// use layout_algebra::runtime::banks::{bank_conflicts, SmemOp, SmemTile};
/// use layout_algebra::runtime::{Layout, Swizzle};
/// // f16 tile of 8 rows x 64 columns (128-byte rows); 8 threads read 16 bytes down rows,
/// // four column blocks per warp: (thread, value) -> (row, col) index.
/// let tv: Layout = "((8,4),8):((1,64),8)".parse().unwrap();
/// let plain = SmemTile::new("(8,64):(64,1)".parse().unwrap(), 2);
/// assert_eq!(bank_conflicts(&plain, &tv, 16, SmemOp::Load).unwrap()[0].degree, 8);
/// let sw = SmemTile { swizzle: Some(Swizzle::new(3, 3, 3).unwrap()), ..plain };
/// assert_eq!(bank_conflicts(&sw, &tv, 16, SmemOp::Load).unwrap()[0].degree, 1);
/// ```
pub fn bank_conflicts(
    tile: &SmemTile,
    tv: &Layout,
    vector_bytes: u32,
    op: SmemOp,
) -> Result<Vec<Wavefronts>> {
    instruction_addresses(tile, tv, vector_bytes)?
        .iter()
        .map(|a| warp_wavefronts(a, vector_bytes, op))
        .collect()
}
