"""The generator's own implementation of the layout algebra, following the paper (001, section 3)
with the conventions the project takes (see README.md, "Decision rules"). It is used to decide the
golden value where pycute and CuTe C++ disagree or break a postcondition, and to check them.
Errors are raised as GErr(kind, message) with the runtime's ErrorKind names.
"""

from math import gcd

from model import (E, GErr, L, SO, Tile, compatible, congruent, cosize, crd2idx, ev, flatten, fmt, from_flat,
                   has_basis, idx2crd, is_tuple, leaves, lrank, make_layout, mode, modes,
                   prefix_product, product, rank, sign, size, tdiv, tmod)

# ------------------------------------------------------------------ helpers


def need_int(a, op):
    if has_basis(a):
        raise GErr("basis_stride", f"{op} requires integer strides, got {fmt(a)}")


def as_layout(t, compact=False):
    """A tiler entry as a layout: n -> n:1 (compact: C++ make_layout(n), so 1 -> 1:0)."""
    if isinstance(t, int):
        if t <= 0:
            raise GErr("non_positive_shape", f"tile extent {t} must be positive")
        return L(t, 0 if compact and t == 1 else 1)
    return t


# ------------------------------------------------------------------ coalesce / filter

def coalesce_pairs(pairs):
    out = []
    for s, d in pairs:
        if s == 1:
            continue
        if out and out[-1][0] * out[-1][1] == d:
            out[-1] = (out[-1][0] * s, out[-1][1])
        else:
            out.append((s, d))
    return out


def coalesce(a, profile=None):
    need_int(a, "coalesce")
    if profile is not None and is_tuple(profile):
        if len(profile) > lrank(a):
            raise GErr("rank_mismatch", f"profile {fmt(profile)} has more modes than {fmt(a)}")
        ms = modes(a)
        res = [coalesce(ms[i], profile[i]) for i in range(len(profile))] + ms[len(profile):]
        return make_layout(*res)
    return from_flat(coalesce_pairs(leaves(a)))


def filter_zeros(a):
    need_int(a, "filter_zeros")
    def fz(s, d):
        if is_tuple(s):
            return tuple(fz(x, y) for x, y in zip(s, d))
        return 1 if d == 0 else s
    return L(fz(a.shape, a.stride), a.stride)


def filter_(a):
    return coalesce(filter_zeros(a))


def coalesce_x(a):
    """Flat coalesced modes of a with the last mode unbounded (function kept outside the domain)."""
    lv = leaves(a)
    body = coalesce_pairs(lv[:-1])
    s, d = lv[-1]
    if body and body[-1][0] * body[-1][1] == d:
        body[-1] = (None, body[-1][1])
    else:
        body.append((None, d))
    return body  # last entry has shape None (= unbounded)


def ext(a, x):
    """A's natural extension to all integers (C++ idx2crd: last leaf not wrapped); odd for x < 0."""
    if x < 0:
        return -ext(a, -x)
    return ev(a, x)


# ------------------------------------------------------------------ composition

def compose_base(a, s, d):
    """A ∘ s:d with the paper's admissibility conditions (stride and shape divisibility)."""
    if s <= 0:
        raise GErr("non_positive_shape", f"shape {s} must be positive")
    if d == 0:
        return L(s, 0)
    if d < 0:
        r = compose_base(a, s, -d)
        return L(r.shape, neg(r.stride))
    m = coalesce_x(a)
    if len(m) == 1:
        return L(s, d * m[0][1])
    S = [x[0] for x in m]
    D = [x[1] for x in m]
    n = len(m)
    sbar = [1] * n
    for r in range(1, n):
        sbar[r] = sbar[r - 1] * S[r - 1]
    reach = (s - 1) * d
    rp = 0
    for r in range(n):
        if sbar[r] <= reach:
            rp = r
    for r in range(1, rp + 1):
        if not (sbar[r] % d == 0 or d % sbar[r] == 0):
            raise GErr("stride_divisibility",
                       f"stride {d} and prefix size {sbar[r]} of {fmt(a)} do not divide each other")
    for r in range(1, rp + 1):
        q = -(-sbar[r] // d)
        if s % q != 0:
            raise GErr("shape_divisibility",
                       f"{q} = ceil({sbar[r]}/{d}) does not divide shape {s} (A = {fmt(a)})")
    return _cpp_fold(m, s, d)


def _cpp_fold(m, s, d):
    """Build the result as CuTe C++'s composition fold does (so size-1 modes get C++'s strides);
    only called once the paper's conditions hold, where it equals the paper's eq. (19)-(21)."""
    rest_shape, rest_stride = s, d
    pairs = []
    for cs, cd in m[:-1]:
        next_shape = -(-cs // rest_stride)
        next_stride = -(-rest_stride // cs)
        if next_shape == 1 or rest_shape == 1:
            rest_stride = next_stride
            continue
        new_shape = min(next_shape, rest_shape)
        pairs.append((new_shape, rest_stride * cd))
        rest_shape //= new_shape
        rest_stride = next_stride
    last = m[-1][1]
    if not pairs:
        return L(rest_shape, rest_stride * last)
    if rest_shape != 1:
        pairs.append((rest_shape, rest_stride * last))
    return from_flat(pairs)


def neg(t):
    if is_tuple(t):
        return tuple(neg(x) for x in t)
    return -t


def compose_layout(a, b):
    if is_tuple(b.shape):
        return make_layout(*[compose_layout(a, bm) for bm in modes(b)])
    if has_basis(b.stride):
        raise GErr("basis_stride", f"composition with basis-stride {fmt(b)}")
    return compose_base(a, b.shape, b.stride)


def check_composition(a, b, r):
    """Postcondition of R = A ∘ B (B a layout): compatible(B, R) and R(i) = A(B(i)) for i < size(B).
    Returns None when it holds, else a reason."""
    if not compatible(b.shape, r.shape):
        return f"shape {fmt(r.shape)} is not compatible with B's shape {fmt(b.shape)}"
    for i in range(size(b)):
        want = ext(a, ev(b, i))
        got = ev(r, i)
        if want != got:
            return f"R({i}) = {got} but A(B({i})) = A({ev(b, i)}) = {want}"
    return None


def composition(a, b):
    need_int(a, "composition")
    if isinstance(b, Tile):
        if len(b) > lrank(a):
            raise GErr("rank_mismatch", f"tiler {fmt(b)} has more modes than {fmt(a)}")
        return make_layout(*[composition(mode(a, i), t) for i, t in enumerate(b)])
    b = as_layout(b)  # C++'s composition reads an integer n as n:1
    need_int(b, "composition")
    r = compose_layout(a, b)
    if is_tuple(b.shape):
        why = check_composition(a, b, r)
        if why:
            raise GErr("distributivity", f"{fmt(a)} does not distribute over the modes of {fmt(b)}: {why}")
    return r


def check_composition_any(a, b, r):
    """Postcondition for a layout or tiler B."""
    if isinstance(b, Tile):
        if not isinstance(r.shape, tuple) or len(r.shape) != len(b):
            return f"result rank {lrank(r)} differs from the tiler's {len(b)}"
        for i, t in enumerate(b):
            why = check_composition_any(mode(a, i), t, mode(r, i))
            if why:
                return f"mode {i}: {why}"
        return None
    return check_composition(a, as_layout(b), r)


# ------------------------------------------------------------------ complement

def complement(a, cotarget=None):
    need_int(a, "complement")
    if cotarget is None:
        m = cosize(filter_(a))
    else:
        if any(x <= 0 for x in flatten(cotarget)):
            raise GErr("non_positive_shape", f"cotarget {fmt(cotarget)} must be positive")
        m = product(cotarget)
    modes_ = [(d, s) for s, d in leaves(a) if d != 0 and s != 1]
    if any(d < 0 for d, s in modes_):
        raise GErr("not_complementable", f"{fmt(a)} has a negative stride")
    modes_.sort(key=lambda x: x[0])
    cur = 1
    pairs = []
    for d, s in modes_:
        if d % cur != 0:
            raise GErr("not_complementable",
                       f"{fmt(a)}: stride {d} is not a multiple of the extent {cur} of the smaller modes")
        pairs.append((d // cur, cur))
        cur = s * d
    pairs.append((-(-m // cur), cur))
    return from_flat(coalesce_pairs(pairs))


def check_complement(a, cotarget, r):
    if has_basis(a) or has_basis(r):
        return None
    m = cosize(filter_(a)) if cotarget is None else product(cotarget)
    rv = [ev(r, i) for i in range(size(r))]
    for i in range(1, len(rv)):
        if rv[i - 1] >= rv[i]:
            return f"not strictly increasing: R({i-1}) = {rv[i-1]} >= R({i}) = {rv[i]}"
    av = set(ev(a, i) for i in range(size(a)))
    for i in range(1, len(rv)):
        if rv[i] in av:
            return f"not disjoint: R({i}) = {rv[i]} is in the image of A"
    cover = set(x + y for x in av for y in rv)
    for k in range(m):
        if k not in cover:
            return f"(A, R) does not cover {k} < {m}"
    return None


# ------------------------------------------------------------------ inverses

def right_inverse(a):
    need_int(a, "right_inverse")
    c = coalesce(a)
    lv = leaves(c)
    pre = prefix_product(tuple(s for s, _ in lv))
    order = sorted(range(len(lv)), key=lambda i: lv[i][1])
    shp, std = [1], [0]
    cur = 1
    for i in order:
        s, d = lv[i]
        if d == cur:
            shp.append(s)
            std.append(pre[i])
            cur = s * d
    return coalesce(L(tuple(shp), tuple(std)))


def left_inverse(a):
    need_int(a, "left_inverse")
    c = coalesce(a)
    lv = leaves(c)
    pre = prefix_product(tuple(s for s, _ in lv))
    order = sorted(range(len(lv)), key=lambda i: lv[i][1])
    shp, std = [], [0]
    for i in order:
        s, d = lv[i]
        if d == 0:
            continue
        if d < 0:
            raise GErr("invalid_argument", f"left_inverse of {fmt(a)}: negative stride {d}")
        cur = product(tuple(shp))
        if d % cur != 0:
            raise GErr("divisibility", f"left_inverse of {fmt(a)}: stride {d} not a multiple of {cur}")
        shp.append(d // cur)
        std.append(pre[i])
    shp.append(lv[order[-1]][0])
    r = coalesce(L(tuple(shp), tuple(std)))
    why = check_left_inverse(a, r)
    if why:
        raise GErr("divisibility", f"left_inverse of {fmt(a)}: C++'s construction {fmt(r)} breaks "
                   f"L(L†(L(i))) = L(i): {why}")
    return r


def check_left_inverse(a, r):
    av = [ev(a, i) for i in range(size(a))]
    injective = len(set(av)) == len(av)
    for i, x in enumerate(av):
        y = ext(r, x)
        if injective and y != i:
            return f"L†(L({i})) = L†({x}) = {y} != {i}"
        if not injective and ext(a, y) != x:
            return f"L(L†(L({i}))) = L({y}) != {x}"
    return None


def max_common_layout(a, b):
    inv_b = right_inverse(b)
    common = coalesce(composition(a, inv_b))
    m0 = mode(common, 0)
    if m0.stride == 1:
        return composition(inv_b, m0)
    return L(1, 0)


def max_common_vector(a, b):
    inv_b = right_inverse(b)
    common = coalesce(composition(a, inv_b))
    m0 = mode(common, 0)
    return m0.shape if m0.stride == 1 else 1


# ------------------------------------------------------------------ divide / product

def logical_divide(a, b):
    need_int(a, "logical_divide")
    if isinstance(b, Tile):
        if len(b) > lrank(a):
            raise GErr("rank_mismatch", f"tiler {fmt(b)} has more modes than {fmt(a)}")
        ms = modes(a)
        return make_layout(*([logical_divide(ms[i], t) for i, t in enumerate(b)] + ms[len(b):]))
    b = as_layout(b, True)
    need_int(b, "logical_divide")
    return composition(a, make_layout(b, complement(b, size(a))))


def logical_product(a, b):
    need_int(a, "logical_product")
    if isinstance(b, Tile):
        if len(b) > lrank(a):
            raise GErr("rank_mismatch", f"tiler {fmt(b)} has more modes than {fmt(a)}")
        ms = modes(a)
        return make_layout(*([logical_product(ms[i], t) for i, t in enumerate(b)] + ms[len(b):]))
    b = as_layout(b, True)
    need_int(b, "logical_product")
    return make_layout(a, composition(complement(a, size(a) * cosize(b)), b))


def unzip(res, b):
    """((T0,R0),(T1,R1),...,rest) -> ((T0,T1,...),(R0,R1,...,rest...)) for a tiler b."""
    if isinstance(b, Tile):
        ms = modes(res)
        k = len(b)
        split = [unzip(ms[i], b[i]) for i in range(k)]
        tiles = make_layout(*[mode(x, 0) for x in split])
        rests = make_layout(*([mode(x, 1) for x in split] + ms[k:]))
        return make_layout(tiles, rests)
    return res


def _spread(m):
    """The modes of m as separate modes; a rank-1 m stays one mode, wrapper included (C++ slices it
    with a single `_`, repeat<1>(_), which keeps it whole)."""
    return [m] if lrank(m) == 1 else modes(m)


def tiled(z):
    return make_layout(mode(z, 0), *_spread(mode(z, 1)))


def flat2(z):
    return make_layout(*_spread(mode(z, 0)), *_spread(mode(z, 1)))


def zipped_divide(a, b):
    return unzip(logical_divide(a, b), b)


def tiled_divide(a, b):
    return tiled(zipped_divide(a, b))


def flat_divide(a, b):
    return flat2(zipped_divide(a, b))


def zipped_product(a, b):
    return unzip(logical_product(a, b), b)


def tiled_product(a, b):
    return tiled(zipped_product(a, b))


def flat_product(a, b):
    return flat2(zipped_product(a, b))


def append_to(a, r):
    """CuTe's append<r>: a leaf stays a leaf at r = 1."""
    if not is_tuple(a.shape) and r == 1:
        return a
    ms = modes(a)
    while len(ms) < r:
        ms.append(L(1, 0))
    return make_layout(*ms)


def _rank_product(a, b, raked):
    """blocked (raked) product: A padded with 1:0 modes to the larger rank R as CuTe's append<R> (a
    leaf is rank 1 and stays a leaf at R = 1), B padded to a rank-R tuple; then mode i is (A_i, C_i)
    (raked: (C_i, A_i)), except that CuTe's zip keeps the second half whole after a leaf first half:
    a leaf A (blocked), or a leaf C (raked; C is the one mode of the repeat for a leaf B at R = 1)."""
    need_int(a, "product")
    b = as_layout(b, True)
    need_int(b, "product")
    r = max(lrank(a), lrank(b))
    b_leaf = not is_tuple(b.shape)
    pa = append_to(a, r)
    pb = append_to(b, r) if not b_leaf else make_layout(*(modes(b) + [L(1, 0)] * (r - 1)))
    res = make_layout(pa, composition(complement(pa, size(pa) * cosize(pb)), pb))
    x, y = mode(res, 0), mode(res, 1)
    c = mode(y, 0) if b_leaf and r == 1 else y  # CuTe's C = complement o B
    if not raked and not is_tuple(x.shape):
        return make_layout(make_layout(x, c))
    if raked and not is_tuple(c.shape):
        return make_layout(make_layout(c, x))
    pairs = [make_layout(q, p) if raked else make_layout(p, q) for p, q in zip(modes(x), modes(y))]
    return make_layout(*pairs)


def blocked_product(a, b):
    return _rank_product(a, b, False)


def raked_product(a, b):
    return _rank_product(a, b, True)


def tile_to_shape(a, shape):
    need_int(a, "tile_to_shape")
    if any(x <= 0 for x in flatten(shape)):
        raise GErr("non_positive_shape", f"target shape {fmt(shape)} must be positive")
    r = rank(shape)
    if lrank(a) > r:
        raise GErr("rank_mismatch", f"{fmt(a)} has more modes than the target shape {fmt(shape)}")
    pa = append_to(a, r)
    block = [product(m.shape) for m in modes(pa)]
    target = [product(x) for x in (shape if is_tuple(shape) else (shape,))]
    for t, bk in zip(target, block):
        if t % bk != 0:
            raise GErr("divisibility", f"block extent {bk} does not divide target extent {t}")
    prod_shape = tuple(t // bk for t, bk in zip(target, block))
    return _rank_product(pa, L(prod_shape), False)


# ------------------------------------------------------------------ recast

def upcast(a, n):
    need_int(a, "upcast")
    if n <= 0:
        raise GErr("invalid_argument", f"upcast factor {n} must be positive")

    def up(s, d):
        if is_tuple(s):
            x = [up(p, q) for p, q in zip(s, d)]
            return tuple(p for p, _ in x), tuple(q for _, q in x)
        if d == 0:
            return s, d
        if not (abs(d) % n == 0 or n % abs(d) == 0):
            raise GErr("divisibility", f"upcast by {n}: stride {d} and {n} do not divide each other")
        return -(-s // -(-n // abs(d))), sign(d) * -(-abs(d) // n)
    s, d = up(a.shape, a.stride)
    return L(s, d)


def downcast(a, n):
    need_int(a, "downcast")
    if n <= 0:
        raise GErr("invalid_argument", f"downcast factor {n} must be positive")
    if not any(d == 1 for _, d in leaves(a)):
        raise GErr("divisibility", f"downcast of {fmt(a)} needs a stride-1 mode (adjacent elements)")

    def down(s, d):
        if is_tuple(s):
            x = [down(p, q) for p, q in zip(s, d)]
            return tuple(p for p, _ in x), tuple(q for _, q in x)
        if d in (1, -1):
            return s * n, d
        return s, d * n
    s, d = down(a.shape, a.stride)
    return L(s, d)


# ------------------------------------------------------------------ int tuples

def shape_div(a, b):
    if is_tuple(a):
        if is_tuple(b):
            if len(a) != len(b):
                raise GErr("rank_mismatch", f"shape_div of {fmt(a)} by {fmt(b)}")
            return tuple(shape_div(x, y) for x, y in zip(a, b))
        out = []
        for x in a:
            out.append(shape_div(x, b))
            b = shape_div(b, product(x))
        return tuple(out)
    if is_tuple(b):
        return shape_div(a, product(b))
    if a <= 0 or b <= 0:
        raise GErr("non_positive_shape", f"shape_div({a}, {b}) needs positive values")
    if not (a % b == 0 or b % a == 0):
        raise GErr("divisibility", f"shape_div({a}, {b}): neither divides the other")
    return -(-a // b)


def ceil_div(a, b):
    if is_tuple(a):
        if is_tuple(b):
            if len(b) > len(a):
                raise GErr("rank_mismatch", f"ceil_div of {fmt(a)} by {fmt(b)}")
            bb = tuple(b) + (1,) * (len(a) - len(b))
            return tuple(ceil_div(x, y) for x, y in zip(a, bb))
        out = []
        for x in a:
            out.append(ceil_div(x, b))
            b = ceil_div(b, x)
        return tuple(out)
    if is_tuple(b):
        return ceil_div(a, product(b))
    if a <= 0 or b <= 0:
        raise GErr("non_positive_shape", f"ceil_div({a}, {b}) needs positive values")
    return -(-a // b)


def inner_product(a, b):
    if is_tuple(a) and is_tuple(b):
        if len(a) != len(b):
            raise GErr("not_congruent", f"inner_product of {fmt(a)} and {fmt(b)}")
        return sum(inner_product(x, y) for x, y in zip(a, b))
    if is_tuple(a) or is_tuple(b):
        raise GErr("not_congruent", f"inner_product of {fmt(a)} and {fmt(b)}")
    return a * b


def elem_scale(a, b):
    if is_tuple(a):
        if not is_tuple(b):
            raise GErr("not_congruent", f"elem_scale of {fmt(a)} by {fmt(b)}")
        if len(a) != len(b):
            raise GErr("rank_mismatch", f"elem_scale of {fmt(a)} by {fmt(b)}")
        return tuple(elem_scale(x, y) for x, y in zip(a, b))
    return a * product(b)


def idx2crd_strided(i, shape, stride):
    if is_tuple(shape):
        if not is_tuple(stride) or len(stride) != len(shape):
            raise GErr("not_congruent", f"idx2crd shape {fmt(shape)} and stride {fmt(stride)}")
        return tuple(idx2crd_strided(i, s, d) for s, d in zip(shape, stride))
    if shape == 1:
        return 0
    return tmod(tdiv(i, stride), shape)


def idx2crd_checked(i, shape):
    if is_tuple(i):
        if not is_tuple(shape):
            raise GErr("not_congruent", f"idx2crd of {fmt(i)} in {fmt(shape)}")
        if len(i) != len(shape):
            raise GErr("rank_mismatch", f"idx2crd of {fmt(i)} in {fmt(shape)}")
        return tuple(idx2crd_checked(x, s) for x, s in zip(i, shape))
    return idx2crd(i, shape)


def crd2crd(c, src, dst):
    if is_tuple(c) and is_tuple(src) and is_tuple(dst):
        if not (len(c) == len(src) == len(dst)):
            raise GErr("rank_mismatch", f"crd2crd {fmt(c)} from {fmt(src)} to {fmt(dst)}")
        return tuple(crd2crd(x, s, d) for x, s, d in zip(c, src, dst))
    return idx2crd(crd2idx(c, src, prefix_product(src)), dst)


def check_coord(c, shape):
    """Coordinates must be weakly congruent with the shape and each leaf inside its extent."""
    if c is None:
        return
    if is_tuple(c):
        if not is_tuple(shape):
            raise GErr("not_congruent", f"coordinate {fmt(c)} does not match shape {fmt(shape)}")
        if len(c) != len(shape):
            raise GErr("not_congruent", f"coordinate {fmt(c)} and shape {fmt(shape)} differ in rank")
        for x, s in zip(c, shape):
            check_coord(x, s)
        return
    if not (0 <= c < product(shape)):
        raise GErr("out_of_bounds", f"coordinate {c} outside extent {product(shape)}")


def slice_tuple(c, t):
    if is_tuple(c):
        out = []
        for x, y in zip(c, t):
            r = slice_tuple(x, y)
            out.extend(r)
        return tuple(out)
    if c is None:
        return (t,)
    return ()


def slice_(c, a):
    check_coord(c, a.shape)
    s = slice_tuple(c, a.shape)
    d = slice_tuple(c, a.stride)
    if len(s) == 1:
        return L(s[0], d[0])
    return L(s, d)


def slice_and_offset(c, a):
    return SO(slice_(c, a), crd2idx(c, a.shape, a.stride))


def check_congruent(c, shape):
    """A coordinate must be weakly congruent with the shape (no bounds check)."""
    if is_tuple(c):
        if not is_tuple(shape) or len(c) != len(shape):
            raise GErr("not_congruent", f"coordinate {fmt(c)} does not match shape {fmt(shape)}")
        for x, s in zip(c, shape):
            check_congruent(x, s)


def crd2idx_checked(c, a):
    """crd2idx(coord, A): C++ arithmetic, no bounds check (an int-tuple function, like idx2crd)."""
    check_congruent(c, a.shape)
    return crd2idx(c, a.shape, a.stride)


def evaluate(a, c):
    check_coord(c, a.shape)
    return crd2idx(c, a.shape, a.stride)


# ------------------------------------------------------------------ restructuring (CuTe C++'s
# select, take, group, flatten, append, prepend, replace, get, make_layout of sublayouts,
# make_identity_layout, make_ordered_layout, dice, nullspace, recast_layout)

def _check_mode(a, i, op):
    if not 0 <= i < lrank(a):
        raise GErr("rank_mismatch", f"{op}: mode {i} of rank-{lrank(a)} layout {fmt(a)}")


def select(a, idx):
    for i in idx:
        _check_mode(a, i, "select")
    return L(tuple(mode(a, i).shape for i in idx), tuple(mode(a, i).stride for i in idx))


def take(a, b, e):
    if not b < e <= lrank(a):
        raise GErr("rank_mismatch", f"take: range [{b},{e}) of rank-{lrank(a)} layout {fmt(a)}")
    return select(a, range(b, e))


def group_modes(a, b, e):
    if not b <= e <= lrank(a):
        raise GErr("rank_mismatch", f"group_modes: range [{b},{e}) of rank-{lrank(a)} layout {fmt(a)}")
    ms = modes(a)
    if b == e:
        # C++: a leaf comes back as the rank-1 tuple it counts as (group<1,1>(8:2) = (8):(2)).
        return a if is_tuple(a.shape) else make_layout(*ms)
    return make_layout(*ms[:b], make_layout(*ms[b:e]), *ms[e:])


def flatten_layout(a):
    ls = leaves(a)
    if not is_tuple(a.shape):
        return a
    return L(tuple(s for s, _ in ls), tuple(d for _, d in ls))


def append_layout(a, x):
    return make_layout(*modes(a), x)


def prepend_layout(a, x):
    return make_layout(x, *modes(a))


def replace_mode(a, i, x):
    _check_mode(a, i, "replace")
    ms = modes(a)
    ms[i] = x
    return make_layout(*ms)


def get_path(a, path):
    for i in path:
        if not 0 <= i < lrank(a):
            raise GErr("out_of_bounds", f"get: path {list(path)} in {fmt(a)}")
        a = mode(a, i)
    return a


def identity_layout(shape):
    """make_identity_layout: the coordinate itself, as scaled-basis strides (an integral shape
    has the integral coordinate, stride 1, as in CuTe C++)."""
    if not is_tuple(shape):
        return L(shape, 1)

    def basis(t, path):
        if is_tuple(t):
            return tuple(basis(x, path + (k,)) for k, x in enumerate(t))
        return E(1, path)
    return L(shape, basis(shape, ()))


def un_like(t, v):
    """t's tree with every leaf v."""
    return tuple(un_like(x, v) for x in t) if is_tuple(t) else v


def ordered_layout(shape, order):
    """make_ordered_layout: compact, leaves by increasing order value (ties by position); an
    integer order applies to every leaf (C++)."""
    if not is_tuple(order):
        order = un_like(shape, order)
    if not congruent(shape, order):
        raise GErr("not_congruent", f"shape {fmt(shape)} and order {fmt(order)} are not congruent")
    fs, fo = flatten(shape), flatten(order)
    strides = [0] * len(fs)
    cur = 1
    for k in sorted(range(len(fs)), key=lambda k: (fo[k], k)):
        strides[k] = cur
        cur *= fs[k]
    it = iter(strides)

    def un(t):
        return tuple(un(x) for x in t) if is_tuple(t) else next(it)
    return L(shape, un(shape))


def dice(c, a):
    """CuTe's dice: keep the modes where the coordinate is an integer (tuples flattened one level
    per nesting, as C++ concatenates the diced modes)."""
    if c is None:
        return L((), ())
    if not is_tuple(c):
        return a
    if not is_tuple(a.shape) or len(c) != len(a.shape):
        raise GErr("not_congruent", f"coordinate {fmt(c)} does not match the shape {fmt(a.shape)}")
    kept = []
    for ci, ai in zip(c, modes(a)):
        if ci is None:
            continue
        if is_tuple(ci):
            kept += modes(dice(ci, ai))
        else:
            kept.append(ai)
    return make_layout(*kept)


def nullspace(a):
    """CuTe C++: the stride-0 leaves of A, with the column-major strides of A's flat shape."""
    ls = leaves(a)
    out, cur = [], 1
    for s, d in ls:
        if d == 0:
            out.append((s, cur))
        cur *= s
    if not out:
        return L(1, 0)
    return from_flat(out)


def recast_layout(a, old_bits, new_bits):
    """C++: with new/old = num/den in lowest terms, downcast<den>(upcast<num>(A))."""
    if old_bits <= 0 or new_bits <= 0:
        raise GErr("invalid_argument", f"element widths {old_bits} and {new_bits} bits must be positive")
    g = gcd(old_bits, new_bits)
    num, den = new_bits // g, old_bits // g
    if num != 1:
        a = upcast(a, num)
    if den != 1:
        a = downcast(a, den)
    return a
