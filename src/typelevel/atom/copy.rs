//! Copy atoms: one move of `W` consecutive elements (CuTe's `Copy_Atom`,
//! `UniversalCopy`), the unit a tiled copy is built from.

use crate::typelevel::StaticInt;
use core::marker::PhantomData;

/// CuTe's copy atom on a CPU core: `W` consecutive elements moved as one
/// vector load and store.
///
/// ```
/// use layout_algebra::typelevel::*;
/// let atom = UniversalCopy::<f32, _8>::new();
/// let (src, mut dst) = ([1.0f32; 8], [0.0f32; 8]);
/// unsafe { atom.copy(src.as_ptr(), dst.as_mut_ptr()) };
/// assert_eq!(dst, src);
/// ```
///
/// # Safety
/// An implementation's [`copy`](CopyAtom::copy) reads exactly `WIDTH`
/// elements at `src` and writes them at `dst`.
pub unsafe trait CopyAtom: Copy {
    /// The element type.
    type Elem: Copy;
    /// `W`, the elements per move, as a type.
    type Width: StaticInt;
    /// `W`.
    const WIDTH: usize;
    /// `dst[i] = src[i]` for `i < W`.
    ///
    /// # Safety
    /// `src` is valid for `W` reads, `dst` for `W` writes; they do not
    /// overlap.
    unsafe fn copy(self, src: *const Self::Elem, dst: *mut Self::Elem);
}

/// The copy atom of `W` elements of `T` in plain Rust: one move of
/// `W·size_of::<T>()` bytes, which LLVM makes vector loads and stores of the
/// widest registers the surrounding code is compiled for.
#[derive(Debug)]
pub struct UniversalCopy<T, W>(PhantomData<(T, W)>);
impl<T, W> Clone for UniversalCopy<T, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, W> Copy for UniversalCopy<T, W> {}
impl<T, W> Default for UniversalCopy<T, W> {
    fn default() -> Self {
        Self::new()
    }
}
impl<T, W> UniversalCopy<T, W> {
    /// The atom.
    pub const fn new() -> Self {
        UniversalCopy(PhantomData)
    }
}

// SAFETY: one `copy_nonoverlapping` of `W` elements.
unsafe impl<T: Copy, W: StaticInt> CopyAtom for UniversalCopy<T, W> {
    type Elem = T;
    type Width = W;
    const WIDTH: usize = match W::STATIC {
        Some(w) if w > 0 => w as usize,
        _ => panic!("a copy atom moves at least one element"),
    };
    #[inline(always)]
    unsafe fn copy(self, src: *const T, dst: *mut T) {
        // SAFETY: as the caller's.
        unsafe { core::ptr::copy_nonoverlapping(src, dst, Self::WIDTH) }
    }
}
