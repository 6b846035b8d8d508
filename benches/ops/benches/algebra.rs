//! Criterion benchmark of the runtime algebra on representative layouts
//! (rank up to 4, depth up to 3). Criterion reports the time per operation.
//!
//! Run: `cd benches/ops && cargo bench --bench algebra`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use layout_algebra::runtime::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn bench(c: &mut Criterion) {
    // A TV layout, a hierarchical 2-D data layout, a depth-3 rank-4 layout.
    let tv = l("((4,8),2):((16,1),8)");
    let data = l("((4,2),(2,4)):((2,16),(1,8))");
    let deep = l("((2,(2,2)),(3,(2,2)),((2,2),2),(2,2))");
    let tile = l("(4,(2,2)):(2,(1,8))");
    let tiler = Tiler::parse("<4:1, 8:2>").unwrap();
    let matrix = l("(128,256):(256,1)");
    let block = l("(4,8):(8,1)");
    let grid = l("(3,5):(1,3)");

    let mut g = c.benchmark_group("runtime");
    g.bench_function("composition (8,8) o TV", |b| {
        b.iter(|| composition(black_box(&data), black_box(&tv)).unwrap())
    });
    g.bench_function("composition depth-3 rank-4 o tile", |b| {
        b.iter(|| composition(black_box(&deep), black_box(&tile)).unwrap())
    });
    g.bench_function("complement depth-3 rank-4", |b| {
        b.iter(|| complement_default(black_box(&deep)).unwrap())
    });
    g.bench_function("complement (4,8):(1,8) -> 1024", |b| {
        let a = l("(4,8):(1,8)");
        let m = IntTuple::leaf(1024);
        b.iter(|| complement(black_box(&a), black_box(&m)).unwrap())
    });
    g.bench_function("logical_divide (128,256) by <4:1,8:2>", |b| {
        b.iter(|| logical_divide(black_box(&matrix), black_box(&tiler)).unwrap())
    });
    g.bench_function("logical_divide depth-3 by layout", |b| {
        let t = l("(2,3):(1,2)");
        b.iter(|| logical_divide(black_box(&deep), black_box(&t)).unwrap())
    });
    g.bench_function("blocked_product (4,8) x (3,5)", |b| {
        b.iter(|| blocked_product(black_box(&block), black_box(&grid)).unwrap())
    });
    g.bench_function("coalesce depth-3 rank-4", |b| {
        b.iter(|| coalesce(black_box(&deep)).unwrap())
    });
    g.bench_function("coalesce TV", |b| {
        b.iter(|| coalesce(black_box(&tv)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
