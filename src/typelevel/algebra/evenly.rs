//! CuTe's `evenly_divides` for layouts with dynamic leaves, and its
//! compile-time proof: whether every tile of a mixed divide lies inside the
//! layout, decided from the static parts and the [`DivBy`](crate::typelevel::DivBy) facts where they
//! suffice (see [`TilerDivide`]), from the values otherwise.

use super::divide::leaves::TilerDivide;
use crate::typelevel::check::rules::{op, Admissible, Shown, ShownOf};
use crate::typelevel::tuple::{Congruent, IntTuple, Shape};
use crate::typelevel::{IntLeaf, Layout};

/// CuTe's `evenly_divides(shape(a), tiler)` for a layout with dynamic leaves:
/// whether every tile of `zipped_divide(a, tiler)` lies inside `a`'s shape,
/// i.e. each divided extent `s` is a multiple of the extent `E` its tiler
/// entry (with its gaps) fills, so that no tile needs predication.
///
/// The answer is proven at compile time where the static parts decide it: a
/// static extent, or a [`DivBy<N>`](crate::typelevel::DivBy) extent with `E | N` (the number of tiles
/// is then the exact `DivBy<N/E>`); the function is then the constant `true`
/// and a kernel's predicated branch folds away. Otherwise it compares the
/// sizes at run time: `size(zipped_divide(a, tiler)) = size(a)`, each mode's
/// tiles covering at least its extent (`false` if the divide overflows).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let m = div_by::<128>(256).unwrap(); // M = 256, known to be a multiple of 128
/// let a = Layout::try_new(hlist![m, Dyn(100)], hlist![_1, m]).unwrap();
/// assert!(evenly_divides(&a, tile!(32, 4))); // proven: 32 | 128, and the value 100
/// assert!(proven_evenly_divides(&a, tile!(32)));
/// assert!(!proven_evenly_divides(&a, tile!(32, 4))); // 4 | 100 is a run-time fact
/// assert!(!evenly_divides(&a, tile!(32, 8)));
/// let z = try_zipped_divide(a, tile!(32)).unwrap();
/// assert_eq!(format!("{z:#}"), "((_32),(8{div=4},100)):((_1),(_32,256{div=128}))");
/// ```
#[inline(always)]
pub fn evenly_divides<S, D, T>(a: &Layout<S, D>, tiler: T) -> bool
where
    S: Shape + Congruent<D>,
    D: IntTuple,
    Layout<S, D>: TilerDivide<T> + Copy,
    <Layout<S, D> as TilerDivide<T>>::Zipped: crate::typelevel::Size,
{
    <Layout<S, D> as TilerDivide<T>>::EVEN
        || a.zipped(tiler, "evenly_divides")
            .is_ok_and(|z| crate::typelevel::Size::size(&z).value() == a.shape().size().value())
}

/// Whether [`evenly_divides`] is proven at compile time: every divided mode is
/// static, or a [`DivBy<N>`](crate::typelevel::DivBy) extent whose tile extent divides `N`. A constant:
/// a kernel that checks it once may drop its predication (the check folds).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![div_by::<64>(192).unwrap(), _8], hlist![_1, Dyn(192)]).unwrap();
/// assert!(proven_evenly_divides(&a, tile!(16, 4)));
/// assert!(!proven_evenly_divides(&a, tile!(128))); // 128 does not divide 64
/// ```
#[inline(always)]
pub fn proven_evenly_divides<L: TilerDivide<T>, T>(a: &L, tiler: T) -> bool {
    let _ = (a, tiler);
    L::EVEN
}

/// A kernel's requirement that `tiler` evenly divide `a` (see
/// [`evenly_divides`]), proven at compile time: every divided extent is
/// static and a multiple of its tile extent `E` (the tile with its gaps), or a
/// [`DivBy<N>`](crate::typelevel::DivBy) with `E | N`. Otherwise a compile
/// error naming the rule, the extent (`Num<12>`, `Dyn`, `DivBy<Num<4>>`) and
/// `E`; a `Dyn` extent is a run-time question for [`evenly_divides`]. After
/// it, every tile of the grid lies inside `a`: a kernel's tiles need no
/// predication, and `try_local_tile` on a tensor whose storage covers `a` (as
/// `make_tensor` checks) never reports `StorageTooSmall` for a tile of the grid.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let (m, k) = (div_by::<128>(384).unwrap(), div_by::<8>(40).unwrap());
/// let a = Layout::try_new(hlist![m, k], hlist![_1, m]).unwrap();
/// assert_evenly_divides(&a, tile!(32, 8));
/// ```
///
/// ```compile_fail
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![Dyn(384), _8], hlist![_1, Dyn(384)]).unwrap();
/// assert_evenly_divides(&a, tile!(32, 8)); // error: a Dyn extent is not proven a multiple of 32
/// ```
#[inline(always)]
pub fn assert_evenly_divides<L: TilerDivide<T>, T>(a: &L, tiler: T)
where
    L::Evenness: Shown<L, T>,
    ShownOf<L::Evenness, L, T>: Admissible<op::EvenlyDividesOp>,
{
    let _ = (a, tiler);
}
