//! Instruction counts of single operations on type-level layouts with run-time
//! leaves, for `benches/mixed_ops.sh`.
//!
//! `mixed_ops <case> <reps>` builds the operands of `<case>` (each `Dyn` leaf
//! read through `black_box`, so nothing folds), then runs the operation
//! `<reps>` times inside [`measured`], the one function callgrind counts
//! (`--toggle-collect`). The cases are the runtime bench's operands
//! (`runtime_ops.rs`) with their extents, and some strides, made `Dyn`, the
//! tilers static, as a kernel of run-time size holds them.

use layout_algebra::runtime::LayoutError;
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use std::hint::black_box;

/// The benchmarked cases, in the order `all` runs them.
const CASES: [&str; 5] = [
    "compose",
    "compose_tile",
    "complement",
    "logical_divide",
    "zipped_divide",
];

fn d(v: i64) -> Dyn {
    Dyn(black_box(v))
}

/// `reps` runs of `op`, each result consumed by `black_box`. Generic over the
/// operation, so the counted loop holds the call alone.
#[inline(never)]
fn measured<T>(reps: usize, op: impl Fn() -> Result<T, LayoutError>) {
    for _ in 0..reps {
        let r = op();
        black_box(r.as_ref().unwrap());
    }
}

/// `reps` runs of `case`, in [`measured`].
fn run(case: &str, reps: usize) {
    match case {
        // (M,N):(N,1) with M, N, the row stride at run time, by a static
        // layout B: the runtime bench's `compose`.
        "compose" => {
            let a = Layout::try_new(hlist![d(8), d(8)], hlist![d(8), _1]).unwrap();
            measured(reps, || {
                try_composition(black_box(a), layout!(((4, 8), 2):((16, 1), 8)))
            })
        }
        // The same A by a tiler of two static modes.
        "compose_tile" => {
            let a = Layout::try_new(hlist![d(8), d(8)], hlist![d(8), _1]).unwrap();
            measured(reps, || try_composition(black_box(a), tile!(4:2, 8)))
        }
        // 4:2 with a run-time extent, up to a run-time cotarget.
        "complement" => {
            let a = Layout::try_new(hlist![d(4)], hlist![_2]).unwrap();
            let m = d(24);
            measured(reps, || try_complement(black_box(a), black_box(m)))
        }
        // (M,N):(1,M), column-major of run-time size, by <4:1, 8:2>.
        "logical_divide" => {
            let a = Layout::try_new(hlist![d(128), d(256)], hlist![_1, d(128)]).unwrap();
            measured(reps, || try_logical_divide(black_box(a), tile!(4:1, 8:2)))
        }
        "zipped_divide" => {
            let a = Layout::try_new(hlist![d(128), d(256)], hlist![_1, d(128)]).unwrap();
            measured(reps, || try_zipped_divide(black_box(a), tile!(4:1, 8:2)))
        }
        _ => panic!("unknown case {case}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = args.get(1).map(String::as_str).unwrap_or("all");
    let reps: usize = args.get(2).map_or(1, |r| r.parse().unwrap());
    let cases: Vec<&str> = if case == "all" {
        CASES.to_vec()
    } else {
        vec![case]
    };
    for c in cases {
        run(c, reps);
    }
}
