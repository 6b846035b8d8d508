//! CuTe's static integer constants on one page: `_0 ..= _64` and the powers
//! of two up to `_65536`. Each name is both a type (typenum's `P4` for `_4`)
//! and its zero-sized value, as CuTe's `_4` is a type and `_4{}` its value.
//! `layout_algebra::typelevel` re-exports them, so `typelevel::_4` and
//! `typelevel::consts::_4` are the same constant; [`Int<N>`](tyalias@super::Int)
//! names the values of typenum's table, and `int!`/`Int!` any `i64`.
//!
//! ```
//! use layout_algebra::typelevel::consts::{_16, _4};
//! use layout_algebra::typelevel::{layout, size, IntLeaf, Int};
//! let n: _4 = _4; // the type and its value
//! assert_eq!(n.value() * _16.value(), 64);
//! assert_eq!(<_4 as IntLeaf>::STATIC, Some(4));
//! assert_eq!(Int::<16>::new(), _16);
//! assert_eq!(size(&layout!((_4,_16))).value(), 64);
//! ```

use super::int::StaticInt;

macro_rules! constants {
    ($($name:ident = $ty:ident),* $(,)?) => {$(
        #[doc = concat!("The static integer `", stringify!($name), "` (typenum `", stringify!($ty), "`). See the [module](self) for an example, and `int!`/`Int!` for any `i64` value.")]
        #[allow(non_camel_case_types)]
        pub type $name = typenum::consts::$ty;
        #[doc = concat!("The value of the static integer `", stringify!($name), "`. See the [module](self) for an example, and `int!`/`Int!` for any `i64` value.")]
        #[allow(non_upper_case_globals)]
        pub const $name: typenum::consts::$ty = <typenum::consts::$ty as StaticInt>::VALUE;
    )*};
}

constants!(
    _0 = Z0,
    _1 = P1,
    _2 = P2,
    _3 = P3,
    _4 = P4,
    _5 = P5,
    _6 = P6,
    _7 = P7,
    _8 = P8,
    _9 = P9,
    _10 = P10,
    _11 = P11,
    _12 = P12,
    _13 = P13,
    _14 = P14,
    _15 = P15,
    _16 = P16,
    _17 = P17,
    _18 = P18,
    _19 = P19,
    _20 = P20,
    _21 = P21,
    _22 = P22,
    _23 = P23,
    _24 = P24,
    _25 = P25,
    _26 = P26,
    _27 = P27,
    _28 = P28,
    _29 = P29,
    _30 = P30,
    _31 = P31,
    _32 = P32,
    _33 = P33,
    _34 = P34,
    _35 = P35,
    _36 = P36,
    _37 = P37,
    _38 = P38,
    _39 = P39,
    _40 = P40,
    _41 = P41,
    _42 = P42,
    _43 = P43,
    _44 = P44,
    _45 = P45,
    _46 = P46,
    _47 = P47,
    _48 = P48,
    _49 = P49,
    _50 = P50,
    _51 = P51,
    _52 = P52,
    _53 = P53,
    _54 = P54,
    _55 = P55,
    _56 = P56,
    _57 = P57,
    _58 = P58,
    _59 = P59,
    _60 = P60,
    _61 = P61,
    _62 = P62,
    _63 = P63,
    _64 = P64,
    _128 = P128,
    _256 = P256,
    _512 = P512,
    _1024 = P1024,
    _2048 = P2048,
    _4096 = P4096,
    _8192 = P8192,
    _16384 = P16384,
    _32768 = P32768,
    _65536 = P65536,
);
