//! Properties of the inverses, common layouts and null spaces on random layouts.
use crate::support;

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn right_inverse_is_a_right_inverse(a in any_layout()) {
        let r = right_inverse(&a).unwrap();
        for i in 0..r.size().unwrap() {
            prop_assert_eq!(a.call(r.call(i).unwrap()).unwrap(), i);
        }
    }

    #[test]
    fn compact_layouts_have_full_right_inverses(a in compact_layout()) {
        let r = right_inverse(&a).unwrap();
        prop_assert_eq!(r.size().unwrap(), a.size().unwrap());
        let q = left_inverse(&a).unwrap();
        for i in 0..a.size().unwrap() {
            prop_assert_eq!(a.call(r.call(i).unwrap()).unwrap(), i);
            prop_assert_eq!(q.call(a.call(i).unwrap()).unwrap(), i);
        }
    }

    /// An injective layout gets a true left inverse; any layout's left inverse
    /// satisfies 001 Eq. 26, L(Q(L(i))) = L(i) (evaluated past the sizes as
    /// CuTe does), or is refused.
    #[test]
    fn left_inverse_is_a_left_inverse_or_refused(a in nonneg_layout()) {
        let n = a.size().unwrap();
        let image: Vec<i64> = (0..n).map(|i| a.call(i).unwrap()).collect();
        let injective = image.iter().collect::<std::collections::BTreeSet<_>>().len() as i64 == n;
        match left_inverse(&a) {
            Ok(q) => {
                for (i, &y) in image.iter().enumerate() {
                    let back = support::eval_extended(&q, y);
                    prop_assert_eq!(support::eval_extended(&a, back), y, "left_inverse({}) = {} breaks Eq. 26 at {}", a, q, i);
                    if injective {
                        prop_assert_eq!(back, i as i64, "left_inverse({}) = {} at {}", a, q, i);
                    }
                }
            }
            Err(e) => prop_assert_eq!(e.kind(), ErrorKind::Divisibility, "{}", e),
        }
    }

    #[test]
    fn nullspace_maps_to_zero(a in nonneg_layout()) {
        let n = nullspace(&a).unwrap();
        let zeros: i64 = a.leaves().filter(|l| l.1.is_zero()).map(|l| l.0).product();
        prop_assert_eq!(n.size().unwrap(), zeros);
        let mut seen = Vec::new();
        for j in 0..n.size().unwrap() {
            let x = n.call(j).unwrap();
            prop_assert_eq!(a.call(x).unwrap(), 0);
            seen.push(x);
        }
        seen.sort_unstable();
        seen.dedup();
        prop_assert_eq!(seen.len() as i64, zeros);
    }

    #[test]
    fn max_common_layout_is_identity_through_both(a in compact_layout(), seed in any::<u64>()) {
        let n = a.shape().leaf_count() as u64;
        let mut it = (0..n).map(|i| ((i * 7 + seed) % (n + 3)) as i64);
        let order = a.shape().map(|_| it.next().unwrap());
        let b = Layout::ordered(a.shape(), &order).unwrap();
        if let Ok(c) = max_common_layout(&a, &b) {
            let v = max_common_vector(&a, &b).unwrap();
            prop_assert_eq!(c.size().unwrap(), v);
            for i in 0..c.size().unwrap() {
                prop_assert_eq!(a.call(c.call(i).unwrap()).unwrap(), i);
                prop_assert_eq!(b.call(c.call(i).unwrap()).unwrap(), i);
            }
        }
    }
}
