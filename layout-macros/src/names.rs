//! The names an expansion writes: the library's items (spelled in [`path`]
//! alone) and the identifiers it binds.

/// A library item that the expansion names.
#[derive(Clone, Copy)]
pub enum Item {
    Z0,
    PInt,
    NInt,
    UInt,
    UTerm,
    B0,
    B1,
    HNil,
    HCons,
    Dyn,
    DivBy,
    StaticInt,
    /// The named constants `_0 ..= _64`, `_128`, .. `_65536`.
    Consts,
    Layout,
    Tile,
    ScaledBasis,
    /// `Make::VALUE`: the value of a static type (no re-checks).
    Make,
    /// `<T as Identity<E>>::Out` is `T` (carries an error in `E`).
    Identity,
    LayoutError,
    Result,
    I64,
    CompileError,
    /// typenum's const bridge `U<N>` (`<Const<N> as ToUInt>::Output`).
    U,
    Unsigned,
    NonZero,
    IntMul,
    ExtentStride,
    Shape,
    Congruent,
}

/// The absolute path of `item`: the one place that spells library paths.
pub fn path(item: Item) -> &'static str {
    match item {
        Item::Z0 => "::layout_algebra::typelevel::typenum::Z0",
        Item::PInt => "::layout_algebra::typelevel::typenum::PInt",
        Item::NInt => "::layout_algebra::typelevel::typenum::NInt",
        Item::UInt => "::layout_algebra::typelevel::typenum::UInt",
        Item::UTerm => "::layout_algebra::typelevel::typenum::UTerm",
        Item::B0 => "::layout_algebra::typelevel::typenum::B0",
        Item::B1 => "::layout_algebra::typelevel::typenum::B1",
        Item::HNil => "::layout_algebra::typelevel::HNil",
        Item::HCons => "::layout_algebra::typelevel::HCons",
        Item::Dyn => "::layout_algebra::typelevel::Dyn",
        Item::DivBy => "::layout_algebra::typelevel::DivBy",
        Item::StaticInt => "::layout_algebra::typelevel::StaticInt",
        Item::Consts => "::layout_algebra::typelevel::consts",
        Item::Layout => "::layout_algebra::typelevel::Layout",
        Item::Tile => "::layout_algebra::typelevel::Tile",
        Item::ScaledBasis => "::layout_algebra::typelevel::ScaledBasis",
        Item::Make => "::layout_algebra::typelevel::__private::Make",
        Item::Identity => "::layout_algebra::typelevel::__private::Identity",
        Item::LayoutError => "::layout_algebra::runtime::LayoutError",
        Item::Result => "::core::result::Result",
        Item::I64 => "::core::primitive::i64",
        Item::CompileError => "::core::compile_error!",
        Item::U => "::layout_algebra::typelevel::typenum::U",
        Item::Unsigned => "::layout_algebra::typelevel::typenum::Unsigned",
        Item::NonZero => "::layout_algebra::typelevel::typenum::NonZero",
        Item::IntMul => "::layout_algebra::typelevel::IntMul",
        Item::ExtentStride => "::layout_algebra::typelevel::helpers::ExtentStride",
        Item::Shape => "::layout_algebra::typelevel::Shape",
        Item::Congruent => "::layout_algebra::typelevel::Congruent",
    }
}

/// The name bound to the `k`-th `{..}` leaf of one macro call (see
/// `expand::bind`).
pub fn binding(k: usize) -> String {
    format!("__la_dyn{k}")
}

/// The type parameter of the function of the dynamic leaves that stands for
/// the unsigned type of the `k`-th distinct const leaf.
pub fn build_param(k: usize) -> String {
    format!("__LaU{k}")
}

/// The value of the `k`-th distinct const leaf as an `i64`, inside the
/// function of the dynamic leaves (where a dynamic product over it is
/// computed).
pub fn const_i64(k: usize) -> String {
    format!("<{} as {}>::I64", build_param(k), path(Item::Unsigned))
}
