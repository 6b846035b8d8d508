//! Swizzle<B,M,S>: CuTe's examples, validation, and the involution property.

use layout_algebra::runtime::{ErrorKind, Swizzle};
use proptest::prelude::*;

#[test]
fn cute_examples() {
    // Checked with CuTe C++ (errata 5 of the spec, and Swizzle<3,4,-3>, Swizzle<2,0,-2>).
    let sw = Swizzle::new(3, 4, 3).unwrap();
    assert_eq!(
        [sw.apply(0x80), sw.apply(0x98), sw.apply(0x18)],
        [0x90, 0x88, 0x18]
    );
    let neg = Swizzle::new(3, 4, -3).unwrap();
    let got: Vec<i64> = [0x80, 0x98, 0x18, 5, 1000, 4095]
        .iter()
        .map(|&x| neg.apply(x))
        .collect();
    assert_eq!(got, [128, 24, 152, 5, 232, 3199]);
    assert_eq!(Swizzle::new(2, 0, -2).unwrap().apply(15), 3);
    assert_eq!(Swizzle::new(0, 4, 0).unwrap().apply(15), 15);
    assert_eq!(neg.to_string(), "Sw<3,4,-3>");
}

#[test]
fn validation_names_the_rule() {
    for (b, m, s) in [(3, 4, 2), (-1, 0, 0), (1, -1, 1), (3, 4, -2), (2, 40, 30)] {
        let e = Swizzle::new(b, m, s).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(
            e.to_string().contains(&format!("Swizzle<{b},{m},{s}>")),
            "{e}"
        );
    }
}

proptest! {
    #[test]
    fn a_swizzle_is_its_own_inverse_and_a_bijection_on_its_period(
        b in 0i64..5, m in 0i64..5, extra in 0i64..4, neg in any::<bool>(), x in any::<i64>(),
    ) {
        let s = if neg { -(b + extra) } else { b + extra };
        let sw = Swizzle::new(b, m, s).unwrap();
        prop_assert_eq!(sw.inverse().apply(sw.apply(x)), x);
        // Bijection on [0, period): the image is a permutation, and stays in the block.
        let p = sw.period();
        prop_assume!(p <= 1 << 12);
        let mut seen = vec![false; p as usize];
        for i in 0..p {
            let y = sw.apply(i);
            prop_assert!((0..p).contains(&y));
            prop_assert!(!seen[y as usize]);
            seen[y as usize] = true;
        }
    }
}
