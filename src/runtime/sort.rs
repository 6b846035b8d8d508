//! A stable sort for the algebra's mode lists, small in code.
//!
//! `slice::sort_by_key` and `sort_unstable_by_key` are instantiated in full
//! for each element type and closure: about 40 functions and 30 KB of
//! unoptimized code per call site. A binary that calls the runtime layer (a
//! mixed type-level operation does) links the library's object files whole,
//! debug info included, so each of them lengthened every debug link. This one
//! is two short functions per call site.

/// Sorts `v` so that no element is `less` than the one before it, stably
/// (elements neither less than the other keep their order): runs of 16
/// sorted by insertion, then merged pairwise through a buffer (allocated only
/// past 16 elements), O(n log n) comparisons. `tests` holds it to the standard
/// library's stable sort.
pub(crate) fn sort_by<T: Clone>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let n = v.len();
    let mut start = 0;
    while start < n {
        let end = n.min(start + RUN);
        for i in start + 1..end {
            let mut j = i;
            while j > start && less(&v[j], &v[j - 1]) {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
        start = end;
    }
    if n <= RUN {
        return;
    }
    let mut buf = v.to_vec();
    let mut width = RUN;
    let mut in_buf = false;
    while width < n {
        if in_buf {
            merge_runs(&buf, v, width, &less);
        } else {
            merge_runs(v, &mut buf, width, &less);
        }
        in_buf = !in_buf;
        width = width.saturating_mul(2);
    }
    if in_buf {
        v.clone_from_slice(&buf);
    }
}

/// The length of the runs sorted by insertion.
const RUN: usize = 16;

/// Merges each pair of adjacent sorted runs of `src` (`width` long, the last
/// ones shorter) into `dst`, of the same length; of two equal elements the
/// left run's comes first.
fn merge_runs<T: Clone>(src: &[T], dst: &mut [T], width: usize, less: &impl Fn(&T, &T) -> bool) {
    let n = src.len();
    let mut lo = 0;
    while lo < n {
        let mid = n.min(lo.saturating_add(width));
        let hi = n.min(mid.saturating_add(width));
        let (mut i, mut j) = (lo, mid);
        for slot in &mut dst[lo..hi] {
            let take_right = j < hi && (i == mid || less(&src[j], &src[i]));
            let from = if take_right { &mut j } else { &mut i };
            slot.clone_from(&src[*from]);
            *from += 1;
        }
        lo = hi;
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by;
    use proptest::prelude::*;

    proptest! {
        /// Equal to the standard library's stable sort, ties included.
        #[test]
        fn equals_the_stable_sort(v in proptest::collection::vec((0i64..8, any::<u16>()), 0..200)) {
            let mut ours = v.clone();
            sort_by(&mut ours, |x, y| x.0 < y.0);
            let mut std = v;
            std.sort_by_key(|x| x.0);
            prop_assert_eq!(ours, std);
        }
    }
}
