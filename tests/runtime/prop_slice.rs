//! Properties of slice, dice and slice_and_offset on random layouts.

use crate::support::*;
use layout_algebra::runtime::*;
use proptest::prelude::*;

/// A rank ≥ 2 layout and, per top-level mode, `None` (`_`) or a fixed index seed.
fn case() -> impl Strategy<Value = (Layout, Vec<Option<u32>>)> {
    any_layout()
        .prop_filter("tuple", |l| l.rank() >= 2)
        .prop_flat_map(|l| {
            let n = l.rank();
            (
                Just(l),
                prop::collection::vec(prop::option::of(any::<u32>()), n),
            )
        })
}

proptest! {
    #[test]
    fn slice_plus_offset_is_the_layout((l, pick) in case()) {
        let sizes: Vec<i64> = l.modes().map(|m| m.size().unwrap()).collect();
        let fixed: Vec<Option<i64>> =
            pick.iter().zip(&sizes).map(|(p, s)| p.map(|v| i64::from(v) % s)).collect();
        let coord = SliceCoord::from_leaves(fixed.iter().copied());
        let (s, off) = slice_and_offset(&coord, &l).unwrap();
        prop_assert_eq!(&s, &slice(&coord, &l).unwrap());
        let d = dice(&coord, &l).unwrap();
        let free: Vec<i64> = fixed.iter().zip(&sizes).filter(|p| p.0.is_none()).map(|p| *p.1).collect();
        prop_assert_eq!(s.rank() * usize::from(!free.is_empty()), free.len());
        prop_assert_eq!(s.size().unwrap() * d.size().unwrap(), l.size().unwrap());
        let Offset::Int(off) = off else { panic!("integer layout") };
        // dice evaluated at the fixed indices is the offset.
        let fixed_idx = IntTuple::from_leaves(fixed.iter().flatten().copied());
        if fixed_idx.rank() > 0 {
            prop_assert_eq!(d.eval(&fixed_idx).unwrap(), Offset::Int(off));
        }
        for x in 0..s.size().unwrap() {
            let mut rest = x;
            let full = IntTuple::from_leaves(fixed.iter().zip(&sizes).map(|(f, &sz)| match f {
                Some(v) => *v,
                None => { let k = rest % sz; rest /= sz; k }
            }));
            prop_assert_eq!(l.eval(&full).unwrap(), Offset::Int(off + s.call(x).unwrap()));
        }
    }
}
