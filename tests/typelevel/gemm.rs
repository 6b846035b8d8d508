//! `gemm` against its definition: the blocked, packed product on every kind
//! of layout (CuTe's Table 3 rows, padded leading dimensions, grouped modes,
//! an im2col layout, negative and zero strides), sizes across the blocking
//! edges, `α`/`β`, batches; the atoms one by one; random layouts.

use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;
use proptest::prelude::*;

/// Elements small enough that every sum here is exact in `f32`.
fn values<T: From<i8>>(n: usize, seed: usize) -> Vec<T> {
    (0..n)
        .map(|i| T::from(((i * 7 + seed * 3) % 13) as i8 - 6))
        .collect()
}

/// A matrix `(rows, cols)` of strides `(rs, cs)` over a slice that starts at
/// its lowest offset (as `make_tensor` places it).
#[derive(Clone, Copy, Debug)]
struct Strided {
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
}

impl Strided {
    /// Column-major with leading dimension `rows + pad`, or row-major.
    fn new(rows: usize, cols: usize, row_major: bool, pad: usize) -> Self {
        let (rs, cs) = match row_major {
            false => (1, (rows + pad) as isize),
            true => ((cols + pad) as isize, 1),
        };
        Strided { rows, cols, rs, cs }
    }
    /// The lowest offset and the storage length.
    fn extent(&self) -> (isize, usize) {
        let (r, c) = (
            self.rs * (self.rows as isize - 1),
            self.cs * (self.cols as isize - 1),
        );
        let low = r.min(0) + c.min(0);
        (low, (r.max(0) + c.max(0) - low + 1) as usize)
    }
    fn at(&self, i: usize, j: usize) -> usize {
        (self.rs * i as isize + self.cs * j as isize - self.extent().0) as usize
    }
    fn layout(&self) -> Layout<Pair, Pair> {
        let d = |x: isize| Dyn(x as i64);
        let shape = hlist![d(self.rows as isize), d(self.cols as isize)];
        Layout::try_new(shape, hlist![d(self.rs), d(self.cs)]).unwrap()
    }
}

/// Two dynamic leaves.
type Pair = HCons<Dyn, HCons<Dyn, HNil>>;

/// `C = α·A·B + β·C` by the definition (`β = 0`: C not read).
fn by_definition<T: GemmScalar>(
    (a, sa): (&[T], Strided),
    (b, sb): (&[T], Strided),
    (c, sc): (&mut [T], Strided),
    alpha: T,
    beta: T,
) {
    for i in 0..sc.rows {
        for j in 0..sc.cols {
            let mut acc = T::ZERO;
            for p in 0..sa.cols {
                acc = acc + a[sa.at(i, p)] * b[sb.at(j, p)];
            }
            let x = &mut c[sc.at(i, j)];
            *x = if beta == T::ZERO {
                alpha * acc
            } else {
                alpha * acc + beta * *x
            };
        }
    }
}

/// One product through `try_gemm` (`α = β = 1`) or `try_gemm_axpby`
/// against the definition.
fn check<T: GemmScalar + From<i8> + core::fmt::Debug>(
    sa: Strided,
    sb: Strided,
    sc: Strided,
    alpha: T,
    beta: T,
) {
    let a = values::<T>(sa.extent().1, 1);
    let b = values::<T>(sb.extent().1, 2);
    let mut want = values::<T>(sc.extent().1, 3);
    let mut got = want.clone();
    by_definition((&a, sa), (&b, sb), (&mut want, sc), alpha, beta);
    let ta = make_tensor(&a[..], sa.layout()).unwrap();
    let tb = make_tensor(&b[..], sb.layout()).unwrap();
    let mut tc = make_tensor(&mut got[..], sc.layout()).unwrap();
    match alpha == T::ONE && beta == T::ONE {
        true => try_gemm(&ta, &tb, &mut tc).unwrap(),
        false => try_gemm_axpby(alpha, &ta, &tb, beta, &mut tc).unwrap(),
    }
    assert_eq!(got, want, "A {sa:?}, B {sb:?}, C {sc:?}");
}

/// Every transposition of A, B and C (NN, NT, TN, TT and the row-major C of
/// each), padded or not, across the blocking edges of every atom (MR, NR,
/// MC, KC), in `f32`, `f64` and `i64`.
#[test]
fn blocked_gemm_matches_the_definition_on_table3_layouts() {
    let sizes = [
        (1, 1, 1),
        (2, 3, 5),
        (7, 13, 29),
        (33, 9, 17),
        (40, 65, 3),
        (130, 17, 260),
    ];
    for (m, n, k) in sizes {
        for bits in 0..8u32 {
            let (ta, tb, tc) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
            let pad = (bits as usize) % 3;
            let sa = Strided::new(m, k, ta, pad);
            let sb = Strided::new(n, k, tb, pad);
            let sc = Strided::new(m, n, tc, pad);
            check::<f32>(sa, sb, sc, 1.0, 1.0);
            check::<f64>(sa, sb, sc, 1.0, 1.0);
            check::<i64>(sa, sb, sc, 1, 1);
        }
    }
}

/// Strides of either sign, a stride-0 (broadcast) A, and a C whose
/// columns share elements (each contribution is added, as by the definition).
#[test]
fn negative_and_zero_strides() {
    let neg = |rows, cols, rs, cs| Strided { rows, cols, rs, cs };
    check::<f64>(
        neg(9, 7, -1, 9),
        neg(5, 7, 1, -5),
        neg(9, 5, 1, 9),
        1.0,
        1.0,
    );
    check::<i64>(
        neg(40, 30, -30, -1),
        neg(35, 30, -1, 35),
        neg(40, 35, -1, -40),
        1,
        1,
    );
    check::<f32>(
        neg(33, 20, 0, 1),
        neg(10, 20, 1, 10),
        neg(33, 10, 1, 33),
        1.0,
        1.0,
    );
    check::<i64>(
        neg(33, 20, 1, 33),
        neg(10, 20, 20, 1),
        neg(33, 10, 1, 0),
        1,
        1,
    );
}

/// BLAS's α and β; `β = 0` never reads C (a NaN there is overwritten).
#[test]
fn alpha_and_beta_as_blas() {
    let sa = Strided::new(37, 11, false, 1);
    let sb = Strided::new(19, 11, true, 0);
    let sc = Strided::new(37, 19, false, 2);
    check::<f64>(sa, sb, sc, 2.0, -1.0);
    check::<f64>(sa, sb, sc, -0.5, 0.0);
    check::<f32>(sa, sb, sc, 1.0, 0.0);
    check::<i64>(sa, sb, sc, 3, 2);
    let (a, b) = (
        values::<f32>(sa.extent().1, 1),
        values::<f32>(sb.extent().1, 2),
    );
    let mut c = vec![f32::NAN; sc.extent().1];
    let ta = make_tensor(&a[..], sa.layout()).unwrap();
    let tb = make_tensor(&b[..], sb.layout()).unwrap();
    let mut tc = make_tensor(&mut c[..], sc.layout()).unwrap();
    gemm_axpby(1.0, &ta, &tb, 0.0, &mut tc);
    assert!((0..37).all(|i| (0..19).all(|j| !c[sc.at(i, j)].is_nan())));
}

/// GETT: grouped M, N and K modes (static and dynamic), the product of the
/// flattened matrices.
#[test]
fn grouped_modes() {
    // A ((4,5),(3,6)), B ((2,7),(3,6)), C ((4,5),(2,7)); K grouped too.
    let a = values::<i64>(2000, 1);
    let b = values::<i64>(2000, 2);
    let la = layout!(((4, 5), (3, 6)):((1, 40), (4, 200)));
    let lb = layout!(((2, 7), (3, 6)):((3, 100), (1, 10)));
    let lc = layout!(((4, 5), (2, 7)):((1, 4), (20, 40)));
    let mut want = vec![1i64; 280];
    for (i, j) in (0..20).flat_map(|i| (0..14).map(move |j| (i, j))) {
        let s: i64 = (0..18)
            .map(|p| a[la.call((i, p)) as usize] * b[lb.call((j, p)) as usize])
            .sum();
        want[lc.call((i, j)) as usize] += s;
    }
    let mut got = vec![1i64; 280];
    let (ta, tb) = (
        make_tensor(&a[..], la).unwrap(),
        make_tensor(&b[..], lb).unwrap(),
    );
    gemm(&ta, &tb, &mut make_tensor(&mut got[..], lc).unwrap());
    assert_eq!(got, want);
    // The same with dynamic leaves.
    let mut got = vec![1i64; 280];
    let d = |x| Dyn(x);
    let la = Layout::try_new(
        hlist![hlist![d(4), _5], hlist![_3, d(6)]],
        hlist![hlist![_1, d(40)], hlist![_4, d(200)]],
    )
    .unwrap();
    let lb = Layout::try_new(
        hlist![hlist![_2, d(7)], hlist![d(3), _6]],
        hlist![hlist![d(3), int!(100)], hlist![_1, d(10)]],
    )
    .unwrap();
    let lc = Layout::try_new(
        hlist![hlist![d(4), d(5)], hlist![_2, _7]],
        hlist![hlist![_1, _4], hlist![d(20), d(40)]],
    )
    .unwrap();
    let (ta, tb) = (
        make_tensor(&a[..], la).unwrap(),
        make_tensor(&b[..], lb).unwrap(),
    );
    try_gemm(&ta, &tb, &mut make_tensor(&mut got[..], lc).unwrap()).unwrap();
    assert_eq!(got, want);
}

/// CONV as a GEMM: the im2col view of an input image, built by composing the
/// image's layout with the map from (output pixel, filter tap) to input
/// pixel, multiplied by the filters without copying the image.
#[test]
fn convolution_through_an_im2col_layout() {
    // Input (W, H, C) = (10, 9, 3), column-major; filters (S, R, C, F) = (3, 2, 3, 4);
    // output (Q, P) = (8, 8) pixels of F = 4 channels.
    let image = values::<f32>(10 * 9 * 3, 1);
    let filters = values::<f32>(3 * 2 * 3 * 4, 2);
    let x = layout!((10, 9, 3):(1, 10, 90));
    // (m, k) = ((q, p), (s, r, c)) ↦ the coordinate (q + s, p + r, c) of x, as a
    // 1-D index of x's shape: a layout into x's domain.
    let taps = layout!(((8, 8), (3, 2, 3)):((1, 10), (1, 10, 90)));
    let im2col = composition(x, taps);
    assert_eq!(im2col.to_string(), "((8,8),(3,2,3)):((1,10),(1,10,90))");
    let a = make_tensor(&image[..], im2col).unwrap();
    let b = make_tensor(&filters[..], layout!((4, (3, 2, 3)):(18, (1, 3, 6)))).unwrap();
    let mut out = vec![0.0f32; 64 * 4];
    gemm(
        &a,
        &b,
        &mut make_tensor(&mut out[..], layout!(((8, 8), 4))).unwrap(),
    );
    for (q, p, f) in [(0, 0, 0), (7, 7, 3), (3, 5, 1)] {
        let mut want = 0.0;
        for (s, r, c) in
            (0..3).flat_map(|s| (0..2).flat_map(move |r| (0..3).map(move |c| (s, r, c))))
        {
            want += image[(q + s) + 10 * (p + r) + 90 * c] * filters[18 * f + s + 3 * r + 6 * c];
        }
        assert_eq!(out[q + 8 * p + 64 * f], want, "pixel ({q},{p}) channel {f}");
    }
}

/// Batches through the blocked path (dynamic sizes) and the unrolled one.
#[test]
fn batched_products() {
    let (m, n, k, l) = (20, 9, 31, 3);
    let a = values::<f64>(m * k * l, 1);
    let b = values::<f64>(n * k * l, 2);
    let mut got = vec![0.0; m * n * l];
    let ta = make_tensor(
        &a[..],
        layout!(({ m as i64 }, { k as i64 }, { l as i64 })).unwrap(),
    )
    .unwrap();
    let tb = make_tensor(
        &b[..],
        layout!(({n as i64}, {k as i64}, {l as i64}):(1, {n as i64}, {(n * k) as i64})).unwrap(),
    )
    .unwrap();
    try_gemm_batched(
        &ta,
        &tb,
        &mut make_tensor(
            &mut got[..],
            layout!(({ m as i64 }, { n as i64 }, { l as i64 })).unwrap(),
        )
        .unwrap(),
    )
    .unwrap();
    for (i, j, b_) in [(0, 0, 0), (19, 8, 2), (7, 3, 1)] {
        let want: f64 = (0..k)
            .map(|p| a[i + m * p + m * k * b_] * b[j + n * p + n * k * b_])
            .sum();
        assert_eq!(got[i + m * j + m * n * b_], want);
    }
}

/// The unrolled path of small static tensors and the blocked path of the
/// same tensors with dynamic leaves give the same product.
#[test]
fn unrolled_and_blocked_agree() {
    let a = values::<i32>(8 * 8, 1);
    let b = values::<i32>(8 * 8, 2);
    let (mut c1, mut c2) = ([0i32; 64], [0i32; 64]);
    gemm(
        &make_tensor(&a[..], layout!((8, 8))).unwrap(),
        &make_tensor(&b[..], layout!((8, 8):(8, 1))).unwrap(),
        &mut make_tensor(&mut c1[..], layout!((8, 8))).unwrap(),
    );
    gemm(
        &make_tensor(&a[..], layout!(({ 8 }, 8)).unwrap()).unwrap(),
        &make_tensor(&b[..], layout!(({8}, 8):(8, 1)).unwrap()).unwrap(),
        &mut make_tensor(&mut c2[..], layout!(({ 8 }, 8)).unwrap()).unwrap(),
    );
    assert_eq!(c1, c2);
    assert_eq!(c1[0], (0..8).map(|p| a[8 * p] * b[p]).sum::<i32>());
}

/// `gemm` on a register tile: static, packed `A` and `B` (staged panels) and
/// a tile of a larger `C` with a run-time leading dimension, for the tiles
/// of every atom (and multiples, and a tile no atom divides), `K` past the
/// blocked path's slab: the product by its definition.
#[test]
fn register_tiles_of_staged_panels() {
    macro_rules! tile_case {
        ($t:ty, $m:literal, $n:literal, $k:literal) => {{
            let a = values::<$t>($m * $k, 1);
            let b = values::<$t>($n * $k, 2);
            let ld = $m + 3;
            let c0 = values::<$t>(ld * $n, 3);
            let mut c = c0.clone();
            let ta = make_tensor(&a[..], layout!(($m, $k))).unwrap();
            let tb = make_tensor(&b[..], layout!(($n, $k))).unwrap();
            let lc =
                Layout::try_new(hlist![int!($m), int!($n)], hlist![_1, Dyn(ld as i64)]).unwrap();
            gemm(&ta, &tb, &mut make_tensor(&mut c[..], lc).unwrap());
            for (i, j) in (0..ld).flat_map(|i| (0..$n).map(move |j| (i, j))) {
                let want = match i < $m {
                    true => (0..$k).fold(c0[i + ld * j], |x, p| x + a[i + $m * p] * b[j + $n * p]),
                    false => c0[i + ld * j], // past the tile: untouched
                };
                assert_eq!(c[i + ld * j], want, "{}x{}x{} at ({i},{j})", $m, $n, $k);
            }
        }};
    }
    tile_case!(f32, 32, 8, 300);
    tile_case!(f32, 64, 8, 7);
    tile_case!(f32, 16, 16, 33);
    tile_case!(f32, 16, 6, 20);
    tile_case!(f32, 32, 12, 5);
    tile_case!(f32, 24, 8, 9); // no atom's tile: the blocked path
    tile_case!(f64, 16, 8, 300);
    tile_case!(f64, 8, 6, 11);
    tile_case!(i32, 32, 8, 4); // no FMA atom: the blocked path
}

/// An atom's product `α·A·B + β·C` of strided panels by its definition.
fn check_atom<A: MmaAtom>(atom: A)
where
    A::Elem: From<i8> + core::fmt::Debug,
{
    let (mr, nr, kc) = (A::MR, A::NR, 9);
    let (ak, bj, bk, cj) = (mr + 3, 2, 2 * nr + 1, mr + 5);
    let a = values::<A::Elem>(ak * kc, 1);
    let b = values::<A::Elem>(bk * kc, 2);
    let one = A::Elem::ONE;
    let two = one + one;
    for (alpha, beta) in [
        (one, one),
        (one, A::Elem::ZERO),
        (two, two),
        (two, A::Elem::ZERO),
    ] {
        let c0 = values::<A::Elem>(cj * nr, 3);
        let mut c = c0.clone();
        // SAFETY: every element the contract names lies inside the vectors.
        unsafe {
            atom.mma(
                kc,
                (a.as_ptr(), ak as isize),
                (b.as_ptr(), bj, bk as isize),
                (c.as_mut_ptr(), cj as isize),
                alpha,
                beta,
            )
        };
        for (i, j) in (0..mr).flat_map(|i| (0..nr).map(move |j| (i, j))) {
            let mut acc = A::Elem::ZERO;
            for p in 0..kc {
                acc = acc + a[i + ak * p] * b[bj as usize * j + bk * p];
            }
            let want = if beta == A::Elem::ZERO {
                alpha * acc
            } else {
                alpha * acc + beta * c0[i + cj * j]
            };
            assert_eq!(c[i + cj * j], want, "({i},{j}), α, β = {alpha:?}, {beta:?}");
        }
        // Past the tile's rows, C is untouched.
        assert!((0..nr).all(|j| (mr..cj).all(|i| c[i + cj * j] == c0[i + cj * j])));
    }
}

#[test]
fn every_atom_computes_its_product() {
    check_atom(MmaPortable::<i32>::new());
    check_atom(MmaPortable::<f64>::new());
    #[cfg(target_arch = "x86_64")]
    {
        let simd = Simd::detect();
        if let Simd::Avx512(t) = simd {
            check_atom(MmaAvx512F32::new(t));
            check_atom(MmaAvx512F32M16::new(t));
            check_atom(MmaAvx512F64::new(t));
        }
        if let Some(t) = simd.avx2_fma() {
            check_atom(MmaAvx2F32::new(t));
            check_atom(MmaAvx2F64::new(t));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Random sizes and strides: the product by its definition.
    #[test]
    fn random_layouts(
        (m, n, k) in (1usize..45, 1usize..45, 1usize..45),
        t in (any::<bool>(), any::<bool>(), any::<bool>()),
        pad in 0usize..4,
        beta in prop_oneof![Just(0i64), Just(1), Just(-2)],
    ) {
        let sa = Strided::new(m, k, t.0, pad);
        let sb = Strided::new(n, k, t.1, pad);
        let sc = Strided::new(m, n, t.2, pad);
        check::<i64>(sa, sb, sc, 1, beta);
        check::<f32>(sa, sb, sc, 1.0, beta as f32);
    }
}

/// `par_gemm` gives `gemm`'s result bit for bit, for any thread count, on
/// values whose sums round.
#[test]
fn threads_give_the_same_result() {
    let (m, n, k) = (67, 301, 45);
    let sa = Strided::new(m, k, false, 0);
    let sb = Strided::new(n, k, true, 1);
    let sc = Strided::new(m, n, false, 2);
    let a: Vec<f32> = (0..sa.extent().1)
        .map(|i| ((i * 37) % 101) as f32 / 7.0)
        .collect();
    let b: Vec<f32> = (0..sb.extent().1)
        .map(|i| ((i * 53) % 97) as f32 / 3.0)
        .collect();
    let (ta, tb) = (
        make_tensor(&a[..], sa.layout()).unwrap(),
        make_tensor(&b[..], sb.layout()).unwrap(),
    );
    let mut one = vec![0.5f32; sc.extent().1];
    gemm(
        &ta,
        &tb,
        &mut make_tensor(&mut one[..], sc.layout()).unwrap(),
    );
    for threads in [1, 2, 3, 7, 64] {
        let mut c = vec![0.5f32; sc.extent().1];
        try_par_gemm(
            threads,
            &ta,
            &tb,
            &mut make_tensor(&mut c[..], sc.layout()).unwrap(),
        )
        .unwrap();
        assert_eq!(c, one, "{threads} threads");
    }
    // Row-major C (the product is transposed for the atoms): the same.
    let sc = Strided::new(m, n, true, 0);
    let mut one = vec![0.0f32; sc.extent().1];
    gemm(
        &ta,
        &tb,
        &mut make_tensor(&mut one[..], sc.layout()).unwrap(),
    );
    let mut c = vec![0.0f32; sc.extent().1];
    par_gemm(
        2,
        &ta,
        &tb,
        &mut make_tensor(&mut c[..], sc.layout()).unwrap(),
    );
    assert_eq!(c, one);
}

/// A C that maps two coordinates to one element is refused (two threads
/// would write it); an injective one that interleaves its modes is not.
#[test]
fn threads_refuse_a_c_that_is_not_injective() {
    use layout_algebra::runtime::ErrorKind;
    let (a, b) = ([1i64; 12], [1i64; 12]);
    let ta = make_tensor(&a[..], layout!((2, 6))).unwrap();
    let tb = make_tensor(&b[..], layout!((2, 6))).unwrap();
    let mut c = [0i64; 16];
    let refused = |r: Result<(), layout_algebra::runtime::LayoutError>| {
        assert_eq!(r.unwrap_err().kind(), ErrorKind::NotInjective)
    };
    refused(try_par_gemm(
        2,
        &ta,
        &tb,
        &mut make_tensor(&mut c[..], layout!((2, 2):(1, 1))).unwrap(),
    ));
    refused(try_par_gemm(
        2,
        &ta,
        &tb,
        &mut make_tensor(&mut c[..], layout!((2, 2):(0, 1))).unwrap(),
    ));
    refused(try_par_gemm(
        2,
        &ta,
        &tb,
        &mut make_tensor(&mut c[..], layout!((2, 2):(2, 2))).unwrap(),
    ));
    try_par_gemm(
        2,
        &ta,
        &tb,
        &mut make_tensor(&mut c[..], layout!((2, 2):(3, 6))).unwrap(),
    )
    .unwrap();
    // Interleaved modes that never meet: offsets 0, 2, 3, 5.
    try_par_gemm(
        2,
        &ta,
        &tb,
        &mut make_tensor(&mut c[..], layout!((2, 2):(2, 3))).unwrap(),
    )
    .unwrap();
    // Grouped rows, offsets 0,1,4,5 and columns 0,2: all eight distinct.
    let hier = layout!(((2, 2), 2):((1, 4), 2));
    let mut c2 = [0i64; 16];
    let ta2 = make_tensor(&a[..], layout!((4, 3))).unwrap();
    let tb2 = make_tensor(&b[..], layout!((2, 3))).unwrap();
    try_par_gemm(2, &ta2, &tb2, &mut make_tensor(&mut c2[..], hier).unwrap()).unwrap();
    // Rows 0,1,2,3 and columns 0,2: row 2 of column 0 meets row 0 of column 1.
    let meets = layout!(((2, 2), 2):((1, 2), 2));
    assert_eq!(
        try_par_gemm(2, &ta2, &tb2, &mut make_tensor(&mut c2[..], meets).unwrap())
            .unwrap_err()
            .kind(),
        ErrorKind::NotInjective
    );
    assert_eq!(
        try_par_gemm(
            0,
            &ta,
            &tb,
            &mut make_tensor(&mut c[..], layout!((2, 2))).unwrap()
        )
        .unwrap_err()
        .kind(),
        ErrorKind::InvalidArgument
    );
}
