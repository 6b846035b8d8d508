//! Swizzle selection: the swizzle of a shared-memory tile with the fewest
//! bank conflicts over a writer's stores and a reader's loads.

use super::{addresses, read_access, warp_wavefronts, SmemOp, SmemTile};
use crate::runtime::error::Result;
use crate::runtime::{Layout, Swizzle};

/// Every swizzle the search considers, in increasing `(B, M, S)`: the
/// identity `Sw<0,0,0>`, then `Sw<B,M,S>` with `1 ≤ B ≤ 5`, `0 ≤ M ≤ 4`,
/// `B ≤ S ≤ 7` (a negative `S` moves the same bits the other way and is not
/// searched).
///
/// ```
/// use layout_algebra::runtime::banks::swizzle_candidates;
/// let all: Vec<String> = swizzle_candidates().map(|s| s.to_string()).collect();
/// assert_eq!((all.len(), all[0].as_str(), all[1].as_str()), (126, "Sw<0,0,0>", "Sw<1,0,1>"));
/// ```
pub fn swizzle_candidates() -> impl Iterator<Item = Swizzle> {
    let identity = Swizzle::new(0, 0, 0);
    identity.into_iter().chain((1..=5i64).flat_map(|b| {
        (0..=4i64).flat_map(move |m| (b..=7i64).filter_map(move |s| Swizzle::new(b, m, s).ok()))
    }))
}

/// Swizzle selection: among [`swizzle_candidates`], the swizzle of `tile`
/// (its own swizzle is ignored) that keeps every access of the writer
/// (stores) and the reader (loads), each given as `(tv, vector_bytes)`, legal
/// and minimizes the bank conflicts (`wavefronts − ideal`) summed over every
/// instruction of both, then the worst conflict degree, ties broken by the
/// smaller `(B, M, S)`. `Ok(None)` if no candidate keeps every vector
/// contiguous and aligned; an error where the accesses are wrong whatever
/// the swizzle. The result's cost is the summed bank conflicts (0:
/// conflict-free on both sides).
///
/// ```
/// use layout_algebra::runtime::banks::{bank_conflicts, pick_swizzle, SmemOp, SmemTile};
/// use layout_algebra::runtime::Layout;
/// let tile = SmemTile::new("(8,64):(64,1)".parse().unwrap(), 2);
/// let rows: Layout = "((8,4),8):((64,1),8)".parse().unwrap(); // 16-byte writes along rows
/// let cols: Layout = "((8,4),8):((1,64),8)".parse().unwrap(); // 16-byte reads down rows
/// let (sw, excess) = pick_swizzle(&tile, (&rows, 16), (&cols, 16)).unwrap().unwrap();
/// assert_eq!((sw.to_string(), excess), ("Sw<3,3,3>".to_string(), 0));
/// let t = SmemTile { swizzle: Some(sw), ..tile };
/// assert!(bank_conflicts(&t, &cols, 16, SmemOp::Load).unwrap().iter().all(|r| r.degree == 1));
/// ```
pub fn pick_swizzle(
    tile: &SmemTile,
    writer: (&Layout, u32),
    reader: (&Layout, u32),
) -> Result<Option<(Swizzle, u32)>> {
    let sides = [
        (
            read_access(tile, writer.0, writer.1)?,
            writer.1,
            SmemOp::Store,
        ),
        (
            read_access(tile, reader.0, reader.1)?,
            reader.1,
            SmemOp::Load,
        ),
    ];
    // Each candidate costs one read per vector, and one per element of the
    // vectors whose contiguity it may break (see `Access::points`).
    let values: i64 = sides.iter().map(|(a, ..)| a.elems.len() as i64).sum();
    let tries = swizzle_candidates().count() as i64;
    let points = swizzle_candidates()
        .map(|sw| sides.iter().map(|(a, ..)| a.points(sw)).sum::<i64>())
        .fold(0i64, i64::saturating_add);
    crate::runtime::budget::charge(
        points,
        "pick_swizzle",
        format_args!("trying {tries} swizzles on {values} values"),
    )?;
    let mut best: Option<(Swizzle, (u32, u32))> = None;
    'candidates: for sw in swizzle_candidates() {
        let (mut excess, mut worst) = (0u32, 0u32);
        for (access, width, op) in &sides {
            let addrs = match addresses(tile, Some(sw), access) {
                Ok(a) => a,
                Err(e) if e.kind() == crate::runtime::ErrorKind::Divisibility => {
                    continue 'candidates
                }
                Err(e) => return Err(e),
            };
            for a in &addrs {
                let r = warp_wavefronts(a, *width, *op)?;
                excess += r.conflicts();
                worst = worst.max(r.degree);
            }
        }
        if best.is_none_or(|(_, c)| (excess, worst) < c) {
            best = Some((sw, (excess, worst)));
        }
    }
    Ok(best.map(|(s, (excess, _))| (s, excess)))
}
