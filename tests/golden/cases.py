"""The cases: hand-picked examples from the spec documents plus a seeded random generator.

A case is (op_name, args). Layouts are L(shape, stride), tilers Tile(...), coordinates use None for `_`.
"""

import random

from model import E, L, Tile, flatten, is_tuple, prefix_product, product

# ------------------------------------------------------------------ hand-picked examples


def P(text):
    """Parse a layout / int tuple written in CuTe notation (for the hand-picked cases)."""
    from model import parse_value
    return parse_value(text)


def T(*entries):
    return Tile(entries)


e0, e1 = E(1, (0,)), E(1, (1,))

HAND = {
    "composition": [
        # spec README and errata
        ("(4,6,8):(2,3,5)", "6:3"), ("7:11", "3:4"), ("(4,2,8):(3,12,97)", "3:3"),
        ("((32,8,4)):((0,3,32))", "(4,(2),16):(64,(128),1)"), ("1:1", "1:1"),
        # 001 section 3.3
        ("(5,3):(1,7)", "2:5"), ("(5,3):(1,7)", "4:1"), ("4:1", "2:5"),
        ("(4,6,8,10):(2,3,5,7)", "6:12"), ("(1,2,8,10):(0,9,5,7)", "6:1"),
        ("(4,6,3):(2,3,5)", "6:12"), ("(4,6,8):(2,3,5)", "6:1"), ("(8,8):(3,97)", "3:3"),
        ("(8):(3)", "3:3"), ("(4,2,8):(3,12,97)", "4:3"), ("(4,2,8):(3,15,97)", "3:3"),
        ("7:11", "(3,5):(6,3)"),
        # Table 4
        ("(8,8):(1,8)", "((4,8),2):((16,1),8)"), ("(8,8):(8,1)", "((4,8),2):((16,1),8)"),
        ("(8,8):(1,9)", "((4,8),2):((16,1),8)"),
        ("((4,2),(2,4)):((2,16),(1,8))", "((4,8),2):((16,1),8)"),
        # 3.5.2 examples: 24 ∘ 8:3 etc.
        ("24:1", "8:3"), ("3:3", "8:3"), ("(6,2,2):(1,6,12)", "8:3"), ("(2,1,20):(1,2,2)", "8:3"),
        ("24:1", "(8,3):(3,1)"), ("(6,2,2):(1,6,12)", "(8,3):(3,1)"),
        # 002 (corrected order A(B(i)))
        ("8:2", "4:1"), ("4:1", "8:2"), ("(4,2):(1,4)", "(2,2):(1,2)"),
        # 000
        ("(4,8):(1,4)", "4:2"),
    ],
    "composition_tiler": [
        ("(8,16):(1,8)", T(4, 8)), ("(8,16):(1,8)", T(P("4:1"), P("8:1"))),
        ("(8,16):(1,8)", T(P("4:2"), P("8:2"))), ("(8,16):(20,1)", T(P("4:1"), P("8:2"))),
        ("(8,16):(20,1)", T(P("(2,2):(1,4)"), P("(4,2):(2,1)"))), ("(8,16,4):(1,8,128)", T(4, 8)),
        ("(8,16):(1,8)", T(4)), ("(8,16):(1,8)", T(4, 8, 2)),
    ],
    "complement": [
        ("4:2", 24), ("4:32", 256), ("(2,2):(1,6)", 24), ("(4,8):(1,4)", None), ("(4,8):(8,1)", None),
        ("(4,(4,2)):(4,(1,16))", None), ("(4,8):(1,5)", None), ("(4,8):(1,8)", None),
        ("((2,2),(2,4)):((0,1),(0,2))", None), ("((2,2),(2,4)):((0,2),(0,4))", None),
        ("(4,8):(1,4)", 32), ("(4,8):(8,1)", 32), ("(4,8):(1,5)", 40), ("(4,8):(1,8)", 64),
        ("((2,2),(2,4)):((0,1),(0,2))", 8), ("((2,2),(2,4)):((0,2),(0,4))", 32),
        ("(3,4):(4,1)", 120), ("(4,8):(20,2)", 960), ("32:1", 128), ("128:1", 512), ("(4,2):(1,4)", 8),
    ],
    "right_inverse": ["(4,8):(1,4)", "(4,8):(8,1)", "(3,7,5):(5,15,1)", "(4,8):(1,5)", "(4,(4,2)):(4,(1,16))",
                      "((2,2),(4,2)):((1,8),(2,16))", "((2,2),(2,4)):((0,1),(0,2))",
                      "((2,2),(2,4)):((0,2),(0,4))", "(6,4):(0,1)"],
    "coalesce": ["(2,(1,6)):(1,(6,2))", "((4,3),5):((15,1),3)", "(4,(3,5)):(15,(1,3))", "(2,4):(4,1)",
                 "(2,4):(1,2)", "(2,4):(8,1)", "(4,3):(1,0)", "(4,1):(1,0)"],
    "coalesce_profile": [("(2,(1,6)):(1,(6,2))", (1, 1)), ("((4,3),5):((15,1),3)", (1, 1)),
                         ("(4,(3,5)):(15,(1,3))", (1, 1))],
    "divide": [("24:1", "8:3"), ("3:3", "8:3"), ("(6,2,2):(1,6,12)", "8:3"), ("(2,1,20):(1,2,2)", "8:3"),
               ("(8,16):(20,1)", T(P("4:1"), P("8:2"))), ("128:1", "32:1"), ("(8,16):(1,8)", T(4, 8)),
               ("(8,16,4):(1,8,128)", T(4, 8))],
    "product": [("(3,4):(4,1)", "(2,5):(1,2)"), ("(4,8):(20,2)", "(3,2):(2,1)"), ("128:1", "4:32"),
                ("128:1", "4:1"), ("(4):(1)", "16:1"), ("(2,2):(1,2)", "(3,4):(1,3)")],
}


def basis_cases():
    """Examples with scaled-basis strides (001 Tables 4-7); only C++ supports them."""
    out = []
    idl = L((8, 8), (e0, e1))
    out.append(("composition", (idl, P("((4,8),2):((16,1),8)"))))
    out.append(("right_inverse", (L((4, 8), (e0, e1)),)))
    out.append(("right_inverse", (L((4, (4, 2)), (e1, (e0, E(6, (1,))))),)))
    out.append(("left_inverse", (L((4, 8), (e0, e1)),)))
    out.append(("left_inverse", (L((4, (4, 2)), (e1, (e0, E(6, (1,))))),)))
    out.append(("complement", (L((4, 8), (e0, e1)),)))
    out.append(("complement", (L((4, (4, 2)), (e1, (e0, E(12, (1,))))),)))
    out.append(("coalesce", (L((4, 8), (e0, e1)),)))
    out.append(("composition", (L((4, 8), (e0, e1)), T(P("2:2"), P("4:1")))))
    # Scaled bases in B: a leaf s:v@i.. composes mode i.. of A with s:v.
    out.append(("composition", (P("(4,8):(1,4)"), L(2, e1))))
    out.append(("composition", (P("8:3"), L(2, e0))))
    out.append(("composition", (P("(4,(2,4)):(2,(1,8))"), L(4, e1))))
    out.append(("composition", (P("(4,(2,3)):(1,(4,8))"), L((2, 3), (e0, E(1, (1, 1)))))))
    out.append(("composition", (P("(4,8):(1,4)"), L((2, 2), (e0, E(2, (1,)))))))
    out.append(("composition", (L((4, 8), (e0, e1)), L((2, 4), (E(2, (0,)), e1)))))
    return out


# ------------------------------------------------------------------ random building blocks

EXTS = [1, 2, 2, 3, 4, 4, 5, 6, 8, 8, 12, 16]
STRIDES = [0, 1, 1, 2, 2, 3, 4, 4, 5, 6, 7, 8, 9, 12, 16, 24, 32, 64]


def unflatten(flat, like):
    it = iter(flat)

    def go(t):
        if is_tuple(t):
            return tuple(go(x) for x in t)
        return next(it)
    return go(like)


def nest(rng, n, max_depth=3, max_rank=4, top=True):
    """A random hierarchy (nested tuples of leaf indices) over n leaves."""
    if n == 1 and (not top or rng.random() < 0.25):
        return "x"
    if max_depth <= 1:
        return tuple("x" for _ in range(n))
    k = rng.randint(1, min(n, max_rank))
    if top and k == 1 and n > 1 and rng.random() < 0.7:
        k = min(n, 2)
    cuts = sorted(rng.sample(range(1, n), k - 1)) if k > 1 else []
    sizes = [b - a for a, b in zip([0] + cuts, cuts + [n])]
    out = []
    for s in sizes:
        if s == 1 and rng.random() < 0.8:
            out.append("x")
        else:
            out.append(nest(rng, s, max_depth - 1, max_rank, False))
            if not is_tuple(out[-1]):
                out[-1] = (out[-1],) if rng.random() < 0.2 else out[-1]
    return tuple(out)


def structured(rng, pairs, max_depth=3):
    """Layout from flat (shape, stride) pairs in a random hierarchy."""
    h = nest(rng, len(pairs), max_depth)
    if not is_tuple(h):
        return L(pairs[0][0], pairs[0][1])
    return L(unflatten([p[0] for p in pairs], h), unflatten([p[1] for p in pairs], h))


def rext(rng, maxsize, n):
    while True:
        ex = [rng.choice(EXTS) for _ in range(n)]
        if product(tuple(ex)) <= maxsize:
            return ex


def injective_pairs(rng, n, maxsize=512, gaps=0.3, shuffle=True):
    ex = rext(rng, maxsize, n)
    cur = 1
    pairs = []
    for s in ex:
        g = rng.choice([2, 3]) if rng.random() < gaps else 1
        cur *= g
        pairs.append((s, cur))
        cur *= s
    if shuffle:
        rng.shuffle(pairs)
    return pairs


def rlayout(rng, kind="mix", maxsize=512, n=None, neg=False, zero=True, depth=3, gaps=0.3):
    n = n or rng.randint(1, 5)
    if kind == "compact":
        pairs = injective_pairs(rng, n, maxsize, gaps)
    elif kind == "random":
        ex = rext(rng, maxsize, n)
        pairs = [(s, rng.choice(STRIDES if zero else STRIDES[1:])) for s in ex]
    else:
        pairs = injective_pairs(rng, n, maxsize, gaps)
        pairs = [(s, (0 if zero and rng.random() < 0.15 else d)) for s, d in pairs]
        if rng.random() < 0.3:
            i = rng.randrange(n)
            pairs[i] = (pairs[i][0], rng.choice(STRIDES[1:]))
    if neg:
        pairs = [(s, -d if rng.random() < 0.35 else d) for s, d in pairs]
    return structured(rng, pairs, depth)


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def rtuple(rng, n=None, depth=2, vals=EXTS):
    n = n or rng.randint(1, 4)
    h = nest(rng, n, depth)
    flat = [rng.choice(vals) for _ in range(n)]
    if not is_tuple(h):
        return flat[0]
    return unflatten(flat, h)


def sub_layout_for(rng, a):
    """A layout B likely admissible for A ∘ B."""
    sz = product(a.shape)
    r = rng.random()
    if r < 0.45:
        d = rng.choice([1, 1, 2, 3, 4] + [p for p in flatten(prefix_product(a.shape)) if p <= sz])
        smax = max(1, sz // d) if d else sz
        s = rng.choice(divisors(smax)) if rng.random() < 0.8 else rng.randint(1, smax + 2)
        return L(s, d)
    if r < 0.8:
        # reshape / permutation of a divisor of the domain
        tgt = rng.choice(divisors(sz))
        ex = []
        rest = tgt
        while rest > 1 and len(ex) < 4:
            f = rng.choice([d for d in divisors(rest) if d > 1])
            ex.append(f)
            rest //= f
        if not ex:
            ex = [1]
        pairs = list(zip(ex, flatten(prefix_product(tuple(ex)))))
        if rng.random() < 0.5:
            rng.shuffle(pairs)
            # strides stay the prefix products of the original order: a permutation
        return structured(rng, pairs, 2)
    return rlayout(rng, "random", maxsize=64, n=rng.randint(1, 3))


def tiler_for(rng, a, allow_nest=True):
    ms = list(a.shape) if is_tuple(a.shape) else [a.shape]
    k = rng.randint(1, len(ms))
    ents = []
    for m in ms[:k]:
        sz = product(m)
        x = rng.random()
        if x < 0.35:
            ents.append(rng.choice(divisors(sz)))
        elif x < 0.8 or not (allow_nest and is_tuple(m)):
            d = rng.choice([1, 1, 2, 3, 4])
            s = rng.choice(divisors(max(1, sz // d)))
            ents.append(L(s, d))
        else:
            ents.append(tiler_for(rng, L(m, prefix_product(m)), False))
    return Tile(ents)


# ------------------------------------------------------------------ families


def fam_composition(rng):
    out = []
    for a, b in HAND["composition"]:
        out.append(("composition", (P(a), P(b))))
    for a, b in HAND["composition_tiler"]:
        out.append(("composition", (P(a), b)))
    for b in basis_cases():
        if b[0] == "composition":
            out.append(b)
    for _ in range(420):
        a = rlayout(rng, rng.choice(["compact", "mix", "mix", "random"]), maxsize=512)
        x = rng.random()
        if x < 0.55:
            b = sub_layout_for(rng, a)
        elif x < 0.75:
            b = tiler_for(rng, a)
        elif x < 0.85:
            b = sub_layout_for(rng, a)
            b = L(b.shape, neg_some(rng, b.stride))
        elif x < 0.9:
            b = rng.choice(divisors(product(a.shape)))
        else:
            b = rlayout(rng, "random", maxsize=32, n=rng.randint(1, 3))
        out.append(("composition", (a, b)))
    # small exhaustive-ish: rank-2/3 A with base B
    for _ in range(120):
        a = rlayout(rng, "mix", maxsize=128, n=rng.randint(2, 4), depth=2)
        out.append(("composition", (a, L(rng.randint(1, 12), rng.choice([1, 2, 3, 4, 5, 6, 8, 0, -1, -2])))))
    out.append(("composition", (P("(4,8):(1,4)"), T(4, 8, 2))))
    out.append(("composition", (P("(4,8):(1,4)"), L(0, 1))))
    # B's modes combine across a mode boundary of A (each mode admissible alone): distributivity
    n_straddle = 0
    while n_straddle < 70:
        s0 = rng.choice([4, 5, 6, 8, 9, 10, 12, 16])
        a = structured(rng, [(s0, 1), (rng.choice([2, 3, 4, 8]), s0 + rng.choice([1, 2, 3, 5])),
                             (rng.choice([1, 2, 4]), rng.choice([64, 128, 0]))][:rng.randint(2, 3)], 2)
        b0 = rng.choice([x for x in range(2, s0) if s0 % x != 0] or [0])
        if b0 == 0:
            continue
        b1 = (s0 - 1) // b0 + 1
        if b0 * b1 - 1 < s0:
            continue
        b = L((b0, b1), (1, b0)) if rng.random() < 0.7 else L((b1, b0), (b0, 1))
        out.append(("composition", (a, b)))
        n_straddle += 1
    # tilers longer than A's rank
    for _ in range(10):
        a = rlayout(rng, "compact", maxsize=256, n=rng.randint(1, 3), depth=1)
        r = len(a.shape) if is_tuple(a.shape) else 1
        out.append(("composition", (a, Tile([2] * (r + 1)))))
    return out + negative_among_several(random.Random("negative among several"))


def negative_among_several(rng, count=60):
    """A of two or three modes that do not coalesce, by a B of two or three leaves with a negative
    stride among them (all negative in about a third): B either stays inside A's first mode
    (`A(-x) = -A(x)` keeps it linear there) or reaches past it."""
    out = []
    while len(out) < count:
        s0 = rng.choice([4, 6, 8, 12, 16])
        d1 = rng.choice([s0 + 1, s0 + 3, 2 * s0 + 1, 1 if s0 > 4 else 5])
        pairs = [(s0, rng.choice([1, 2])), (rng.choice([2, 3, 4]), d1)]
        if rng.random() < 0.4:
            pairs.append((2, rng.choice([64, 96])))
        a = structured(rng, pairs, 2)
        n = rng.randint(2, 3)
        ex = [rng.choice([2, 2, 3, 4]) for _ in range(n)]
        st = [rng.choice([1, 2, 3, 4, s0, s0 + 1]) for _ in range(n)]
        if rng.random() < 0.35:
            st = [-d for d in st]
        else:
            i = rng.randrange(n)
            st[i] = -st[i]
        out.append(("composition", (a, L(tuple(ex), tuple(st)))))
    return out


def neg_some(rng, t):
    if is_tuple(t):
        return tuple(neg_some(rng, x) for x in t)
    return -t if rng.random() < 0.6 else t


def fam_complement(rng):
    out = []
    for a, m in HAND["complement"]:
        out.append(("complement", (P(a),) if m is None else (P(a), m)))
    out += [b for b in basis_cases() if b[0] == "complement"]
    for _ in range(380):
        kind = rng.choice(["compact", "compact", "mix", "random"])
        a = rlayout(rng, kind, maxsize=256, n=rng.randint(1, 4), neg=rng.random() < 0.08)
        x = rng.random()
        cs = 1 + sum((s - 1) * abs(d) for s, d in zip(flatten(a.shape), flatten(a.stride)))
        if x < 0.25:
            args = (a,)
        elif x < 0.6:
            args = (a, cs * rng.choice([1, 2, 3, 4]))
        elif x < 0.8:
            args = (a, rng.randint(1, 2 * cs + 4))
        elif x < 0.95:
            args = (a, rtuple(rng, rng.randint(2, 3), 2))
        else:
            args = (a, rng.choice([0, -4]))
        out.append(("complement", args))
    return out


def fam_coalesce(rng):
    out = []
    for a in HAND["coalesce"]:
        out.append(("coalesce", (P(a),)))
    for a, p in HAND["coalesce_profile"]:
        out.append(("coalesce", (P(a), p)))
    out += [b for b in basis_cases() if b[0] == "coalesce"]
    out += [("filter", (P("(4,3):(1,0)"),)), ("filter_zeros", (P("(4,3):(1,0)"),)),
            ("filter", (P("((2,2),(2,4)):((0,1),(0,2))"),)), ("filter", (P("(1,1):(0,0)"),))]
    for _ in range(300):
        a = rlayout(rng, rng.choice(["compact", "mix", "random"]), maxsize=512, neg=rng.random() < 0.15,
                    gaps=0.2)
        x = rng.random()
        if x < 0.5:
            out.append(("coalesce", (a,)))
        elif x < 0.65:
            r = len(a.shape) if is_tuple(a.shape) else 1
            k = rng.randint(1, r + (1 if rng.random() < 0.15 else 0))
            out.append(("coalesce", (a, tuple(1 for _ in range(k)))))
        elif x < 0.85:
            out.append(("filter", (a,)))
        else:
            out.append(("filter_zeros", (a,)))
    return out


def fam_inverse(rng):
    out = []
    for a in HAND["right_inverse"]:
        out.append(("right_inverse", (P(a),)))
        out.append(("left_inverse", (P(a),)))
    out += [b for b in basis_cases() if b[0] in ("right_inverse", "left_inverse")]
    for _ in range(220):
        a = rlayout(rng, rng.choice(["compact", "compact", "mix", "random"]), maxsize=256,
                    neg=rng.random() < 0.1, gaps=0.25)
        out.append((rng.choice(["right_inverse", "left_inverse"]), (a,)))
    for _ in range(140):
        n = rng.randint(1, 4)
        pairs = injective_pairs(rng, n, 256, gaps=0.0, shuffle=True)
        a = structured(rng, pairs, 2)
        pairs2 = list(pairs)
        if rng.random() < 0.7:
            rng.shuffle(pairs2)
        else:
            pairs2 = injective_pairs(rng, n, 256, gaps=0.0)
        b = structured(rng, pairs2, 2)
        if product(a.shape) != product(b.shape):
            b = L(product(a.shape), 1)
        out.append((rng.choice(["max_common_layout", "max_common_vector"]), (a, b)))
    return out + fam_nullspace(rng)


def fam_divide(rng):
    out = []
    ops = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"]
    for a, b in HAND["divide"]:
        for o in ops:
            out.append((o, (P(a), P(b) if isinstance(b, str) else b)))
    for _ in range(420):
        a = rlayout(rng, rng.choice(["compact", "compact", "mix"]), maxsize=256, gaps=0.2)
        x = rng.random()
        if x < 0.45:
            b = tiler_for(rng, a)
        elif x < 0.85:
            sz = product(a.shape)
            pairs = injective_pairs(rng, rng.randint(1, 2), sz, gaps=0.3)
            b = structured(rng, pairs, 2)
            if rng.random() < 0.2:
                b = rng.choice(divisors(sz))
        else:
            b = rlayout(rng, "random", maxsize=16, n=rng.randint(1, 2))
        out.append((rng.choice(ops), (a, b)))
    for _ in range(12):
        a = rlayout(rng, "compact", maxsize=256, n=rng.randint(1, 3), depth=1)
        r = len(a.shape) if is_tuple(a.shape) else 1
        out.append((rng.choice(ops), (a, Tile([1] * r + [2]))))
    return out


def fam_product(rng):
    out = []
    ops = ["logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product",
           "raked_product"]
    for a, b in HAND["product"]:
        for o in ops:
            out.append((o, (P(a), P(b))))
    for _ in range(420):
        o = rng.choice(ops)
        a = rlayout(rng, rng.choice(["compact", "compact", "mix"]), maxsize=32, n=rng.randint(1, 3), gaps=0.2,
                    depth=2)
        if o in ("blocked_product", "raked_product"):
            if rng.random() < 0.85:
                # same rank as A (rank-sensitive products)
                r = len(a.shape) if is_tuple(a.shape) else 1
                ms = [rlayout(rng, rng.choice(["compact", "compact", "random"]), maxsize=6, n=rng.randint(1, 2),
                              gaps=0.2, depth=1) for _ in range(r)]
                b = L(tuple(m.shape for m in ms), tuple(m.stride for m in ms)) if is_tuple(a.shape) else ms[0]
            else:
                b = rlayout(rng, rng.choice(["compact", "compact", "random"]), maxsize=16, n=rng.randint(1, 3),
                            gaps=0.2, depth=2)
        else:
            x = rng.random()
            if x < 0.3 and is_tuple(a.shape):
                ents = []
                for _m in a.shape[:rng.randint(1, len(a.shape))]:
                    ents.append(rng.choice([2, 3, 4, L(rng.choice([2, 3, 4]), rng.choice([1, 2]))]))
                b = Tile(ents)
            elif x < 0.35:
                b = rng.choice([2, 3, 4])
            else:
                b = rlayout(rng, rng.choice(["compact", "compact", "random"]), maxsize=16,
                            n=rng.randint(1, 2), gaps=0.2, depth=2)
        out.append((o, (a, b)))
    for _ in range(90):
        a = rlayout(rng, "compact", maxsize=16, n=rng.randint(1, 3), gaps=0.2, depth=2)
        ms = list(a.shape) if is_tuple(a.shape) else [a.shape]
        r = len(ms) + rng.choice([0, 0, 1])
        shp = []
        for i in range(r):
            blk = product(ms[i]) if i < len(ms) else 1
            shp.append(blk * rng.choice([1, 2, 3, 4]) + (1 if rng.random() < 0.1 else 0))
        if rng.random() < 0.05:
            shp = shp[:-1] or [4]
        out.append(("tile_to_shape", (a, tuple(shp))))
    return out + rank_padding_cases()


# Operands of unequal rank for the rank-sensitive products, which pad the shorter one with 1:0
# modes (CuTe C++): rank 1 against 2 and 4, 2 against 3, leaf against tuple, nested modes, each
# operand the shorter one. Appended after the seeded cases, so those are unchanged.
RANK_PADDING = [
    ("(2,3):(1,2)", "4:1"), ("4:1", "(2,3):(1,2)"), ("(2,3):(1,2)", "(2,2,2):(1,2,4)"),
    ("(2,2,2):(1,2,4)", "(2,3):(1,2)"), ("(4):(1)", "(2,3):(1,2)"), ("(2,3):(1,2)", "(4):(1)"),
    ("((2,2),3):((1,2),4)", "5:1"), ("3:1", "((2,2),(3,2)):((1,2),(4,12))"),
    ("(2,(2,2)):(1,(2,4))", "(3,2,2):(2,1,6)"), ("(3,2,2):(2,1,6)", "(2,(2,2)):(1,(2,4))"),
    ("8:1", "(1,3):(0,12)"), ("(4,2):(2,1)", "3:2"), ("(2,4):(4,1)", "(2,1,3):(1,0,2)"),
    ("2:1", "(2,2,2,2):(1,2,4,8)"), ("(2,2,2,2):(1,2,4,8)", "2:1"),
    ("(2,2):(1,1)", "3:1"), ("(4,3):(1,4)", "(2,3,2):(3,1,0)"),
]


def rank_padding_cases():
    return [(o, (P(a), P(b))) for a, b in RANK_PADDING for o in ("blocked_product", "raked_product")]


def fam_recast(rng):
    out = [("upcast", (P("(4,8):(1,4)"), 2)), ("downcast", (P("(4,8):(1,4)"), 2)),
           ("upcast", (P("(4,8):(8,1)"), 4)), ("upcast", (P("(4,8):(0,3)"), 2)),
           ("downcast", (P("(4,8):(2,8)"), 2))]
    for _ in range(260):
        a = rlayout(rng, rng.choice(["compact", "mix", "random"]), maxsize=512, neg=rng.random() < 0.15)
        out.append((rng.choice(["upcast", "downcast"]), (a, rng.choice([2, 2, 4, 8, 3]))))
    return out + fam_recast_layout(rng)


def fam_recast_layout(rng):
    """recast_layout(A, old_bits, new_bits), appended to the recast family after its other cases."""
    out = [("recast_layout", (P("(4,8):(1,4)"), 16, 32)), ("recast_layout", (P("(4,8):(1,4)"), 32, 16)),
           ("recast_layout", (P("(4,8):(1,4)"), 32, 24)), ("recast_layout", (P("(3,8):(1,3)"), 16, 32)),
           ("recast_layout", (P("(4,8):(1,4)"), 8, 8)), ("recast_layout", (P("(12,8):(1,12)"), 24, 8)),
           ("recast_layout", (P("(4,8):(1,4)"), 0, 32)), ("recast_layout", (P("(4,8):(1,4)"), 16, -8))]
    widths = [1, 2, 4, 8, 16, 32, 64, 24, 48]
    for _ in range(70):
        a = rlayout(rng, rng.choice(["compact", "compact", "mix", "random"]), maxsize=512,
                    neg=rng.random() < 0.1)
        out.append(("recast_layout", (a, rng.choice(widths), rng.choice(widths))))
    return out


def rsub(rng):
    return rlayout(rng, rng.choice(["compact", "mix", "random"]), maxsize=64, n=rng.randint(1, 2), depth=2)


def rdice_coord(rng, shape):
    if not is_tuple(shape):
        return None if rng.random() < 0.5 else rng.randrange(shape)
    r = rng.random()
    if r < 0.08:
        return None
    return tuple(rdice_coord(rng, s) if is_tuple(s) and rng.random() < 0.7
                 else (None if rng.random() < 0.5 else rng.randrange(product(s) if is_tuple(s) else s))
                 for s in shape)


def fam_restructure(rng):
    a3 = P("(4,8,2):(1,4,32)")
    h = P("((4,2),(8,2)):((1,4),(8,64))")
    out = [("select", (a3, (2, 0))), ("select", (a3, (3,))), ("select", (a3, (1, 1))), ("select", (a3, (0, 1, 2))),
           ("take", (a3, 1, 3)), ("take", (a3, 2, 2)), ("take", (a3, 2, 4)), ("take", (a3, 0, 1)),
           ("group_modes", (a3, 0, 2)), ("group_modes", (a3, 1, 1)), ("group_modes", (a3, 1, 4)),
           ("group_modes", (a3, 0, 3)), ("group_modes", (a3, 2, 1)),
           ("flatten", (h,)), ("flatten", (P("4:2"),)), ("flatten", (P("(4):(2)"),)),
           ("append", (P("(4,8):(1,4)"), P("2:32"))), ("append", (P("4:1"), P("2:4"))),
           ("prepend", (P("4:1"), P("(2,2):(4,8)"))),
           ("replace", (a3, 1, P("(2,4):(4,8)"))), ("replace", (a3, 3, P("2:1"))),
           ("get", (h, (1, 0))), ("get", (h, (2,))), ("get", (P("4:1"), (0,))), ("get", (P("4:1"), (1,))),
           ("get", (h, (0, 1))), ("get", (h, (0, 2))),
           ("make_layout", (P("4:1"), P("(2,3):(4,8)"))), ("make_layout", (P("4:1"),)),
           ("make_identity_layout", (P("(4,(2,3))"),)), ("make_identity_layout", (P("(4,8)"),)),
           ("make_identity_layout", (4,)), ("make_identity_layout", (P("(4)"),)),
           ("make_ordered_layout", (P("(4,8,2)"), P("(2,0,1)"))),
           ("make_ordered_layout", (P("(4,8,2)"), P("(1,1,0)"))),
           ("make_ordered_layout", (P("(4,8,2)"), P("(0,1)"))),
           ("make_ordered_layout", (P("(4,(8,2))"), P("(2,(0,1))"))),
           ("select", (a3, ())), ("flatten", (P("((4)):((1))"),)), ("group_modes", (P("4:1"), 0, 1)),
           ("get", (P("4:1"), (0, 0))), ("make_ordered_layout", (P("(4,8)"), 1)),
           ("make_ordered_layout", (4, 0)), ("make_identity_layout", (P("((2,3),4)"),)),
           ("replace", (P("4:1"), 0, P("(2,2):(1,2)"))), ("append", (P("((4)):((1))"), P("2:4"))),
           ("take", (a3, 0, 3)), ("make_layout", (P("4:1"), P("1:0"))),
           ("make_ordered_layout", (P("(2,3,4)"), P("(5,9,7)")))]
    for _ in range(260):
        a = rlayout(rng, rng.choice(["compact", "mix", "random"]), maxsize=1024, neg=rng.random() < 0.2)
        r = lrank_(a)
        k = rng.choice(["select", "take", "group_modes", "flatten", "append", "prepend", "replace", "get",
                        "make_layout", "make_identity_layout", "make_ordered_layout"])
        bad = rng.random() < 0.15
        if k == "select":
            n = rng.randint(1, 3)
            idx = tuple(rng.randrange(r + (1 if bad else 0)) for _ in range(n))
            out.append((k, (a, idx)))
        elif k in ("take", "group_modes"):
            b = rng.randrange(r)
            e = rng.randint(b + 1, r) if not bad else rng.choice([b, r + 1])
            out.append((k, (a, b, e)))
        elif k == "flatten":
            out.append((k, (a,)))
        elif k in ("append", "prepend"):
            out.append((k, (a, rsub(rng))))
        elif k == "replace":
            out.append((k, (a, rng.randrange(r + (1 if bad else 0)), rsub(rng))))
        elif k == "get":
            path, x = [], a
            for _ in range(rng.randint(1, 3)):
                rx = lrank_(x)
                i = rng.randrange(rx + (1 if bad else 0))
                path.append(i)
                if i >= rx or not is_tuple(x.shape):
                    break
                x = L(x.shape[i], x.stride[i])
            out.append((k, (a, tuple(path))))
        elif k == "make_layout":
            out.append((k, tuple(rsub(rng) for _ in range(rng.randint(1, 4)))))
        elif k == "make_identity_layout":
            out.append((k, (a.shape,)))
        elif k == "make_ordered_layout":
            n = len(flatten(a.shape))
            order = list(range(n))
            rng.shuffle(order)
            if rng.random() < 0.25:
                order[rng.randrange(n)] = order[rng.randrange(n)]
            if not is_tuple(a.shape):
                o = order[0]
            else:
                o = unflatten(order, a.shape)
            if bad and is_tuple(a.shape):
                o = o[:-1] if len(o) > 1 else o + (0,)
            out.append((k, (a.shape, o)))
    return out


def fam_dice(rng):
    """dice(coord, A), appended to the slice family after its other cases."""
    out = [("dice", ((1, None), P("(4,8):(1,4)"))), ("dice", ((1, (None, 2)), P("(4,(8,3)):(1,(4,32))"))),
           ("dice", ((1, 2, 3), P("(4,8):(1,4)"))), ("dice", (None, P("(4,8):(1,4)"))),
           ("dice", ((None, None), P("(4,8):(1,4)"))), ("dice", (3, P("(4,8):(1,4)"))),
           ("dice", ((None, 1), P("(4,(8,3)):(1,(4,32))"))), ("dice", (((1, None), None), P("((4,2),8):((1,4),8)"))),
           ("dice", ((1, 1), P("(4,(8,3)):(1,(4,32))")))]
    for _ in range(60):
        a = rlayout(rng, rng.choice(["compact", "mix", "random"]), maxsize=1024, neg=rng.random() < 0.2)
        c = rdice_coord(rng, a.shape)
        if rng.random() < 0.12 and is_tuple(c):
            c = c + (0,)
        out.append(("dice", (c, a)))
    return out


def fam_nullspace(rng):
    """nullspace(A), appended to the inverse family after its other cases."""
    out = [("nullspace", (P("(4,8):(0,1)"),)), ("nullspace", (P("(4,8):(1,4)"),)),
           ("nullspace", (P("(2,4,8):(0,1,0)"),)), ("nullspace", (P("(2,1,8):(0,0,1)"),)),
           ("nullspace", (P("(4,8):(0,0)"),)), ("nullspace", (P("1:0"),)),
           ("nullspace", (P("((2,4),3):((0,1),0)"),))]
    for _ in range(50):
        out.append(("nullspace", (rlayout(rng, rng.choice(["random", "random", "mix"]), maxsize=1024),)))
    return out


def lrank_(a):
    return len(a.shape) if is_tuple(a.shape) else 1


def fam_query(rng):
    out = []
    for _ in range(420):
        a = rlayout(rng, rng.choice(["compact", "mix", "random"]), maxsize=4096, neg=rng.random() < 0.3)
        out.append((rng.choice(["size", "cosize", "rank", "depth"]), (a,)))
    out += [("cosize", (P("(4,8):(-1,4)"),)), ("cosize", (P("4:-2"),)), ("size", (P("(4,8):(1,4)"),)),
            ("rank", (P("8:1"),)), ("depth", (P("8:1"),)), ("rank", (P("(8):(1)"),)), ("depth", (P("(8):(1)"),))]
    return out


def fam_int_tuple(rng):
    out = []
    hand = [("shape_div", ((4, 5, 6), 40)), ("shape_div", (12, 8)), ("shape_div", (3, 12)),
            ("shape_div", ((6, 2), 4)), ("ceil_div", (12, 8)), ("ceil_div", ((4, 5, 6), 40)),
            ("prefix_product", ((2, (3, 4)),)), ("inner_product", ((2, (3, 4)), (1, (2, 6)))),
            ("elem_scale", ((2, 3), (4, 5))), ("idx2crd", (16, (4, 4))), ("idx2crd", (7, (2, (2, 2)))),
            ("idx2crd", (20, (4, 4))), ("idx2crd", (7, (4, 4), (1, 4))), ("crd2crd", ((1, 2), (4, 8), 32))]
    out += hand
    for _ in range(420):
        o = rng.choice(["shape_div", "ceil_div", "prefix_product", "inner_product", "elem_scale",
                        "idx2crd", "crd2idx", "crd2crd"])
        if o in ("shape_div", "ceil_div"):
            a = rtuple(rng)
            if is_tuple(a) and rng.random() < 0.4:
                b = tuple(rng.choice(EXTS) for _ in range(len(a)))
            else:
                b = rng.choice([1, 2, 3, 4, 6, 8, 12, 16, 24, 32])
            if rng.random() < 0.03:
                b = 0
            out.append((o, (a, b)))
        elif o == "prefix_product":
            out.append((o, (rtuple(rng, depth=3),)))
        elif o in ("inner_product", "elem_scale"):
            a = rtuple(rng, depth=2)
            if rng.random() < 0.85:
                b = unflatten([rng.choice(STRIDES) for _ in flatten(a)], a) if is_tuple(a) else rng.choice(STRIDES)
            else:
                b = rtuple(rng, depth=2)
            if o == "elem_scale" and not is_tuple(a) and rng.random() < 0.5:
                b = rtuple(rng)
            out.append((o, (a, b)))
        elif o == "idx2crd":
            s = rtuple(rng, depth=3)
            i = rng.randint(0, product(s) * (2 if rng.random() < 0.2 else 1) - 1)
            if rng.random() < 0.25 and is_tuple(s):
                d = unflatten([rng.choice([1, 2, 3, 4, 8]) for _ in flatten(s)], s)
                out.append((o, (i, s, d)))
            else:
                out.append((o, (i, s)))
        elif o == "crd2idx":
            a = rlayout(rng, rng.choice(["compact", "random"]), maxsize=512, neg=rng.random() < 0.2)
            out.append((o, (rcoord(rng, a.shape, 0.0), a)))
        else:
            s = rtuple(rng, depth=2)
            if rng.random() < 0.5 or not is_tuple(s):
                dst = rtuple(rng, depth=2, vals=[product(s)])
                dst = regroup(rng, product(s))
            else:
                dst = tuple(regroup(rng, product(m)) for m in s)
            out.append((o, (rcoord(rng, s, 0.0), s, dst)))
    return out


def regroup(rng, n):
    """A random shape of size n."""
    ex = []
    while n > 1 and len(ex) < 3:
        f = rng.choice([d for d in divisors(n) if d > 1])
        ex.append(f)
        n //= f
    if n > 1:
        ex.append(n)
    if not ex:
        return 1
    return tuple(ex) if len(ex) > 1 or rng.random() < 0.3 else ex[0]


def rcoord(rng, shape, p_under, p_int=0.3, oob=0.0):
    """A random coordinate for shape: full hierarchical, partially integral, with `_` (None)."""
    if rng.random() < p_under:
        return None
    if not is_tuple(shape) or rng.random() < p_int:
        n = product(shape)
        if rng.random() < oob:
            return n + rng.randint(0, 3)
        return rng.randrange(n)
    return tuple(rcoord(rng, s, p_under, p_int, oob) for s in shape)


def fam_slice(rng):
    out = [("slice", ((None, 2), P("(4,8):(1,4)"))), ("slice_and_offset", ((None, 2), P("(4,8):(1,4)"))),
           ("slice_and_offset", ((1, (None, 0)), P("(4,(2,3)):(3,(1,12))"))), ("eval", (P("(4,8):(1,4)"), (5,))),
           ("eval", (P("(4,8):(1,4)"), (1, 2))), ("eval", (P("((2,2),8):((1,16),2)"), ((1, 0), 3))),
           ("eval", (P("(4,8):(1,4)"), (4, 1))), ("eval", (P("(4,8):(1,4)"), (32,))),
           ("slice", ((None, 2, 1), P("(4,8):(1,4)"))), ("eval", (P("(4,8):(1,4)"), (1, 2, 3)))]
    for _ in range(40):
        a = rlayout(rng, rng.choice(["compact", "mix"]), maxsize=256, n=rng.randint(2, 4), depth=2)
        if rng.random() < 0.4:
            out.append(("eval", (a, (product(a.shape) + rng.randint(0, 5),))))
        else:
            out.append(("eval", (a, tuple(rcoord(rng, m, 0.0, oob=0.5) for m in a.shape))))
    for _ in range(15):
        a = rlayout(rng, "compact", maxsize=256, n=rng.randint(2, 4), depth=2)
        out.append(("crd2idx", (tuple(rcoord(rng, m, 0.0, oob=0.5) for m in a.shape), a)))
    for _ in range(420):
        a = rlayout(rng, rng.choice(["compact", "mix", "random"]), maxsize=1024, neg=rng.random() < 0.2)
        o = rng.choice(["slice", "slice_and_offset", "eval", "eval"])
        if o == "eval":
            if rng.random() < 0.3 or not is_tuple(a.shape):
                c = (rng.randrange(product(a.shape)),)
            else:
                c = rcoord(rng, a.shape, 0.0)
                c = c if is_tuple(c) else (c,)
            out.append((o, (a, c)))
        else:
            c = rcoord(rng, a.shape, 0.35, oob=0.03)
            if c is None or not is_tuple(c):
                c = tuple(None if rng.random() < 0.5 else 0 for _ in range(len(a.shape) if is_tuple(a.shape) else 1))
                if not is_tuple(a.shape):
                    c = None if c[0] is None else 0
            if not any(x is None for x in flatten(c)):
                c = None if not is_tuple(c) else (None,) + tuple(c[1:])
            out.append((o, (c, a)))
    return out + fam_dice(rng)


def generate(family, seed):
    rng = random.Random(f"{seed}:{family}")
    return {
        "composition": fam_composition, "complement": fam_complement, "coalesce": fam_coalesce,
        "inverse": fam_inverse, "divide": fam_divide, "product": fam_product, "recast": fam_recast,
        "query": fam_query, "restructure": fam_restructure, "int_tuple": fam_int_tuple, "slice": fam_slice,
    }[family](rng)


# ------------------------------------------------------------------ malformed input (no reference)

INPUT_ERRORS = [
    ("size((4,8):(1,4)", "parse", "unbalanced parenthesis"),
    ("(4,8):(1,4", "parse", "unbalanced parenthesis"),
    ("(4,8)::(1,4)", "parse", "double colon"),
    ("(4,,8):(1,4)", "parse", "empty tuple element"),
    ("composition((4,8):(1,4), )", "parse", "missing argument"),
    ("composition((4,8):(1,4) 4:1)", "parse", "missing comma"),
    ("logical_divide((8,16):(1,8), <4:1, 8:2)", "parse", "unterminated tiler"),
    ("size((4,x):(1,4))", "parse", "not a number"),
    ("size(4:1))", "parse", "trailing text"),
    ("4:1@", "parse", "basis without a mode"),
    ("(4,8):(1,4)(1,", "parse", "unterminated coordinate"),
    ("size((4,8):(1))", "not_congruent", "rank-2 shape with a rank-1 stride tuple"),
    ("size((4,8):2)", "not_congruent", "tuple shape with an integer stride"),
    ("size(4:(1,2))", "not_congruent", "integer shape with a tuple stride"),
    ("size((4,(2,2)):(1,(2)))", "not_congruent", "nested ranks differ"),
    ("composition((4,8):(1,(4,2)), 2:1)", "not_congruent", "stride deeper than shape"),
    ("size((4,0):(1,4))", "non_positive_shape", "zero extent"),
    ("size((4,-2):(1,4))", "non_positive_shape", "negative extent"),
    ("size(0:1)", "non_positive_shape", "zero extent"),
    ("coalesce((3,0,2):(1,3,3))", "non_positive_shape", "zero extent"),
    ("size((4294967296,4294967296):(1,4294967296))", "overflow", "size 2^64 does not fit in i64"),
    ("cosize(4:4611686018427387904)", "overflow", "cosize 1 + 3·2^62 does not fit in i64"),
    ("(2,2):(4611686018427387904,4611686018427387904)(1,1)", "overflow", "offset 2^63 does not fit in i64"),
    ("upcast((4,8):(1,4), 0)", "invalid_argument", "upcast by 0"),
    ("downcast((4,8):(1,4), 0)", "invalid_argument", "downcast by 0"),
    ("upcast((4,8):(1,4), -2)", "invalid_argument", "negative factor"),
]
