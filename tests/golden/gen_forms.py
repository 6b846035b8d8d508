#!/usr/bin/env python3
"""Golden data for the forms of layouts with dynamic leaves that CuTe C++ has and the type level
gained: `local_tile` by a layout, `local_partition` with a static thread index, the right inverse
with static negative strides among dynamic leaves, evaluation past the last mode, and the composition
of a layout whose last leaf is a static extent 1 (CuTe C++'s `coalesce_x` keeps it), by a layout
with a static negative stride, and by a tiler whose entries have no complement, the identity
layout of a shape with run-time extents, the nullspace of a layout with run-time leaves, the
common vector and layout of two layouts with run-time leaves, `coalesce` and `filter` by a profile
of a layout with run-time leaves, the one-argument `complement(a)` (up to `cosize(a)`),
`recast_layout` of a layout with run-time leaves, `make_ordered_layout` of a shape with run-time
extents, the int-tuple functions (`idx2crd`, `crd2idx`, ..) on trees with run-time leaves,
`tile_to_shape`, and the composition by a layout with scaled-basis strides.

    python3 tests/golden/gen_forms.py --oracle   # runs ../shared/tools/cute-cpp and cute-py ($CUTE_CPP, $CUTE_PY), writes mixed/forms.jsonl
    python3 tests/golden/gen_forms.py            # writes tests/golden_mixed/forms_golden.rs from the data
    cargo fmt                                    # the committed test is rustfmt's form of the output

Layouts are written as in gen_mixed.py: `"modes"` trees of `[value, static?]` leaves, or flat
`"leaves"` `[shape, static?, stride, static?]`. Each answer of CuTe C++ (its print: values and `_n`
static leaves) is checked with pycute against the operation's postcondition; where it breaks it, the
expected value is the type level's (a refusal, or the right inverse's rule), CuTe's kept as `"cute"`.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess

import gen_mixed as g

DATA = os.path.join(g.ROOT, "tests", "golden", "mixed", "forms.jsonl")
# Static tiler layouts for `local_tile(t, layout, c)`: compact, with holes, nested.
# The int-tuple functions, by their CuTe C++ call (`prefix_product` is `compact_col_major`).
INT_OPS = {"idx2crd": "idx2crd", "crd2idx": "crd2idx", "crd2crd": "crd2crd", "idx2crd_strided": "idx2crd",
           "inner_product": "inner_product", "elem_scale": "elem_scale", "ceil_div": "ceil_div",
           "shape_div": "shape_div", "prefix_product": "compact_col_major"}
TILE_LAYOUTS = [(2, 1), (4, 1), (3, 1), (4, 2), (8, 2), ((2, 2), (1, 4)), ((4, 2), (1, 16)), ((2, 3), (3, 1))]


def local_tile_cases(rng, count):
    """Rank-2 layouts (non-negative strides, mode 0 nested in a third) tiled by a static layout at a
    tile index of the rest (first, last, random); the rest's size is filled in by `rest_sizes`."""
    out = []
    while len(out) < count:
        modes = g.nested_leaves(rng, 2, rng.random() < 0.33)
        if g.all_static(modes):
            continue
        out.append({"op": "local_tile", "modes": modes, "layout": list(rng.choice(TILE_LAYOUTS))})
    return out


def rest_sizes(rng, cases):
    """The index of each `local_tile` case: 0, the last or a random tile of `complement(tiler, size(A))`
    (pycute)."""
    pairs = ",".join(repr((tuple(c["layout"]), g.size_prod([g.size_of(sh) for sh, _ in c["modes"]]))) for c in cases)
    sizes = json.loads(g.run_pycute(
        f"print([size(complement(Layout(*t), n)) for t, n in [{pairs}]])"))
    for c, n in zip(cases, sizes):
        c["index"] = rng.choice([0, n - 1, rng.randrange(n)])


def static_index_cases(rng, count):
    """Rank-2 layouts partitioned by a static thread layout at a static thread index (`Int<k>`)."""
    out = []
    while len(out) < count:
        modes = g.nested_leaves(rng, 2, rng.random() < 0.33)
        if g.all_static(modes):
            continue
        thr = rng.choice(g.THREADS)
        out.append({"op": "local_partition", "modes": modes, "threads": thr,
                    "idx": rng.randrange(g.size_prod(thr[0])), "idx_static": True})
    return out


def negative_inverse_cases(rng, count):
    """Flat layouts of rank 2-3 whose strides chain in a random order, one of them negated (static),
    with dynamic leaves: CuTe C++ follows |stride| (a chain through the negated mode breaks
    `A(R(i)) = i`), the type level only positive strides."""
    out = []
    while len(out) < count:
        rank = rng.choice([2, 3, 3])
        shapes = [rng.choice([2, 3, 4]) for _ in range(rank)]
        strides, e = [0] * rank, 1
        for i in rng.sample(range(rank), rank):
            strides[i] = e
            e *= shapes[i]
        k = rng.randrange(rank)
        strides[k] = -strides[k]
        leaves = [(s, rng.random() < 0.5, d, d < 0 or rng.random() < 0.5) for s, d in zip(shapes, strides)]
        statics = [ss and ds for _, ss, _, ds in leaves]
        if all(statics) or any(statics[i] and statics[i + 1] and leaves[i][0] * leaves[i][2] == leaves[i + 1][2]
                               for i in range(rank - 1)):
            continue  # all static, or a static run that coalesces
        out.append({"op": "right_inverse", "leaves": leaves})
    return out


def call_cases(rng, count):
    """Rank-2 layouts (mode 0 nested in half; static or not) evaluated past the last mode: an index at
    or past the size, a coordinate whose last entry is past its extent, a coordinate whose first entry
    is past mode 0's size (its last leaf extended, as CuTe's `idx2crd`)."""
    out = []
    while len(out) < count:
        modes = g.nested_leaves(rng, 2, rng.random() < 0.5)
        m0, m1 = g.size_of(modes[0][0]), g.size_of(modes[1][0])
        n = m0 * m1
        kind = len(out) % 3
        coord = (rng.randrange(n, 3 * n) if kind == 0 else
                 [rng.randrange(m0), rng.randrange(m1, 3 * m1)] if kind == 1 else
                 [rng.randrange(m0, 3 * m0), rng.randrange(m1)])
        out.append({"op": "call", "modes": modes, "coord": coord})
    return out


# Right operands of `last_unit_cases`: some reach past the size of A, where its last leaf is extended.
UNIT_B = [(12, 8), (3, 2), (4, 1), (6, 1), (2, 4), ((2, 3), (1, 2)), ((4, 2), (1, 8)), ((2, 2), (1, 4))]


def last_unit_cases(rng, count):
    """Flat layouts of rank 2-3 (static or not) whose last leaf is a static extent 1 with a nonzero
    stride, composed with a static layout: CuTe C++'s `coalesce_x` keeps that leaf, which B reaches
    when it runs past the size of A."""
    out = []
    while len(out) < count:
        leaves = [(rng.choice([2, 3, 4, 8]), rng.random() < 0.5, rng.choice([0, 1, 2, 3, 8]), rng.random() < 0.5)
                  for _ in range(rng.choice([1, 1, 2]))]
        leaves.append((1, True, rng.choice([1, 2, 6, 12, 64]), rng.random() < 0.5))
        out.append({"op": "composition", "leaves": leaves, "layout": list(rng.choice(UNIT_B))})
    return out


# Static right operands with a negative stride for `negative_b_cases`.
NEG_B = [(4, -1), (2, -2), ((2, 4), (-4, 1)), ((4, 2), (1, -8)), ((2, 2), (-1, 2)), ((4, 2), (-2, 8))]


def negative_b_cases(rng, count):
    """Flat layouts of rank 2-3 with dynamic leaves composed with a static layout B that has a
    negative stride: A(-x) = -A(x), as CuTe C++ and the runtime layer extend A."""
    out = []
    while len(out) < count:
        rank = rng.choice([2, 2, 3])
        shapes = [rng.choice([2, 4, 8]) for _ in range(rank)]
        strides, e = [], 1
        for sh in shapes:
            strides.append(e * rng.choice([1, 1, 2]))
            e = strides[-1] * sh
        leaves = [(sh, rng.random() < 0.5, d, rng.random() < 0.5) for sh, d in zip(shapes, strides)]
        if all(ss and ds for _, ss, _, ds in leaves):
            continue
        out.append({"op": "composition", "leaves": leaves, "layout": list(rng.choice(NEG_B))})
    return out


# Tiler entries that have no complement (a negative stride, overlapping modes), for `tiler_entry_cases`.
NO_COMPLEMENT = [(4, -1), (2, -2), ((2, 2), (1, 1)), ((2, 2), (-1, 2)), ((4, 2), (1, 2))]


def tiler_entry_cases(rng, count):
    """Rank-2 flat layouts, each mode a leaf with a dynamic extent or stride, composed with a tiler
    whose first entry has no complement: the composition by a tiler takes none (the tile of a leaf
    mode `s:d` is `B·d`), where the divides would refuse it."""
    out = []
    while len(out) < count:
        shapes = [rng.choice([4, 8, 16]) for _ in range(2)]
        strides = [1, shapes[0]]
        leaves = []
        for sh, d in zip(shapes, strides):
            ss = rng.random() < 0.5
            leaves.append((sh, ss, d, not ss and rng.random() < 0.5))
        entries = [list(rng.choice(NO_COMPLEMENT)), rng.choice([2, 4, [2, 2]])]
        out.append({"op": "composition_tiler", "leaves": leaves, "entries": entries})
    return out


def static_mode_tiler_cases(rng, count):
    """As `tiler_entry_cases`, with mode 0 a fully static leaf (the divide's static algebra, whose
    complement the composition by a tiler does not take either) and mode 1 a dynamic leaf."""
    out = []
    while len(out) < count:
        s0, s1 = rng.choice([4, 8, 16]), rng.choice([4, 8])
        leaves = [(s0, True, 1, True), (s1, False, s0, rng.random() < 0.5)]
        entries = [list(rng.choice(NO_COMPLEMENT)), rng.choice([2, 4])]
        out.append({"op": "composition_tiler", "leaves": leaves, "entries": entries})
    return out


# Nested modes of static leaves, each of size 8, for `nested_mode_tiler_cases`.
NESTED_MODES = [((2, 4), (1, 2)), ((4, 2), (1, 4)), ((2, 2, 2), (1, 2, 4)), ((2, 4), (1, 4)), ((4, 2), (2, 1))]


def nested_mode_tiler_cases(rng, count):
    """As `static_mode_tiler_cases`, with mode 0 a nested mode of static leaves: its tile is `A_0 ∘ B_0`
    by the static composition, which takes no complement of `B_0` either."""
    out = []
    while len(out) < count:
        sh, st = rng.choice(NESTED_MODES)
        m0 = ([[x, True] for x in sh], [[y, True] for y in st])
        m1 = ([rng.choice([4, 8]), False], [8, rng.random() < 0.5])
        entries = [list(rng.choice(NO_COMPLEMENT)), rng.choice([2, 4])]
        out.append({"op": "composition_tiler", "modes": [m0, m1], "entries": entries})
    return out


def identity_cases(rng, count):
    """Shapes of rank 2-3, a mode nested in half, each leaf static or not, for `make_identity_layout`
    (`try_make_identity_layout`): the strides `1@i` stay static whatever the extents."""
    out = []
    while len(out) < count:
        def leaf():
            return [rng.choice([1, 2, 3, 4, 8, 12, 200]), rng.random() < 0.5]
        shape = [leaf() for _ in range(rng.choice([2, 3]))]
        if rng.random() < 0.5:
            shape[rng.randrange(len(shape))] = [leaf(), leaf()]
        if all(static_extents(x) for x in shape):
            continue
        out.append({"op": "identity", "shape": shape})
    return out


def nullspace_cases(rng, count):
    """Layouts of rank 2-3 (a mode nested in half) with run-time leaves, for `nullspace`: some strides
    the static 0, some a run-time 0 (CuTe C++ keeps only the static zeros), positions after a run-time
    extent dynamic."""
    out = []
    while len(out) < count:
        def leaf():
            r = rng.random()
            d = [0, True] if r < 0.45 else [0, False] if r < 0.55 else [rng.choice([1, 2, 3, 5, 8, 12]),
                                                                          rng.random() < 0.5]
            return [rng.choice([1, 2, 3, 4, 8]), rng.random() < 0.5], d
        modes = [leaf() for _ in range(rng.choice([2, 3]))]
        if rng.random() < 0.5:
            (s0, d0), (s1, d1) = leaf(), leaf()
            modes[rng.randrange(len(modes))] = ([s0, s1], [d0, d1])
        leaves = [x for sh, _ in modes for x in (sh if isinstance(sh[0], list) else [sh])]
        strides = [x for _, d in modes for x in (d if isinstance(d[0], list) else [d])]
        if all(x[1] for x in leaves + strides) or (len(out) % 5 and not any(d == [0, True] for d in strides)):
            continue  # all static; four in five with a static zero
        out.append({"op": "nullspace", "modes": [list(m) for m in modes]})
    return out


def common_cases(rng, count):
    """Pairs of compact layouts of one shape (rank 2-3, modes in a random order each), each leaf
    static or not, for `max_common_vector` and `max_common_layout` (`try_*`): CuTe C++ counts the
    first mode of `coalesce(A ∘ right_inverse(B))` only where it is static with the static stride 1."""
    out = []
    while len(out) < count:
        shape = [rng.choice([2, 4, 8, 3]) for _ in range(rng.choice([2, 3]))]

        def compact(order):
            strides, e = [0] * len(shape), 1
            for i in order:
                strides[i], e = e, e * shape[i]
            unit = rng.random() < 0.7  # the stride-1 leaf static (extent and stride)
            return [[s, (unit and d == 1) or rng.random() < 0.5, d, (unit and d == 1) or rng.random() < 0.5]
                    for s, d in zip(shape, strides)]
        order = rng.sample(range(len(shape)), len(shape))
        a = compact(order)
        b = compact(order if rng.random() < 0.6 else rng.sample(range(len(shape)), len(shape)))
        if all(x[1] and x[3] for x in a + b):
            continue
        out.append({"op": "common", "leaves": a, "b_leaves": b})
    return out


def profile_cases(rng, count):
    """Layouts of rank 2-3 (modes nested in half, strides that often merge) with run-time leaves,
    coalesced or filtered by a profile: an integer, or a tuple of at most the rank's entries, an entry
    on a nested mode an integer or a tuple of 1s."""
    out = []
    while len(out) < count:
        def leaf(e):
            r = rng.random()
            d = [0, True] if r < 0.2 else [e, rng.random() < 0.6] if r < 0.8 else [rng.choice([1, 3, 16]),
                                                                               rng.random() < 0.5]
            return [rng.choice([1, 2, 3, 4]), rng.random() < 0.6], d
        modes, e = [], 1
        for _ in range(rng.choice([2, 3])):
            if rng.random() < 0.5:
                (s0, d0) = leaf(e)
                (s1, d1) = leaf(e * s0[0])
                modes.append(([s0, s1], [d0, d1]))
                e *= s0[0] * s1[0]
            else:
                sh, d = leaf(e)
                modes.append((sh, d))
                e *= sh[0]
        leaves = [x for sh, _ in modes for x in (sh if isinstance(sh[0], list) else [sh])]
        strides = [x for _, d in modes for x in (d if isinstance(d[0], list) else [d])]
        if all(x[1] for x in leaves + strides):
            continue
        if rng.random() < 0.2:
            profile = 1
        else:
            profile = [1 if isinstance(sh[0], int) or rng.random() < 0.4 else [1] * rng.choice([1, 2])
                       for sh, _ in modes[:rng.randrange(1, len(modes) + 1)]]
        out.append({"op": rng.choice(["coalesce", "filter"]), "modes": [list(m) for m in modes],
                    "profile": profile})
    return out


def complement_default_cases(rng, count):
    """Flat layouts of rank 1-3 with gaps between sorted strides, run-time extents among static ones
    (strides static but for a rank-1 layout: CuTe C++ sorts dynamic strides of one mode only), some
    stride the static 0, for the one-argument `complement(a)`, up to `cosize(a)`."""
    out = []
    while len(out) < count:
        rank = rng.choice([1, 2, 2, 3])
        shapes = [rng.choice([2, 3, 4]) for _ in range(rank)]
        strides, e = [0] * rank, 1
        for i in rng.sample(range(rank), rank):
            e *= rng.choice([1, 1, 2, 3])
            strides[i], e = e, e * shapes[i]
        if rank > 1 and rng.random() < 0.3:
            strides[rng.randrange(rank)] = 0
        leaves = [[s, rng.random() < 0.5, d, rank > 1 or rng.random() < 0.5] for s, d in zip(shapes, strides)]
        if all(x[1] and x[3] for x in leaves):
            continue
        out.append({"op": "complement_default", "leaves": leaves})
    return out


BITS = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}


def recast_cases(rng, count):
    """Flat layouts of rank 2-3 with a static stride-1 leaf, the other strides run-time multiples of 8
    (sometimes not, and sometimes ±1 or 2), extents static or not, recast between element widths of
    8 to 64 bits: CuTe C++ takes a run-time stride as a multiple of the upcast's factor and as not ±1."""
    out = []
    while len(out) < count:
        rank = rng.choice([2, 3])
        leaves = [[rng.choice([2, 4, 8, 16]), rng.random() < 0.6, 1, True]]
        for _ in range(rank - 1):
            d = rng.choice([8, 16, 24, 64, 128, -64]) if rng.random() < 0.8 else rng.choice([1, 2, 3, 12])
            leaves.append([rng.choice([2, 3, 4]), rng.random() < 0.5, d, rng.random() < 0.3])
        rng.shuffle(leaves)
        if all(x[1] and x[3] for x in leaves):
            continue
        old, new = rng.sample(sorted(BITS), 2)
        out.append({"op": "recast", "leaves": leaves, "old": old, "new": new})
    return out


def model_recast(c):
    """The runtime layer's `recast_layout` of the case's values (leaf by leaf: an upcast by p, then a
    downcast by q), as flat `s:d` pairs, or None where it refuses."""
    from math import gcd
    g_ = gcd(c["old"], c["new"])
    p, q = c["new"] // g_, c["old"] // g_
    out = []
    for s, _, d, _ in c["leaves"]:
        if p > 1 and d != 0:
            if abs(d) % p and p % abs(d):
                return None
            shrink = -(-p // abs(d))
            s, d = -(-s // shrink), (1 if d > 0 else -1) * -(-abs(d) // p)
        if q > 1:
            s, d = (s * q, d) if d in (1, -1) else (s, d * q)
        out.append((s, d))
    return out


def ordered_cases(rng, count):
    """Shapes of rank 2-3 (a mode nested in half), extents static or not (1 among them), ranked by an
    order tuple of distinct integers congruent with the shape, or by one integer (column-major), for
    `make_ordered_layout` (`try_make_ordered_layout`)."""
    out = []
    while len(out) < count:
        def leaf():
            return [rng.choice([1, 2, 3, 4, 6]), rng.random() < 0.5]
        shape = [leaf() for _ in range(rng.choice([2, 3]))]
        if rng.random() < 0.5:
            shape[rng.randrange(len(shape))] = [leaf(), leaf()]
        if all(static_extents(x) for x in shape):
            continue
        n = sum(1 if g.is_leaf(x) else len(x) for x in shape)
        ranks = iter(rng.sample(range(n), n))
        order = 0 if rng.random() < 0.2 else [next(ranks) if g.is_leaf(x) else [next(ranks) for _ in x]
                                              for x in shape]
        out.append({"op": "ordered", "shape": shape, "order": order})
    return out


def ordered_text(c):
    """The ordered layout as CuTe C++ prints it: each leaf's stride the product of the extents ranked
    before it (static where all of those are), the static extent 1 the stride `_0`."""
    leaves = [x for m in c["shape"] for x in ([m] if g.is_leaf(m) else m)]
    order = c["order"]
    keys = [order] * len(leaves) if isinstance(order, int) else [k for o in order for k in ([o] if isinstance(o, int) else o)]
    strides = []
    for i, (s, st) in enumerate(leaves):
        if s == 1 and st:
            strides.append("_0")
            continue
        before = [leaves[j] for j in range(len(leaves)) if (keys[j], j) < (keys[i], i) and not (leaves[j] == [1, True])]
        p = 1
        for x in before:
            p *= x[0]
        strides.append(("_" if all(x[1] for x in before) else "") + str(p))
    it = iter(strides)
    def sh(t):
        return (f"_{t[0]}" if t[1] else str(t[0])) if g.is_leaf(t) else "(" + ",".join(sh(x) for x in t) + ")"
    def st(t):
        return next(it) if g.is_leaf(t) else "(" + ",".join(st(x) for x in t) + ")"
    return "(" + ",".join(sh(x) for x in c["shape"]) + "):(" + ",".join(st(x) for x in c["shape"]) + ")"


def it_leaf(rng, values):
    return [rng.choice(values), rng.random() < 0.5]


def it_tree(rng, values, rank=None, nest=0.5):
    """An int tuple of rank 2-3 (or `rank`), a mode nested in half of them, leaves static or not."""
    t = [it_leaf(rng, values) for _ in range(rank or rng.choice([2, 3]))]
    if rng.random() < nest:
        t[rng.randrange(len(t))] = [it_leaf(rng, values), it_leaf(rng, values)]
    return t


def it_like(rng, t, values):
    """A tree congruent with `t`, new leaves."""
    return it_leaf(rng, values) if g.is_leaf(t) else [it_like(rng, x, values) for x in t]


def it_size(t):
    return t[0] if g.is_leaf(t) else math.prod(it_size(x) for x in t)


def it_leaves(t):
    return [t] if g.is_leaf(t) else [y for x in t for y in it_leaves(x)]


def it_static(*ts):
    return all(x[1] for t in ts for x in it_leaves(t))


def it_text(t):
    """A tree as CuTe C++ prints it."""
    return (f"_{t[0]}" if t[1] else str(t[0])) if g.is_leaf(t) else "(" + ",".join(it_text(x) for x in t) + ")"


def it_coord(rng, shape):
    """An index of `shape` (an integer, up to twice its size) or, in a quarter, a coordinate of
    integers, one per mode."""
    if rng.random() < 0.25:
        return [[rng.randrange(it_size(m)), rng.random() < 0.5] for m in shape]
    return [rng.randrange(2 * it_size(shape)), rng.random() < 0.5]


def shape_div_model(a, b):
    """Our `shape_div` of value trees (CuTe's rule, its divisibility checked): None where refused."""
    def leaf(x, d):
        if x == 0 or d == 0:
            return None
        if x % d == 0:
            return x // d
        return 1 if d % x == 0 else None
    if isinstance(a, int):
        return leaf(a, it_size_v(b))
    if not isinstance(b, int):
        out = [shape_div_model(x, y) for x, y in zip(a, b)]
        return None if None in out else out
    out = []
    for m in a:
        r = shape_div_model(m, b)
        b = leaf(b, it_size_v(m))
        if r is None or b is None:
            return None
        out.append(r)
    return out


def it_size_v(t):
    return t if isinstance(t, int) else math.prod(it_size_v(x) for x in t)


def it_values(t):
    return t[0] if g.is_leaf(t) else [it_values(x) for x in t]


def wrap_strided(c):
    """CuTe C++'s strided `idx2crd` with each coordinate taken into `[0, s)`, as the type level and
    the runtime layer take it (CuTe C++'s `%` leaves a negative quotient's remainder negative, a
    coordinate outside the shape)."""
    extents = iter(x[0] for x in it_leaves(c["args"][1]))
    return re.sub(r"(-?\d+)", lambda m: str(int(m.group(1)) % next(extents)), c["expect"])


def int_tuple_cases(rng, count):
    """The int-tuple functions on operands with run-time leaves (a few all static, which the static
    functions answer too), each as CuTe C++ computes it on `int`: `idx2crd` (an index or a
    coordinate), `crd2idx`, `crd2crd`, the strided `idx2crd`, `inner_product`, `elem_scale`,
    `ceil_div`, `shape_div` (divisible operands) and `prefix_product` (CuTe C++'s
    `compact_col_major`, no static extent 1)."""
    ext = [1, 2, 3, 4, 6]
    out = []
    for op in INT_OPS:
        made = []
        while len(made) < count:
            shape = it_tree(rng, ext)
            if op == "idx2crd":
                args = [it_coord(rng, shape), shape]
            elif op == "crd2idx":
                args = [it_coord(rng, shape), shape, it_like(rng, shape, [0, 1, 2, 4, 8, 12, -1, -3])]
            elif op == "crd2crd":
                if rng.random() < 0.3:
                    coord = [[rng.randrange(it_size(m)), rng.random() < 0.5] for m in shape]
                    args = [coord, shape, [it_tree(rng, ext, 2) if rng.random() < 0.3 else it_leaf(rng, ext)
                                           for _ in shape]]
                else:
                    args = [[rng.randrange(it_size(shape)), rng.random() < 0.5], shape, it_tree(rng, ext)]
            elif op == "idx2crd_strided":
                args = [[rng.randrange(40), rng.random() < 0.5], shape, it_like(rng, shape, [1, 2, 3, 4, 8, -2])]
            elif op == "inner_product":
                args = [shape, it_like(rng, shape, [0, 1, 2, 3, -2])]
            elif op == "elem_scale":
                if rng.random() < 0.3:
                    args = [it_leaf(rng, ext), shape]
                else:
                    a = [it_leaf(rng, ext) for _ in range(rng.choice([2, 3]))]
                    args = [a, it_tree(rng, ext, len(a))]
            elif op == "ceil_div":
                b = it_leaf(rng, [1, 2, 3, 4, 8, 16]) if rng.random() < 0.5 else it_tree(rng, [1, 2, 4, 5], len(shape))
                args = [shape, b]
            elif op == "shape_div":
                b = it_leaf(rng, [1, 2, 3, 4, 8, 16]) if rng.random() < 0.5 else it_tree(rng, [1, 2, 3, 4], len(shape), 0.2)
                if shape_div_model(it_values(shape), it_values(b)) is None:
                    continue
                args = [shape, b]
            else:
                a = it_tree(rng, [2, 3, 4, 6])
                args = [a, it_leaf(rng, [1, 2, 3])]
            static = it_static(*args)
            if static and sum(1 for c in made if c["static"]) >= 2:
                continue
            made.append({"op": op, "args": args, "static": static})
        out += made
    return out


def tile_cases(rng, count):
    """Blocks of rank 1-2 (compact, column- or row-major, leaves static or not) tiled to target
    shapes of rank 2-3 (a mode nested in a fifth of them, leaves static or not) whose modes the
    block's divide, in the default order or a permutation, for `tile_to_shape`."""
    out = []
    while len(out) < count:
        r = rng.choice([1, 2])
        ext = [rng.choice([2, 3, 4]) for _ in range(r)]
        strides = [1, ext[0]] if rng.random() < 0.5 else [ext[1] if r == 2 else 1, 1]
        modes = [[[e, rng.random() < 0.7], [d, rng.random() < 0.7]] for e, d in zip(ext, strides[:r])]
        target = []
        for k in range(rng.choice([2, 3]) if r == 1 else rng.choice([2, 2, 3])):
            b = ext[k] if k < r else 1
            m = b * rng.choice([1, 2, 3])
            if rng.random() < 0.2 and m // b > 1:
                target.append([[b, rng.random() < 0.5], [m // b, rng.random() < 0.5]])
            else:
                target.append([m, rng.random() < 0.5])
        if it_static(*(x for m in modes for x in m), *target):
            continue
        order = 0 if rng.random() < 0.4 else rng.sample(range(len(target)), len(target))
        out.append({"op": "tile_to_shape", "modes": modes, "target": target, "order": order})
    return out


def basis_cases(rng, count):
    """Layouts of rank 2-3 (a mode nested in half) with run-time leaves, composed with a static
    layout B of 1-3 leaves whose strides are scaled bases `v@i` (`v@j@i`: mode j of mode i) and at
    most one integer: each basis leaf on a mode of its own, so that B's leaves do not interfere."""
    out = []
    while len(out) < count:
        def leaf():
            return [rng.choice([2, 3, 4, 8]), rng.random() < 0.5], [rng.choice([1, 2, 4, 6]), rng.random() < 0.5]
        modes = [leaf() for _ in range(rng.choice([2, 3]))]
        if rng.random() < 0.5:
            (s0, d0), (s1, d1) = leaf(), leaf()
            modes[rng.randrange(len(modes))] = ([s0, s1], [d0, d1])
        paths = [(i,) for i in range(len(modes))]
        paths += [(i, j) for i, (sh, _) in enumerate(modes) if isinstance(sh[0], list) for j in range(2)]
        rng.shuffle(paths)
        b, used = [], []
        for p in paths[:rng.choice([1, 2, 3])]:
            if any(p[:len(q)] == q or q[:len(p)] == p for q in used):
                continue  # a mode and its sub-mode would share digits
            used.append(p)
            b.append([rng.choice([2, 3, 4]), rng.choice([1, 1, 2, -1]), list(p)])
        if rng.random() < 0.3:
            b.insert(rng.randrange(len(b) + 1), [rng.choice([2, 4]), rng.choice([0, 1]), None])
        out.append({"op": "composition_basis", "modes": [list(m) for m in modes], "b": b})
    return out


def basis_holds(c):
    """Whether CuTe C++'s answer `R` to a `basis_cases` composition is `A ∘ B`: `size(R) = size(B)` and
    `R(i) = A(B(i))`, B's coordinate read as its integer part `x` on A whole and each basis part `v@p`
    on mode `p` of A (`A(x) + Σ A_p(v)`), each mode's last leaf extended and `A(-x) = -A(x)`."""
    def point(shape, stride, x):  # a layout at the index x, its last leaf extended, A(-x) = -A(x)
        sh, st = g.flat(shape), g.flat(stride)
        sign, x, o = (-1 if x < 0 else 1), abs(x), 0
        for k, (n, d) in enumerate(zip(sh, st)):
            q, x = (x, 0) if k == len(sh) - 1 else (x % n, x // n)
            o += q * d
        return sign * o

    def at(t, p):
        return t if not p else at(t[p[0]], p[1:])
    shape = tuple(g.untree(sh) for sh, _ in c["modes"])
    stride = tuple(g.untree(d) for _, d in c["modes"])
    rs, rd = (re.sub(r"[(),_]", " ", x).split() for x in c["expect"].split(":"))
    rs, rd = [int(x) for x in rs], [int(x) for x in rd]
    if math.prod(rs) != math.prod(n for n, _, _ in c["b"]):
        return False
    for i in range(math.prod(rs)):
        want, j = 0, i
        parts = {}
        for n, v, p in c["b"]:
            k, j = j % n, j // n
            key = None if p is None else tuple(p)
            parts[key] = parts.get(key, 0) + k * v
        for p, x in parts.items():
            want += point(shape, stride, x) if p is None else point(at(shape, p), at(stride, p), x)
        if point(tuple(rs), tuple(rd), i) != want:
            return False
    return True


def cpp_basis(b):
    """B of `basis_cases` in CuTe C++."""
    def stride(v, p):
        if p is None:
            return f"Int<{v}>{{}}"
        e = "E<" + ",".join(str(i) for i in p) + ">{}"
        return e if v == 1 else f"Int<{v}>{{}}*{e}"
    shape = ",".join(f"Int<{s}>{{}}" for s, _, _ in b)
    return f"make_layout(make_shape({shape}), make_stride({','.join(stride(v, p) for _, v, p in b)}))"


def rust_basis(b):
    """B of `basis_cases` as `layout!`'s text (`v@j@i` for CuTe's `E<i,j>`)."""
    def stride(v, p):
        return str(v) if p is None else str(v) + "".join(f"@{i}" for i in reversed(p))
    return f"({','.join(str(s) for s, _, _ in b)}):({','.join(stride(v, p) for _, v, p in b)})"


def cpp_static(t):
    """A tree of static integers (an order, a profile) as CuTe C++ writes it."""
    return f"Int<{t}>{{}}" if isinstance(t, int) else "make_tuple(" + ",".join(cpp_static(x) for x in t) + ")"


def rust_static(t):
    """A tree of static integers as the type level writes it."""
    return f"int!({t})" if isinstance(t, int) else "hlist![" + ", ".join(rust_static(x) for x in t) + "]"


# Static tiler entries with a complement (an integer is `make_layout(n)`), for `identity_divide_cases`.
IDENTITY_ENTRIES = [1, 2, 4, 8, (4, 2), (2, 3), ((2, 2), (1, 4)), ((2, 2), (2, 8))]
IDENTITY_FORMS = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "composition"]


def identity_divide_cases(rng, count):
    """Identity layouts of rank 1-3 (each mode a leaf, static or not, one run-time at least: the strides
    `1@i`), divided or composed by a tiler of 1 to rank static entries: a leaf mode `s:1@i` by `B` is
    `B@i`, then `complement(B, s)@i`, every basis stride static."""
    out = []
    while len(out) < count:
        shape = [[rng.choice([2, 3, 4, 8, 10, 12, 16, 200]), rng.random() < 0.4]
                 for _ in range(rng.choice([1, 2, 2, 3]))]
        if all(x[1] for x in shape):
            continue
        entries = [rng.choice(IDENTITY_ENTRIES) for _ in range(rng.randint(1, len(shape)))]
        entries = [e if isinstance(e, int) else list(e) for e in entries]
        out.append({"op": "identity_divide", "form": rng.choice(IDENTITY_FORMS), "shape": shape,
                    "entries": entries})
    return out


def rank1_divide_cases(rng, count):
    """Rank-1 layouts `(s):(d)` (extent and stride static or not, one run-time at least) divided by one
    static tiler entry in the four forms: CuTe C++ keeps the rest of a tiled or flat divide a one-mode
    tuple there (`((_2),((_3,2)))`, the zipped form)."""
    out = []
    while len(out) < count:
        s, d = rng.choice([8, 12, 16, 200]), rng.choice([1, 2, 3])
        leaves = [(s, rng.random() < 0.4, d, rng.random() < 0.6)]
        if leaves[0][1] and leaves[0][3]:
            continue
        entry = rng.choice(IDENTITY_ENTRIES[1:])
        out.append({"op": "rank1_divide", "form": rng.choice(IDENTITY_FORMS[:4]), "leaves": leaves,
                    "entries": [entry if isinstance(entry, int) else list(entry)]})
    return out


def parse_cute(text):
    """A CuTe C++ tree (`((_4,3),_8)` or its strides `((_1@0,_4@0),_1@1)`) as nested lists of leaf texts."""
    stack = [[]]
    for tok in re.findall(r"[()]|[^(),]+", text):
        if tok == "(":
            stack.append([])
        elif tok == ")":
            t = stack.pop()
            stack[-1].append(t)
        else:
            stack[-1].append(tok)
    return stack[0][0]


def identity_parts(c):
    """CuTe C++'s answer to an `identity_divide` case as `(tiles, rests, kept)`: per tiler entry its
    tile and its rest (each a `(shape, stride)` pair of trees), then the modes past the tiler."""
    sh, st = (parse_cute(x) for x in c["expect"].split(":"))
    n = len(c["entries"])
    if len(c["shape"]) == 1 and not isinstance(sh, list):
        sh, st = [sh], [st]  # one leaf mode composed: the leaf itself
    if c["form"] == "logical_divide":
        tiles = [(sh[m][0], st[m][0]) for m in range(n)]
        rests = [(sh[m][1], st[m][1]) for m in range(n)]
        return tiles, rests, list(zip(sh[n:], st[n:]))
    if c["form"] == "composition":
        return list(zip(sh, st)), None, []
    head_s, head_d = (sh[0], st[0]) if c["form"] != "flat_divide" else (sh[:n], st[:n])
    tail_s, tail_d = {"zipped_divide": (sh[1], st[1]), "tiled_divide": (sh[1:], st[1:]),
                      "flat_divide": (sh[n:], st[n:])}[c["form"]]
    return list(zip(head_s, head_d)), list(zip(tail_s[:n], tail_d[:n])), list(zip(tail_s[n:], tail_d[n:]))


def identity_divide_holds(cs):
    """Whether each CuTe C++ answer to an `identity_divide` case is the divide: every stride of the parts
    of mode `m` is `v@m`, and stripped of `@m` the tile is `B` and the rest `complement(B, s)` as
    functions (pycute; an integer entry `n` is `n:1`, `1:0` for 1, CuTe C++'s `make_layout(n)`; the
    composition's entry `n` is `n:1`; a stride `0` is in every direction); the modes past the tiler are
    kept. Indices of those that break it."""
    rows = []
    for c in cs:
        tiles, rests, kept = identity_parts(c)
        n = len(c["entries"])
        rows.append(repr(([x[0] for x in c["shape"]], c["entries"], c["form"], tiles, rests, kept, n)))
    prog = r"""import re
def leaves(t):
    return [t] if isinstance(t, str) else [y for x in t for y in leaves(x)]
def ints(t, m):
    # the tree t of strides v@m (or extents) as integers; None where a stride is not in direction m
    if isinstance(t, list):
        xs = [ints(x, m) for x in t]
        return None if any(x is None for x in xs) else tuple(xs)
    v = t.replace('_', '')
    if m is None:
        return int(v)
    parts = v.split('@')
    return int(parts[0]) if parts[1:] == [str(m)] or parts == ['0'] else None
def entry(e, form):
    if isinstance(e, int):
        return Layout(e, 1) if (e > 1 or form == 'composition') else Layout(1, 0)
    tup = lambda x: tuple(tup(y) for y in x) if isinstance(x, list) else x
    return Layout(tup(e[0]), tup(e[1]))
def same(l, s, d):
    if d is None:
        return False
    r = Layout(s, d)
    return size(r) == size(l) and all(r(i) == l(i) for i in range(size(l)))
bad = []
for k, (shape, entries, form, tiles, rests, kept, n) in enumerate([""" + ",".join(rows) + r"""]):
    ok = len(tiles) == n
    for m in range(min(n, len(tiles))):
        b = entry(entries[m], form)
        ts, td = tiles[m]
        ok = ok and same(b, ints(ts, None), ints(td, m))
        if rests is not None:
            rs, rd = rests[m]
            ok = ok and same(complement(b, shape[m]), ints(rs, None), ints(rd, m))
    if form != 'composition':
        ok = ok and [ints(s, None) for s, _ in kept] == shape[n:] and all(
            ints(d, m) == 1 for m, (_, d) in zip(range(n, len(shape)), kept))
    if not ok:
        bad.append(k)
print(bad)
"""
    return json.loads(g.run_pycute(prog))


def identity_divide_text(c):
    """An `identity_divide` case's call, for the generated test's messages."""
    t = ", ".join(g.rust_entry(e if isinstance(e, int) else tuple(e)) for e in c["entries"])
    return f"{c['form']}(make_identity_layout({it_text(c['shape'])}), <{t}>)"


def cases(seed=79):
    rng = random.Random(seed)
    tiles = local_tile_cases(rng, 24)
    rest_sizes(rng, tiles)
    return (tiles + static_index_cases(rng, 20) + negative_inverse_cases(rng, 24) + call_cases(rng, 30)
            + last_unit_cases(rng, 24) + negative_b_cases(rng, 20) + tiler_entry_cases(rng, 12)
            + static_mode_tiler_cases(rng, 8) + nested_mode_tiler_cases(rng, 12)
            + identity_cases(random.Random("identity"), 16)
            + nullspace_cases(random.Random("nullspace"), 20)
            + common_cases(random.Random("common"), 20)
            + profile_cases(random.Random("profile"), 24)
            + complement_default_cases(random.Random("complement"), 16)
            + recast_cases(random.Random("recast"), 24)
            + ordered_cases(random.Random("ordered"), 20)
            + int_tuple_cases(random.Random("int tuples"), 10)
            + tile_cases(random.Random("tile to shape"), 16)
            + basis_cases(random.Random("basis"), 16)
            + identity_divide_cases(random.Random("identity divide"), 30)
            + rank1_divide_cases(random.Random("rank-1 divide"), 12))


def cpp_layout(c):
    if "leaves" in c:
        shape = ",".join(g.cpp_int(s, ss) for s, ss, _, _ in c["leaves"])
        stride = ",".join(g.cpp_int(d, ds) for _, _, d, ds in c["leaves"])
    else:
        shape = ",".join(g.cpp_tree(sh) for sh, _ in c["modes"])
        stride = ",".join(g.cpp_tree(d) for _, d in c["modes"])
    return f"auto a = make_layout(make_shape({shape}), make_stride({stride}));"


def cpp_case(c):
    """A block printing the case's answer on one line."""
    if c["op"] == "identity":
        shape = ",".join(g.cpp_tree(x) for x in c["shape"])
        return f'{{ print(make_identity_layout(make_shape({shape}))); printf("\\n"); }}'
    if c["op"] == "identity_divide":
        shape = ",".join(g.cpp_tree(x) for x in c["shape"])
        tiler = ", ".join(g.cpp_entry(e if isinstance(e, int) else tuple(e)) for e in c["entries"])
        return (f'{{ print({c["form"]}(make_identity_layout(make_shape({shape})), make_tile({tiler}))); '
                'printf("\\n"); }')
    if c["op"] == "ordered":
        shape = ",".join(g.cpp_tree(x) for x in c["shape"])
        return f'{{ print(make_ordered_layout(make_shape({shape}), {cpp_static(c["order"])})); printf("\\n"); }}'
    if c["op"] in INT_OPS:
        args = ", ".join(g.cpp_tree(x) for x in c["args"])
        return f'{{ print({INT_OPS[c["op"]]}({args})); printf("\\n"); }}'
    if c["op"] == "tile_to_shape":
        target = "make_shape(" + ",".join(g.cpp_tree(x) for x in c["target"]) + ")"
        order = "" if c["order"] == 0 else ", " + cpp_static(c["order"])
        return "{ " + cpp_layout(c) + f' print(tile_to_shape(a, {target}{order})); printf("\\n"); }}'
    tensor = "auto t = make_tensor(make_inttuple_iter(0), a);"
    show = 'print(r.layout()); printf(" %d\\n", int(*r.data()));'
    if c["op"] == "local_tile":
        body = f"{tensor} auto r = local_tile(t, {g.cpp_entry(tuple(c['layout']))}, int({c['index']})); {show}"
    elif c["op"] == "local_partition":
        body = f"{tensor} auto r = local_partition(t, {g.cpp_entry(c['threads'])}, Int<{c['idx']}>{{}}); {show}"
    elif c["op"] == "right_inverse":
        body = 'print(right_inverse(a)); printf("\\n");'
    elif c["op"] == "nullspace":
        body = 'print(nullspace(a)); printf("\\n");'
    elif c["op"] in ("coalesce", "filter"):
        body = f'print({c["op"]}(a, {cpp_static(c["profile"])})); printf("\\n");'
    elif c["op"] == "complement_default":
        body = 'print(complement(a)); printf("\\n");'
    elif c["op"] == "recast":
        body = f'print(recast_layout<{BITS[c["old"]]}, {BITS[c["new"]]}>(a)); printf("\\n");'
    elif c["op"] == "common":
        shape = ",".join(g.cpp_int(s, ss) for s, ss, _, _ in c["b_leaves"])
        stride = ",".join(g.cpp_int(d, ds) for _, _, d, ds in c["b_leaves"])
        body = (f"auto b = make_layout(make_shape({shape}), make_stride({stride})); "
                'print(max_common_vector(a, b)); printf(" "); print(max_common_layout(a, b)); printf("\\n");')
    elif c["op"] == "composition":
        body = f'print(composition(a, {g.cpp_entry(tuple(c["layout"]))})); printf("\\n");'
    elif c["op"] == "composition_basis":
        body = f'print(composition(a, {cpp_basis(c["b"])})); printf("\\n");'
    elif c["op"] == "composition_tiler":
        tiler = ", ".join(g.cpp_entry(e if isinstance(e, int) else tuple(e)) for e in c["entries"])
        body = f'print(composition(a, make_tile({tiler}))); printf("\\n");'
    elif c["op"] == "rank1_divide":
        tiler = ", ".join(g.cpp_entry(e if isinstance(e, int) else tuple(e)) for e in c["entries"])
        body = f'print({c["form"]}(a, make_tile({tiler}))); printf("\\n");'
    else:
        k = c["coord"]
        arg = f"int({k})" if isinstance(k, int) else f"make_coord(int({k[0]}), int({k[1]}))"
        body = f'print(a({arg})); printf("\\n");'
    return "{ " + cpp_layout(c) + " " + body + " }"


def cpp_run(cs):
    """CuTe C++'s line for each case, as `(case, line)` pairs: all in one program, or each alone where
    CuTe C++ refuses some statically (those left out). A program prints a first line of its own,
    skipped."""
    def run(group):
        body = 'printf("x\\n");\n' + "\n".join(cpp_case(c) for c in group)
        out = subprocess.run([g.tool_cpp(), body], capture_output=True, text=True)
        if out.returncode != 0:
            return None
        lines = [x.strip() for x in out.stdout.split("\n")]
        return list(zip(group, lines[lines.index("x") + 1:]))

    answered = run(cs)
    if answered is None:
        answered = [pair for c in cs for pair in (run([c]) or [])]
    return answered


def check(cs):
    """Each expected answer checked with pycute (`bad`: indices that break the postcondition): a tile
    `off + R` holds `A(L(i, c))` for `L = (T, complement(T, size(A)))` wherever that lies inside `A`,
    with `size(T)` elements; a partition as gen_mixed.py's `check_tilings`; a right inverse `A(R(i)) =
    i` for every `i < size(R)`; a value `A(coord)`, the last leaf of the mode (or layout) extended; a
    composition `R = A ∘ B` has `size(B)` elements and `R(i) = A(B(i))`, A's last leaf extended."""
    rows = []
    for c in cs:
        if "leaves" in c:
            s, d = tuple(x[0] for x in c["leaves"]), tuple(x[2] for x in c["leaves"])
        else:
            s, d = tuple(g.untree(sh) for sh, _ in c["modes"]), tuple(g.untree(x) for _, x in c["modes"])
        arg = {"local_tile": (c.get("layout"), c.get("index")), "local_partition": (c.get("threads"), c.get("idx")),
               "right_inverse": None, "nullspace": None, "common": None,
               "coalesce": None, "filter": None, "complement_default": None, "call": c.get("coord"), "composition": c.get("layout"),
               "composition_tiler": c.get("entries")}[c["op"]]
        if c["op"] == "common":
            arg = (tuple(x[0] for x in c["b_leaves"]), tuple(x[2] for x in c["b_leaves"]))
        rows.append(f"({s!r}, {d!r}, {c['op']!r}, {arg!r}, {c['expect'].replace('_', '')!r})")
    prog = r"""import ast, itertools
def lay(t):
    s, d = t.split(':')
    return Layout(ast.literal_eval(s), ast.literal_eval(d))
def ext(shape, stride, i):
    # the offset of the index i in the mode shape:stride, its last leaf extended
    sh = list(shape) if isinstance(shape, tuple) else [shape]
    st = list(stride) if isinstance(stride, tuple) else [stride]
    o = 0
    for k, (x, y) in enumerate(zip(sh, st)):
        if k == len(sh) - 1:
            return o + i * y
        o, i = o + (i % x) * y, i // x
def signed(shape, stride, x):
    # ext, with A(-x) = -A(x) for a negative index (CuTe C++ and the runtime layer extend A so)
    return ext(shape, stride, x) if x >= 0 else -ext(shape, stride, -x)
bad = []
for k, (s, d, op, arg, got) in enumerate([""" + ",".join(rows) + r"""]):
    a = Layout(s, d)
    if op == 'call':
        if isinstance(arg, int):
            fs, fd = [], []
            for x, y in zip(s, d):
                fs += list(x) if isinstance(x, tuple) else [x]
                fd += list(y) if isinstance(y, tuple) else [y]
            want = ext(tuple(fs), tuple(fd), arg)
        else:
            want = ext(s[0], d[0], arg[0]) + arg[1] * d[1]
        ok = int(got) == want
    elif op == 'right_inverse':
        r = lay(got)
        ok = all(a(r(i)) == i for i in range(size(r)))
    elif op == 'nullspace':
        r = lay(got)
        ok = all(a(r(i)) == a(0) for i in range(size(r)))
    elif op == 'complement_default':
        # R is ordered, and (A, R) is one-to-one: no offset of A + R twice, R's image reaching cosize(A)
        r = lay(got)
        fa, pairs = set(a(i) for i in range(size(a))), set()
        ok = all(r(i) < r(i + 1) for i in range(size(r) - 1))
        for j in range(size(r)):
            for x in fa:
                ok = ok and (x + r(j)) not in pairs
                pairs.add(x + r(j))
        ok = ok and size(r) * len(fa) >= cosize(a)
    elif op in ('coalesce', 'filter'):
        r = lay(got)
        if op == 'coalesce':
            ok = size(r) == size(a) and all(r(i) == a(i) for i in range(size(a)))
        else:
            ok = set(r(i) for i in range(size(r))) == set(a(i) for i in range(size(a)))
    elif op == 'common':
        n, l = got.split(' ')
        b, r = Layout(*arg), lay(l)
        ok = size(r) == int(n) and all(a(r(i)) == i and b(r(i)) == i for i in range(int(n)))
    elif op == 'composition_tiler':
        r = lay(got)
        ok = True
        for m, e in enumerate(arg):
            b = Layout(e, 1) if isinstance(e, int) else Layout(*[tuple(x) if isinstance(x, list) else x for x in e])
            rm = r[m]
            ok = ok and size(rm) == size(b) and all(rm(i) == signed(s[m], d[m], b(i)) for i in range(size(b)))
    elif op == 'composition':
        r, b = lay(got), Layout(*[tuple(x) if isinstance(x, list) else x for x in arg])
        ok = size(r) == size(b) and all(r(i) == signed(s, d, b(i)) for i in range(size(b)))
    else:
        l, off = got.split(' ')
        r, off = lay(l), int(off)
        if op == 'local_tile':
            (ts, td), c = arg
            t = Layout(ts if isinstance(ts, int) else tuple(tuple(x) if isinstance(x, list) else x for x in ts),
                       td if isinstance(td, int) else tuple(tuple(x) if isinstance(x, list) else x for x in td))
            full = make_layout(t, complement(t, size(a)))
            ok = size(r) == size(t) and all(off + r(i) == a(full((i, c))) for i in range(size(t))
                                            if full((i, c)) < size(a))
        else:
            (ts, td), idx = arg
            thr = Layout(tuple(ts), tuple(td))
            tc = next(x for x in itertools.product(range(ts[0]), range(ts[1])) if thr(x) == idx)
            ms = [size(m) for m in s]
            n = [-(-ms[m] // ts[m]) for m in range(2)]
            ok = size(r) == n[0] * n[1] and all(
                off + r((i, j)) == a((tc[0] + ts[0] * i, tc[1] + ts[1] * j))
                for i in range(n[0]) for j in range(n[1])
                if tc[0] + ts[0] * i < ms[0] and tc[1] + ts[1] * j < ms[1])
    if not ok:
        bad.append(k)
print(bad)
"""
    return json.loads(g.run_pycute(prog))


def static_extents(t):
    return t[1] if g.is_leaf(t) else all(static_extents(x) for x in t)


def identity_text(shape):
    """The identity layout of `shape` as CuTe C++ prints it: each leaf at the mode path `p` has the
    static stride `1@p` (innermost first), so a coordinate maps to itself."""
    def sh(t):
        return (f"_{t[0]}" if t[1] else str(t[0])) if g.is_leaf(t) else "(" + ",".join(sh(x) for x in t) + ")"

    def st(t, path):
        if g.is_leaf(t):
            return "_1@" + "@".join(str(i) for i in reversed(path))
        return "(" + ",".join(st(x, path + [i]) for i, x in enumerate(t)) + ")"
    return sh(shape) + ":" + st(shape, [])


def oracle():
    cs = []
    for c, line in cpp_run(cases()):
        c["expect"] = line
        cs.append(c)
    for c in cs:
        if c["op"] == "right_inverse":  # the type level's rule: positive strides only (gen_mixed.py)
            model = g.model_right_inverse(c["leaves"])
            if model != c["expect"]:
                c["cute"], c["expect"] = c["expect"], model
    for c in cs:
        if c["op"] == "identity":
            assert c["expect"] == identity_text(c["shape"]), ("not the identity", c)
        if c["op"] == "ordered":
            assert c["expect"] == ordered_text(c), ("not the ordered layout", c, ordered_text(c))
        if c["op"] == "recast":  # CuTe C++'s answer against the leaf-by-leaf map of the values
            s_, d_ = c["expect"].replace("_", "").strip("()").split(":")
            got = list(zip(*[[int(x) for x in t.strip("()").split(",")] for t in (s_, d_)]))
            if got != model_recast(c):
                c["cute"], c["expect"] = c["expect"], "error"
        if c["op"] == "composition_basis" and not basis_holds(c):  # CuTe C++ skips its rules on `int`s
            c["cute"], c["expect"] = c["expect"], "error"
        if c["op"] == "idx2crd_strided":  # CuTe C++'s `%` keeps the sign of a negative quotient
            wrapped = wrap_strided(c)
            if wrapped != c["expect"]:
                c["cute"], c["expect"] = c["expect"], wrapped
    divides = [c for c in cs if c["op"] == "identity_divide"]
    assert not identity_divide_holds(divides), "a divide of an identity layout that is not one"
    checked = [c for c in cs if c["op"] not in ("identity", "recast", "ordered", "tile_to_shape", "composition_basis",
                                                 "identity_divide", "rank1_divide")
               and c["op"] not in INT_OPS]
    bad = check(checked)
    for k in bad:
        c = checked[k]
        assert c["op"] in ("local_tile", "local_partition", "composition", "composition_tiler"), (
            "an expected value breaks its rule", c)
        c["cute"], c["expect"] = c["expect"], "error"
        if "modes" in c and all(static_extents(sh) for sh, _ in c["modes"]):
            c["refused"] = "at compile time"  # static extents: the type level's verdict is static
    # CuTe's right inverses that break A(R(i)) = i, and those that are shorter than the rule's.
    cute = [dict(c, expect=c["cute"]) for c in cs if c["op"] == "right_inverse" and "cute" in c]
    broken = set(check(cute))
    for k, c in enumerate(cute):
        c["why"] = "breaks A(R(i)) = i" if k in broken else "shorter"
    for c in cs:
        if "cute" in c and c["op"] == "right_inverse":
            c["cute_why"] = next(x["why"] for x in cute if x["leaves"] == c["leaves"])
    with open(DATA, "w") as f:
        f.write("".join(json.dumps(c) + "\n" for c in cs))


def rust_layout(c):
    if "leaves" in c:
        shape = ", ".join(g.rust_int(s, ss) for s, ss, _, _ in c["leaves"])
        stride = ", ".join(g.rust_int(d, ds) for _, _, d, ds in c["leaves"])
    else:
        shape = ", ".join(g.rust_tree(sh) for sh, _ in c["modes"])
        stride = ", ".join(g.rust_tree(d) for _, d in c["modes"])
    return f"    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();"


def rust_case(c):
    """The lines that check the case `c`."""
    if c["op"] == "identity":
        shape = "hlist![" + ", ".join(g.rust_tree(x) for x in c["shape"]) + "]"
        return [g.checked_call(f"try_make_identity_layout({shape})", f"make_identity_layout({shape})", c)]
    if c["op"] == "identity_divide":
        shape = "hlist![" + ", ".join(g.rust_tree(x) for x in c["shape"]) + "]"
        t = ", ".join(g.rust_entry(e if isinstance(e, int) else tuple(e)) for e in c["entries"])
        call = f"try_{c['form']}(try_make_identity_layout({shape}).unwrap(), tile!({t}))"
        return [g.checked_call(call, identity_divide_text(c), c)]
    if c["op"] == "ordered":
        shape = "hlist![" + ", ".join(g.rust_tree(x) for x in c["shape"]) + "]"
        call = f"try_make_ordered_layout({shape}, {rust_static(c['order'])})"
        return [g.checked_call(call, f"make_ordered_layout({shape}, {c['order']})", c)]
    if c["op"] in INT_OPS:
        args = ", ".join(g.rust_tree(x) for x in c["args"])
        what = f'{c["op"]}({", ".join(it_text(x) for x in c["args"])})'
        lines = [f'    let r = Cute(try_{c["op"]}({args}).unwrap());\n'
                 f'    if format!("{{r:#}}") != "{c["expect"]}" {{\n'
                 f'        wrong.push(format!("{what} = {{r:#}}, CuTe C++: {c["expect"]}"));\n    }}']
        if c["static"]:  # the static function: the same constants
            lines.append(f'    let s = Cute({c["op"]}({args}));\n'
                         f'    if format!("{{s:#}}") != "{c["expect"]}" {{\n'
                         f'        wrong.push(format!("static {what} = {{s:#}}, CuTe C++: {c["expect"]}"));\n    }}')
        return lines
    lines = [rust_layout(c)]
    if c["op"] == "call":
        k = c["coord"]
        arg = f"{k}usize" if isinstance(k, int) else f"({k[0]}usize, {k[1]}usize)"
        lines.append(f"    if a.call({arg}) != {c['expect']} || a.try_call({arg}).is_ok() {{\n"
                     f"        wrong.push(format!(\"{{a:#}}({arg}) = {{}} ({{:?}}), CuTe C++: {c['expect']}\", "
                     f"a.call({arg}), a.try_call({arg})));\n    }}")
        return lines
    if c["op"] == "right_inverse":
        lines.append(g.checked_call("try_right_inverse(a)", "right_inverse({a:#})", c))
        return lines
    if c["op"] == "tile_to_shape":
        target = "hlist![" + ", ".join(g.rust_tree(x) for x in c["target"]) + "]"
        call = f"try_tile_to_shape(a, {target}, {rust_static(c['order'])})"
        lines.append(g.checked_call(call, f"tile_to_shape({{a:#}}, {it_text(c['target'])}, {c['order']})", c))
        return lines
    if c["op"] == "common":
        shape = ", ".join(g.rust_int(s, ss) for s, ss, _, _ in c["b_leaves"])
        stride = ", ".join(g.rust_int(d, ds) for _, _, d, ds in c["b_leaves"])
        lines.append(f"    let b = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();")
        lines.append('    let (v, r) = (try_max_common_vector(a, b).unwrap(), try_max_common_layout(a, b).unwrap());\n'
                     f'    if format!("_{{}} {{r:#}}", v.value()) != "{c["expect"]}" {{\n'
                     f'        wrong.push(format!("max_common_vector/layout({{a:#}}, {{b:#}}) = _{{}} {{r:#}}, CuTe C++: {c["expect"]}", v.value()));\n    }}')
        return lines
    if c["op"] == "complement_default":
        lines.append(g.checked_call("try_complement_default(a)", "complement({a:#})", c))
        return lines
    if c["op"] == "recast":
        call = f'try_recast_layout(a, int!({c["old"]}), int!({c["new"]}))'
        lines.append(g.checked_call(call, f'recast_layout({{a:#}}, {c["old"]}, {c["new"]})', c))
        return lines
    if c["op"] in ("coalesce", "filter"):
        call = f'{c["op"]}_profile(a, {rust_static(c["profile"])})'
        lines.append(f'    let r = {call};\n    if format!("{{r:#}}") != "{c["expect"]}" {{\n'
                     f'        wrong.push(format!("{c["op"]}({{a:#}}, {c["profile"]}) = {{r:#}}, CuTe C++: {c["expect"]}"));\n    }}')
        return lines
    if c["op"] == "nullspace":
        lines.append(f'    let r = nullspace(a);\n    if format!("{{r:#}}") != "{c["expect"]}" {{\n'
                     f'        wrong.push(format!("nullspace({{a:#}}) = {{r:#}}, CuTe C++: {c["expect"]}"));\n    }}')
        return lines
    if c["op"] == "composition_tiler":
        t = ", ".join(g.rust_entry(e if isinstance(e, int) else tuple(e)) for e in c["entries"])
        lines.append(g.checked_call(f"try_composition(a, tile!({t}))", f"composition({{a:#}}, <{t}>)", c))
        return lines
    if c["op"] == "rank1_divide":
        t = ", ".join(g.rust_entry(e if isinstance(e, int) else tuple(e)) for e in c["entries"])
        lines.append(g.checked_call(f"try_{c['form']}(a, tile!({t}))", f"{c['form']}({{a:#}}, <{t}>)", c))
        return lines
    if c["op"] == "composition_basis":
        b = rust_basis(c["b"])
        lines.append(g.checked_call(f"try_composition(a, layout!({b}))", f"composition({{a:#}}, {b})", c))
        return lines
    if c["op"] == "composition":
        b = g.rust_entry(tuple(c["layout"]))
        lines.append(g.checked_call(f"try_composition(a, layout!({b}))", f"composition({{a:#}}, {b})", c))
        return lines
    if c["op"] == "local_tile":
        return lines + g.rust_tensor_op(c, f"layout!({g.rust_entry(tuple(c['layout']))}), {c['index']}usize")
    return lines + g.rust_tensor_op(c, f"layout!({g.rust_entry(c['threads'])}), int!({c['idx']})")


TESTS = [("local_tile", "local_tile_by_a_layout", "`try_local_tile` by a layout: the tile's layout and first offset."),
         ("local_partition", "local_partition_by_a_static_index",
          "`try_local_partition` at a static thread index (`int!(k)`, CuTe C++ `Int<k>`)."),
         ("right_inverse", "right_inverse_with_negative_strides",
          "`try_right_inverse` with static negative strides among dynamic leaves."),
         ("call", "call_past_the_last_mode",
          "`call` past the last mode (CuTe's function, the last leaf extended); `try_call` refuses."),
         ("composition", "composition_of_a_last_unit_leaf",
          "`try_composition` of a layout whose last leaf is a static extent 1 (CuTe C++'s `coalesce_x`), or by a layout with a static negative stride."),
         ("composition_tiler", "composition_by_a_tiler_without_complement",
          "`try_composition` by a tiler whose entries have no complement (the tile of a leaf mode is `B·d`)."),
         ("identity", "identity_layout_of_run_time_extents",
          "`try_make_identity_layout` of a shape with run-time extents: the strides `1@i` stay static."),
         ("nullspace", "nullspace_of_run_time_leaves",
          "`nullspace` of a layout with run-time leaves: only static zero strides count, as in CuTe C++."),
         ("coalesce", "coalesce_by_a_profile_of_run_time_leaves",
          "`coalesce_profile` of a layout with run-time leaves, mode by mode as CuTe C++."),
         ("filter", "filter_by_a_profile_of_run_time_leaves",
          "`filter_profile` of a layout with run-time leaves, mode by mode as CuTe C++."),
         ("complement_default", "complement_up_to_the_cosize_of_run_time_leaves",
          "`try_complement_default`: the one-argument `complement(a)`, up to `cosize(a)`."),
         ("recast", "recast_layout_of_run_time_leaves",
          "`try_recast_layout` of a layout with run-time leaves between element widths of 8 to 64 bits."),
         ("ordered", "ordered_layout_of_run_time_extents",
          "`try_make_ordered_layout` of a shape with run-time extents: strides static where CuTe C++'s are."),
         ("common", "common_vector_of_run_time_leaves",
          "`try_max_common_vector` and `try_max_common_layout`: a static vector, as in CuTe C++."),
         ("composition_basis", "composition_by_scaled_basis_strides",
          "`try_composition` by a layout with scaled-basis strides: each leaf `s:v@i` composes mode `i`."),
         ("identity_divide", "divides_of_identity_layouts_of_run_time_extents",
          "The divides and the composition by a static tiler of an identity layout with run-time extents."),
         ("rank1_divide", "divides_of_rank_1_layouts",
          "The four divides of a rank-1 layout with run-time leaves: a one-mode rest stays a tuple."),
         ("tile_to_shape", "tile_to_shape_of_run_time_leaves",
          "`try_tile_to_shape` of a block and a target shape with run-time leaves."),
         ("idx2crd", "idx2crd_of_run_time_leaves", "`try_idx2crd` (and `idx2crd` where every leaf is static)."),
         ("crd2idx", "crd2idx_of_run_time_leaves", "`try_crd2idx` (and `crd2idx` where every leaf is static)."),
         ("crd2crd", "crd2crd_of_run_time_leaves", "`try_crd2crd` (and `crd2crd` where every leaf is static)."),
         ("idx2crd_strided", "idx2crd_strided_of_run_time_leaves",
          "`try_idx2crd_strided`, CuTe C++'s `idx2crd(i, shape, stride)`."),
         ("inner_product", "inner_product_of_run_time_leaves", "`try_inner_product`."),
         ("elem_scale", "elem_scale_of_run_time_leaves", "`try_elem_scale`."),
         ("ceil_div", "ceil_div_of_run_time_leaves", "`try_ceil_div`."),
         ("shape_div", "shape_div_of_run_time_leaves", "`try_shape_div` (operands whose divisions divide)."),
         ("prefix_product", "prefix_product_of_run_time_leaves",
          "`try_prefix_product`, CuTe C++'s `compact_col_major(a, init)` (no static extent 1).")]


def rust(out):
    with open(DATA) as f:
        cs = [json.loads(line) for line in f]
    lines = ["// Generated by tests/golden/gen_forms.py from tests/golden/mixed/forms.jsonl: do not edit.",
             "//! Forms of layouts with dynamic leaves against CuTe C++ with plain `int` leaves: values and",
             "//! which leaves are static (CuTe's `_n` form, our `{:#}`).",
             "use layout_algebra::typelevel::frunk_core::hlist;",
             "use layout_algebra::typelevel::*;",
             "",
             "/// An int tuple in CuTe notation (`{:#}`: CuTe C++'s print).",
             "struct Cute<T>(T);",
             "impl<T: IntTuple> core::fmt::Display for Cute<T> {",
             "    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {",
             "        self.0.fmt_cute(f)",
             "    }",
             "}"]
    for op, name, doc in TESTS:
        lines += ["", f"/// {doc}", "#[test]", f"fn {name}_equal_cute_cpp() {{", "    let mut wrong = Vec::new();"]
        for c in cs:
            if c["op"] == op and "refused" not in c:  # a compile error is no run-time test
                lines += rust_case(c)
        lines.append('    assert!(wrong.is_empty(), "{} of the cases differ:\\n{}", wrong.len(), wrong.join("\\n"));')
        lines.append("}")
    with open(os.path.join(out, "forms_golden.rs"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--out", default=os.path.join(g.ROOT, "tests", "golden_mixed"))
    args = ap.parse_args()
    if args.oracle:
        oracle()
    else:
        rust(args.out)
