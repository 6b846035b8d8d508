//! The calculator's throughput: parse + operation + print of 10,000 typical
//! expressions (the work `layout` does per line in batch mode).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use layout_algebra::calc::evaluate;

/// 10,000 expressions cycling through typical calls with varying operands.
fn expressions() -> Vec<String> {
    (0..10_000i64)
        .map(|i| {
            let (a, b) = (1 << (i % 4 + 1), 1 << (i % 3 + 1));
            match i % 16 {
                0 => format!("composition(({a},{b}):({b},1), <{}:1, 2:2>)", a / 2),
                1 => format!("complement({a}:{b}, {})", a * b * 4),
                2 => format!(
                    "logical_divide(({},{}):({},1), <{a}:1, {b}:2>)",
                    2 * a,
                    4 * b,
                    4 * b
                ),
                3 => format!("(({a},({b},2)):(2,(8,1)))({})", i % (2 * a * b)),
                4 => format!("idx2crd({}, ({a},({b},2)))", i % (2 * a * b)),
                5 => format!("crd2idx((1,({},1)), ({a},({b},2)):(2,(8,1)))", b - 1),
                6 => format!("zipped_divide(({},{}), <{a}:1, {b}:1>)", 2 * a, 2 * b),
                7 => format!("complement(({a},{b}):(1,{}))", a * 2),
                8 => format!("logical_product(({a},{b}):({b},1), (2,2))"),
                9 => format!("blocked_product(({a},{b}):(1,{a}), (2,3))"),
                10 => format!("coalesce((2,({a},{b})):(1,(2,{})))", 2 * a),
                11 => format!("slice_and_offset((_,1), ({a},{b}):({b},1))"),
                12 => format!("right_inverse(({a},{b}):({b},1))"),
                13 => format!(
                    "tiled_divide(({},{}):(1,{}), ({a},{b}))",
                    4 * a,
                    2 * b,
                    4 * a
                ),
                14 => format!("size(({a},({b},2)))"),
                _ => format!("({a},({b},2)):(1@0,(1@1,{b}@1))"),
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let exprs = expressions();
    // Every expression is legal, so the benchmark measures real work.
    for e in &exprs {
        assert!(evaluate(e).is_ok(), "{e}: {:?}", evaluate(e));
    }
    c.bench_function("evaluate and print 10000 expressions", |b| {
        b.iter(|| {
            let mut bytes = 0;
            for e in &exprs {
                bytes += evaluate(black_box(e)).map_or(0, |v| v.to_string().len());
            }
            black_box(bytes)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
