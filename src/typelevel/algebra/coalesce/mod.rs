//! `coalesce`: the shortest flat layout with the same function on `[0, size)`.
//!
//! Reading the flat modes left to right, a size-1 mode disappears and mode
//! `s1:d1` merges into the preceding `s0:d0` when `d1 = s0·d0`, giving `s0·s1:d0`
//! (the rule is local to adjacent pairs, so the list is folded from the right).
//! A layout of size 1 coalesces to `1:0`, a single mode to `s:d`.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! use layout_algebra::typelevel::frunk_core::hlist;
//! let r: Layout![12:1] = coalesce(layout!((2,(1,6)):(1,(6,2))));
//! assert_eq!(r.to_string(), "12:1");
//! assert_eq!(coalesce(layout!((2,4):(4,1))).to_string(), "(2,4):(4,1)");
//! // By mode: mode 1 is coalesced, mode 2 is past the profile.
//! let a = layout!((2,(2,4),3):(1,(2,4),16));
//! assert_eq!(coalesce_profile(a, hlist![_1, _1]).to_string(), "(2,8,3):(1,2,16)");
//! ```

use crate::typelevel::check::readable::Profile;
use crate::typelevel::check::rules::op::CoalesceOp;
use crate::typelevel::check::rules::{Admissible, Shown, ShownOf};

use super::modes::{ModesOf, StaticModes};
use crate::typelevel::Layout;

mod fold;
mod leaves;
pub(crate) mod profile;

use profile::{ByProfile, WholeMode};

use fold::BuildUnit;
pub use fold::{CoalesceModes, CoalesceX, CoalescedModes};
pub use leaves::{
    Assemble, AssembleUnit, CoalesceAny, CoalesceBy, CoalesceRun, CoalesceXAny, CoalesceXBy,
    CoalescedLists, FixedPair, FlatLists, FlatModeList, FlushRun, IntoLists, KeepLast, KeptKind,
    LastUnit, ModeLayouts, PairKind, Plain, SplitModeList, Step, UnitPair, VaryingPair,
};

/// CuTe's `coalesce(layout)`: see [`coalesce()`].
///
/// ```
/// use layout_algebra::typelevel::*;
/// let r: CoalesceOut<Layout![(2,(1,6)):(1,(6,2))]> = coalesce(layout!((2,(1,6)):(1,(6,2))));
/// assert_eq!(r.to_string(), "12:1");
/// ```
pub trait Coalesce {
    /// The coalesced layout.
    type Output;
}

/// `coalesce(L)`.
/// See [`Coalesce`] for an example.
pub type CoalesceOut<L> = <L as Coalesce>::Output;

impl<S, D> Coalesce for Layout<S, D>
where
    Self: StaticModes,
    ModesOf<Self>: CoalesceModes,
    <ModesOf<Self> as CoalesceModes>::Output: BuildUnit<ModesOf<Self>>,
{
    type Output = <<ModesOf<Self> as CoalesceModes>::Output as BuildUnit<ModesOf<Self>>>::Output;
}

/// `coalesce(layout)` (CuTe): the same function with the fewest modes. A
/// layout with `Dyn` leaves coalesces as CuTe C++ does with dynamic values: a
/// leaf with a dynamic extent or stride stays, the static runs between such
/// leaves coalesce, a static extent 1 goes away.
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let a = Layout::try_new(hlist![_1, Dyn(6), _2, _4], hlist![Dyn(6), _1, _2, _4]).unwrap();
/// assert_eq!(format!("{:#}", coalesce(a)), "(6,_8):(_1,_2)"); // as CuTe C++
/// // Scaled-basis strides merge along one basis; a size-1 result keeps a
/// // coordinate value, 0@p for the greatest index p, as the runtime layer.
/// assert_eq!(coalesce(layout!((4,8):(1@0,4@0))).to_string(), "32:1@0");
/// assert_eq!(coalesce(layout!((1,1):(1@0,1@1))).to_string(), "1:0@1");
/// ```
#[inline(always)]
pub fn coalesce<L: CoalesceAny>(layout: L) -> L::Output {
    layout.coalesce_any()
}

/// `coalesce` is the whole-layout form of `coalesce_profile`.
impl<S, D, RS, RD> WholeMode<S, D> for CoalesceOp
where
    Layout<S, D>: CoalesceAny<Output = Layout<RS, RD>>,
{
    type Shape = RS;
    type Stride = RD;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn whole(s: S, d: D) -> (RS, RD) {
        Layout::from_parts(s, d).coalesce_any().into_parts()
    }
}

crate::typelevel::algebra::coalesce::profile::profile_door!(
    /// CuTe's `coalesce(layout, profile)`, checked: see [`coalesce_profile`].
    ///
    /// ```
    /// use layout_algebra::typelevel::*;
    /// use layout_algebra::typelevel::frunk_core::{hlist, HList};
    /// let r: CoalesceProfileOut<Layout![(4,(2,3)):(1,(4,8))], HList!(_1, _1)> =
    ///     coalesce_profile(layout!((4,(2,3)):(1,(4,8))), hlist![_1, _1]);
    /// assert_eq!(r.to_string(), "(4,6):(1,4)");
    /// ```
    CoalesceProfile,
    CoalesceProfileOut,
    TryCoalesceProfile,
    CoalesceOp,
    coalesce_profile
);

/// `coalesce(layout, profile)` (CuTe): by mode, keeping the tree of
/// `profile`: where it is an integer the layout is coalesced, where it is a
/// tuple mode `i` is coalesced against entry `i`, the modes past the profile
/// are kept and the result is a tuple (a leaf layout counts as rank 1); a
/// profile longer than the layout's rank is refused. A layout with `Dyn`
/// leaves is coalesced by mode as [`coalesce()`] coalesces it (as CuTe C++
/// does with `int` leaves).
///
/// ```
/// use layout_algebra::typelevel::*;
/// use layout_algebra::typelevel::frunk_core::hlist;
/// let l = layout!((4,(2,3)):(1,(4,8)));
/// assert_eq!(coalesce(l).to_string(), "24:1");
/// // Profile (1,1): each of the two modes is coalesced on its own.
/// assert_eq!(coalesce_profile(l, hlist![_1, _1]).to_string(), "(4,6):(1,4)");
/// let a = Layout::try_new(hlist![Dyn(4), hlist![_2, _3]], hlist![_1, hlist![Dyn(4), _8]]).unwrap();
/// assert_eq!(format!("{:#}", coalesce_profile(a, hlist![_1, _1])), "(4,(_2,_3)):(_1,(4,_8))"); // as CuTe C++
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn coalesce_profile<S, D, P>(layout: Layout<S, D>, profile: P) -> Layout<P::Shape, P::Stride>
where
    P: ByProfile<CoalesceOp, S, D>,
    P::Verdict: Shown<Layout<S, D>, Profile<P>>,
    ShownOf<P::Verdict, Layout<S, D>, Profile<P>>: Admissible<CoalesceOp>,
{
    let _ = profile;
    let (s, d) = layout.into_parts();
    let (s, d) = P::by_profile(s, d);
    Layout::from_parts(s, d)
}
