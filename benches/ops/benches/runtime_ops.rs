//! Instruction counts of single runtime operations, for `benches/runtime_ops.sh`.
//!
//! `runtime_ops <case> <reps>` parses the operands of `<case>`, then runs the
//! operation `<reps>` times inside [`measured`], the one function callgrind
//! counts (`--toggle-collect`), instantiated once per operation so that the
//! case is not matched inside the counted loop. `runtime_ops size` prints `size_of::<Layout>()`.
//! `runtime_ops criterion <case>` times one run of [`measured`] with criterion
//! (its usual report, under `$CRITERION_HOME` if set). The cases `mixed_*`
//! are the type level's operations on layouts of run-time size (see
//! [`mixed`]).

use criterion::Criterion;
use layout_algebra::runtime::*;
use std::hint::black_box;
use std::time::Duration;

#[path = "runtime_ops/mixed.rs"]
mod mixed;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// The benchmarked cases, in the order `all` runs them.
const CASES: [&str; 7] = [
    "compose",
    "compose_deep",
    "complement",
    "coalesce",
    "logical_divide",
    "zipped_divide",
    "blocked_product",
];

struct Operands {
    a: Layout,
    b: Layout,
    tiler: Tiler,
    m: IntTuple,
}

fn operands(case: &str) -> Operands {
    let deep = "((2,(2,2)),(3,(2,2)),((2,2),2),(2,2))";
    let (a, b) = match case {
        "compose" => ("(8,8):(8,1)", "((4,8),2):((16,1),8)"),
        "compose_deep" => (deep, "(4,(2,2)):(2,(1,8))"),
        "complement" => ("4:2", "1:0"),
        "coalesce" => (deep, "1:0"),
        "logical_divide" | "zipped_divide" => ("(128,256):(1,128)", "1:0"),
        "blocked_product" => ("(4,8):(8,1)", "(3,5):(1,3)"),
        _ => panic!("unknown case {case}"),
    };
    Operands {
        a: l(a),
        b: l(b),
        tiler: Tiler::parse("<4:1, 8:2>").unwrap(),
        m: IntTuple::leaf(24),
    }
}

/// `reps` runs of `op`, each result consumed (borrowed by `black_box`) and
/// dropped here, as a caller would. Generic over the operation, so the loop
/// holds the call alone: the case is dispatched once, in [`run`], outside
/// the counted function.
#[inline(never)]
fn measured<T>(reps: usize, op: impl Fn() -> Result<T>) {
    for _ in 0..reps {
        let r = op();
        // Borrowed, not moved out of the `Result`: the caller's own copy of
        // the value is not the operation's.
        black_box(r.as_ref().unwrap());
    }
}

/// `reps` runs of `case` on the operands `o`, in [`measured`].
fn run(case: &str, o: &Operands, reps: usize) {
    match case {
        "compose" | "compose_deep" => {
            measured(reps, || composition(black_box(&o.a), black_box(&o.b)))
        }
        "complement" => measured(reps, || complement(black_box(&o.a), black_box(&o.m))),
        "coalesce" => measured(reps, || coalesce(black_box(&o.a))),
        "logical_divide" => measured(reps, || {
            logical_divide(black_box(&o.a), black_box(&o.tiler))
        }),
        "zipped_divide" => measured(reps, || zipped_divide(black_box(&o.a), black_box(&o.tiler))),
        "blocked_product" => measured(reps, || blocked_product(black_box(&o.a), black_box(&o.b))),
        _ => unreachable!(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = args.get(1).map(String::as_str).unwrap_or("all");
    if case == "size" {
        println!("{}", core::mem::size_of::<Layout>());
        return;
    }
    if case == "criterion" {
        let c = args.get(2).map(String::as_str).unwrap_or("compose");
        let o = operands(c);
        Criterion::default()
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .without_plots()
            .benchmark_group("runtime_ops")
            .bench_function(c, |b| b.iter(|| run(c, &o, 1)));
        return;
    }
    let reps: usize = args.get(2).map_or(1, |r| r.parse().unwrap());
    if case == "all" {
        for c in CASES {
            run(c, &operands(c), reps);
        }
        for c in mixed::CASES {
            mixed::run(c, reps);
        }
    } else if case.starts_with("mixed_") {
        mixed::run(case, reps);
    } else {
        run(case, &operands(case), reps);
    }
}
