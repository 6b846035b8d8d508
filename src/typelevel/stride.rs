//! Scaled-basis stride leaves: [`ScaledBasis<V, P>`] is CuTe's `V·E<P…>`,
//! the coordinate with value `V` at the hierarchical position `P` and zero
//! elsewhere (the twin of the runtime layer's `runtime::ScaledBasis`).
//!
//! `P` is an HList of typenum unsigned indices, outermost first; CuTe writes
//! the basis innermost index first, so `ScaledBasis<_3, HList!(U1, U0)>`
//! prints as `3@0@1`, as the runtime layer prints it. A layout whose strides
//! are scaled bases maps coordinates to coordinates:
//! [`make_identity_layout`](crate::typelevel::make_identity_layout) of
//! `(4,8)` is `(4,8):(1@0,1@1)`, which maps each coordinate to itself.
//! `layout!` reads them as CuTe prints them, `1@0` or `_1@0`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let id = make_identity_layout(hlist![_4, _8]);
//! assert_eq!(id, layout!((4,8):(1@0,1@1)));
//! assert_eq!(format!("{id:#}"), "(_4,_8):(_1@0,_1@1)"); // CuTe's print
//! assert_eq!(id.eval_coord(13usize).unwrap().to_string(), "(1,3)");
//! // The algebra applies to it as CuTe applies it in kernels.
//! let t = composition(id, tile!(2:2, 4:1));
//! assert_eq!(t.to_string(), "(2,4):(2@0,1@1)");
//! # use layout_algebra::typelevel::frunk_core::hlist;
//! ```

use super::check::readable::{BasisAt, Readable};
use super::dynamic::{BuildTuple, ToDynamic};
use super::eval::{CoordLeaf, IntoCoord};
use super::int::{IntLeaf, IntSpan, StaticInt};
use super::layout::Layout;
use super::tuple::LayoutCheck;
use super::tuple::{AllStatic, Congruent, IntTuple, Shape, StaticTuple};
use crate::runtime::{self, LayoutError, Offset, Stride, MAX_BASIS_DEPTH};
use core::fmt;
use core::marker::PhantomData;
use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{
    And, Bit, Cmp, Eq, Equal, Greater, IsEqual, Less, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0,
};

/// CuTe's `ScaledBasis<V, N…>`: the stride leaf `V·E<P…>`, the coordinate
/// with value `V` at the position `P` and zero elsewhere. Zero-sized; `V` is a static integer, `P`
/// an HList of 1 to 4 typenum unsigned indices below 256, outermost first.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::HList;
/// use layout_algebra::typelevel::typenum::{U0, U1};
/// let e: ScaledBasis<_3, HList!(U1, U0)> = ScaledBasis::new();
/// assert_eq!(e.to_string(), "3@0@1");
/// let one: E<HList!(U1)> = ScaledBasis::new();
/// assert_eq!(format!("{one:#}"), "_1@1");
/// ```
pub struct ScaledBasis<V, P>(PhantomData<(V, P)>);

// A basis stride is static (see `AllStatic`).
impl<V, P> AllStatic for ScaledBasis<V, P> {
    type Bit = typenum::B1;
}
impl<V, P, T: AllStatic> AllStatic for HCons<ScaledBasis<V, P>, T> {
    type Bit = T::Bit;
}

/// CuTe's `E<N…>`: the basis `1·E<N…>`.
/// See [`ScaledBasis`] for an example.
pub type E<P> = ScaledBasis<P1, P>;

impl<V, P> ScaledBasis<V, P> {
    /// The (zero-sized) value.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::HList;
    /// let e = E::<HList!(typenum::U0)>::new();
    /// assert_eq!(e.to_string(), "1@0");
    /// ```
    pub const fn new() -> Self {
        ScaledBasis(PhantomData)
    }
}

impl<V, P> Clone for ScaledBasis<V, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<V, P> Copy for ScaledBasis<V, P> {}
impl<V, P> Default for ScaledBasis<V, P> {
    fn default() -> Self {
        Self::new()
    }
}
impl<V, P> PartialEq for ScaledBasis<V, P> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<V, P> core::cmp::Eq for ScaledBasis<V, P> {}
impl<V, P> core::hash::Hash for ScaledBasis<V, P> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

/// A basis index `P` of [`ScaledBasis`]: an HList of typenum unsigned
/// integers, outermost first.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait BasisPath: Copy + fmt::Debug {
    /// The number of indices.
    const LEN: usize;
    /// Writes `@i` for each index, innermost first (CuTe's order).
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Writes the indices, outermost first, from `out[at]` on.
    fn modes(out: &mut [usize; MAX_BASIS_DEPTH], at: usize);
}
impl BasisPath for HNil {
    const LEN: usize = 0;
    fn fmt_path(_: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
    fn modes(_: &mut [usize; MAX_BASIS_DEPTH], _: usize) {}
}
impl<U: Unsigned + Copy + fmt::Debug, T: BasisPath> BasisPath for HCons<U, T> {
    const LEN: usize = 1 + T::LEN;
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::fmt_path(f)?;
        write!(f, "@{}", U::USIZE)
    }
    fn modes(out: &mut [usize; MAX_BASIS_DEPTH], at: usize) {
        if let Some(m) = out.get_mut(at) {
            *m = U::USIZE;
        }
        T::modes(out, at + 1);
    }
}

impl<V: StaticInt, P: BasisPath> ScaledBasis<V, P> {
    /// The runtime twin, `runtime::Stride::Basis`.
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::HList;
    /// use layout_algebra::typelevel::typenum::{U0, U2};
    /// let s = ScaledBasis::<_2, HList!(U2, U0)>::new().to_stride();
    /// assert_eq!(s.to_string(), "2@0@2");
    /// ```
    pub fn to_stride(self) -> Stride {
        const {
            assert!(
                P::LEN >= 1 && P::LEN <= MAX_BASIS_DEPTH,
                "a basis index has 1 to 4 entries"
            )
        };
        let mut modes = [0usize; MAX_BASIS_DEPTH];
        P::modes(&mut modes, 0);
        let b = runtime::ScaledBasis::new(V::VALUE.value(), &modes[..P::LEN])
            .expect("1 to 4 indices, each below 256 (checked by layout!)");
        Stride::Basis(b)
    }
}

impl<V: StaticInt, P: BasisPath> fmt::Debug for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<V: StaticInt, P: BasisPath> fmt::Display for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}

// A stride leaf: a tuple of rank 1 whose "size" is its scale (a stride's size
// is not read; the scale keeps the span checks of `Layout::try_new` meaningful).
impl<V: StaticInt, P: BasisPath> IntTuple for ScaledBasis<V, P> {
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    const LEAVES: usize = 1;
    const IS_STATIC: bool = true;
    const IS_LEAF: bool = true;
    type Rank = typenum::U1;
    type Size = V;
    fn size(&self) -> V {
        V::VALUE
    }
    fn for_each_leaf(&self, f: &mut impl FnMut(i64)) {
        f(V::VALUE.value())
    }
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str("_")?;
        }
        write!(f, "{}", V::VALUE.value())?;
        P::fmt_path(f)
    }
}

impl<V: StaticInt, P: BasisPath> StaticTuple for ScaledBasis<V, P> {
    const VALUE: Self = ScaledBasis::new();
}

impl<V, P> super::algebra::modes::StaticValue for ScaledBasis<V, P> {
    const VALUE: Self = ScaledBasis::new();
}

// A shape leaf and a basis stride: congruent; the span is that of the scale.
impl<S: IntLeaf + IntTuple + IntSpan<V>, V: StaticInt, P: BasisPath> Congruent<ScaledBasis<V, P>>
    for S
{
    type Span = <S as IntSpan<V>>::Output;
    fn span(&self, _: &ScaledBasis<V, P>) -> Self::Span {
        self.int_span(V::VALUE)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check_modes(&self, d: &ScaledBasis<V, P>, check: &mut LayoutCheck<'_>, _: bool) {
        check.leaf_written(self.value(), V::VALUE.value(), d);
    }
}

impl<V: StaticInt, P: BasisPath> BuildTuple for ScaledBasis<V, P> {
    fn build<T: Copy>(&self, b: &mut runtime::Builder<T>, f: fn(i64) -> T) {
        b.leaf(f(V::VALUE.value()));
    }
    fn build_items<T: Copy>(&self, b: &mut runtime::Builder<T>, f: fn(i64) -> T) {
        self.build(b, f);
    }
    fn build_strides(&self, b: &mut runtime::Builder<Stride>) {
        b.leaf(self.to_stride());
    }
    fn build_stride_items(&self, b: &mut runtime::Builder<Stride>) {
        b.leaf(self.to_stride());
    }
}

/// A coordinate (the HList form of [`IntoCoord`]) as a runtime tuple.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait BuildCoord {
    /// Pushes the coordinate onto `b`.
    fn build_coord(&self, b: &mut runtime::Builder<i64>);
    /// Pushes the items of an HList (helper of [`BuildCoord::build_coord`]).
    fn build_coord_items(&self, b: &mut runtime::Builder<i64>);
}
impl<C: CoordLeaf> BuildCoord for C {
    fn build_coord(&self, b: &mut runtime::Builder<i64>) {
        b.leaf(self.to_i64());
    }
    fn build_coord_items(&self, b: &mut runtime::Builder<i64>) {
        self.build_coord(b);
    }
}
impl BuildCoord for HNil {
    fn build_coord(&self, b: &mut runtime::Builder<i64>) {
        b.open();
        b.close();
    }
    fn build_coord_items(&self, _: &mut runtime::Builder<i64>) {}
}
impl<H: BuildCoord, T: BuildCoord> BuildCoord for HCons<H, T> {
    fn build_coord(&self, b: &mut runtime::Builder<i64>) {
        b.open();
        self.build_coord_items(b);
        b.close();
    }
    fn build_coord_items(&self, b: &mut runtime::Builder<i64>) {
        self.head.build_coord(b);
        self.tail.build_coord_items(b);
    }
}

impl<S: Shape + Congruent<D> + BuildTuple, D: BuildTuple> Layout<S, D> {
    /// CuTe's `layout(c)` where the strides may be scaled bases: the integer
    /// offset, or the coordinate `Σ cᵢ·dᵢ` of a layout with [`ScaledBasis`]
    /// strides (an identity layout maps a coordinate to itself), as the
    /// runtime layer's `Layout::eval` computes it, whose errors it returns
    /// (`OutOfBounds` for a coordinate outside the shape, `InvalidArgument`
    /// for integer and basis terms that do not add up to one coordinate, an
    /// error for a coordinate of the wrong rank).
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let id = layout!((4,(2,3)):(1@0,(1@0@1,1@1@1)));
    /// assert_eq!(id.eval_coord((3usize, (1usize, 2usize))).unwrap().to_string(), "(3,(1,2))");
    /// assert_eq!(id.eval_coord(23usize).unwrap().to_string(), "(3,(1,2))");
    /// assert_eq!(layout!((4,8):(2@1,1@0)).eval_coord((1usize, 5usize)).unwrap().to_string(), "(5,2)");
    /// assert_eq!(layout!((4,8)).eval_coord(9usize).unwrap().to_string(), "9");
    /// assert!(id.eval_coord(24usize).is_err());
    /// assert!(id.eval_coord((1usize, 2usize, 3usize)).is_err());
    /// ```
    pub fn eval_coord<C: IntoCoord>(&self, c: C) -> Result<Offset, LayoutError>
    where
        C::Coord: BuildCoord,
    {
        let mut b = runtime::Builder::new();
        c.into_coord().build_coord(&mut b);
        self.to_dynamic().eval(&b.finish())
    }
}

// Equality of strides, for coalescing (`d₁ = s₀·d₀`): two bases are equal
// when their scales and indices are; a basis is never an integer.
impl<V, P, W, Q> IsEqual<ScaledBasis<W, Q>> for ScaledBasis<V, P>
where
    V: IsEqual<W>,
    P: SamePath<Q>,
    Eq<V, W>: BitAnd<<P as SamePath<Q>>::Output>,
    And<Eq<V, W>, <P as SamePath<Q>>::Output>: Bit,
{
    type Output = And<Eq<V, W>, <P as SamePath<Q>>::Output>;
    fn is_equal(self, _: ScaledBasis<W, Q>) -> Self::Output {
        Bit::new()
    }
}

macro_rules! basis_is_not_int {
    ($([$($g:tt)*] $I:ty;)*) => {$(
        impl<V, P, $($g)*> IsEqual<$I> for ScaledBasis<V, P> {
            type Output = B0;
            fn is_equal(self, _: $I) -> B0 {
                B0
            }
        }
        impl<V, P, $($g)*> IsEqual<ScaledBasis<V, P>> for $I {
            type Output = B0;
            fn is_equal(self, _: ScaledBasis<V, P>) -> B0 {
                B0
            }
        }
    )*};
}
basis_is_not_int! {
    [] Z0;
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
}

/// Whether the basis indices `Self` and `Q` are equal (`B1`) or not (`B0`).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait SamePath<Q> {
    /// `B1` or `B0`.
    type Output;
}
impl SamePath<HNil> for HNil {
    type Output = B1;
}
impl<H, T> SamePath<HNil> for HCons<H, T> {
    type Output = B0;
}
impl<H, T> SamePath<HCons<H, T>> for HNil {
    type Output = B0;
}
impl<H: IsEqual<G>, T: SamePath<R>, G, R> SamePath<HCons<G, R>> for HCons<H, T>
where
    Eq<H, G>: BitAnd<<T as SamePath<R>>::Output>,
{
    type Output = And<Eq<H, G>, <T as SamePath<R>>::Output>;
}

/// A basis in a compile error: its scale and indices, outermost first
/// (`1@0@2` is `BasisAt<Num<1>, (Num<2>, Num<0>)>`).
impl<V: Readable, P: Readable> Readable for ScaledBasis<V, P> {
    type Out = BasisAt<V::Out, P::Out>;
}

// `coalesce` reads a static extent above 1 with a basis stride as a static
// pair, which merges as integer pairs do (`d₁ = s₀·d₀`, same basis).
impl<U: Unsigned, B: Bit, C: Bit, V, P> crate::typelevel::helpers::PairKind
    for Layout<PInt<typenum::UInt<typenum::UInt<U, B>, C>>, ScaledBasis<V, P>>
{
    type Kind = crate::typelevel::helpers::FixedPair;
}

// ---------------------------------------------------------------------------
// The stride of a coalesced layout of size 1. The runtime layer's coalesce
// keeps a coordinate layout's value a coordinate: with basis strides, the
// size-1 result is `1:0@p`, `p` the greatest basis index (lexicographic) of
// the strides (`coalesce(1:1@0) = 1:0@0`); else `1:0`.
// ---------------------------------------------------------------------------

/// The stride `Acc` or `0@P` of `ScaledBasis<V, P>`, whichever index is
/// greater (`Acc` is `Z0` before any basis).
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait MaxBasis<Acc> {
    /// `Z0` or `ScaledBasis<Z0, P>`.
    type Output;
}
impl<Acc> MaxBasis<Acc> for Z0 {
    type Output = Acc;
}
impl<Acc, U: Unsigned + NonZero> MaxBasis<Acc> for PInt<U> {
    type Output = Acc;
}
impl<Acc, U: Unsigned + NonZero> MaxBasis<Acc> for NInt<U> {
    type Output = Acc;
}
impl<Acc> MaxBasis<Acc> for super::int::Dyn {
    type Output = Acc;
}
impl<Acc, N> MaxBasis<Acc> for super::int::DivBy<N> {
    type Output = Acc;
}
impl<V, P> MaxBasis<Z0> for ScaledBasis<V, P> {
    type Output = ScaledBasis<Z0, P>;
}
impl<V, P, Q> MaxBasis<ScaledBasis<Z0, Q>> for ScaledBasis<V, P>
where
    Q: PathLess<P>,
    <Q as PathLess<P>>::Output: PickPath<Q, P>,
{
    type Output = ScaledBasis<Z0, <<Q as PathLess<P>>::Output as PickPath<Q, P>>::Output>;
}

/// `P` if the bit is `B1`, else `Q`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PickPath<Q, P> {
    /// The index.
    type Output;
}
impl<Q, P> PickPath<Q, P> for B1 {
    type Output = P;
}
impl<Q, P> PickPath<Q, P> for B0 {
    type Output = Q;
}

/// Whether the basis index `Self` sorts before `Q` (lexicographic, a
/// prefix first), as the runtime layer compares them.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait PathLess<Q> {
    /// `B1` or `B0`.
    type Output;
}
impl PathLess<HNil> for HNil {
    type Output = B0;
}
impl<H, T> PathLess<HCons<H, T>> for HNil {
    type Output = B1;
}
impl<H, T> PathLess<HNil> for HCons<H, T> {
    type Output = B0;
}
impl<H: Cmp<G>, T, G, R> PathLess<HCons<G, R>> for HCons<H, T>
where
    <H as Cmp<G>>::Output: LexBranch<T, R>,
{
    type Output = <<H as Cmp<G>>::Output as LexBranch<T, R>>::Output;
}

/// Branch of [`PathLess`] on the first indices' order.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait LexBranch<T, R> {
    /// `B1` or `B0`.
    type Output;
}
impl<T, R> LexBranch<T, R> for Less {
    type Output = B1;
}
impl<T, R> LexBranch<T, R> for Greater {
    type Output = B0;
}
impl<T: PathLess<R>, R> LexBranch<T, R> for Equal {
    type Output = <T as PathLess<R>>::Output;
}

/// The stride of the size-1 coalesced layout of the flat stride leaves
/// `Self` (see above), folded from `Acc`.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait UnitStride<Acc> {
    /// `Z0` or `ScaledBasis<Z0, P>`.
    type Output;
}
impl<Acc> UnitStride<Acc> for HNil {
    type Output = Acc;
}
impl<D: MaxBasis<Acc>, T: UnitStride<D::Output>, Acc> UnitStride<Acc> for HCons<D, T> {
    type Output = <T as UnitStride<D::Output>>::Output;
}
