//! Tiled MMA: each element of a tile in exactly one thread's partition, the
//! partitions as CuTe defines them (by mode, at the thread's block), and the
//! tiled product on partitions and on packed fragments against the definition.

use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use std::collections::BTreeMap;

/// Every offset of a tensor's layout, each once per coordinate.
fn offsets<L: core::fmt::Display>(l: &L, n: usize, at: impl Fn(usize) -> i64) -> Vec<i64> {
    let _ = l;
    (0..n).map(at).collect()
}

/// For a tiled MMA over a static tile `(BM,BN)`, each element of the tile in
/// exactly one thread's `partition_C`, each thread's A rows and B rows those
/// of its C elements.
macro_rules! covers_once {
    ($name:ident, $atom:expr, $threads:expr, $values:expr, $bm:literal, $bn:literal, $bk:literal) => {
        #[test]
        fn $name() {
            let mma = make_tiled_mma($atom, $threads, $values);
            let nthreads = size(&$threads).value() as usize;
            let c = vec![0i32; $bm * $bn];
            let a = vec![0i32; $bm * $bk];
            let b = vec![0i32; $bn * $bk];
            let tc = make_tensor(&c[..], layout!(($bm, $bn))).unwrap();
            let ta = make_tensor(&a[..], layout!(($bm, $bk))).unwrap();
            let tb = make_tensor(&b[..], layout!(($bn, $bk))).unwrap();
            let mut owner = BTreeMap::new();
            for t in 0..nthreads {
                let thr = mma.get_slice(t);
                let pc = thr.partition_C(tc);
                let (pa, pb) = (thr.partition_A(ta), thr.partition_B(tb));
                let n = size(pc.layout()).value() as usize;
                let o = pc.origin() as i64;
                for x in offsets(pc.layout(), n, |i| o + pc.layout().call(i)) {
                    assert!(
                        owner.insert(x, t).is_none(),
                        "element {x} of C in two threads"
                    );
                    // Its row and column are this thread's rows of A and B.
                    let (i, j) = (x % $bm, x / $bm);
                    let rows_a: Vec<i64> = (0..size(pa.layout()).value() as usize)
                        .map(|q| (pa.origin() as i64 + pa.layout().call(q)) % $bm)
                        .collect();
                    let rows_b: Vec<i64> = (0..size(pb.layout()).value() as usize)
                        .map(|q| (pb.origin() as i64 + pb.layout().call(q)) % $bn)
                        .collect();
                    assert!(rows_a.contains(&i) && rows_b.contains(&j));
                }
            }
            assert_eq!(owner.len(), $bm * $bn, "every element of C has a thread");
        }
    };
}

covers_once!(
    one_thread_one_atom,
    MmaPortable::<i32>::new(),
    layout!((1, 1)),
    layout!((1, 1)),
    8,
    4,
    3
);
covers_once!(
    threads_over_m,
    MmaPortable::<i32>::new(),
    layout!((2, 1)),
    layout!((2, 1)),
    32,
    4,
    2
);
covers_once!(
    threads_over_n_repeated,
    MmaPortable::<i32>::new(),
    layout!((1, 3)),
    layout!((1, 2)),
    8,
    48,
    2
);
covers_once!(
    row_major_threads,
    MmaPortable::<i32>::new(),
    layout!((2, 2):(2, 1)),
    layout!((1, 2)),
    32,
    32,
    1
);
covers_once!(
    grid_repeated_both_ways,
    MmaPortable::<i32>::new(),
    layout!((2, 2)),
    layout!((2, 1)),
    64,
    16,
    2
);

/// `C += A·B` by the tiled MMA, each thread in turn: on partitions of the
/// global tiles (the atom reads A and B in place), and on packed fragments
/// copied in, accumulated in a C fragment and added back.
#[test]
fn tiled_gemm_on_partitions_and_fragments() {
    let mma = make_tiled_mma(MmaPortable::<i64>::new(), layout!((2, 2)), layout!((2, 1)));
    let (m, n, k) = (64usize, 16usize, 5usize);
    let a: Vec<i64> = (0..m * k).map(|x| (x % 11) as i64 - 5).collect();
    let b: Vec<i64> = (0..n * k).map(|x| (x % 7) as i64 - 3).collect();
    let want: Vec<i64> = (0..m * n)
        .map(|x| (0..k).map(|p| a[x % m + m * p] * b[x / m + n * p]).sum())
        .collect();
    let ta = make_tensor(&a[..], layout!((64, 5))).unwrap();
    let tb = make_tensor(&b[..], layout!((16, 5))).unwrap();
    let mut c = vec![0i64; m * n];
    let mut tc = make_tensor(&mut c[..], layout!((64, 16))).unwrap();
    for t in 0..4 {
        let thr = mma.get_slice(t);
        mma.gemm(
            &thr.partition_A(ta),
            &thr.partition_B(tb),
            &mut thr.partition_C(tc.view_mut()),
        );
    }
    assert_eq!(c, want);
    // Packed fragments: the copies pack A's and B's panels, the atom reads them.
    let mut c = vec![0i64; m * n];
    let mut tc = make_tensor(&mut c[..], layout!((64, 16))).unwrap();
    for t in 0..4 {
        let thr = mma.get_slice(t);
        let (pa, pb) = (thr.partition_A(ta), thr.partition_B(tb));
        let (mut fa, mut fb) = (
            thr.partition_fragment_A::<i64, _, _>(&ta),
            thr.partition_fragment_B::<i64, _, _>(&tb),
        );
        assert_eq!(fa.layout().to_string(), "(8,(2,2),5):(1,(40,80),8)"); // K inside the panels
        copy(&pa, &mut fa);
        copy(&pb, &mut fb);
        let mut fc = thr.partition_fragment_C::<i64, _, _>(&tc);
        assert_eq!(
            fc.layout().to_string(),
            "((8,4),(2,2),(1,2)):((1,8),(32,64),(128,128))"
        );
        mma.gemm(&fa, &fb, &mut fc);
        let mut pc = thr.partition_C(tc.view_mut());
        axpby(1, &fc, 1, &mut pc);
    }
    assert_eq!(c, want);
}

/// A tile of run-time strides: the partitions' strides stay dynamic, scaled
/// by static factors, and the product matches.
#[test]
fn tiled_gemm_on_dynamic_strides() {
    let mma = make_tiled_mma(MmaPortable::<f64>::new(), layout!((2, 1)), layout!((1, 2)));
    let (ld, k) = (19i64, 7usize);
    let a: Vec<f64> = (0..ld as usize * k).map(|x| (x % 5) as f64).collect();
    let b: Vec<f64> = (0..8 * k).map(|x| (x % 3) as f64).collect();
    let mut c = vec![0.0f64; 19 * 8];
    let ta = make_tensor(
        &a[..],
        Layout::try_new(hlist![_16, _7], hlist![_1, Dyn(ld)]).unwrap(),
    )
    .unwrap();
    let tb = make_tensor(&b[..], layout!((8, 7))).unwrap();
    let mut tc = make_tensor(
        &mut c[..],
        Layout::try_new(hlist![_16, _8], hlist![_1, Dyn(19)]).unwrap(),
    )
    .unwrap();
    for t in 0..2 {
        let thr = mma.get_slice(t);
        let pc = thr.partition_C(tc.view_mut());
        assert_eq!(
            format!("{:#}", pc.layout()),
            "((_8,_4),(_1,_1),(_2,_1)):((_1,19),(_8,_16),(76,152))"
        );
        let mut pc = pc;
        mma.gemm(&thr.partition_A(ta), &thr.partition_B(tb), &mut pc);
    }
    for (i, j) in [(0, 0), (15, 7), (9, 3)] {
        let want: f64 = (0..k).map(|p| a[i + ld as usize * p] * b[j + 8 * p]).sum();
        assert_eq!(c[i + 19 * j], want);
    }
}

/// For a tiled copy over a static tile, each element in exactly one
/// thread's partition; the copy of every thread moves the whole tile.
macro_rules! copy_covers_once {
    ($name:ident, $w:ty, $threads:expr, $values:expr, $bm:literal, $bn:literal) => {
        #[test]
        fn $name() {
            let cp = make_tiled_copy(UniversalCopy::<i32, $w>::new(), $threads, $values);
            let nthreads = size(&$threads).value() as usize;
            let src: Vec<i32> = (0..$bm * $bn).map(|x| x as i32 * 3 + 1).collect();
            let mut dst = vec![0i32; $bm * $bn];
            let ts = make_tensor(&src[..], layout!(($bm, $bn))).unwrap();
            let mut td = make_tensor(&mut dst[..], layout!(($bm, $bn))).unwrap();
            let mut owner = BTreeMap::new();
            for t in 0..nthreads {
                let thr = cp.get_slice(t);
                let ps = thr.partition_S(ts);
                let n = size(ps.layout()).value() as usize;
                for x in offsets(ps.layout(), n, |i| ps.origin() as i64 + ps.layout().call(i)) {
                    assert!(owner.insert(x, t).is_none(), "element {x} in two threads");
                }
                cp.copy(&ps, &mut thr.partition_D(td.view_mut()));
            }
            assert_eq!(owner.len(), $bm * $bn);
            assert_eq!(dst, src);
        }
    };
}

copy_covers_once!(copy_one_thread, _4, layout!((1, 1)), layout!((8, 2)), 8, 2);
copy_covers_once!(
    copy_threads_repeated,
    _2,
    layout!((2, 2)),
    layout!((4, 3)),
    16,
    12
);
copy_covers_once!(
    copy_row_major_threads,
    _1,
    layout!((2, 3):(3, 1)),
    layout!((3, 1)),
    12,
    6
);

/// Dynamic strides: runs of stride 1 move by the atom, others one element at
/// a time; both give the definition. A fragment retiled is filled in the
/// copy's order.
#[test]
fn tiled_copy_on_dynamic_strides_and_fragments() {
    let cp = make_tiled_copy(
        UniversalCopy::<f32, _4>::new(),
        layout!((2, 1)),
        layout!((4, 2)),
    );
    let src: Vec<f32> = (0..13 * 4).map(|x| x as f32).collect();
    let ts = make_tensor(
        &src[..],
        Layout::try_new(hlist![_8, _4], hlist![Dyn(1), Dyn(13)]).unwrap(),
    )
    .unwrap();
    let mut dst = [0.0f32; 32];
    let mut td = make_tensor(
        &mut dst[..],
        Layout::try_new(hlist![_8, _4], hlist![Dyn(4), Dyn(1)]).unwrap(),
    )
    .unwrap();
    for t in 0..2 {
        let thr = cp.get_slice(t);
        cp.copy(&thr.partition_S(ts), &mut thr.partition_D(td.view_mut()));
    }
    for (i, j) in [(0, 0), (7, 3), (5, 2)] {
        assert_eq!(dst[4 * i + j], src[i + 13 * j]);
    }
    let thr = cp.get_slice(1);
    let mut regs = make_fragment::<f32, _, _>(layout!((4, 4)));
    let r = thr.retile(regs.view_mut());
    assert_eq!(r.layout().to_string(), "(4,(1,1),(2,2)):(1,(4,4),(4,8))");
    let mut r = r;
    cp.copy(&thr.partition_S(ts), &mut r);
    // Thread 1's block: rows 4..8 of each 8 x 2 tile.
    assert_eq!(
        (regs[(0usize, 0usize)], regs[(3usize, 3usize)]),
        (src[4], src[7 + 13 * 3])
    );
}
