//! The static layouts a bank verdict reads, as constants: flattened leaves.

use crate::runtime::banks::SmemOp;
use crate::typelevel::{ComposedLayout, HCons, HNil, IntLeaf, Layout, ShapeLeaf, Swizzle};

/// Most leaves of a layout the verdict reads.
const MAX_LEAVES: usize = 16;

/// The leaves of a static layout, flattened (colexicographic: the first fastest).
#[doc(hidden)] // the value of a helper trait's constant
#[derive(Clone, Copy, Debug)]
pub struct LeafArrays {
    len: usize,
    shape: [i64; MAX_LEAVES],
    stride: [i64; MAX_LEAVES],
}

impl LeafArrays {
    /// A layout of one leaf.
    const fn leaf(s: Option<i64>, d: Option<i64>) -> LeafArrays {
        let (Some(s), Some(d)) = (s, d) else {
            panic!("SmemAccess: the layouts of a compile-time bank verdict must be static (a leaf is Dyn)")
        };
        let mut f = LeafArrays {
            len: 1,
            shape: [1; MAX_LEAVES],
            stride: [0; MAX_LEAVES],
        };
        (f.shape[0], f.stride[0]) = (s, d);
        f
    }

    /// The leaves of `self` followed by those of `next`.
    const fn then(mut self, next: LeafArrays) -> LeafArrays {
        assert!(
            self.len + next.len <= MAX_LEAVES,
            "SmemAccess: a layout of a compile-time bank verdict has more than 16 leaves"
        );
        let mut k = 0;
        while k < next.len {
            (self.shape[self.len], self.stride[self.len]) = (next.shape[k], next.stride[k]);
            self.len += 1;
            k += 1;
        }
        self
    }

    /// The product of the extents.
    pub(super) const fn size(&self) -> i64 {
        let (mut n, mut k) = (1, 0);
        while k < self.len {
            n *= self.shape[k];
            k += 1;
        }
        n
    }

    /// `L(i)` for `0 ≤ i < size` (static layouts fit `i64`).
    pub(super) const fn call(&self, mut i: i64) -> i64 {
        let (mut off, mut k) = (0, 0);
        while k < self.len {
            off += i % self.shape[k] * self.stride[k];
            i /= self.shape[k];
            k += 1;
        }
        off
    }
}

/// The flattened leaves of the static layout `Self:D`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait StaticLeafArrays<D> {
    /// The leaves.
    const FLAT: LeafArrays;
}

impl<S: ShapeLeaf, D: IntLeaf> StaticLeafArrays<D> for S {
    const FLAT: LeafArrays = LeafArrays::leaf(S::STATIC, D::STATIC);
}

impl StaticLeafArrays<HNil> for HNil {
    const FLAT: LeafArrays = LeafArrays {
        len: 0,
        shape: [1; MAX_LEAVES],
        stride: [0; MAX_LEAVES],
    };
}

impl<SH: StaticLeafArrays<DH>, ST: StaticLeafArrays<DT>, DH, DT> StaticLeafArrays<HCons<DH, DT>>
    for HCons<SH, ST>
{
    const FLAT: LeafArrays = SH::FLAT.then(ST::FLAT);
}

/// A static shared-memory layout as the verdict reads it: `Sw(offset + L(i))`.
#[doc(hidden)] // the value of a helper trait's constant
#[derive(Clone, Copy, Debug)]
pub struct TileForm {
    pub(super) layout: LeafArrays,
    pub(super) offset: i64,
    /// The swizzle's source mask (0: none) and shift (`S`; negative: left).
    pub(super) source: i64,
    pub(super) shift: i32,
}

/// A static shared-memory layout: a [`Layout`](struct@Layout), or a
/// [`ComposedLayout`] `Sw<B,M,S> o offset o L`, every leaf static.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // Plain and swizzled static layouts are tiles a verdict reads.
/// type Tv = Layout![(32,1):(1,1)];
/// assert!(SmemAccess::<Layout![(32,32):(32,1)], Tv, 4, 4>::VERDICT.is_ok());
/// type Sw = ComposedLayout<Swizzle<3, 3, 3>, Z0, Layout![(8,64):(64,1)]>;
/// assert!(SmemAccess::<Sw, Layout![((8,4),8):((1,64),8)], 2, 16>::VERDICT.is_ok());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static shared-memory layout",
    note = "a bank verdict reads a static `Layout` or `ComposedLayout<Swizzle<B, M, S>, offset, Layout>`"
)]
pub trait SmemLayout {
    /// The layout's form.
    #[doc(hidden)]
    const TILE: TileForm;
}

impl<S: StaticLeafArrays<D>, D> SmemLayout for Layout<S, D> {
    const TILE: TileForm = TileForm {
        layout: S::FLAT,
        offset: 0,
        source: 0,
        shift: 0,
    };
}

impl<const B: u32, const M: u32, const S: i32, O: IntLeaf, SH: StaticLeafArrays<D>, D> SmemLayout
    for ComposedLayout<Swizzle<B, M, S>, O, Layout<SH, D>>
{
    const TILE: TileForm = TileForm {
        layout: SH::FLAT,
        offset: match O::STATIC {
            Some(o) => o,
            None => panic!("SmemAccess: the offset of a compile-time bank verdict must be static"),
        },
        source: Swizzle::<B, M, S>::new().source_mask(),
        shift: S,
    };
}

/// A static thread-value layout `(thread, value) → index`: rank 2.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // 32 threads each take one column of a 32x32 f32 tile, one value per instruction.
/// type Tv = Layout![(32,32):(32,1)];
/// let v = SmemAccess::<Layout![(32,32):(32,1)], Tv, 4, 4>::VERDICT.unwrap();
/// assert_eq!(v.instructions, 32);
/// assert_eq!(v.worst.degree, 1); // thread t reads row 0, column t: 32 banks
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static thread-value layout",
    note = "a bank verdict reads a static rank-2 `Layout`: (thread, value) -> tile index"
)]
pub trait TvLayout {
    /// The leaves, thread mode first, and the number of threads.
    #[doc(hidden)]
    const TV: (LeafArrays, i64);
}

impl<S0: StaticLeafArrays<D0>, S1: StaticLeafArrays<D1>, D0, D1> TvLayout
    for Layout<HCons<S0, HCons<S1, HNil>>, HCons<D0, HCons<D1, HNil>>>
{
    const TV: (LeafArrays, i64) = (S0::FLAT.then(S1::FLAT), S0::FLAT.size());
}

/// The direction of the instructions: [`SmemLoad`] or [`SmemStore`].
///
/// ```
/// use layout_algebra::typelevel::*;
/// type Tile = Layout![(32,32):(32,1)];
/// type Tv = Layout![(32,32):(32,1)];
/// let load = SmemAccess::<Tile, Tv, 4, 4, SmemLoad>::VERDICT.unwrap();
/// let store = SmemAccess::<Tile, Tv, 4, 4, SmemStore>::VERDICT.unwrap();
/// assert!(load.conflict_free() && store.conflict_free());
/// ```
pub trait SmemDirection {
    /// The runtime's name for it.
    const OP: SmemOp;
}

/// `ld.shared`: a packed return is possible (see [`crate::runtime::banks`]).
///
/// See [`SmemDirection`] for an example.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmemLoad;

/// `st.shared`: never packed.
///
/// See [`SmemDirection`] for an example.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmemStore;

impl SmemDirection for SmemLoad {
    const OP: SmemOp = SmemOp::Load;
}

impl SmemDirection for SmemStore {
    const OP: SmemOp = SmemOp::Store;
}
