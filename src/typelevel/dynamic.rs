//! `to_dynamic()`: the runtime [`crate::runtime::Layout`] with the same shape
//! and stride (static and dynamic leaves alike).
//!
//! ```
//! use layout_algebra::typelevel::{layout, tile, ToDynamic};
//! let l = layout!((4,(3,2)):(2,(8,1)));
//! let r = l.to_dynamic();
//! assert_eq!(r, "(4,(3,2)):(2,(8,1))".parse().unwrap());
//! assert_eq!(r.call(23).unwrap(), 23);
//! let t = tile!(4:1, [2:1, 2:4]).to_dynamic();
//! assert_eq!(t, layout_algebra::runtime::parse::parse_tiler("<4:1,<2:1,2:4>>").unwrap());
//! assert_eq!(tile!(1, 8:2).to_dynamic().to_string(), "<1,8:2>"); // an integer entry stays one
//! ```

use super::int::{Dyn, IntLeaf};
use super::layout::{Layout, Tile};
use super::tuple::{Congruent, IntTuple, Shape};
use crate::runtime::{self, Builder, HTuple, Stride, Tiler};
use alloc::vec::Vec;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

/// Converts a type-level value to its runtime counterpart.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// let r: layout_algebra::runtime::Layout = l.to_dynamic();
/// assert_eq!(r, "(4,(3,2)):(2,(8,1))".parse().unwrap());
/// assert_eq!(r.call(23).unwrap(), l.call(23usize));
/// assert_eq!(Swizzle::<3, 4, 3>::new().to_dynamic().to_string(), "Sw<3,4,3>");
/// ```
pub trait ToDynamic {
    /// The runtime type.
    type Output;
    /// The runtime value.
    fn to_dynamic(&self) -> Self::Output;
}

/// Appends a tuple's nodes to a runtime tuple builder.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait BuildTuple: IntTuple {
    /// Pushes this tuple (leaves mapped by `f`) onto `b`.
    fn build<T: Copy>(&self, b: &mut Builder<T>, f: fn(i64) -> T);
    /// Pushes the items of an HList (helper of [`BuildTuple::build`]).
    fn build_items<T: Copy>(&self, b: &mut Builder<T>, f: fn(i64) -> T);
    /// Pushes this tuple as a stride: integer leaves as `Stride::Int`,
    /// [`ScaledBasis`](super::ScaledBasis) leaves as `Stride::Basis`.
    fn build_strides(&self, b: &mut Builder<Stride>) {
        self.build(b, Stride::Int);
    }
    /// Pushes the items of an HList as strides (helper of [`BuildTuple::build_strides`]).
    fn build_stride_items(&self, b: &mut Builder<Stride>) {
        self.build_items(b, Stride::Int);
    }
}

macro_rules! leaf_build {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> BuildTuple for $T {
            fn build<T: Copy>(&self, b: &mut Builder<T>, f: fn(i64) -> T) {
                b.leaf(f(self.value()));
            }
            fn build_items<T: Copy>(&self, b: &mut Builder<T>, f: fn(i64) -> T) {
                self.build(b, f);
            }
        }
    )*};
}
leaf_build!([] Z0, [U: Unsigned + NonZero + core::fmt::Debug + crate::typelevel::int::Bits] PInt<U>,
    [U: Unsigned + NonZero + core::fmt::Debug + crate::typelevel::int::Bits] NInt<U>, [] Dyn,
    [N: Unsigned + NonZero] super::int::DivBy<N>);

impl BuildTuple for HNil {
    fn build<T: Copy>(&self, b: &mut Builder<T>, _: fn(i64) -> T) {
        b.open();
        b.close();
    }
    fn build_items<T: Copy>(&self, _: &mut Builder<T>, _: fn(i64) -> T) {}
}
impl<H: BuildTuple, T: BuildTuple + super::tuple::TupleItems> BuildTuple for HCons<H, T>
where
    HCons<H, T>: IntTuple,
{
    fn build<X: Copy>(&self, b: &mut Builder<X>, f: fn(i64) -> X) {
        b.open();
        self.build_items(b, f);
        b.close();
    }
    fn build_items<X: Copy>(&self, b: &mut Builder<X>, f: fn(i64) -> X) {
        self.head.build(b, f);
        self.tail.build_items(b, f);
    }
    fn build_strides(&self, b: &mut Builder<Stride>) {
        b.open();
        self.build_stride_items(b);
        b.close();
    }
    fn build_stride_items(&self, b: &mut Builder<Stride>) {
        self.head.build_strides(b);
        self.tail.build_stride_items(b);
    }
}

fn to_htuple<X: Copy, T: BuildTuple>(t: &T, f: fn(i64) -> X) -> HTuple<X> {
    let mut b = Builder::new();
    t.build(&mut b, f);
    b.finish()
}

impl<S: Shape + Congruent<D> + BuildTuple, D: BuildTuple> ToDynamic for Layout<S, D> {
    type Output = runtime::Layout;
    fn to_dynamic(&self) -> runtime::Layout {
        // Congruent with positive extents by construction of `Layout<S, D>`.
        runtime::Layout::from_parts(to_htuple(self.shape(), |v| v), {
            let mut b = Builder::new();
            self.stride().build_strides(&mut b);
            b.finish()
        })
    }
}

/// The modes of a tiler (an HList of layouts and tilers), converted.
#[doc(hidden)] // a recursion helper, public only because public bounds name it
pub trait TilerModes {
    /// Appends each mode as a runtime [`Tiler`].
    fn push_modes(&self, out: &mut Vec<Tiler>);
}
impl TilerModes for HNil {
    fn push_modes(&self, _: &mut Vec<Tiler>) {}
}
impl<H: ToDynamic, T: TilerModes> TilerModes for HCons<H, T>
where
    H::Output: Into<Tiler>,
{
    fn push_modes(&self, out: &mut Vec<Tiler>) {
        out.push(self.head.to_dynamic().into());
        self.tail.push_modes(out);
    }
}

/// A tiler's static integer entry (see [`Tiler::Int`]).
impl<U: Unsigned + NonZero> ToDynamic for PInt<U>
where
    Self: IntLeaf,
{
    type Output = i64;
    fn to_dynamic(&self) -> i64 {
        self.value()
    }
}

impl<T: TilerModes> ToDynamic for Tile<T> {
    type Output = Tiler;
    fn to_dynamic(&self) -> Tiler {
        let mut modes = Vec::new();
        self.0.push_modes(&mut modes);
        Tiler::Tuple(modes)
    }
}
