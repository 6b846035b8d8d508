//! Making layouts and tensors: `make_layout(shape)` (compact, column-major),
//! `make_tensor` over a slice, an owned register fragment or coordinates.

use super::engine::{Engine, Identity, IdentityField};
use super::walk::{Reach, Walk};
use super::Tensor;
use crate::runtime::{ErrorKind, LayoutError};
use crate::typelevel::check::readable::ReadableU;
use crate::typelevel::check::rules::{op, AssertFits};
use crate::typelevel::{
    Cosize, DivBy, Dyn, IntLeaf, IntMul, IntTuple, Layout, RankOut, Shape, ShapeLeaf, Z0,
};
use frunk_core::hlist::{HCons, HNil};
use generic_array::{ArrayLength, GenericArray};
use typenum::{NonZero, PInt, UInt, Unsigned, P1, U1};

/// The column-major compact strides of a shape, from the running product `P`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait CompactCol<P: IntLeaf> {
    /// The stride tuple.
    type Stride: IntTuple;
    /// `P` times the size of `Self`.
    type Next: IntLeaf;
    /// The strides and the next running product.
    fn compact(&self, p: P) -> (Self::Stride, Self::Next);
}

/// The stride of a static extent in a compact layout: `0` for extent 1 (CuTe's
/// static convention), otherwise the running product `P`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ExtentStride<P: IntLeaf> {
    /// `Z0` or `P`.
    type Out: IntLeaf + IntTuple;
    /// The stride value.
    fn unit_stride(p: P) -> Self::Out;
}
impl<P: IntLeaf> ExtentStride<P> for U1 {
    type Out = Z0;
    fn unit_stride(_: P) -> Z0 {
        Z0
    }
}
impl<X, B, C, P: IntLeaf + IntTuple> ExtentStride<P> for UInt<UInt<X, B>, C> {
    type Out = P;
    #[inline(always)]
    fn unit_stride(p: P) -> P {
        p
    }
}

impl<U: Unsigned + NonZero + ExtentStride<P>, P: IntLeaf + IntMul<PInt<U>>> CompactCol<P>
    for PInt<U>
where
    PInt<U>: IntLeaf,
{
    type Stride = U::Out;
    type Next = P::Output;
    #[inline(always)]
    fn compact(&self, p: P) -> (Self::Stride, Self::Next) {
        (U::unit_stride(p), p.int_mul(*self))
    }
}
impl<P: IntLeaf + IntTuple + IntMul<Dyn>> CompactCol<P> for Dyn {
    type Stride = P;
    type Next = P::Output;
    #[inline(always)]
    fn compact(&self, p: P) -> (P, P::Output) {
        (p, p.int_mul(*self))
    }
}
impl<N: typenum::Unsigned + typenum::NonZero, P: IntLeaf + IntTuple + IntMul<DivBy<N>>>
    CompactCol<P> for DivBy<N>
{
    type Stride = P;
    type Next = P::Output;
    #[inline(always)]
    fn compact(&self, p: P) -> (P, P::Output) {
        (p, p.int_mul(*self))
    }
}
impl<P: IntLeaf> CompactCol<P> for HNil {
    type Stride = HNil;
    type Next = P;
    fn compact(&self, p: P) -> (HNil, P) {
        (HNil, p)
    }
}
impl<P: IntLeaf, H: CompactCol<P>, T: CompactCol<H::Next>> CompactCol<P> for HCons<H, T>
where
    HCons<H::Stride, T::Stride>: IntTuple,
{
    type Stride = HCons<H::Stride, T::Stride>;
    type Next = T::Next;
    #[inline(always)]
    fn compact(&self, p: P) -> (Self::Stride, T::Next) {
        let (head, p) = self.head.compact(p);
        let (tail, p) = self.tail.compact(p);
        (HCons { head, tail }, p)
    }
}

/// The compact column-major layout of a shape type.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let l: MakeLayoutOut<layout_algebra::typelevel::frunk_core::HList!(_4, _8)> = make_layout(hlist![_4, _8]);
/// assert_eq!(l, layout!((4,8):(1,4)));
/// ```
pub type MakeLayoutOut<S> = Layout<S, <S as CompactCol<P1>>::Stride>;

/// CuTe `make_layout(shape)`: the compact column-major layout, stride `dᵢ =
/// s₀⋯sᵢ₋₁` (`0` for a static extent 1).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// assert_eq!(make_layout(hlist![_4, hlist![_1, _3]]).to_string(), "(4,(1,3)):(1,(0,4))");
/// assert_eq!(make_layout(hlist![_4, Dyn(5), _2]).to_string(), "(4,5,2):(1,4,20)");
/// ```
#[inline(always)]
pub fn make_layout<S: Shape + CompactCol<P1>>(shape: S) -> MakeLayoutOut<S> {
    let (stride, _) = shape.compact(P1::new());
    Layout::from_parts(shape, stride)
}

/// CuTe `make_tensor(ptr, layout)` over a slice: the element at coordinate `c`
/// is `data[L(c) - low]`, where `low = Σ (sᵢ-1)·min(dᵢ,0)` is the layout's
/// lowest offset (0 unless a stride is negative): the slice starts at the
/// lowest offset the layout reaches.
///
/// Checks once that `data` covers every offset, `len ≥ cosize(L)` with
/// CuTe's `cosize = 1 + Σ (sᵢ-1)·|dᵢ|`; `StorageTooSmall` otherwise. Every later
/// access through a coordinate inside the shape is then inside `data`.
/// [`make_tensors`] makes several tensors with one failure path, panicking.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data = [0, 1, 2, 3, 4, 5, 6, 7];
/// let t = make_tensor(&data[..], layout!((2,4):(4,1))).unwrap();
/// assert_eq!(t[(1usize, 2usize)], 6);
/// let r = make_tensor(&data[..], layout!(8:-1)).unwrap(); // reversed view
/// assert_eq!(r[0usize], 7);
/// let e = make_tensor(&data[..6], layout!((2,4):(4,1))).unwrap_err();
/// assert_eq!(e.to_string(), "make_tensor: storage must cover the layout's offsets: \
///     6 elements for (2,4):(4,1), whose offsets span 8");
/// ```
#[inline(always)]
pub fn make_tensor<E, L>(data: E, layout: L) -> Result<Tensor<E, L>, LayoutError>
where
    E: Engine,
    L: Reach + core::fmt::Display,
{
    let (low, need) = low_span(&layout);
    if (data.positions() as i128) < need {
        // The error is built here, its text out of line: the caller then sees
        // that this branch is an `Err` (an `unwrap` of it never continues).
        let detail = too_small(data.positions(), &layout, need);
        return Err(LayoutError::new(
            ErrorKind::StorageTooSmall,
            "make_tensor",
            detail,
        ));
    }
    // `-low < need ≤ len ≤ isize::MAX`: fits `usize`.
    Ok(Tensor::from_parts(data, layout, (-low) as usize))
}

/// `(engine, layout)` pairs that [`make_tensors`] makes into tensors at once.
///
/// Implemented for tuples of two and of three pairs.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let (a, b) = ([1, 2, 3, 4], [0; 2]);
/// let (ta, tb) = ((&a[..], layout!(4:1)), (&b[..], layout!(2:1))).make_tensors();
/// assert_eq!((ta[3usize], tb[1usize]), (4, 0));
/// ```
pub trait TensorParts {
    /// The tensors, one per pair.
    type Tensors;
    /// The tensors; panics if an engine does not cover its layout's offsets.
    #[track_caller]
    fn make_tensors(self) -> Self::Tensors;
}

/// `(low, span)` of a layout's offsets: its lowest offset and the number of
/// positions from there to its highest (`i128::MAX` past `i64`).
#[inline(always)]
fn low_span<L: Reach>(layout: &L) -> (i128, i128) {
    match layout.reach() {
        Some((low, high)) => (low, high - low + 1),
        None => (0, i128::MAX),
    }
}

macro_rules! tensor_parts {
    ($n:literal, $fail:ident: $($e:ident $l:ident $len:ident $i:tt),+) => {
        impl<$($e: Engine, $l: Reach + core::fmt::Display),+> TensorParts for ($(($e, $l),)+) {
            type Tensors = ($(Tensor<$e, $l>,)+);
            #[inline(always)]
            #[track_caller]
            fn make_tensors(self) -> Self::Tensors {
                $(let $len = low_span(&(self.$i).1);)+
                // `|`, not `||`: one branch for all the checks, to one cold call.
                if false $(| (((self.$i).0.positions() as i128) < $len.1))+ {
                    $fail($((self.$i).0.positions(),)+ ($((self.$i).1,)+))
                }
                // `-low < span ≤ len ≤ isize::MAX`: fits `usize`.
                ($(Tensor::from_parts((self.$i).0, (self.$i).1, (-$len.0) as usize),)+)
            }
        }

        /// The panic of [`make_tensors`] over this many pairs, naming the
        /// first engine too small (out of line: no cost on the checked path).
        #[cold]
        #[inline(never)]
        #[track_caller]
        fn $fail<$($l: Reach + core::fmt::Display),+>($($len: usize,)+ layouts: ($($l,)+)) -> ! {
            let parts: [(usize, &dyn core::fmt::Display, i128); $n] =
                [$(($len, &layouts.$i, low_span(&layouts.$i).1)),+];
            let i = parts.iter().position(|&(len, _, span)| (len as i128) < span).unwrap_or(0);
            let (len, layout, span) = parts[i];
            let detail = alloc::format!("tensor {i} of {}: {}", $n, too_small(len, layout, span));
            panic!("{}", LayoutError::new(ErrorKind::StorageTooSmall, "make_tensors", detail))
        }
    };
}
tensor_parts!(2, two_too_small: E0 L0 n0 0, E1 L1 n1 1);
tensor_parts!(3, three_too_small: E0 L0 n0 0, E1 L1 n1 1, E2 L2 n2 2);

/// [`make_tensor`] of several tensors, panicking: the tensors of `(engine,
/// layout)` pairs, each engine checked once to cover its layout's offsets as
/// `make_tensor` checks it. A kernel handed its slices makes its tensors with
/// one check each and a single failure path, as a hand-written kernel's
/// `assert!(src.len() >= m && dst.len() >= n)`: no cost on the checked path.
///
/// Panics (like slice indexing; [`make_tensor`] is the `Result` form) if an
/// engine is too small, with `make_tensor`'s message naming the tensor.
///
/// ```
/// use layout_algebra::typelevel::*;
/// fn gather(src: &[f32], dst: &mut [f32]) {
///     let (s, mut d) = make_tensors(((src, layout!((2,3):(42,1))), (dst, layout!(6:1))));
///     copy(&s, &mut d);
/// }
/// let src: Vec<f32> = (0..48).map(|x| x as f32).collect();
/// let mut dst = [0.0; 6];
/// gather(&src, &mut dst);
/// assert_eq!(dst, [0.0, 42.0, 1.0, 43.0, 2.0, 44.0]);
/// let e = std::panic::catch_unwind(|| gather(&src[..40], &mut [0.0; 6])).unwrap_err();
/// assert_eq!(e.downcast_ref::<String>().unwrap(), "make_tensors: storage must cover the \
///     layout's offsets: tensor 0 of 2: 40 elements for (2,3):(42,1), whose offsets span 45");
/// ```
#[inline(always)]
#[track_caller]
pub fn make_tensors<P: TensorParts>(parts: P) -> P::Tensors {
    parts.make_tensors()
}

/// The text of `make_tensor`'s error (out of line: no cost on the checked path).
#[cold]
#[inline(never)]
fn too_small(len: usize, layout: &dyn core::fmt::Display, need: i128) -> alloc::string::String {
    alloc::format!("{len} elements for {layout}, whose offsets span {need}")
}

/// CuTe `make_tensor<T>(layout)` for a static layout: an owned register
/// fragment, a `GenericArray<T, N>` with `N = cosize(L)`, filled with
/// `T::default()`. It allocates nothing.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let mut f = make_fragment::<f32, _, _>(layout!((2,3)));
/// f[(1usize, 2usize)] = 5.0;
/// assert_eq!(f.data()[5], 5.0);
/// assert_eq!(core::mem::size_of_val(&f), 6 * 4 + core::mem::size_of::<usize>());
/// ```
pub fn make_fragment<T: Default, S, D>(layout: Layout<S, D>) -> Fragment<T, Layout<S, D>>
where
    Layout<S, D>: Cosize,
    CosizeOf<Layout<S, D>>: StaticLen,
    FragLen<Layout<S, D>>: ArrayLength,
    S: Walk<D>,
{
    let low = layout.shape().low(layout.stride());
    Tensor::from_parts(GenericArray::default(), layout, (-low) as usize)
}

/// A register fragment over a given array: `array` must hold the layout's
/// cosize; a shorter array does not compile (naming both numbers).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::generic_array::GenericArray;
/// let a: GenericArray<i32, typenum::U8> = GenericArray::from_array([0, 1, 2, 3, 4, 5, 6, 7]);
/// let t = make_tensor_from_array(a, layout!((2,3):(3,1)));
/// assert_eq!(t[(1usize, 2usize)], 5);
/// ```
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::generic_array::GenericArray;
/// let a: GenericArray<i32, typenum::U5> = GenericArray::default();
/// let _ = make_tensor_from_array(a, layout!((2,3):(3,1))); // cosize 6
/// ```
pub fn make_tensor_from_array<T, N, S, D>(
    array: GenericArray<T, N>,
    layout: Layout<S, D>,
) -> Tensor<GenericArray<T, N>, Layout<S, D>>
where
    N: ArrayLength + FitsShow<FragLen<Layout<S, D>>>,
    FitsShown<N, FragLen<Layout<S, D>>>:
        AssertFits<op::FragmentOp, FitsWanted<N, FragLen<Layout<S, D>>>>,
    Layout<S, D>: Cosize,
    CosizeOf<Layout<S, D>>: StaticLen,
    S: Walk<D>,
{
    let low = layout.shape().low(layout.stride());
    Tensor::from_parts(array, layout, (-low) as usize)
}

/// `Self ≥ C` for array length `Self` and cosize `C` (else a readable error).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Fits<C> {}
impl<N: FitsShow<C>, C> Fits<C> for N where
    FitsShown<N, C>: AssertFits<op::FragmentOp, FitsWanted<N, C>>
{
}

/// The readable outcome of `Self ≥ C`: [`LengthFits`], or both numbers in
/// `Num<n>` form.
#[doc(hidden)]
pub trait FitsShow<C> {
    /// `LengthFits`, or the readable length.
    type Length;
    /// `()`, or the readable cosize.
    type Cosize;
}
/// The length an array-size error shows.
pub type FitsShown<N, C> = <N as FitsShow<C>>::Length;
/// The cosize an array-size error requires.
pub type FitsWanted<N, C> = <N as FitsShow<C>>::Cosize;
impl<N: typenum::IsGreaterOrEqual<C>, C> FitsShow<C> for N
where
    typenum::GrEq<N, C>: FitsShowBranch<N, C>,
{
    type Length = <typenum::GrEq<N, C> as FitsShowBranch<N, C>>::Length;
    type Cosize = <typenum::GrEq<N, C> as FitsShowBranch<N, C>>::Cosize;
}
/// Branch of [`FitsShow`].
#[doc(hidden)]
pub trait FitsShowBranch<N, C> {
    /// `LengthFits`, or the readable length.
    type Length;
    /// `()`, or the readable cosize.
    type Cosize;
}
impl<N, C> FitsShowBranch<N, C> for typenum::B1 {
    type Length = LengthFits;
    type Cosize = ();
}
impl<N: ReadableU, C: ReadableU> FitsShowBranch<N, C> for typenum::B0 {
    type Length = <N as ReadableU>::Out;
    type Cosize = <C as ReadableU>::Out;
}
/// An array long enough for its layout.
#[derive(Clone, Copy, Debug, Default)]
pub struct LengthFits;
// Hidden from error messages: rustc would otherwise list it as the type
// implementing the assertion.
#[diagnostic::do_not_recommend]
impl<Op> AssertFits<Op, ()> for LengthFits {}

/// CuTe `make_fragment_like(tensor)`: a register fragment of the same shape,
/// compact and column-major.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data = [1.0f32; 64];
/// let t = make_tensor(&data[..], layout!((8,8):(8,1))).unwrap();
/// let f = make_fragment_like(&t);
/// assert_eq!(f.layout().to_string(), "(8,8):(1,8)");
/// ```
pub fn make_fragment_like<E, S, D>(
    t: &Tensor<E, Layout<S, D>>,
) -> Fragment<E::Elem, MakeLayoutOut<S>>
where
    E: Engine,
    E::Elem: Default,
    S: Shape + CompactCol<P1> + Walk<<S as CompactCol<P1>>::Stride>,
    MakeLayoutOut<S>: Cosize,
    CosizeOf<MakeLayoutOut<S>>: StaticLen,
    FragLen<MakeLayoutOut<S>>: ArrayLength,
{
    make_fragment(make_layout(*t.layout().shape()))
}

/// The strides of an identity tensor's layout: top-level mode `i` starts at
/// `Step^i` (a bit field of the position), compact inside a nested mode.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SpreadCol<P, Step> {
    /// The stride tuple.
    type Stride: IntTuple;
    /// The strides.
    fn spread(&self, p: P, step: Step) -> Self::Stride;
    /// The largest size of a top-level mode.
    fn widest(&self) -> i64;
}
// A leaf: its field starts at P, whatever its extent (a tile may reach past 1).
impl<L: ShapeLeaf, P: IntLeaf + IntTuple, Step> SpreadCol<P, Step> for L {
    type Stride = P;
    #[inline(always)]
    fn spread(&self, p: P, _: Step) -> P {
        p
    }
    #[inline(always)]
    fn widest(&self) -> i64 {
        self.value()
    }
}
impl<P, Step> SpreadCol<P, Step> for HNil {
    type Stride = HNil;
    #[inline(always)]
    fn spread(&self, _: P, _: Step) -> HNil {
        HNil
    }
    #[inline(always)]
    fn widest(&self) -> i64 {
        0
    }
}
impl<P, Step, H, T> SpreadCol<P, Step> for HCons<H, T>
where
    P: IntLeaf + IntMul<Step>,
    Step: IntLeaf,
    H: ModeField<P> + IntTuple,
    T: SpreadCol<P::Output, Step>,
    HCons<H::Stride, T::Stride>: IntTuple,
{
    type Stride = HCons<H::Stride, T::Stride>;
    #[inline(always)]
    fn spread(&self, p: P, step: Step) -> Self::Stride {
        HCons {
            head: self.head.field(p),
            tail: self.tail.spread(p.int_mul(step), step),
        }
    }
    #[inline(always)]
    fn widest(&self) -> i64 {
        self.head.size().value().max(self.tail.widest())
    }
}
/// One top-level mode of an identity tensor: a leaf's stride is its field's
/// start `P`; a nested mode is compact from `P`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait ModeField<P> {
    /// The mode's stride.
    type Stride: IntTuple;
    /// The stride value.
    fn field(&self, p: P) -> Self::Stride;
}
impl<L: ShapeLeaf, P: IntLeaf + IntTuple> ModeField<P> for L {
    type Stride = P;
    #[inline(always)]
    fn field(&self, p: P) -> P {
        p
    }
}
impl<P: IntLeaf, H, T> ModeField<P> for HCons<H, T>
where
    Self: CompactCol<P>,
{
    type Stride = <Self as CompactCol<P>>::Stride;
    #[inline(always)]
    fn field(&self, p: P) -> Self::Stride {
        self.compact(p).0
    }
}

/// The layout of an identity tensor over shape `S`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let id = make_identity_tensor(hlist![_4, _6]);
/// let l: &IdentityLayout<layout_algebra::typelevel::frunk_core::HList!(_4, _6)> = id.layout();
/// assert_eq!(size(l).value(), 24);
/// ```
pub type IdentityLayout<S> =
    Layout<S, <S as SpreadCol<P1, <RankOut<S> as IdentityField>::Step>>::Stride>;

/// CuTe `make_identity_tensor(shape)`: the tensor whose element at each
/// coordinate is that coordinate, one entry per mode (for predication: tile
/// and partition it like the data, then compare its elements with the bounds).
///
/// Each top-level mode's coordinate is a bit field of the element's position
/// (`62 / rank` bits), so that tiles reaching past the shape (the last tile of
/// a dimension that is not a multiple of the tile) still hold their true
/// coordinates, as CuTe's basis-vector strides `(1@0, 1@1, ..)` give them. A
/// mode may have up to `2^(bits-1)` coordinates (2^30 for two modes, 2^19 for
/// three); a dynamic extent beyond that panics.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let id = make_identity_tensor(hlist![_4, Dyn(6)]);
/// assert_eq!(id.read(9), [1, 2].into());
/// // the last tile of 3 rows reaches past row 3 and knows it
/// let t = try_local_tile(id, tile!(3, 2), (1usize, 0usize)).unwrap();
/// assert_eq!(t.load((2usize, 1usize)).as_slice(), &[5, 1]);
/// ```
pub fn make_identity_tensor<S>(shape: S) -> Tensor<Identity<S>, IdentityLayout<S>>
where
    S: Shape + SpreadCol<P1, <RankOut<S> as IdentityField>::Step>,
    RankOut<S>: IdentityField,
{
    let bits = <RankOut<S> as IdentityField>::BITS;
    let n = shape.widest();
    if S::RANK > 1 && n >= 1 << (bits - 1) {
        panic!(
            "make_identity_tensor: a mode of {n} coordinates exceeds the {} that an identity tensor of {} modes holds",
            1i64 << (bits - 1),
            S::RANK
        );
    }
    let stride = shape.spread(P1::new(), Default::default());
    Tensor::from_parts(Identity::new(shape), Layout::from_parts(shape, stride), 0)
}

/// A register fragment of `T` with static layout `L`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let f: Fragment<f32, Layout![(2,3):(1,2)]> = make_fragment(layout!((2,3)));
/// assert_eq!(f.data().len(), 6); // cosize registers, no heap
/// assert_eq!(f[(1usize, 2usize)], 0.0);
/// ```
pub type Fragment<T, L> = Tensor<GenericArray<T, FragLen<L>>, L>;

/// The cosize type of a layout.
pub type CosizeOf<L> = <L as Cosize>::Output;
/// The length of a fragment for layout `L`: its static cosize as a typenum unsigned.
pub type FragLen<L> = <CosizeOf<L> as StaticLen>::Len;

/// A static positive integer as an array length.
#[diagnostic::on_unimplemented(
    message = "a register fragment needs a static layout: its cosize `{Self}` is not a static positive integer",
    note = "rule: an owned fragment is a `GenericArray` whose length is the layout's cosize, known at compile time; use `make_tensor` over a slice for dynamic layouts"
)]
pub trait StaticLen {
    /// The length.
    type Len: Unsigned;
}
impl<U: Unsigned + typenum::NonZero> StaticLen for PInt<U> {
    type Len = U;
}
