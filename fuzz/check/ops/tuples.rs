//! Integer-tuple arithmetic, coordinates, constructors and the restructuring
//! calls (select, take, group_modes, flatten, append, prepend, replace).

use super::super::generate::Gen;
use super::super::{at, ensure, int_values, small, Checked};
use super::same_function;
use layout_algebra::runtime::*;

/// The number of operations here.
pub const COUNT: usize = 6;

/// Run operation `op` on operands drawn from `g` and check its result.
pub fn run(op: usize, g: &mut Gen<'_, '_>) -> Checked {
    match op {
        0 => coordinates(g),
        1 => divisions(g),
        2 => constructors(g),
        3 => {
            let Some(a) = g.layout() else { return Ok(0) };
            let (i, j) = (g.arg(0, 4), g.arg(0, 4));
            let idx: Vec<usize> = (0..g.int(0, 4)).map(|_| g.int(0, 4) as usize).collect();
            let Some(x) = g.layout() else { return Ok(0) };
            restructured(
                &a,
                usize::try_from(i).unwrap_or(usize::MAX),
                usize::try_from(j).unwrap_or(usize::MAX),
                &idx,
                &x,
            )
        }
        4 => {
            let Some(a) = g.layout() else { return Ok(0) };
            let c = g.tuple_with(&mut |g: &mut Gen<'_, '_>| g.arg(0, 8));
            evaluated(&a, &c)
        }
        _ => {
            let (a, b) = (g.shape(), g.shape());
            let mut n = 0;
            let _ = (
                compatible(a.as_ref(), b.as_ref()),
                weakly_congruent(a.as_ref(), b.as_ref()),
            );
            if let Ok(p) = prefix_product(a.as_ref(), 1) {
                ensure!(
                    n,
                    p.congruent(&a),
                    "prefix_product({a}) = {p} is not congruent"
                );
                let mut acc = 1i64;
                for (x, y) in p.leaves().zip(a.leaves()) {
                    ensure!(n, x == acc, "prefix_product({a}) = {p}");
                    acc = acc.saturating_mul(y);
                }
            }
            if let Ok(v) = inner_product(a.as_ref(), b.as_ref()) {
                let want: i128 = a
                    .leaves()
                    .zip(b.leaves())
                    .map(|(x, y)| i128::from(x) * i128::from(y))
                    .sum();
                ensure!(
                    n,
                    i128::from(v) == want,
                    "inner_product({a}, {b}) = {v}, want {want}"
                );
            }
            if let Ok(e) = elem_scale(a.as_ref(), b.as_ref()) {
                ensure!(
                    n,
                    e.congruent(&a),
                    "elem_scale({a}, {b}) = {e} is not congruent to {a}"
                );
            }
            if let Ok(f) = unflatten(a.flatten().as_ref(), a.as_ref()) {
                ensure!(n, f == a, "unflatten(flatten({a}), {a}) = {f}");
            }
            Ok(n)
        }
    }
}

/// idx2crd then crd2idx with the compact strides is the identity inside the
/// shape; crd2crd through a shape of the same size and back is too.
fn coordinates(g: &mut Gen<'_, '_>) -> Checked {
    let mut n = 0;
    let s = g.shape();
    let i = g.arg(0, 64);
    let t = g.shape();
    let c = idx2crd(&IntTuple::leaf(i), &s);
    let size = s.size().ok();
    let stride = prefix_product(s.as_ref(), 1).ok();
    if let (Ok(c), Some(size), Some(stride)) = (&c, size, &stride)
        && (0..size).contains(&i)
    {
        ensure!(
            n,
            c.leaves().zip(s.leaves()).all(|(x, e)| (0..e).contains(&x)),
            "idx2crd({i}, {s}) = {c} is outside the shape"
        );
        let back = crd2idx(c, &s, stride);
        ensure!(
            n,
            back.as_ref().ok() == Some(&i),
            "crd2idx(idx2crd({i}, {s}) = {c}, {s}, {stride}) = {back:?}"
        );
        if t.size().ok() == Some(size)
            && let Ok(d) = crd2crd(c, &s, &t)
        {
            let back = crd2crd(&d, &t, &s);
            ensure!(
                n,
                back.as_ref().ok() == Some(c),
                "crd2crd({c}, {s}, {t}) = {d}, back {back:?}"
            );
        }
    }
    let ci = g.tuple_with(&mut |g: &mut Gen<'_, '_>| g.arg(0, 8));
    let _ = idx2crd(&ci, &s);
    let _ = crd2crd(&ci, &s, &t);
    if let Some(stride) = &stride {
        let _ = crd2idx(&ci, &s, stride);
        let _ = idx2crd_strided(i, &s, stride);
    }
    let _ = crd2idx(&ci, &s, &t);
    Ok(n)
}

/// shape_div and ceil_div at the leaves: `a/b` if `b | a`, `signum(a·b)` if
/// `a | b` (shape_div), `⌈a/b⌉` for positive operands (ceil_div); on
/// tuples they fold mode by mode (CuTe), which need not cover `⌈size/b⌉`.
fn divisions(g: &mut Gen<'_, '_>) -> Checked {
    let mut n = 0;
    let (a, b) = (g.arg(1, 64), g.arg(1, 64));
    if let Ok(q) = shape_div_int(a, b) {
        let (a, b, q) = (i128::from(a), i128::from(b), i128::from(q));
        let want = if a % b == 0 {
            a / b
        } else {
            a.signum() * b.signum()
        };
        ensure!(
            n,
            q == want && (a % b == 0 || b % a == 0),
            "shape_div({a}, {b}) = {q}"
        );
    }
    let (x, y) = (IntTuple::leaf(a), IntTuple::leaf(b));
    if let Ok(q) = ceil_div(x.as_ref(), y.as_ref())
        && a > 0
        && b > 0
    {
        ensure!(
            n,
            q.as_leaf() == Some((a - 1) / b + 1),
            "ceil_div({a}, {b}) = {q}"
        );
    }
    let (s, t) = (g.shape(), g.shape());
    let _ = shape_div(s.as_ref(), t.as_ref());
    if let Ok(q) = ceil_div(s.as_ref(), t.as_ref()) {
        ensure!(
            n,
            t.is_leaf() || q.congruent(&s),
            "ceil_div({s}, {t}) = {q} is not congruent to {s}"
        );
    }
    Ok(n)
}

/// Compact constructors: column-major `L(i) = i`, row-major and ordered are
/// bijections onto `[0, size)`, identity maps an index to its coordinate
/// (not checked with empty modes, whose coordinates print differently).
fn constructors(g: &mut Gen<'_, '_>) -> Checked {
    let mut n = 0;
    let s = g.shape();
    let order = g.tuple_with(&mut |g: &mut Gen<'_, '_>| g.arg(0, 4));
    if let Ok(l) = Layout::column_major(&s)
        && let Some(v) = int_values(&l)
    {
        ensure!(
            n,
            v.iter().enumerate().all(|(i, x)| *x == i as i64),
            "column_major({s}) = {l} is not the identity"
        );
    }
    for (name, l) in [
        ("row_major", Layout::row_major(&s)),
        ("ordered", Layout::ordered(&s, &order)),
    ] {
        let Ok(l) = l else { continue };
        ensure!(n, l.shape() == &s, "{name}({s}) = {l} changes the shape");
        if let Some(mut v) = int_values(&l) {
            v.sort_unstable();
            ensure!(
                n,
                v.iter().enumerate().all(|(i, x)| *x == i as i64),
                "{name}({s}, {order}) = {l} is not a bijection onto [0, size)"
            );
        }
    }
    if let Ok(id) = Layout::identity(&s).and_then(|l| {
        if s.to_string().contains("()") {
            Err(LayoutError::overflow("empty"))
        } else {
            Ok(l)
        }
    }) && let Some(size) = small(&id)
    {
        for i in 0..size {
            let want = idx2crd(&IntTuple::leaf(i), &s)
                .ok()
                .map(|c| match c.as_leaf() {
                    Some(v) => Offset::Int(v),
                    None => Offset::Coord(c),
                });
            ensure!(
                n,
                at(&id, i) == want,
                "identity({s}) = {id}: at {i} gives {:?}, want {want:?}",
                at(&id, i)
            );
        }
    }
    Ok(n)
}

/// The restructuring calls only regroup the modes.
fn restructured(a: &Layout, i: usize, j: usize, idx: &[usize], x: &Layout) -> Checked {
    let mut n = 0;
    let modes: Vec<Layout> = if a.shape().is_leaf() {
        vec![a.clone()]
    } else {
        a.modes().collect()
    };
    if let Ok(r) = select(a, idx) {
        ensure!(
            n,
            r.rank() == idx.len() || idx.len() == 1,
            "select({a}, {idx:?}) = {r}: rank"
        );
        for (k, &m) in idx.iter().enumerate() {
            ensure!(
                n,
                modes.get(m) == r.mode(k).ok().as_ref() || idx.len() == 1,
                "select({a}, {idx:?}) = {r}: mode {k}"
            );
        }
    }
    if let Ok(r) = take(a, i, j) {
        ensure!(
            n,
            i <= j && j <= modes.len(),
            "take({a}, {i}, {j}) = {r} accepts the range"
        );
        ensure!(
            n,
            r.leaves().count()
                == modes[i..j]
                    .iter()
                    .map(|m| m.leaves().count())
                    .sum::<usize>(),
            "take({a}, {i}, {j}) = {r}"
        );
    }
    if let Ok(r) = group_modes(a, i, j) {
        ensure!(
            n,
            i <= j && j <= modes.len(),
            "group_modes({a}, {i}, {j}) = {r} accepts the range"
        );
        ensure!(
            n,
            r.leaves().eq(a.leaves()),
            "group_modes({a}, {i}, {j}) = {r} changes the leaves"
        );
    }
    let f = flatten(a);
    ensure!(
        n,
        f.depth() <= 1 && f.leaves().eq(a.leaves()),
        "flatten({a}) = {f}"
    );
    n += same_function(a, &f, &format!("flatten({a}) = {f}"))?;
    let ap = append(a, x);
    ensure!(
        n,
        ap.rank() == modes.len() + 1 && ap.mode(modes.len()).ok().as_ref() == Some(x),
        "append({a}, {x}) = {ap}"
    );
    let pp = prepend(a, x);
    ensure!(
        n,
        pp.rank() == modes.len() + 1 && pp.mode(0).ok().as_ref() == Some(x),
        "prepend({a}, {x}) = {pp}"
    );
    if let Ok(r) = replace(a, i, x) {
        let ok = if a.shape().is_leaf() {
            &r == x
        } else {
            r.rank() == a.rank() && r.mode(i).ok().as_ref() == Some(x)
        };
        ensure!(n, i < modes.len() && ok, "replace({a}, {i}, {x}) = {r}");
    }
    Ok(n)
}

/// `L(c)` for a random coordinate agrees with the inner product of
/// `idx2crd(c, shape)` with the strides, and lies inside the shape.
fn evaluated(a: &Layout, c: &IntTuple) -> Checked {
    let mut n = 0;
    let Ok(v) = a.eval(c) else { return Ok(0) };
    let crd =
        idx2crd(c, a.shape()).map_err(|e| format!("{a}({c}) = {v} but idx2crd fails: {e}"))?;
    ensure!(
        n,
        crd.leaves()
            .zip(a.shape().leaves())
            .all(|(x, e)| (0..e).contains(&x)),
        "{a}({c}) = {v} outside the shape: {crd}"
    );
    if let (Ok(d), Offset::Int(v)) = (a.int_strides("fuzz"), &v) {
        let want: i128 = crd
            .leaves()
            .zip(d.leaves())
            .map(|(x, y)| i128::from(x) * i128::from(y))
            .sum();
        ensure!(n, i128::from(*v) == want, "{a}({c}) = {v}, want {want}");
    }
    Ok(n)
}
