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
/// Bytes one wavefront serves: one word per bank.
pub const WAVEFRONT_BYTES: i64 = BANKS * BANK_BYTES;

/// The direction of a shared-memory instruction (`ld.shared` or `st.shared`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmemOp {
    /// A load: a packed return is possible (see the module docs).
    Load,
    /// A store: never packed.
    Store,
}

/// The cost of one warp-wide shared-memory instruction.
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

/// Whether threads `t` and `t ⊕ m` have the same address wherever both are active.
fn pairs_agree(addrs: &[Option<i64>], m: usize) -> bool {
    addrs
        .iter()
        .enumerate()
        .all(|(t, a)| match (a, addrs.get(t ^ m).copied().flatten()) {
            (Some(a), Some(b)) => *a == b,
            _ => true,
        })
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
    let packed =
        op == SmemOp::Load && width >= 8 && (pairs_agree(addrs, 1) || pairs_agree(addrs, 2));
    let per_phase = ((WAVEFRONT_BYTES / w) as usize * (1 + usize::from(packed))).min(WARP);
    let words_per_access = (w / BANK_BYTES).max(1);
    let (mut wavefronts, mut ideal, mut degree) = (0u32, 0u32, 0u32);
    for phase in addrs.chunks(per_phase) {
        let words: BTreeSet<i64> = phase
            .iter()
            .flatten()
            .flat_map(|a| (0..words_per_access).map(move |k| a / BANK_BYTES + k))
            .collect();
        if words.is_empty() {
            continue;
        }
        let mut per_bank = [0u32; BANKS as usize];
        for word in &words {
            per_bank[(word % BANKS) as usize] += 1;
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
        packed,
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

/// Per-instruction cost of a warp loading or storing (`op`) `tile` through
/// the thread-value layout `tv` (`(thread, value) → tile index`, thread mode
/// of at most 32), each thread moving `vector_bytes` per instruction:
/// [`warp_wavefronts`] of each instruction of [`instruction_addresses`].
///
/// ```
/// use layout_algebra::runtime::banks::{bank_conflicts, SmemOp, SmemTile};
/// use layout_algebra::runtime::{Layout, Swizzle};
/// // f16 tile of 8 rows x 64 columns (128-byte rows); 8 threads read 16 bytes down rows,
/// // four column blocks per warp: (thread, value) -> (row, col) index.
/// let tv: Layout = "((8,4),8):((1,64),8)".parse().unwrap();
/// let plain = SmemTile { layout: "(8,64):(64,1)".parse().unwrap(), swizzle: None, elem_bytes: 2 };
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
    let addrs = instruction_addresses(tile, tv, vector_bytes)?;
    addrs
        .iter()
        .map(|a| warp_wavefronts(a, vector_bytes, op))
        .collect()
}

/// The byte address of each thread for each instruction: instruction `i`
/// moves values `i·n .. (i+1)·n` of every thread, `n = vector_bytes /
/// elem_bytes`, and thread `t`'s address is that of its value `i·n`, i.e. of
/// tile index `tv(t + T·i·n)` for `T` threads. The `n` values of one vector
/// must land on consecutive element addresses, the first aligned to
/// `vector_bytes`, or the access is illegal (`divisibility`).
///
/// ```
/// use layout_algebra::runtime::banks::{instruction_addresses, SmemTile};
/// let tile = SmemTile { layout: "(4,8):(8,1)".parse().unwrap(), swizzle: None, elem_bytes: 4 };
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
    let eb = tile.elem_bytes;
    if eb == 0 || vector_bytes % eb != 0 {
        bail!(
            Divisibility,
            "bank_conflicts",
            "vector of {vector_bytes} bytes is not a whole number of {eb}-byte elements"
        );
    }
    check_width(vector_bytes)?;
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

/// A candidate's total cost on both sides (excess wavefronts, worst degree),
/// or `None` if it makes an access illegal.
fn total_cost(tile: &SmemTile, sides: &[(&Layout, u32, SmemOp)]) -> Option<(u32, u32)> {
    let (mut waves, mut worst) = (0u32, 0u32);
    for (tv, w, op) in sides {
        for r in bank_conflicts(tile, tv, *w, *op).ok()? {
            waves += r.conflicts();
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
/// every access of the writer (stores) and the reader (loads), each given as
/// `(tv, vector_bytes)`, legal and minimizes the bank conflicts (`wavefronts −
/// ideal`) summed over every instruction of both, then the worst conflict
/// degree, ties broken by the smaller `(B, M, S)`. `None` if no candidate
/// keeps the accesses legal. The result's cost is the summed bank conflicts
/// (0: conflict-free on both sides).
///
/// ```
/// use layout_algebra::runtime::banks::{bank_conflicts, pick_swizzle, SmemOp, SmemTile};
/// use layout_algebra::runtime::Layout;
/// let tile = SmemTile { layout: "(8,64):(64,1)".parse().unwrap(), swizzle: None, elem_bytes: 2 };
/// let rows: Layout = "((8,4),8):((64,1),8)".parse().unwrap(); // 16-byte writes along rows
/// let cols: Layout = "((8,4),8):((1,64),8)".parse().unwrap(); // 16-byte reads down rows
/// let (sw, excess) = pick_swizzle(&tile, (&rows, 16), (&cols, 16)).unwrap();
/// assert_eq!(excess, 0);
/// let t = SmemTile { swizzle: Some(sw), ..tile };
/// assert!(bank_conflicts(&t, &cols, 16, SmemOp::Load).unwrap().iter().all(|r| r.degree == 1));
/// ```
pub fn pick_swizzle(
    tile: &SmemTile,
    writer: (&Layout, u32),
    reader: (&Layout, u32),
) -> Option<(Swizzle, u32)> {
    let sides = [
        (writer.0, writer.1, SmemOp::Store),
        (reader.0, reader.1, SmemOp::Load),
    ];
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
