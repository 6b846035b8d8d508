//! Hostile input at the library level: every case that once panicked,
//! overflowed the stack, wrapped or answered wrongly now returns the error
//! naming the violated rule.

use layout_algebra::calc::evaluate;
use layout_algebra::runtime::{
    composition, crd2crd, crd2idx, idx2crd, shape_div, ErrorKind, IntTuple, Layout,
};

fn t(s: &str) -> IntTuple {
    s.parse().expect("valid IntTuple")
}
fn l(s: &str) -> Layout {
    s.parse().expect("valid Layout")
}
/// The error kind of a calculator expression that must fail.
fn calc_err(src: &str) -> ErrorKind {
    match evaluate(src) {
        Ok(v) => panic!("{src} = {v}, expected an error"),
        Err(e) => e.kind(),
    }
}

#[test]
fn zero_and_negative_extents_are_refused_not_divided_by() {
    // These divided by zero (or overflowed i64::MIN % -1) in idx2crd.
    let e = idx2crd(&t("5"), &t("(0,3)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    assert_eq!(e.operation(), "idx2crd");
    let e = crd2idx(&t("5"), &t("(0,3)"), &t("(1,1)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    let e = crd2crd(&t("5"), &t("(2,3)"), &t("(0,3)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    let e = idx2crd(&t("-9223372036854775808"), &t("(-1,3)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    // A zero extent used to be accepted: idx2crd(5,(2,0)) = (1,2).
    let e = idx2crd(&t("5"), &t("(2,0)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonPositiveShape);
    assert!(e.to_string().contains("(2,0)"), "{e}");
}

#[test]
fn shape_div_at_the_ends_of_i64() {
    // i64::MIN / -1 does not fit: overflow, not a panic.
    let e = shape_div(t("-9223372036854775808").as_ref(), t("-1").as_ref()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    // -1 divides i64::MIN: the result is signum(a·b) = 1, as pycute's
    // shape_div(-1, -2**63) (its a % b test wrapped in Rust).
    let r = shape_div(t("-1").as_ref(), t("-9223372036854775808").as_ref()).unwrap();
    assert_eq!(r, t("1"));
    // The ordinary cases still divide (CuTe C++ and pycute: 3 and 1).
    assert_eq!(
        shape_div(t("12").as_ref(), t("4").as_ref()).unwrap(),
        t("3")
    );
    assert_eq!(
        shape_div(t("4").as_ref(), t("12").as_ref()).unwrap(),
        t("1")
    );
}

#[test]
fn composition_check_overflow_is_an_error_in_debug_builds() {
    // The left-distributivity check evaluated A(B(i)) with an unchecked
    // multiply (panic in a debug build, wrap in release).
    let a = l("(2,2):(1,-4611686018427387904)");
    let b = l("(2,2):(-2,-2)");
    let e = composition(&a, &b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        calc_err("composition((2,2):(1,-4611686018427387904), (2,2):(-2,-2))"),
        ErrorKind::Overflow
    );
}

#[test]
fn an_index_the_empty_shape_cannot_hold_is_out_of_bounds() {
    // These returned 0 and (0,()): the index vanished into `()`.
    assert_eq!(calc_err("(():())(5)"), ErrorKind::OutOfBounds);
    assert_eq!(calc_err("((4,()):(1,()))(100)"), ErrorKind::OutOfBounds);
    let e = idx2crd(&t("100"), &t("(4,())")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutOfBounds);
    assert_eq!(
        l("():()").eval(&t("-1")).unwrap_err().kind(),
        ErrorKind::OutOfBounds
    );
    // Index 0 is the one coordinate of `()`, and what fits still maps.
    assert_eq!(evaluate("(():())(0)").unwrap().to_string(), "0");
    assert_eq!(idx2crd(&t("3"), &t("(4,())")).unwrap(), t("(3,())"));
    assert_eq!(evaluate("((4,()):(1,()))(3)").unwrap().to_string(), "3");
}

#[test]
fn basis_strides_of_mixed_depth_are_refused() {
    // E<0> and E<0,1> make mode 0 of the coordinate both an integer and a
    // tuple; CuTe C++ does not compile it (no operator+ for int and
    // ArithmeticTuple). The runtime dropped the E<0> term: ((0,1)).
    let e = evaluate("((2,2):(1@0,1@1@0))(1,1)").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(
        e.to_string()
            .contains("scaled-basis strides must address one coordinate tree"),
        "{e}"
    );
    assert!(e.to_string().contains("1@1@0"), "{e}");
    // Bases of one depth still sum (CuTe C++ prints ((1,1)) too).
    assert_eq!(
        evaluate("((2,2):(1@0@0,1@1@0))(1,1)").unwrap().to_string(),
        "((1,1))"
    );
}

#[test]
fn coalesce_keeps_a_coordinate_codomain() {
    // coalesce(1:1@0) was 1:0, whose value 0 is an integer where the layout's
    // value (0) is a coordinate. (CuTe C++ prints _1:_0, its Int<0> being the
    // zero of every codomain; the runtime's integer 0 is not a coordinate.)
    let c = layout_algebra::runtime::coalesce(&l("1:1@0")).unwrap();
    assert_eq!(c.to_string(), "1:0@0");
    for a in ["1:1@0", "(1,1):(1@0,1@1)", "(1,(1,1)):(3@1,(1@0,2@1))"] {
        let a = l(a);
        let c = layout_algebra::runtime::coalesce(&a).unwrap();
        assert_eq!(c.size().unwrap(), 1, "{a}");
        assert_eq!(c.eval(&t("0")).unwrap(), a.eval(&t("0")).unwrap(), "{a}");
    }
    // Integer layouts of size 1 still coalesce to 1:0 (CuTe C++ and pycute).
    assert_eq!(
        layout_algebra::runtime::coalesce(&l("(1,1):(3,1)"))
            .unwrap()
            .to_string(),
        "1:0"
    );
}

#[test]
fn a_builder_with_two_roots_is_not_a_layout() {
    use layout_algebra::runtime::{Builder, Stride};
    let mut shape = Builder::new();
    shape.leaf(2i64);
    shape.leaf(3);
    let mut stride = Builder::new();
    stride.leaf(Stride::Int(1));
    stride.leaf(Stride::Int(2));
    let (shape, stride) = (shape.finish(), stride.finish());
    assert!(!shape.is_tree());
    let e = Layout::new(shape, stride).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.to_string().contains("not several roots"), "{e}");
    // One root is a layout.
    assert!(Layout::new(t("(2,3)"), l("(2,3):(1,2)").stride().to_owned()).is_ok());
}

// Bounded cost per expression. Each case is bounded by its cap (the inputs
// are small), never by a timer.

use layout_algebra::calc::{held_bytes, Value, MAX_HELD_BYTES};
use layout_algebra::runtime::budget::{with_point_budget, MAX_POINTS};

#[test]
fn pointwise_checks_share_one_budget_per_expression() {
    // A 652-byte line of twenty such left inverses took 5.6 s: each verified
    // 2^20 points. One fits the budget; after any other check it does not.
    let big = "left_inverse((1024,1024):(0,1))";
    let e = evaluate(&format!("make_layout(left_inverse((2,2):(0,1)), {big})")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(e.operation(), "left_inverse");
    assert!(e.to_string().contains("1048576 points"), "{e}");
    const { assert!(MAX_POINTS == 1 << 20) };
    // Below the budget both checks run, and the answer is unchanged.
    let small = "make_layout(left_inverse((2,2):(0,1)), left_inverse((4,2):(0,1)))";
    let parts = [
        layout_algebra::runtime::left_inverse(&l("(2,2):(0,1)")).unwrap(),
        layout_algebra::runtime::left_inverse(&l("(4,2):(0,1)")).unwrap(),
    ];
    assert_eq!(
        evaluate(small).unwrap().to_string(),
        Layout::concat(&parts).to_string()
    );
}

#[test]
fn the_point_budget_covers_composition_and_left_inverse() {
    // Negative strides skip the structural distributivity proof: the
    // composition is checked at all 8 points of B.
    let (a, b) = (l("(4,4):(1,8)"), l("(4,2):(-1,-4)"));
    let full = composition(&a, &b).unwrap();
    assert_eq!(with_point_budget(8, || composition(&a, &b)).unwrap(), full);
    let e = with_point_budget(7, || composition(&a, &b)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(e.operation(), "composition");
    // Budgets nest and the outer one is restored.
    let inv = l("(4,4):(0,1)");
    let r = with_point_budget(20, || {
        let inner = with_point_budget(15, || layout_algebra::runtime::left_inverse(&inv));
        (inner, layout_algebra::runtime::left_inverse(&inv))
    });
    assert_eq!(r.0.unwrap_err().kind(), ErrorKind::Limit);
    assert!(r.1.is_ok());
    // Without a budget only the per-check cap applies.
    assert!(layout_algebra::runtime::left_inverse(&inv).is_ok());
}

#[test]
fn an_expression_holds_a_bounded_number_of_bytes() {
    // A 1 MiB size((1,1,...)) used 942 MB: every item is a Value of ~1.8 kB.
    let w = held_bytes(&Value::Int(1));
    assert_eq!(w, core::mem::size_of::<Value>());
    let n = MAX_HELD_BYTES / w;
    let ones = |n: usize| vec!["1"; n].join(",");
    assert_eq!(
        evaluate(&format!("size(({}))", ones(n)))
            .unwrap()
            .to_string(),
        "1"
    );
    let e = evaluate(&format!("size(({}))", ones(n + 1))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(
        e.to_string()
            .contains(&format!("more than {MAX_HELD_BYTES} bytes")),
        "{e}"
    );
    // Values of finished lists are released: two halves fit in turn.
    let nested = format!("size((({0}),({0})))", ones(n / 2));
    assert_eq!(evaluate(&nested).unwrap().to_string(), "1");
    // What a value keeps on the heap counts too: each (1,...,1) of 1,000
    // ones weighs 16 kB more than the integer 1.
    let big = format!("({})", ones(1000));
    let heavy = held_bytes(&evaluate(&big).unwrap());
    assert!(heavy >= w + 1000 * 16, "{heavy}");
    let k = MAX_HELD_BYTES / heavy + 1;
    let e = evaluate(&format!("size(({}))", vec![big.as_str(); k].join(","))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
}

#[test]
fn outputs_are_capped() {
    use layout_algebra::runtime::print::{table, MAX_TEXT};
    use layout_algebra::runtime::{select, MAX_COORD_NODES, MAX_SELECT_NODES};
    // --table of this layout wrote 472 MB: every cell is a 2 kB coordinate.
    let wide = l("(256,256):(1@255@255@255@255,1@254@254@254@254)");
    let e = table(&wide).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(e.to_string().contains(&MAX_TEXT.to_string()), "{e}");
    // CuTe's largest integer tables still print.
    assert!(table(&l("(256,256):(1,256)")).unwrap().len() < MAX_TEXT);
    // A coordinate padded past MAX_COORD_NODES nodes (100 bases of 769 nodes).
    let strides: Vec<String> = (0..100).map(|i| format!("1@255@255@255@{i}")).collect();
    let src = format!(
        "(({}):({}))(0)",
        vec!["2"; 100].join(","),
        strides.join(",")
    );
    assert_eq!(calc_err(&src), ErrorKind::Limit);
    const { assert!(100 * 769 > MAX_COORD_NODES) };
    // select copies a mode once per index: repeats are capped.
    let mode = format!("(({}))", vec!["2"; 1000].join(","));
    let a = l(&format!("{mode}:{}", mode.replace('2', "1")));
    let e = select(&a, &vec![0; MAX_SELECT_NODES / 1000]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(select(&a, &[0; 8]).is_ok());
}

#[test]
fn select_of_many_modes_keeps_them_in_order() {
    // select was quadratic in the rank (nth mode per index); 20,000 indices
    // of a rank-20,000 layout now take one pass.
    let n = 20_000;
    let a = layout_algebra::runtime::flatten(&l(&format!(
        "({}):({})",
        vec!["(2,3)"; n / 2].join(","),
        vec!["(1,2)"; n / 2].join(",")
    )));
    let idx: Vec<usize> = (0..n).collect();
    assert_eq!(layout_algebra::runtime::select(&a, &idx).unwrap(), a);
    let rev: Vec<usize> = (0..n).rev().collect();
    let r = layout_algebra::runtime::select(&a, &rev).unwrap();
    assert_eq!(r.mode(0).unwrap().to_string(), "3:2");
    assert_eq!(r.mode(n - 1).unwrap().to_string(), "2:1");
}

/// An extent past i64 while complementing exceeds every cotarget: the last
/// mode has size 1 and is left out (it was an `overflow` error, while the
/// type level computed the layout below).
#[test]
fn complement_extent_past_i64_leaves_out_the_last_mode() {
    use layout_algebra::runtime::complement;
    let c = complement(
        &l("2:4611686018427387904"),
        &IntTuple::leaf(9223372036854775807),
    )
    .unwrap();
    assert_eq!(c.to_string(), "4611686018427387904:1");
    let c = complement(
        &l("(2,2):(1,4611686018427387904)"),
        &IntTuple::leaf(i64::MAX),
    )
    .unwrap();
    assert_eq!(c.to_string(), "2305843009213693952:2");
}

/// `Sw<3,4,3> o ` repeated: each inner layout is one level of nesting, as a
/// parenthesized expression is, so a long chain is the nesting error at the
/// `o` that goes too deep. It recursed unbounded: 1,000 prefixes overflowed a
/// 2 MiB thread stack (aborting the process). The thread here has 1 MiB; the
/// deepest nesting allowed needs about 700 kB in a debug build.
#[test]
fn a_chain_of_composed_layouts_is_bounded_by_the_nesting_limit() {
    use layout_algebra::calc::{evaluate_layout, smem_tile};
    use layout_algebra::runtime::ComposedLayout;
    let small_stack = |f: fn()| {
        std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(f)
            .expect("spawn")
            .join()
            .expect("no panic");
    };
    small_stack(|| {
        let chain = |n: usize| format!("{}8:1", "Sw<3,4,3> o ".repeat(n));
        // The 65th `o`: 64 prefixes of 12 bytes, then `Sw<3,4,3> `.
        let at = Some(64 * 12 + 10);
        for n in [66, 1_000, 100_000] {
            let e = evaluate(&chain(n)).unwrap_err();
            assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, at), "{e}");
            assert!(
                e.to_string().contains("at most 64 levels of nesting"),
                "{e}"
            );
            let e = evaluate_layout(&chain(n)).unwrap_err();
            assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, at), "{e}");
            // The tile's own `Sw<..> o` is not nested: one more level fits.
            let e = smem_tile(&chain(n), 2).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Parse, "{e}");
            assert_eq!(e.position(), Some(65 * 12 + 10), "{e}");
            // The printed composed form has one `o` chain: a second
            // swizzle is an error where it starts.
            let e = chain(n).parse::<ComposedLayout>().unwrap_err();
            assert_eq!(
                (e.kind(), e.position()),
                (ErrorKind::Parse, Some(12)),
                "{e}"
            );
        }
        let e = evaluate(&chain(65)).unwrap_err();
        assert_eq!((e.kind(), e.position()), (ErrorKind::Parse, at), "{e}");
        // Up to the limit the chain is read, and evaluated: the inner layout
        // of a composed layout cannot be a composed layout.
        let e = evaluate(&chain(64)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
        assert!(e.to_string().contains("found a composed layout"), "{e}");
        // Composed layouts and calls share the limit: 32 of
        // `Sw<3,4,3> o size(` nest 64 levels, a 33rd is too deep.
        let pairs = |n: usize| format!("{}8:1{}", "Sw<3,4,3> o size(".repeat(n), ")".repeat(n));
        assert_eq!(
            evaluate(&pairs(32)).unwrap().to_string(),
            "Sw<3,4,3> o 0 o 8:1"
        );
        let e = evaluate(&pairs(33)).unwrap_err();
        assert!(
            e.to_string().contains("at most 64 levels of nesting"),
            "{e}"
        );
    });
}
