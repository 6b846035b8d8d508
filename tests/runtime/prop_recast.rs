//! Properties of upcast, downcast and recast_layout on random layouts.

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn upcast_undoes_downcast(a in any_layout(), n in 1i64..=8) {
        let has_unit = a.leaves().any(|(_, d)| d == Stride::Int(1));
        match downcast(&a, n) {
            Ok(d) => {
                prop_assert!(has_unit);
                prop_assert!(d.shape().congruent(a.shape()));
                prop_assert_eq!(upcast(&d, n).unwrap(), a.clone());
                prop_assert_eq!(recast_layout(&a, 8 * n, 8).unwrap(), d);
            }
            Err(e) => {
                prop_assert!(!has_unit);
                prop_assert_eq!(e.kind(), ErrorKind::Divisibility);
            }
        }
        prop_assert_eq!(recast_layout(&a, 16, 16).unwrap(), a);
    }

    #[test]
    fn upcast_divides_strides(a in any_layout(), n in 1i64..=8) {
        match upcast(&a, n) {
            Ok(u) => {
                for ((s, d), (us, ud)) in a.leaves().zip(u.leaves()) {
                    let (d, ud) = (d.as_int().unwrap(), ud.as_int().unwrap());
                    if d == 0 {
                        prop_assert_eq!((us, ud), (s, 0));
                    } else if d.abs() % n == 0 {
                        prop_assert_eq!((us, ud), (s, d / n));
                    } else {
                        prop_assert_eq!(ud, d.signum());
                        prop_assert_eq!(us, (s + n / d.abs() - 1) / (n / d.abs()));
                    }
                }
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), ErrorKind::Divisibility);
                let bad = a.leaves().any(|(_, d)| {
                    let d = d.as_int().unwrap().abs();
                    d != 0 && d % n != 0 && n % d != 0
                });
                prop_assert!(bad);
            }
        }
    }
}
