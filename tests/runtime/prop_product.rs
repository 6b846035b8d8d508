//! Properties of the products on random layouts.

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

fn sorted(l: &Layout) -> Vec<i64> {
    let mut v = values(l);
    v.sort_unstable();
    v
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
        // Blocked and raked products are rank-sensitive (T5).
        if a.rank() != b.rank() {
            for q in [blocked_product(&a, &b), raked_product(&a, &b)] {
                prop_assert_eq!(q.unwrap_err().kind(), ErrorKind::RankMismatch);
            }
            return Ok(());
        }
        for q in [blocked_product(&a, &b), raked_product(&a, &b)] {
            let q = q.unwrap();
            prop_assert_eq!(q.rank(), a.rank());
            prop_assert_eq!(sorted(&q), (0..n).collect::<Vec<_>>());
        }
        // Blocked: mode i starts with block mode i.
        let q = blocked_product(&a, &b).unwrap();
        for (i, m) in a.modes().enumerate() {
            prop_assert_eq!(q.mode(i).unwrap().mode(0).unwrap(), m);
        }
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
