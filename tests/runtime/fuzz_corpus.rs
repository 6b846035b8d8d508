//! Replays the committed fuzz corpus (`tests/fuzz_corpus/<target>/`) through
//! the same checking functions as the cargo-fuzz targets (`fuzz/check/`), on
//! stable Rust without libFuzzer: every input must run without a panic and
//! every `Ok` result must meet its postconditions.

use crate::fuzz_check as check;

use std::path::PathBuf;

/// The corpus files of one target, sorted.
fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let data = std::fs::read(&p).expect("readable corpus file");
            (p, data)
        })
        .collect()
}

/// Every input of `target` passes `check`; each checks at least one property.
fn replay(target: &str, check: fn(&[u8]) -> check::Checked) -> usize {
    let files = corpus(target);
    assert!(!files.is_empty(), "no corpus for {target}");
    let mut total = 0;
    for (path, data) in &files {
        match check(data) {
            Ok(n) => total += n,
            Err(finding) => panic!("{}: {finding}", path.display()),
        }
    }
    total
}

#[test]
fn parse_corpus() {
    let checked = replay("parse", check::parse::check_parse);
    assert!(checked > 0);
}

#[test]
fn ops_corpus() {
    let checked = replay("ops", check::ops::check_ops);
    assert!(checked > 0);
}

#[test]
fn calc_corpus() {
    let checked = replay("calc", check::calc::check_calc);
    assert!(checked > 0);
}

// Regressions: each finding of the fuzz runs, as a readable test.

/// Finding (parse): `<<()>>` parsed to a tiler with an empty mode that
/// printed as `<<<>>>`, which does not parse; an empty tuple is no tiler.
#[test]
fn empty_tuple_is_no_tiler() {
    use layout_algebra::runtime::{parse::parse_tiler, ErrorKind, IntTuple, Tiler};
    for s in ["<<()>>", "<(4,())>", "()"] {
        let e = parse_tiler(s).map(|t| t.to_string());
        assert!(s == "()" || e.is_err(), "{s} parses as {e:?}");
    }
    let empty: IntTuple = "(4,())".parse().unwrap();
    let e = Tiler::from_shape(&empty).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(check::parse::check_text("<\u{c}<()>>").is_ok());
}

/// Finding (ops): composition skipped the distributivity check when `A` had
/// scaled-basis strides, so `(7,5):(0,1@1) ∘ (7,2):(1,1)` returned
/// `(7,2):(0,0)` although `A(B(13)) = A(7) = (0,1)`.
#[test]
fn composition_with_a_coordinate_layout_checks_distributivity() {
    use layout_algebra::runtime::{composition, ErrorKind, Layout};
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let e = composition(&l("(7,5):(0,1@1)"), &l("(7,2):(1,1)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Distributivity);
    let e = composition(&l("((7,5),3):((0,-1@1),3)"), &l("(7,2):(1,1)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Distributivity);
    // Modes in separate digit ranges are still composed by mode.
    let r = composition(&l("(7,5):(0,1@1)"), &l("(7,2):(1,7)")).unwrap();
    assert_eq!(r.to_string(), "(7,2):(0,1@1)");
}

/// Finding (ops): the integer leaves of a `B` that also has scaled-basis
/// leaves were composed by mode unchecked: `(1,2,1):(23,0,-1@1@0) ∘
/// (6,((4,1,2)),3):(1,((-4,1@2,1)),16)` returned a layout whose value at 33 is
/// `1@1@0`, while `A(B(33)) = A(0) = 0`.
#[test]
fn integer_leaves_beside_basis_leaves_are_checked_for_distributivity() {
    use layout_algebra::runtime::{composition, ErrorKind, Layout};
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let a = l("(1,2,1):(23,0,-1@1@0)");
    let e = composition(&a, &l("(6,((4,1,2)),3):(1,((-4,1@2,1)),16)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Distributivity);
    // Integer leaves in separate digit ranges beside a basis leaf still compose.
    let a = l("(4,8,3):(1,4,1@1)");
    let r = composition(&a, &l("(2,2,3):(1,4,1@2)")).unwrap();
    assert_eq!(r.to_string(), "(2,2,3):(1,4,1@1)");
}

/// Finding (ops): scaled-basis leaves of `B` on one mode of `A` were composed
/// by mode unchecked: `((2,4,6)):((1,1,0)) ∘ (2,2):(4@0,4@0)` returned
/// `(2,2):(2,2)`, whose value 4 at 3 is not `A(B(3)) = A((8)) = 0`.
#[test]
fn basis_leaves_on_one_mode_are_checked_for_distributivity() {
    use layout_algebra::runtime::{composition, ErrorKind, Layout};
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let e = composition(&l("((2,4,6)):((1,1,0))"), &l("(2,2):(4@0,4@0)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Distributivity);
    // Leaves in separate digit ranges of the mode, or on different modes, compose.
    let r = composition(&l("(8,3):(1,8)"), &l("(2,2):(1@0,2@0)")).unwrap();
    assert_eq!(r.to_string(), "(2,2):(1,2)");
    let r = composition(&l("(8,3):(1,8)"), &l("(2,3):(2@0,1@1)")).unwrap();
    assert_eq!(r.to_string(), "(2,3):(2,8)");
}
