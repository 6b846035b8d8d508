//! The type-level restructuring family (`get`, `select`, `take`,
//! `group_modes`, `flatten`, `append`, `prepend`, `replace`) against the
//! runtime layer on the same layouts, static and with dynamic leaves. The
//! runtime layer's expected values are checked against CuTe C++.

use layout_algebra::runtime as rt;
use layout_algebra::typelevel::*;
use typenum::consts::{U1, U3};

/// The runtime layout of a layout written in CuTe notation.
fn p(s: &str) -> rt::Layout {
    s.parse().unwrap()
}

/// Asserts that a type-level result equals the runtime one, and prints as `want`.
macro_rules! same {
    ($tl:expr, $rt:expr, $want:expr) => {{
        let tl = $tl;
        let want: &str = $want;
        assert_eq!(tl.to_dynamic().to_string(), $rt.to_string(), "vs runtime");
        assert_eq!(tl.to_string(), want);
    }};
}

#[test]
fn get_matches_runtime() {
    let a = layout!((4,(3,2),5):(2,(8,1),24));
    let ra = p("(4,(3,2),5):(2,(8,1),24)");
    same!(get(a, _0), ra.mode(0).unwrap(), "4:2");
    same!(get(a, _1), ra.mode(1).unwrap(), "(3,2):(8,1)");
    same!(layout(a, _2), ra.mode(2).unwrap(), "5:24");
    same!(get(get(a, _1), _1), ra.get(&[1, 1]).unwrap(), "2:1");
    same!(get(layout!(4:1), _0), p("4:1"), "4:1");
    same!(get(layout!((4)), _0), p("4:1"), "4:1");
    type A = Layout![(4,(3,2)):(2,(8,1))];
    let _: GetOut<A, U1> = layout!((3,2):(8,1));
}

#[test]
fn select_matches_runtime() {
    let a = layout!((2,(3,4),5):(1,(2,6),24));
    let ra = p("(2,(3,4),5):(1,(2,6),24)");
    same!(
        select(a, (_2, _0)),
        rt::select(&ra, &[2, 0]).unwrap(),
        "(5,2):(24,1)"
    );
    same!(
        select(a, (_1, _1, _0)),
        rt::select(&ra, &[1, 1, 0]).unwrap(),
        "((3,4),(3,4),2):((2,6),(2,6),1)"
    );
    same!(
        select(a, (_1,)),
        rt::select(&ra, &[1]).unwrap(),
        "((3,4)):((2,6))"
    );
    same!(
        select(layout!(4:1), (_0, _0)),
        rt::select(&p("4:1"), &[0, 0]).unwrap(),
        "(4,4):(1,1)"
    );
    same!(
        select(layout!(4:1), (_0,)),
        rt::select(&p("4:1"), &[0]).unwrap(),
        "(4):(1)"
    );
}

#[test]
fn take_matches_runtime() {
    let a = layout!((2,3,(5,7)):(1,2,(6,30)));
    let ra = p("(2,3,(5,7)):(1,2,(6,30))");
    same!(
        take(a, _0, _3),
        rt::take(&ra, 0, 3).unwrap(),
        "(2,3,(5,7)):(1,2,(6,30))"
    );
    same!(
        take(a, _1, _3),
        rt::take(&ra, 1, 3).unwrap(),
        "(3,(5,7)):(2,(6,30))"
    );
    same!(
        take(a, _2, _3),
        rt::take(&ra, 2, 3).unwrap(),
        "((5,7)):((6,30))"
    );
    same!(take(a, _0, _1), rt::take(&ra, 0, 1).unwrap(), "(2):(1)");
    same!(
        take(layout!(4:1), _0, _1),
        rt::take(&p("4:1"), 0, 1).unwrap(),
        "(4):(1)"
    );
    type A = Layout![(2,3,5):(1,2,6)];
    let _: TakeOut<A, U1, U3> = layout!((3,5):(2,6));
}

#[test]
fn group_modes_matches_runtime() {
    let a = layout!((2,3,5,7):(1,2,6,30));
    let ra = p("(2,3,5,7):(1,2,6,30)");
    let g = |b, e| rt::group_modes(&ra, b, e).unwrap();
    same!(group_modes(a, _1, _3), g(1, 3), "(2,(3,5),7):(1,(2,6),30)");
    same!(group_modes(a, _0, _0), g(0, 0), "(2,3,5,7):(1,2,6,30)");
    same!(group_modes(a, _4, _4), g(4, 4), "(2,3,5,7):(1,2,6,30)");
    same!(group_modes(a, _0, _1), g(0, 1), "((2),3,5,7):((1),2,6,30)");
    same!(group_modes(a, _0, _4), g(0, 4), "((2,3,5,7)):((1,2,6,30))");
    same!(
        group_modes(a, _0, int!(-1)),
        g(0, 4),
        "((2,3,5,7)):((1,2,6,30))"
    );
    same!(
        group_modes(a, _2, int!(-1)),
        g(2, 4),
        "(2,3,(5,7)):(1,2,(6,30))"
    );
    let n = layout!((4,(3,2),5):(2,(8,1),24));
    let rn = p("(4,(3,2),5):(2,(8,1),24)");
    same!(
        group_modes(n, _1, int!(-1)),
        rt::group_modes(&rn, 1, 3).unwrap(),
        "(4,((3,2),5)):(2,((8,1),24))"
    );
    // A leaf counts as the rank-1 tuple (s):(d): an empty range wraps it (C++).
    let v = layout!(4:1);
    let rv = p("4:1");
    let gv = |b, e| rt::group_modes(&rv, b, e).unwrap();
    same!(group_modes(v, _0, _0), gv(0, 0), "(4):(1)");
    same!(group_modes(v, _1, _1), gv(1, 1), "(4):(1)");
    same!(group_modes(v, _0, _1), gv(0, 1), "((4)):((1))");
    same!(group_modes(v, _1, int!(-1)), gv(1, 1), "(4):(1)");
    same!(group_modes(v, _0, int!(-1)), gv(0, 1), "((4)):((1))");
}

#[test]
fn flatten_matches_runtime() {
    for (tl, s) in [
        (
            flatten(layout!((4,(3,2),5):(2,(8,1),24))).to_dynamic(),
            "(4,(3,2),5):(2,(8,1),24)",
        ),
        (
            flatten(layout!(((2,(3,4)),5):((1,(2,6)),24))).to_dynamic(),
            "((2,(3,4)),5):((1,(2,6)),24)",
        ),
    ] {
        assert_eq!(tl.to_string(), rt::flatten(&p(s)).to_string());
    }
    same!(
        flatten(layout!((4,(3,2),5):(2,(8,1),24))),
        rt::flatten(&p("(4,(3,2),5):(2,(8,1),24)")),
        "(4,3,2,5):(2,8,1,24)"
    );
    same!(flatten(layout!(4:1)), rt::flatten(&p("4:1")), "4:1");
    same!(
        flatten(layout!((4):(1))),
        rt::flatten(&p("(4):(1)")),
        "(4):(1)"
    );
    same!(
        flatten(layout!(((4)):((1)))),
        rt::flatten(&p("((4)):((1))")),
        "(4):(1)"
    );
}

#[test]
fn append_prepend_match_runtime() {
    let v = layout!(4:1);
    let x = layout!((2,3):(4,8));
    let a = layout!((4,(3,2),5):(2,(8,1),24));
    let (rv, rx, ra) = (p("4:1"), p("(2,3):(4,8)"), p("(4,(3,2),5):(2,(8,1),24)"));
    same!(append(v, x), rt::append(&rv, &rx), "(4,(2,3)):(1,(4,8))");
    same!(append(x, v), rt::append(&rx, &rv), "(2,3,4):(4,8,1)");
    same!(
        append(x, a),
        rt::append(&rx, &ra),
        "(2,3,(4,(3,2),5)):(4,8,(2,(8,1),24))"
    );
    same!(
        append(layout!((4)), x),
        rt::append(&p("(4)"), &rx),
        "(4,(2,3)):(1,(4,8))"
    );
    same!(
        prepend(v, layout!(2:4)),
        rt::prepend(&rv, &p("2:4")),
        "(2,4):(4,1)"
    );
    same!(
        prepend(a, x),
        rt::prepend(&ra, &rx),
        "((2,3),4,(3,2),5):((4,8),2,(8,1),24)"
    );
}

#[test]
fn replace_matches_runtime() {
    let v = layout!(4:1);
    let x = layout!((2,3):(4,8));
    let a = layout!((4,(3,2),5):(2,(8,1),24));
    let (rv, rx, ra) = (p("4:1"), p("(2,3):(4,8)"), p("(4,(3,2),5):(2,(8,1),24)"));
    same!(
        replace(a, _1, v),
        rt::replace(&ra, 1, &rv).unwrap(),
        "(4,4,5):(2,1,24)"
    );
    same!(
        replace(a, _2, x),
        rt::replace(&ra, 2, &rx).unwrap(),
        "(4,(3,2),(2,3)):(2,(8,1),(4,8))"
    );
    same!(
        replace(v, _0, x),
        rt::replace(&rv, 0, &rx).unwrap(),
        "(2,3):(4,8)"
    );
    same!(
        replace(layout!((4)), _0, x),
        rt::replace(&p("(4)"), 0, &rx).unwrap(),
        "((2,3)):((4,8))"
    );
}

#[test]
fn dynamic_leaves_are_moved() {
    let (m, k) = (6, 5);
    let a = layout!(({m},(3,{k}),5):(1,(8,{m}),24)).unwrap();
    let ra = p("(6,(3,5),5):(1,(8,6),24)");
    same!(get(a, _1), ra.mode(1).unwrap(), "(3,5):(8,6)");
    same!(
        select(a, (_2, _0)),
        rt::select(&ra, &[2, 0]).unwrap(),
        "(5,6):(24,1)"
    );
    same!(
        take(a, _0, _2),
        rt::take(&ra, 0, 2).unwrap(),
        "(6,(3,5)):(1,(8,6))"
    );
    same!(
        group_modes(a, _1, int!(-1)),
        rt::group_modes(&ra, 1, 3).unwrap(),
        "(6,((3,5),5)):(1,((8,6),24))"
    );
    same!(flatten(a), rt::flatten(&ra), "(6,3,5,5):(1,8,6,24)");
    let x = layout!({k}:2).unwrap();
    let rx = p("5:2");
    same!(
        append(a, x),
        rt::append(&ra, &rx),
        "(6,(3,5),5,5):(1,(8,6),24,2)"
    );
    same!(
        prepend(a, x),
        rt::prepend(&ra, &rx),
        "(5,6,(3,5),5):(2,1,(8,6),24)"
    );
    same!(
        replace(a, _0, x),
        rt::replace(&ra, 0, &rx).unwrap(),
        "(5,(3,5),5):(2,(8,6),24)"
    );
    // A static result stays zero-sized.
    assert_eq!(
        core::mem::size_of_val(&flatten(layout!((4,(3,2)):(2,(8,1))))),
        0
    );
}
