//! Worked examples of the type-level algebra, each checked against pycute and
//! CuTe C++ (or, where they are wrong, against the paper's postconditions).

use crate::runtime_eval;
use crate::tl_render;

use frunk_core::HList;
use layout_algebra::typelevel::*;
use tl_render::{render, show};
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
fn composition_conventions_of_the_runtime_layer() {
    type A = L<HList![P4, P8], HList![P1, P10]>;
    // A size-1 result takes A's last stride times the stride ceil-divided by the other modes.
    assert_eq!(render::<ComposeOut<A, L<P1, P5>>>(), "1:20");
    // A of size 1 acts through its last stride.
    assert_eq!(render::<ComposeOut<L<P1, P5>, L<P4, P1>>>(), "4:5");
    assert_eq!(
        render::<ComposeOut<L<HList![P1, P1], HList![P3, P7]>, L<P4, P2>>>(),
        "4:14"
    );
    // A negative stride mirrors A: A(-x) = -A(x).
    assert_eq!(render::<ComposeOut<A, L<P4, N1>>>(), "4:-1");
    assert_eq!(render::<ComposeOut<A, L<P8, N4>>>(), "8:-10");
    assert_eq!(render::<ComposeOut<A, L<P8, N1>>>(), "(4,2):(-1,-10)");
}

#[test]
fn composition_negative_stride_among_several_leaves_is_refused() {
    // By mode (2,2):(1,-5), whose value at 3 is -4, while A(B(3)) = A(-3) = -3 (CuTe C++
    // returns the by-mode layout); the runtime layer finds it point by point, the type
    // level refuses any negative stride beside another leaf, in either order.
    type A = L<HList![P4, P8], HList![P1, P5]>;
    for (expr, got) in [
        (
            "composition((4,8):(1,5), (2,2):(1,-4))",
            tl_render::tl!(TryCompose: A, L<HList![P2, P2], HList![P1, N4]>),
        ),
        (
            "composition((4,8):(1,5), (2,2):(-4,1))",
            tl_render::tl!(TryCompose: A, L<HList![P2, P2], HList![N4, P1]>),
        ),
    ] {
        assert_eq!(got, Err("distributivity"), "{expr}");
        assert_eq!(got, runtime_eval::eval(expr), "{expr}");
    }
    // A single negative leaf among size-1 ones needs no check.
    assert_eq!(
        tl_render::tl!(TryCompose: A, L<HList![P1, P2], HList![P1, N4]>),
        runtime_eval::eval("composition((4,8):(1,5), (1,2):(1,-4))")
    );
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
    // A tiler shorter than the layout drops the modes it does not reach (CuTe C++, runtime layer).
    assert_eq!(render::<ComposeOut<A, Tile<HList![P4]>>>(), "(4):(20)");
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

#[test]
fn size_and_cosize() {
    type A = L<HList![P4, HList![P3, P2]], HList![P2, HList![P8, N1]]>;
    assert_eq!(render::<SizeOut<A>>(), "24");
    assert_eq!(render::<CosizeOut<A>>(), "24");
    assert_eq!(
        render::<CosizeOut<L<HList![P4, P8], HList![P1, P5]>>>(),
        "39"
    );
    assert_eq!(render::<CosizeOut<L<P4, Z0>>>(), "1");
}

#[test]
fn divides_with_tilers() {
    type A = L<HList![P8, P16, P3], HList![P20, P1, P200]>;
    type T = Tile<HList![L<P4, P1>, L<P8, P2>]>;
    assert_eq!(
        render::<LogicalDivideOut<A, T>>(),
        "((4,2),(8,2),3):((20,80),(2,1),200)"
    );
    assert_eq!(
        render::<ZippedDivideOut<A, T>>(),
        "((4,8),(2,2,3)):((20,2),(80,1,200))"
    );
    assert_eq!(
        render::<TiledDivideOut<A, T>>(),
        "((4,8),2,2,3):((20,2),80,1,200)"
    );
    assert_eq!(
        render::<FlatDivideOut<A, T>>(),
        "(4,8,2,2,3):(20,2,80,1,200)"
    );
    type A2 = L<HList![P8, P16], HList![P20, P1]>;
    assert_eq!(
        render::<LogicalDivideOut<A2, Tile<HList![P4, P8]>>>(),
        "((4,2),(8,2)):((20,80),(1,8))"
    );
    assert_eq!(
        render::<LogicalDivideOut<A2, P4>>(),
        "(4,(2,16)):(20,(80,1))"
    );
    assert_eq!(
        render::<ZippedDivideOut<A2, Tile<HList![L<P4, P1>]>>>(),
        "((4),(2,16)):((20),(80,1))"
    );
    assert_eq!(
        render::<TiledDivideOut<A2, Tile<HList![L<P4, P1>]>>>(),
        "((4),2,16):((20),80,1)"
    );
    let r = logical_divide(A2::default(), tile!(4:1, 8:2));
    assert_eq!(show(&r), "((4,2),(8,2)):((20,80),(2,1))");
}

#[test]
fn divides_with_layouts() {
    assert_eq!(
        render::<LogicalDivideOut<L<P24, P1>, L<P8, P3>>>(),
        "(8,3):(3,1)"
    );
    assert_eq!(
        render::<LogicalDivideOut<L<HList![P6, P2, P2], HList![P1, P6, P12]>, L<P8, P3>>>(),
        "(8,3):(3,1)"
    );
    assert_eq!(
        render::<LogicalDivideOut<L<P24, P1>, L<P24, P1>>>(),
        "(24,1):(1,0)"
    );
    type B = L<HList![P2, P4], HList![P3, P6]>;
    assert_eq!(
        render::<ZippedDivideOut<L<P48, P1>, B>>(),
        "((2,4),(3,2)):((3,6),(1,24))"
    );
    assert_eq!(
        render::<TiledDivideOut<L<P48, P1>, B>>(),
        "((2,4),3,2):((3,6),1,24)"
    );
    assert_eq!(
        render::<FlatDivideOut<L<P48, P1>, B>>(),
        "(2,4,3,2):(3,6,1,24)"
    );
}

#[test]
fn products() {
    type A = L<HList![P3, P4], HList![P4, P1]>;
    type B = L<HList![P2, P5], HList![P1, P2]>;
    assert_eq!(
        render::<LogicalProductOut<A, B>>(),
        "((3,4),(2,5)):((4,1),(12,24))"
    );
    assert_eq!(
        render::<BlockedProductOut<A, B>>(),
        "((3,2),(4,5)):((4,12),(1,24))"
    );
    assert_eq!(
        render::<RakedProductOut<A, B>>(),
        "((2,3),(5,4)):((12,4),(24,1))"
    );
    assert_eq!(
        render::<ZippedProductOut<A, B>>(),
        "((3,4),(2,5)):((4,1),(12,24))"
    );
    assert_eq!(
        render::<TiledProductOut<A, B>>(),
        "((3,4),2,5):((4,1),12,24)"
    );
    assert_eq!(render::<FlatProductOut<A, B>>(), "(3,4,2,5):(4,1,12,24)");
    type T = Tile<HList![L<P2, P1>, L<P5, P1>]>;
    assert_eq!(
        render::<LogicalProductOut<A, T>>(),
        "((3,2),(4,5)):((4,1),(1,4))"
    );
    assert_eq!(
        render::<ZippedProductOut<A, T>>(),
        "((3,4),(2,5)):((4,1),(1,4))"
    );
    assert_eq!(render::<TiledProductOut<A, T>>(), "((3,4),2,5):((4,1),1,4)");
    assert_eq!(render::<FlatProductOut<A, T>>(), "(3,4,2,5):(4,1,1,4)");
    type A3 = L<HList![P3, P4, P7], HList![P4, P1, P12]>;
    assert_eq!(
        render::<ZippedProductOut<A3, T>>(),
        "((3,4),(2,5,7)):((4,1),(1,4,12))"
    );
    assert_eq!(
        render::<LogicalProductOut<L<P128, P1>, L<P4, P32>>>(),
        "(128,4):(1,4096)"
    );
    assert_eq!(
        render::<LogicalProductOut<L<P128, P1>, L<P4, P1>>>(),
        "(128,4):(1,128)"
    );
    assert_eq!(render::<TiledProductOut<L<P4, P1>, B>>(), "(4,2,5):(1,4,8)");
    assert_eq!(
        render::<FlatProductOut<L<P4, P1>, L<P5, P1>>>(),
        "(4,5):(1,4)"
    );
    // Legal, though CuTe C++ 4.2 cannot build it (rank 1, integer shapes).
    assert_eq!(
        render::<BlockedProductOut<L<P4, P1>, L<P16, P1>>>(),
        "((4,16)):((1,4))"
    );
    assert_eq!(
        render::<RakedProductOut<L<P4, P1>, L<P16, P1>>>(),
        "((16,4)):((4,1))"
    );
    let r = blocked_product(A::default(), B::default());
    assert_eq!(show(&r), "((3,2),(4,5)):((4,12),(1,24))");
}

/// Unequal ranks: the operand of lower rank is padded with `1:0` modes, as in
/// CuTe C++ 4.2 (static layouts give the same text) and the runtime layer.
#[test]
fn products_of_unequal_rank() {
    type A2 = L<HList![P2, P3], HList![P1, P2]>;
    type A3 = L<HList![P2, P2, P2], HList![P1, P2, P4]>;
    type Leaf = L<P4, P1>;
    type Rank1 = L<HList![P4], HList![P1]>;
    type Nested = L<HList![HList![P2, P2], P3], HList![HList![P1, P2], P4]>;
    assert_eq!(
        render::<BlockedProductOut<A2, Leaf>>(),
        "((2,4),(3,1)):((1,6),(2,0))"
    );
    assert_eq!(
        render::<RakedProductOut<A2, Leaf>>(),
        "((4,2),(1,3)):((6,1),(0,2))"
    );
    assert_eq!(
        render::<BlockedProductOut<Leaf, A2>>(),
        "((4,2),(1,3)):((1,4),(0,8))"
    );
    assert_eq!(
        render::<RakedProductOut<Leaf, A2>>(),
        "((2,4),(3,1)):((4,1),(8,0))"
    );
    assert_eq!(
        render::<BlockedProductOut<Rank1, A2>>(),
        "((4,2),(1,3)):((1,4),(0,8))"
    );
    assert_eq!(
        render::<BlockedProductOut<A2, Rank1>>(),
        "((2,4),(3,1)):((1,6),(2,0))"
    );
    assert_eq!(
        render::<BlockedProductOut<A2, A3>>(),
        "((2,2),(3,2),(1,2)):((1,6),(2,12),(0,24))"
    );
    assert_eq!(
        render::<RakedProductOut<A3, A2>>(),
        "((2,2),(3,2),(1,2)):((8,1),(16,2),(0,4))"
    );
    assert_eq!(
        render::<BlockedProductOut<Nested, L<P5, P1>>>(),
        "(((2,2),5),(3,1)):(((1,2),12),(4,0))"
    );
    assert_eq!(
        render::<RakedProductOut<L<P3, P1>, Nested>>(),
        "(((2,2),3),(3,1)):(((3,6),1),(12,0))"
    );
    // The same as the runtime layer.
    for (tl, expr) in [
        (
            render::<BlockedProductOut<Leaf, A3>>(),
            "blocked_product(4:1, (2,2,2):(1,2,4))",
        ),
        (
            render::<RakedProductOut<Rank1, A3>>(),
            "raked_product((4):(1), (2,2,2):(1,2,4))",
        ),
        (
            render::<RakedProductOut<Nested, A3>>(),
            "raked_product(((2,2),3):((1,2),4), (2,2,2):(1,2,4))",
        ),
    ] {
        assert_eq!(Ok(tl), runtime_eval::eval(expr), "{expr}");
    }
}

#[test]
fn inverses() {
    // Paper Table 5 / CuTe C++.
    assert_eq!(
        render::<RightInverseOut<L<HList![P4, P8], HList![P1, P4]>>>(),
        "32:1"
    );
    assert_eq!(
        render::<RightInverseOut<L<HList![P4, P8], HList![P8, P1]>>>(),
        "(8,4):(4,1)"
    );
    assert_eq!(
        render::<RightInverseOut<L<HList![P3, P7, P5], HList![P5, P15, P1]>>>(),
        "(5,21):(21,1)"
    );
    assert_eq!(
        render::<RightInverseOut<L<HList![P4, P8], HList![P1, P5]>>>(),
        "4:1"
    );
    assert_eq!(
        render::<RightInverseOut<L<HList![P4, HList![P4, P2]], HList![P4, HList![P1, P16]]>>>(),
        "(4,4,2):(4,1,16)"
    );
    // The runtime layer skips stride-0 and negative modes (CuTe C++).
    assert_eq!(
        render::<RightInverseOut<L<HList![P6, P4], HList![Z0, P1]>>>(),
        "4:6"
    );
    assert_eq!(
        render::<RightInverseOut<L<HList![P4, P2], HList![N2, P1]>>>(),
        "2:4"
    );
    // Paper Table 6 / CuTe C++.
    assert_eq!(
        render::<LeftInverseOut<L<HList![P4, P8], HList![P8, P1]>>>(),
        "(8,4):(4,1)"
    );
    assert_eq!(
        render::<LeftInverseOut<L<HList![P3, P7, P5], HList![P5, P15, P1]>>>(),
        "(5,21):(21,1)"
    );
    assert_eq!(
        render::<LeftInverseOut<L<HList![P4, P2], HList![P2, P16]>>>(),
        "(2,8,2):(0,1,4)"
    );
    let r = right_inverse(L::<HList![P4, P8], HList![P8, P1]>::default());
    assert_eq!(show(&r), "(8,4):(4,1)");
}

#[test]
fn common_vectors_and_filter() {
    type A = L<HList![P4, P8], HList![P8, P1]>;
    assert_eq!(
        render::<MaxCommonVectorOut<A, L<HList![P8, P4], HList![P1, P8]>>>(),
        "1"
    );
    type C = L<HList![P4, P8], HList![P1, P4]>;
    assert_eq!(render::<MaxCommonVectorOut<C, C>>(), "32");
    assert_eq!(
        render::<MaxCommonLayoutOut<C, L<HList![P2, P16], HList![P1, P2]>>>(),
        "32:1"
    );
    let _: P32 = max_common_vector(C::default(), C::default());
    type Z = L<HList![P2, HList![P2, P4]], HList![Z0, HList![P1, Z0]]>;
    assert_eq!(render::<FilterZerosOut<Z>>(), "(1,(2,1)):(0,(1,0))");
    assert_eq!(render::<FilterOut<Z>>(), "2:1");
    assert_eq!(
        render::<FilterOut<L<HList![P3, P4], HList![Z0, Z0]>>>(),
        "1:0"
    );
}

/// Rank 8 and depth 4 compile under the default recursion limit (and agree with the runtime layer).
#[test]
fn rank_8_and_depth_4_need_no_recursion_limit() {
    let rt = |e: &str| runtime_eval::eval(e).unwrap();
    type R8 =
        L<HList![P2, P2, P2, P2, P2, P2, P2, P2], HList![P1, P4, P8, P32, P64, P256, P512, P1024]>;
    let r8 = "(2,2,2,2,2,2,2,2):(1,4,8,32,64,256,512,1024)";
    assert_eq!(render::<CoalesceOut<R8>>(), rt(&format!("coalesce({r8})")));
    assert_eq!(
        render::<ComposeOut<R8, L<HList![P4, P8], HList![P2, P8]>>>(),
        rt(&format!("composition({r8}, (4,8):(2,8))"))
    );
    type T8 = Tile<HList![P2, P1, P2, P2, P1, P2, P1, P2]>;
    assert_eq!(
        render::<LogicalDivideOut<R8, T8>>(),
        rt(&format!("logical_divide({r8}, <2,1,2,2,1,2,1,2>)"))
    );
    assert_eq!(
        render::<ComplementOut<R8, P1024>>(),
        rt(&format!("complement({r8}, 1024)"))
    );
    assert_eq!(
        render::<BlockedProductOut<R8, R8>>(),
        rt(&format!("blocked_product({r8}, {r8})"))
    );
    type D4 = L<
        HList![HList![HList![HList![P2, P2], P2], P2], P4],
        HList![HList![HList![HList![P1, P4], P2], P16], P32],
    >;
    let d4 = "((((2,2),2),2),4):((((1,4),2),16),32)";
    assert_eq!(render::<CoalesceOut<D4>>(), rt(&format!("coalesce({d4})")));
    assert_eq!(
        render::<ComplementOut<D4, P256>>(),
        rt(&format!("complement({d4}, 256)"))
    );
    assert_eq!(
        render::<LeftInverseOut<D4>>(),
        rt(&format!("left_inverse({d4})"))
    );
    assert_eq!(
        render::<RightInverseOut<D4>>(),
        rt(&format!("right_inverse({d4})"))
    );
    assert_eq!(
        render::<ZippedDivideOut<D4, Tile<HList![P4, P2]>>>(),
        rt(&format!("zipped_divide({d4}, <4,2>)"))
    );
}

/// Static results are types: the result aliases name exactly the layout CuTe
/// C++ computes (checked with cute-cpp), so equal types, not equal strings.
mod result_types {
    use layout_algebra::typelevel::*;
    use static_assertions::assert_type_eq_all;

    assert_type_eq_all!(ComposeOut<Layout![(4,2,8):(3,12,97)], Layout![3:3]>, Layout![3:9]);
    assert_type_eq_all!(CoalesceOut<Layout![(2,4):(1,2)]>, Layout![8:1]);
    assert_type_eq_all!(RightInverseOut<Layout![(4,8):(8,1)]>, Layout![(8,4):(4,1)]);
    assert_type_eq_all!(
        BlockedProductOut<Layout![(3,4):(4,1)], Layout![(2,5):(1,2)]>,
        Layout![((3,2),(4,5)):((4,12),(1,24))]
    );
}
