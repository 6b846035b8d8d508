//! The type level's operations on layouts with run-time leaves, for
//! `benches/mixed_ops.sh`: the runtime cases' operands (`runtime_ops.rs`) with
//! their extents, and some strides, made `Dyn` (each read through
//! `black_box`, so nothing folds), the tilers and `B` static, as a kernel of
//! run-time size holds them. Counted in the same [`measured`] loop.

use super::measured;
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use std::hint::black_box;

/// The cases, in the order `all` runs them (after the runtime layer's).
pub(crate) const CASES: [&str; 5] = [
    "mixed_compose",
    "mixed_compose_tile",
    "mixed_complement",
    "mixed_logical_divide",
    "mixed_zipped_divide",
];

fn d(v: i64) -> Dyn {
    Dyn(black_box(v))
}

/// `reps` runs of `case`, in [`measured`].
pub(crate) fn run(case: &str, reps: usize) {
    match case {
        // (M,N):(N,1) with M, N, the row stride at run time, by a static
        // layout B: the runtime bench's `compose`.
        "mixed_compose" => {
            let a = Layout::try_new(hlist![d(8), d(8)], hlist![d(8), _1]).unwrap();
            measured(reps, || {
                try_composition(black_box(a), layout!(((4, 8), 2):((16, 1), 8)))
            })
        }
        // The same A by a tiler of two static modes.
        "mixed_compose_tile" => {
            let a = Layout::try_new(hlist![d(8), d(8)], hlist![d(8), _1]).unwrap();
            measured(reps, || try_composition(black_box(a), tile!(4:2, 8)))
        }
        // 4:2 with a run-time extent, up to a run-time cotarget.
        "mixed_complement" => {
            let a = Layout::try_new(hlist![d(4)], hlist![_2]).unwrap();
            let m = d(24);
            measured(reps, || try_complement(black_box(a), black_box(m)))
        }
        // (M,N):(1,M), column-major of run-time size, by <4:1, 8:2>.
        "mixed_logical_divide" => {
            let a = Layout::try_new(hlist![d(128), d(256)], hlist![_1, d(128)]).unwrap();
            measured(reps, || try_logical_divide(black_box(a), tile!(4:1, 8:2)))
        }
        "mixed_zipped_divide" => {
            let a = Layout::try_new(hlist![d(128), d(256)], hlist![_1, d(128)]).unwrap();
            measured(reps, || try_zipped_divide(black_box(a), tile!(4:1, 8:2)))
        }
        _ => panic!("unknown case {case}"),
    }
}
