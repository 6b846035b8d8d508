//! `try_tv_partition` by static thread-value layouts on tensors of static
//! shape and run-time strides (the partition planned when the program
//! compiles): each thread's values against the runtime layer's composition,
//! and the layout against the mixed composition's, on column- and row-major
//! tiles with padded leading dimensions, interleaved and hierarchical ones.

use layout_algebra::runtime;
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

/// Checks thread by thread that `try_tv_partition(make_tensor(iota, l), tv, t)`
/// holds the offsets `R(t + T·v)` of the runtime layer's `R = l ∘ tv` (`T`
/// threads). (Debug builds check each planned composition against the mixed
/// composition's value code: the layouts are the ones it gives.)
macro_rules! agrees {
    ($l:expr, $tv:expr) => {{
        let (l, tv) = ($l, $tv);
        let (rl, rtv) = (l.to_dynamic(), tv.to_dynamic());
        let r = runtime::composition(&rl, &rtv).unwrap();
        let data: Vec<i64> = (0..rl.cosize().unwrap()).collect();
        let t = make_tensor(&data[..], l).unwrap();
        let threads = rtv.mode(0).unwrap().size().unwrap();
        let values = rtv.mode(1).unwrap().size().unwrap();
        for thr in 0..threads {
            let p = try_tv_partition(t, tv, thr as usize).unwrap();
            for v in 0..values {
                let want = r.call(thr + threads * v).unwrap();
                assert_eq!(p[v as usize], want, "{rl} ∘ {rtv}, thread {thr}, value {v}");
            }
        }
        assert_eq!(
            try_tv_partition(t, tv, threads as usize)
                .unwrap_err()
                .kind(),
            runtime::ErrorKind::OutOfBounds
        );
    }};
}

/// `agrees!` for a thread-value layout over an `M×N` tile stored
/// column-major (a static unit stride) and row-major (all strides dynamic)
/// with padded leading dimensions, interleaved (element stride 2) and split
/// into a hierarchical `((2,H),N)` (`H = M/2`).
macro_rules! on_tiles {
    ($m:literal, $n:literal, $h:literal, $tv:expr) => {{
        let tv = $tv;
        for pad in [0i64, 1, 3, 8] {
            let (m, n) = ($m as i64, $n as i64);
            let col = Layout::try_new(hlist![int!($m), int!($n)], hlist![_1, Dyn(m + pad)]);
            agrees!(col.unwrap(), tv);
            let row = Layout::try_new(hlist![int!($m), int!($n)], hlist![Dyn(n + pad), Dyn(1)]);
            agrees!(row.unwrap(), tv);
            let two = Layout::try_new(hlist![int!($m), int!($n)], hlist![Dyn(2), Dyn(2 * m + pad)]);
            agrees!(two.unwrap(), tv);
            let h = $h as i64;
            let split = Layout::try_new(
                hlist![hlist![_2, int!($h)], int!($n)],
                hlist![hlist![Dyn(h), Dyn(1)], Dyn(m + pad)],
            );
            agrees!(split.unwrap(), tv);
        }
    }};
}

#[test]
fn mma_style_thread_value_layouts_agree_with_the_runtime_layer() {
    // CuTe's SM80 16x8 accumulator: thread (t0,t1) holds rows t1, t1+8 of
    // columns 2·t0, 2·t0+1.
    on_tiles!(16, 8, 8, layout!(((4, 8), (2, 2)):((32, 1), (16, 8))));
    // Its 16x16 A operand: ((4,8),(2,2,2)):((32,1),(16,8,128)).
    on_tiles!(
        16,
        16,
        8,
        layout!(((4, 8), (2, 2, 2)):((32, 1), (16, 8, 128)))
    );
    // The rustdoc's 8x8 row-major example, on column-major data too.
    on_tiles!(8, 8, 4, layout!(((4, 8), 2):((16, 1), 8)));
    // The 16x8x16 B operand over its 8x16 tile (N, K).
    let b = layout!(((4, 8), (2, 2)):((16, 1), (8, 64)));
    on_tiles!(8, 16, 4, b);
    // As pycute: (8,16):(1,11) ∘ b = ((4,8),(2,2)):((22,1),(11,88)), thread 5
    // at 23, 34, 111, 122.
    let data: Vec<i64> = (0..8 * 11 + 7 * 11 + 8).collect();
    let l = Layout::try_new(hlist![_8, _16], hlist![_1, Dyn(11)]).unwrap();
    let p = try_tv_partition(make_tensor(&data[..], l).unwrap(), b, 5).unwrap();
    assert_eq!(format!("{:#}", p.layout()), "((_2,_2)):((11,88))");
    assert_eq!(
        [p[0usize], p[1usize], p[2usize], p[3usize]],
        [23, 34, 111, 122]
    );
}

#[test]
fn copy_style_thread_value_layouts_agree_with_the_runtime_layer() {
    // Thread-major: thread t holds t, t + 32, ..
    on_tiles!(16, 8, 8, layout!((32, 4):(1, 32)));
    // A column per thread, its rows as values.
    on_tiles!(16, 8, 8, layout!((8, 16):(16, 1)));
    // Threads across the columns, each two rows: ((8,4),(2,2)):((16,1),(4,8)).
    on_tiles!(16, 8, 8, layout!(((8, 4), (2, 2)):((16, 1), (4, 8))));
    // Values of stride 0 are not a bijection; one thread with every value is.
    on_tiles!(4, 6, 2, layout!((1, (4, 6)):(0, (1, 4))));
    on_tiles!(4, 4, 2, layout!((2, 8):(1, 2)));
}

#[test]
fn a_tile_of_a_run_time_matrix_partitions_as_the_runtime_layer() {
    // A 40×24 matrix, leading dimension 45: its 16×8 tiles by try_local_tile,
    // then partitioned among 32 threads.
    let data: Vec<i64> = (0..45 * 24).collect();
    let l = Layout::try_new(hlist![Dyn(40), Dyn(24)], hlist![_1, Dyn(45)]).unwrap();
    let a = make_tensor(&data[..], l).unwrap();
    let tv = layout!(((4, 8), (2, 2)):((32, 1), (16, 8)));
    let rtv = tv.to_dynamic();
    for (bi, bj) in [(0usize, 0usize), (1, 2), (1, 0)] {
        let t = try_local_tile(a, tile!(16, 8), (bi, bj)).unwrap();
        let origin = (16 * bi + 45 * 8 * bj) as i64;
        let r = runtime::composition(&t.layout().to_dynamic(), &rtv).unwrap();
        for thr in 0..32 {
            let p = try_tv_partition(t, tv, thr).unwrap();
            assert_eq!(format!("{:#}", p.layout()), "((_2,_2)):((45,_8))");
            for v in 0..4 {
                assert_eq!(p[v], origin + r.call((thr + 32 * v) as i64).unwrap());
            }
        }
    }
}

/// The tiled MMA's partitions of tiles with run-time strides (column- and
/// row-major, padded) are their static twins' (the same layout with the
/// strides' values as static leaves): the tile's strides scaled by static
/// factors, at the same offset, with no composition at run time.
#[test]
fn tiled_mma_partitions_of_run_time_strides_are_the_static_twins() {
    let mma = make_tiled_mma(MmaPortable::<i64>::new(), layout!((2, 2)), layout!((1, 2)));
    // C (16,16), A (16,4), B (16,4): the tiled MMA's tile is 16 x 16.
    let data: Vec<i64> = (0..40 * 40).collect();
    macro_rules! twins {
        ($part:ident, $stat:expr, $dyns:expr) => {{
            let s = make_tensor(&data[..], $stat).unwrap();
            let d = make_tensor(&data[..], $dyns.unwrap()).unwrap();
            for t in 0..4 {
                let thr = mma.get_slice(t);
                let (ps, pd) = (thr.$part(s), thr.$part(d));
                assert_eq!(
                    pd.layout().to_dynamic(),
                    ps.layout().to_dynamic(),
                    "{} thread {t}",
                    stringify!($part)
                );
                assert_eq!(pd.origin(), ps.origin());
                for v in 0..size(ps.layout()).value() as usize {
                    assert_eq!(pd[v], ps[v]);
                }
            }
        }};
    }
    twins!(
        partition_C,
        layout!((16, 16):(1, 19)),
        Layout::try_new(hlist![_16, _16], hlist![_1, Dyn(19)])
    );
    twins!(
        partition_C,
        layout!((16, 16):(21, 1)),
        Layout::try_new(hlist![_16, _16], hlist![Dyn(21), Dyn(1)])
    );
    twins!(
        partition_A,
        layout!((16, 4):(1, 17)),
        Layout::try_new(hlist![_16, _4], hlist![_1, Dyn(17)])
    );
    twins!(
        partition_A,
        layout!((16, 4):(5, 1)),
        Layout::try_new(hlist![_16, _4], hlist![Dyn(5), _1])
    );
    twins!(
        partition_B,
        layout!((16, 4):(1, 33)),
        Layout::try_new(hlist![_16, _4], hlist![Dyn(1), Dyn(33)])
    );
}

#[test]
fn unit_modes_divisibility_facts_and_static_strides_agree() {
    let tv = layout!(((4, 8), (2, 2)):((32, 1), (16, 8)));
    // A mode of extent 1 with a run-time stride between the rows and columns.
    let unit = Layout::try_new(hlist![_16, _1, _8], hlist![_1, Dyn(1000), Dyn(21)]);
    agrees!(unit.unwrap(), tv);
    // A leading dimension known to be a multiple of 4.
    let div = Layout::try_new(hlist![_16, _8], hlist![_1, div_by::<4>(20).unwrap()]);
    agrees!(div.unwrap(), tv);
    // Static strides that do not coalesce, and a static tile.
    agrees!(layout!((16, 8):(2, 40)), tv);
    agrees!(layout!((16, 8)), tv);
    // The rows split in two with a run-time stride in the middle.
    let split = Layout::try_new(
        hlist![hlist![_4, _4], _8],
        hlist![hlist![_1, Dyn(4)], Dyn(16)],
    );
    agrees!(split.unwrap(), tv);
}
