//! The worked examples of the specification documents (000, 001 sections
//! 3.2-3.5, 002), each with the value CuTe C++ 4.2 and pycute give; 002's
//! wrong examples are corrected per the errata of ../shared/spec/README.md.

use layout_algebra::runtime::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn t(s: &str) -> Tiler {
    Tiler::parse(s).unwrap()
}

fn check(got: Result<Layout>, want: &str, what: &str) {
    assert_eq!(got.map(|r| r.to_string()), Ok(want.to_string()), "{what}");
}

#[test]
fn examples_of_002_corrected() {
    // Composition applies B first (errata 1): 8:2 ∘ 4:1 = 4:2; no cosize rule.
    check(
        composition(&l("8:2"), &l("4:1")),
        "4:2",
        "002 dense composition",
    );
    check(
        composition(&l("4:1"), &l("8:2")),
        "8:2",
        "002: composition may leave A's domain",
    );
    check(composition(&l("7:11"), &l("3:4")), "3:44", "errata 1");
    check(
        composition(&l("(4,2):(1,4)"), &l("(2,2):(1,2)")),
        "(2,2):(1,2)",
        "002 hierarchical composition",
    );
    // Errata 2.
    check(
        complement(&l("4:32"), &IntTuple::leaf(256)),
        "(32,2):(1,128)",
        "002 complement",
    );
    check(
        logical_divide(&l("128:1"), &l("32:1")),
        "(32,4):(1,32)",
        "002 logical divide",
    );
    // Errata 3.
    check(
        logical_product(&l("128:1"), &l("4:32")),
        "(128,4):(1,4096)",
        "002 logical product",
    );
    check(
        logical_product(&l("128:1"), &l("4:1")),
        "(128,4):(1,128)",
        "002 logical product is legal with 4:1",
    );
    // Errata 4.
    check(
        coalesce(&l("(2,4):(4,1)")),
        "(2,4):(4,1)",
        "002 coalesce counter-example",
    );
    check(coalesce(&l("(2,4):(1,2)")), "8:1", "002 coalesce");
    check(
        coalesce(&l("(2,4):(8,1)")),
        "(2,4):(8,1)",
        "002 non-coalescible",
    );
    // filter_zeros keeps the structure (CuTe C++); filter also coalesces.
    check(
        Ok(filter_zeros(&l("(4,3):(1,0)"))),
        "(4,1):(1,0)",
        "002 filter_zeros",
    );
    check(filter(&l("(4,3):(1,0)")), "4:1", "002 filter");
}

#[test]
fn examples_of_000() {
    check(
        complement(&l("4:2"), &IntTuple::leaf(24)),
        "(2,3):(1,8)",
        "000 complement",
    );
    // Errata 6: 000's min_stride/period algorithm would not give this.
    check(
        complement(&l("(2,2):(1,6)"), &IntTuple::leaf(24)),
        "(3,2):(2,12)",
        "errata 6",
    );
    let a = l("(8,16):(20,1)");
    let b = t("<4:1, 8:2>");
    check(
        logical_divide(&a, &b),
        "((4,2),(8,2)):((20,80),(2,1))",
        "logical_divide",
    );
    check(
        zipped_divide(&a, &b),
        "((4,8),(2,2)):((20,2),(80,1))",
        "zipped_divide",
    );
    check(
        tiled_divide(&a, &b),
        "((4,8),2,2):((20,2),80,1)",
        "tiled_divide",
    );
    check(flat_divide(&a, &b), "(4,8,2,2):(20,2,80,1)", "flat_divide");
    // T2/T4: mode 0 of every divide is A ∘ B.
    let ab = composition(&a, &b).unwrap();
    assert_eq!(zipped_divide(&a, &b).unwrap().mode(0).unwrap(), ab);
    let ld = logical_divide(&a, &b).unwrap();
    let tiles = Layout::concat([ld.get(&[0, 0]).unwrap(), ld.get(&[1, 0]).unwrap()].iter());
    assert_eq!(tiles, ab);
}

#[test]
fn examples_of_001_section_3_5() {
    // A (3,4):(4,1) tile reproduced over a (2,5):(1,2) grid.
    let a = l("(3,4):(4,1)");
    let b = l("(2,5):(1,2)");
    check(
        logical_product(&a, &b),
        "((3,4),(2,5)):((4,1),(12,24))",
        "001 3.5.1 logical product",
    );
    check(
        blocked_product(&a, &b),
        "((3,2),(4,5)):((4,12),(1,24))",
        "blocked product",
    );
    check(
        raked_product(&a, &b),
        "((2,3),(5,4)):((12,4),(24,1))",
        "raked product",
    );
}

#[test]
fn inverses_of_001_table_5_and_6() {
    for (a, right) in [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
        ("(4,8):(1,5)", "4:1"),
        ("(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"),
        ("((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"),
    ] {
        let r = right_inverse(&l(a)).unwrap();
        // The table lists the inverses unflattened; CuTe returns them coalesced.
        assert_eq!(
            coalesce(&r).unwrap(),
            coalesce(&l(right)).unwrap(),
            "right_inverse({a}) = {r}"
        );
    }
    for (a, left) in [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
    ] {
        let r = left_inverse(&l(a)).unwrap();
        assert_eq!(
            coalesce(&r).unwrap(),
            coalesce(&l(left)).unwrap(),
            "left_inverse({a}) = {r}"
        );
    }
}
