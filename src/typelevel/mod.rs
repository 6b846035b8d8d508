//! The type-level layer: layouts whose shapes and strides live in types.
//!
//! Leaves are static integers (typenum signed integers: `_4`, `Int<4>`,
//! `Int![1536]`) or dynamic ones ([`Dyn`]); hierarchical tuples are frunk
//! HLists; a [`Layout<S, D>`](struct@Layout) is zero-sized when every leaf is static, and its
//! evaluation unrolls at compile time, so offsets fold to constants, and
//! divisions by static extents to shifts and masks.
//!
//! Every CuTe operation has one front door here: a trait with an `Output`
//! type, a result alias (`SizeOut<L>`, like typenum's `Sum<A, B>`) and the
//! CuTe-named function. [The operation table](crate::guide::for_cute_users#operations)
//! of the guide for CuTe users lists them all beside their runtime twins,
//! with the conventions where CuTe C++ and pycute disagree.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let l = layout!((4,(3,2)):(2,(8,1)));
//! assert_eq!(l.call(5usize), 2 + 8);
//! assert_eq!(l.call((1usize, (2usize, 1usize))), 2 + 16 + 1);
//! assert_eq!(l.to_string(), "(4,(3,2)):(2,(8,1))");
//! assert_eq!(l.to_dynamic().to_string(), l.to_string());
//! ```
//!
//! # Importing the layers
//!
//! Glob-import one layer and name the other by a short path. The two layers
//! share names (`Layout`, `Swizzle`, `composition`, `logical_divide`, `size`,
//! ...), so `use layout_algebra::runtime::*;` together with
//! `use layout_algebra::typelevel::*;` makes each shared name ambiguous: rustc
//! warns (`ambiguous_glob_imports`, to become an error) and picks one, so a
//! call such as `composition(layout!(..), layout!(..))` fails to type-check.
//!
//! ```
//! use layout_algebra::typelevel::*;          // the type-level layer unqualified
//! use layout_algebra::runtime as rt;         // the runtime layer as `rt::`
//! use layout_algebra::typelevel as tl;       // or this one as `tl::` too
//!
//! let a = composition(layout!((4,8):(8,1)), layout!((2,4):(1,2)));
//! let (x, y): (rt::Layout, rt::Layout) = ("(4,8):(8,1)".parse().unwrap(), "(2,4):(1,2)".parse().unwrap());
//! let b = rt::composition(&x, &y).unwrap();
//! assert_eq!(a.to_string(), b.to_string());
//! let t: tl::Layout![(2,(2,2)):(8,(16,1))] = a;
//! assert_eq!(tl::size(&t).value(), 8);
//! ```
//!
//! # The macros
//!
//! `layout!` takes CuTe notation: `shape:stride` with integer literals
//! (negative strides allowed, any `i64`), nested parentheses, `(4)` for a
//! rank-1 tuple. Without a stride, or with `:col_major`, the layout is compact
//! column-major (CuTe's default); `:row_major` gives the compact row-major
//! layout; as in static CuTe C++ and the runtime layer, a size-1 mode of a
//! compact layout has stride 0 (`(1,4)` is `(1,4):(0,1)`). CuTe's printed forms
//! are input too: `_4` and `_-3` are static integers (`(_4,_8):(_1,_4)`), and
//! `tile!` takes a printed tile, `tile!((_4:_1,_8:_2))`.
//! A leaf written `{expr}` (an `i64` expression) is dynamic: the layout
//! stores it and the macro returns `Result<Layout<..>, LayoutError>`, since a
//! dynamic extent must be checked at run time; `{expr}{div=N}` adds the fact
//! that it is a multiple of `N` (a [`DivBy<N>`](DivBy)). `Layout![..]` is the type.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let a: Layout![(4,8):(1,4)] = layout!((4,8));
//! assert_eq!(a.to_string(), "(4,8):(1,4)");
//! assert_eq!(layout!((4,8):row_major).to_string(), "(4,8):(8,1)");
//! assert_eq!(layout!((1,4)).to_string(), "(1,4):(0,1)");
//! assert_eq!(layout!((_4,_8):(_1,_-4)).to_string(), "(4,8):(1,-4)");
//! assert_eq!(tile!((_4:_1,_8:_2)).to_string(), "<4:1,8:2>");
//! assert_eq!(layout!((2,(3,4)):(-1,(2,6))).to_string(), "(2,(3,4)):(-1,(2,6))");
//! let n = 6;
//! let b: Layout![(4,{_}):(1,4)] = layout!((4,{n}):(1,4)).unwrap();
//! assert_eq!(b.shape().tail.head, Dyn(6));
//! assert!(layout!((4,{-1})).is_err());
//! ```
//!
//! `tile!` builds a tiler, one layout per mode (a tuple shape alone is its
//! compact layout, an integer `n` alone stays one, as CuTe's `Int<n>`:
//! composition reads it as `n:1`, the divides and products as
//! `make_layout(n)`, `1:0` for 1; `[..]` nests a tiler); `int!`/`Int![..]`
//! spell any `i64` literal as a static integer value/type, beyond typenum's
//! const-generic table:
//!
//! ```
//! use layout_algebra::typelevel::*;
//! assert_eq!(tile!(4:1, 8:2).to_string(), "<4:1,8:2>");
//! assert_eq!(tile!([2:1, 2:4], 8).to_string(), "<<2:1,2:4>,8>");
//! let a = layout!((4,8):(3,12));
//! assert_eq!(composition(a, tile!(1, 8)).to_string(), "(1,8):(3,12)"); // as CuTe C++
//! assert_eq!(logical_divide(a, tile!(1, 8)).to_string(), "((1,4),(8,1)):((0,3),(12,0))");
//! let cotarget: Int![1536] = int!(1536);
//! assert_eq!(cotarget.value(), 1536);
//! assert_eq!(Int::<24>::new().value(), 24);
//! assert_eq!(_16.value(), 16);
//! ```
//!
//! Malformed input is a compile error at the offending sub-tuple: a stride
//! not congruent with its shape, a zero or negative extent, a missing `:`, a
//! token that is not an integer, `{expr}` or tuple.
//!
//! ```compile_fail
//! let _ = layout_algebra::typelevel::layout!((4,8):(1,4,32)); // rank 3 stride for a rank 2 shape
//! ```
//! ```compile_fail
//! let _ = layout_algebra::typelevel::layout!((4,0):(1,4)); // extent 0
//! ```
//!
//! So is a coordinate of the wrong rank, or a static coordinate outside the shape:
//!
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! layout!((4,8)).call((1usize, 2usize, 3usize));
//! ```
//! ```compile_fail
//! use layout_algebra::typelevel::*;
//! layout!((4,8)).call((_4, _0));
//! ```

mod algebra;
mod atom;
mod banks;
pub mod check;
mod composed;
pub mod consts;
mod display;
mod dynamic;
mod eval;
mod int;
mod layout;
pub(crate) mod stride;
mod swizzle;
mod tensor;
mod tuple;

pub use algebra::*;
pub use atom::*;
pub use banks::{
    assert_conflict_free, BankVerdict, SmemAccess, SmemAccessError, SmemDirection, SmemLayout,
    SmemLoad, SmemStore, TvLayout,
};
pub use composed::{make_composed_layout, ComposedLayout};
#[doc(no_inline)]
pub use consts::*;
pub use dynamic::ToDynamic;
pub use eval::{CoordLeaf, Crd2Idx, IntoCoord, Underscore};
pub use int::*;
pub use layout::*;
pub use stride::{ScaledBasis, E};
pub use swizzle::Swizzle;
pub use tensor::*;
pub use tuple::*;

/// The recursion helpers of the type level's traits, outside `typelevel::*`:
/// public only because the bounds of public items name them (and compile
/// errors print their paths); not part of the API.
#[doc(hidden)]
pub mod helpers {
    pub use super::algebra::helpers::*;
    pub use super::atom::helpers::*;
    pub use super::banks::{LeafArrays, StaticLeafArrays, TileForm};
    pub use super::display::TileItems;
    pub use super::dynamic::{BuildTuple, TilerModes};
    pub use super::eval::{FmtCoord, IdxLeaves};
    pub use super::stride::{BasisPath, BuildCoord};
    pub use super::tensor::helpers::*;
    pub use super::tuple::{AllStatic, StaticThen};
}

/// Items the macros expand to; not part of the API.
#[doc(hidden)]
pub mod __private {
    /// The value of a static type as a constant, without re-proving what the
    /// macros already validated (shape extents, congruence). `layout-macros`
    /// names it `__private::Make`.
    pub use super::algebra::modes::StaticValue as Make;

    /// `<T as Identity<E>>::Out` is `T`: lets `Layout![..]` attach a compile
    /// error (in `E`) to the type it still expands to.
    pub trait Identity<const E: usize> {
        /// `T` itself.
        type Out: ?Sized;
    }
    impl<T: ?Sized, const E: usize> Identity<E> for T {
        type Out = T;
    }
}

pub use frunk_core;
pub use frunk_core::hlist::{HCons, HNil};
pub use generic_array;
/// Stamps a function generic over const sizes once per size of a list, so
/// that a kernel is written once for every tile size it is used with.
///
/// `#[for_sizes((4, 4), (8, 8), (16, 6))]` on `fn k<const MR: usize, const
/// NR: usize>(..)` makes `k::<8, 8>` the body with `const MR: usize = 8;
/// const NR: usize = 8;`: every `layout!((MR, NR))`, `tile!(MR, NR)` and
/// `Layout![..]` over the sizes is then a concrete type, the type-level
/// algebra is proved as for literals (the same types, the same compile-time
/// checks, nothing left to run time), and the function names no bound at
/// all. One entry per instance: a tuple of one size per const parameter, in
/// order, or a literal for a single parameter (`#[for_sizes(4, 8)]`).
///
/// ```
/// use layout_algebra::typelevel::*;
///
/// /// `C (MR,NR) += A (MR,K) · B (NR,K)ᵀ`, all column-major, in registers.
/// #[for_sizes((4, 4), (8, 8), (16, 6))]
/// fn micro_kernel<const MR: usize, const NR: usize>(k: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
///     let kk = k as i64;
///     let ta = make_tensor(a, layout!((MR, {kk}):(1, MR)).unwrap()).unwrap();
///     let tb = make_tensor(b, layout!((NR, {kk}):(1, NR)).unwrap()).unwrap();
///     let mut tc = make_tensor(c, layout!((MR, NR))).unwrap();
///     let mut acc = make_fragment::<f32, _, _>(layout!((MR, NR)));
///     for p in 0..k {
///         let (mut ra, mut rb) = (
///             make_fragment::<f32, _, _>(layout!((MR, 1))),
///             make_fragment::<f32, _, _>(layout!((NR, 1))),
///         );
///         copy(&ta.slice((__, p)), &mut ra);
///         copy(&tb.slice((__, p)), &mut rb);
///         gemm(&ra, &rb, &mut acc); // rank-1 update of the register tile
///     }
///     axpby(1.0, &acc, 1.0, &mut tc);
/// }
///
/// fn check<const MR: usize, const NR: usize>() {
///     let k = 5;
///     let a: Vec<f32> = (0..MR * k).map(|x| (x % 7) as f32).collect();
///     let b: Vec<f32> = (0..NR * k).map(|x| (x % 5) as f32).collect();
///     let mut c = vec![1.0f32; MR * NR];
///     micro_kernel::<MR, NR>(k, &a, &b, &mut c);
///     for (i, j) in (0..MR).flat_map(|i| (0..NR).map(move |j| (i, j))) {
///         let want = 1.0 + (0..k).map(|p| a[i + MR * p] * b[j + NR * p]).sum::<f32>();
///         assert_eq!(c[i + MR * j], want);
///     }
/// }
/// check::<4, 4>();
/// check::<8, 8>();
/// check::<16, 6>();
/// ```
///
/// Sizes not in the list do not compile (when the function is instantiated:
/// `cargo build`, not `cargo check`):
///
/// ```compile_fail,E0080
/// use layout_algebra::typelevel::*;
/// #[for_sizes(4, 8)]
/// fn tile_sum<const N: usize>(x: &[f32]) -> f32 {
///     let t = make_tensor(x, layout!((N, N))).unwrap();
///     let mut s = 0.0;
///     for i in 0..N * N { s += t[i]; }
///     s
/// }
/// // `tile_sum` has no instance for these sizes: `#[for_sizes(4, 8)]` stamps
/// // it for (N) in that list only
/// let _ = tile_sum::<6>(&[0.0; 36]);
/// ```
///
/// The signature is shared by the instances, so it cannot name a size
/// (`[f32; MR]`): take slices and return values of fixed types. Other generic
/// parameters (`T: GemmScalar`, lifetimes) and `where` clauses are kept, on
/// the function and on each instance; lint and inlining attributes are put
/// on the instances too. Each instance is compiled once, whether used or not.
///
/// # Why a list, and not a function generic over every size
///
/// In a function generic over `const MR: usize`, `layout!((MR, NR))` is the
/// type `Layout<(Int<MR>, Int<NR>), (_1, Int<MR>)>` with `Int<MR> =
/// PInt<<Const<MR> as ToUInt>::Output>`, which rustc cannot evaluate: every
/// trait the algebra needs of it must be a bound of the function. On stable
/// Rust (1.95) these bounds cannot be bundled into a few traits:
///
/// - A bound implies facts only about its own type and that type's
///   associated types. The leaf facts of one size bundle into one trait on
///   `Const<MR>` (a supertrait `ToUInt<Output: Unsigned + NonZero + ..>`),
///   which rustc then uses; a trait on a marker type `Sizes<MR, NR>` whose
///   associated types are the kernel's layouts does not help, because a
///   `where` clause hides the impl that says what those types are.
/// - What remains is the algebra's arithmetic across sizes and its
///   decisions, which typenum makes by selecting an impl on the value: the
///   stride of a compact extent (0 if it is 1), the divisibility checks of
///   `local_tile`, the size comparisons of `gemm`. For an unknown `MR` no
///   impl applies, and a bound asserting the outcome would have to name the
///   algebra's internal traits, one per layout and operation of the kernel.
///
/// A micro-kernel as above, generic over `const MR: usize, const NR: usize`
/// with only `Const<MR>: ToUInt, Const<NR>: ToUInt`, gets 141 errors from
/// rustc 1.95; with the leaf facts of both sizes bundled, 29 remain, e.g.:
///
/// ```text
/// error[E0277]: cannot multiply `<Const<MR> as ToUInt>::Output` by `UInt<UTerm, B1>`
///    |     let ta = make_tensor(a, layout!((MR, {k as i64}):(1, MR)).unwrap()).unwrap();
///    = note: required for `PInt<<Const<MR> as ToUInt>::Output>` to implement `IntMul<PInt<UInt<UTerm, B1>>>`
/// error[E0277]: the trait bound `<Const<MR> as ToUInt>::Output: ExtentStride<PInt<UInt<UTerm, B1>>>` is not satisfied
///    |     let mut tc = make_tensor(c, layout!((MR, NR))).unwrap();
/// error[E0277]: the trait bound `<Const<MR> as ToUInt>::Output: Cmp` is not satisfied
///    |         gemm(&ra, &rb, &mut acc);
///    = note: required for `PInt<<Const<MR> as ToUInt>::Output>` to implement `SizeCheck<GemmOp, PInt<<Const<MR> as ToUInt>::Output>>`
/// ```
///
/// A generic function can still use a layout over its sizes by naming what it
/// uses of the layout's type, e.g. `where Layout![(M, 3):(1, M)]: Default +
/// Display` (plus `Const<M>: ToUInt<Output: Unsigned + NonZero>` for the type
/// to exist): one bound per type and use, which `#[for_sizes]` spares.
pub use layout_macros::for_sizes;
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(int!(-9223372036854775808).value(), i64::MIN);
/// assert_eq!(int!(0x600).value(), 1536);
/// assert_eq!(int!(255u8).value(), 255); // a suffix's range is checked
/// ```
/// ```compile_fail
/// let _ = layout_algebra::typelevel::int!(-4u64); // not a u64
/// ```
pub use layout_macros::int;
/// A type-level layout in CuTe notation: `layout!(shape:stride)` is the
/// value, [`Layout!`](macro@Layout)`[shape:stride]` its type.
///
/// # Syntax
///
/// | written | gives |
/// |---|---|
/// | `(4,(3,2)):(2,(8,1))` | shape `:` stride; nested tuples, stride congruent with the shape |
/// | `8:2`, `(8):(2)` | a leaf layout; a rank-1 tuple layout |
/// | `(4,8)`, `(4,8):col_major` | the compact column-major layout `(4,8):(1,4)` (CuTe's default) |
/// | `(4,8):row_major` | the compact row-major layout `(4,8):(8,1)` |
/// | `-1`, `0`, `0x600`, `255u8` | any `i64` literal (strides may be negative or 0; extents are positive) |
/// | `_4`, `_-3` | CuTe's printed static integers, read as 4 and -3 |
/// | `MR`, `-MR` | a static leaf [`Int<MR>`](type@Int): a const generic parameter or `const` item (`usize`), named in upper case |
/// | `{expr}` | a dynamic leaf: an `i64` block evaluated at run time |
/// | `{expr}{div=N}` | a dynamic leaf known to be a multiple of `N` (a [`DivBy<N>`](DivBy), checked once) |
///
/// A layout of static leaves is a zero-sized value of type `Layout<..>`;
/// with a `{expr}` leaf the macro returns `Result<Layout<..>, LayoutError>`,
/// since a dynamic extent is checked at run time. A stride leaf `v@i…`
/// (`1@0`, `_1@0`, `2@0@1`: CuTe's `v·E<…>`, innermost index first) is a
/// [`ScaledBasis`]: the layout maps coordinates to coordinates.
///
/// # Static layouts
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// assert_eq!(l.call((1usize, (2usize, 1usize))), 2 + 16 + 1);
/// assert_eq!(layout!(8:2).to_string(), "8:2");
/// assert_eq!(layout!((8):(2)).to_string(), "(8):(2)");
/// assert_eq!(layout!((4,8)).to_string(), "(4,8):(1,4)");
/// assert_eq!(layout!((4,8):row_major).to_string(), "(4,8):(8,1)");
/// assert_eq!(layout!((2,(3,4)):row_major).to_string(), "(2,(3,4)):(12,(4,1))");
/// assert_eq!(layout!((1,4)).to_string(), "(1,4):(0,1)"); // a size-1 mode gets stride 0
/// assert_eq!(layout!((8,2):(-1,0)).call(3usize), -3);
/// ```
///
/// # CuTe's printed form
///
/// What CuTe C++ prints for a static layout is input too: `_N` leaves.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((_4,_8):(_1,_4));
/// assert_eq!(a, layout!((4,8):(1,4)));
/// assert_eq!(layout!((_2,_4):(_-1,_2)).to_string(), "(2,4):(-1,2)");
/// // Scaled-basis strides, as CuTe prints an identity layout.
/// let id = layout!((_4,_8):(_1@0,_1@1));
/// assert_eq!(id, make_identity_layout(frunk_core::hlist![_4, _8]));
/// assert_eq!(format!("{id:#}"), "(_4,_8):(_1@0,_1@1)");
/// ```
///
/// # Const leaves
///
/// An identifier in upper case (`MR`, `N_1`: a capital first, then capitals,
/// digits and `_`) is a static leaf whose value the macro does not see: a
/// `const` item or const generic parameter of type `usize` in the caller's
/// scope, the integer [`Int<MR>`](type@Int) (`-MR` is its negation, a stride). A
/// lower-case identifier is an error (a run-time value is written `{k}`), and
/// so is a name that is not a `usize` constant in scope, at the name. A
/// kernel generic over its sizes is stamped for a list of them by
/// [`for_sizes`](macro@for_sizes). The
/// compact layouts derive the strides of const extents at the type level, so
/// `(MR,NR)` is `(MR,NR):(1,MR)`, and a const extent 1 gets stride 0 as a
/// literal 1 does. `Int<N>` is typenum's const bridge: it covers `1..=1024`
/// and the powers of two (other values do not compile: `Const<N>: ToUInt`
/// is not satisfied).
///
/// ```
/// use layout_algebra::typelevel::*;
/// const MR: usize = 8;
/// const NR: usize = 6;
/// const ONE: usize = 1;
/// let acc = layout!((MR, NR));
/// assert_eq!(acc, layout!((8, 6):(1, 8)));
/// assert_eq!(layout!((MR, 2, NR):row_major), layout!((8, 2, 6):(12, 6, 1)));
/// assert_eq!(layout!((ONE, NR)).to_string(), "(1,6):(0,1)");
/// let k = 5;
/// let a: Layout![(MR, {_}):(1, MR)] = layout!((MR, {k}):(1, MR)).unwrap();
/// assert_eq!(a.to_string(), "(8,5):(1,8)");
/// assert_eq!(tile!(MR, NR), tile!(8, 6));
/// ```
///
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// let _ = layout!((4, k)); // `k` is not a leaf: a run-time value is `{k}`
/// ```
///
/// # Dynamic leaves
///
/// A leaf `{..}` is a block of type `i64`: evaluated once, in order, seeing the
/// caller's names. The layout stores it (printed bare by `{:#}`, where static
/// leaves print as `_N`), and the checks a static leaf gets at compile time
/// (extent ≥ 1, size and cosize within `i64`) happen at run time.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (m, lda) = (100, 128);
/// let a: Layout![({_},8):(1,{_})] = layout!(({m},8):(1,{lda})).unwrap();
/// assert_eq!(format!("{a:#}"), "(100,_8):(_1,128)");
/// assert_eq!(a.call((3usize, 2usize)), 3 + 2 * 128);
/// let n = 6;
/// let l = layout!(({ let h = n / 2; h }, {n}):(1, 3)).unwrap();
/// assert_eq!(l.to_string(), "(3,6):(1,3)");
/// assert!(layout!(({n - 6}, 2)).is_err()); // extent 0, found at run time
/// ```
///
/// # Divisibility facts
///
/// `{expr}{div=N}` (the form `{:#}` prints, CuTe DSL's `?{div=N}`) makes the
/// leaf a [`DivBy<N>`](DivBy): the value is checked once, when the layout is
/// made, to be a positive multiple of `N` (`Divisibility` otherwise), and the
/// divides then prove at compile time that a static tile filling `E | N`
/// divides it evenly (see [`evenly_divides`]). `Layout!` writes the type
/// `{_}{div=N}`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let m = 384;
/// let a: Layout![({_}{div=128},8):(1,{_}{div=128})] =
///     layout!(({m}{div=128},8):(1,{m}{div=128})).unwrap();
/// assert_eq!(format!("{a:#}"), "(384{div=128},_8):(_1,384{div=128})");
/// assert_evenly_divides(&a, tile!(32, 8)); // proven: 32 divides 128
/// let e = layout!(({200}{div=128},8)).unwrap_err();
/// assert_eq!(e.to_string(), "DivBy: divisibility condition violated: 200 is not a multiple of 128");
/// ```
///
/// # Errors
///
/// A broken rule in a static layout is a compile error at the sub-tuple:
///
/// ```compile_fail
/// let _ = layout_algebra::typelevel::layout!((4,8):(1,(4,2))); // stride not congruent
/// ```
///
/// # Limits
///
/// Parentheses and brackets nest at most 64 levels, a tuple or tiler has at
/// most 64 modes, and one call of `layout!`, `Layout!` or `tile!` holds at
/// most 256 leaves and 256 tuples (and tilers `[..]`), shapes and strides
/// together; no real layout comes near, and the expansion, a type per mode,
/// stays quick to compile. Past a limit the input is a compile error at the
/// tuple or leaf that goes over:
///
/// ```compile_fail
/// // A rank-65 tuple.
/// let _ = layout_algebra::typelevel::layout!((1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1));
/// ```
///
/// # Reference
///
pub use layout_macros::layout;
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(tile!(4:1, [2:1, 2:4], (2,2)).to_string(), "<4:1,<2:1,2:4>,(2,2):(1,2)>");
/// ```
/// `tile!()` is an error, as the runtime's `<>` is:
/// ```compile_fail
/// let _ = layout_algebra::typelevel::tile!();
/// ```
pub use layout_macros::tile;
/// ```
/// use layout_algebra::typelevel::*;
/// let x: Int![1536] = int!(1536);
/// assert_eq!(x.value(), <Int![1536] as StaticInt>::VALUE.value());
/// ```
pub use layout_macros::Int;
/// ```
/// use layout_algebra::typelevel::*;
/// let a: Layout![(4,8):(1,4)] = layout!((4,8));
/// let d: Layout![(4,{_}):(1,4)] = layout!((4,{8}):(1,4)).unwrap();
/// assert_eq!(a.to_string(), d.to_string());
/// ```
pub use layout_macros::Layout;
pub use typenum;
pub use typenum::{NInt, PInt, Z0};
