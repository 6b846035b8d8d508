//! Properties of the divides on random layouts.

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

/// A compact layout with its strides scaled by 1 or 2 (injective, complementable).
fn tiler() -> impl Strategy<Value = Layout> {
    (compact_layout(), 1i64..=2).prop_map(|(b, k)| {
        let s = b.int_strides("test").unwrap().map(|d| d * k);
        Layout::from_ints(b.shape().clone(), &s).unwrap()
    })
}

proptest! {
    #[test]
    fn logical_divide_is_a_composed_with_b_and_its_complement(a in compact_layout(), b in tiler()) {
        prop_assume!(b.cosize().unwrap() <= a.size().unwrap());
        let d = match logical_divide(&a, &b) {
            Ok(d) => d,
            Err(e) => {
                prop_assert!(matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility | ErrorKind::Distributivity), "{}", e);
                return Ok(());
            }
        };
        prop_assert_eq!(d.rank(), 2);
        let tile = d.mode(0).unwrap();
        prop_assert_eq!(tile.size().unwrap(), b.size().unwrap());
        for i in 0..b.size().unwrap() {
            prop_assert_eq!(tile.call(i).unwrap(), a.call(b.call(i).unwrap()).unwrap());
        }
        let bc = Layout::concat([&b, &complement(&b, &IntTuple::leaf(a.size().unwrap())).unwrap()]);
        prop_assert_eq!(d.size().unwrap(), bc.size().unwrap());
        for i in 0..d.size().unwrap() {
            if let Ok(x) = a.call(bc.call(i).unwrap()) {
                prop_assert_eq!(d.call(i).unwrap(), x);
            }
        }
        // The rearrangements keep the function and the size.
        let z = zipped_divide(&a, &b).unwrap();
        prop_assert_eq!(values(&z), values(&d));
        prop_assert_eq!(values(&tiled_divide(&a, &b).unwrap()), values(&d));
        prop_assert_eq!(values(&flat_divide(&a, &b).unwrap()), values(&d));
    }

    #[test]
    fn by_mode_divide_keeps_each_tile(a in compact_layout(), b in tiler(), c in tiler()) {
        prop_assume!(a.rank() >= 2);
        let t = Tiler::Tuple(vec![b.clone().into(), c.clone().into()]);
        let Ok(d) = logical_divide(&a, &t) else { return Ok(()); };
        prop_assert_eq!(d.rank(), a.rank());
        for (i, bi) in [(0, &b), (1, &c)] {
            prop_assert_eq!(d.mode(i).unwrap(), logical_divide(&a.mode(i).unwrap(), bi).unwrap());
        }
        let z = zipped_divide(&a, &t).unwrap();
        let tiles = z.mode(0).unwrap();
        prop_assert_eq!(tiles.mode(0).unwrap(), d.mode(0).unwrap().mode(0).unwrap());
        prop_assert_eq!(tiles.mode(1).unwrap(), d.mode(1).unwrap().mode(0).unwrap());
        prop_assert_eq!(z.size().unwrap(), d.size().unwrap());
    }
}
