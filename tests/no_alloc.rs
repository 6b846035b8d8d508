//! Operations on layouts of up to 16 leaves never touch the heap: tuples are
//! stored inline. A counting global allocator proves it.

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

/// A rank-4, depth-3 layout with 16 leaves.
const BIG: &str = "((2,(2,2)),(3,(2,2)),((2,2),(2,2)),((2,2),(2,2),(2,2)))";

#[test]
fn sixteen_leaf_layouts_are_inline() {
    let big = l(BIG);
    assert_eq!(big.shape().leaf_count(), 16);
    assert_eq!(big.depth(), 3);
    assert_eq!(allocations(|| big.clone()), 0);
}

#[test]
fn composition_and_complement_do_not_allocate() {
    let big = l(BIG);
    let b = l("((4,2),(3,4)):((1,8),(16,48))");
    let tiler = Tiler::parse("<(2,2):(1,4), 3:2, 4:1>").unwrap();
    let shape = IntTuple::leaf(big.cosize().unwrap() * 2);
    assert_eq!(allocations(|| composition(&big, &b).unwrap()), 0);
    assert_eq!(allocations(|| composition(&big, &tiler).unwrap()), 0);
    assert_eq!(allocations(|| complement(&big, &shape).unwrap()), 0);
    assert_eq!(
        allocations(|| complement(&b, &IntTuple::leaf(4096)).unwrap()),
        0
    );
    assert_eq!(allocations(|| big.call(1000).unwrap()), 0);
    assert_eq!(allocations(|| big.cosize().unwrap()), 0);
}

#[test]
fn divides_products_and_coalesce_do_not_allocate() {
    let big = l(BIG);
    let a = l("(8,16):(20,1)");
    let tiler = Tiler::parse("<4:1, 8:2>").unwrap();
    let block = l("(4,8):(8,1)");
    let grid = l("(3,5):(1,3)");
    assert_eq!(allocations(|| coalesce(&big).unwrap()), 0);
    assert_eq!(allocations(|| filter(&big).unwrap()), 0);
    assert_eq!(allocations(|| logical_divide(&a, &tiler).unwrap()), 0);
    assert_eq!(allocations(|| zipped_divide(&a, &tiler).unwrap()), 0);
    assert_eq!(allocations(|| tiled_divide(&a, &tiler).unwrap()), 0);
    assert_eq!(allocations(|| flat_divide(&a, &tiler).unwrap()), 0);
    assert_eq!(
        allocations(|| logical_divide(&big, &l("(2,3):(1,2)")).unwrap()),
        0
    );
    assert_eq!(allocations(|| logical_product(&block, &grid).unwrap()), 0);
    assert_eq!(allocations(|| blocked_product(&block, &grid).unwrap()), 0);
    assert_eq!(allocations(|| raked_product(&block, &grid).unwrap()), 0);
    assert_eq!(allocations(|| right_inverse(&big).unwrap()), 0);
    assert_eq!(allocations(|| left_inverse(&big).unwrap()), 0);
}
