//! Properties of the mode-restructuring operations on random layouts.

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn regrouping_keeps_leaves_and_function(a in any_layout(), b in 0usize..4, e in 0usize..4) {
        let r = a.rank();
        let (b, e) = (b.min(r), e.min(r));
        match group_modes(&a, b.min(e), b.max(e)) {
            Ok(g) => {
                prop_assert!(g.leaves().eq(a.leaves()));
                prop_assert_eq!(values(&g), values(&a));
            }
            Err(err) => prop_assert!(false, "{}", err),
        }
        prop_assert_eq!(values(&flatten(&a)), values(&a));
        if b < e {
            let t = take(&a, b, e).unwrap();
            let idx: Vec<usize> = (b..e).collect();
            prop_assert_eq!(&t, &select(&a, &idx).unwrap());
            prop_assert_eq!(t.rank(), e - b);
        } else {
            prop_assert_eq!(take(&a, b, e).unwrap_err().kind(), ErrorKind::RankMismatch);
        }
    }

    #[test]
    fn append_prepend_replace(a in any_layout(), x in any_layout()) {
        let ap = append(&a, &x);
        let pp = prepend(&a, &x);
        prop_assert_eq!(ap.rank(), a.rank() + 1);
        prop_assert_eq!(pp.rank(), a.rank() + 1);
        prop_assert_eq!(ap.mode(a.rank()).unwrap(), x.clone());
        prop_assert_eq!(pp.mode(0).unwrap(), x.clone());
        prop_assert_eq!(ap.size().unwrap(), a.size().unwrap() * x.size().unwrap());
        let last = a.rank() - 1;
        let rp = replace(&ap, a.rank(), &a.mode(last).unwrap()).unwrap();
        prop_assert_eq!(rp.mode(a.rank()).unwrap(), a.mode(last).unwrap());
    }
}
