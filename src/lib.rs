//! # layout-algebra
//!
//! NVIDIA CuTe's layout algebra for Rust.
//!
//! A *layout* is a pair of congruent hierarchical integer tuples, `shape:stride`,
//! e.g. `(4,(3,2)):(2,(8,1))`: a function from coordinates to offsets. On
//! layouts sits an algebra (coalesce, composition, complement, inverses,
//! divides and products) used to tile data over threads.
//!
//! - [`runtime`]: the algebra on values known at run time (needs `alloc`).
//! - [`typelevel`]: layouts whose shapes and strides live in types; the
//!   `layout!` macro writes them in CuTe notation.
//! - [`calc`]: the expression language of the `layout` calculator, over the
//!   runtime layer.
//!
//! ```
//! use layout_algebra::runtime::Layout;
//! let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
//! assert_eq!(l.call(23).unwrap(), 3 * 2 + 2 * 8 + 1);
//! ```
#![no_std]
#![warn(missing_docs)]

extern crate alloc;
extern crate self as layout_algebra;
#[cfg(feature = "std")]
extern crate std;

pub mod calc;
pub mod runtime;
pub mod typelevel;

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
