//! Shared-memory bank conflicts on NVIDIA's model, and swizzle selection.
//!
//! The model: shared memory has 32 banks of 4 bytes; one wavefront serves at
//! most one 4-byte word per bank (128 bytes). A warp's access of `w` bytes per
//! thread is split into phases: the whole warp for `w ≤ 4`, half-warps for
//! `w = 8`, quarter-warps for `w = 16`. In a phase, threads touching the same
//! word are served by one broadcast; a bank holding `k` distinct touched words
//! costs `k` wavefronts. A phase costs the largest `k` over its banks (0 if no
//! thread of the phase is active); the instruction costs the sum over phases.
//! The ideal is one wavefront per active phase, and the conflict degree is the
//! largest `k` of any phase.
//!
//! ```
//! use layout_algebra::runtime::banks::warp_wavefronts;
//! // 32 threads read 4 bytes down a column of a 32x32 f32 tile (row stride 32): 32-way.
//! let col: Vec<Option<i64>> = (0..32).map(|t| Some(t * 32 * 4)).collect();
//! let r = warp_wavefronts(&col, 4).unwrap();
//! assert_eq!((r.wavefronts, r.ideal, r.degree), (32, 1, 32));
//! // Padded to a row stride of 33: conflict-free.
//! let pad: Vec<Option<i64>> = (0..32).map(|t| Some(t * 33 * 4)).collect();
//! assert_eq!(warp_wavefronts(&pad, 4).unwrap().degree, 1);
//! ```

use alloc::collections::BTreeSet;
use alloc::vec::Vec;

use super::error::{bail, Result};
use super::{Layout, Swizzle};

/// Threads in a warp.
pub const WARP: usize = 32;
/// Banks of shared memory.
pub const BANKS: i64 = 32;
/// Bytes per bank word.
pub const BANK_BYTES: i64 = 4;

/// The cost of one warp-wide shared-memory instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wavefronts {
    /// Wavefronts the model predicts.
    pub wavefronts: u32,
    /// Wavefronts without any bank conflict (one per active phase).
    pub ideal: u32,
    /// The largest number of distinct words one bank serves in one phase.
    pub degree: u32,
}

/// Threads per phase for an access of `width` bytes per thread.
fn phase_threads(width: u32) -> Result<usize> {
    match width {
        1 | 2 | 4 => Ok(WARP),
        8 => Ok(WARP / 2),
        16 => Ok(WARP / 4),
        _ => bail!(
            InvalidArgument,
            "bank_conflicts",
            "access width {width} bytes: must be 1, 2, 4, 8 or 16"
        ),
    }
}

/// The model's cost of one instruction: `addrs[t]` is thread `t`'s byte
/// address (`None`: inactive), each access `width` bytes, aligned to `width`.
/// At most 32 threads.
pub fn warp_wavefronts(addrs: &[Option<i64>], width: u32) -> Result<Wavefronts> {
    let per_phase = phase_threads(width)?;
    if addrs.len() > WARP {
        bail!(
            InvalidArgument,
            "bank_conflicts",
            "{} threads: a warp has at most {WARP}",
            addrs.len()
        );
    }
    let (mut wavefronts, mut ideal, mut degree) = (0u32, 0u32, 0u32);
    for phase in addrs.chunks(per_phase) {
        let mut words = BTreeSet::new();
        for a in phase.iter().flatten() {
            if *a < 0 || a % i64::from(width) != 0 {
                bail!(
                    Divisibility,
                    "bank_conflicts",
                    "byte address {a} of a {width}-byte access: must be non-negative and aligned to {width}"
                );
            }
            let words_per_access = (i64::from(width) / BANK_BYTES).max(1);
            for k in 0..words_per_access {
                words.insert(a / BANK_BYTES + k);
            }
        }
        if words.is_empty() {
            continue;
        }
        let mut per_bank = [0u32; BANKS as usize];
        for w in &words {
            per_bank[(w % BANKS) as usize] += 1;
        }
        let k = per_bank.iter().copied().max().unwrap_or(0);
        wavefronts += k;
        ideal += 1;
        degree = degree.max(k);
    }
    Ok(Wavefronts {
        wavefronts,
        ideal,
        degree,
    })
}

/// A shared-memory tile: a layout from tile index to element offset,
/// optionally followed by a swizzle of the element offset (CuTe's
/// `Sw<B,M,S> o 0 o L`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmemTile {
    /// Tile index → element offset.
    pub layout: Layout,
    /// Applied to the element offset, if any.
    pub swizzle: Option<Swizzle>,
    /// Bytes per element.
    pub elem_bytes: u32,
}

impl SmemTile {
    /// The byte address of tile index `i`.
    pub fn byte_address(&self, i: i64) -> Result<i64> {
        let off = self.layout.call(i)?;
        let off = self.swizzle.map_or(off, |s| s.apply(off));
        off.checked_mul(i64::from(self.elem_bytes))
            .ok_or_else(|| super::LayoutError::overflow("bank_conflicts"))
    }
}

/// Per-instruction cost of a warp accessing `tile` through the thread-value
/// layout `tv` (`(thread, value) → tile index`, thread mode of at most 32),
/// each thread moving `vector_bytes` per instruction. Values are grouped into
/// instructions of `vector_bytes / elem_bytes` consecutive values; the values
/// of one vector must land on consecutive element addresses, the first
/// aligned to `vector_bytes`, or the access is illegal.
///
/// ```
/// use layout_algebra::runtime::{banks::{bank_conflicts, SmemTile}, Layout, Swizzle};
/// // f16 tile of 8 rows x 64 columns (128-byte rows); 8 threads read 16 bytes down rows,
/// // four column blocks per warp: (thread, value) -> (row, col) index.
/// let tv: Layout = "((8,4),8):((1,64),8)".parse().unwrap();
/// let plain = SmemTile { layout: "(8,64):(64,1)".parse().unwrap(), swizzle: None, elem_bytes: 2 };
/// assert_eq!(bank_conflicts(&plain, &tv, 16).unwrap()[0].degree, 8);
/// let sw = SmemTile { swizzle: Some(Swizzle::new(3, 3, 3).unwrap()), ..plain };
/// assert_eq!(bank_conflicts(&sw, &tv, 16).unwrap()[0].degree, 1);
/// ```
pub fn bank_conflicts(tile: &SmemTile, tv: &Layout, vector_bytes: u32) -> Result<Vec<Wavefronts>> {
    let addrs = instruction_addresses(tile, tv, vector_bytes)?;
    addrs
        .iter()
        .map(|a| warp_wavefronts(a, vector_bytes))
        .collect()
}

/// The byte address of each thread for each instruction (see [`bank_conflicts`]).
pub fn instruction_addresses(
    tile: &SmemTile,
    tv: &Layout,
    vector_bytes: u32,
) -> Result<Vec<Vec<Option<i64>>>> {
    let eb = tile.elem_bytes;
    if eb == 0 || vector_bytes % eb != 0 {
        bail!(
            Divisibility,
            "bank_conflicts",
            "vector of {vector_bytes} bytes is not a whole number of {eb}-byte elements"
        );
    }
    phase_threads(vector_bytes)?;
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
    if threads > WARP as i64 || values % vec != 0 {
        bail!(
            Divisibility,
            "bank_conflicts",
            "{tv}: at most {WARP} threads, and values ({values}) a multiple of the vector ({vec} elements)"
        );
    }
    let mut out = Vec::new();
    for inst in 0..values / vec {
        let mut addrs = Vec::with_capacity(threads as usize);
        for t in 0..threads {
            let first = tile.byte_address(tv.call(t + threads * inst * vec)?)?;
            for k in 1..vec {
                let a = tile.byte_address(tv.call(t + threads * (inst * vec + k))?)?;
                if a != first + k * i64::from(eb) {
                    bail!(
                        Divisibility,
                        "bank_conflicts",
                        "thread {t}, instruction {inst}: the {vector_bytes}-byte vector's elements are not contiguous in shared memory"
                    );
                }
            }
            if first % i64::from(vector_bytes) != 0 {
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

/// A candidate's total cost on both sides, or `None` if it makes an access illegal.
fn total_cost(tile: &SmemTile, sides: &[(&Layout, u32)]) -> Option<(u32, u32)> {
    let (mut waves, mut worst) = (0u32, 0u32);
    for (tv, w) in sides {
        for r in bank_conflicts(tile, tv, *w).ok()? {
            waves += r.wavefronts - r.ideal;
            worst = worst.max(r.degree);
        }
    }
    Some((waves, worst))
}

/// Every swizzle the search considers: `Sw<B,M,S>` with `0 ≤ B ≤ 4`,
/// `0 ≤ M ≤ 4`, `max(B,1) ≤ S ≤ 7`, in increasing `(B, M, S)`.
pub fn swizzle_candidates() -> impl Iterator<Item = Swizzle> {
    (0..=4i64).flat_map(|b| {
        (0..=4i64)
            .flat_map(move |m| (b.max(1)..=7i64).filter_map(move |s| Swizzle::new(b, m, s).ok()))
    })
}

/// Swizzle selection: among [`swizzle_candidates`], the swizzle that keeps
/// every access of the writer and the reader (`(tv, vector_bytes)` each)
/// legal and minimizes the excess wavefronts over both, ties broken by the
/// smaller `(B, M, S)`. `None` if no candidate keeps the accesses legal. The
/// result's cost is the excess wavefronts (0: conflict-free on both sides).
///
/// ```
/// use layout_algebra::runtime::{banks::{pick_swizzle, bank_conflicts, SmemTile}, Layout};
/// let tile = SmemTile { layout: "(8,64):(64,1)".parse().unwrap(), swizzle: None, elem_bytes: 2 };
/// let rows: Layout = "((8,4),8):((64,1),8)".parse().unwrap(); // 16-byte writes along rows
/// let cols: Layout = "((8,4),8):((1,64),8)".parse().unwrap(); // 16-byte reads down rows
/// let (sw, excess) = pick_swizzle(&tile, (&rows, 16), (&cols, 16)).unwrap();
/// assert_eq!(excess, 0);
/// let t = SmemTile { swizzle: Some(sw), ..tile };
/// assert!(bank_conflicts(&t, &cols, 16).unwrap().iter().all(|r| r.degree == 1));
/// ```
pub fn pick_swizzle(
    tile: &SmemTile,
    writer: (&Layout, u32),
    reader: (&Layout, u32),
) -> Option<(Swizzle, u32)> {
    let sides = [writer, reader];
    let mut best: Option<(Swizzle, (u32, u32))> = None;
    for sw in swizzle_candidates() {
        let cand = SmemTile {
            swizzle: Some(sw),
            ..tile.clone()
        };
        if let Some(cost) = total_cost(&cand, &sides) {
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((sw, cost));
            }
        }
    }
    best.map(|(s, (w, _))| (s, w))
}
