//! Worked examples of the type-level algebra, each checked against pycute and
//! CuTe C++ (or, where they are wrong, against the paper's postconditions).

mod common;

use common::{render, show};
use frunk_core::HList;
use layout_algebra::typelevel::*;
use typenum::consts::*;

type L<S, D> = Layout<S, D>;

#[test]
fn coalesce_examples() {
    assert_eq!(
        render::<CoalesceOut<L<HList![P2, HList![P1, P6]], HList![P1, HList![P6, P2]]>>>(),
        "12:1"
    );
    assert_eq!(
        render::<CoalesceOut<L<HList![P2, P4], HList![P1, P2]>>>(),
        "8:1"
    );
    assert_eq!(
        render::<CoalesceOut<L<HList![P2, P4], HList![P4, P1]>>>(),
        "(2,4):(4,1)"
    );
    assert_eq!(
        render::<CoalesceOut<L<HList![P1, P1], HList![P3, P4]>>>(),
        "1:0"
    );
    assert_eq!(
        render::<CoalesceOut<L<HList![P1, P5], HList![P3, Z0]>>>(),
        "5:0"
    );
    assert_eq!(
        render::<CoalesceOut<L<HList![HList![P4, P3], P5], HList![HList![P15, P1], P3]>>>(),
        "(4,15):(15,1)"
    );
    assert_eq!(
        render::<CoalesceOut<L<HList![P2, P3], HList![N1, N2]>>>(),
        "6:-1"
    );
    let r = coalesce(L::<HList![P4, HList![P3, P5]], HList![P15, HList![P1, P3]]>::default());
    assert_eq!(show(&r), "(4,15):(15,1)");
}

#[test]
fn composition_base_case() {
    type A = L<HList![P4, P6, P8, P10], HList![P2, P3, P5, P7]>;
    assert_eq!(render::<ComposeOut<A, L<P6, P12>>>(), "(2,3):(9,5)");
    assert_eq!(render::<ComposeOut<A, L<P24, P1>>>(), "(4,6):(2,3)");
    assert_eq!(render::<ComposeOut<A, L<P4, P24>>>(), "4:5");
    assert_eq!(
        render::<ComposeOut<A, L<HList![P6], HList![P12]>>>(),
        "((2,3)):((9,5))"
    );
    assert_eq!(render::<ComposeOut<L<P7, P11>, L<P3, P4>>>(), "3:44");
    assert_eq!(
        render::<ComposeOut<L<P7, P11>, L<HList![P3, P5], HList![P6, P3]>>>(),
        "(3,5):(66,33)"
    );
    assert_eq!(
        render::<ComposeOut<L<HList![P4, P8], HList![P1, P10]>, L<P8, P4>>>(),
        "8:10"
    );
    assert_eq!(
        render::<ComposeOut<L<HList![P4, P8], HList![P1, P10]>, L<P3, P1>>>(),
        "3:1"
    );
    assert_eq!(render::<ComposeOut<A, L<P5, Z0>>>(), "5:0");
    let r = composition(A::default(), L::<P6, P12>::default());
    assert_eq!(show(&r), "(2,3):(9,5)");
}

#[test]
fn composition_apparent_violation_is_legal() {
    // (4,2,8):(3,12,97) ∘ 3:3 = (8,8):(3,97) ∘ 3:3 = (8):(3) ∘ 3:3 = 3:9 (paper 3.3.3).
    type A = L<HList![P4, P2, P8], HList![P3, P12, P97]>;
    assert_eq!(render::<ComposeOut<A, L<P3, P3>>>(), "3:9");
}

#[test]
fn composition_tv_layouts() {
    // Table 4 of the paper.
    type Tv = L<HList![HList![P4, P8], P2], HList![HList![P16, P1], P8]>;
    assert_eq!(
        render::<ComposeOut<L<HList![P8, P8], HList![P1, P8]>, Tv>>(),
        "((4,8),2):((16,1),8)"
    );
    assert_eq!(
        render::<ComposeOut<L<HList![P8, P8], HList![P8, P1]>, Tv>>(),
        "((4,8),2):((2,8),1)"
    );
    assert_eq!(
        render::<ComposeOut<L<HList![P8, P8], HList![P1, P9]>, Tv>>(),
        "((4,8),2):((18,1),9)"
    );
    type Ci = L<HList![HList![P4, P2], HList![P2, P4]], HList![HList![P2, P16], HList![P1, P8]]>;
    assert_eq!(
        render::<ComposeOut<Ci, Tv>>(),
        "((4,(4,2)),2):((8,(2,16)),1)"
    );
}

#[test]
fn composition_with_tilers() {
    type A = L<HList![P8, P16], HList![P20, P1]>;
    assert_eq!(
        render::<ComposeOut<A, Tile<HList![L<P4, P1>, L<P8, P2>]>>>(),
        "(4,8):(20,2)"
    );
    assert_eq!(
        render::<ComposeOut<A, Tile<HList![P4, P8]>>>(),
        "(4,8):(20,1)"
    );
    assert_eq!(render::<ComposeOut<A, Tile<HList![P4]>>>(), "(4,16):(20,1)");
}

#[test]
fn complement_examples() {
    assert_eq!(render::<ComplementOut<L<P4, P2>, P24>>(), "(2,3):(1,8)");
    assert_eq!(
        render::<ComplementOut<L<HList![P2, P2], HList![P1, P6]>, P24>>(),
        "(3,2):(2,12)"
    );
    assert_eq!(
        render::<ComplementOut<L<P4, P32>, P256>>(),
        "(32,2):(1,128)"
    );
    assert_eq!(
        render::<ComplementOut<L<HList![P4, P8], HList![P1, P4]>, P32>>(),
        "1:0"
    );
    assert_eq!(render::<ComplementOut<L<P4, P2>, P20>>(), "(2,3):(1,8)");
    assert_eq!(render::<ComplementOut<L<P4, P2>, P4>>(), "2:1");
    assert_eq!(
        render::<ComplementOut<L<HList![P4, P8], HList![P1, P8]>, P64>>(),
        "2:4"
    );
    assert_eq!(
        render::<
            ComplementOut<
                L<HList![HList![P2, P2], HList![P2, P4]], HList![HList![Z0, P2], HList![Z0, P4]]>,
                P32,
            >,
        >(),
        "(2,2):(1,16)"
    );
    let r = complement(L::<P4, P2>::default(), P24::default());
    assert_eq!(show(&r), "(2,3):(1,8)");
}
