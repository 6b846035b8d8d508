//! Engines: where a tensor's elements live. A slice (`&[T]`, `&mut [T]`), an
//! owned register fragment (`GenericArray<T, N>`), or [`Identity`], whose
//! element at a position is the coordinate it stands for.

use crate::typelevel::{IntLeaf, IntTuple, RankOut};
use frunk_core::hlist::{HCons, HNil};
use generic_array::{ArrayLength, GenericArray};

/// The storage of a tensor: `positions()` addressable elements of type `Elem`.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
/// assert_eq!(Engine::positions(&&data[..]), 6);
/// // A tensor's layout may reach at most `positions()`: checked by make_tensor.
/// assert!(make_tensor(&data[..], layout!((2,3):(3,1))).is_ok());
/// assert!(make_tensor(&data[..], layout!((2,4):(4,1))).is_err());
/// ```
pub trait Engine {
    /// The element type.
    type Elem;
    /// A borrowed engine over the same elements.
    type View<'a>: Engine<Elem = Self::Elem>
    where
        Self: 'a;
    /// The number of addressable positions.
    fn positions(&self) -> usize;
    /// Borrows the engine (a view shares the elements).
    fn view(&self) -> Self::View<'_>;
}

/// An engine of elements in memory.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let data = [1, 2, 3, 4, 5, 6];
/// let t = make_tensor(&data[..], layout!((2,3):(3,1))).unwrap();
/// assert_eq!(t.data(), &data[..]); // the elements in memory order, not the layout's
/// ```
pub trait Storage: Engine {
    /// The elements.
    fn data(&self) -> &[Self::Elem];
}

/// An engine of elements in writable memory.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let mut data = [0; 6];
/// let mut t = make_tensor(&mut data[..], layout!((2,3):(3,1))).unwrap();
/// t[(1usize, 2usize)] = 7;
/// t.data_mut()[0] = 1;
/// assert_eq!(data, [1, 0, 0, 0, 0, 7]);
/// ```
pub trait StorageMut: Storage {
    /// A mutably borrowed engine over the same elements.
    type ViewMut<'a>: StorageMut<Elem = Self::Elem>
    where
        Self: 'a;
    /// The elements.
    fn data_mut(&mut self) -> &mut [Self::Elem];
    /// Borrows the engine mutably.
    fn view_mut(&mut self) -> Self::ViewMut<'_>;
}

/// An engine whose elements can be read by value.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// // Memory engines load a copy of the element; the identity engine computes
/// // the coordinate.
/// let data = [10, 20, 30, 40];
/// assert_eq!(make_tensor(&data[..], layout!((2,2):(2,1))).unwrap().load((1usize, 0usize)), 30);
/// let id = make_identity_tensor(hlist![_2, _2]);
/// assert_eq!(id.load((1usize, 0usize)).as_slice(), &[1, 0]);
/// ```
pub trait Load: Engine {
    /// The value read.
    type Value;
    /// The value at `pos`.
    ///
    /// # Safety
    /// `pos < self.positions()`.
    unsafe fn load(&self, pos: usize) -> Self::Value;
    /// Whether [`Load::load_run`] copies runs (elements held in memory).
    #[doc(hidden)]
    const RUNS: bool = false;
    /// Copies the `n` values at positions `pos..pos + n` to `dst`; only
    /// called when [`Load::RUNS`] is `true`.
    ///
    /// # Safety
    /// `pos + n ≤ self.positions()`; `dst` is valid for `n` writes and does
    /// not overlap this engine's elements.
    #[doc(hidden)]
    #[inline(always)]
    unsafe fn load_run(&self, pos: usize, dst: *mut Self::Value, n: usize) {
        let _ = (pos, dst, n);
        unreachable!("load_run without RUNS")
    }
}

impl<E: Storage> Load for E
where
    E::Elem: Copy,
{
    type Value = E::Elem;
    #[inline(always)]
    unsafe fn load(&self, pos: usize) -> E::Elem {
        // SAFETY: the caller guarantees `pos < positions() = data().len()`.
        unsafe { *self.data().get_unchecked(pos) }
    }
    const RUNS: bool = true;
    #[inline(always)]
    unsafe fn load_run(&self, pos: usize, dst: *mut E::Elem, n: usize) {
        // SAFETY: the caller guarantees `pos..pos + n` lies inside the data
        // and `dst` is valid for `n` writes elsewhere; the elements are `Copy`.
        unsafe {
            let run = self.data().get_unchecked(pos..pos + n);
            core::ptr::copy_nonoverlapping(run.as_ptr(), dst, n)
        }
    }
}

impl<T> Engine for &[T] {
    type Elem = T;
    type View<'a>
        = &'a [T]
    where
        Self: 'a;
    #[inline(always)]
    fn positions(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn view(&self) -> &[T] {
        self
    }
}
impl<T> Storage for &[T] {
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> Engine for &mut [T] {
    type Elem = T;
    type View<'a>
        = &'a [T]
    where
        Self: 'a;
    #[inline(always)]
    fn positions(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn view(&self) -> &[T] {
        self
    }
}
impl<T> Storage for &mut [T] {
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}
impl<T> StorageMut for &mut [T] {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;
    #[inline(always)]
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
    #[inline(always)]
    fn view_mut(&mut self) -> &mut [T] {
        self
    }
}

impl<T, N: ArrayLength> Engine for GenericArray<T, N> {
    type Elem = T;
    type View<'a>
        = &'a [T]
    where
        Self: 'a;
    #[inline(always)]
    fn positions(&self) -> usize {
        N::USIZE
    }
    #[inline(always)]
    fn view(&self) -> &[T] {
        self.as_slice()
    }
}
impl<T, N: ArrayLength> Storage for GenericArray<T, N> {
    #[inline(always)]
    fn data(&self) -> &[T] {
        self.as_slice()
    }
}
impl<T, N: ArrayLength> StorageMut for GenericArray<T, N> {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;
    #[inline(always)]
    fn data_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
    #[inline(always)]
    fn view_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

/// The engine of an identity tensor over shape `S`: the position of a
/// coordinate holds one bit field per top-level mode
/// ([`FIELD_BITS`](IdentityField::BITS) bits each, the last one unbounded), so
/// that a coordinate past the shape — in the last tile of a dimension that is
/// not a multiple of the tile — still decodes to itself (CuTe's identity tensor
/// strides are the basis vectors `(1@0, 1@1, ..)`; the fields encode them).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let id = make_identity_tensor(hlist![_4, _6]);
/// assert_eq!(id.load((3usize, 5usize)).as_slice(), &[3, 5]);
/// assert_eq!(id.load(9usize).as_slice(), &[1, 2]); // index 9 of (4,6) is (1,2)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity<S> {
    shape: S,
}

impl<S> Identity<S> {
    pub(crate) fn new(shape: S) -> Self {
        Identity { shape }
    }
}

/// The width of an identity tensor's bit fields for a rank (typenum unsigned):
/// `62 / rank` bits, a mode of at most `2^(bits-1)` coordinates.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::typenum::{U2, U3};
/// assert_eq!(<U2 as IdentityField>::BITS, 31); // two modes: 31 bits each
/// assert_eq!(<U3 as IdentityField>::BITS, 20);
/// ```
#[diagnostic::on_unimplemented(
    message = "an identity tensor has at most 6 modes; this shape has `{Self}`",
    note = "each mode's coordinate is a bit field of the position: 31 bits for 2 modes, 20 for 3, 15 for 4, 12 for 5, 10 for 6"
)]
pub trait IdentityField {
    /// The bits of a field.
    const BITS: u32;
    /// `2^BITS`, the stride of the next field.
    type Step: IntLeaf + Default;
}
macro_rules! identity_field {
    ($($U:ident $bits:literal $Step:ident),*) => {$(
        impl IdentityField for typenum::$U {
            const BITS: u32 = $bits;
            type Step = typenum::$Step;
        }
    )*};
}
identity_field!(U1 62 P1, U2 31 P2147483648, U3 20 P1048576, U4 15 P32768, U5 12 P4096, U6 10 P1024);

/// The coordinate of an identity tensor over `S`: one `i64` per mode.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let id = make_identity_tensor(hlist![_4, _6]);
/// let c: CoordOf<layout_algebra::typelevel::frunk_core::HList!(_4, _6)> = id.load((3usize, 5usize));
/// assert_eq!(c.as_slice(), &[3, 5]);
/// ```
pub type CoordOf<S> = GenericArray<i64, RankOut<S>>;

impl<S: IntTuple> Engine for Identity<S>
where
    RankOut<S>: ArrayLength,
{
    type Elem = CoordOf<S>;
    type View<'a>
        = Identity<S>
    where
        Self: 'a;
    /// Every position is a coordinate: an identity tensor has no storage to leave.
    #[inline(always)]
    fn positions(&self) -> usize {
        usize::MAX
    }
    #[inline(always)]
    fn view(&self) -> Identity<S> {
        *self
    }
}

impl<S: IntTuple + Decode> Load for Identity<S>
where
    RankOut<S>: ArrayLength + IdentityField,
{
    type Value = CoordOf<S>;
    #[inline(always)]
    unsafe fn load(&self, pos: usize) -> CoordOf<S> {
        let mut c = GenericArray::default();
        self.shape
            .decode(pos as i64, &mut c, <RankOut<S> as IdentityField>::BITS);
        c
    }
}

/// Splits an identity tensor's position into its bit fields, one per mode.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait Decode {
    /// Writes the fields of `k` (`bits` wide, the last one unbounded) into `out`.
    fn decode(&self, k: i64, out: &mut [i64], bits: u32);
}
impl<L: IntLeaf> Decode for L {
    #[inline(always)]
    fn decode(&self, k: i64, out: &mut [i64], _: u32) {
        out[0] = k;
    }
}
impl Decode for HNil {
    #[inline(always)]
    fn decode(&self, _: i64, _: &mut [i64], _: u32) {}
}
impl<H: IntTuple, T: IntTuple + Decode> Decode for HCons<H, T> {
    #[inline(always)]
    fn decode(&self, k: i64, out: &mut [i64], bits: u32) {
        if T::RANK == 0 {
            out[0] = k;
        } else {
            out[0] = k & ((1 << bits) - 1);
            self.tail.decode(k >> bits, &mut out[1..], bits);
        }
    }
}
