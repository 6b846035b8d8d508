//! Properties of the products on random layouts.

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

fn sorted(l: &Layout) -> Vec<i64> {
    let mut v = values(l);
    v.sort_unstable();
    v
}

/// Sizes of the top modes of `l` (a leaf is one mode), padded with 1 to rank `r`.
fn mode_sizes(l: &Layout, r: usize) -> Vec<i64> {
    let mut v: Vec<i64> = l.modes().map(|m| m.size().unwrap()).collect();
    v.resize(r, 1);
    v
}

/// The values of `blocked_product(A, B)` (`raked_product` when `!blocked`)
/// read off the logical product `P = (A, C)`: with `aₖ`, `cₖ` the coordinates
/// of `A`'s and `C`'s top modes (`C` has `B`'s top-level shape), the product
/// maps coordinate `((a₀,c₀), (a₁,c₁), …)` (raked `((c₀,a₀), …)`) to
/// `P((a₀,a₁,…), (c₀,c₁,…))`, both operands padded with size-1 modes.
fn regrouped(p: &Layout, a: &Layout, b: &Layout, blocked: bool) -> Vec<i64> {
    let r = a.rank().max(b.rank());
    let (sa, sb) = (mode_sizes(a, r), mode_sizes(b, r));
    let (na, nb) = (a.size().unwrap(), b.size().unwrap());
    let pv = values(p);
    let mut out = vec![0; (na * nb) as usize];
    for ia in 0..na {
        for ic in 0..nb {
            let (mut xa, mut xc, mut iq, mut scale) = (ia, ic, 0, 1);
            for k in 0..r {
                let (ak, ck) = (xa % sa[k], xc % sb[k]);
                xa /= sa[k];
                xc /= sb[k];
                let m = if blocked {
                    ak + sa[k] * ck
                } else {
                    ck + sb[k] * ak
                };
                iq += m * scale;
                scale *= sa[k] * sb[k];
            }
            out[iq as usize] = pv[(ia + na * ic) as usize];
        }
    }
    out
}

proptest! {
    #[test]
    fn logical_product_keeps_a_and_tiles_compactly(a in small_compact_layout(), b in small_compact_layout()) {
        let p = match logical_product(&a, &b) {
            Ok(p) => p,
            Err(e) => {
                prop_assert!(matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility | ErrorKind::Distributivity), "{}", e);
                return Ok(());
            }
        };
        prop_assert_eq!(p.mode(0).unwrap(), a.clone());
        let n = a.size().unwrap() * b.size().unwrap();
        prop_assert_eq!(p.size().unwrap(), n);
        // Compact block and tiler: the product is a bijection onto [0, n).
        prop_assert_eq!(sorted(&p), (0..n).collect::<Vec<_>>());
        for q in [zipped_product(&a, &b), tiled_product(&a, &b), flat_product(&a, &b)] {
            prop_assert_eq!(values(&q.unwrap()), values(&p));
        }
        // Blocked and raked products pad the shorter operand with 1:0 modes
        // (CuTe C++): rank max(rank(A), rank(B)), the same values as the
        // logical product, regrouped mode by mode.
        let r = a.rank().max(b.rank());
        for q in [blocked_product(&a, &b), raked_product(&a, &b)] {
            let q = q.unwrap();
            prop_assert_eq!(q.rank(), r);
            prop_assert_eq!(q.size().unwrap(), n);
            prop_assert_eq!(sorted(&q), (0..n).collect::<Vec<_>>());
        }
        // Blocked: mode i is (Aᵢ, Cᵢ), raked (Cᵢ, Aᵢ), with A padded by 1:0;
        // CuTe's zip keeps a leaf first half whole: at rank 1 with B a leaf,
        // C is a leaf and the raked mode is (C, A), A whole.
        let unit: Layout = "1:0".parse().unwrap();
        let blocked = blocked_product(&a, &b).unwrap();
        let raked = raked_product(&a, &b).unwrap();
        let a_modes: Vec<Layout> = a.modes().chain(std::iter::repeat(unit)).take(r).collect();
        let raked_a = if r == 1 && b.shape().is_leaf() { vec![a.clone()] } else { a_modes.clone() };
        for (i, m) in a_modes.iter().enumerate() {
            prop_assert_eq!(&blocked.mode(i).unwrap().mode(0).unwrap(), m);
            prop_assert_eq!(&raked.mode(i).unwrap().mode(1).unwrap(), &raked_a[i]);
            prop_assert_eq!(blocked.mode(i).unwrap().rank(), 2);
        }
        prop_assert_eq!(regrouped(&p, &a, &b, true), values(&blocked));
        prop_assert_eq!(regrouped(&p, &a, &b, false), values(&raked));
    }

    /// Operands of unequal rank, one of them possibly a leaf: the same
    /// postconditions as for equal ranks.
    #[test]
    fn unequal_rank_products_regroup_the_logical_product(a in small_compact_layout(), b in small_compact_layout(), pad_a in 0usize..3, pad_b in 0usize..3) {
        // Widen one operand by trailing compact modes so the ranks differ.
        let widen = |l: &Layout, k: usize| {
            let mut ms: Vec<Layout> = l.modes().collect();
            let mut next = l.cosize().unwrap();
            for _ in 0..k {
                ms.push(format!("2:{next}").parse().unwrap());
                next *= 2;
            }
            if k == 0 { l.clone() } else { Layout::concat(ms.iter()) }
        };
        let (a, b) = (widen(&a, pad_a), widen(&b, pad_b));
        prop_assume!(a.rank() != b.rank());
        let p = match logical_product(&a, &b) {
            Ok(p) => p,
            Err(e) => {
                for q in [blocked_product(&a, &b), raked_product(&a, &b)] {
                    prop_assert_eq!(q.unwrap_err().kind(), e.kind());
                }
                return Ok(());
            }
        };
        let n = a.size().unwrap() * b.size().unwrap();
        let r = a.rank().max(b.rank());
        for q in [blocked_product(&a, &b).unwrap(), raked_product(&a, &b).unwrap()] {
            prop_assert_eq!(q.rank(), r);
            prop_assert_eq!(q.size().unwrap(), n);
        }
        prop_assert_eq!(regrouped(&p, &a, &b, true), values(&blocked_product(&a, &b).unwrap()));
        prop_assert_eq!(regrouped(&p, &a, &b, false), values(&raked_product(&a, &b).unwrap()));
    }

    #[test]
    fn tile_to_shape_fills_the_target(a in small_compact_layout(), k0 in 1i64..4, k1 in 1i64..4, rev in any::<bool>()) {
        prop_assume!(a.rank() <= 2);
        let sizes: Vec<i64> = a.modes().map(|m| m.size().unwrap()).chain([1]).collect();
        let target = IntTuple::from_leaves([sizes[0] * k0, sizes[1] * k1]);
        let order = IntTuple::from_leaves(if rev { [1, 0] } else { [0, 1] });
        let t = tile_to_shape(&a, &target, Some(&order)).unwrap();
        prop_assert_eq!(t.rank(), 2);
        for i in 0..2 {
            prop_assert_eq!(t.mode(i).unwrap().size().unwrap(), target.mode(i).unwrap().size().unwrap());
        }
        let n = target.size().unwrap();
        prop_assert_eq!(sorted(&t), (0..n).collect::<Vec<_>>());
    }
}
