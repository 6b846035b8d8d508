//! The algebra families: composition, complement, coalesce, filter, inverses,
//! divides, products, recast, nullspace, common layouts.

use super::super::generate::Gen;
use super::super::{
    at, ensure, eval_ext, int_values, leaf_multiset, same_offset, show, small, Checked,
};
use super::{both_small, composed, composed_tiler, image, int_tile, same_function};
use layout_algebra::runtime::*;

/// The number of operations here.
pub const COUNT: usize = 16;

/// Run operation `op` on operands drawn from `g` and check its result.
pub fn run(op: usize, g: &mut Gen<'_, '_>) -> Checked {
    let Some(a) = g.layout() else { return Ok(0) };
    match op {
        0 => {
            let Some(t) = g.tiler(2) else { return Ok(0) };
            match composition(&a, &t) {
                Ok(r) => composed_tiler(&a, &t, &r),
                Err(_) => Ok(0),
            }
        }
        1 => {
            let m = if g.chance(1, 4) {
                g.shape()
            } else {
                IntTuple::leaf(g.arg(1, 256))
            };
            match complement(&a, &m) {
                Ok(r) => complemented(&a, m.size().ok(), &r),
                Err(_) => Ok(0),
            }
        }
        2 => match complement_default(&a) {
            Ok(r) => complemented(&a, a.cosize().ok(), &r),
            Err(_) => Ok(0),
        },
        3 => coalesced(&a),
        4 => filtered(&a),
        5 => match right_inverse(&a) {
            Ok(r) => right_inverted(&a, &r),
            Err(_) => Ok(0),
        },
        6 => match left_inverse(&a) {
            Ok(q) => left_inverted(&a, &q),
            Err(_) => Ok(0),
        },
        7 | 8 => {
            let Some(t) = g.tiler(1) else { return Ok(0) };
            if op == 7 {
                divided(&a, &t)
            } else {
                multiplied(&a, &t)
            }
        }
        9 => {
            let Some(b) = g.layout() else { return Ok(0) };
            blocked(&a, &b)
        }
        10 => {
            let s = g.shape();
            let order = g
                .chance(1, 2)
                .then(|| g.tuple_with(&mut |g: &mut Gen<'_, '_>| g.arg(0, 4)));
            match tile_to_shape(&a, &s, order.as_ref()) {
                Ok(r) => tiled_to(&a, &s, &r),
                Err(_) => Ok(0),
            }
        }
        11 => {
            let (k, old, new) = (g.arg(1, 8), g.arg(1, 64), g.arg(1, 64));
            recast(&a, k, old, new)
        }
        12 => match nullspace(&a) {
            Ok(ns) => null(&a, &ns),
            Err(_) => Ok(0),
        },
        13 => {
            let Some(b) = g.layout() else { return Ok(0) };
            common(&a, &b)
        }
        14 => {
            let c = g.slice_coord(a.shape());
            sliced(&a, &c)
        }
        _ => measured(&a),
    }
}

fn complemented(a: &Layout, m: Option<i64>, r: &Layout) -> Checked {
    let mut n = 0;
    let (Some(va), Some(vr)) = (int_values(a), int_values(r)) else {
        return Ok(0);
    };
    ensure!(
        n,
        vr.first() == Some(&0),
        "complement({a}) = {r} does not start at 0"
    );
    ensure!(
        n,
        vr.windows(2).all(|w| w[0] < w[1]),
        "complement({a}) = {r} is not strictly increasing"
    );
    let ia = image(a).unwrap_or_default();
    ensure!(
        n,
        vr.iter().all(|x| *x == 0 || ia.binary_search(x).is_err()),
        "complement({a}) = {r} meets A's image {ia:?}"
    );
    if let Some(m) =
        m.filter(|&m| both_small(va.len() as i64, vr.len() as i64) && m <= 4 * super::super::POINTS)
    {
        let mut hit = vec![false; m.max(0) as usize];
        for x in &va {
            for y in &vr {
                if let Some(h) = usize::try_from(x + y).ok().and_then(|s| hit.get_mut(s)) {
                    *h = true;
                }
            }
        }
        ensure!(
            n,
            hit.iter().all(|h| *h),
            "(A, complement(A)) = ({a}, {r}) does not cover [0, {m})"
        );
    }
    Ok(n)
}

fn coalesced(a: &Layout) -> Checked {
    let Ok(r) = coalesce(a) else { return Ok(0) };
    let mut n = same_function(a, &r, &format!("coalesce({a}) = {r}"))?;
    ensure!(n, r.depth() <= 1, "coalesce({a}) = {r} is not flat");
    let lv: Vec<_> = r.leaves().collect();
    ensure!(
        n,
        lv.len() == 1 || lv.iter().all(|(s, _)| *s != 1),
        "coalesce({a}) = {r} keeps a size-1 mode"
    );
    for w in lv.windows(2) {
        if let (Some(d0), Some(d1)) = (w[0].1.as_int(), w[1].1.as_int()) {
            ensure!(
                n,
                w[0].0.checked_mul(d0) != Some(d1),
                "coalesce({a}) = {r} leaves mergeable modes"
            );
        }
    }
    let p = a.shape().map(|_| 1);
    if let Ok(rp) = coalesce_profile(a, &p) {
        n += same_function(a, &rp, &format!("coalesce({a}, {p}) = {rp}"))?;
    }
    Ok(n)
}

fn filtered(a: &Layout) -> Checked {
    let mut n = 0;
    let z = filter_zeros(a);
    ensure!(
        n,
        z.shape().congruent(a.shape()),
        "filter_zeros({a}) = {z} changes the tree"
    );
    let Ok(r) = filter(a) else { return Ok(n) };
    if let (Some(ia), Some(ir)) = (image(a), image(&r)) {
        ensure!(n, ia == ir, "filter({a}) = {r} changes the image");
        if let Some(iz) = image(&z) {
            ensure!(n, ia == iz, "filter_zeros({a}) = {z} changes the image");
        }
    }
    let lv: Vec<_> = r.leaves().collect();
    ensure!(
        n,
        lv.len() == 1 || lv.iter().all(|(s, d)| *s != 1 && !d.is_zero()),
        "filter({a}) = {r} keeps a stride-0 or size-1 mode"
    );
    Ok(n)
}

fn right_inverted(a: &Layout, r: &Layout) -> Checked {
    let mut n = 0;
    let (Some(size), true) = (small(r), a.is_integral()) else {
        return Ok(0);
    };
    for i in 0..size {
        let ri = r.call(i).ok();
        let back = ri.and_then(|x| a.call(x).ok());
        ensure!(
            n,
            back == Some(i),
            "right_inverse({a}) = {r}: A(R({i})) = A({ri:?}) = {back:?}"
        );
    }
    Ok(n)
}

fn left_inverted(a: &Layout, q: &Layout) -> Checked {
    let mut n = 0;
    let Some(va) = int_values(a) else {
        return Ok(0);
    };
    let mut sorted = va.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let injective = sorted.len() == va.len();
    for (i, &x) in va.iter().enumerate() {
        let qx = eval_ext(q, x);
        if injective {
            ensure!(
                n,
                qx == Some(i as i64),
                "left_inverse({a}) = {q}: Q(A({i})) = Q({x}) = {qx:?}"
            );
        } else if let Some(y) = qx {
            let back = eval_ext(a, y);
            ensure!(
                n,
                back.is_none() || back == Some(x),
                "left_inverse({a}) = {q}: A(Q(A({i}))) = {back:?} != {x}"
            );
        }
    }
    Ok(n)
}

/// Divides: mode 0 of a layout tiler's result is `A ∘ B`, the whole is
/// `A ∘ (B, complement(B, size A))`; by mode for a tuple; the variants regroup.
fn divided(a: &Layout, t: &Tiler) -> Checked {
    let Ok(r) = logical_divide(a, t) else {
        return Ok(0);
    };
    let mut n = divide_modes(a, t, &r)?;
    for (name, v) in [
        ("zipped_divide", zipped_divide(a, t)),
        ("tiled_divide", tiled_divide(a, t)),
        ("flat_divide", flat_divide(a, t)),
    ] {
        let v =
            v.map_err(|e| format!("{name}({a}, {t}) fails ({e}) where logical_divide gives {r}"))?;
        ensure!(
            n,
            leaf_multiset(&v) == leaf_multiset(&r),
            "{name}({a}, {t}) = {v} is not a regrouping of {r}"
        );
        if matches!(t, Tiler::Layout(_) | Tiler::Int(_)) {
            n += same_function(&r, &v, &format!("{name}({a}, {t}) = {v}"))?;
        }
    }
    Ok(n)
}

fn divide_modes(a: &Layout, t: &Tiler, r: &Layout) -> Checked {
    let mut n = 0;
    match t {
        Tiler::Int(k) => n += divide_modes(a, &Tiler::Layout(int_tile(*k, true)?), r)?,
        Tiler::Layout(b) => {
            let Ok(m0) = r.mode(0) else {
                return Err(format!("logical_divide({a}, {t}) = {r} has no mode 0"));
            };
            n += composed(
                a,
                b,
                &m0,
                &format!("logical_divide({a}, {b}) = {r}, mode 0"),
            )?;
            if let Some(c) = a
                .size()
                .ok()
                .and_then(|s| complement(b, &IntTuple::leaf(s)).ok())
            {
                let bc = Layout::concat([b, &c]);
                n += composed(a, &bc, r, &format!("logical_divide({a}, {b}) = {r}"))?;
            }
        }
        Tiler::Tuple(ts) => {
            ensure!(
                n,
                r.rank() == a.rank(),
                "logical_divide({a}, {t}) = {r} changes the rank"
            );
            for i in 0..a.rank() {
                let (Ok(ai), Ok(ri)) = (a.mode(i), r.mode(i)) else {
                    return Err(format!("logical_divide({a}, {t}) = {r}: mode {i}"));
                };
                match ts.get(i) {
                    Some(ti) => n += divide_modes(&ai, ti, &ri)?,
                    None => ensure!(
                        n,
                        ai == ri,
                        "logical_divide({a}, {t}) = {r} changes untouched mode {i}"
                    ),
                }
            }
        }
    }
    Ok(n)
}

/// Products: `(A, complement(A, size(A)·cosize(B)) ∘ B)`, by mode for a tuple.
fn multiplied(a: &Layout, t: &Tiler) -> Checked {
    let Ok(r) = logical_product(a, t) else {
        return Ok(0);
    };
    let mut n = product_modes(a, t, &r)?;
    for (name, v) in [
        ("zipped_product", zipped_product(a, t)),
        ("tiled_product", tiled_product(a, t)),
        ("flat_product", flat_product(a, t)),
    ] {
        let v =
            v.map_err(|e| format!("{name}({a}, {t}) fails ({e}) where logical_product gives {r}"))?;
        ensure!(
            n,
            leaf_multiset(&v) == leaf_multiset(&r),
            "{name}({a}, {t}) = {v} is not a regrouping of {r}"
        );
        if matches!(t, Tiler::Layout(_) | Tiler::Int(_)) {
            n += same_function(&r, &v, &format!("{name}({a}, {t}) = {v}"))?;
        }
    }
    Ok(n)
}

fn product_modes(a: &Layout, t: &Tiler, r: &Layout) -> Checked {
    let mut n = 0;
    match t {
        Tiler::Int(k) => n += product_modes(a, &Tiler::Layout(int_tile(*k, true)?), r)?,
        Tiler::Layout(b) => {
            let (Ok(m0), Ok(m1)) = (r.mode(0), r.mode(1)) else {
                return Err(format!("logical_product({a}, {b}) = {r} is not rank 2"));
            };
            n += same_function(a, &m0, &format!("logical_product({a}, {b}) = {r}, mode 0"))?;
            let m = a
                .size()
                .ok()
                .zip(b.cosize().ok())
                .and_then(|(x, y)| x.checked_mul(y));
            if let Some(c) = m.and_then(|m| complement(a, &IntTuple::leaf(m)).ok()) {
                n += composed(
                    &c,
                    b,
                    &m1,
                    &format!("logical_product({a}, {b}) = {r}, mode 1"),
                )?;
            }
        }
        Tiler::Tuple(ts) => {
            ensure!(
                n,
                r.rank() == a.rank(),
                "logical_product({a}, {t}) = {r} changes the rank"
            );
            for i in 0..a.rank() {
                let (Ok(ai), Ok(ri)) = (a.mode(i), r.mode(i)) else {
                    return Err(format!("logical_product({a}, {t}) = {r}: mode {i}"));
                };
                match ts.get(i) {
                    Some(ti) => n += product_modes(&ai, ti, &ri)?,
                    None => ensure!(
                        n,
                        ai == ri,
                        "logical_product({a}, {t}) = {r} changes untouched mode {i}"
                    ),
                }
            }
        }
    }
    Ok(n)
}

/// blocked/raked products regroup the logical product's leaves, of rank
/// `max(rank(A), rank(B))` (the shorter operand padded with `1:0` modes).
fn blocked(a: &Layout, b: &Layout) -> Checked {
    let mut n = 0;
    for (name, v) in [
        ("blocked_product", blocked_product(a, b)),
        ("raked_product", raked_product(a, b)),
    ] {
        let Ok(v) = v else { continue };
        ensure!(
            n,
            v.rank() == a.rank().max(b.rank()),
            "{name}({a}, {b}) = {v}: rank is not max(rank(A), rank(B))"
        );
        let size = a
            .size()
            .ok()
            .zip(b.size().ok())
            .and_then(|(x, y)| x.checked_mul(y));
        ensure!(
            n,
            v.size().ok() == size,
            "{name}({a}, {b}) = {v}: size is not size(A)·size(B)"
        );
        if let Ok(lp) = logical_product(a, b) {
            let mut want = leaf_multiset(&lp);
            let mut got = leaf_multiset(&v);
            want.retain(|x| !x.starts_with("1:"));
            got.retain(|x| !x.starts_with("1:"));
            ensure!(
                n,
                got == want,
                "{name}({a}, {b}) = {v} is not a regrouping of {lp}"
            );
        }
    }
    Ok(n)
}

fn tiled_to(a: &Layout, s: &IntTuple, r: &Layout) -> Checked {
    let mut n = 0;
    ensure!(
        n,
        r.size().ok() == s.size().ok(),
        "tile_to_shape({a}, {s}) = {r}: size differs"
    );
    if !s.is_leaf() {
        ensure!(
            n,
            r.rank() == s.rank(),
            "tile_to_shape({a}, {s}) = {r}: rank differs"
        );
        for (i, m) in s.modes().enumerate() {
            let ri = r.mode(i).ok().and_then(|x| x.size().ok());
            ensure!(
                n,
                ri == m.size().ok(),
                "tile_to_shape({a}, {s}) = {r}: mode {i} size differs"
            );
        }
    }
    Ok(n)
}

/// upcast/downcast leaf by leaf (stride-0 leaves unchanged); recast_layout
/// is their composition with `new/old = p/q` in lowest terms.
fn recast(a: &Layout, k: i64, old: i64, new: i64) -> Checked {
    let mut n = 0;
    let cdiv = |x: i128, y: i128| (x + y - 1) / y;
    if let (Ok(r), Some(al)) = (upcast(a, k), super::super::int_leaves(a)) {
        let rl = super::super::int_leaves(&r).unwrap_or_default();
        ensure!(
            n,
            rl.len() == al.len() && r.shape().congruent(a.shape()),
            "upcast({a}, {k}) = {r} changes the tree"
        );
        for (&(s, d), &(rs, rd)) in al.iter().zip(&rl) {
            let (s, d, k) = (i128::from(s), i128::from(d), i128::from(k));
            let want = if d == 0 {
                (s, 0)
            } else {
                (cdiv(s, cdiv(k, d.abs())), d.signum() * cdiv(d.abs(), k))
            };
            ensure!(
                n,
                (i128::from(rs), i128::from(rd)) == want,
                "upcast({a}, {k}) = {r}: leaf {s}:{d} gives {rs}:{rd}, want {want:?}"
            );
            ensure!(
                n,
                d == 0 || d % k == 0 || k % d == 0,
                "upcast({a}, {k}) = {r} accepts stride {d}"
            );
        }
    }
    if let (Ok(r), Some(al)) = (downcast(a, k), super::super::int_leaves(a)) {
        let rl = super::super::int_leaves(&r).unwrap_or_default();
        ensure!(
            n,
            rl.len() == al.len() && al.iter().any(|l| l.1 == 1),
            "downcast({a}, {k}) = {r}"
        );
        for (&(s, d), &(rs, rd)) in al.iter().zip(&rl) {
            let (s, d, k) = (i128::from(s), i128::from(d), i128::from(k));
            let want = if d.abs() == 1 { (s * k, d) } else { (s, d * k) };
            ensure!(
                n,
                (i128::from(rs), i128::from(rd)) == want,
                "downcast({a}, {k}) = {r}: leaf {s}:{d} gives {rs}:{rd}"
            );
        }
    }
    if let Ok(r) = recast_layout(a, old, new) {
        let gcd = |mut x: i64, mut y: i64| {
            while y != 0 {
                (x, y) = (y, x % y);
            }
            x
        };
        let g = gcd(old, new);
        let (p, q) = (new / g, old / g);
        let mut want = Ok(a.clone());
        if p != 1 {
            want = want.and_then(|l| upcast(&l, p));
        }
        if q != 1 {
            want = want.and_then(|l| downcast(&l, q));
        }
        ensure!(
            n,
            want.as_ref().ok() == Some(&r),
            "recast_layout({a}, {old}, {new}) = {r}, want {want:?}"
        );
    }
    Ok(n)
}

fn null(a: &Layout, ns: &Layout) -> Checked {
    let mut n = 0;
    let zeros: Option<i64> = a
        .leaves()
        .filter(|(_, d)| d.is_zero())
        .try_fold(1i64, |p, (s, _)| p.checked_mul(s));
    ensure!(
        n,
        ns.size().ok() == zeros,
        "nullspace({a}) = {ns}: size is not the product of the stride-0 extents"
    );
    let zero = at(a, 0);
    if let (Some(size), true) = (small(ns), zero.is_some()) {
        for j in 0..size {
            let x = ns.call(j).ok();
            let ax = x.and_then(|x| at(a, x));
            ensure!(
                n,
                ax.is_some() && ax == zero,
                "nullspace({a}) = {ns}: A(N({j})) = A({x:?}) = {ax:?}"
            );
        }
    }
    Ok(n)
}

/// `A ∘ C` and `B ∘ C` are `n:1` (composition extends `A` and `B` past their sizes).
fn common(a: &Layout, b: &Layout) -> Checked {
    let mut n = 0;
    let Ok(c) = max_common_layout(a, b) else {
        return Ok(0);
    };
    if let (Some(size), true) = (small(&c), a.is_integral() && b.is_integral()) {
        for i in 0..size {
            let ci = c.call(i).ok();
            let (x, y) = (
                ci.and_then(|v| eval_ext(a, v)),
                ci.and_then(|v| eval_ext(b, v)),
            );
            ensure!(
                n,
                x == Some(i) && y == Some(i),
                "max_common_layout({a}, {b}) = {c}: A(C({i})) = {x:?}, B(C({i})) = {y:?}"
            );
        }
    }
    if let Ok(v) = max_common_vector(a, b) {
        ensure!(
            n,
            Some(v) == c.size().ok(),
            "max_common_vector({a}, {b}) = {v} != size(max_common_layout) = size({c})"
        );
    }
    Ok(n)
}

/// slice, dice and slice_and_offset: `L(c[_ ← x]) = offset + slice(c, L)(x)`.
fn sliced(l: &Layout, c: &SliceCoord) -> Checked {
    let mut n = 0;
    let Ok((s, off)) = slice_and_offset(c, l) else {
        ensure!(
            n,
            slice(c, l).is_err(),
            "slice({}, {l}) succeeds where slice_and_offset fails",
            show(c)
        );
        return Ok(n);
    };
    let sl =
        slice(c, l).map_err(|e| format!("slice fails ({e}) where slice_and_offset gives {s}"))?;
    ensure!(
        n,
        sl == s,
        "slice({}, {l}) = {sl} != slice_and_offset's {s}",
        show(c)
    );
    let zeroed = c.map(|x| x.unwrap_or(0));
    ensure!(
        n,
        l.eval(&zeroed).map_or(true, |o| same_offset(&o, &off)),
        "slice_and_offset({}, {l}): offset {off} != L({zeroed})",
        show(c)
    );
    if let Ok(d) = dice(c, l) {
        let size = s
            .size()
            .ok()
            .zip(d.size().ok())
            .and_then(|(x, y)| x.checked_mul(y));
        ensure!(
            n,
            size == l.size().ok(),
            "slice and dice of {l} by {}: {s} and {d} do not split its size",
            show(c)
        );
    }
    let (Some(size), Offset::Int(off)) = (small(&s), off) else {
        return Ok(n);
    };
    let free = c.leaves().filter(Option::is_none).count();
    if !c.is_leaf() {
        ensure!(
            n,
            s.rank() == free,
            "slice({}, {l}) = {s}: rank is not the number of '_'",
            show(c)
        );
    }
    let sizes: Vec<i64> = s.modes().map(|m| m.size().unwrap_or(1)).collect();
    for x in 0..size {
        let full = if let Some(v) = c.as_leaf() {
            IntTuple::leaf(v.unwrap_or(x))
        } else {
            let (mut rest, mut k) = (x, 0);
            c.map(|v| {
                v.unwrap_or_else(|| {
                    let e = sizes[k].max(1);
                    k += 1;
                    let d = rest % e;
                    rest /= e;
                    d
                })
            })
        };
        let want = match l.eval(&full) {
            Ok(Offset::Int(v)) => v.checked_sub(off),
            _ => None,
        };
        let got = s.call(x).ok();
        ensure!(
            n,
            want.is_none() || got.is_none() || got == want,
            "slice({}, {l}) = {s} + {off}: S({x}) = {got:?}, L({full}) - offset = {want:?}",
            show(c)
        );
    }
    Ok(n)
}

/// size and cosize against independent formulas; `call` against the naive sum.
fn measured(a: &Layout) -> Checked {
    let mut n = 0;
    let size: Option<i128> = a
        .leaves()
        .try_fold(1i128, |p, (s, _)| p.checked_mul(i128::from(s)));
    let want = size.and_then(|s| i64::try_from(s).ok());
    ensure!(
        n,
        a.size().map_or(true, |c| Some(c) == want),
        "size({a}) = {:?}, want {want:?}",
        a.size()
    );
    if let Some(l) = super::super::int_leaves(a) {
        let co = l.iter().try_fold(1i128, |acc, &(s, d)| {
            Some(acc + (i128::from(s) - 1) * i128::from(d).abs())
        });
        let want = co.and_then(|c| i64::try_from(c).ok());
        ensure!(
            n,
            a.cosize().map_or(true, |c| Some(c) == want),
            "cosize({a}) = {:?}, want {want:?}",
            a.cosize()
        );
        if let Some(size) = small(a) {
            for i in 0..size {
                ensure!(
                    n,
                    a.call(i).ok() == eval_ext(a, i) || eval_ext(a, i).is_none(),
                    "{a}({i}) = {:?}, want {:?}",
                    a.call(i),
                    eval_ext(a, i)
                );
            }
        }
    }
    Ok(n)
}
