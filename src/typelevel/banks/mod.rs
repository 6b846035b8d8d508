//! The bank-conflict verdict at compile time: the runtime's model
//! ([`runtime::banks`](crate::runtime::banks): 32 banks of 4 bytes, 128 bytes
//! per wavefront, 8-byte accesses in half-warp phases, 16-byte ones in
//! quarter-warp phases, same-word broadcast, packed loads) evaluated in
//! constants over a static thread-value access of a static shared-memory
//! layout, plain or swizzled.
//!
//! [`SmemAccess<Tile, Tv, ELEM_BYTES, VECTOR_BYTES, Op>`](SmemAccess) is a
//! warp moving `VECTOR_BYTES` per thread and instruction through `Tv`
//! (`(thread, value) → tile index`, rank 2, at most 32 threads) into or out of
//! `Tile` (`L` or `Sw o offset o L`, elements of `ELEM_BYTES`): instruction
//! `i` moves values `i·n .. (i+1)·n` of every thread, `n = VECTOR_BYTES /
//! ELEM_BYTES`, exactly as the runtime's
//! [`bank_conflicts`](crate::runtime::banks::bank_conflicts), whose numbers
//! its constants equal. A kernel requires a conflict-free access with
//! [`assert_conflict_free`]`(SmemAccess::<..>::VERDICT)` in a constant; a
//! conflicting or illegal one is a compile error (`cargo build`; `cargo check`
//! in a `const` item) whose message names the worst instruction with its wavefronts
//! against the ideal, in decimal.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // f16 tile of 8 rows of 128 bytes; 32 threads read 16 bytes each, 8 down
//! // every column block: (thread, value) -> (row, col) index.
//! type Tv = Layout![((8,4),8):((1,64),8)];
//! type Plain = Layout![(8,64):(64,1)];
//! type Swizzled = ComposedLayout<Swizzle<3, 3, 3>, Z0, Plain>;
//! let v = SmemAccess::<Plain, Tv, 2, 16>::VERDICT.unwrap();
//! assert_eq!((v.worst.wavefronts, v.worst.ideal, v.worst.degree), (32, 4, 8));
//! const _: () = assert_conflict_free(SmemAccess::<Swizzled, Tv, 2, 16>::VERDICT);
//! ```
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! // error: evaluation panicked: bank conflicts: instruction 0 (of 1) takes
//! // 32 wavefronts where 4 are ideal (8-way) ...
//! type Tv = Layout![((8,4),8):((1,64),8)];
//! const _: () = assert_conflict_free(SmemAccess::<Layout![(8,64):(64,1)], Tv, 2, 16>::VERDICT);
//! ```

mod form;
mod message;

pub use form::{
    LeafArrays, SmemDirection, SmemLayout, SmemLoad, SmemStore, StaticLeafArrays, TileForm,
    TvLayout,
};
pub use message::SmemAccessError;

use crate::runtime::banks::{instruction_cost, SmemOp, Wavefronts, WARP};
use core::marker::PhantomData;
use message::Msg;

/// The cost of every instruction of an access.
///
/// ```
/// use layout_algebra::typelevel::*;
/// type Tv = Layout![((8,4),8):((1,64),8)];
/// let v: BankVerdict = SmemAccess::<Layout![(8,64):(64,1)], Tv, 2, 16>::VERDICT.unwrap();
/// assert_eq!((v.instructions, v.wavefronts, v.ideal), (1, 32, 4));
/// assert!(!v.conflict_free());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BankVerdict {
    /// Instructions per warp.
    pub instructions: u32,
    /// Wavefronts summed over the instructions.
    pub wavefronts: u32,
    /// Ideal wavefronts summed over the instructions.
    pub ideal: u32,
    /// The instruction with the most bank conflicts (`wavefronts − ideal`; the first of equals).
    pub worst_instruction: u32,
    /// Its cost.
    pub worst: Wavefronts,
    /// The element width in bytes.
    pub elem_bytes: u32,
    /// The bytes each thread moves per instruction.
    pub vector_bytes: u32,
    /// A load or a store.
    pub op: SmemOp,
}

impl BankVerdict {
    /// Whether no instruction costs more than its ideal.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// type Padded = Layout![(32,32):(33,1)];
    /// let v = SmemAccess::<Padded, Layout![(32,32):(1,32)], 4, 4>::VERDICT.unwrap();
    /// assert!(v.conflict_free() && v.instructions == 32);
    /// ```
    pub const fn conflict_free(&self) -> bool {
        self.wavefronts == self.ideal
    }

    /// "bank conflicts: instruction 0 (of 1) takes 32 wavefronts where 4 are ideal (8-way) ...".
    const fn message(&self) -> Msg {
        let v = self;
        Msg::new()
            .str("SmemAccess: bank conflicts: instruction ")
            .num(v.worst_instruction as i64)
            .str(" (of ")
            .num(v.instructions as i64)
            .str(") takes ")
            .num(v.worst.wavefronts as i64)
            .str(" wavefronts where ")
            .num(v.worst.ideal as i64)
            .str(" are ideal (")
            .num(v.worst.degree as i64)
            .str("-way); all instructions: ")
            .num(v.wavefronts as i64)
            .str(" wavefronts, ideal ")
            .num(v.ideal as i64)
            .str(" (")
            .num(v.vector_bytes as i64)
            .str(if matches!(v.op, SmemOp::Load) {
                "-byte loads of "
            } else {
                "-byte stores of "
            })
            .num(v.elem_bytes as i64)
            .str("-byte elements)")
    }
}

/// `()`, or a compile error in a constant naming the worst instruction, its
/// wavefronts and the ideal, in decimal, if the access `verdict` has a bank
/// conflict or is illegal: `const _: () = assert_conflict_free(SmemAccess::<..>::VERDICT);`
/// beside a kernel, or `const { assert_conflict_free(..) }` inside a generic one.
///
/// ```
/// use layout_algebra::typelevel::*;
/// type Tv = Layout![((8,4),8):((1,64),8)];
/// type Swizzled = ComposedLayout<Swizzle<3, 3, 3>, Z0, Layout![(8,64):(64,1)]>;
/// const _: () = assert_conflict_free(SmemAccess::<Swizzled, Tv, 2, 16>::VERDICT);
/// fn kernel<Tile: SmemLayout>() {
///     const { assert_conflict_free(SmemAccess::<Tile, Layout![(32,32):(1,32)], 4, 4>::VERDICT) };
/// }
/// kernel::<Layout![(32,32):(33,1)]>(); // kernel::<Layout![(32,32):(32,1)]>() fails to compile
/// ```
pub const fn assert_conflict_free(verdict: Result<BankVerdict, SmemAccessError>) {
    match verdict {
        Ok(v) if v.conflict_free() => {}
        Ok(v) => panic!("{}", v.message().as_str()),
        Err(e) => panic!("{}", e.message().as_str()),
    }
}

/// A warp's access of a static shared-memory tile, its bank conflicts
/// computed in constants by the runtime's model
/// ([`runtime::banks`](crate::runtime::banks): 32 banks of 4 bytes, 128 bytes
/// per wavefront).
///
/// A warp moves `VECTOR_BYTES` per thread and instruction through `Tv`
/// (`(thread, value) → tile index`, rank 2, at most 32 threads) into or out of
/// `Tile` (`L` or `Sw o offset o L`, elements of `ELEM_BYTES`): instruction
/// `i` moves values `i·n .. (i+1)·n` of every thread, `n = VECTOR_BYTES /
/// ELEM_BYTES`. [`VERDICT`](Self::VERDICT) is the cost;
/// [`assert_conflict_free`] of it in a constant makes a conflicting access a
/// compile error naming the worst instruction.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // f16 tile of 8 rows of 128 bytes; 32 threads read 16 bytes each, 8 down
/// // every column block: (thread, value) -> (row, col) index.
/// type Tv = Layout![((8,4),8):((1,64),8)];
/// type Plain = Layout![(8,64):(64,1)];
/// type Swizzled = ComposedLayout<Swizzle<3, 3, 3>, Z0, Plain>;
/// let v = SmemAccess::<Plain, Tv, 2, 16>::VERDICT.unwrap();
/// assert_eq!((v.worst.wavefronts, v.worst.ideal, v.worst.degree), (32, 4, 8)); // 8-way conflicts
/// const { assert_conflict_free(SmemAccess::<Swizzled, Tv, 2, 16>::VERDICT) };
/// ```
///
/// `Tile`: [`SmemLayout`]; `Tv`: [`TvLayout`]; `Op`: [`SmemLoad`] (the
/// default) or [`SmemStore`].
pub struct SmemAccess<Tile, Tv, const ELEM_BYTES: u32, const VECTOR_BYTES: u32, Op = SmemLoad>(
    PhantomData<(Tile, Tv, Op)>,
);

impl<Tile, Tv, const ELEM_BYTES: u32, const VECTOR_BYTES: u32, Op>
    SmemAccess<Tile, Tv, ELEM_BYTES, VECTOR_BYTES, Op>
where
    Tile: SmemLayout,
    Tv: TvLayout,
    Op: SmemDirection,
{
    /// The vector's elements and the instructions per warp, after the checks
    /// that do not depend on the tile.
    const fn shape() -> Result<(i64, u32), SmemAccessError> {
        let (tv, threads) = Tv::TV;
        let (vb, eb) = (VECTOR_BYTES, ELEM_BYTES);
        if !matches!(vb, 1 | 2 | 4 | 8 | 16) {
            return Err(SmemAccessError::Width(vb));
        }
        if eb == 0 || vb % eb != 0 {
            return Err(SmemAccessError::NotWhole(vb, eb));
        }
        if threads > WARP as i64 {
            return Err(SmemAccessError::Threads(threads));
        }
        let (values, vec) = (tv.size() / threads, (vb / eb) as i64);
        if values % vec != 0 {
            return Err(SmemAccessError::Values(values, vec));
        }
        Ok((vec, (values / vec) as u32))
    }

    /// The byte address of thread `t`'s value `v`.
    const fn address(t: i64, v: i64, inst: u32) -> Result<i64, SmemAccessError> {
        let ((tv, threads), tile) = (Tv::TV, Tile::TILE);
        let i = tv.call(t + threads * v);
        if i < 0 || i >= tile.layout.size() {
            return Err(SmemAccessError::OutsideTile(t, inst, i));
        }
        let Some(x) = tile.layout.call(i).checked_add(tile.offset) else {
            return Err(SmemAccessError::Overflow);
        };
        let src = x & tile.source;
        let x = x ^ if tile.shift >= 0 {
            src >> tile.shift
        } else {
            src << -tile.shift
        };
        match x.checked_mul(ELEM_BYTES as i64) {
            Some(a) => Ok(a),
            None => Err(SmemAccessError::Overflow),
        }
    }

    /// The cost of instruction `inst` (`0 ≤ inst <` [`BankVerdict::instructions`]),
    /// equal to the runtime's `bank_conflicts(..)[inst]`; an `inst` past the
    /// last is the last's.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// type Column = SmemAccess<Layout![(32,32):(32,1)], Layout![(32,32):(1,32)], 4, 4>;
    /// const W: u32 = match Column::instruction(5) { Ok(w) => w.wavefronts, Err(_) => 0 };
    /// assert_eq!(W, 32);
    /// ```
    pub const fn instruction(inst: u32) -> Result<Wavefronts, SmemAccessError> {
        let (vec, n) = match Self::shape() {
            Ok(s) => s,
            Err(e) => return Err(e),
        };
        let inst = if inst < n { inst } else { n.saturating_sub(1) };
        let threads = Tv::TV.1;
        let mut addrs = [0i64; WARP];
        let mut t = 0;
        while t < threads {
            let first = match Self::address(t, inst as i64 * vec, inst) {
                Ok(a) => a,
                Err(e) => return Err(e),
            };
            let mut k = 1;
            while k < vec {
                match Self::address(t, inst as i64 * vec + k, inst) {
                    Ok(a) if a == first + k * ELEM_BYTES as i64 => {}
                    Ok(_) => return Err(SmemAccessError::NotContiguous(t, inst)),
                    Err(e) => return Err(e),
                }
                k += 1;
            }
            if first < 0 || first % VECTOR_BYTES as i64 != 0 {
                return Err(SmemAccessError::Address(t, inst, first));
            }
            addrs[t as usize] = first;
            t += 1;
        }
        let active = (((1u64 << threads) - 1) & 0xffff_ffff) as u32;
        Ok(instruction_cost(
            &addrs,
            active,
            threads as usize,
            VECTOR_BYTES,
            Op::OP,
        ))
    }

    /// Every instruction's cost, or why the access is illegal.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// type Tile = Layout![(32,32):(32,1)];
    /// // Thread t reads column t: 32 banks, one wavefront per instruction.
    /// let v = SmemAccess::<Tile, Layout![(32,32):(32,1)], 4, 4>::VERDICT.unwrap();
    /// assert!(v.conflict_free());
    /// // Thread t reads row t: every thread in bank 0, 32-way conflicts.
    /// let w = SmemAccess::<Tile, Layout![(32,32):(1,32)], 4, 4>::VERDICT.unwrap();
    /// assert_eq!(w.worst.degree, 32);
    /// ```
    pub const VERDICT: Result<BankVerdict, SmemAccessError> = {
        match Self::shape() {
            Err(e) => Err(e),
            Ok((_, n)) => {
                let mut v = BankVerdict {
                    instructions: n,
                    wavefronts: 0,
                    ideal: 0,
                    worst_instruction: 0,
                    worst: Wavefronts {
                        wavefronts: 0,
                        ideal: 0,
                        degree: 0,
                        packed: false,
                    },
                    elem_bytes: ELEM_BYTES,
                    vector_bytes: VECTOR_BYTES,
                    op: Op::OP,
                };
                let mut i = 0;
                let mut failed = None;
                while i < n && failed.is_none() {
                    match Self::instruction(i) {
                        Ok(w) => {
                            (v.wavefronts, v.ideal) =
                                (v.wavefronts + w.wavefronts, v.ideal + w.ideal);
                            if i == 0 || w.wavefronts - w.ideal > v.worst.wavefronts - v.worst.ideal
                            {
                                (v.worst_instruction, v.worst) = (i, w);
                            }
                        }
                        Err(e) => failed = Some(e),
                    }
                    i += 1;
                }
                match failed {
                    Some(e) => Err(e),
                    None => Ok(v),
                }
            }
        }
    };
}
