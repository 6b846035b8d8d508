//! Restructuring the modes of a layout without changing its leaves: `get` /
//! `layout`, `select`, `take`, `group_modes`, `flatten`, `append`, `prepend`,
//! `replace` (the type-level twins of the runtime layer's `restructure.rs`).
//!
//! These only regroup the (shape, stride) leaves: `flatten` of a result lists
//! (a subset of) the leaves of the input in the stated order. A leaf layout
//! `s:d` counts as the rank-1 tuple `(s):(d)`. No leaf is recomputed, so the
//! results are built by moving the operands' values, and layouts with dynamic
//! (`{expr}`) leaves restructure as well as static ones.
//!
//! Mode indices are static integers (`_0`, `_2`, `int!(7)`), checked at
//! compile time: an index past the rank is a compile error naming the rule.
//! The traits take the indices as typenum unsigned types (`U0`, `U2`).
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let a = layout!((2,3,5,7):(1,2,6,30));
//! assert_eq!(group_modes(a, _1, _3).to_string(), "(2,(3,5),7):(1,(2,6),30)");
//! assert_eq!(select(a, (_2, _0)).to_string(), "(5,2):(6,1)");
//! let n = 5;
//! let d = layout!((2,(3,{n})):(1,(2,6))).unwrap();
//! assert_eq!(flatten(d).to_string(), "(2,3,5):(1,2,6)");
//! ```

use core::ops::{Add, Sub};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, Diff, NInt, NonZero, PInt, Sub1, UInt, UTerm, Unsigned, B1, U1, Z0};

use crate::typelevel::check::{Readable, ReadableOf};
use crate::typelevel::{Layout, ShapeLeaf};

// ---------------------------------------------------------------------------
// Mode lists: a layout's top-level modes as an HList of layouts, and back.
// ---------------------------------------------------------------------------

/// The top-level modes of a layout as an HList of layouts, moved out of it (a
/// leaf layout is its own single mode, `():()` has none).
pub trait ModeList {
    /// HList of `Layout`s.
    type Output;
    /// The modes.
    fn mode_list(self) -> Self::Output;
}

/// The top-level modes of `L`.
pub type ModeListOf<L> = <L as ModeList>::Output;

impl<S: ShapeLeaf, D> ModeList for Layout<S, D> {
    type Output = HCons<Self, HNil>;
    #[inline(always)]
    fn mode_list(self) -> Self::Output {
        HCons {
            head: self,
            tail: HNil,
        }
    }
}

impl ModeList for Layout<HNil, HNil> {
    type Output = HNil;
    #[inline(always)]
    fn mode_list(self) -> HNil {
        HNil
    }
}

impl<S0, ST, D0, DT> ModeList for Layout<HCons<S0, ST>, HCons<D0, DT>>
where
    Layout<ST, DT>: ModeList,
{
    type Output = HCons<Layout<S0, D0>, ModeListOf<Layout<ST, DT>>>;
    #[inline(always)]
    fn mode_list(self) -> Self::Output {
        let (s, d) = self.into_parts();
        HCons {
            head: Layout::from_parts(s.head, d.head),
            tail: Layout::from_parts(s.tail, d.tail).mode_list(),
        }
    }
}

/// An HList of layouts as the tuple layout with those modes.
pub trait TupleOfModes {
    /// The shape tuple.
    type Shape;
    /// The stride tuple.
    type Stride;
    /// The shapes and the strides of the modes.
    fn unzip_modes(self) -> (Self::Shape, Self::Stride);
}

/// The tuple layout of the modes `M`.
pub type TupleOf<M> = Layout<<M as TupleOfModes>::Shape, <M as TupleOfModes>::Stride>;

impl TupleOfModes for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn unzip_modes(self) -> (HNil, HNil) {
        (HNil, HNil)
    }
}

impl<S, D, T: TupleOfModes> TupleOfModes for HCons<Layout<S, D>, T> {
    type Shape = HCons<S, T::Shape>;
    type Stride = HCons<D, T::Stride>;
    #[inline(always)]
    fn unzip_modes(self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.head.into_parts();
        let (ts, td) = self.tail.unzip_modes();
        (HCons { head: s, tail: ts }, HCons { head: d, tail: td })
    }
}

#[inline(always)]
fn tuple_of<M: TupleOfModes>(m: M) -> TupleOf<M> {
    let (s, d) = m.unzip_modes();
    // The modes of valid layouts form a valid layout.
    Layout::from_parts(s, d)
}

/// The number of elements of an HList, as a typenum unsigned.
pub trait Len {
    /// The length.
    type Output: Unsigned;
}

impl Len for HNil {
    type Output = UTerm;
}

impl<H, T: Len> Len for HCons<H, T>
where
    T::Output: Add<B1>,
    Add1<T::Output>: Unsigned,
{
    type Output = Add1<T::Output>;
}

/// Element `I` (typenum unsigned) of an HList.
#[diagnostic::on_unimplemented(
    message = "mode index out of range: the layout has no mode at this index",
    label = "mode index past the rank of the layout",
    note = "rule (CuTe): get<I>(L), layout<I>(L), select<I...>(L) and replace<I>(L, x) need every index I with 0 ≤ I < rank(L); a leaf layout s:d has rank 1"
)]
pub trait Nth<I> {
    /// The element.
    type Output;
    /// The element, moved out.
    fn nth(self) -> Self::Output;
}

impl<H, T> Nth<UTerm> for HCons<H, T> {
    type Output = H;
    #[inline(always)]
    fn nth(self) -> H {
        self.head
    }
}

impl<H, T, U, B> Nth<UInt<U, B>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: Nth<Sub1<UInt<U, B>>>,
{
    type Output = <T as Nth<Sub1<UInt<U, B>>>>::Output;
    #[inline(always)]
    fn nth(self) -> Self::Output {
        self.tail.nth()
    }
}

/// An HList with element `I` replaced by `X`.
#[diagnostic::on_unimplemented(
    message = "mode index out of range: the layout has no mode at this index",
    label = "mode index past the rank of the layout",
    note = "rule (CuTe): get<I>(L), layout<I>(L), select<I...>(L) and replace<I>(L, x) need every index I with 0 ≤ I < rank(L); a leaf layout s:d has rank 1"
)]
pub trait ReplaceNth<I, X> {
    /// The list.
    type Output;
    /// The list, `x` in place of element `I`.
    fn replace_nth(self, x: X) -> Self::Output;
}

impl<H, T, X> ReplaceNth<UTerm, X> for HCons<H, T> {
    type Output = HCons<X, T>;
    #[inline(always)]
    fn replace_nth(self, x: X) -> Self::Output {
        HCons {
            head: x,
            tail: self.tail,
        }
    }
}

impl<H, T, U, B, X> ReplaceNth<UInt<U, B>, X> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: ReplaceNth<Sub1<UInt<U, B>>, X>,
{
    type Output = HCons<H, <T as ReplaceNth<Sub1<UInt<U, B>>, X>>::Output>;
    #[inline(always)]
    fn replace_nth(self, x: X) -> Self::Output {
        HCons {
            head: self.head,
            tail: self.tail.replace_nth(x),
        }
    }
}

/// An HList split into its first `N` elements and the rest (`N ≤ length`).
#[diagnostic::on_unimplemented(
    message = "mode range out of range: the layout has fewer modes than the range needs",
    label = "mode range past the rank of the layout",
    note = "rule (CuTe): take<B,E>(L) needs 0 ≤ B < E ≤ rank(L), group<B,E>(L) needs 0 ≤ B ≤ E ≤ rank(L) (E = -1 meaning rank(L)); a leaf layout s:d has rank 1"
)]
pub trait SplitAt<N> {
    /// The first `N` elements.
    type Front;
    /// The rest.
    type Back;
    /// Both parts.
    fn split_at(self) -> (Self::Front, Self::Back);
}

impl<L> SplitAt<UTerm> for L {
    type Front = HNil;
    type Back = L;
    #[inline(always)]
    fn split_at(self) -> (HNil, L) {
        (HNil, self)
    }
}

impl<H, T, U, B> SplitAt<UInt<U, B>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: SplitAt<Sub1<UInt<U, B>>>,
{
    type Front = HCons<H, <T as SplitAt<Sub1<UInt<U, B>>>>::Front>;
    type Back = <T as SplitAt<Sub1<UInt<U, B>>>>::Back;
    #[inline(always)]
    fn split_at(self) -> (Self::Front, Self::Back) {
        let (f, b) = self.tail.split_at();
        (
            HCons {
                head: self.head,
                tail: f,
            },
            b,
        )
    }
}

/// The elements at the indices `Self` (an HList of typenum unsigned) of the list `M`.
pub trait Pick<M> {
    /// The picked elements.
    type Output;
    /// The picked elements (copies: an index may repeat).
    fn pick(m: M) -> Self::Output;
}

impl<M> Pick<M> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn pick(_: M) -> HNil {
        HNil
    }
}

impl<M: Copy + Nth<I>, I, IT: Pick<M>> Pick<M> for HCons<I, IT> {
    type Output = HCons<<M as Nth<I>>::Output, <IT as Pick<M>>::Output>;
    #[inline(always)]
    fn pick(m: M) -> Self::Output {
        HCons {
            head: m.nth(),
            tail: IT::pick(m),
        }
    }
}

// ---------------------------------------------------------------------------
// Mode indices as values: `_2`, `int!(2)` (and typenum's `U2::new()`).
// ---------------------------------------------------------------------------

/// A static mode index: `_0`, `_1`, .. (`Z0`, `PInt`) or a typenum unsigned.
///
/// ```
/// use layout_algebra::typelevel::*;
/// // `get` takes `_1` and names the mode by `<_1 as ModeIndex>::Index`, `U1`.
/// let m: GetOut<Layout![(4,8):(1,4)], <_1 as ModeIndex>::Index> = get(layout!((4,8):(1,4)), _1);
/// assert_eq!(m.to_string(), "8:4");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static mode index",
    label = "not a static integer ≥ 0",
    note = "the type-level restructuring operations take mode indices as static integers: `_0`, `_2`, `int!(17)` (a negative index only as group_modes' end, `int!(-1)`)"
)]
pub trait ModeIndex {
    /// The index as a typenum unsigned.
    type Index;
}

impl ModeIndex for Z0 {
    type Index = UTerm;
}

impl<U: Unsigned + NonZero> ModeIndex for PInt<U> {
    type Index = U;
}

impl ModeIndex for UTerm {
    type Index = UTerm;
}

impl<U, B> ModeIndex for UInt<U, B> {
    type Index = Self;
}

/// The end index of [`group_modes`]: a [`ModeIndex`], or `-1` for "to the end".
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((2,3,5,7):(1,2,6,30));
/// assert_eq!(group_modes(a, _1, int!(-1)).to_string(), "(2,(3,5,7)):(1,(2,6,30))");
/// assert_eq!(group_modes(a, _1, _4).to_string(), "(2,(3,5,7)):(1,(2,6,30))");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static end index of group_modes",
    label = "not a static integer ≥ -1",
    note = "group_modes(l, b, e) takes static integers: `_2`, `int!(17)`, or `int!(-1)` for the end of the layout (CuTe's group<B,-1>)"
)]
pub trait EndIndex {
    /// The index as a typenum unsigned, or `N1`.
    type Index;
}

impl<I: ModeIndex> EndIndex for I {
    type Index = I::Index;
}

impl EndIndex for NInt<U1> {
    type Index = NInt<U1>;
}

/// An end index resolved against the rank `R`: itself, or `R` for `-1` (`N1`).
pub trait ResolveEnd<R> {
    /// A typenum unsigned.
    type Output;
}

impl<R> ResolveEnd<R> for UTerm {
    type Output = UTerm;
}

impl<R, U, B> ResolveEnd<R> for UInt<U, B> {
    type Output = Self;
}

impl<R> ResolveEnd<R> for NInt<U1> {
    type Output = R;
}

/// A list of static mode indices: a tuple `(_2, _0)` or an HList of them.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = layout!((2,3,5):(1,2,6));
/// assert_eq!(select(a, (_2, _0)).to_string(), "(5,2):(6,1)");
/// assert_eq!(select(a, hlist![_2, _0]).to_string(), "(5,2):(6,1)");
/// ```
pub trait ModeIndices {
    /// HList of typenum unsigned.
    type Indices;
}

impl ModeIndices for HNil {
    type Indices = HNil;
}

impl<H: ModeIndex, T: ModeIndices> ModeIndices for HCons<H, T> {
    type Indices = HCons<H::Index, T::Indices>;
}

macro_rules! tuple_indices {
    ($($T:ident),+) => {
        impl<$($T: ModeIndex),+> ModeIndices for ($($T,)+) {
            type Indices = frunk_core::HList![$($T::Index),+];
        }
    };
}
tuple_indices!(A);
tuple_indices!(A, B);
tuple_indices!(A, B, C);
tuple_indices!(A, B, C, E);
tuple_indices!(A, B, C, E, F);
tuple_indices!(A, B, C, E, F, G);
tuple_indices!(A, B, C, E, F, G, H);
tuple_indices!(A, B, C, E, F, G, H, I);

// ---------------------------------------------------------------------------
// The operations.
// ---------------------------------------------------------------------------

/// CuTe's `get<I>(layout)` / `layout<I>(layout)`: mode `I` (typenum unsigned).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::typenum::{U0, U1, U3};
/// let a = layout!((2,3,5,7):(1,2,6,30));
/// // The trait and its alias take typenum unsigned indices; `get` takes `_3`.
/// let m: GetOut<Layout![(2,3,5,7):(1,2,6,30)], U3> = get(a, _3);
/// let _: Layout![7:30] = m;
/// assert_eq!(m.to_string(), "7:30");
/// ```
#[diagnostic::on_unimplemented(
    message = "get: mode index out of range",
    label = "this layout has no mode at this index",
    note = "rule (CuTe): get<I>(L) and layout<I>(L) need 0 ≤ I < rank(L); a leaf layout s:d has rank 1, its mode 0 is itself"
)]
pub trait Get<I>: GetMode<I, Shown = ModeFound, Output = <Self as Get<I>>::Output> {
    /// The mode.
    type Output;
    /// The mode, moved out.
    fn get_mode(self) -> <Self as Get<I>>::Output;
}

/// `get<I>(L)`: mode `I` of `L`.
/// See [`Get`] for an example.
pub type GetOut<L, I> = <L as Get<I>>::Output;

#[diagnostic::do_not_recommend]
impl<S, D, I> Get<I> for Layout<S, D>
where
    Self: GetMode<I, Shown = ModeFound>,
{
    type Output = <Self as GetMode<I>>::Output;
    #[inline(always)]
    fn get_mode(self) -> <Self as Get<I>>::Output {
        self.mode_at()
    }
}

/// Mode `I` of a layout or, past its rank, [`NoMode`], with the verdict
/// [`Shown`](GetMode::Shown): implemented for every index, so that
/// [`get()`] reports an index out of range through [`ModeIndexAdmissible`],
/// in decimal, rather than through the recursion over the modes.
///
/// [`Get`] requires it with the verdict [`ModeFound`], so generic code that
/// names only `Get` calls `get`:
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::typenum::U1;
/// fn second<L: Get<U1>>(l: L) -> GetOut<L, U1> {
///     get(l, _1)
/// }
/// assert_eq!(second(layout!((4,8):(1,4))).to_string(), "8:4");
/// ```
pub trait GetMode<I> {
    /// The mode, or [`NoMode`].
    type Output;
    /// [`ModeFound`], or [`ModeMissing`] with the index, the rank and the
    /// layout in readable form.
    type Shown;
    /// The mode (or `NoMode`), moved out.
    fn mode_at(self) -> <Self as GetMode<I>>::Output;
}

impl<S, D, I> GetMode<I> for Layout<S, D>
where
    Self: ModeList,
    ModeListOf<Self>: NthOr<I>,
    <ModeListOf<Self> as NthOr<I>>::Output: ShowMode<I, Self>,
{
    type Output = <ModeListOf<Self> as NthOr<I>>::Output;
    type Shown = <<ModeListOf<Self> as NthOr<I>>::Output as ShowMode<I, Self>>::Shown;
    #[inline(always)]
    fn mode_at(self) -> <Self as GetMode<I>>::Output {
        self.mode_list().nth_or()
    }
}

/// Element `I` of an HList, or [`NoMode`] past its end.
pub trait NthOr<I> {
    /// The element, or `NoMode`.
    type Output;
    /// The element, moved out.
    fn nth_or(self) -> Self::Output;
}

impl<I> NthOr<I> for HNil {
    type Output = NoMode;
    #[inline(always)]
    fn nth_or(self) -> NoMode {
        NoMode
    }
}

impl<H, T> NthOr<UTerm> for HCons<H, T> {
    type Output = H;
    #[inline(always)]
    fn nth_or(self) -> H {
        self.head
    }
}

impl<H, T, U, B> NthOr<UInt<U, B>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: NthOr<Sub1<UInt<U, B>>>,
{
    type Output = <T as NthOr<Sub1<UInt<U, B>>>>::Output;
    #[inline(always)]
    fn nth_or(self) -> Self::Output {
        self.tail.nth_or()
    }
}

/// What [`GetMode`] finds past a layout's last mode.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMode;

/// The verdict of [`GetMode`] for index `I` of layout `L` when it found `Self`.
pub trait ShowMode<I, L> {
    /// [`ModeFound`] or [`ModeMissing`].
    type Shown;
}

impl<I, L, S, D> ShowMode<I, L> for Layout<S, D> {
    type Shown = ModeFound;
}

impl<I: Readable, L: ModeList + Readable> ShowMode<I, L> for NoMode
where
    ModeListOf<L>: Len,
    <ModeListOf<L> as Len>::Output: Readable,
{
    type Shown =
        ModeMissing<ReadableOf<I>, ReadableOf<<ModeListOf<L> as Len>::Output>, ReadableOf<L>>;
}

/// A mode index within the rank.
#[derive(Clone, Copy, Debug, Default)]
pub struct ModeFound;

/// Mode index `I` of the layout `L` of rank `R` (all readable): out of range.
#[derive(Debug, Default)]
pub struct ModeMissing<I, R, L>(core::marker::PhantomData<(I, R, L)>);

/// The verdict `Self` of [`GetMode`] allows `get`: [`ModeFound`] does, and
/// [`ModeMissing`] only if its index implements [`AssertModeIndex`], which no
/// type does.
pub trait ModeIndexAdmissible {}

// One blanket impl, so that rustc lists no implementation in the error.
impl<V: ModeIndexObeys> ModeIndexAdmissible for V {}

/// `Self` (a verdict of [`GetMode`]) obeys the rank: [`ModeFound`] does, and
/// [`ModeMissing`] does if its index implements [`AssertModeIndex`], which no
/// type does.
pub trait ModeIndexObeys {}

impl ModeIndexObeys for ModeFound {}

impl<I, R, L> ModeIndexObeys for ModeMissing<I, R, L> where I: AssertModeIndex<R, L> {}

/// Mode index `Self` lies within the rank `R` of layout `L` (no type implements it).
#[diagnostic::on_unimplemented(
    message = "get: mode index `{Self}` is out of range for a layout of rank `{R}`",
    label = "`{L}` has no mode `{Self}`",
    note = "rule (CuTe): get<I>(L) and layout<I>(L) need 0 ≤ I < rank(L); a leaf layout s:d has rank 1, its mode 0 is itself"
)]
pub trait AssertModeIndex<R, L> {}

/// `get<I>(layout)` (CuTe): mode `I` of the layout, `I` a static integer;
/// a leaf layout is its own mode 0.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((4,(3,2),5):(2,(8,1),24));
/// assert_eq!(get(a, _1).to_string(), "(3,2):(8,1)");
/// assert_eq!(get(get(a, _1), _0).to_string(), "3:8");
/// assert_eq!(get(layout!(4:1), _0).to_string(), "4:1");
/// ```
#[inline(always)]
pub fn get<L, I>(l: L, i: I) -> <L as GetMode<I::Index>>::Output
where
    I: ModeIndex,
    L: GetMode<I::Index>,
    L::Shown: ModeIndexAdmissible,
{
    let _ = i;
    l.mode_at()
}

/// `layout<I>(layout)` (CuTe): the same as [`get()`], mode `I` of the layout.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((4,(3,2),5):(2,(8,1),24));
/// assert_eq!(layout(a, _2).to_string(), "5:24");
/// ```
#[inline(always)]
pub fn layout<L, I>(l: L, i: I) -> <L as GetMode<I::Index>>::Output
where
    I: ModeIndex,
    L: GetMode<I::Index>,
    L::Shown: ModeIndexAdmissible,
{
    get(l, i)
}

/// CuTe's `select<I...>(layout)` for the index list `IL` (an HList of typenum unsigned).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::HList;
/// use layout_algebra::typelevel::typenum::{U0, U2};
/// let a = layout!((2,3,5,7):(1,2,6,30));
/// let s: SelectOut<Layout![(2,3,5,7):(1,2,6,30)], HList!(U2, U0)> = select(a, (_2, _0));
/// assert_eq!(s.to_string(), "(5,2):(6,1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "select: mode index out of range",
    label = "this layout lacks a mode that the index list names",
    note = "rule (CuTe): select<I...>(L) needs every index below rank(L); a leaf layout s:d has rank 1"
)]
pub trait Select<IL> {
    /// The tuple layout of the selected modes.
    type Output;
    /// The selected modes.
    fn select_modes(self) -> Self::Output;
}

/// `select<I...>(L)`.
/// See [`Select`] for an example.
pub type SelectOut<L, IL> = <L as Select<IL>>::Output;

#[diagnostic::do_not_recommend]
impl<S, D, IL> Select<IL> for Layout<S, D>
where
    Self: ModeList,
    IL: Pick<ModeListOf<Self>>,
    <IL as Pick<ModeListOf<Self>>>::Output: TupleOfModes,
{
    type Output = TupleOf<<IL as Pick<ModeListOf<Self>>>::Output>;
    #[inline(always)]
    fn select_modes(self) -> Self::Output {
        tuple_of(IL::pick(self.mode_list()))
    }
}

/// `select<I...>(layout)` (CuTe): the tuple layout of modes `I₀, I₁, …`, in
/// that order (repeats allowed); the indices are a tuple of static integers.
/// A single index still gives a rank-1 tuple, as in C++.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((2,3,5):(1,2,6));
/// assert_eq!(select(a, (_1, _1)).to_string(), "(3,3):(2,2)");
/// assert_eq!(select(a, (_2,)).to_string(), "(5):(6)");
/// assert_eq!(select(layout!(4:1), (_0,)).to_string(), "(4):(1)");
/// ```
#[inline(always)]
pub fn select<L: Select<IL::Indices>, IL: ModeIndices>(
    l: L,
    indices: IL,
) -> SelectOut<L, IL::Indices> {
    let _ = indices;
    l.select_modes()
}

/// CuTe's `take<B,E>(layout)` (typenum unsigned `B`, `E`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::typenum::{U0, U1, U3};
/// let a = layout!((2,3,5,7):(1,2,6,30));
/// let t: TakeOut<Layout![(2,3,5,7):(1,2,6,30)], U1, U3> = take(a, _1, _3);
/// assert_eq!(t.to_string(), "(3,5):(2,6)");
/// ```
#[diagnostic::on_unimplemented(
    message = "take: the mode range is empty or out of range",
    label = "this layout has no modes [B, E) with B < E ≤ rank",
    note = "rule (CuTe): take<B,E>(L) needs 0 ≤ B < E ≤ rank(L); a leaf layout s:d has rank 1"
)]
pub trait Take<B, E> {
    /// The tuple layout of modes `[B, E)`.
    type Output;
    /// The modes `[B, E)`.
    fn take_modes(self) -> Self::Output;
}

/// `take<B,E>(L)`.
/// See [`Take`] for an example.
pub type TakeOut<L, B, E> = <L as Take<B, E>>::Output;

type BackOf<M, B> = <M as SplitAt<B>>::Back;
type MidOf<M, B, E> = <BackOf<M, B> as SplitAt<Diff<E, B>>>::Front;
type RestOf<M, B, E> = <BackOf<M, B> as SplitAt<Diff<E, B>>>::Back;

#[diagnostic::do_not_recommend]
impl<S, D, B, E> Take<B, E> for Layout<S, D>
where
    Self: ModeList,
    ModeListOf<Self>: SplitAt<B>,
    E: Sub<B>,
    Diff<E, B>: NonZero,
    BackOf<ModeListOf<Self>, B>: SplitAt<Diff<E, B>>,
    MidOf<ModeListOf<Self>, B, E>: TupleOfModes,
{
    type Output = TupleOf<MidOf<ModeListOf<Self>, B, E>>;
    #[inline(always)]
    fn take_modes(self) -> Self::Output {
        let (_, back) = self.mode_list().split_at();
        let (mid, _) = back.split_at();
        tuple_of(mid)
    }
}

/// `take<B,E>(layout)` (CuTe): the tuple layout of modes `[B, E)`, static
/// integers with `B < E ≤ rank`; a single mode still gives a rank-1 tuple.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((2,3,5,7):(1,2,6,30));
/// assert_eq!(take(a, _1, _3).to_string(), "(3,5):(2,6)");
/// assert_eq!(take(a, _1, _2).to_string(), "(3):(2)");
/// assert_eq!(take(layout!(4:1), _0, _1).to_string(), "(4):(1)");
/// ```
#[inline(always)]
pub fn take<L: Take<B::Index, E::Index>, B: ModeIndex, E: ModeIndex>(
    l: L,
    begin: B,
    end: E,
) -> TakeOut<L, B::Index, E::Index> {
    let _ = (begin, end);
    l.take_modes()
}

/// CuTe's `group<B,E>(layout)` (typenum unsigned `B`; `E` unsigned or `N1` for the end).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::typenum::{U0, U1, U3};
/// let a = layout!((2,3,5,7):(1,2,6,30));
/// let g: GroupModesOut<Layout![(2,3,5,7):(1,2,6,30)], U1, U3> = group_modes(a, _1, _3);
/// assert_eq!(g.to_string(), "(2,(3,5),7):(1,(2,6),30)");
/// ```
#[diagnostic::on_unimplemented(
    message = "group_modes: the mode range is out of range",
    label = "this layout has no modes [B, E) with B ≤ E ≤ rank",
    note = "rule (CuTe): group<B,E>(L) needs 0 ≤ B ≤ E ≤ rank(L), E = -1 meaning rank(L); a leaf layout s:d has rank 1"
)]
pub trait GroupModes<B, E> {
    /// The layout with modes `[B, E)` grouped into one.
    type Output;
    /// The regrouped layout.
    fn group(self) -> Self::Output;
}

/// `group<B,E>(L)`.
/// See [`GroupModes`] for an example.
pub type GroupModesOut<L, B, E> = <L as GroupModes<B, E>>::Output;

/// The modes that a range `[B, E)` of length `Self` contributes to a grouping:
/// none for an empty range, else the one mode `(mid..)`; then the rest.
pub trait GroupMid<Mid, Rest> {
    /// The modes.
    type Output;
    /// The modes.
    fn group_mid(mid: Mid, rest: Rest) -> Self::Output;
}

impl<Rest> GroupMid<HNil, Rest> for UTerm {
    type Output = Rest;
    #[inline(always)]
    fn group_mid(_: HNil, rest: Rest) -> Rest {
        rest
    }
}

impl<U, B, Mid: TupleOfModes, Rest> GroupMid<Mid, Rest> for UInt<U, B> {
    type Output = HCons<TupleOf<Mid>, Rest>;
    #[inline(always)]
    fn group_mid(mid: Mid, rest: Rest) -> Self::Output {
        HCons {
            head: tuple_of(mid),
            tail: rest,
        }
    }
}

type EndOf<M, E> = <E as ResolveEnd<<M as Len>::Output>>::Output;
type Grouped<M, B, E> =
    <Diff<EndOf<M, E>, B> as GroupMid<MidOf<M, B, EndOf<M, E>>, RestOf<M, B, EndOf<M, E>>>>::Output;
type WithGroup<M, B, E> = <<M as SplitAt<B>>::Front as Add<Grouped<M, B, E>>>::Output;

#[diagnostic::do_not_recommend]
impl<S, D, B, E> GroupModes<B, E> for Layout<S, D>
where
    Self: ModeList,
    ModeListOf<Self>: Len + SplitAt<B>,
    E: ResolveEnd<<ModeListOf<Self> as Len>::Output>,
    EndOf<ModeListOf<Self>, E>: Sub<B>,
    BackOf<ModeListOf<Self>, B>: SplitAt<Diff<EndOf<ModeListOf<Self>, E>, B>>,
    Diff<EndOf<ModeListOf<Self>, E>, B>: GroupMid<
        MidOf<ModeListOf<Self>, B, EndOf<ModeListOf<Self>, E>>,
        RestOf<ModeListOf<Self>, B, EndOf<ModeListOf<Self>, E>>,
    >,
    <ModeListOf<Self> as SplitAt<B>>::Front: Add<Grouped<ModeListOf<Self>, B, E>>,
    WithGroup<ModeListOf<Self>, B, E>: TupleOfModes,
{
    type Output = TupleOf<WithGroup<ModeListOf<Self>, B, E>>;
    #[inline(always)]
    fn group(self) -> Self::Output {
        let (front, back) = self.mode_list().split_at();
        let (mid, rest) = back.split_at();
        let grouped = <Diff<EndOf<ModeListOf<Self>, E>, B>>::group_mid(mid, rest);
        tuple_of(front + grouped)
    }
}

/// `group<B,E>(layout)` (CuTe; the runtime layer's `group_modes`): modes
/// `[B, E)` become one mode. Static integers with `B ≤ E ≤ rank`, `E =
/// int!(-1)` meaning the rank; an empty range leaves a tuple layout unchanged
/// and makes a leaf layout the rank-1 tuple it counts as.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((2,3,5,7):(1,2,6,30));
/// assert_eq!(group_modes(a, _1, _3).to_string(), "(2,(3,5),7):(1,(2,6),30)");
/// assert_eq!(group_modes(a, _2, int!(-1)).to_string(), "(2,3,(5,7)):(1,2,(6,30))");
/// assert_eq!(group_modes(a, _0, _1).to_string(), "((2),3,5,7):((1),2,6,30)");
/// assert_eq!(group_modes(layout!(8:2), _1, _1).to_string(), "(8):(2)");
/// ```
#[inline(always)]
pub fn group_modes<L: GroupModes<B::Index, E::Index>, B: ModeIndex, E: EndIndex>(
    l: L,
    begin: B,
    end: E,
) -> GroupModesOut<L, B::Index, E::Index> {
    let _ = (begin, end);
    l.group()
}

/// The leaves of a shape `Self` and its stride `D`, flattened into two HLists.
pub trait Leaves<D> {
    /// The shape leaves.
    type Shape;
    /// The stride leaves.
    type Stride;
    /// Both lists.
    fn leaves(self, d: D) -> (Self::Shape, Self::Stride);
}

impl<S: ShapeLeaf, D> Leaves<D> for S {
    type Shape = HCons<S, HNil>;
    type Stride = HCons<D, HNil>;
    #[inline(always)]
    fn leaves(self, d: D) -> (Self::Shape, Self::Stride) {
        (
            HCons {
                head: self,
                tail: HNil,
            },
            HCons {
                head: d,
                tail: HNil,
            },
        )
    }
}

impl Leaves<HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn leaves(self, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}

impl<S0, ST, D0, DT> Leaves<HCons<D0, DT>> for HCons<S0, ST>
where
    S0: Leaves<D0>,
    ST: Leaves<DT>,
    S0::Shape: Add<ST::Shape>,
    S0::Stride: Add<ST::Stride>,
{
    type Shape = <S0::Shape as Add<ST::Shape>>::Output;
    type Stride = <S0::Stride as Add<ST::Stride>>::Output;
    #[inline(always)]
    fn leaves(self, d: HCons<D0, DT>) -> (Self::Shape, Self::Stride) {
        let (hs, hd) = self.head.leaves(d.head);
        let (ts, td) = self.tail.leaves(d.tail);
        (hs + ts, hd + td)
    }
}

/// CuTe's `flatten(layout)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let f: FlattenOut<Layout![(2,(3,5)):(1,(2,6))]> = flatten(layout!((2,(3,5)):(1,(2,6))));
/// assert_eq!(f.to_string(), "(2,3,5):(1,2,6)");
/// ```
pub trait Flatten {
    /// The flat layout.
    type Output;
    /// The flat layout.
    fn flatten_modes(self) -> Self::Output;
}

/// `flatten(L)`.
/// See [`Flatten`] for an example.
pub type FlattenOut<L> = <L as Flatten>::Output;

// A leaf layout stays a leaf.
impl<S: ShapeLeaf, D> Flatten for Layout<S, D> {
    type Output = Self;
    #[inline(always)]
    fn flatten_modes(self) -> Self {
        self
    }
}

impl<SH, ST, D> Flatten for Layout<HCons<SH, ST>, D>
where
    HCons<SH, ST>: Leaves<D>,
{
    type Output = Layout<<HCons<SH, ST> as Leaves<D>>::Shape, <HCons<SH, ST> as Leaves<D>>::Stride>;
    #[inline(always)]
    fn flatten_modes(self) -> Self::Output {
        let (s, d) = self.into_parts();
        let (s, d) = s.leaves(d);
        Layout::from_parts(s, d)
    }
}

impl Flatten for Layout<HNil, HNil> {
    type Output = Self;
    #[inline(always)]
    fn flatten_modes(self) -> Self {
        self
    }
}

/// `flatten(layout)` (CuTe): the flat tuple of the layout's leaves, in order
/// (a leaf layout stays a leaf, a tuple of one leaf stays a rank-1 tuple).
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(flatten(layout!((2,(3,5)):(1,(2,6)))).to_string(), "(2,3,5):(1,2,6)");
/// assert_eq!(flatten(layout!(((4)):((1)))).to_string(), "(4):(1)");
/// assert_eq!(flatten(layout!(4:1)).to_string(), "4:1");
/// ```
#[inline(always)]
pub fn flatten<L: Flatten>(l: L) -> FlattenOut<L> {
    l.flatten_modes()
}

/// CuTe's `append(layout, x)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let r: AppendOut<Layout![(4,8):(1,4)], Layout![2:32]> = append(layout!((4,8):(1,4)), layout!(2:32));
/// assert_eq!(r.to_string(), "(4,8,2):(1,4,32)");
/// ```
pub trait Append<X> {
    /// The layout's modes followed by `X`.
    type Output;
    /// The appended layout.
    fn append_mode(self, x: X) -> Self::Output;
}

/// `append(L, X)`.
/// See [`Append`] for an example.
pub type AppendOut<L, X> = <L as Append<X>>::Output;

impl<S, D, XS, XD> Append<Layout<XS, XD>> for Layout<S, D>
where
    Self: ModeList,
    ModeListOf<Self>: Add<HCons<Layout<XS, XD>, HNil>>,
    <ModeListOf<Self> as Add<HCons<Layout<XS, XD>, HNil>>>::Output: TupleOfModes,
{
    type Output = TupleOf<<ModeListOf<Self> as Add<HCons<Layout<XS, XD>, HNil>>>::Output>;
    #[inline(always)]
    fn append_mode(self, x: Layout<XS, XD>) -> Self::Output {
        tuple_of(
            self.mode_list()
                + HCons {
                    head: x,
                    tail: HNil,
                },
        )
    }
}

/// `append(layout, x)` (CuTe): the layout's modes followed by the one mode
/// `x` (`(layout, x)` for a leaf layout).
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(append(layout!(4:1), layout!(2:4)).to_string(), "(4,2):(1,4)");
/// assert_eq!(append(layout!((4)), layout!((2,3):(4,8))).to_string(), "(4,(2,3)):(1,(4,8))");
/// ```
#[inline(always)]
pub fn append<L: Append<X>, X>(l: L, x: X) -> AppendOut<L, X> {
    l.append_mode(x)
}

/// CuTe's `prepend(layout, x)`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let r: PrependOut<Layout![(4,8):(1,4)], Layout![2:32]> = prepend(layout!((4,8):(1,4)), layout!(2:32));
/// assert_eq!(r.to_string(), "(2,4,8):(32,1,4)");
/// ```
pub trait Prepend<X> {
    /// `X` followed by the layout's modes.
    type Output;
    /// The prepended layout.
    fn prepend_mode(self, x: X) -> Self::Output;
}

/// `prepend(L, X)`.
/// See [`Prepend`] for an example.
pub type PrependOut<L, X> = <L as Prepend<X>>::Output;

impl<S, D, XS, XD> Prepend<Layout<XS, XD>> for Layout<S, D>
where
    Self: ModeList,
    HCons<Layout<XS, XD>, ModeListOf<Self>>: TupleOfModes,
{
    type Output = TupleOf<HCons<Layout<XS, XD>, ModeListOf<Self>>>;
    #[inline(always)]
    fn prepend_mode(self, x: Layout<XS, XD>) -> Self::Output {
        tuple_of(HCons {
            head: x,
            tail: self.mode_list(),
        })
    }
}

/// `prepend(layout, x)` (CuTe): the one mode `x` followed by the layout's modes.
///
/// ```
/// use layout_algebra::typelevel::*;
/// assert_eq!(prepend(layout!(4:1), layout!(2:4)).to_string(), "(2,4):(4,1)");
/// ```
#[inline(always)]
pub fn prepend<L: Prepend<X>, X>(l: L, x: X) -> PrependOut<L, X> {
    l.prepend_mode(x)
}

/// CuTe's `replace<I>(layout, x)` (typenum unsigned `I`).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::typenum::U1;
/// let a = layout!((2,3,5):(1,2,6));
/// let r: ReplaceOut<Layout![(2,3,5):(1,2,6)], U1, Layout![4:1]> = replace(a, _1, layout!(4:1));
/// assert_eq!(r.to_string(), "(2,4,5):(1,1,6)");
/// ```
#[diagnostic::on_unimplemented(
    message = "replace: mode index out of range",
    label = "this layout has no mode at this index",
    note = "rule (CuTe): replace<I>(L, x) needs 0 ≤ I < rank(L) and a layout x; a leaf layout s:d has rank 1 (replacing its mode 0 gives x)"
)]
pub trait Replace<I, X> {
    /// The layout with mode `I` replaced by `X`.
    type Output;
    /// The replaced layout.
    fn replace_mode(self, x: X) -> Self::Output;
}

/// `replace<I>(L, X)`.
/// See [`Replace`] for an example.
pub type ReplaceOut<L, I, X> = <L as Replace<I, X>>::Output;

// A leaf layout's only mode is itself.
#[diagnostic::do_not_recommend]
impl<S: ShapeLeaf, D, XS, XD> Replace<UTerm, Layout<XS, XD>> for Layout<S, D> {
    type Output = Layout<XS, XD>;
    #[inline(always)]
    fn replace_mode(self, x: Layout<XS, XD>) -> Layout<XS, XD> {
        x
    }
}

#[diagnostic::do_not_recommend]
impl<S0, ST, D0, DT, I, XS, XD> Replace<I, Layout<XS, XD>> for Layout<HCons<S0, ST>, HCons<D0, DT>>
where
    Self: ModeList,
    ModeListOf<Self>: ReplaceNth<I, Layout<XS, XD>>,
    <ModeListOf<Self> as ReplaceNth<I, Layout<XS, XD>>>::Output: TupleOfModes,
{
    type Output = TupleOf<<ModeListOf<Self> as ReplaceNth<I, Layout<XS, XD>>>::Output>;
    #[inline(always)]
    fn replace_mode(self, x: Layout<XS, XD>) -> Self::Output {
        tuple_of(self.mode_list().replace_nth(x))
    }
}

/// `replace<I>(layout, x)` (CuTe): the layout with mode `I` (a static
/// integer below the rank) replaced by the layout `x`; a leaf layout with
/// `I = 0` becomes `x`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let a = layout!((2,3,5):(1,2,6));
/// assert_eq!(replace(a, _1, layout!(4:1)).to_string(), "(2,4,5):(1,1,6)");
/// assert_eq!(replace(layout!(4:1), _0, layout!(2:4)).to_string(), "2:4");
/// ```
#[inline(always)]
pub fn replace<L: Replace<I::Index, X>, I: ModeIndex, X>(
    l: L,
    i: I,
    x: X,
) -> ReplaceOut<L, I::Index, X> {
    let _ = i;
    l.replace_mode(x)
}
