//! The plans of the mixed divides' value code: the type checker works out a
//! divide's result and verdict once, from the divide's types ([`ModeDivide`](super::ModeDivide),
//! [`DivideModes`](super::DivideModes), [`TilerDivide`](super::TilerDivide)), and names with them
//! a plan, a type that carries what the value code needs (the result's parts
//! and each mode's recipe). The public divides take the plan as an inferred
//! parameter of one plain bound ([`DividesTo`](super::DividesTo)) and run it ([`RunDivide`]),
//! whose impls have light where-clauses: code generation then finds the value
//! code from the plan's type alone, without proving the divide's type-level
//! computation again for each call (which made the monomorphization walk of
//! 50 mixed divides take 0.47 s).
//!
//! A mode's plan is [`ModePlan<K, TS, TD, RS, RD>`](ModePlan): its tile's and rest's
//! shapes and strides, and the recipe `K` of its values ([`RunMode`]): all
//! static ([`StaticRecipe`]), a static extent with a dynamic stride, a dynamic
//! extent, a nested mode with a dynamic leaf, or an entry with a dynamic leaf.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! // mode 0 (200:1) by 8: a dynamic extent; mode 1 (_6:200) by 2: a dynamic stride.
//! let a = Layout::try_new(hlist![Dyn(200), _6], hlist![_1, Dyn(200)]).unwrap();
//! let r = try_logical_divide(a, tile!(8, 2)).unwrap();
//! assert_eq!(format!("{r:#}"), "((_8,25),(_2,_3)):((_1,_8),(200,400))");
//! ```

use core::marker::PhantomData;

use super::finish::{DivideParts, Fault};
use crate::typelevel::algebra::modes::StaticValue;

/// The plan of one divided mode: the tile's shape and stride `TS`, `TD`, the
/// rest's `RS`, `RD`, and the recipe `K` of the values ([`RunMode`]).
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct ModePlan<K, TS, TD, RS, RD>(PhantomData<(K, TS, TD, RS, RD)>);

/// The values of the mode `L` divided by the tiler entry `B`, the recipe
/// `Self` of its plan: the tile `TS:TD` and the rest `RS:RD`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunMode<L, B, TS, TD, RS, RD> {
    /// The four parts: `Overflow` if a stride leaves `i64`, or the error of
    /// a composition the mode's values refuse (a nested mode, a dynamic entry
    /// `b`); an error of the divide itself names `what`, the operation called.
    fn divide(l: L, b: B, what: &'static str) -> DivideParts<TS, TD, RS, RD>;
    /// The tile alone (the composition by the tiler entry `b`).
    fn tile(l: L, b: B) -> Result<(TS, TD), Fault>;
}

/// The recipe of a fully static mode: every part is its type's value.
#[doc(hidden)] // a marker, public only because public bounds name it
pub struct StaticRecipe;
impl<L, B, TS, TD, RS, RD> RunMode<L, B, TS, TD, RS, RD> for StaticRecipe
where
    TS: StaticValue,
    TD: StaticValue,
    RS: StaticValue,
    RD: StaticValue,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divide(_: L, _: B, _: &'static str) -> DivideParts<TS, TD, RS, RD> {
        Ok((TS::VALUE, TD::VALUE, RS::VALUE, RD::VALUE))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(_: L, _: B) -> Result<(TS, TD), Fault> {
        Ok((TS::VALUE, TD::VALUE))
    }
}

/// The value code of the divide `R` of `A` by `T` in the form `F`
/// (`LogicalForm`, `ZippedForm`, `TiledForm`, `FlatForm`), looked up from the
/// types of `Self` (the plan), `A`, `T` and `R`.
#[doc(hidden)] // a helper, public only because public bounds name it
pub trait RunDivide<A, T, F, R> {
    /// The divide, or the error of its values (see [`RunMode`]).
    fn run(a: A, t: T, what: &'static str) -> Result<R, Fault>;
}
