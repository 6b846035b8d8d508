//! Properties of coalesce and filter on random layouts.

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn coalesce_preserves_size_and_function(a in any_layout()) {
        let c = coalesce(&a).unwrap();
        prop_assert_eq!(c.size().unwrap(), a.size().unwrap());
        prop_assert_eq!(values(&c), values(&a));
        prop_assert!(c.depth() <= 1);
        prop_assert!(c.shape().leaves().all(|s| s > 1) || c.to_string() == "1:0");
        // Idempotent.
        prop_assert_eq!(coalesce(&c).unwrap(), c);
    }

    #[test]
    fn coalesce_profile_preserves_function_and_profile(a in any_layout()) {
        // Profile: the layout's own tree one level deep, all leaves 1.
        let prof = if a.shape().is_leaf() {
            IntTuple::leaf(1)
        } else {
            IntTuple::from_leaves(a.shape().modes().map(|_| 1))
        };
        let c = coalesce_profile(&a, &prof).unwrap();
        prop_assert_eq!(c.rank(), a.rank());
        prop_assert_eq!(values(&c), values(&a));
        for (m, n) in c.modes().zip(a.modes()) {
            prop_assert_eq!(m, coalesce(&n).unwrap());
        }
    }

    #[test]
    fn filter_keeps_the_image(a in any_layout()) {
        let f = filter(&a).unwrap();
        let mut img = values(&a);
        img.sort_unstable();
        img.dedup();
        let mut fimg = values(&f);
        fimg.sort_unstable();
        fimg.dedup();
        prop_assert_eq!(fimg, img);
        prop_assert!(f.leaves().all(|(s, d)| s > 1 && !d.is_zero()) || f.to_string() == "1:0");
        let z = filter_zeros(&a);
        prop_assert!(z.shape().congruent(a.shape()));
        prop_assert_eq!(z.stride(), a.stride());
    }
}
