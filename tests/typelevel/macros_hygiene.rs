//! The macros' expansion is hygienic: a `{..}` leaf sees the caller's names
//! (even names like the macro's own bindings) and only them; a leaf may be a
//! block with statements; literals cover all of `i64`, with honoured suffixes.

#![deny(warnings)]

use layout_algebra::typelevel::*;

/// A caller's constant with the name the macro gives its first binding.
#[allow(non_upper_case_globals)]
const __la_dyn0: i64 = 7;

#[test]
fn dynamic_leaves_see_the_callers_names() {
    // The names that the macro used to bind (`__la_d0`), and uses now.
    let __la_d0: i64 = 100;
    let __la_dyn1: i64 = 200;
    let l = layout!(({3}, {__la_d0}):(1, 3)).unwrap();
    assert_eq!(l.to_string(), "(3,100):(1,3)");
    let l = layout!(({__la_dyn1}, {__la_d0}, {__la_dyn0}):(1, {__la_dyn1}, {__la_d0})).unwrap();
    assert_eq!(l.to_string(), "(200,100,7):(1,200,100)");
    // Derived (compact) strides multiply the caller's values, evaluated once.
    let l = layout!(({__la_dyn0}, {__la_dyn1}, 2):row_major).unwrap();
    assert_eq!(l.to_string(), "(7,200,2):(400,2,1)");
    let l = layout!(({ __la_dyn1 }, (3, { __la_d0 }))).unwrap();
    assert_eq!(l.to_string(), "(200,(3,100)):(1,(200,600))");
    // The names of the expansion's module and function.
    let (__la_dynamic, build) = (5i64, 6i64);
    let l = layout!(({ __la_dynamic }, { build })).unwrap();
    assert_eq!(l.to_string(), "(5,6):(1,5)");
}

#[test]
fn each_leaf_is_evaluated_once_in_order() {
    let mut calls = Vec::new();
    let mut next = |v: i64| {
        calls.push(v);
        v
    };
    let l = layout!(({ next(2) }, { next(3) })).unwrap();
    assert_eq!(l.to_string(), "(2,3):(1,2)");
    assert_eq!(calls, [2, 3]);
}

#[test]
fn a_leaf_may_be_a_block_with_statements() {
    let l = layout!(({ let x = 3; x * 2 }, 4):(1, { let s = 3; s + 3 })).unwrap();
    assert_eq!(l.to_string(), "(6,4):(1,6)");
}

#[test]
fn a_leaf_may_use_the_question_mark_of_the_caller() {
    fn build(s: &str) -> Result<String, std::num::ParseIntError> {
        let l = layout!(({ s.parse::<i64>()? }, 2)).unwrap();
        Ok(l.to_string())
    }
    assert_eq!(build("5").unwrap(), "(5,2):(1,5)");
    assert!(build("x").is_err());
}

#[test]
fn literals_cover_i64_and_honour_suffixes() {
    assert_eq!(int!(-9223372036854775808).value(), i64::MIN);
    assert_eq!(int!(9223372036854775807).value(), i64::MAX);
    let min: Int![-9223372036854775808] = int!(-9223372036854775808i64);
    assert_eq!(min.value(), i64::MIN);
    assert_eq!(int!(255u8).value(), 255);
    assert_eq!(int!(-128i8).value(), -128);
    assert_eq!(int!(4294967295u32).value(), 4294967295);
    assert_eq!(int!(0x7fff_ffff_ffff_ffff).value(), i64::MAX);
    assert_eq!(int!(-0b1000i16).value(), -8);
    assert_eq!(int!(1_536).value(), 1536);
    let l = layout!((2u8, 1i32):(1, -9223372036854775808));
    assert_eq!(l.to_string(), "(2,1):(1,-9223372036854775808)");
}

/// 64 levels of parentheses are accepted, as in the runtime parser
/// (`layout_algebra::runtime::parse::MAX_NESTING`); 65 are an error
/// (`ui-tests/fail/macro_nesting_limit.rs`).
#[test]
#[rustfmt::skip] // rustfmt's `remove_nested_parens` would rewrite `((4))` to `(4)`
fn nesting_up_to_the_runtime_limit_is_accepted() {
    assert_eq!(layout_algebra::runtime::parse::MAX_NESTING, 64);
    let l: Layout![((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((4)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))):((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))] = layout!(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((4)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))):((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));
    assert_eq!(l.to_string(), "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((4)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))):((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))");
}

/// rustfmt's `remove_nested_parens` (on by default) rewrites `layout!(((4)))`
/// to `layout!((4))`, another layout; a trailing comma spells the same tuple
/// in a form rustfmt keeps.
#[test]
fn a_trailing_comma_spells_a_rank_1_tuple() {
    let a: Layout![((4)):((1))] = layout!(((4,),));
    assert_eq!(a.to_string(), "((4)):((1))");
    let b: Layout![((4, 8)):((1, 4))] = layout!(((4, 8),));
    assert_eq!(b.to_string(), "((4,8)):((1,4))");
}
