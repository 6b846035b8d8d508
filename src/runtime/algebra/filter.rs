//! Filter: remove the broadcast (stride-0) and size-1 modes of a layout,
//! keeping its image.
//!
//! ```
//! use layout_algebra::runtime::{filter, Layout};
//! let b: Layout = "(2,4):(0,1)".parse().unwrap();
//! assert_eq!(filter(&b).unwrap().to_string(), "4:1");
//! ```

use super::coalesce::{by_profile, coalesce};
use crate::runtime::error::Result;
use crate::runtime::int_tuple::IntTuple;
use crate::runtime::layout::Layout;

/// CuTe `filter_zeros(A)`: every leaf with stride 0 gets extent 1; the tree
/// and the strides are kept. The result has the same image as `A` and size
/// `size(A) / Π{sᵢ : dᵢ = 0}`.
///
/// ```
/// use layout_algebra::runtime::{filter_zeros, Layout};
/// let a: Layout = "(2,(2,4)):(0,(1,0))".parse().unwrap();
/// assert_eq!(filter_zeros(&a).to_string(), "(1,(2,1)):(0,(1,0))");
/// ```
pub fn filter_zeros(a: &Layout) -> Layout {
    let mut strides = a.stride().leaves();
    let shape = a.shape().map(|s| match strides.next() {
        Some(d) if d.is_zero() => 1,
        _ => s,
    });
    Layout::from_parts(shape, a.stride().to_owned())
}

/// CuTe `filter(A) = coalesce(filter_zeros(A))`: the shortest layout with the
/// image of `A` and no stride-0 or size-1 modes (`1:0` if nothing remains).
///
/// ```
/// use layout_algebra::runtime::{filter, Layout};
/// let a: Layout = "(2,(2,4)):(0,(1,0))".parse().unwrap();
/// assert_eq!(filter(&a).unwrap().to_string(), "2:1");
/// ```
pub fn filter(a: &Layout) -> Result<Layout> {
    coalesce(&filter_zeros(a))
}

/// CuTe `filter(A, profile)`: filter by mode, keeping the tree of `profile`.
///
/// Where `profile` is an integer the sub-layout is [`filter`]ed; where it is
/// a tuple of rank `r`, the first `r` modes are filtered against the
/// matching sub-profiles and the remaining modes are kept unchanged, each
/// result one mode of the tuple (as [`coalesce_profile`](super::coalesce::coalesce_profile)
/// does for coalesce). A tuple profile longer than the layout's rank is a
/// `RankMismatch`.
///
/// ```
/// use layout_algebra::runtime::{filter_profile, IntTuple, Layout};
/// let a: Layout = "(2,(2,4),3):(0,(1,0),4)".parse().unwrap();
/// let p = IntTuple::parse_shape("(1,(1,1))");
/// assert_eq!(filter_profile(&a, &p).unwrap().to_string(), "(1,(2,1),3):(0,(1,0),4)");
/// ```
pub fn filter_profile(a: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile(a, profile, "filter", filter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn filter_examples() {
        let a = l("(2,(2,4)):(0,(1,0))");
        assert_eq!(filter_zeros(&a).to_string(), "(1,(2,1)):(0,(1,0))");
        assert_eq!(filter(&a).unwrap().to_string(), "2:1");
        assert_eq!(filter(&l("(1,1):(0,1)")).unwrap().to_string(), "1:0");
        assert_eq!(filter(&l("(3,2,4):(1,0,3)")).unwrap().to_string(), "12:1");
        assert_eq!(filter(&l("(3,4):(0,0)")).unwrap().to_string(), "1:0");
    }
}
