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
//! The two layers agree case by case; import one of them under a short name
//! (`use layout_algebra::runtime as rt;`, `use layout_algebra::typelevel as tl;`)
//! or glob-import one (see [`typelevel`] for using both in one file).
//!
//! # The runtime layer
//!
//! Layouts are values, parsed from CuTe notation; every operation returns a
//! `Result` whose error names the violated rule.
//!
//! ```
//! use layout_algebra::runtime::Layout;
//! let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
//! assert_eq!(l.call(23).unwrap(), 3 * 2 + 2 * 8 + 1);
//! ```
//!
//! # The type-level layer
//!
//! The same layout as a type: zero-sized, evaluated at compile time where
//! the coordinate is static, and the algebra computed by the trait solver (an
//! inadmissible operation is a compile error naming the rule).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let l = layout!((4,(3,2)):(2,(8,1)));
//! assert_eq!(core::mem::size_of_val(&l), 0);
//! assert_eq!(l.call(23usize), 3 * 2 + 2 * 8 + 1);
//! // Split an 8x16 layout into 4x8 tiles: ((inside a tile), (which tile)).
//! let tiles: Layout![((4,8),(2,2)):((16,1),(64,8))] =
//!     zipped_divide(layout!((8,16):row_major), tile!(4, 8));
//! assert_eq!(tiles.to_dynamic().to_string(), tiles.to_string()); // into the runtime layer
//! ```
//!
//! # The calculator
//!
//! The `layout` binary (feature `std`, on by default) evaluates expressions in
//! CuTe notation and prints results as CuTe does; [`calc::evaluate`] is the
//! same evaluator as a function. `layout --functions` lists every function.
//!
//! ```text
//! $ cargo run --release --bin layout -- 'logical_divide((8,16):(20,1), <4:1, 8:2>)'
//! ((4,2),(8,2)):((20,80),(2,1))
//! $ layout --table 'zipped_divide((4,6), <2:1, 3:1>)'    # prints the layout as a grid
//! ```
//!
//! ```
//! use layout_algebra::calc::evaluate;
//! let r = evaluate("logical_divide((8,16):(20,1), <4:1, 8:2>)").unwrap();
//! assert_eq!(r.to_string(), "((4,2),(8,2)):((20,80),(2,1))");
//! ```
//!
//! # A first kernel
//!
//! A [`Tensor`](typelevel::Tensor) is storage viewed through a type-level
//! layout, checked once when it is made. Tile it, give each thread its part,
//! and copy that part into registers; CuTe's `local_tile`, `local_partition`,
//! `make_fragment_like` and `copy`:
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let data: Vec<f32> = (0..64).map(|x| x as f32).collect();
//! let a = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap(); // row-major 8x8
//! let tile = local_tile(a, tile!(4, 4), (1usize, 0usize));        // rows 4..8, columns 0..4
//! let mine = local_partition(tile, layout!((2,2):(2,1)), 3);       // thread 3 of a 2x2 grid
//! let mut frag = make_fragment_like(&mine);                        // 4 registers
//! copy(&mine, &mut frag);
//! assert_eq!(frag[(1usize, 1usize)], 59.0);                        // element (7,3)
//! ```
//!
//! `examples/gemm.rs` in the repository is a tiled GEMM on sizes given at run
//! time. The [`guide`] explains the rest at length: each CuTe operation's name
//! in both layers and the conventions where CuTe C++ and pycute disagree
//! ([`guide::for_cute_users`]), the calculator ([`guide::the_calculator`]),
//! and kernels ([`guide::writing_a_fast_kernel`]).
#![no_std]
#![warn(missing_docs)]

extern crate alloc;
extern crate self as layout_algebra;
#[cfg(feature = "std")]
extern crate std;

pub mod calc;
pub mod guide;
pub mod runtime;
pub mod typelevel;

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The README stays a short guide: at most 350 lines, the long explanations in
/// the [`guide`] chapters, the figures in `benches/README.md`.
///
/// ```
/// let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
/// let lines = readme.lines().count();
/// assert!(lines <= 350, "README.md has {lines} lines; move detail to a guide chapter");
/// ```
#[cfg(doctest)]
pub struct ReadmeLength;
