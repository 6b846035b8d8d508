//! Tensors: 001's Table 2 (copy) and Table 3 (GEMM) with static and dynamic
//! layouts against plain loops; the exactly-once properties of `local_tile`,
//! `local_partition` and `tv_partition`; copy through random layout pairs.

use layout_algebra::runtime;
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// `dst[D(i)] = src[S(i)]` by the runtime layer's layouts: the definition.
fn copy_by_definition(src: &[i64], s: &str, dst: &mut [i64], d: &str) {
    let (s, d): (runtime::Layout, runtime::Layout) = (s.parse().unwrap(), d.parse().unwrap());
    assert_eq!(s.size().unwrap(), d.size().unwrap());
    for i in 0..s.size().unwrap() {
        dst[d.call(i).unwrap() as usize] = src[s.call(i).unwrap() as usize];
    }
}

fn iota(n: usize) -> Vec<i64> {
    (0..n as i64).map(|x| x * 7 + 1).collect()
}

/// Copies with a static source and destination layout and checks the result
/// against the definition; then the same with every leaf dynamic.
macro_rules! table2 {
    ($name:ident, $s:tt : $sd:tt, $d:tt : $dd:tt, $ns:expr, $nd:expr) => {
        #[test]
        fn $name() {
            let src = iota($ns);
            let mut want = vec![0; $nd];
            copy_by_definition(
                &src,
                stringify!($s:$sd),
                &mut want,
                stringify!($d:$dd),
            );
            let mut got = vec![0; $nd];
            let ts = make_tensor(&src[..], layout!($s:$sd)).unwrap();
            let mut td = make_tensor(&mut got[..], layout!($d:$dd)).unwrap();
            copy(&ts, &mut td);
            assert_eq!(got, want, "static");
        }
    };
}

table2!(copy_1d, 8:1, 8:1, 8, 8);
table2!(copy_nd, (8,2,3):(1,16,32), (8,2,3):(1,16,32), 96, 96);
table2!(copy_gather, (2,3,2):(42,1,128), 12:1, 173, 12);
table2!(copy_scatter, 12:1, (2,3,2):(42,1,128), 12, 173);
table2!(copy_broadcast, 7:0, 7:1, 1, 7);
table2!(copy_constant, 7:0, 7:0, 1, 1);
table2!(copy_transpose, (8,3):(1,8), (8,3):(3,1), 24, 24);
table2!(copy_tensor_transpose, (8,(3,5)):(1,(57,8)), (8,15):(1,8), 1 + 7 + 2 * 57 + 4 * 8, 120);

// Leading leaves contiguous in both tensors: copied as runs.
table2!(copy_runs_whole, (8,4):(1,8), (8,4):(1,8), 32, 32);
table2!(copy_runs_padded_rows, (8,4):(1,16), (8,4):(1,8), 56, 32);
table2!(copy_runs_prefix, (2,3,4):(1,2,12), (2,3,4):(1,2,6), 42, 24);
table2!(copy_runs_unit_leaves, (4,1,2):(1,9,4), (4,1,2):(1,0,4), 8, 8);
table2!(copy_runs_hierarchical, ((2,4),3):((1,2),10), ((2,4),3):((1,2),8), 28, 24);
table2!(copy_runs_other_nesting, ((2,4),3):((1,2),8), (2,(4,3)):(1,(2,10)), 24, 28);
table2!(copy_runs_broadcast_source, (4,3):(1,0), (4,3):(1,4), 4, 12);
table2!(copy_runs_repeated_destination, (4,3):(1,4), (4,3):(1,0), 12, 4);
table2!(copy_runs_source_only, (4,2):(1,4), (4,2):(2,1), 8, 8);
table2!(copy_runs_destination_only, (4,2):(2,1), (4,2):(1,4), 8, 8);

/// `dst[D(i) - low(D)] = src[S(i) - low(S)]`: the definition for layouts
/// with negative strides (the slices start at the lowest offsets).
fn copy_by_definition_low(src: &[i64], s: &str, dst: &mut [i64], d: &str) {
    let (s, d): (runtime::Layout, runtime::Layout) = (s.parse().unwrap(), d.parse().unwrap());
    let low = |l: &runtime::Layout| {
        (0..l.size().unwrap())
            .map(|i| l.call(i).unwrap())
            .min()
            .unwrap()
    };
    let (ls, ld) = (low(&s), low(&d));
    for i in 0..s.size().unwrap() {
        dst[(d.call(i).unwrap() - ld) as usize] = src[(s.call(i).unwrap() - ls) as usize];
    }
}

#[test]
fn copy_runs_with_negative_and_dynamic_strides() {
    macro_rules! case {
        ($ls:expr, $ts:literal, $ld:expr, $td:literal, $ns:expr, $nd:expr) => {{
            let src = iota($ns);
            let mut want = vec![0; $nd];
            copy_by_definition_low(&src, $ts, &mut want, $td);
            let mut got = vec![0; $nd];
            let ts = make_tensor(&src[..], $ls).unwrap();
            let mut td = make_tensor(&mut got[..], $ld).unwrap();
            copy(&ts, &mut td);
            assert_eq!(got, want, "{} -> {}", $ts, $td);
        }};
    }
    // Runs of 4 whose starts walk backwards, in either tensor.
    case!(
        layout!((4,2):(1,-4)),
        "(4,2):(1,-4)",
        layout!((4,2):(1,4)),
        "(4,2):(1,4)",
        8,
        8
    );
    case!(
        layout!((4,2):(1,4)),
        "(4,2):(1,4)",
        layout!((4,2):(1,-4)),
        "(4,2):(1,-4)",
        8,
        8
    );
    // A reversed leaf is no run: element by element.
    case!(
        layout!((4,2):(-1,4)),
        "(4,2):(-1,4)",
        layout!((4,2):(1,4)),
        "(4,2):(1,4)",
        8,
        8
    );
    // Run-time strides: runs of 8 (padded rows), of 24 (whole), none (zero stride).
    let (p, c, z) = (black(16), black(8), black(0));
    case!(
        layout!((8,4):(1,{p})).unwrap(),
        "(8,4):(1,16)",
        layout!((8,4):(1,{c})).unwrap(),
        "(8,4):(1,8)",
        56,
        32
    );
    case!(
        layout!((8,{3}):(1,{c})).unwrap(),
        "(8,3):(1,8)",
        layout!((8,3):(1,8)),
        "(8,3):(1,8)",
        24,
        24
    );
    case!(
        layout!((8,3):({z},8)).unwrap(),
        "(8,3):(0,8)",
        layout!((8,3):(1,8)),
        "(8,3):(1,8)",
        17,
        24
    );
    case!(
        layout!((8,3):(1,{p})).unwrap(),
        "(8,3):(1,16)",
        layout!((8,3):(1,{z})).unwrap(),
        "(8,3):(1,0)",
        40,
        8
    );
}

/// A value the optimizer cannot see through (for run-time strides).
fn black(x: i64) -> i64 {
    std::hint::black_box(x)
}

#[test]
fn swizzled_tensors_copy_element_by_element() {
    // The inner layout is contiguous, the swizzle is not: no runs.
    let gmem: Vec<i64> = (0..512).map(|x| x * 5 + 2).collect();
    let src = make_tensor(&gmem[..], layout!((64,8):(1,64))).unwrap();
    let sw = composition(Swizzle::<3, 2, 3>::new(), layout!((64,8):(1,64)));
    let mut smem = vec![0i64; 512];
    let mut dst = make_tensor(&mut smem[..], sw).unwrap();
    copy(&src, &mut dst);
    for i in 0..64usize {
        for j in 0..8usize {
            assert_eq!(dst[(i, j)], gmem[i + 64 * j]);
        }
    }
    assert_ne!(smem, gmem); // the swizzle moved elements
    let mut back = vec![0i64; 512];
    let mut tb = make_tensor(&mut back[..], layout!((64,8):(1,64))).unwrap();
    let dst = make_tensor(&smem[..], sw).unwrap();
    copy(&dst, &mut tb);
    assert_eq!(back, gmem);
}

#[test]
fn identity_tensors_copy_element_by_element() {
    // A contiguous destination of coordinates; the source holds no memory.
    let id = make_identity_tensor(frunk_core::hlist![_4, _2]);
    let mut buf = [Default::default(); 8];
    let mut t = make_tensor(&mut buf[..], layout!((4,2):(1,4))).unwrap();
    copy(&id, &mut t);
    assert_eq!(buf[5].as_slice(), &[1, 1]);
    assert_eq!(buf[7].as_slice(), &[3, 1]);
}

#[test]
fn table2_with_dynamic_layouts() {
    // Gather and tensor transpose with run-time strides.
    let (a, b, c) = (42, 57, 8);
    let src = iota(173);
    let mut want = vec![0; 12];
    copy_by_definition(&src, "(2,3,2):(42,1,128)", &mut want, "12:1");
    let mut got = vec![0; 12];
    let ts = make_tensor(&src[..], layout!((2,3,2):({a},1,128)).unwrap()).unwrap();
    let mut td = make_tensor(&mut got[..], layout!(({12}):(1)).unwrap()).unwrap();
    copy(&ts, &mut td);
    assert_eq!(got, want);

    let src = iota(1 + 7 + 2 * 57 + 4 * 8);
    let mut want = vec![0; 120];
    copy_by_definition(&src, "(8,(3,5)):(1,(57,8))", &mut want, "(8,15):(1,8)");
    let mut got = vec![0; 120];
    let ts = make_tensor(&src[..], layout!((8,(3,5)):(1,({b},{c}))).unwrap()).unwrap();
    let mut td = make_tensor(&mut got[..], layout!((8,{15}):(1,8)).unwrap()).unwrap();
    copy(&ts, &mut td);
    assert_eq!(got, want);

    // A dynamic size mismatch is the runtime layer's error.
    let mut small = [0; 11];
    let mut td = make_tensor(&mut small[..], layout!(({11}):(1)).unwrap()).unwrap();
    let ts = make_tensor(&src[..12], layout!(12:1)).unwrap();
    let e = try_copy(&ts, &mut td).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::SizeMismatch);
    assert_eq!(
        e.to_string(),
        "copy: sizes must match: size 11 where 12 is required"
    );
}

#[test]
fn storage_must_cover_the_layout() {
    let data = [0i64; 172];
    let e = make_tensor(&data[..], layout!((2,3,2):(42,1,128))).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::StorageTooSmall);
    // Negative strides: the slice starts at the lowest offset.
    let data = iota(24);
    let t = make_tensor(&data[..], layout!((4,6):(-1,4))).unwrap();
    assert_eq!(t[(0usize, 0usize)], data[3]);
    assert_eq!(t[(3usize, 5usize)], data[20]);
    assert!(make_tensor(&data[..23], layout!((4,6):(-1,4))).is_err());
}

#[test]
fn make_tensors_checks_every_engine_as_make_tensor_does() {
    let (src, mut dst) = (iota(173), vec![0i64; 12]);
    let (s, mut d) = make_tensors((
        (&src[..], layout!((2,3,2):(42,1,128))),
        (&mut dst[..], layout!(12:1)),
    ));
    copy(&s, &mut d);
    let mut want = vec![0i64; 12];
    copy_by_definition(&src, "(2,3,2):(42,1,128)", &mut want, "12:1");
    assert_eq!(dst, want);
    // Three at once, one with a negative stride (the slice starts at its lowest offset).
    let (a, b, c) = (iota(8), iota(24), iota(2));
    let (ta, tb, tc) = make_tensors((
        (&a[..], layout!(8:1)),
        (&b[..], layout!((4,6):(-1,4))),
        (&c[..], layout!(2:1)),
    ));
    assert_eq!(
        (ta[7usize], tb[(0usize, 0usize)], tc[1usize]),
        (a[7], b[3], c[1])
    );
}

#[test]
#[should_panic(expected = "make_tensors: storage must cover the layout's offsets: \
    tensor 1 of 2: 11 elements for 12:1, whose offsets span 12")]
fn make_tensors_names_the_engine_too_small() {
    let (src, dst) = (iota(173), iota(11));
    let _ = make_tensors((
        (&src[..], layout!((2,3,2):(42,1,128))),
        (&dst[..], layout!(12:1)),
    ));
}

#[test]
#[should_panic(expected = "make_tensors: storage must cover the layout's offsets: \
    tensor 2 of 3: 23 elements for (4,6):(-1,4), whose offsets span 24")]
fn make_tensors_names_the_engine_too_small_of_three() {
    let (a, b) = (iota(8), iota(23));
    let _ = make_tensors((
        (&a[..], layout!(8:1)),
        (&a[..], layout!(8:1)),
        (&b[..], layout!((4,6):(-1,4))),
    ));
}

#[test]
fn try_local_partition_checks_a_dynamic_thread_layout_at_run_time() {
    use layout_algebra::typelevel::frunk_core::hlist;
    let data = iota(64);
    let l = Layout::try_new(hlist![Dyn(8), Dyn(8)], hlist![_1, Dyn(8)]).unwrap();
    let a = make_tensor(&data[..], l).unwrap();
    // 4×2 threads numbered row-major at run time: the static layout's partition.
    let threads = Layout::try_new(hlist![_4, _2], hlist![Dyn(2), Dyn(1)]).unwrap();
    for t in 0..8 {
        let (p, q) = (
            try_local_partition(a, threads, t).unwrap(),
            try_local_partition(a, layout!((4,2):(2,1)), t).unwrap(),
        );
        assert_eq!(p.layout().to_string(), q.layout().to_string());
        for i in 0..size(p.layout()).value() as usize {
            assert_eq!(p[i], q[i]);
        }
    }
    // As CuTe C++ (`Layout<Shape<_4,_2>, Stride<int,int>>(2, 1)`): thread 5 is
    // (2,1), its elements rows 2 and 6 of columns 1, 3, 5, 7.
    let p = try_local_partition(a, threads, 5).unwrap();
    assert_eq!(p.layout().to_string(), "(2,4):(4,16)");
    assert_eq!((p[0usize], p[7usize]), (data[2 + 8], data[6 + 7 * 8]));
    // Overlap: coordinates (1,0) and (0,1) are both thread 2.
    let meet = Layout::try_new(hlist![_4, _2], hlist![Dyn(2), Dyn(2)]).unwrap();
    let e = try_local_partition(a, meet, 0).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NotBijective);
    assert_eq!(
        e.to_string(),
        "local_partition: the layout must cover its range exactly once: sorted by stride, \
         the mode 4:2 of (4,2):(2,2) has stride 2 where the modes below it cover [0, 1) \
         (a smaller stride makes two threads meet, a larger one leaves a gap)"
    );
    // Gap: offsets 4..8 of (4,2):(1,8) are nobody's.
    let gap = Layout::try_new(hlist![_4, _2], hlist![Dyn(1), Dyn(8)]).unwrap();
    let e = try_local_partition(a, gap, 0).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NotBijective);
    assert!(e.to_string().contains(
        "the mode 2:8 of (4,2):(1,8) has stride 8 where the modes below it cover [0, 4)"
    ));
    // A broadcast mode (stride 0) and a negative stride.
    for d in [hlist![Dyn(1), Dyn(0)], hlist![Dyn(-1), Dyn(4)]] {
        let t = Layout::try_new(hlist![_4, _2], d).unwrap();
        assert_eq!(
            try_local_partition(a, t, 0).unwrap_err().kind(),
            runtime::ErrorKind::NotBijective
        );
    }
}

#[test]
fn try_tv_partition_with_dynamic_leaves_equals_the_static_twin() {
    use layout_algebra::typelevel::frunk_core::hlist;
    let data: Vec<i64> = (0..32).collect();
    let tile = make_tensor(&data[..], layout!((8,4):(4,1))).unwrap(); // row-major 8×4
    let l = Layout::try_new(hlist![Dyn(8), Dyn(4)], hlist![Dyn(4), _1]).unwrap();
    let dyn_tile = make_tensor(&data[..], l).unwrap();
    // ((4,2),(2,2)):((2,16),(1,8)): 8 threads × 4 values, two extents and two strides Dyn.
    let tv = Layout::try_new(
        hlist![hlist![Dyn(4), _2], hlist![_2, Dyn(2)]],
        hlist![hlist![Dyn(2), _16], hlist![_1, Dyn(8)]],
    )
    .unwrap();
    let mut seen = [0; 32];
    for thr in 0..8 {
        let q = tv_partition(tile, layout!(((4,2),(2,2)):((2,16),(1,8))), thr);
        let p = try_tv_partition(tile, tv, thr).unwrap();
        let r = try_tv_partition(dyn_tile, tv, thr).unwrap();
        assert_eq!((size(p.layout()).value(), size(r.layout()).value()), (4, 4));
        for v in 0..4usize {
            assert_eq!((p[v], r[v]), (q[v], q[v]), "thread {thr}, value {v}");
        }
        for v in 0..4usize {
            seen[q[v] as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1));
    // As CuTe C++ (`int` leaves): thread 5 holds 10, 14, 11, 15.
    let p = try_tv_partition(dyn_tile, tv, 5).unwrap();
    assert_eq!(
        format!("{:#}", p.layout()),
        "(((2,1),(1,2))):(((4,1),(32,1)))"
    );
    assert_eq!(
        [p[0usize], p[1usize], p[2usize], p[3usize]],
        [10, 14, 11, 15]
    );
    assert_eq!(
        try_tv_partition(dyn_tile, tv, 8).unwrap_err().kind(),
        runtime::ErrorKind::OutOfBounds
    );
}

#[test]
fn try_tv_partition_refuses_overlaps_gaps_and_other_sizes() {
    use layout_algebra::typelevel::frunk_core::hlist;
    let data = iota(32);
    let tile = make_tensor(&data[..], layout!((8,4):(4,1))).unwrap();
    let tv = |d: [i64; 3]| {
        Layout::try_new(
            hlist![hlist![Dyn(4), _2], hlist![_2, Dyn(2)]],
            hlist![hlist![Dyn(d[0]), Dyn(d[1])], hlist![_1, Dyn(d[2])]],
        )
        .unwrap()
    };
    // Two threads write one element: the value stride 4 lands in thread
    // stride 2's range (CuTe C++ reads past the tile for threads 2, 3, 6, 7).
    let e = try_tv_partition(tile, tv([2, 16, 4]), 0).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NotBijective);
    assert_eq!(
        e.to_string(),
        "tv_partition: the layout must cover its range exactly once: sorted by stride, \
         the mode 2:4 of ((4,2),(2,2)):((2,16),(1,4)) has stride 4 where the modes below it \
         cover [0, 8) (a smaller stride makes two threads meet, a larger one leaves a gap)"
    );
    // An element nobody writes: offsets 16..32 stay empty.
    let e = try_tv_partition(tile, tv([2, 8, 32]), 0).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NotBijective);
    assert!(e.to_string().contains("the mode 2:32 of"), "{e}");
    // Exact, but of another size than the tile: 16 of its 32 elements.
    let half = Layout::try_new(
        hlist![hlist![Dyn(4), _2], _2],
        hlist![hlist![Dyn(2), _8], _1],
    );
    let e = try_tv_partition(tile, half.unwrap(), 0).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::SizeMismatch);
}

/// `C(m,n) += Σ A(m,k)·B(n,k)` by plain loops over the runtime layouts.
fn gemm_by_definition(a: &[i64], la: &str, b: &[i64], lb: &str, c: &mut [i64], lc: &str) {
    let [la, lb, lc]: [runtime::Layout; 3] = [la, lb, lc].map(|s| s.parse().unwrap());
    let (m, k) = (
        la.mode(0).unwrap().size().unwrap(),
        la.mode(1).unwrap().size().unwrap(),
    );
    let n = lb.mode(0).unwrap().size().unwrap();
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                let ia = at2(&la, mm, kk);
                let ib = at2(&lb, nn, kk);
                let ic = at2(&lc, mm, nn);
                c[ic] += a[ia] * b[ib];
            }
        }
    }
}

/// `L(i, j)` of a rank-2 runtime layout.
fn at2(l: &runtime::Layout, i: i64, j: i64) -> usize {
    (l.mode(0).unwrap().call(i).unwrap() + l.mode(1).unwrap().call(j).unwrap()) as usize
}

macro_rules! table3 {
    ($name:ident, $a:tt : $ad:tt, $b:tt : $bd:tt, $c:tt : $cd:tt, $na:expr, $nb:expr, $nc:expr) => {
        #[test]
        fn $name() {
            let (a, b) = (iota($na), iota($nb));
            let mut want = vec![1; $nc];
            gemm_by_definition(
                &a,
                stringify!($a:$ad),
                &b,
                stringify!($b:$bd),
                &mut want,
                stringify!($c:$cd),
            );
            let mut got = vec![1; $nc];
            let ta = make_tensor(&a[..], layout!($a:$ad)).unwrap();
            let tb = make_tensor(&b[..], layout!($b:$bd)).unwrap();
            let mut tc = make_tensor(&mut got[..], layout!($c:$cd)).unwrap();
            gemm(&ta, &tb, &mut tc);
            assert_eq!(got, want);
        }
    };
}

// M = 6, N = 4, K = 5; leading dimensions padded.
table3!(gemm_nt, (6,5):(1,8), (4,5):(1,5), (6,4):(1,7), 40, 25, 28);
table3!(gemm_tn, (6,5):(7,1), (4,5):(6,1), (6,4):(1,6), 42, 24, 24);
table3!(gemm_ntt, (4,5):(1,4), (6,5):(1,6), (4,6):(1,4), 20, 30, 24);
table3!(gemm_blis, (6,5):(3,19), (4,5):(2,9), (6,4):(5,31), 5 * 3 + 4 * 19 + 1, 3 * 2 + 4 * 9 + 1, 5 * 5 + 3 * 31 + 1);
table3!(gemm_gett_m, ((2,3),5):((1,4),13), (4,5):(5,1), ((2,3),4):((1,3),7), 1 + 8 + 52 + 1, 20, 1 + 6 + 21 + 1);
// 001 prints the stride of this row as `((W,X),1)`, not congruent with its shape
// `(M,(K1,K2))`; the congruent reading groups the reduction modes: `(1,(W,X))`.
table3!(gemm_gett_k, (6,(5,2)):(1,(7,40)), (4,(5,2)):(1,(5,30)), (6,4):(1,6), 5 + 28 + 40 + 1, 3 + 20 + 30 + 1, 24);

#[test]
fn table3_with_dynamic_layouts() {
    let (lda, ldb, ldc) = (8, 5, 7);
    let (a, b) = (iota(40), iota(25));
    let mut want = vec![1; 28];
    gemm_by_definition(
        &a,
        "(6,5):(1,8)",
        &b,
        "(4,5):(1,5)",
        &mut want,
        "(6,4):(1,7)",
    );
    let mut got = vec![1; 28];
    let ta = make_tensor(&a[..], layout!(({6},{5}):(1,{lda})).unwrap()).unwrap();
    let tb = make_tensor(&b[..], layout!((4,5):(1,{ldb})).unwrap()).unwrap();
    let mut tc = make_tensor(&mut got[..], layout!((6,{4}):(1,{ldc})).unwrap()).unwrap();
    gemm(&ta, &tb, &mut tc);
    assert_eq!(got, want);
}

#[test]
#[should_panic(expected = "gemm: sizes must match: K is 4 in B where A has 3")]
fn dynamic_gemm_mismatch_panics() {
    let (a, b, mut c) = ([0; 6], [0; 8], [0; 4]);
    let ta = make_tensor(&a[..], layout!((2, { 3 })).unwrap()).unwrap();
    let tb = make_tensor(&b[..], layout!((2, { 4 })).unwrap()).unwrap();
    let mut tc = make_tensor(&mut c[..], layout!((2, 2))).unwrap();
    gemm(&ta, &tb, &mut tc);
}

#[test]
fn batched_gemm_matches_per_batch_gemm() {
    let (a, b) = (iota(2 * 3 * 4), iota(5 * 3 * 4));
    let mut got = vec![0; 2 * 5 * 4];
    let ta = make_tensor(&a[..], layout!((2, 3, 4))).unwrap();
    let tb = make_tensor(&b[..], layout!((5, 3, 4))).unwrap();
    let mut tc = make_tensor(&mut got[..], layout!((2, 5, 4))).unwrap();
    gemm_batched(&ta, &tb, &mut tc);
    let mut want = vec![0; 40];
    for l in 0..4 {
        let mut cw = vec![0; 10];
        gemm_by_definition(
            &a[6 * l..],
            "(2,3):(1,2)",
            &b[15 * l..],
            "(5,3):(1,5)",
            &mut cw,
            "(2,5):(1,2)",
        );
        want[10 * l..10 * l + 10].copy_from_slice(&cw);
    }
    assert_eq!(got, want);
}

#[test]
fn local_tile_covers_the_tensor_once() {
    let data: Vec<i64> = (0..48).collect();
    let a = make_tensor(&data[..], layout!((8,6):(6,1))).unwrap();
    let mut seen = [0; 48];
    for bm in 0..4usize {
        for bn in 0..2usize {
            let t = local_tile(a, tile!(2, 3), (bm, bn));
            assert_eq!(t.layout().to_string(), "(2,3):(6,1)");
            for i in 0..2usize {
                for j in 0..3usize {
                    assert_eq!(t[(i, j)], a[(bm * 2 + i, bn * 3 + j)]);
                    seen[t[(i, j)] as usize] += 1;
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n == 1));
}

#[test]
fn local_partition_covers_the_tile_once() {
    let data: Vec<i64> = (0..64).collect();
    let a = make_tensor(&data[..], layout!((8, 8))).unwrap();
    for threads in [0, 1] {
        let mut seen = [0; 64];
        for thr in 0..32 {
            let mine: Vec<i64> = if threads == 0 {
                let p = local_partition(a, layout!((4,8):(8,1)), thr);
                (0..p.len()).map(|i| p.read(i)).collect()
            } else {
                let p = local_partition(a, layout!((8, 4)), thr);
                (0..p.len()).map(|i| p.read(i)).collect()
            };
            assert_eq!(mine.len(), 2);
            for v in mine {
                seen[v as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
    }
    // CuTe C++: local_partition(8×8, (4,8):(8,1), 9) is (_2,_1):(_4,_0) at 9.
    let p = local_partition(a, layout!((4,8):(8,1)), 9);
    assert_eq!(
        (p.layout().to_string(), p[0usize]),
        ("(2,1):(4,0)".to_string(), 9)
    );
}

#[test]
fn tv_partition_covers_the_tile_once() {
    let data: Vec<i64> = (0..64).collect();
    let tile = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap();
    let mut seen = [0; 64];
    for thr in 0..32 {
        let mine = tv_partition(tile, layout!(((4,8),2):((16,1),8)), thr);
        for v in 0..2usize {
            seen[mine[v] as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1));
    assert!(is_bijection(&layout!(((4,8),2):((16,1),8))));
}

#[test]
fn identity_tensor_tiles_and_partitions_like_data() {
    // Tiled and partitioned alike, the identity tensor names the coordinate of
    // each element a thread holds (what a kernel compares with the bounds).
    let id = make_identity_tensor(frunk_core::hlist![_8, _12]);
    let data: Vec<i64> = (0..96).collect();
    let a = make_tensor(&data[..], layout!((8, 12))).unwrap();
    for (bm, bn) in [(0usize, 0usize), (1, 2)] {
        let (ti, ta) = (
            local_tile(id, tile!(4, 4), (bm, bn)),
            local_tile(a, tile!(4, 4), (bm, bn)),
        );
        for thr in 0..8 {
            let pi = local_partition(ti, layout!((2, 4)), thr);
            let pa = local_partition(ta, layout!((2, 4)), thr);
            for v in 0..pi.len() {
                let c = pi.read(v);
                assert_eq!(pa.read(v), c[0] + 8 * c[1]);
                assert!(c[0] / 4 == bm as i64 && c[1] / 4 == bn as i64);
            }
        }
    }
    let d = make_identity_tensor(frunk_core::hlist![Dyn(5), Dyn(7)]);
    assert_eq!(d.load((4usize, 6usize)).as_slice(), &[4, 6]);
    assert_eq!(d.load(34usize).as_slice(), &[4, 6]);
}

#[test]
fn fragments_and_fill() {
    let mut f = make_fragment::<i32, _, _>(layout!((2,(2,2)):(1,(4,2))));
    fill(&mut f, 3);
    assert_eq!(f.data(), &[3; 8]);
    f[(1usize, (1usize, 1usize))] = 9;
    assert_eq!(f.data()[1 + 4 + 2], 9);
    let data = [0.5f32; 24];
    let t = make_tensor(&data[..], layout!((4,6):(6,1))).unwrap();
    let g = make_fragment_like(&t);
    assert_eq!(g.layout().to_string(), "(4,6):(1,4)");
    assert_eq!(core::mem::size_of_val(g.data()), 24 * 4);
}

#[test]
fn slices_are_views() {
    let mut buf: Vec<i64> = (0..24).collect();
    let mut t = make_tensor(&mut buf[..], layout!((4,(3,2)):(6,(2,1)))).unwrap();
    let row = t.slice((2usize, __));
    assert_eq!(row.layout().to_string(), "((3,2)):((2,1))"); // as CuTe C++
    assert_eq!(row[((1usize, 1usize),)], 12 + 2 + 1);
    assert_eq!(row[4usize], 12 + 2 + 1); // 4 = (1,1)
    let mut col = t.view_mut().into_slice((__, (1usize, 0usize)));
    fill(&mut col, -1);
    assert_eq!(buf.iter().filter(|&&x| x == -1).count(), 4);
    assert_eq!(buf[2], -1);
}

/// A flat layout as `(extent, stride)` pairs.
type Flat = Vec<(i64, i64)>;

fn layout_pair() -> impl Strategy<Value = (Flat, Flat)> {
    // Two flat layouts of one size 24 with random strides and orders.
    let shapes = prop_oneof![
        Just(vec![2, 3, 4]),
        Just(vec![4, 6]),
        Just(vec![24]),
        Just(vec![3, 2, 2, 2])
    ];
    (shapes.clone(), shapes, any::<u64>()).prop_map(|(s, d, seed)| {
        let strides = |s: &Vec<i64>, seed: u64| -> Flat {
            let mut x = seed;
            s.iter()
                .map(|&e| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (e, ((x >> 33) % 9) as i64 - 2)
                })
                .collect()
        };
        (strides(&s, seed), strides(&d, seed ^ 0x9e37))
    })
}

fn text(l: &[(i64, i64)]) -> String {
    let s: Vec<String> = l.iter().map(|(e, _)| e.to_string()).collect();
    let d: Vec<String> = l.iter().map(|(_, d)| d.to_string()).collect();
    format!("({}):({})", s.join(","), d.join(","))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Copy through a random pair of dynamic rank-2..4 layouts equals the
    /// element-wise definition (destinations with repeated offsets keep the
    /// last write, as the definition does).
    #[test]
    fn copy_through_random_layouts((s, d) in layout_pair()) {
        let (ls, ld): (runtime::Layout, runtime::Layout) = (text(&s).parse().unwrap(), text(&d).parse().unwrap());
        let (ns, nd) = (ls.cosize().unwrap() as usize, ld.cosize().unwrap() as usize);
        let src = iota(ns);
        let low = |l: &[(i64, i64)]| l.iter().map(|(e, d)| (e - 1) * d.min(&0)).sum::<i64>();
        let mut want = vec![0; nd];
        for i in 0..24 {
            want[(ld.call(i).unwrap() - low(&d)) as usize] = src[(ls.call(i).unwrap() - low(&s)) as usize];
        }
        let mut got = vec![0; nd];
        macro_rules! go {
            ($ts:expr, $td:expr) => {{
                let ts = make_tensor(&src[..], $ts).unwrap();
                let mut td = make_tensor(&mut got[..], $td).unwrap();
                copy(&ts, &mut td);
            }};
        }
        let (sd, dd) = (|k: usize| Dyn(s[k].1), |k: usize| Dyn(d[k].1));
        match (s.len(), d.len()) {
            (3, 2) => go!(Layout::try_new(frunk_core::hlist![_2, _3, _4], frunk_core::hlist![sd(0), sd(1), sd(2)]).unwrap(),
                          Layout::try_new(frunk_core::hlist![_4, _6], frunk_core::hlist![dd(0), dd(1)]).unwrap()),
            (2, 3) => go!(Layout::try_new(frunk_core::hlist![_4, _6], frunk_core::hlist![sd(0), sd(1)]).unwrap(),
                          Layout::try_new(frunk_core::hlist![_2, _3, _4], frunk_core::hlist![dd(0), dd(1), dd(2)]).unwrap()),
            (1, 4) => go!(Layout::try_new(frunk_core::hlist![_24], frunk_core::hlist![sd(0)]).unwrap(),
                          Layout::try_new(frunk_core::hlist![_3, _2, _2, _2], frunk_core::hlist![dd(0), dd(1), dd(2), dd(3)]).unwrap()),
            (4, 1) => go!(Layout::try_new(frunk_core::hlist![_3, _2, _2, _2], frunk_core::hlist![sd(0), sd(1), sd(2), sd(3)]).unwrap(),
                          Layout::try_new(frunk_core::hlist![_24], frunk_core::hlist![dd(0)]).unwrap()),
            // One shape on both sides: the two layouts are walked together.
            (2, 2) => go!(Layout::try_new(frunk_core::hlist![_4, _6], frunk_core::hlist![sd(0), sd(1)]).unwrap(),
                          Layout::try_new(frunk_core::hlist![_4, _6], frunk_core::hlist![dd(0), dd(1)]).unwrap()),
            (3, 3) => go!(Layout::try_new(frunk_core::hlist![_2, _3, _4], frunk_core::hlist![sd(0), sd(1), sd(2)]).unwrap(),
                          Layout::try_new(frunk_core::hlist![_2, _3, _4], frunk_core::hlist![dd(0), dd(1), dd(2)]).unwrap()),
            _ => return Ok(()),
        }
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Copy between two dynamic `(2,3,4)` layouts whose first `p` leaves are
    /// compact in both (runs of 1, 2, 6 or 24 elements, moved as chunks) and
    /// whose other strides are random, negative and zero included.
    #[test]
    fn copy_runs_through_random_layouts(p in 0usize..4, seed in any::<u64>()) {
        let strides = |seed: u64| -> Flat {
            let (mut x, mut run) = (seed, 1);
            [2i64, 3, 4]
                .iter()
                .enumerate()
                .map(|(k, &e)| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let d = if k < p { run } else { ((x >> 33) % 9) as i64 - 2 };
                    run *= e;
                    (e, d)
                })
                .collect()
        };
        let (s, d) = (strides(seed), strides(seed ^ 0x9e37));
        let (ls, ld): (runtime::Layout, runtime::Layout) = (text(&s).parse().unwrap(), text(&d).parse().unwrap());
        let (ns, nd) = (ls.cosize().unwrap() as usize, ld.cosize().unwrap() as usize);
        let src = iota(ns);
        let low = |l: &[(i64, i64)]| l.iter().map(|(e, d)| (e - 1) * d.min(&0)).sum::<i64>();
        let mut want = vec![0; nd];
        for i in 0..24 {
            want[(ld.call(i).unwrap() - low(&d)) as usize] = src[(ls.call(i).unwrap() - low(&s)) as usize];
        }
        let mut got = vec![0; nd];
        let (sd, dd) = (|k: usize| Dyn(s[k].1), |k: usize| Dyn(d[k].1));
        let ts = make_tensor(&src[..], Layout::try_new(frunk_core::hlist![_2, _3, _4], frunk_core::hlist![sd(0), sd(1), sd(2)]).unwrap()).unwrap();
        let mut td = make_tensor(&mut got[..], Layout::try_new(frunk_core::hlist![_2, _3, _4], frunk_core::hlist![dd(0), dd(1), dd(2)]).unwrap()).unwrap();
        copy(&ts, &mut td);
        prop_assert_eq!(got, want);
    }
}

#[test]
fn swizzled_tiles_round_trip_and_match_the_runtime() {
    let gmem: Vec<i64> = (0..512).map(|x| x * 3 + 1).collect();
    let src = make_tensor(&gmem[..], layout!((8,64):(64,1))).unwrap();
    macro_rules! case {
        ($sw:expr, $off:expr, $text:literal) => {{
            let sw = make_composed_layout($sw, $off, layout!((8,64):(64,1)));
            let rt: runtime::ComposedLayout = $text.parse().unwrap();
            let mut smem = vec![0i64; 1024];
            let mut dst = make_tensor(&mut smem[..], sw).unwrap();
            copy(&src, &mut dst);
            for i in 0..8usize {
                for j in 0..64usize {
                    assert_eq!(dst[(i, j)], gmem[i * 64 + j], "{}", $text);
                }
            }
            let origin = dst.origin() as i64;
            for i in 0..512 {
                assert_eq!(smem[(origin + rt.call(i).unwrap()) as usize], src.read(i as usize));
            }
            let mut back = vec![0i64; 512];
            let mut tb = make_tensor(&mut back[..], layout!((8,64):(64,1))).unwrap();
            let dst = make_tensor(&smem[..], sw).unwrap();
            copy(&dst, &mut tb);
            assert_eq!(back, gmem);
        }};
    }
    case!(
        Swizzle::<3, 4, 3>::new(),
        _0,
        "Sw<3,4,3> o 0 o (8,64):(64,1)"
    );
    case!(
        Swizzle::<2, 3, -3>::new(),
        _0,
        "Sw<2,3,-3> o 0 o (8,64):(64,1)"
    );
    case!(
        Swizzle::<3, 4, 3>::new(),
        int!(16),
        "Sw<3,4,3> o 16 o (8,64):(64,1)"
    );
}

#[test]
fn swizzled_storage_is_checked_by_whole_blocks() {
    // Sw<3,4,3> flips bits 4..6: offsets stay in aligned blocks of 128.
    let sw = composition(Swizzle::<3, 4, 3>::new(), layout!((4,20):(20,1)));
    let smem = [0u8; 127];
    let e = make_tensor(&smem[..], sw).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::StorageTooSmall);
    assert!(make_tensor(&[0u8; 128][..], sw).is_ok());
}

#[test]
#[should_panic(expected = "gemm: sizes must match: L is 3 in B where A has 2")]
fn dynamic_batched_gemm_mismatch_names_the_dimension() {
    let (a, b, mut c) = ([0; 4], [0; 6], [0; 2]);
    let ta = make_tensor(&a[..], layout!((1, 2, { 2 })).unwrap()).unwrap();
    let tb = make_tensor(&b[..], layout!((1, 2, { 3 })).unwrap()).unwrap();
    let mut tc = make_tensor(&mut c[..], layout!((1, 1, { 2 })).unwrap()).unwrap();
    gemm_batched(&ta, &tb, &mut tc);
}

#[test]
fn try_gemm_batched_names_each_dynamic_mismatch_and_leaves_c_unchanged() {
    let (a, b) = (iota(2 * 3 * 2), iota(4 * 3 * 2));
    let ta = make_tensor(&a[..], layout!(({ 2 }, { 3 }, { 2 })).unwrap()).unwrap();
    let tb = make_tensor(&b[..], layout!(({ 4 }, { 3 }, { 2 })).unwrap()).unwrap();
    // Dynamic sizes that agree: the same as the static batched gemm.
    let (mut got, mut want) = (vec![0; 16], vec![0; 16]);
    let mut tc = make_tensor(&mut got[..], layout!(({ 2 }, { 4 }, { 2 })).unwrap()).unwrap();
    try_gemm_batched(&ta, &tb, &mut tc).unwrap();
    let (sa, sb) = (
        make_tensor(&a[..], layout!((2, 3, 2))).unwrap(),
        make_tensor(&b[..], layout!((4, 3, 2))).unwrap(),
    );
    gemm_batched(
        &sa,
        &sb,
        &mut make_tensor(&mut want[..], layout!((2, 4, 2))).unwrap(),
    );
    assert_eq!(got, want);
    // M, N and K disagreeing at run time: named, C untouched.
    let mut c = [7; 24];
    let mut tm = make_tensor(&mut c[..], layout!(({ 3 }, { 4 }, { 2 })).unwrap()).unwrap();
    let e = try_gemm_batched(&ta, &tb, &mut tm).unwrap_err();
    assert_eq!(
        e.to_string(),
        "gemm: sizes must match: M is 3 in C where A has 2"
    );
    let mut tn = make_tensor(&mut c[..], layout!(({ 2 }, { 5 }, { 2 })).unwrap()).unwrap();
    let e = try_gemm_batched(&ta, &tb, &mut tn).unwrap_err();
    assert_eq!(
        e.to_string(),
        "gemm: sizes must match: N is 5 in C where B has 4"
    );
    let tk = make_tensor(&b[..], layout!(({ 4 }, { 2 }, { 2 })).unwrap()).unwrap();
    let mut tc = make_tensor(&mut c[..], layout!(({ 2 }, { 4 }, { 2 })).unwrap()).unwrap();
    let e = try_gemm_batched(&ta, &tk, &mut tc).unwrap_err();
    assert_eq!(
        e.to_string(),
        "gemm: sizes must match: K is 2 in B where A has 3"
    );
    assert!(c.iter().all(|&x| x == 7));
}

#[test]
fn local_tile_of_a_swizzled_tensor_holds_the_tile_s_elements() {
    // Sw<3,4,3> o 16 o (8,64):(64,1) over 1024 elements, tiled 4 x 16: 2 x 4 tiles.
    let sw = make_composed_layout(Swizzle::<3, 4, 3>::new(), int!(16), layout!((8,64):(64,1)));
    let rt: runtime::ComposedLayout = "Sw<3,4,3> o 16 o (8,64):(64,1)".parse().unwrap();
    let data: Vec<i64> = (0..1024).map(|x| x * 5 + 2).collect();
    let a = make_tensor(&data[..], sw).unwrap();
    let mut seen = vec![0; 1024];
    for bm in 0..2usize {
        for bn in 0..4usize {
            let t = local_tile(a, tile!(4, 16), (bm, bn));
            // The runtime's zipped divide sliced at the tile: the same composed layout.
            let want = rt
                .zipped_divide(&tile!(4, 16).to_dynamic())
                .unwrap()
                .slice_keeping_offset(&format!("((_,_),({bm},{bn}))").parse().unwrap())
                .unwrap();
            assert_eq!(t.layout().to_dynamic(), want);
            assert_eq!(
                t.layout().to_string(),
                format!("Sw<3,4,3> o {} o (4,16):(64,1)", 16 + bm * 256 + bn * 16)
            );
            for i in 0..4usize {
                for j in 0..16usize {
                    let (r, c) = (bm * 4 + i, bn * 16 + j);
                    assert_eq!(t[(i, j)], a[(r, c)]);
                    assert_eq!(t[(i, j)], data[sw.call((r, c)) as usize]);
                    seen[sw.call((r, c)) as usize] += 1;
                }
            }
            assert_eq!(t.read(5), a[(bm * 4 + 1, bn * 16 + 1)]);
        }
    }
    assert_eq!(seen.iter().filter(|&&n| n == 1).count(), 512);
    assert!(seen.iter().all(|&n| n <= 1));
    // Writing through a tile changes exactly its elements of shared memory.
    let mut smem = vec![0i64; 1024];
    let b = make_tensor(&mut smem[..], sw).unwrap();
    let mut t = local_tile(b, tile!(4, 16), (1usize, 2usize));
    for i in 0..4usize {
        for j in 0..16usize {
            t[(i, j)] = 7;
        }
    }
    for r in 0..8usize {
        for c in 0..64usize {
            let inside = (4..8).contains(&r) && (32..48).contains(&c);
            assert_eq!(
                smem[sw.call((r, c)) as usize],
                if inside { 7 } else { 0 },
                "({r},{c})"
            );
        }
    }
}

/// Every thread's `local_partition` of a swizzled tile (`$cl`, the runtime's
/// `$text`, shape `$m × $n`) by a `$tm × $tn` thread layout: its layout is the
/// runtime's zipped divide sliced at the thread, its elements those the
/// runtime's composed layout gives at the thread's coordinates, each element
/// in exactly one thread, and writes through the partitions land where reads
/// of the whole tensor see them.
macro_rules! swizzled_local_partition {
    ($cl:expr, $text:literal, ($m:literal, $n:literal), $threads:expr, ($tm:literal, $tn:literal)) => {{
        let cl = $cl;
        let rt: runtime::ComposedLayout = $text.parse().unwrap();
        assert_eq!(cl.to_dynamic(), rt);
        let threads = $threads.to_dynamic();
        let data: Vec<i64> = (0..$m * $n).map(|x| x * 5 + 2).collect();
        let a = make_tensor(&data[..], cl).unwrap();
        // The data starts at the lowest offset reached (the offset's block).
        let at = |x: i64| (x + a.origin() as isize as i64) as usize;
        let (rm, rn) = ($m / $tm, $n / $tn);
        let (mut seen, mut smem) = (vec![0; $m * $n], vec![0i64; $m * $n]);
        for thr in 0..$tm * $tn {
            let k = (0..$tm * $tn)
                .find(|&k| threads.call(k as i64).unwrap() == thr as i64)
                .unwrap();
            let (ta, tb) = (k % $tm, k / $tm);
            let p = local_partition(a, $threads, thr);
            let want = rt
                .zipped_divide(&tile!($tm, $tn).to_dynamic())
                .unwrap()
                .slice_keeping_offset(&format!("(({ta},{tb}),(_,_))").parse().unwrap())
                .unwrap();
            assert_eq!(p.layout().to_dynamic(), want, "{} thread {thr}", $text);
            assert_eq!(p.len(), rm * rn);
            for i in 0..rm {
                for j in 0..rn {
                    let (r, c) = (ta + $tm * i, tb + $tn * j);
                    let x = at(rt.call((r + $m * c) as i64).unwrap());
                    assert_eq!(p[(i, j)], data[x], "{} thread {thr} ({r},{c})", $text);
                    assert_eq!(p[(i, j)], a[(r, c)]);
                    let w = at(want.call((i + rm * j) as i64).unwrap());
                    assert_eq!(p.read(i + rm * j), data[w]);
                    seen[x] += 1;
                }
            }
            let mut b = make_tensor(&mut smem[..], cl).unwrap();
            let mut q = local_partition(b.view_mut(), $threads, thr);
            for k in 0..q.len() {
                q.write(k, thr as i64 + 1);
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{}", $text);
        let b = make_tensor(&smem[..], cl).unwrap();
        for r in 0..$m {
            for c in 0..$n {
                let owner = threads.call(((r % $tm) + $tm * (c % $tn)) as i64).unwrap();
                assert_eq!(b[(r, c)], owner + 1, "{} ({r},{c})", $text);
            }
        }
    }};
}

#[test]
fn local_partition_of_a_swizzled_tile_holds_the_thread_s_elements() {
    swizzled_local_partition!(
        composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1))),
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        (8, 64),
        layout!((4,16):(16,1)),
        (4, 16)
    );
    swizzled_local_partition!(
        composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1))),
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        (8, 64),
        layout!((8, 8)),
        (8, 8)
    );
    swizzled_local_partition!(
        composition(Swizzle::<2, 3, 3>::new(), layout!((16,32):(32,1))),
        "Sw<2,3,3> o 0 o (16,32):(32,1)",
        (16, 32),
        layout!((8, 4)),
        (8, 4)
    );
    swizzled_local_partition!(
        make_composed_layout(
            Swizzle::<2, 3, 3>::new(),
            int!(512),
            layout!((16,32):(32,1))
        ),
        "Sw<2,3,3> o 512 o (16,32):(32,1)",
        (16, 32),
        layout!((4,8):(8,1)),
        (4, 8)
    );
}

/// Every thread's `tv_partition` of a swizzled tile by a thread-value layout
/// `$tv` of `$nt` threads: as `swizzled_local_partition!`, against the
/// runtime's `composition(tile, tv)(thread, _)`.
macro_rules! swizzled_tv_partition {
    ($cl:expr, $text:literal, ($m:literal, $n:literal), $tv:expr, $nt:literal) => {{
        let cl = $cl;
        let rt: runtime::ComposedLayout = $text.parse().unwrap();
        let tv = $tv.to_dynamic();
        let data: Vec<i64> = (0..$m * $n).map(|x| x * 5 + 2).collect();
        let a = make_tensor(&data[..], cl).unwrap();
        let nv = $m * $n / $nt;
        let (mut seen, mut smem, mut owner) =
            (vec![0; $m * $n], vec![0i64; $m * $n], vec![0i64; $m * $n]);
        for thr in 0..$nt {
            let p = tv_partition(a, $tv, thr);
            let want = rt
                .compose(&tv)
                .unwrap()
                .slice_keeping_offset(&format!("({thr},_)").parse().unwrap())
                .unwrap();
            assert_eq!(p.layout().to_dynamic(), want, "{} thread {thr}", $text);
            assert_eq!(p.len(), nv);
            for v in 0..nv {
                let x = tv.call((thr + $nt * v) as i64).unwrap() as usize;
                let (r, c) = (x % $m, x / $m);
                let at = rt.call(x as i64).unwrap() as usize;
                assert_eq!(p.read(v), data[at], "{} thread {thr} value {v}", $text);
                assert_eq!(p.read(v), a[(r, c)]);
                seen[at] += 1;
                owner[x] = thr as i64 + 1;
            }
            let mut b = make_tensor(&mut smem[..], cl).unwrap();
            let mut q = tv_partition(b.view_mut(), $tv, thr);
            for v in 0..nv {
                q.write(v, thr as i64 + 1);
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{}", $text);
        let b = make_tensor(&smem[..], cl).unwrap();
        for r in 0..$m {
            for c in 0..$n {
                assert_eq!(b[(r, c)], owner[r + $m * c], "{} ({r},{c})", $text);
            }
        }
    }};
}

#[test]
fn tv_partition_of_a_swizzled_tile_holds_the_thread_s_values() {
    // 128 threads × 4 values: four consecutive rows of a column each.
    swizzled_tv_partition!(
        composition(Swizzle::<3, 4, 3>::new(), layout!((8,64):(64,1))),
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        (8, 64),
        layout!(((2,64),4):((4,8),1)),
        128
    );
    // 64 threads × 8 values strided by 8 in the tile's 1-D coordinate.
    swizzled_tv_partition!(
        composition(Swizzle::<2, 3, 3>::new(), layout!((16,32):(32,1))),
        "Sw<2,3,3> o 0 o (16,32):(32,1)",
        (16, 32),
        layout!(((8,8),8):((1,64),8)),
        64
    );
}

#[test]
fn partitions_of_a_tile_of_a_swizzled_tensor_keep_its_offset_in_the_swizzle() {
    // Tile (1,2) of Sw<3,4,3> o 16 o (8,64):(64,1) by 4 x 16: Sw<3,4,3> o 304 o
    // (4,16):(64,1), its offset a run-time value.
    let sw = make_composed_layout(Swizzle::<3, 4, 3>::new(), int!(16), layout!((8,64):(64,1)));
    let data: Vec<i64> = (0..1024).map(|x| x * 5 + 2).collect();
    let a = make_tensor(&data[..], sw).unwrap();
    let (r0, c0) = (4, 32);
    let t = local_tile(a, tile!(4, 16), (1usize, 2usize));
    assert_eq!(t.layout().to_string(), "Sw<3,4,3> o 304 o (4,16):(64,1)");
    let mut seen = vec![0; 1024];
    for thr in 0..16usize {
        // Threads (2,8):(8,1): thread thr at (thr / 8, thr % 8), 2 x 2 elements each.
        let p = local_partition(t, layout!((2,8):(8,1)), thr);
        let o = 304 + (thr / 8) * 64 + thr % 8;
        assert_eq!(
            p.layout().to_string(),
            format!("Sw<3,4,3> o {o} o (2,2):(128,8)")
        );
        for i in 0..2usize {
            for j in 0..2usize {
                let (r, c) = (thr / 8 + 2 * i, thr % 8 + 8 * j);
                assert_eq!(p[(i, j)], t[(r, c)]);
                assert_eq!(p[(i, j)], data[sw.call((r0 + r, c0 + c)) as usize]);
                seen[sw.call((r0 + r, c0 + c)) as usize] += 1;
            }
        }
        // 16 threads x 4 values, thread thr's values at 1-D tile coordinates thr + 16v.
        let q = tv_partition(t, layout!((16,4):(1,16)), thr);
        for v in 0..4usize {
            let x = thr + 16 * v;
            assert_eq!(q.read(v), t[(x % 4, x / 4)]);
        }
    }
    assert_eq!(seen.iter().sum::<i32>(), 64);
    assert!(seen.iter().all(|&n| n <= 1));
    // A tile of the tile.
    let u = local_tile(t, tile!(2, 8), (1usize, 1usize));
    assert_eq!(u[(1usize, 3usize)], a[(r0 + 3, c0 + 11)]);
    // Writes through the partitions of the tile land in the tile only.
    let mut smem = vec![0i64; 1024];
    let mut b = make_tensor(&mut smem[..], sw).unwrap();
    let mut tb = local_tile(b.view_mut(), tile!(4, 16), (1usize, 2usize));
    for thr in 0..16usize {
        let mut p = local_partition(tb.view_mut(), layout!((2,8):(8,1)), thr);
        for k in 0..p.len() {
            p.write(k, thr as i64 + 1);
        }
    }
    for r in 0..8usize {
        for c in 0..64usize {
            let inside = (r0..r0 + 4).contains(&r) && (c0..c0 + 16).contains(&c);
            let want = if inside {
                ((r - r0) % 2 * 8 + (c - c0) % 8 + 1) as i64
            } else {
                0
            };
            assert_eq!(smem[sw.call((r, c)) as usize], want, "({r},{c})");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// The run-time exactly-once proof of a layout with `Dyn` leaves agrees
    /// with enumeration: `cover` is `Ok` iff the layout's offsets over its
    /// coordinates are exactly `0..size`, each once. Strides are random, or
    /// the compact strides of the modes in a random order with one of them
    /// moved by `-2..=2` (exact, overlapping, gapped and broadcast layouts).
    #[test]
    fn dynamic_cover_agrees_with_enumeration(
        e in proptest::collection::vec(1i64..5, 3),
        random in proptest::collection::vec(-2i64..17, 3),
        (compact, order, k, delta) in (any::<bool>(), 0usize..6, 0usize..3, -2i64..3),
    ) {
        use layout_algebra::typelevel::frunk_core::hlist;
        let d = if compact {
            let perm = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][order];
            let mut d = vec![0i64; 3];
            let mut p = 1;
            for m in perm {
                d[m] = p;
                p *= e[m];
            }
            d[k] += delta;
            d
        } else {
            random
        };
        let l = Layout::try_new(
            hlist![Dyn(e[0]), Dyn(e[1]), Dyn(e[2])],
            hlist![Dyn(d[0]), Dyn(d[1]), Dyn(d[2])],
        )
        .unwrap();
        let n = e.iter().product::<i64>();
        let mut hits = vec![0; n as usize];
        let mut exact = true;
        for i in 0..n {
            let c = [i % e[0], i / e[0] % e[1], i / (e[0] * e[1])];
            let o = c[0] * d[0] + c[1] * d[1] + c[2] * d[2];
            match usize::try_from(o).ok().filter(|&o| o < hits.len()) {
                Some(o) => hits[o] += 1,
                None => exact = false,
            }
        }
        exact &= hits.iter().all(|&h| h == 1);
        let got = l.cover("local_partition");
        prop_assert_eq!(got.is_ok(), exact, "{}", l);
        if let Err(err) = got {
            prop_assert_eq!(err.kind(), runtime::ErrorKind::NotBijective);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// `try_tv_partition` by a random thread-value layout
    /// `((e₀,e₁),(e₂,e₃)):((d₀,d₁),(d₂,d₃))` of `Dyn` leaves over a tile `n:s`
    /// of its size is `Ok` iff enumerating its `(thread, value)` pairs writes
    /// every element of the tile exactly once, and then each thread holds its
    /// pairs' elements. Strides are random, or compact in a random order with
    /// one of them moved by `-2..=2` (exact, overlapping, gapped, broadcast).
    #[test]
    fn try_tv_partition_agrees_with_enumeration(
        e in proptest::collection::vec(1i64..4, 4),
        random in proptest::collection::vec(-2i64..30, 4),
        (compact, keys, k, delta) in (
            any::<bool>(),
            proptest::collection::vec(any::<u8>(), 4),
            0usize..4,
            -2i64..3,
        ),
        s in 1i64..3,
    ) {
        use layout_algebra::typelevel::frunk_core::hlist;
        let d = if compact {
            let mut order = [0usize, 1, 2, 3];
            order.sort_by_key(|&m| keys[m]);
            let mut d = vec![0i64; 4];
            let mut p = 1;
            for m in order {
                d[m] = p;
                p *= e[m];
            }
            d[k] += delta;
            d
        } else {
            random
        };
        let tv = Layout::try_new(
            hlist![hlist![Dyn(e[0]), Dyn(e[1])], hlist![Dyn(e[2]), Dyn(e[3])]],
            hlist![hlist![Dyn(d[0]), Dyn(d[1])], hlist![Dyn(d[2]), Dyn(d[3])]],
        )
        .unwrap();
        let (threads, values) = (e[0] * e[1], e[2] * e[3]);
        let n = threads * values;
        let at = |thr: i64, v: i64| {
            (thr % e[0]) * d[0] + (thr / e[0]) * d[1] + (v % e[2]) * d[2] + (v / e[2]) * d[3]
        };
        let mut hits = vec![0; n as usize];
        let mut exact = true;
        for thr in 0..threads {
            for v in 0..values {
                match usize::try_from(at(thr, v)).ok().filter(|&o| o < hits.len()) {
                    Some(o) => hits[o] += 1,
                    None => exact = false,
                }
            }
        }
        exact &= hits.iter().all(|&h| h == 1);
        let data: Vec<i64> = (0..n * s).collect();
        let tile = make_tensor(&data[..], Layout::try_new(Dyn(n), Dyn(s)).unwrap()).unwrap();
        for thr in 0..threads {
            match try_tv_partition(tile, tv, thr as usize) {
                Ok(p) => {
                    prop_assert!(exact, "{} accepted", tv);
                    for v in 0..values {
                        prop_assert_eq!(p[v as usize], at(thr, v) * s, "{} ({}, {})", tv, thr, v);
                    }
                }
                Err(err) => {
                    prop_assert!(!exact, "{} refused: {}", tv, err);
                    prop_assert_eq!(err.kind(), runtime::ErrorKind::NotBijective);
                }
            }
        }
    }
}
