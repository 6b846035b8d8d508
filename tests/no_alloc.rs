//! Every runtime operation on layouts of up to 16 leaves (depth up to 3)
//! stays off the heap on success: tuples are stored inline. A counting
//! global allocator proves it.

use layout_algebra::runtime::*;
use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: AllocLayout) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: AllocLayout) {
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Number of heap allocations made by `f` on this thread.
fn allocations<R>(f: impl FnOnce() -> R) -> usize {
    let before = ALLOCS.with(Cell::get);
    let r = f();
    let after = ALLOCS.with(Cell::get);
    drop(r);
    after - before
}

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// A rank-4, depth-3 compact layout with 16 leaves.
const BIG: &str = "((2,(2,2)),(3,(2,2)),((2,2),(2,2)),((2,2),(2,2),(2,2)))";

macro_rules! no_alloc {
    ($($e:expr),+ $(,)?) => {
        $( assert_eq!(allocations(|| $e), 0, "{}", stringify!($e)); )+
    };
}

#[test]
fn coalesce_restructure_slice_do_not_allocate() {
    let big = l(BIG);
    let twelve = l("((2,(2,2)),(3,(2,2)),((2,2),(2,2)))");
    let prof = IntTuple::parse_shape("(1,(1,1),1)");
    let crd: SliceCoord = "((1,_),_,((_,1),_),((1,_),_,(_,1)))".parse().unwrap();
    no_alloc!(
        coalesce(&big).unwrap(),
        coalesce_profile(&big, &prof).unwrap(),
        filter_zeros(&big),
        filter(&big).unwrap(),
        select(&big, &[3, 1, 0]).unwrap(),
        take(&big, 1, 3).unwrap(),
        group_modes(&big, 1, 3).unwrap(),
        flatten(&big),
        append(&twelve, &twelve.mode(0).unwrap()),
        prepend(&twelve, &twelve.mode(0).unwrap()),
        replace(&big, 2, &big.mode(0).unwrap()).unwrap(),
        slice(&crd, &big).unwrap(),
        dice(&crd, &big).unwrap(),
        slice_and_offset(&crd, &big).unwrap(),
    );
}

#[test]
fn inverses_and_recast_do_not_allocate() {
    let big = l(BIG);
    let perm = l("((2,(2,2)),(3,(2,2))):((96,(1,48)),(2,(6,24)))");
    no_alloc!(
        right_inverse(&big).unwrap(),
        left_inverse(&big).unwrap(),
        right_inverse(&perm).unwrap(),
        left_inverse(&perm).unwrap(),
        max_common_layout(&big, &big).unwrap(),
        max_common_vector(&big, &big).unwrap(),
        nullspace(&big).unwrap(),
        upcast(&big, 2).unwrap(),
        downcast(&big, 2).unwrap(),
        recast_layout(&big, 16, 32).unwrap(),
    );
}

#[test]
fn divides_and_products_do_not_allocate() {
    let big = l(BIG);
    let b = l("(2,3):(1,4)");
    let tiler = Tiler::parse("<2:1, 3:1, 4:1>").unwrap();
    let block = l("(2,(2,2)):(1,(2,4))");
    let ptiler = Tiler::parse("<3:1, 2:1>").unwrap();
    let shape = IntTuple::parse_shape("(8,(4,4))");
    no_alloc!(
        logical_divide(&big, &b).unwrap(),
        zipped_divide(&big, &tiler).unwrap(),
        tiled_divide(&big, &tiler).unwrap(),
        flat_divide(&big, &tiler).unwrap(),
        logical_product(&block, &b).unwrap(),
        zipped_product(&block, &ptiler).unwrap(),
        tiled_product(&block, &ptiler).unwrap(),
        flat_product(&block, &ptiler).unwrap(),
        blocked_product(&block, &b).unwrap(),
        raked_product(&block, &b).unwrap(),
        tile_to_shape(&block, &shape, None).unwrap(),
    );
}

#[test]
fn sixteen_leaf_layouts_are_inline() {
    let big = l(BIG);
    assert_eq!((big.shape().leaf_count(), big.depth()), (16, 3));
    no_alloc!(big.clone(), big.call(1000).unwrap(), big.cosize().unwrap());
}

#[test]
fn composition_and_complement_do_not_allocate() {
    let big = l(BIG);
    let b = l("((4,2),(3,4)):((1,8),(16,48))");
    let tiler = Tiler::parse("<(2,2):(1,4), 3:2, 4:1>").unwrap();
    let cotarget = IntTuple::leaf(big.cosize().unwrap() * 2);
    no_alloc!(
        composition(&big, &b).unwrap(),
        composition(&big, &tiler).unwrap(),
        complement(&big, &cotarget).unwrap(),
        complement(&b, &IntTuple::leaf(4096)).unwrap(),
        complement_default(&big).unwrap(),
    );
}

/// The tensor layer allocates nothing: making tensors and fragments, tiling,
/// partitioning, copy, fill and gemm.
#[test]
fn tensor_layer_does_not_allocate() {
    use layout_algebra::typelevel::*;
    let data: Vec<f32> = (0..64).map(|x| x as f32).collect();
    let mut out = vec![0.0f32; 64];
    let n = allocations(|| {
        let a = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap();
        let mut c = make_tensor(&mut out[..], layout!((8, 8))).unwrap();
        copy(&a, &mut c);
        let tile = local_tile(a, tile!(4, 4), (1usize, 1usize));
        let mine = local_partition(tile, layout!((2, 2)), 3);
        let mut frag = make_fragment_like(&mine);
        copy(&mine, &mut frag);
        fill(&mut c, 0.0);
        let mut acc = make_fragment::<f32, _, _>(layout!((4, 4)));
        gemm(&tile, &tile, &mut acc);
        acc[(0usize, 0usize)] + frag[0usize]
    });
    assert_eq!(n, 0);
}

#[test]
fn a_layout_value_is_small_enough_to_move() {
    // Flat leaf arrays and one nesting byte per token, shared by the shape
    // and the stride: a layout of 16 leaves is held inline.
    let size = core::mem::size_of::<Layout>();
    assert!(size <= 256, "size_of::<Layout>() = {size}");
}
