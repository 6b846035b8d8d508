//! The layout algebra on type-level layouts, one module per family.
//!
//! Every operation has one front door: a trait with an `Output` type
//! (`Compose<B>`), a result alias (`ComposeOut<A, B>`) and the CuTe-named
//! function (`composition(a, b)`). Checked operations also have an unchecked
//! `Try*` trait giving the result and a [`verdict`].
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use typenum::consts::*;
//! let r: Layout<P3, P44> = composition(Layout::<P7, P11>::default(), Layout::<P3, P4>::default());
//! # let _ = r;
//! ```

pub mod bymode;
pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod flat;
pub mod shown;
pub mod verdict;

pub use coalesce::{coalesce, Coalesce, CoalesceOut};
pub use complement::{complement, Complement, ComplementOut, ComplementVerdict, TryComplement};
pub use composition::{composition, Compose, ComposeOut, ComposeVerdict, TryCompose};
