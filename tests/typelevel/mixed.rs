//! Divides of layouts with dynamic leaves: properties on random values.
//!
//! For fixed type structures (which leaves are static) and random values of
//! the dynamic leaves, the mixed divide is the runtime layer's divide on the
//! same values: the same mode sizes and the same offset at every index. The
//! golden test against CuTe C++ (mixed_golden.rs) checks the form.

use layout_algebra::runtime;
use layout_algebra::typelevel::frunk_core::{hlist, HList};
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// The mixed result `r` against the runtime's `op(a, tiler)`.
fn agrees(op: &str, a: &runtime::Layout, tiler: &str, r: &runtime::Layout) {
    let t = runtime::Tiler::parse(tiler).unwrap();
    let want = match op {
        "logical" => runtime::logical_divide(a, &t),
        "zipped" => runtime::zipped_divide(a, &t),
        "tiled" => runtime::tiled_divide(a, &t),
        "composition" => runtime::composition(a, &t),
        _ => runtime::flat_divide(a, &t),
    }
    .unwrap();
    let what = format!("{op}({a}, {tiler}) = {r}, runtime {want}");
    assert_eq!(r.rank(), want.rank(), "{what}");
    for (x, y) in r.modes().zip(want.modes()) {
        assert_eq!(x.size().unwrap(), y.size().unwrap(), "{what}");
    }
    for i in 0..r.size().unwrap() {
        assert_eq!(r.call(i).unwrap(), want.call(i).unwrap(), "{what} at {i}");
    }
}

/// The four divides of `a` by `tiler` and the composition with it (a `tile!` and its CuTe text).
macro_rules! all_four {
    ($a:expr, [$($t:tt)*]) => {{
        let a = $a;
        let text = concat!("<", stringify!($($t)*), ">").replace(' ', "");
        let d = a.to_dynamic();
        agrees("logical", &d, &text, &try_logical_divide(a, tile!($($t)*)).unwrap().to_dynamic());
        agrees("zipped", &d, &text, &try_zipped_divide(a, tile!($($t)*)).unwrap().to_dynamic());
        agrees("tiled", &d, &text, &try_tiled_divide(a, tile!($($t)*)).unwrap().to_dynamic());
        agrees("flat", &d, &text, &try_flat_divide(a, tile!($($t)*)).unwrap().to_dynamic());
        agrees("composition", &d, &text, &try_composition(a, tile!($($t)*)).unwrap().to_dynamic());
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `(M,K):(1,ld)` tiled by static tiles: the kernel case.
    #[test]
    fn matrix_by_static_tiles(m in 1i64..80, k in 1i64..40, pad in 0i64..5) {
        let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m + pad)]).unwrap();
        all_four!(a, [16, 8]);
        all_four!(a, [4:2, (2,2):(1,4)]);
        all_four!(a, [8]);
    }

    /// Static extents with dynamic strides (a tile of a run-time-sized matrix).
    #[test]
    fn static_shapes_dynamic_strides(d0 in -50i64..50, d1 in -50i64..50) {
        let a = Layout::try_new(hlist![_16, _8], hlist![Dyn(d0), Dyn(d1)]).unwrap();
        all_four!(a, [4, 2:4]);
        all_four!(a, [(2,4):(4,1), 8]);
    }

    /// Three modes, some static, a shorter tiler.
    #[test]
    fn rank3_mixed(m in 1i64..40, n in 1i64..12, d in -9i64..9) {
        let a = Layout::try_new(hlist![Dyn(m), _6, Dyn(n)], hlist![Dyn(d), _3, _64]).unwrap();
        all_four!(a, [8, 2:3]);
        all_four!(a, [1, 2, 4]);
    }
}

#[test]
fn stride_overflow_is_an_error() {
    let a = Layout::try_new(hlist![Dyn(2), _2], hlist![Dyn(1 << 61), _1]).unwrap();
    let e = try_zipped_divide(a, tile!(4:4)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::Overflow);
    assert!(e.to_string().starts_with("zipped_divide: "), "{e}");
}

#[test]
fn all_static_equals_the_static_algebra() {
    let a = layout!((12, (2, 3)):(3, (1, 36)));
    let mixed = try_zipped_divide(a, tile!(4, 2)).unwrap();
    assert_eq!(mixed, zipped_divide(a, tile!(4, 2)));
}

/// A run-time-sized `(m,k):(1,m+pad)` matrix of its offsets.
fn matrix(m: usize, k: usize, pad: usize) -> Vec<i64> {
    (0..(m + pad) * k).map(|x| x as i64).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every full tile of `try_local_tile` is the tensor's block; the tiles of
    /// the identity tensor cover every coordinate once, past the edges too.
    #[test]
    fn local_tile_covers_the_tensor(m in 1usize..40, k in 1usize..20, pad in 0usize..3) {
        let data = matrix(m, k, pad);
        let l = Layout::try_new(hlist![Dyn(m as i64), Dyn(k as i64)], hlist![_1, Dyn((m + pad) as i64)]).unwrap();
        let a = make_tensor(&data[..], l).unwrap();
        let id = make_identity_tensor(hlist![Dyn(m as i64), Dyn(k as i64)]);
        let mut seen = vec![0u8; m * k];
        for bm in 0..m.div_ceil(8) {
            for bk in 0..k.div_ceil(4) {
                let c = try_local_tile(id, tile!(8, 4), (bm, bk)).unwrap();
                let full = (bm + 1) * 8 <= m && (bk + 1) * 4 <= k;
                let t = try_local_tile(a, tile!(8, 4), (bm, bk));
                for i in 0..8usize {
                    for j in 0..4usize {
                        let x = c.load((i, j));
                        prop_assert_eq!(x.as_slice(), &[(bm * 8 + i) as i64, (bk * 4 + j) as i64][..]);
                        if (x[0] as usize) < m && (x[1] as usize) < k {
                            seen[x[0] as usize + m * x[1] as usize] += 1;
                        }
                        if full {
                            let t = t.as_ref().unwrap();
                            prop_assert_eq!(t[(i, j)], x[0] + (m + pad) as i64 * x[1]);
                        }
                    }
                }
            }
        }
        prop_assert!(seen.iter().all(|&n| n == 1));
    }

    /// The threads of `try_local_partition` cover a tile with dynamic strides
    /// exactly once, each element where the layout puts it.
    #[test]
    fn local_partition_covers_the_tile(ld in 16i64..40) {
        let data: Vec<i64> = (0..ld * 8).collect();
        let l = Layout::try_new(hlist![_16, _8], hlist![_1, Dyn(ld)]).unwrap();
        let tile = make_tensor(&data[..], l).unwrap();
        let mut seen = vec![0u8; (ld * 8) as usize];
        for thr in 0..8 {
            let p = try_local_partition(tile, layout!((4, 2):(2, 1)), thr).unwrap();
            prop_assert_eq!(format!("{:#}", p.layout()), format!("(_4,_4):(_4,{})", 2 * ld));
            for v in 0..p.len() {
                seen[p.read(v) as usize] += 1;
            }
        }
        for (o, &n) in seen.iter().enumerate() {
            prop_assert_eq!(n, u8::from((o as i64 % ld) < 16), "offset {}", o);
        }
    }
}

#[test]
fn tiling_errors_name_the_rule() {
    let data = matrix(10, 3, 0);
    let l = Layout::try_new(hlist![Dyn(10), Dyn(3)], hlist![_1, Dyn(10)]).unwrap();
    let a = make_tensor(&data[..], l).unwrap();
    let e = try_local_tile(a, tile!(4, 2), (3usize, 0usize)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::OutOfBounds, "{e}");
    assert!(e.to_string().starts_with("local_tile: "), "{e}");
    // The last tile of the last column reaches past the data.
    let e = try_local_tile(a, tile!(4, 2), (2usize, 1usize)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::StorageTooSmall, "{e}");
    let t = try_local_tile(a, tile!(4, 2), (0usize, 0usize)).unwrap();
    let e = try_local_partition(t, layout!((2, 2)), 4).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::OutOfBounds, "{e}");
}

/// `r` is `a` as a function on `[0, size)`.
pub(crate) fn same_function(a: &runtime::Layout, r: &runtime::Layout) {
    assert_eq!(a.size().unwrap(), r.size().unwrap(), "{a} and {r}");
    for i in 0..a.size().unwrap() {
        assert_eq!(a.call(i).unwrap(), r.call(i).unwrap(), "{a} and {r} at {i}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `coalesce` of a layout with dynamic leaves keeps the function; with the
    /// dynamic leaves' chains broken or not, and static runs around them.
    #[test]
    fn coalesce_keeps_the_function(m in 1i64..9, d in -6i64..12, k in 1i64..5) {
        let a = Layout::try_new(hlist![_1, Dyn(m), _2, _4, Dyn(k)], hlist![Dyn(d), _1, Dyn(m), _2, Dyn(8 * m)]).unwrap();
        let r = coalesce(a);
        same_function(&a.to_dynamic(), &r.to_dynamic());
        let b = Layout::try_new(hlist![hlist![_2, _3], Dyn(m)], hlist![hlist![_1, _2], Dyn(d)]).unwrap();
        prop_assert_eq!(format!("{:#}", coalesce(b)), format!("(_6,{m}):(_1,{d})"));
        same_function(&b.to_dynamic(), &coalesce(b).to_dynamic());
    }
}

// Divisibility facts: `DivBy<N>` leaves (CuTe DSL's `?{div=N}`).

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A `DivBy<32>` extent: the divides agree with the runtime's; a tile
    /// extent `E` dividing 32 leaves exactly `M/E` tiles, a `DivBy<32/E>`,
    /// proven even; one that does not (64) rounds up, as for `Dyn`.
    #[test]
    fn div_by_extent_divides(q in 1i64..6, k in 1i64..40, pad in 0i64..5) {
        let m = div_by::<32>(32 * q).unwrap();
        let a = Layout::try_new(hlist![m, Dyn(k)], hlist![_1, Dyn(32 * q + pad)]).unwrap();
        all_four!(a, [16, 8]);
        all_four!(a, [4:2, (2,2):(1,4)]);
        all_four!(a, [64]);
        let z = try_zipped_divide(a, tile!(16)).unwrap();
        let tiles: DivBy<typenum::U2> = z.shape().tail.head.head; // M/16, a multiple of 2
        prop_assert_eq!(tiles.get(), 2 * q);
        prop_assert_eq!(format!("{z:#}"), format!("((_16),({}{{div=2}},{k})):((_1),(_16,{}))", 2 * q, 32 * q + pad));
        prop_assert!(proven_evenly_divides(&a, tile!(16)));
        prop_assert!(proven_evenly_divides(&a, tile!(4:2))); // with its gaps, E = 8
        prop_assert!(!proven_evenly_divides(&a, tile!(4:2, (2,2):(1,4)))); // K is a plain Dyn
        prop_assert!(!proven_evenly_divides(&a, tile!(64)));
        prop_assert!(!proven_evenly_divides(&a, tile!(16, 8))); // K is a plain Dyn
        prop_assert_eq!(evenly_divides(&a, tile!(16, 8)), k % 8 == 0);
        prop_assert_eq!(evenly_divides(&a, tile!(64)), q % 2 == 0);
    }

    /// `DivBy` strides (a leading dimension known to be a multiple of 8): the
    /// divides scale them and keep the facts.
    #[test]
    fn div_by_strides(q in 2i64..9, n in 1i64..30) {
        let ld = div_by::<8>(8 * q).unwrap();
        let a = Layout::try_new(hlist![_16, Dyn(n)], hlist![_1, ld]).unwrap();
        all_four!(a, [4, 2]);
        all_four!(a, [(2,2):(1,8), 3]);
        let z = try_zipped_divide(a, tile!(4, 2)).unwrap();
        prop_assert_eq!(format!("{:#}", z), format!(
            "((_4,_2),(_4,{})):((_1,{}{{div=8}}),(_4,{}{{div=16}}))", (n + 1) / 2, 8 * q, 16 * q));
    }

    /// Leaf arithmetic keeps the fact through positive products.
    #[test]
    fn div_by_arithmetic(q in 1i64..1000, d in 1i64..1000) {
        let m = div_by::<16>(16 * q).unwrap();
        let p: DivBy<typenum::U48> = m.int_mul(_3);
        prop_assert_eq!(p.get(), 48 * q);
        let p: DivBy<typenum::U64> = _4.int_mul(m);
        prop_assert_eq!(p.get(), 64 * q);
        let p: DivBy<typenum::U256> = m.int_mul(m);
        prop_assert_eq!(p.get(), 256 * q * q);
        prop_assert_eq!(m.int_mul(Dyn(d)), Dyn(16 * q * d));
        prop_assert_eq!(m.int_add(_1), Dyn(16 * q + 1));
        let l = make_layout(hlist![m, _8, Dyn(d)]);
        let s: &DivBy<typenum::U128> = &l.stride().tail.tail.head;
        prop_assert_eq!(s.get(), 128 * q);
        prop_assert_eq!(l.to_dynamic(), format!("({},8,{d}):(1,{},{})", 16 * q, 16 * q, 128 * q).parse().unwrap());
        prop_assert_eq!(size(&l), Dyn(128 * q * d));
    }
}

/// `filter(a)` against the runtime: `filter_zeros(a)` keeps the tree and the
/// strides and sets to 1 only the extents of static zero strides; `filter(a)`
/// is `filter_zeros(a)` as a function, and the runtime's `filter` (which also
/// drops dynamic strides of value 0) gives the same layout from either.
fn filter_agrees(a: &runtime::Layout, z: &runtime::Layout, r: &runtime::Layout) {
    same_function(z, r);
    assert_eq!(
        runtime::filter(r).unwrap().to_string(),
        runtime::filter(a).unwrap().to_string(),
        "filter({a}) = {r}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `filter` and `filter_zeros` of layouts with dynamic leaves, dynamic
    /// strides of value 0 among them.
    #[test]
    fn filter_keeps_the_offsets(m in 1i64..9, d in -3i64..6, e in 0i64..3, k in 1i64..5) {
        let a = Layout::try_new(hlist![_2, Dyn(m), _3, _4, Dyn(k)], hlist![_1, Dyn(d), _0, _2, Dyn(e)]).unwrap();
        let z = filter_zeros(a);
        prop_assert_eq!(format!("{z:#}"), format!("(_2,{m},_1,_4,{k}):(_1,{d},_0,_2,{e})"));
        filter_agrees(&a.to_dynamic(), &z.to_dynamic(), &filter(a).to_dynamic());
        let b = Layout::try_new(hlist![hlist![Dyn(m), _2], _4, _8], hlist![hlist![_0, Dyn(e)], _0, _1]).unwrap();
        let (zb, rb) = (filter_zeros(b), filter(b));
        prop_assert_eq!(format!("{zb:#}"), format!("((_1,_2),_1,_8):((_0,{e}),_0,_1)"));
        prop_assert_eq!(format!("{rb:#}"), format!("(_2,_8):({e},_1)"));
        filter_agrees(&b.to_dynamic(), &zb.to_dynamic(), &rb.to_dynamic());
    }
}

/// `try_complement(a, m)` against the runtime's `complement(a, m)`: the same
/// size and the same offsets (the runtime drops a last extent 1, CuTe C++ and
/// the type level keep it dynamic).
fn complement_agrees(a: &runtime::Layout, m: i64, r: &runtime::Layout) {
    let want = runtime::complement(a, &runtime::IntTuple::leaf(m)).unwrap();
    assert_eq!(
        r.size().unwrap(),
        want.size().unwrap(),
        "complement({a}, {m}) = {r}, runtime {want}"
    );
    for i in 0..r.size().unwrap() {
        assert_eq!(
            r.call(i).unwrap(),
            want.call(i).unwrap(),
            "complement({a}, {m}) = {r} at {i}"
        );
    }
}

/// `try_complement` of `a` up to `m`, against the runtime.
macro_rules! complement_case {
    ($a:expr, $m:expr) => {{
        let a = $a;
        complement_agrees(
            &a.to_dynamic(),
            $m,
            &try_complement(a, Dyn($m)).unwrap().to_dynamic(),
        );
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Static layouts (gaps, stride-0 and size-1 modes, nesting) up to a
    /// cotarget known at run time.
    #[test]
    fn complement_up_to_a_dynamic_cotarget(m in 1i64..400) {
        complement_case!(layout!((2,4):(1,8)), m);
        complement_case!(layout!(4:1), m);
        complement_case!(layout!((2,2):(1,6)), m);
        complement_case!(layout!((4,1,3):(0,7,2)), m);
        complement_case!(layout!((3,(2,2)):(1,(12,48))), m);
        complement_case!(layout!((4,8):(8,1)), m);
        complement_case!(layout!(4:0), m);
        let r = try_complement(layout!((2,4):(1,8)), Dyn(m)).unwrap();
        prop_assert_eq!(format!("{r:#}"), format!("(_4,{}):(_2,_32)", (m + 31) / 32));
    }

    /// A `DivBy<N>` cotarget: the last extent `M/E` is a proven `DivBy<N/E>`
    /// where the static extent `E` divides `N` (no rounding), else `⌈M/E⌉`;
    /// either way the runtime's complement.
    #[test]
    fn complement_up_to_a_div_by_cotarget(k in 1i64..20) {
        let (a, b) = (layout!((2,4):(1,8)), layout!((4,8):(8,1)));
        let r = try_complement(a, div_by::<64>(64 * k).unwrap()).unwrap();
        prop_assert_eq!(format!("{r:#}"), format!("(_4,{}{{div=2}}):(_2,_32)", 2 * k));
        complement_agrees(&a.to_dynamic(), 64 * k, &r.to_dynamic());
        let r = try_complement(a, div_by::<16>(16 * k).unwrap()).unwrap();
        prop_assert_eq!(format!("{r:#}"), format!("(_4,{}):(_2,_32)", (16 * k + 31) / 32));
        complement_agrees(&a.to_dynamic(), 16 * k, &r.to_dynamic());
        let r = try_complement(b, div_by::<32>(32 * k).unwrap()).unwrap();
        prop_assert_eq!(format!("{r:#}"), format!("{k}:_32")); // a DivBy<1>, printed bare
        complement_agrees(&b.to_dynamic(), 32 * k, &r.to_dynamic());
    }
}

#[test]
fn div_by_checks_its_fact_once() {
    let e = div_by::<32>(100).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::Divisibility);
    assert_eq!(
        e.to_string(),
        "DivBy: divisibility condition violated: 100 is not a multiple of 32"
    );
    let e = div_by::<32>(-64).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NonPositiveShape);
    let m = div_by::<32>(96).unwrap();
    assert_eq!(<DivBy<typenum::U32> as IntLeaf>::DIVISOR, Some(32));
    let l = Layout::try_new(hlist![m, _4], hlist![_1, m]).unwrap();
    assert_eq!(
        format!("{l} {l:#}"),
        "(96,4):(1,96) (96{div=32},_4):(_1,96{div=32})"
    );
    // Both forms parse back (the runtime parser checks the fact).
    let parsed: runtime::Layout = format!("{l:#}").parse().unwrap();
    assert_eq!(parsed, l.to_dynamic());
    assert!("(96{div=64},4):(1,96)".parse::<runtime::Layout>().is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// `(M,K)` with `M: DivBy<32>`, `K: DivBy<8>` tiled by `(32,8)`: proven
    /// even, so every tile of the grid is a full view of the data (storage
    /// sized exactly `M·K`: no tile reaches past it, no `StorageTooSmall`), the
    /// identity tensor's tiles hold only coordinates inside the matrix, and a
    /// kernel needs no predication.
    #[test]
    fn div_by_tiles_need_no_predication(q in 1i64..5, r in 1i64..5) {
        let (m, k) = (div_by::<32>(32 * q).unwrap(), div_by::<8>(8 * r).unwrap());
        let data: Vec<i64> = (0..m.get() * k.get()).collect();
        let l = Layout::try_new(hlist![m, k], hlist![_1, m]).unwrap();
        let a = make_tensor(&data[..], l).unwrap();
        let id = make_identity_tensor(hlist![m, k]);
        assert_evenly_divides(a.layout(), tile!(32, 8));
        let z = try_zipped_divide(*a.layout(), tile!(32, 8)).unwrap();
        let grid: HList!(DivBy<typenum::U1>, DivBy<typenum::U1>) = z.shape().tail.head;
        prop_assert_eq!((grid.head.get(), grid.tail.head.get()), (q, r));
        for bm in 0..q as usize {
            for bk in 0..r as usize {
                let t = try_local_tile(a, tile!(32, 8), (bm, bk)).unwrap();
                let c = try_local_tile(id, tile!(32, 8), (bm, bk)).unwrap();
                for (i, j) in (0..32usize).flat_map(|i| (0..8usize).map(move |j| (i, j))) {
                    let x = c.load((i, j));
                    prop_assert!(x[0] < m.get() && x[1] < k.get());
                    prop_assert_eq!(t[(i, j)], a[(x[0] as usize, x[1] as usize)]);
                    prop_assert_eq!(t[(i, j)], x[0] + m.get() * x[1]);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Layouts with dynamic leaves: every stride static (the order is static,
    /// as in CuTe C++), dynamic strides (the order is found at run time; an
    /// extent 1 or a stride 0 is a mode the runtime leaves out) and one mode.
    #[test]
    fn complement_of_dynamic_leaves(m in 1i64..400, p in 0u32..7, s in 1i64..6, k in 1i64..4,
                                    flip: bool, zero: bool, d in 1i64..9) {
        let a = Layout::try_new(hlist![Dyn(1 << p), _3], hlist![_1, _64]).unwrap();
        complement_case!(a, m);
        let (d0, d1) = if flip { (s * k, 1) } else { (1, 4 * k) };
        let b = Layout::try_new(hlist![_4, Dyn(s)], hlist![Dyn(d0), Dyn(if zero { 0 } else { d1 })]).unwrap();
        complement_case!(b, m);
        complement_case!(Layout::try_new(Dyn(s), Dyn(d)).unwrap(), m);
        let r = try_complement(Layout::try_new(_4, Dyn(d)).unwrap(), _64).unwrap();
        prop_assert_eq!(format!("{r:#}"), format!("({d},{}):(_1,{})", (64 + 4 * d - 1) / (4 * d), 4 * d));
    }
}

#[test]
fn complement_of_dynamic_leaves_errors() {
    let a = |d0, d1| Layout::try_new(hlist![_4, _2], hlist![Dyn(d0), Dyn(d1)]).unwrap();
    for (d0, d1, what) in [
        (1, 6, "not a multiple"),
        (1, 2, "starting inside"),
        (-1, 8, "negative"),
    ] {
        let e = try_complement(a(d0, d1), Dyn(64)).unwrap_err();
        assert_eq!(e.kind(), runtime::ErrorKind::NotComplementable, "{e}");
        assert!(e.to_string().contains(what), "{e}");
        let want = runtime::complement(&a(d0, d1).to_dynamic(), &runtime::IntTuple::leaf(64));
        assert_eq!(
            want.unwrap_err().kind(),
            runtime::ErrorKind::NotComplementable
        );
    }
    // All static: the static algebra's complement.
    let r: Layout![(3,2):(2,12)] = try_complement(layout!((2,2):(1,6)), _24).unwrap();
    assert_eq!(r, complement(layout!((2,2):(1,6)), _24));
}

#[test]
fn complement_errors_are_values() {
    let e = try_complement(layout!((2,4):(1,8)), Dyn(0)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NonPositiveShape, "{e}");
    assert!(e.to_string().starts_with("complement: "), "{e}");
    let e = try_complement(layout!(4:1), Dyn(-5)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NonPositiveShape, "{e}");
    // Gaps 2^61:1, then 2:(3·2^61): the last offset is 2^63 - 1, the cosize 2^63.
    let e = try_complement(layout!(3:2305843009213693952), Dyn(i64::MAX)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::Overflow, "{e}");
}

/// `try_right_inverse(a)` against the runtime's `right_inverse(a)`: the same
/// size and offsets (the unused modes are `1:0` here).
fn right_inverse_agrees(a: &runtime::Layout, r: &runtime::Layout) {
    let want = runtime::right_inverse(a).unwrap();
    let what = format!("right_inverse({a}) = {r}, runtime {want}");
    assert_eq!(r.size().unwrap(), want.size().unwrap(), "{what}");
    for i in 0..r.size().unwrap() {
        assert_eq!(r.call(i).unwrap(), want.call(i).unwrap(), "{what} at {i}");
        assert_eq!(a.call(r.call(i).unwrap()).unwrap(), i, "{what} at {i}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Dynamic strides chained in any order (sometimes broken), a static
    /// chain ending at a dynamic extent, and a static chain to the end.
    #[test]
    fn right_inverse_of_dynamic_leaves(s0 in 1i64..5, s1 in 1i64..5, order in 0usize..6, brk in 0usize..4) {
        let shapes = [s0, 2, s1];
        let perm = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][order];
        let (mut d, mut e) = ([0i64; 3], 1);
        for i in perm {
            d[i] = if brk == i { 2 * e } else { e };
            e *= shapes[i];
        }
        let a = Layout::try_new(hlist![Dyn(s0), _2, Dyn(s1)], hlist![Dyn(d[0]), Dyn(d[1]), Dyn(d[2])]).unwrap();
        right_inverse_agrees(&a.to_dynamic(), &try_right_inverse(a).unwrap().to_dynamic());
        let b = Layout::try_new(hlist![_3, Dyn(s0)], hlist![Dyn(s0), _1]).unwrap();
        right_inverse_agrees(&b.to_dynamic(), &try_right_inverse(b).unwrap().to_dynamic());
        let c = Layout::try_new(hlist![_4, Dyn(s1)], hlist![_1, _4]).unwrap();
        let r = try_right_inverse(c).unwrap();
        right_inverse_agrees(&c.to_dynamic(), &r.to_dynamic());
        prop_assert_eq!(format!("{r:#}"), format!("(_4,{s1}):(_1,_4)"));
    }
}

#[test]
fn right_inverse_of_one_mode_and_of_static_layouts() {
    let a = Layout::try_new(hlist![Dyn(4)], hlist![Dyn(1)]).unwrap();
    assert_eq!(format!("{:#}", try_right_inverse(a).unwrap()), "4:1");
    let b = Layout::try_new(hlist![Dyn(4)], hlist![Dyn(2)]).unwrap();
    assert_eq!(format!("{:#}", try_right_inverse(b).unwrap()), "1:0"); // CuTe C++: _1:_0
                                                                       // All static: the static algebra's right inverse.
    let r: Layout![(2,4):(4,1)] = try_right_inverse(layout!((4,2):(2,1))).unwrap();
    assert_eq!(r, right_inverse(layout!((4,2):(2,1))));
}

/// `try_left_inverse(a)` against the runtime's `left_inverse(a)`: both give
/// back every index from its offset.
fn left_inverse_agrees(a: &runtime::Layout, q: &runtime::Layout) {
    let want = runtime::left_inverse(a).unwrap();
    for k in 0..a.size().unwrap() {
        let y = a.call(k).unwrap();
        assert_eq!(q.call(y).unwrap(), k, "left_inverse({a}) = {q} at {y}");
        assert_eq!(
            want.call(y).unwrap(),
            k,
            "runtime left_inverse({a}) = {want} at {y}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Injective layouts: dynamic strides in any order, static strides with
    /// dynamic extents (CuTe C++'s static order).
    #[test]
    fn left_inverse_of_dynamic_leaves(s0 in 2i64..5, s1 in 2i64..5, order in 0usize..6, gap in 1i64..3, past in 0i64..6) {
        let shapes = [s0, 2, s1];
        let perm = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][order];
        let (mut d, mut e) = ([0i64; 3], 1);
        for i in perm {
            d[i] = e;
            e *= shapes[i] * gap;
        }
        let a = Layout::try_new(hlist![Dyn(s0), _2, Dyn(s1)], hlist![Dyn(d[0]), Dyn(d[1]), Dyn(d[2])]).unwrap();
        left_inverse_agrees(&a.to_dynamic(), &try_left_inverse(a).unwrap().to_dynamic());
        let b = Layout::try_new(hlist![Dyn(s0), _2], hlist![_8, _1]).unwrap();
        left_inverse_agrees(&b.to_dynamic(), &try_left_inverse(b).unwrap().to_dynamic());
        // Modes that merge by value (`s0:1` and `s1:s0`), then a stride that
        // only the merged mode's stride divides: the runtime layer's order.
        let c = Layout::try_new(hlist![Dyn(s0), Dyn(s1), _4], hlist![Dyn(1), Dyn(s0), Dyn(s0 * s1 + past)]).unwrap();
        left_inverse_agrees(&c.to_dynamic(), &try_left_inverse(c).unwrap().to_dynamic());
    }
}

#[test]
fn left_inverse_errors_are_the_runtimes() {
    let a = |d0, d1| Layout::try_new(hlist![_2, _3], hlist![Dyn(d0), Dyn(d1)]).unwrap();
    for (d0, d1) in [(2, 3), (-1, 2)] {
        let e = try_left_inverse(a(d0, d1)).unwrap_err();
        let want = runtime::left_inverse(&a(d0, d1).to_dynamic()).unwrap_err();
        assert_eq!(e, want);
    }
    // All static: the static algebra's left inverse.
    let r: Layout![(2,4):(4,1)] = try_left_inverse(layout!((4,2):(2,1))).unwrap();
    assert_eq!(r, left_inverse(layout!((4,2):(2,1))));
    // All static and overlapping: `left_inverse` does not compile (the types do not
    // prove Eq. 26); `try_left_inverse` checks it point by point: CuTe C++'s
    // (_2,_2):(_1,_4), the runtime layer's too.
    let a = layout!((4,2):(1,2));
    let q: Layout![(2,2):(1,4)] = try_left_inverse(a).unwrap();
    assert_eq!(
        q.to_dynamic(),
        runtime::left_inverse(&a.to_dynamic()).unwrap()
    );
    for k in 0..8usize {
        assert_eq!(a.call(q.call(a.call(k) as usize) as usize), a.call(k));
    }
    let b = layout!((2,2,2):(1,1,4)); // no generalized left inverse
    let e = try_left_inverse(b).unwrap_err();
    assert_eq!(e, runtime::left_inverse(&b.to_dynamic()).unwrap_err());
}

/// `try_composition(a, b)` with a static layout `b` against the runtime's
/// `composition(a, b)`: an answer is the runtime's (same mode sizes and
/// offsets); a refusal is the runtime's, or one where the runtime coalesces
/// dynamic modes by value (`(m,k):(1,m)` is `m·k:1` there) and B crosses their
/// boundary (then both may refuse under different rules: the types' walk
/// stops at the boundary, the runtime layer's point check later).
macro_rules! composition_case {
    ($a:expr, by $b:expr) => {{
        let (a, b) = ($a, $b);
        let (d, e) = (a.to_dynamic(), b.to_dynamic());
        match (try_composition(a, b), runtime::composition(&d, &e)) {
            (Ok(r), Ok(want)) => {
                let r = r.to_dynamic();
                let what = format!("composition({d}, {e}) = {r}, runtime {want}");
                // A leaf of B gives CuTe's modes (dynamic 1s kept), the runtime one mode.
                assert_eq!(r.size().unwrap(), want.size().unwrap(), "{what}");
                if e.rank() > 1 {
                    for (x, y) in r.modes().zip(want.modes()) {
                        assert_eq!(x.size().unwrap(), y.size().unwrap(), "{what}");
                    }
                }
                for i in 0..r.size().unwrap() {
                    assert_eq!(r.call(i).unwrap(), want.call(i).unwrap(), "{what} at {i}");
                }
            }
            (Err(x), Err(y)) => assert!(
                x.kind() == y.kind() || runtime::coalesce(&d).unwrap().rank() < d.rank(),
                "composition({d}, {e}): {x} / {y}"
            ),
            (Err(x), Ok(_)) => assert!(
                runtime::coalesce(&d).unwrap().rank() < d.rank(),
                "composition({d}, {e}) refused ({x}) though no dynamic modes merge"
            ),
            (Ok(r), Err(y)) => panic!("composition({d}, {e}) = {r:?}, the runtime refuses: {y}"),
        }
    }};
    ($a:expr, $($b:tt)*) => {
        composition_case!($a, by layout!($($b)*))
    };
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A run-time-sized matrix and a static-shaped one with dynamic strides,
    /// composed with static layouts (some sizes do not divide: refused).
    #[test]
    fn composition_with_static_layouts(m in 1i64..40, k in 1i64..20, pad in 0i64..3, d in 1i64..9) {
        let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m + pad)]).unwrap();
        composition_case!(a, (4,8):(1,4));
        composition_case!(a, (2,4):(4,1));
        composition_case!(a, 16:2);
        let b = Layout::try_new(hlist![_8, Dyn(k)], hlist![Dyn(d), _8]).unwrap();
        composition_case!(b, (4,8):(1,4));
        composition_case!(b, ((2,2),4):((1,8),2));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A last leaf of static extent 1 (CuTe C++'s `coalesce_x` keeps it: `B`
    /// reaching past `size(A)` follows it) and static negative strides of
    /// `B` (`A(-x) = -A(x)`), against the runtime layer.
    #[test]
    fn composition_past_the_last_leaf_and_backwards(m in 1i64..12, k in 1i64..9, d in 1i64..30) {
        let a = Layout::try_new(hlist![Dyn(m), _1], hlist![_1, Dyn(d)]).unwrap();
        composition_case!(a, 12:8);
        composition_case!(a, (2,3):(1,4));
        composition_case!(a, 4:-1);
        let b = Layout::try_new(hlist![_2, Dyn(k), _1], hlist![Dyn(d), _2, _6]).unwrap();
        composition_case!(b, 24:2);
        composition_case!(b, (2,4):(-4,1));
        composition_case!(b, (4,2):(1,-8));
        composition_case!(layout!((2,1):(3,7)), 12:8);
    }
}

#[test]
fn composition_refuses_cutes_wrong_answer() {
    let a = Layout::try_new(
        hlist![Dyn(48), Dyn(96), Dyn(4)],
        hlist![_1, Dyn(48), Dyn(4608)],
    )
    .unwrap();
    let e = try_composition(a, layout!(256:1)).unwrap_err(); // CuTe C++: (48,5,1), 240 elements
    assert_eq!(e.kind(), runtime::ErrorKind::ShapeDivisibility, "{e}");
    // The runtime coalesces the values to 18432:1 first.
    let want = runtime::composition(&a.to_dynamic(), &layout!(256:1).to_dynamic()).unwrap();
    assert_eq!(want.to_string(), "256:1");
    let r: Layout![(4,8):(1,4)] = try_composition(layout!(32:1), layout!((4,8):(1,4))).unwrap();
    assert_eq!(r, composition(layout!(32:1), layout!((4,8):(1,4))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Static and mixed layouts composed with layouts whose extents or
    /// strides are dynamic (a dynamic stride may be 0 or negative: CuTe C++
    /// divides by 0 there, the runtime layer answers `s:0`).
    #[test]
    fn composition_with_dynamic_right_operands(m in 1i64..40, k in 1i64..20, pad in 0i64..3,
        n in 1i64..9, d in -6i64..10) {
        let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m + pad)]).unwrap();
        let b = Layout::try_new(hlist![_8, Dyn(k)], hlist![Dyn(d), _8]).unwrap();
        let r = Layout::try_new(hlist![_2, Dyn(n)], hlist![Dyn(d), _1]).unwrap();
        composition_case!(layout!((4,8):(1,4)), by r);
        composition_case!(layout!((4,8):(1,5)), by r);
        composition_case!(a, by r);
        composition_case!(b, by r);
        let r = Layout::try_new(hlist![_4, Dyn(n)], hlist![Dyn(d), _4]).unwrap();
        composition_case!(layout!((4,8):(1,5)), by r);
        composition_case!(a, by r);
        composition_case!(b, by r);
        let leaf = Layout::try_new(Dyn(n), Dyn(d)).unwrap();
        composition_case!(layout!((4,(2,4)):(1,(5,10))), by leaf);
        composition_case!(a, by leaf);
        composition_case!(b, by leaf);
        composition_case!(a, by Layout::try_new(_6, Dyn(d)).unwrap());
        composition_case!(a, by Layout::try_new(Dyn(n), _2).unwrap());
        composition_case!(b, by Layout::try_new(hlist![Dyn(n), _1], hlist![_0, Dyn(d)]).unwrap());
        // `DivBy` leaves of B (its facts are not needed: they walk as dynamic values).
        let (e, ld) = (div_by::<2>(2 * n).unwrap(), div_by::<4>(4 * n).unwrap());
        let r = Layout::try_new(hlist![_2, e], hlist![ld, _1]).unwrap();
        composition_case!(layout!((4,8):(1,5)), by r);
        composition_case!(a, by r);
    }
}

/// `try_composition(a, n)` with an integer `n` against the composition with
/// the layout `n:_1`, which is how CuTe C++ reads it (value and type), and
/// that against the runtime layer.
macro_rules! composition_by_int {
    ($a:expr, $n:expr) => {{
        let (a, n) = ($a, $n);
        match try_composition(a, n) {
            Ok(r) => {
                let b = Layout::try_new(n, _1).unwrap();
                assert_eq!(Ok(r), try_composition(a, b), "{a} by {}", n.value());
                composition_case!(a, by b);
            }
            Err(e) if n.value() < 1 => {
                assert_eq!(e.kind(), runtime::ErrorKind::NonPositiveShape, "{e}")
            }
            Err(e) => {
                let b = Layout::try_new(n, _1).unwrap();
                assert_eq!(Err(e), try_composition(a, b), "{a} by {}", n.value());
            }
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Static and mixed layouts composed with and divided by an integer: `Dyn`,
    /// `DivBy`, static.
    #[test]
    fn composition_with_integers(m in 1i64..40, k in 1i64..20, pad in 0i64..3, n in -1i64..70, q in 1i64..9) {
        let a = Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m + pad)]).unwrap();
        let b = Layout::try_new(hlist![_8, Dyn(k)], hlist![Dyn(q), _8]).unwrap();
        let s = layout!((4,8):(9,2));
        composition_by_int!(a, Dyn(n));
        composition_by_int!(b, Dyn(n));
        composition_by_int!(s, Dyn(n));
        composition_by_int!(a, div_by::<4>(4 * q).unwrap());
        composition_by_int!(s, div_by::<4>(4 * q).unwrap());
        composition_by_int!(a, _8);
        composition_by_int!(b, _16);
        // The divides read n as CuTe's make_layout(n): n:_1 (_1:_0 for a static 1).
        if n >= 1 {
            let l = Layout::try_new(Dyn(n), _1).unwrap();
            prop_assert_eq!(try_logical_divide(a, Dyn(n)), try_logical_divide(a, l));
            prop_assert_eq!(try_zipped_divide(a, Dyn(n)), try_zipped_divide(a, l));
            prop_assert_eq!(try_tiled_divide(b, Dyn(n)), try_tiled_divide(b, l));
            prop_assert_eq!(try_flat_divide(s, Dyn(n)), try_flat_divide(s, l));
        } else {
            let e = try_logical_divide(a, Dyn(n)).unwrap_err();
            prop_assert_eq!(e.kind(), runtime::ErrorKind::NonPositiveShape);
        }
        prop_assert_eq!(try_logical_divide(a, _8), try_logical_divide(a, layout!(8:1)));
        prop_assert_eq!(try_zipped_divide(b, _1), try_zipped_divide(b, layout!(1:0)));
    }
}

#[test]
fn composition_with_integers_as_cute() {
    // CuTe C++ with `int` leaves: n:_1, its structure from A's modes.
    let a = Layout::try_new(hlist![Dyn(4), Dyn(8)], hlist![Dyn(9), Dyn(2)]).unwrap();
    let s = layout!((4, 8):(9, 2));
    assert_eq!(
        format!("{:#}", try_composition(a, Dyn(1)).unwrap()),
        "(1,1):(9,2)"
    );
    assert_eq!(
        format!("{:#}", try_composition(a, Dyn(8)).unwrap()),
        "(4,2):(9,2)"
    );
    assert_eq!(
        format!("{:#}", try_composition(s, Dyn(2)).unwrap()),
        "(2,1):(_9,_2)"
    );
    assert_eq!(format!("{:#}", try_composition(a, _1).unwrap()), "_1:2");
    assert_eq!(
        format!("{:#}", try_composition(a, _8).unwrap()),
        "(4,2):(9,2)"
    );
    // The static twin.
    let r = try_composition(s, Dyn(8)).unwrap().to_dynamic();
    let want = composition(s, _8).to_dynamic();
    assert_eq!(r.size().unwrap(), want.size().unwrap());
    for i in 0..want.size().unwrap() {
        assert_eq!(r.call(i).unwrap(), want.call(i).unwrap());
    }
    // CuTe C++: (4,1):(9,2), 4 elements for 6.
    let e = try_composition(a, Dyn(6)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::ShapeDivisibility, "{e}");
    let e = try_composition(s, Dyn(0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "composition: shape extents must be positive: B = 0 must be positive"
    );
}

/// A composition with a dynamic right operand against its all-static twin
/// (the same values, every leaf static: the same size and offsets; the
/// static `A` coalesces where a dynamic one keeps its modes) and CuTe C++'s
/// form with `int` leaves (which leaves stay static).
macro_rules! composition_twin {
    ($a:expr, $b:expr, $sa:expr, $sb:expr, $cute:expr) => {{
        let r = try_composition($a, $b).unwrap();
        assert_eq!(format!("{r:#}"), $cute);
        let (r, want) = (r.to_dynamic(), composition($sa, $sb).to_dynamic());
        assert_eq!(r.size().unwrap(), want.size().unwrap(), "{r} / {want}");
        for i in 0..r.size().unwrap() {
            assert_eq!(
                r.call(i).unwrap(),
                want.call(i).unwrap(),
                "{r} / {want} at {i}"
            );
        }
    }};
}

#[test]
fn composition_with_dynamic_right_operands_as_cute() {
    let (k, n) = (Dyn(4), Dyn(3));
    let b = Layout::try_new(hlist![_2, n], hlist![k, _1]).unwrap();
    let s48 = layout!((4, 8):(1, 4));
    composition_twin!(s48, b, s48, layout!((2, 3):(4, 1)), "(_2,3):(4,_1)");
    let a = Layout::try_new(
        hlist![hlist![_4, Dyn(4)], _8],
        hlist![hlist![_1, _4], Dyn(16)],
    )
    .unwrap();
    let sa = layout!(((4, 4), 8):((1, 4), 16));
    let want = "((1,2,1),(3,1,1)):((4,4,16),(_1,_4,16))";
    composition_twin!(a, b, sa, layout!((2, 3):(4, 1)), want);
    let s45 = layout!((4, 8):(1, 5));
    let t = Layout::try_new(_6, Dyn(2)).unwrap();
    composition_twin!(s45, t, s45, layout!(6:2), "(2,3):(2,5)");
    let t = Layout::try_new(Dyn(6), _2).unwrap();
    composition_twin!(s45, t, s45, layout!(6:2), "(2,3):(_2,_5)");
    let z = layout!((4, 1, 8):(1, 0, 5));
    let t = Layout::try_new(_1, Dyn(2)).unwrap();
    composition_twin!(z, t, z, layout!(1:2), "_1:5");
    let t = Layout::try_new(Dyn(6), _0).unwrap();
    composition_twin!(s45, t, s45, layout!(6:0), "6:_0");
    let m = Layout::try_new(hlist![Dyn(6), _8], hlist![_1, Dyn(6)]).unwrap();
    let t = Layout::try_new(hlist![_2, _4], hlist![_1, Dyn(6)]).unwrap();
    let sm = layout!((6, 8):(1, 6));
    let want = "((2,1),(1,4)):((_1,6),(6,6))";
    composition_twin!(m, t, sm, layout!((2, 4):(1, 6)), want);
    // Negative strides extend A oddly, as CuTe C++ and the runtime layer do.
    let t = Layout::try_new(_2, Dyn(-1)).unwrap();
    composition_twin!(s45, t, s45, layout!(2:-1), "(2,1):(-1,-5)");
}

#[test]
fn composition_with_dynamic_right_operands_refuses_or_answers_where_cute_cannot() {
    // A dynamic stride 0: CuTe C++ divides by it (a crash); s:0 by function.
    let r = try_composition(layout!((4, 8):(1, 5)), Layout::try_new(_4, Dyn(0)).unwrap()).unwrap();
    assert_eq!(format!("{r:#}"), "(4,1):(0,0)");
    // CuTe C++: ((3,1),(2,1)):((_2,6),(4,6)), whose second mode has 2 of B's 3 elements.
    let m = Layout::try_new(hlist![Dyn(6), _8], hlist![_1, Dyn(6)]).unwrap();
    let t = Layout::try_new(hlist![_3, Dyn(3)], hlist![_2, Dyn(4)]).unwrap();
    let e = try_composition(m, t).unwrap_err();
    // The runtime's kind for these values where A does not coalesce ((6,8):(1,7)).
    assert_eq!(e.kind(), runtime::ErrorKind::StrideDivisibility, "{e}");
    // CuTe C++: (1,2):(6,10), whose offset 10 is not A(6) = 7.
    let t = Layout::try_new(Dyn(2), Dyn(6)).unwrap();
    let e = try_composition(layout!((4, 8):(1, 5)), t).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::StrideDivisibility, "{e}");
}

/// `try_logical_product(a, b)` (or another product, `$ours` against the
/// runtime's `$theirs`, by a layout or with `tile` by a tiler) against the
/// runtime's `logical_product(a, b)`: an
/// answer is the runtime's (same size and offsets), a refusal is the
/// runtime's or one where the runtime merges dynamic modes by value.
macro_rules! product_case {
    ($a:expr, $($b:tt)*) => {
        product_case!(by try_logical_product, runtime::logical_product, $a, $($b)*)
    };
    (by $ours:path, $theirs:path, $a:expr, $($b:tt)*) => {
        product_case!(with layout, $ours, $theirs, $a, $($b)*)
    };
    (with $make:ident, $ours:path, $theirs:path, $a:expr, $($b:tt)*) => {{
        let (a, b) = ($a, $make!($($b)*));
        let (d, e) = (a.to_dynamic(), b.to_dynamic());
        let op = stringify!($ours);
        match ($ours(a, b), $theirs(&d, &e)) {
            (Ok(r), Ok(want)) => {
                let r = r.to_dynamic();
                let what = format!("{op}({d}, {e}) = {r}, runtime {want}");
                assert_eq!(r.size().unwrap(), want.size().unwrap(), "{what}");
                for i in 0..r.size().unwrap() {
                    assert_eq!(r.call(i).unwrap(), want.call(i).unwrap(), "{what} at {i}");
                }
            }
            (Err(x), Err(y)) => assert_eq!(x.kind(), y.kind(), "{op}({d}, {e})"),
            (Err(x), Ok(_)) => assert!(
                runtime::coalesce(&d).unwrap().rank() < d.rank(),
                "{op}({d}, {e}) refused ({x}) though no dynamic modes merge"
            ),
            (Ok(r), Err(y)) => panic!("{op}({d}, {e}) = {r:?}, the runtime refuses: {y}"),
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Blocks with a dynamic extent or stride repeated by static layouts.
    #[test]
    fn logical_product_of_dynamic_leaves(m in 1i64..9, k in 1i64..5) {
        let a = Layout::try_new(hlist![Dyn(m), _2], hlist![_1, Dyn(m)]).unwrap();
        product_case!(a, (2,3):(3,1));
        product_case!(a, 4:2);
        let b = Layout::try_new(Dyn(m), Dyn(k)).unwrap();
        product_case!(b, 3:1);
        product_case!(b, (2,2):(1,2));
    }
}

/// A product whose cotarget `size(A)·cosize(B)` = 2^40·2^24 leaves `i64`: the
/// runtime's refusal (checked by the products' non-generic value code).
#[test]
fn product_past_i64_is_refused() {
    let a = Layout::try_new(Dyn(1 << 40), _1).unwrap();
    product_case!(a, 16777216:1);
    product_case!(by try_blocked_product, runtime::blocked_product, a, 16777216:1);
    let e = try_raked_product(a, layout!(16777216:1)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::Overflow, "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The zipped, tiled and flat products: the logical product regrouped, as
    /// the runtime regroups it.
    #[test]
    fn regrouped_products_of_dynamic_leaves(m in 1i64..9, k in 1i64..5) {
        let a = Layout::try_new(hlist![Dyn(m), _2], hlist![_1, Dyn(m)]).unwrap();
        product_case!(by try_zipped_product, runtime::zipped_product, a, (2,3):(3,1));
        product_case!(by try_tiled_product, runtime::tiled_product, a, (2,3):(3,1));
        product_case!(by try_flat_product, runtime::flat_product, a, (2,3):(3,1));
        product_case!(by try_tiled_product, runtime::tiled_product, a, 4:2);
        product_case!(by try_flat_product, runtime::flat_product, a, 4:2);
        let b = Layout::try_new(Dyn(m), Dyn(k)).unwrap();
        product_case!(by try_zipped_product, runtime::zipped_product, b, 3:1);
        product_case!(by try_tiled_product, runtime::tiled_product, b, (2,2):(1,2));
        product_case!(by try_flat_product, runtime::flat_product, b, (2,2):(1,2));
        let c = Layout::try_new(hlist![Dyn(m)], hlist![Dyn(k)]).unwrap();
        product_case!(by try_flat_product, runtime::flat_product, c, 3:1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The blocked and raked products: both operands padded with `1:0` modes
    /// to the larger rank, the modes of the block and of the repeat paired, as
    /// the runtime pairs them.
    #[test]
    fn blocked_and_raked_products_of_dynamic_leaves(m in 1i64..9, k in 1i64..5) {
        let a = Layout::try_new(hlist![Dyn(m), _2], hlist![_1, Dyn(m)]).unwrap();
        product_case!(by try_blocked_product, runtime::blocked_product, a, (2,3):(3,1));
        product_case!(by try_raked_product, runtime::raked_product, a, (2,3):(3,1));
        product_case!(by try_blocked_product, runtime::blocked_product, a, 4:2);
        product_case!(by try_raked_product, runtime::raked_product, a, 4:2);
        let b = Layout::try_new(Dyn(m), Dyn(k)).unwrap();
        product_case!(by try_blocked_product, runtime::blocked_product, b, 3:1);
        product_case!(by try_raked_product, runtime::raked_product, b, (2,2):(1,2));
        let c = Layout::try_new(hlist![_2, Dyn(m), _3], hlist![Dyn(k), _1, Dyn(m)]).unwrap();
        product_case!(by try_blocked_product, runtime::blocked_product, c, (2,2):(1,2));
        product_case!(by try_raked_product, runtime::raked_product, c, 3:1);
        let d = Layout::try_new(hlist![Dyn(m)], hlist![Dyn(k)]).unwrap(); // rank 1 by a leaf
        product_case!(by try_blocked_product, runtime::blocked_product, d, 4:2);
        product_case!(by try_raked_product, runtime::raked_product, d, 4:2);
    }
}

/// The blocked and raked products of dynamic leaves have the function of
/// the static algebra's on the same values, and all-static operands give
/// its very layout.
#[test]
fn blocked_and_raked_products_equal_the_static_algebra() {
    fn same<L: ToDynamic<Output = runtime::Layout>>(
        r: L,
        want: impl ToDynamic<Output = runtime::Layout>,
    ) {
        let (r, want) = (r.to_dynamic(), want.to_dynamic());
        assert_eq!(r.size().unwrap(), want.size().unwrap(), "{r} vs {want}");
        for i in 0..r.size().unwrap() {
            assert_eq!(
                r.call(i).unwrap(),
                want.call(i).unwrap(),
                "{r} vs {want} at {i}"
            );
        }
    }
    let a = Layout::try_new(hlist![Dyn(4), _2], hlist![_1, Dyn(4)]).unwrap();
    let s = layout!((4, 2):(1, 4));
    same(
        try_blocked_product(a, layout!((2,3):(3,1))).unwrap(),
        blocked_product(s, layout!((2,3):(3,1))),
    );
    same(
        try_raked_product(a, layout!((2,3):(3,1))).unwrap(),
        raked_product(s, layout!((2,3):(3,1))),
    );
    same(
        try_blocked_product(a, layout!(3:1)).unwrap(),
        blocked_product(s, layout!(3:1)),
    );
    let b = Layout::try_new(Dyn(4), _1).unwrap();
    same(
        try_raked_product(b, layout!((2,3):(3,1))).unwrap(),
        raked_product(layout!(4:1), layout!((2,3):(3,1))),
    );
    same(
        try_blocked_product(b, layout!(3:1)).unwrap(),
        blocked_product(layout!(4:1), layout!(3:1)),
    );
    let r = try_blocked_product(s, layout!((2,3):(3,1))).unwrap();
    assert_eq!(r, blocked_product(s, layout!((2,3):(3,1))));
    let r = try_raked_product(layout!(4:1), layout!(3:1)).unwrap();
    assert_eq!(r, raked_product(layout!(4:1), layout!(3:1)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The four products by a tiler, mode by mode, as the runtime takes them.
    #[test]
    fn products_by_a_tiler_of_dynamic_leaves(m in 1i64..9, k in 1i64..5) {
        let a = Layout::try_new(hlist![Dyn(m), _2], hlist![_1, Dyn(m)]).unwrap();
        product_case!(with tile, try_logical_product, runtime::logical_product, a, 2, 3:1);
        product_case!(with tile, try_zipped_product, runtime::zipped_product, a, 2, 3:1);
        product_case!(with tile, try_tiled_product, runtime::tiled_product, a, (2,2):(1,4), 1);
        product_case!(with tile, try_flat_product, runtime::flat_product, a, 4);
        let c = Layout::try_new(hlist![_2, Dyn(m), _3], hlist![Dyn(k), _1, Dyn(m)]).unwrap();
        product_case!(with tile, try_zipped_product, runtime::zipped_product, c, 3, 4:2);
        product_case!(with tile, try_flat_product, runtime::flat_product, c, 1, 2, (2,2):(1,2));
    }
}

/// Products by a tiler of all-static operands are the static algebra's.
#[test]
fn products_by_a_tiler_of_static_leaves() {
    let a = layout!((4, 2):(1, 4));
    assert_eq!(
        try_logical_product(a, tile!(2, 3:1)).unwrap(),
        logical_product(a, tile!(2, 3:1))
    );
    assert_eq!(
        try_zipped_product(a, tile!(2, 3:1)).unwrap(),
        zipped_product(a, tile!(2, 3:1))
    );
    assert_eq!(
        try_tiled_product(a, tile!(4)).unwrap(),
        tiled_product(a, tile!(4))
    );
    assert_eq!(
        try_flat_product(a, tile!(2, 3:1)).unwrap(),
        flat_product(a, tile!(2, 3:1))
    );
}

/// A product by a tiler whose mode products fit `i64` but whose whole result
/// does not is refused (`Overflow`, naming the form), as the runtime refuses it.
#[test]
fn products_by_a_tiler_past_i64_are_refused() {
    let n = 1i64 << 31;
    let a = Layout::try_new(hlist![Dyn(n), Dyn(n)], hlist![_1, Dyn(n)]).unwrap();
    let (m0, m1) = (
        Layout::try_new(Dyn(n), _1).unwrap(),
        Layout::try_new(Dyn(n), Dyn(n)).unwrap(),
    );
    assert!(try_logical_product(m0, layout!(4:1)).is_ok());
    assert!(try_logical_product(m1, layout!(4:1)).is_ok());
    product_case!(with tile, try_logical_product, runtime::logical_product, a, 4, 4);
    product_case!(with tile, try_zipped_product, runtime::zipped_product, a, 4, 4);
    product_case!(with tile, try_tiled_product, runtime::tiled_product, a, 4, 4);
    product_case!(with tile, try_flat_product, runtime::flat_product, a, 4, 4);
    let refusals = [
        (try_logical_product(a, tile!(4, 4)).err(), "logical_product"),
        (try_zipped_product(a, tile!(4, 4)).err(), "zipped_product"),
        (try_tiled_product(a, tile!(4, 4)).err(), "tiled_product"),
        (try_flat_product(a, tile!(4, 4)).err(), "flat_product"),
    ];
    for (e, op) in refusals {
        let e = e.unwrap_or_else(|| panic!("{op} of {a:#} by <4, 4> fits i64"));
        assert_eq!(
            (e.kind(), e.operation()),
            (runtime::ErrorKind::Overflow, op)
        );
    }
}

/// Where a rule needs a dynamic leaf, it stays a run-time check (the static
/// twins are compile errors: `ui-tests/fail/mixed_*_static_{crossing,negative}.rs`).
#[test]
fn rules_on_dynamic_leaves_stay_run_time_checks() {
    // 6:3 crosses the static mode 8:1 of (8,n):(1,8n) off its boundary; a
    // dynamic extent of B decides whether it crosses it.
    let a = Layout::try_new(hlist![_8, Dyn(4)], hlist![_1, Dyn(32)]).unwrap();
    let e = try_composition(a, Layout::try_new(Dyn(6), _3).unwrap()).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::StrideDivisibility, "{e}");
    let r = try_composition(a, Layout::try_new(Dyn(2), _3).unwrap()).unwrap();
    assert_eq!(format!("{r:#}"), "(2,1):(_3,32)"); // as CuTe C++
                                                   // A static negative stride on a dynamic extent: refused unless the extent is 1.
    let b = |e| Layout::try_new(hlist![Dyn(e), _3], hlist![int!(-1), Dyn(1)]).unwrap();
    let e = try_left_inverse(b(3)).unwrap_err();
    assert_eq!(e, runtime::left_inverse(&b(3).to_dynamic()).unwrap_err());
    let q = try_left_inverse(b(1)).unwrap().to_dynamic();
    assert!((0..3).all(|k| q.call(b(1).to_dynamic().call(k).unwrap()).unwrap() == k));
    let c = |e| Layout::try_new(hlist![Dyn(e), _2], hlist![int!(-4), Dyn(1)]).unwrap();
    let e = try_complement(c(4), Dyn(64)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NotComplementable, "{e}");
    complement_agrees(
        &c(1).to_dynamic(),
        64,
        &try_complement(c(1), Dyn(64)).unwrap().to_dynamic(),
    );
}

/// `((2,M),K):((1,2),2M+pad)`: a mode that nests a dynamic leaf.
fn nested(m: i64, k: i64, pad: i64) -> Layout![((2,{_}),{_}):((1,2),{_})] {
    Layout::try_new(
        hlist![hlist![_2, Dyn(m)], Dyn(k)],
        hlist![hlist![_1, _2], Dyn(2 * m + pad)],
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A mode nesting a dynamic leaf is divided as the runtime layer divides
    /// it (the tiles of `(2,M)` may reach past `2M`, as in CuTe), and as the
    /// static algebra divides the same values made static.
    #[test]
    fn nested_dynamic_modes(m in 1i64..20, k in 1i64..6, pad in 0i64..3) {
        let a = nested(m, k, pad);
        all_four!(a, [4]);
        all_four!(a, [8, 2]);
        all_four!(a, [2:2]);
        all_four!(a, [(2,2):(1,4), 1]);
        let b = Layout::try_new(hlist![hlist![_2, _4], Dyn(k)], hlist![hlist![_1, Dyn(m)], Dyn(pad)])
            .unwrap();
        all_four!(b, [4]);
        all_four!(b, [2:2, 2]);
    }
}

#[test]
fn nested_dynamic_modes_equal_the_static_algebra() {
    let function = |x: runtime::Layout, y: runtime::Layout| {
        assert_eq!(x.rank(), y.rank(), "{x} and {y}");
        for (p, q) in x.modes().zip(y.modes()) {
            assert_eq!(p.size().unwrap(), q.size().unwrap(), "{x} and {y}");
        }
        same_function(&x, &y);
    };
    let (a, s) = (nested(6, 5, 0), layout!(((2, 6), 5):((1, 2), 12)));
    function(
        try_logical_divide(a, tile!(4)).unwrap().to_dynamic(),
        logical_divide(s, tile!(4)).to_dynamic(),
    );
    function(
        try_zipped_divide(a, tile!(8, 5)).unwrap().to_dynamic(),
        zipped_divide(s, tile!(8, 5)).to_dynamic(),
    );
    function(
        try_flat_divide(a, tile!(2:2)).unwrap().to_dynamic(),
        flat_divide(s, tile!(2:2)).to_dynamic(),
    );
    let (b, t) = (nested(3, 2, 1), layout!(((2, 3), 2):((1, 2), 7)));
    let tiler = tile!((2, 2):(1, 4));
    function(
        try_tiled_divide(b, tiler).unwrap().to_dynamic(),
        tiled_divide(t, tiler).to_dynamic(),
    );
}

/// A mixed result in CuTe C++'s form.
fn cute(r: Result<impl core::fmt::Display, runtime::LayoutError>) -> String {
    format!("{:#}", r.unwrap())
}

#[test]
fn nested_dynamic_modes_as_cute() {
    // CuTe C++ with `int` M = 6, K = 5 (static leaves `_n`).
    let a = nested(6, 5, 0);
    assert_eq!(
        cute(try_logical_divide(a, tile!(4))),
        "(((_2,_2),3),5):(((_1,_2),_4),12)"
    );
    assert_eq!(
        cute(try_logical_divide(a, tile!(8))),
        "(((_2,_4),2),5):(((_1,_2),_8),12)"
    );
    assert_eq!(
        cute(try_logical_divide(a, tile!(2))),
        "((_2,6),5):((_1,_2),12)"
    );
    assert_eq!(
        cute(try_logical_divide(a, tile!(2:2))),
        "((_2,(_2,3)),5):((_2,(_1,_4)),12)"
    );
    assert_eq!(
        cute(try_logical_divide(a, tile!((2,2):(1,4)))),
        "(((_2,_2),(_2,2)),5):(((_1,_4),(_2,_8)),12)"
    );
    assert_eq!(
        cute(try_zipped_divide(a, tile!(4, 2))),
        "(((_2,_2),_2),(3,3)):(((_1,_2),12),(_4,24))"
    );
    assert_eq!(
        cute(try_tiled_divide(a, tile!(4, 2))),
        "(((_2,_2),_2),3,3):(((_1,_2),12),_4,24)"
    );
    assert_eq!(
        cute(try_flat_divide(a, tile!(4, 2))),
        "((_2,_2),_2,3,3):((_1,_2),12,_4,24)"
    );
    assert_eq!(
        cute(try_composition(a, tile!(4, 2))),
        "((_2,_2),_2):((_1,_2),12)"
    );
    // Static extents, a dynamic stride n = 2: ((2,4),3):((1,n),8).
    let b = Layout::try_new(
        hlist![hlist![_2, _4], Dyn(3)],
        hlist![hlist![_1, Dyn(2)], Dyn(8)],
    )
    .unwrap();
    assert_eq!(
        cute(try_logical_divide(b, tile!(4))),
        "(((_2,_2),_2),3):(((_1,2),4),8)"
    );
    assert_eq!(
        cute(try_logical_divide(b, tile!(2:2))),
        "((_2,(_2,_2)),3):((2,(_1,4)),8)"
    );
    // ((M,2)):((1,M)), M = 3: CuTe C++ answers `<4>` with a tile of 3 elements,
    // (((3,1),(1,1))):(((_1,3),(_4,6))); the 4 elements cross M off its boundary.
    let c = Layout::try_new(hlist![hlist![Dyn(3), _2]], hlist![hlist![_1, Dyn(3)]]).unwrap();
    let e = try_logical_divide(c, tile!(4)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::ShapeDivisibility, "{e}");
    assert_eq!(
        cute(try_logical_divide(c, tile!(3))),
        "(((3,1),(1,2))):(((_1,3),(_3,3)))"
    );
}

#[test]
fn nested_div_by_modes_are_proven_even() {
    // ((2,M),K) with M a multiple of 8: <4> fills 2M exactly.
    let m = div_by::<8>(16).unwrap();
    let a = Layout::try_new(
        hlist![hlist![_2, m], Dyn(3)],
        hlist![hlist![_1, _2], Dyn(32)],
    )
    .unwrap();
    assert!(proven_evenly_divides(&a, tile!(4)));
    assert!(!proven_evenly_divides(&nested(8, 3, 0), tile!(4)));
    assert!(
        evenly_divides(&nested(8, 3, 0), tile!(4)) && !evenly_divides(&nested(5, 3, 0), tile!(4))
    );
    let r = try_logical_divide(a, tile!(4)).unwrap();
    assert_eq!(format!("{r:#}"), "(((_2,_2),8),3):(((_1,_2),_4),32)"); // the count as CuTe's ceil_div gives it
}

/// NVIDIA/cutlass issue 3513: CuTe C++ divides the static `(12,(4,8)):(7,(1,30))`
/// by a run-time tile `128` (an `int`: a layout `128:_1`, not by mode) and returns
/// `((12,4,2),(1,1,3)):((_7,_1,_30),(896,11,90))`, 288 of the 384 elements; the
/// runtime layer and the type level (a `Dyn` tile 128) refuse it (128 elements
/// cross the extent-12 mode off its boundary) and answer a tile that fits.
#[test]
fn cutlass_3513_dynamic_tile_is_refused() {
    let s = layout!((12, (4, 8)):(7, (1, 30)));
    let a = s.to_dynamic();
    let tile = |n: i64| -> runtime::Layout { format!("{n}:1").parse().unwrap() };
    let e = runtime::zipped_divide(&a, &tile(128)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::ShapeDivisibility, "{e}");
    let z = runtime::zipped_divide(&a, &tile(96)).unwrap();
    assert_eq!(z.size().unwrap(), 384, "{z}");
    let dyn_tile = |n: i64| Layout::try_new(Dyn(n), _1).unwrap();
    let e = try_zipped_divide(s, dyn_tile(128)).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::ShapeDivisibility, "{e}");
    let z = try_zipped_divide(s, dyn_tile(96)).unwrap().to_dynamic();
    assert_eq!(z.size().unwrap(), 384, "{z}");
    let want = runtime::zipped_divide(&a, &tile(96)).unwrap();
    assert!(
        (0..384).all(|i| z.call(i).unwrap() == want.call(i).unwrap()),
        "{z}"
    );
}

#[test]
fn a_leaf_of_extent_one_crosses_no_boundary() {
    // B = 1:3 selects offset 0 only: no boundary of A is crossed. The static
    // algebra and pycute answer 1:3; CuTe C++ asserts its stride rule when the
    // leaves are static and answers (_1):(4) when B's stride is an int.
    let a = Layout::try_new(hlist![_2, Dyn(4)], hlist![_1, _2]).unwrap();
    let r = try_composition(a, layout!(1:3)).unwrap();
    assert_eq!(format!("{r:#}"), "_1:_4");
    let r = try_composition(a, Layout::try_new(_1, Dyn(3)).unwrap()).unwrap();
    assert_eq!(format!("{r:#}"), "_1:4");
    assert_eq!(r.to_dynamic().call(0).unwrap(), 0);
    assert_eq!(
        composition(layout!((2,4):(1,2)), layout!(1:3)).to_string(),
        "1:3"
    );
}

/// `try_make_identity_layout` with run-time extents: static strides, as CuTe
/// C++ prints `make_identity_layout` of `int` extents (checked with CuTe C++).
#[test]
fn identity_layouts_of_run_time_extents() {
    let id = try_make_identity_layout(hlist![Dyn(200), _8]).unwrap();
    assert_eq!(format!("{id:#}"), "(200,_8):(_1@0,_1@1)");
    let nested = try_make_identity_layout(hlist![_4, hlist![Dyn(200), _2]]).unwrap();
    assert_eq!(
        format!("{nested:#}"),
        "(_4,(200,_2)):(_1@0,(_1@0@1,_1@1@1))"
    );
    for i in 0..1600usize {
        let c = nested.eval_coord(i).unwrap().to_string();
        let want = format!("({},({},{}))", i % 4, i / 4 % 200, i / 800);
        assert_eq!(c, want);
    }
    let e = try_make_identity_layout(hlist![Dyn(-3), _8]).unwrap_err();
    assert_eq!(e.kind(), runtime::ErrorKind::NonPositiveShape);
}

proptest! {
    /// `try_make_identity_layout` with random run-time extents is the
    /// runtime layer's `Layout::identity` of the same shape, and refuses
    /// where it refuses (an extent below 1).
    #[test]
    fn identity_layouts_equal_the_runtime_layers(m in -2i64..300, k in 1i64..40) {
        let shape = runtime::IntTuple::parse_shape(&format!("({m},(8,{k}))"));
        let want = runtime::Layout::identity(&shape);
        let got = try_make_identity_layout(hlist![Dyn(m), hlist![_8, Dyn(k)]]);
        match (got, want) {
            (Ok(g), Ok(w)) => prop_assert_eq!(g.to_dynamic(), w),
            (Err(g), Err(w)) => prop_assert_eq!(g.kind(), w.kind()),
            (g, w) => prop_assert!(false, "type level {:?}, runtime {:?}", g.map(|l| l.to_string()), w),
        }
    }
}

/// `nullspace(a)` of a layout with run-time leaves against the runtime
/// layer's on the same values (where no run-time stride is 0, the two keep
/// the same leaves): the same size and the same index at every point, and
/// `a` is constant on it.
fn nullspace_agrees(a: &runtime::Layout, n: &runtime::Layout) {
    let want = runtime::nullspace(a).unwrap();
    assert_eq!(
        n.size().unwrap(),
        want.size().unwrap(),
        "nullspace({a}) = {n}, runtime {want}"
    );
    for j in 0..n.size().unwrap() {
        assert_eq!(
            n.call(j).unwrap(),
            want.call(j).unwrap(),
            "nullspace({a}) = {n} at {j}"
        );
        assert_eq!(
            a.call(n.call(j).unwrap()).unwrap(),
            a.call(0).unwrap(),
            "{a} on {n} at {j}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Static zeros among run-time extents and nonzero run-time strides; a
    /// run-time extent 1 (its stride is a position, CuTe C++'s, not 0).
    #[test]
    fn nullspace_of_dynamic_leaves(m in 1i64..6, k in 1i64..5, d in 1i64..9, e in -9i64..9) {
        let e = if e == 0 { 1 } else { e };
        let a = Layout::try_new(hlist![Dyn(m), _2, hlist![Dyn(k), _3]], hlist![_0, Dyn(d), hlist![_0, Dyn(e)]]).unwrap();
        let n = nullspace(a);
        nullspace_agrees(&a.to_dynamic(), &n.to_dynamic());
        prop_assert_eq!(format!("{n:#}"), format!("({m},{k}):(_1,{})", 2 * m));
        let b = Layout::try_new(hlist![_4, Dyn(m), _2], hlist![Dyn(d), _0, _0]).unwrap();
        let n = nullspace(b);
        nullspace_agrees(&b.to_dynamic(), &n.to_dynamic());
        prop_assert_eq!(format!("{n:#}"), format!("({m},_2):(_4,{})", 4 * m));
    }

    /// `try_is_bijection` of run-time strides chained in any order (or
    /// broken) is the enumeration's answer: every offset in `[0, size)` once.
    #[test]
    fn is_bijection_of_dynamic_leaves(s0 in 1i64..5, s1 in 1i64..5, order in 0usize..6, brk in 0usize..5) {
        let shapes = [s0, 2, s1];
        let perm = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][order];
        let (mut d, mut e) = ([0i64; 3], 1);
        for i in perm {
            d[i] = match brk {
                b if b == i => 2 * e,
                3 if i == perm[2] => e - 1,
                _ => e,
            };
            e *= shapes[i];
        }
        let a = Layout::try_new(hlist![Dyn(s0), _2, Dyn(s1)], hlist![Dyn(d[0]), Dyn(d[1]), Dyn(d[2])]).unwrap();
        let r = a.to_dynamic();
        let mut seen: Vec<i64> = (0..r.size().unwrap()).map(|i| r.call(i).unwrap()).collect();
        seen.sort();
        let exact = seen.iter().enumerate().all(|(i, &y)| y == i as i64);
        let got = try_is_bijection(&a);
        prop_assert_eq!(got.is_ok(), exact, "{} {:?}", r, got);
        if let Err(e) = got {
            prop_assert_eq!(e.kind(), runtime::ErrorKind::NotBijective);
            prop_assert!(e.to_string().starts_with("is_bijection: "), "{}", e);
        }
    }
}

#[test]
fn nullspace_and_is_bijection_of_static_layouts() {
    // All static: the same constant as the static algebra's.
    let n: Layout![(2,4):(1,6)] = nullspace(layout!((2,(3,4),5):(0,(2,0),1)));
    assert_eq!(n.to_string(), "(2,4):(1,6)");
    let a = Layout::try_new(
        hlist![_2, hlist![Dyn(3), _4], _5],
        hlist![_0, hlist![_2, _0], _1],
    )
    .unwrap();
    assert_eq!(format!("{:#}", nullspace(a)), "(_2,_4):(_1,6)"); // CuTe C++
    assert_eq!(nullspace(a).to_dynamic(), n.to_dynamic());
    // A run-time 0 is not known to be 0: CuTe C++'s `_1:_0`.
    let b = Layout::try_new(hlist![_2, Dyn(8)], hlist![Dyn(0), _1]).unwrap();
    assert_eq!(format!("{:#}", nullspace(b)), "_1:_0");
    assert!(try_is_bijection(&layout!((4,2):(2,1))).is_ok());
}

/// `try_max_common_layout(a, b)` = `r` with `n = size(r)` = `try_max_common_vector(a, b)`:
/// `a(r(i)) = b(r(i)) = i` for every `i < n`, and no more than the runtime
/// layer finds from all the values.
fn common_agrees(a: &runtime::Layout, b: &runtime::Layout, r: &runtime::Layout, n: i64) {
    assert_eq!(r.size().unwrap(), n, "max_common_layout({a}, {b}) = {r}");
    for i in 0..n {
        let x = r.call(i).unwrap();
        assert_eq!(
            a.call(x).unwrap(),
            i,
            "max_common_layout({a}, {b}) = {r} at {i}"
        );
        assert_eq!(
            b.call(x).unwrap(),
            i,
            "max_common_layout({a}, {b}) = {r} at {i}"
        );
    }
    assert!(
        n <= runtime::max_common_vector(a, b).unwrap(),
        "max_common_vector({a}, {b}) = {n}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A column-major tile of run-time columns against a layout of the same
    /// values whose leading extent or strides are run-time or permuted.
    #[test]
    fn max_common_of_dynamic_leaves(m in 1i64..6, ld in 0i64..3, order in 0usize..3) {
        let a = Layout::try_new(hlist![_4, hlist![_2, Dyn(m)]], hlist![_1, hlist![_4, Dyn(8)]]).unwrap();
        let da = a.to_dynamic();
        macro_rules! check {
            ($b:expr) => {{
                let b = $b;
                let r = try_max_common_layout(a, b).unwrap();
                let v = try_max_common_vector(a, b).unwrap();
                common_agrees(&da, &b.to_dynamic(), &r.to_dynamic(), v.value());
            }};
        }
        match order {
            0 => check!(Layout::try_new(hlist![_8, Dyn(m)], hlist![_1, Dyn(8 + ld)]).unwrap()),
            1 => check!(Layout::try_new(hlist![Dyn(4), Dyn(2 * m)], hlist![_1, _4]).unwrap()),
            _ => check!(Layout::try_new(hlist![Dyn(m), _8], hlist![_8, _1]).unwrap()),
        }
    }
}

#[test]
fn max_common_of_static_layouts_is_the_static_algebras() {
    let (a, b) = (layout!((4,8):(1,4)), layout!((8,4):(1,8)));
    assert_eq!(
        try_max_common_vector(a, b).unwrap(),
        max_common_vector(a, b)
    );
    let r: Layout![32:1] = try_max_common_layout(a, b).unwrap();
    assert_eq!(r, max_common_layout(a, b));
    let c = layout!((4,8):(8,1));
    assert_eq!(
        try_max_common_vector(c, a).unwrap(),
        max_common_vector(c, a)
    );
    assert_eq!(
        try_max_common_layout(c, a).unwrap(),
        max_common_layout(c, a)
    );
}

/// `op(a, profile)` by the type level (`r`) against the runtime layer's on
/// the same values: for a tuple profile the same rank and the same size of
/// every top-level mode (a mode is coalesced on its own), and the same
/// offset at every index (a coalesced layout's modes are the runtime layer's
/// or, where a run-time leaf stays, finer).
fn profile_agrees(op: &str, a: &runtime::Layout, profile: &str, r: &runtime::Layout) {
    let p = runtime::IntTuple::parse_shape(profile);
    let want = match op {
        "coalesce" => runtime::coalesce_profile(a, &p),
        _ => runtime::filter_profile(a, &p),
    }
    .unwrap();
    let what = format!("{op}({a}, {profile}) = {r}, runtime {want}");
    if profile.starts_with('(') {
        assert_eq!(r.rank(), want.rank(), "{what}");
        for (x, y) in r.modes().zip(want.modes()) {
            assert_eq!(x.size().unwrap(), y.size().unwrap(), "{what}");
        }
    }
    assert_eq!(r.size().unwrap(), want.size().unwrap(), "{what}");
    for i in 0..r.size().unwrap() {
        assert_eq!(r.call(i).unwrap(), want.call(i).unwrap(), "{what} at {i}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Modes whose run-time strides may or may not continue the static ones
    /// (CuTe C++ keeps a run-time leaf; the runtime layer merges by value),
    /// by an integer, a flat and a nested profile.
    #[test]
    fn profiles_of_dynamic_leaves(m in 1i64..5, k in 1i64..4, d in 1i64..12, z in 0usize..2) {
        let a = Layout::try_new(hlist![Dyn(m), hlist![_2, Dyn(k)], _3], hlist![_1, hlist![Dyn(d), Dyn(2 * d)], _0]).unwrap();
        let da = a.to_dynamic();
        profile_agrees("coalesce", &da, "1", &coalesce_profile(a, _1).to_dynamic());
        profile_agrees("coalesce", &da, "(1,1)", &coalesce_profile(a, hlist![_1, _1]).to_dynamic());
        profile_agrees("coalesce", &da, "(1,(1,1))", &coalesce_profile(a, hlist![_1, hlist![_1, _1]]).to_dynamic());
        profile_agrees("filter", &da, "(1,1,1)", &filter_profile(a, hlist![_1, _1, _1]).to_dynamic());
        profile_agrees("filter", &da, "1", &filter_profile(a, _1).to_dynamic());
        // A run-time extent on a static 0: filtered as the static 0 it is.
        let b = Layout::try_new(hlist![hlist![Dyn(m), _4], Dyn(k)], hlist![hlist![_0, _1], Dyn(4 + z as i64)]).unwrap();
        let r = filter_profile(b, hlist![_1]);
        profile_agrees("filter", &b.to_dynamic(), "(1)", &r.to_dynamic());
        prop_assert_eq!(format!("{r:#}"), format!("(_4,{k}):(_1,{})", 4 + z));
    }
}

#[test]
fn profiles_of_static_layouts_are_constants() {
    let r: Layout![(4,6):(1,4)] = coalesce_profile(layout!((4,(2,3)):(1,(4,8))), hlist![_1, _1]);
    assert_eq!(r.to_string(), "(4,6):(1,4)");
    let f: Layout![(4,3):(1,4)] = filter_profile(layout!((4,(2,3)):(1,(0,4))), hlist![_1, _1]);
    assert_eq!(f.to_string(), "(4,3):(1,4)");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `try_complement_default(a)` is `try_complement(a, cosize(a))` and has
    /// the runtime layer's `complement_default` function on the same values.
    #[test]
    fn complement_default_of_dynamic_leaves(m in 1i64..6, g in 1i64..4, z in 0usize..2) {
        let d1 = if z == 0 { 0 } else { m * g };
        let a = Layout::try_new(hlist![Dyn(m), _2], hlist![_1, Dyn(d1)]).unwrap();
        let r = try_complement_default(a).unwrap().to_dynamic();
        let want = runtime::complement_default(&a.to_dynamic()).unwrap();
        prop_assert_eq!(r.size().unwrap(), want.size().unwrap(), "{} {}", r, want);
        for i in 0..r.size().unwrap() {
            prop_assert_eq!(r.call(i).unwrap(), want.call(i).unwrap());
        }
        prop_assert_eq!(try_complement_default(a).unwrap(), try_complement(a, a.cosize()).unwrap());
    }
}

#[test]
fn complement_default_of_a_static_layout_is_the_static_algebras() {
    let c: Layout![3:2] = try_complement_default(layout!((2,2):(1,6))).unwrap();
    assert_eq!(c, complement_default(layout!((2,2):(1,6))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `try_upcast`, `try_downcast` and `try_recast_layout` of a tile with a
    /// run-time extent and leading dimension are the runtime layer's on the
    /// same values, and refuse a run-time stride that breaks CuTe C++'s
    /// assumption (not a multiple of the upcast's factor, or ±1 for a
    /// downcast).
    #[test]
    fn recasts_of_dynamic_leaves(m in 1i64..6, ld in -20i64..40) {
        let a = Layout::try_new(hlist![_8, Dyn(m), _2], hlist![_1, Dyn(ld), _8]).unwrap();
        let da = a.to_dynamic();
        match try_upcast(a, _2) {
            Ok(r) => prop_assert_eq!(r.to_dynamic(), runtime::upcast(&da, 2).unwrap()),
            Err(e) => {
                prop_assert!(ld % 2 != 0, "{}", e);
                prop_assert_eq!(e.kind(), runtime::ErrorKind::Divisibility);
            }
        }
        match try_downcast(a, _4) {
            Ok(r) => prop_assert_eq!(r.to_dynamic(), runtime::downcast(&da, 4).unwrap()),
            Err(e) => prop_assert!(ld == 1 || ld == -1, "{}", e),
        }
        match try_recast_layout(a, int!(48), int!(32)) {
            Ok(r) => prop_assert_eq!(r.to_dynamic(), runtime::recast_layout(&da, 48, 32).unwrap()),
            Err(e) => prop_assert!(ld % 2 != 0 || (ld / 2).abs() == 1, "{}", e),
        }
    }
}

#[test]
fn recasts_of_static_layouts_are_the_static_algebras() {
    let a = layout!((4,8):(1,4));
    assert_eq!(try_upcast(a, _2).unwrap(), upcast(a, _2));
    assert_eq!(try_downcast(a, _2).unwrap(), downcast(a, _2));
    let r: Layout![(2,8):(1,2)] = try_recast_layout(a, int!(16), int!(32)).unwrap();
    assert_eq!(r, recast_layout(a, int!(16), int!(32)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `try_make_ordered_layout` of run-time extents (some 1, some below 1)
    /// has the function of the runtime layer's `Layout::ordered` of the same
    /// shape (a run-time extent 1 takes the product as its stride, as CuTe
    /// C++ gives it, where the runtime layer gives 0: the same offsets), and
    /// refuses where it refuses.
    #[test]
    fn ordered_layouts_of_run_time_extents(m in -1i64..6, k in 1i64..4, o in 0usize..3) {
        let shape = runtime::IntTuple::parse_shape(&format!("({m},(4,{k}))"));
        let s = hlist![Dyn(m), hlist![_4, Dyn(k)]];
        let (text, got) = match o {
            0 => ("(0,(1,2))", try_make_ordered_layout(s, hlist![_0, hlist![_1, _2]]).map(|l| l.to_dynamic())),
            1 => ("(2,(0,1))", try_make_ordered_layout(s, hlist![_2, hlist![_0, _1]]).map(|l| l.to_dynamic())),
            _ => ("(1,(2,0))", try_make_ordered_layout(s, hlist![_1, hlist![_2, _0]]).map(|l| l.to_dynamic())),
        };
        let want = runtime::Layout::ordered(&shape, &runtime::IntTuple::parse_shape(text));
        match (got, want) {
            (Ok(g), Ok(w)) => {
                prop_assert_eq!(g.size().unwrap(), w.size().unwrap());
                for i in 0..g.size().unwrap() {
                    prop_assert_eq!(g.call(i).unwrap(), w.call(i).unwrap(), "{} {} at {}", g, w, i);
                }
            }
            (Err(g), Err(w)) => prop_assert_eq!(g.kind(), w.kind()),
            (g, w) => prop_assert!(false, "type level {:?}, runtime {:?}", g.map(|l| l.to_string()), w),
        }
    }
}

#[test]
fn ordered_layout_of_a_static_shape_is_the_static_algebras() {
    let l: Layout![(4,8,2):(2,8,1)] =
        try_make_ordered_layout(hlist![_4, _8, _2], hlist![_1, _2, _0]).unwrap();
    assert_eq!(
        l,
        make_ordered_layout(hlist![_4, _8, _2], hlist![_1, _2, _0])
    );
}
