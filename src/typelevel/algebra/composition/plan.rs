//! The composition of a tensor's layout `A` with a static thread-value layout
//! `B`, planned when the program compiles: where `A`'s shape is static (its
//! strides may be `Dyn`) and `B` is static, every decision of the mixed
//! composition (`A`'s coalesced modes, each leaf of `B` walking them, the
//! proof that `B`'s modes are segregated in `A`'s) depends on static values
//! only. The plan says, for each leaf of the result, its extent and where its
//! stride comes from: a static value, or one of `A`'s strides scaled by a
//! static factor. At run time only those products remain (fully inlined:
//! the plan is a constant and its indices are constants).
//!
//! The plan follows the mixed composition's value code step by step (the
//! coalesced modes as `values::coalesced` keeps and merges them, the
//! walk of `composition/leaves.rs`, the runtime layer's segregation proof) on the
//! static values. Where any of them would refuse or defer to the run-time
//! rules, or the plan and the result's type disagree, the plan is not taken
//! and the mixed composition runs as before: results and errors are the
//! mixed composition's in every case.
//!
//! The run-time checks the plan leaves out cannot fail for the operands of a
//! thread-value partition: `B` is a bijection onto `[0, size(A))` (checked
//! before), so the result `R = A ∘ B` reaches exactly `A`'s offsets and its
//! cosize is at most `A`'s, which fits `i64` (the layout was checked when it
//! was made); a result leaf of extent at least 2 has a stride that is an
//! offset of `A`. Only a leaf of extent 1 can hold a stride past `i64`: its
//! product is checked, and the mixed composition reports the overflow.

use crate::typelevel::algebra::values::{FlatLayout, LayoutStatics, Plan, MAX, STATIC};

impl Plan {
    /// The plan not taken.
    const NONE: Plan = Plan {
        ok: false,
        len: 0,
        shape: [0; MAX],
        factor: [0; MAX],
        src: [STATIC; MAX],
        value: [0; MAX],
    };
    /// Appends the leaf `shape : factor·x`, `x` the stride `src` of `A` (or
    /// the static `value`); `false` when the plan is full or a static
    /// product overflows.
    const fn push(&mut self, shape: i64, factor: i64, x: PlanStride) -> bool {
        if self.len >= MAX {
            return false;
        }
        let i = self.len;
        self.shape[i] = shape;
        match x {
            PlanStride::Static(v) => match factor.checked_mul(v) {
                Some(p) => self.value[i] = p,
                None => return false,
            },
            PlanStride::Of(k) => {
                self.src[i] = k;
                self.factor[i] = factor;
            }
        }
        self.len += 1;
        true
    }
}

/// A stride of `A`'s coalesced modes: static, or `A`'s flat stride `k`.
#[derive(Clone, Copy)]
enum PlanStride {
    Static(i64),
    Of(usize),
}

/// `⌈a/b⌉` for `a ≥ 0`, `b > 0`.
const fn ceil(a: i64, b: i64) -> i64 {
    a / b + (a % b != 0) as i64
}

/// Euclid's greatest common divisor (the runtime layer's `gcd`).
const fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        let r = a.wrapping_rem(b);
        a = b;
        b = r;
    }
    a
}

/// The plan of `A ∘ B` from the static values of `A` (`a`), of coalesced `A`
/// (`f`, the type level's), of `B` (`b`) and of the result's type (`r`).
pub(crate) const fn plan(
    a: LayoutStatics,
    f: LayoutStatics,
    b: LayoutStatics,
    r: LayoutStatics,
) -> Plan {
    // A's modes as `coalesced` reads them: a mode of coalesced A whose
    // leaves are static is its own value, the others take in order A's
    // leaves with a dynamic leaf and an extent that is not a static 1.
    let n = a.0.len();
    if n != a.1.len() || n > MAX || f.0.len() != f.1.len() || f.0.len() > MAX || f.0.len() == 0 {
        return Plan::NONE;
    }
    let mut i = 0;
    while i < n {
        if a.0.leaf(i).is_none() {
            return Plan::NONE; // a dynamic extent: decided at run time
        }
        i += 1;
    }
    let mut c = [0i64; MAX];
    let mut x = [PlanStride::Static(0); MAX];
    let nc = f.0.len();
    let mut next = 0; // A's next leaf to take
    let mut j = 0;
    while j < nc {
        match (f.0.leaf(j), f.1.leaf(j)) {
            (Some(s), Some(d)) => {
                c[j] = s;
                x[j] = PlanStride::Static(d);
            }
            _ => {
                while next < n && !kept(a, next) {
                    next += 1;
                }
                let Some(s) = a.0.leaf(next) else {
                    return Plan::NONE;
                };
                c[j] = s;
                x[j] = PlanStride::Of(next);
                next += 1;
            }
        }
        j += 1;
    }
    while next < n {
        if kept(a, next) {
            return Plan::NONE; // left over: the types and the values disagree
        }
        next += 1;
    }
    // Each leaf of B walks the modes (`composition::leaves::walk`, all static).
    let nb = b.0.len();
    if nb != b.1.len() || nb > MAX {
        return Plan::NONE;
    }
    let mut out = Plan::NONE;
    let mut leaves = [(0i64, 0i64); MAX];
    let mut nl = 0;
    let mut k = 0;
    while k < nb {
        let (Some(s), Some(d)) = (b.0.leaf(k), b.1.leaf(k)) else {
            return Plan::NONE;
        };
        k += 1;
        if d == 0 {
            if !out.push(s, 0, PlanStride::Static(0)) {
                return Plan::NONE;
            }
            continue;
        }
        if s < 1 || d < 0 {
            return Plan::NONE;
        }
        if s > 1 {
            leaves[nl] = (s, d);
            nl += 1;
        }
        if !walk(&c, nc, &x, (s, d), &mut out) {
            return Plan::NONE;
        }
    }
    if !segregated(&c, nc, &mut leaves, nl) {
        return Plan::NONE;
    }
    // The result's type must hold the plan.
    if r.0.len() != out.len || r.1.len() != out.len {
        return Plan::NONE;
    }
    let mut i = 0;
    while i < out.len {
        match r.0.leaf(i) {
            Some(s) if s == out.shape[i] => {}
            _ => return Plan::NONE,
        }
        if let Some(d) = r.1.leaf(i)
            && (out.src[i] != STATIC || out.value[i] != d)
        {
            return Plan::NONE;
        }
        i += 1;
    }
    out.ok = true;
    out
}

/// `composition::leaves::walk` on static values: the leaf `s:d` of B (`s ≥ 1`,
/// `d ≥ 1`) through A's modes `c_i:x_i` (`nc` of them), its modes appended
/// to `out`; `false` where the walk refuses (or `out` is full).
const fn walk(
    c: &[i64; MAX],
    nc: usize,
    x: &[PlanStride; MAX],
    (s, d): (i64, i64),
    out: &mut Plan,
) -> bool {
    let (mut rs, mut rd) = (s, d);
    let mut pushed = false;
    let last = nc - 1;
    let mut i = 0;
    while i < last {
        let (next, n) = (ceil(rd, c[i]), ceil(c[i], rd));
        if rd >= c[i] && rd % c[i] != 0 && rs > 1 {
            return false;
        }
        if !(n == 1 || rs == 1) {
            let taken = if n < rs { n } else { rs };
            if taken < rs && rd < c[i] && (c[i] % rd != 0 || rs % taken != 0) {
                return false;
            }
            if !out.push(taken, rd, x[i]) {
                return false;
            }
            pushed = true;
            rs /= taken;
        }
        rd = next;
        i += 1;
    }
    !((!pushed || rs != 1) && !out.push(rs, rd, x[last]))
}

/// Whether `coalesced` keeps A's leaf `i` (of a static extent): an extent
/// other than 1 and a dynamic stride.
const fn kept(a: LayoutStatics, i: usize) -> bool {
    !matches!(a.0.leaf(i), Some(1)) && a.1.leaf(i).is_none()
}

/// `composition::leaves::proven_distributive` on static values: whether B's
/// leaves `(s, d)` (`s > 1`, `d > 0`) are segregated in the mixed radix of
/// the extents `c` (the runtime layer's `segregated`, step by step; its
/// errors are `false`, the plan not taken).
const fn segregated(c: &[i64; MAX], nc: usize, leaves: &mut [(i64, i64); MAX], n: usize) -> bool {
    if n <= 1 || nc <= 1 {
        return true;
    }
    // Sorted by stride, stably (as the runtime layer's merge sort).
    let mut i = 1;
    while i < n {
        let mut j = i;
        while j > 0 && leaves[j].1 < leaves[j - 1].1 {
            let t = leaves[j];
            leaves[j] = leaves[j - 1];
            leaves[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    let mut g = 0i64;
    let mut i = n;
    while i > 0 {
        i -= 1;
        let (s, d) = leaves[i];
        g = if g == 0 || g % d == 0 { d } else { gcd(g, d) };
        leaves[i] = (
            match (s - 1).checked_mul(d) {
                Some(t) => t,
                None => -1,
            },
            g,
        );
    }
    let (mut from, mut prefix) = (0usize, 1i64);
    let mut lower = 0i64;
    let mut w = 0;
    while w + 1 < n {
        let term = leaves[w].0;
        if term < 0 {
            return false;
        }
        lower = match lower.checked_add(term) {
            Some(v) => v,
            None => return false,
        };
        match boundary_above(c, nc, from, prefix, lower, leaves[w + 1].1) {
            Some((k, p)) => {
                from = k;
                prefix = p;
            }
            None => return false,
        }
        w += 1;
    }
    true
}

/// The runtime layer's `boundary_above` on static values: the mode `k` and
/// its prefix of the first boundary `M` of the radix `c` with `lower < M`
/// and `M | g`, searched from mode `start` (prefix `prefix`).
const fn boundary_above(
    c: &[i64; MAX],
    nc: usize,
    start: usize,
    prefix: i64,
    lower: i64,
    g: i64,
) -> Option<(usize, i64)> {
    let mut prefix = prefix;
    let last = nc.saturating_sub(1);
    let mut k = start;
    while k < nc {
        let s = c[k];
        if k == last {
            return if g % prefix == 0 && g > lower {
                Some((k, prefix))
            } else {
                None
            };
        }
        let q = if prefix == 1 { g } else { g / prefix };
        if q * prefix == g {
            let r = if s % q == 0 {
                q
            } else if q % s == 0 {
                s
            } else {
                gcd(s, q)
            };
            match prefix.checked_mul(r) {
                Some(m) if m > lower => return Some((k, prefix)),
                Some(_) => {}
                None => return None,
            }
        }
        prefix = match prefix.checked_mul(s) {
            Some(p) => p,
            None => return None,
        };
        k += 1;
    }
    None
}

/// `A ∘ B`, coalesced `A` being `F` and the result `R`, by the plan when it
/// is taken (`None` otherwise, or where a leaf of extent 1 gets a stride
/// past `i64`): the products of `A`'s strides by the plan's static factors.
/// For the operands of a thread-value partition only (see the module).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn planned<A: FlatLayout, B: FlatLayout, F: FlatLayout, R: FlatLayout>(
    a: &A,
) -> Option<R> {
    let plan: &'static Plan = const { &plan(A::STATICS, F::STATICS, B::STATICS, R::STATICS) };
    if !plan.ok {
        return None;
    }
    R::planned(plan, a)
}

#[cfg(test)]
mod tests {
    use crate::typelevel::algebra::helpers::{MixedComposition, RunCompose};
    use crate::typelevel::frunk_core::hlist;
    use crate::typelevel::*;

    /// Whether `a ∘ b` is planned.
    fn planned<A: MixedComposition<B>, B>(a: A, b: B) -> bool {
        <A::Plan as RunCompose<A, B, A::Output>>::planned(&a, &b).is_some()
    }

    /// A xorshift generator from `seed`: `next(n)` is in `0..n`.
    fn xorshift(mut x: u64) -> impl FnMut(u64) -> i64 {
        move |n| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n) as i64
        }
    }

    /// The const walk of a leaf of B gives the modes of the mixed
    /// composition's walk, or refuses where it does, on random static modes.
    #[test]
    fn walk_is_the_mixed_compositions() {
        use super::{Plan, PlanStride, MAX};
        use crate::typelevel::algebra::composition::leaves::{walk, LeafOfB};
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let nc = 1 + next(4) as usize;
            let (mut c, mut xs) = ([0i64; MAX], [PlanStride::Static(0); MAX]);
            let mut strides = alloc::vec::Vec::new();
            for k in 0..nc {
                c[k] = 1 + next(8);
                let d = 1 + next(50);
                xs[k] = PlanStride::Static(d);
                strides.push(d);
            }
            let (s, d) = (1 + next(8), 1 + next(40));
            let mut out = Plan::NONE;
            let got = super::walk(&c, nc, &xs, (s, d), &mut out);
            let rest = LeafOfB {
                shape: s,
                shape_static: true,
                stride: d,
                stride_static: true,
            };
            let statics = alloc::vec![true; nc];
            match walk(&c[..nc], &statics, &strides, rest) {
                Ok((ws, wd)) => {
                    assert!(got, "{:?}:{strides:?} ∘ {s}:{d} refused", &c[..nc]);
                    assert_eq!(&out.shape[..out.len], &ws[..]);
                    assert_eq!(&out.value[..out.len], &wd[..]);
                }
                Err(_) => assert!(!got, "{:?}:{strides:?} ∘ {s}:{d} taken", &c[..nc]),
            }
        }
    }

    /// The const segregation proof answers as the runtime layer's on random
    /// radices and leaves (its errors are `false`).
    #[test]
    fn segregated_is_the_runtime_layers() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let nc = 1 + next(4) as usize;
            let mut c = [0i64; super::MAX];
            let flat: alloc::vec::Vec<(i64, ())> = (0..nc)
                .map(|k| {
                    c[k] = 1 + next(6);
                    (c[k], ())
                })
                .collect();
            let n = next(5) as usize;
            let mut leaves = [(0i64, 0i64); super::MAX];
            let mut runtime: alloc::vec::Vec<(i64, i64)> = alloc::vec::Vec::new();
            for l in leaves.iter_mut().take(n) {
                *l = (2 + next(4), 1 + next(40));
                runtime.push(*l);
            }
            let want = n <= 1
                || nc <= 1
                || matches!(
                    crate::runtime::algebra::composition::segregated(&flat, &mut runtime),
                    Ok(true)
                );
            assert_eq!(
                super::segregated(&c, nc, &mut leaves, n),
                want,
                "{:?} {:?}",
                &c[..nc],
                &leaves[..n]
            );
        }
    }

    #[test]
    fn static_tv_layouts_on_run_time_strides_are_planned() {
        let tv = layout!(((4, 8), (2, 2)):((32, 1), (16, 8)));
        let col = Layout::try_new(hlist![_16, _8], hlist![_1, Dyn(20)]).unwrap();
        let row = Layout::try_new(hlist![_16, _8], hlist![Dyn(9), Dyn(1)]).unwrap();
        let split = Layout::try_new(
            hlist![hlist![_2, _8], _8],
            hlist![hlist![Dyn(8), Dyn(1)], Dyn(17)],
        )
        .unwrap();
        assert!(planned(col, tv) && planned(row, tv) && planned(split, tv));
        assert!(planned(layout!((16, 8)), tv));
        let unit = Layout::try_new(hlist![_16, _1, _8], hlist![_1, Dyn(1000), Dyn(21)]).unwrap();
        let div = Layout::try_new(hlist![_16, _8], hlist![_1, div_by::<4>(20).unwrap()]).unwrap();
        assert!(planned(unit, tv) && planned(div, tv));
        // A run-time extent: the mixed composition decides at run time.
        let dyn_extent = Layout::try_new(hlist![Dyn(16), _8], hlist![_1, Dyn(16)]).unwrap();
        assert!(!planned(dyn_extent, tv));
        // A composition by a tiler has no plan.
        assert!(!planned(col, tile!(4, 2)));
    }
}
