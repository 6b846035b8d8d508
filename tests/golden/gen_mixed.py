#!/usr/bin/env python3
"""Golden data for the divides of layouts with dynamic leaves, from CuTe C++.

    python3 tests/golden/gen_mixed.py --oracle   # runs ../shared/tools/cute-cpp and cute-py ($CUTE_CPP, $CUTE_PY), writes mixed/divide.jsonl, mixed/product.jsonl, mixed/tiling.jsonl, mixed/tiler.jsonl, mixed/tiler_product.jsonl, mixed/product_dynamic_b.jsonl
    python3 tests/golden/gen_mixed.py [--out DIR] # writes DIR/mixed_golden.rs from the data (default tests/golden_mixed)
    cargo fmt                                     # the committed test is rustfmt's form of the output

Each case is a rank-2 or rank-3 layout whose leaves are static (CuTe `Int<n>`,
printed `_n`) or dynamic (a plain `int`, printed `n`), divided by a by-mode
tiler of static integers and layouts. CuTe C++'s printed result records both
the values and which leaves are static; the generated test compares the
type level's `{:#}` form with it. Tilers that are not complementable are left
out (CuTe floors them; the type level refuses them at compile time).
Slicing, `local_tile` and `local_partition` (mixed/tiling.jsonl) compare the
layout and the offset of its first element the same way.
"""
import argparse
import json
import os
import random
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "golden", "mixed", "divide.jsonl")
PRODUCT_DATA = os.path.join(ROOT, "tests", "golden", "mixed", "product.jsonl")
PRODUCTS = ["zipped_product", "tiled_product", "flat_product"]
RANK_PRODUCTS = ["blocked_product", "raked_product"]  # pad to the larger rank with 1:0, pair the modes
OPS = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "composition"]
# Tiler entries: an integer, or a static layout (shape, stride) that is complementable.
ENTRIES = [1, 2, 4, 8, 16, 128, (4, 2), (2, 3), ((2, 2), (1, 4)), ((2, 4), (4, 1)), ((4, 2), (2, 16))]
SHAPES = [1, 2, 6, 7, 8, 12, 64, 200, 256]
STRIDES = [0, 1, 2, 3, -1, 8, 200, 256]


def cases(seed=7, count=200):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rank = rng.choice([2, 2, 3])
        leaves = []
        for _ in range(rank):
            s, d = rng.choice(SHAPES), rng.choice(STRIDES)
            leaves.append((s, rng.random() < 0.6, d, rng.random() < 0.5))
        if all(ss and ds for _, ss, _, ds in leaves):
            continue  # at least one dynamic leaf
        op = rng.choice(OPS)
        tiler = [rng.choice(ENTRIES) for _ in range(rng.choice(range(1, rank + 1)))]
        out.append({"op": op, "leaves": leaves, "tiler": tiler})
    return out


def coalesce_cases(seed=11, count=60):
    """Flat layouts of rank 2-4 whose strides often chain (s0·d0 = d1), for coalesce."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        leaves, d = [], rng.choice([1, 2])
        for _ in range(rng.choice([2, 3, 4])):
            s = rng.choice([1, 1, 2, 3, 4, 8])
            stride = d if rng.random() < 0.7 else rng.choice([0, 1, 5, 64])
            leaves.append((s, rng.random() < 0.65, stride, rng.random() < 0.65))
            d = s * stride if stride else d
        if all(ss and ds for _, ss, _, ds in leaves):
            continue
        out.append({"op": "coalesce", "leaves": leaves, "tiler": []})
    return out


def filter_cases(seed=13, count=40):
    """Flat layouts of rank 2-4 with static and dynamic zero strides, for filter and filter_zeros."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        leaves, d = [], rng.choice([1, 2])
        for _ in range(rng.choice([2, 3, 4])):
            s = rng.choice([1, 2, 3, 4, 8])
            stride = rng.choice([0, 0, d, d, 5])
            leaves.append((s, rng.random() < 0.6, stride, rng.random() < 0.6))
            d = s * stride if stride else d
        if all(ss and ds for _, ss, _, ds in leaves):
            continue
        op = "filter" if len(out) % 2 == 0 else "filter_zeros"
        out.append({"op": op, "leaves": leaves, "tiler": []})
    return out


def complement_cases(seed=17, count=30):
    """Static complementable flat layouts (stride-0 and size-1 modes among them) and a dynamic cotarget."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        leaves, e = [], 1
        for _ in range(rng.choice([1, 2, 3])):
            if rng.random() < 0.15:
                leaves.append((rng.choice([1, 2, 4]), True, 0, True))
                continue
            s, d = rng.choice([1, 2, 3, 4, 8]), e * rng.choice([1, 1, 2, 3, 4])
            leaves.append((s, True, d, True))
            e = s * d
        rng.shuffle(leaves)
        m = rng.choice([1, 2, e, e + 1, 2 * e, rng.randint(1, 4 * e + 8), 1000])
        out.append({"op": "complement", "leaves": leaves, "tiler": [], "cotarget": m})
    return out


def complement_mixed_cases(seed=19, count=48):
    """Complementable flat layouts of rank 1-3 with dynamic leaves, up to a static or dynamic cotarget.

    A third each: rank 1; every stride static (CuTe C++'s static sort); a dynamic stride from rank 2 on
    (CuTe C++ does not compile it: the expected value is the model's, `"cute": "no"`, see README)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        kind = len(out) % 3
        leaves, e = [], 1
        for _ in range(1 if kind == 0 else rng.choice([2, 3])):
            s, d = rng.choice([2, 3, 4, 8]), e * rng.choice([1, 1, 2, 3])
            ss, ds = rng.random() < 0.5, rng.random() < 0.5
            leaves.append([s, ss, d, ds or kind == 1])
            e = s * d
        rng.shuffle(leaves)
        if kind == 2 and rng.random() < 0.3:  # a mode the runtime leaves out: dynamic extent 1 or stride 0
            i = rng.randrange(len(leaves))
            leaves[i][0 if rng.random() < 0.5 else 2] = 0
            leaves[i][0] = max(leaves[i][0], 1)
            leaves[i][1] = leaves[i][3] = False
        statics = [ss and ds for _, ss, _, ds in leaves]
        dyn_stride = not all(ds for _, _, _, ds in leaves)
        if all(statics) or (kind == 1 and dyn_stride) or (kind == 2 and not dyn_stride):
            continue
        if any(statics[i] and statics[i + 1] and leaves[i][0] * leaves[i][2] == leaves[i + 1][2]
               for i in range(len(leaves) - 1)):
            continue  # a static run that coalesces: filter is tested elsewhere
        m = rng.choice([1, 2, e, e + 1, 2 * e, rng.randint(1, 4 * e + 8), 1000])
        case = {"op": "complement", "leaves": [tuple(x) for x in leaves], "tiler": [], "cotarget": m,
                "cotarget_static": rng.random() < 0.3}
        if kind == 2 and len(leaves) > 1:
            case["cute"] = "no"
        out.append(case)
    return out


def model_complement(case):
    """The run-time-order complement: r + 1 dynamic modes after the static first stride `_1`."""
    leaves, m = case["leaves"], case["cotarget"]
    modes = sorted(((s, d) for s, _, d, _ in leaves if s > 1 and d != 0), key=lambda x: x[1])
    shapes, strides, cur = [1] * (len(leaves) - len(modes)), [1] * (len(leaves) - len(modes)), 1
    for s, d in modes:
        assert d >= cur and d % cur == 0, case
        shapes.append(d // cur)
        strides.append(cur)
        cur = s * d
    shapes.append(-(-m // cur))
    strides.append(cur)
    return shapes, strides


def text(shapes, strides):
    return "(" + ",".join(map(str, shapes)) + "):(_1," + ",".join(map(str, strides[1:])) + ")"


def values(c):
    """A case's shape and stride values, and its expected layout's shape and stride texts (no `_`)."""
    shape = tuple(s for s, _, _, _ in c["leaves"])
    stride = tuple(d for _, _, d, _ in c["leaves"])
    return shape, stride, c["expect"].replace("_", "").split(":")


def check_with_pycute(cases):
    """Each expected complement or right inverse (CuTe C++'s or the model's) has pycute's function on its values."""
    checks = []
    for c in cases:
        shape, stride, got = values(c)
        checks.append(f"({shape!r}, {stride!r}, {c.get('cotarget')}, {got[0]!r}, {got[1]!r})")
    prog = ("import ast\nbad = []\nfor s, d, m, gs, gd in [" + ",".join(checks) + "]:\n"
            "    want = complement(Layout(s, d), m) if m else right_inverse(Layout(s, d))\n"
            "    got = Layout(ast.literal_eval(gs), ast.literal_eval(gd))\n"
            "    if size(got) != size(want) or any(got(i) != want(i) for i in range(size(want))):\n"
            "        bad.append((s, d, m, gs + ':' + gd, str(want)))\n"
            "print(bad)")
    bad = run_pycute(prog)
    assert bad.strip() == "[]", "expected complements that differ from pycute: " + bad


def right_inverse_cases(seed=23, count=40, op="right_inverse"):
    """Flat layouts of rank 1-3 whose strides chain in a random order (sometimes broken), with dynamic leaves.
    For left_inverse, only injective layouts whose sorted strides divide each other."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rank = rng.choice([1, 2, 3, 3])
        shapes = [rng.choice([2, 3, 4]) for _ in range(rank)]
        strides, e = [0] * rank, 1
        for i in rng.sample(range(rank), rank):
            strides[i] = e * (2 if rng.random() < 0.15 else 1)
            e *= shapes[i]
        leaves = [(s, rng.random() < 0.5, d, rng.random() < 0.5) for s, d in zip(shapes, strides)]
        statics = [ss and ds for _, ss, _, ds in leaves]
        if all(statics) or any(statics[i] and statics[i + 1] and leaves[i][0] * leaves[i][2] == leaves[i + 1][2]
                               for i in range(rank - 1)):
            continue  # all static, or a static run that coalesces
        ms = sorted(zip(strides, shapes))
        if op == "left_inverse" and any(ms[i + 1][0] % ms[i][0] or ms[i][0] * ms[i][1] > ms[i + 1][0]
                                        for i in range(rank - 1)):
            continue  # not injective, or a stride that does not divide the next
        out.append({"op": op, "leaves": leaves, "tiler": []})
    return out


LAYOUTS_B = [(4, 1), (8, 2), (16, 1), (6, 1), (3, 4), ((4, 8), (1, 4)), ((2, 4), (4, 1)), ((2, 2), (1, 4)),
             ((4, 2), (2, 16)), ((3, 2), (2, 1)), (((2, 2), 4), ((1, 8), 2))]


def composition_layout_cases(seed=31, count=48):
    """Rank-2 and rank-3 layouts with dynamic leaves composed with a static layout."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        leaves = [(rng.choice(SHAPES), rng.random() < 0.5, rng.choice(STRIDES), rng.random() < 0.5)
                  for _ in range(rng.choice([2, 2, 3]))]
        if all(ss and ds for _, ss, _, ds in leaves) or (leaves[-1][0] == 1 and leaves[-1][1]):
            continue  # all static; or a last static extent 1, which CuTe C++'s coalesce_x keeps (README)
        out.append({"op": "composition_layout", "leaves": leaves, "tiler": [rng.choice(LAYOUTS_B)]})
    return out


def composition_dynamic_b_cases(seed=41, count=48):
    """Rank-2 and rank-3 layouts (all static or not) composed with a layout B whose extents and strides
    are static or dynamic (`"b_static"`: a [shape static?, stride static?] pair per leaf of B, one dynamic
    at least)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        leaves = [(rng.choice(SHAPES), rng.random() < 0.5, rng.choice(STRIDES), rng.random() < 0.5)
                  for _ in range(rng.choice([2, 2, 3]))]
        if leaves[-1][0] == 1 and leaves[-1][1]:
            continue  # a last static extent 1, which CuTe C++'s coalesce_x keeps (README)
        b = rng.choice(LAYOUTS_B)
        flags = [[rng.random() < 0.5, rng.random() < 0.5] for _ in range(len(flat(b[0])))]
        if all(ss and ds for ss, ds in flags):
            continue
        out.append({"op": "composition_layout", "leaves": leaves, "tiler": [b], "b_static": flags})
    return out


def flat(x):
    return [x] if isinstance(x, int) else [y for z in x for y in flat(z)]


def product_cases(seed=37, count=40):
    """Layouts of rank 1 and 2 with dynamic leaves (complementable: strides chain, sometimes with a gap)
    by a static layout."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rank, e = rng.choice([1, 2, 2]), 1
        order = rng.sample(range(rank), rank)
        strides = [0] * rank
        shapes = [rng.choice([2, 3, 4, 8]) for _ in range(rank)]
        for i in order:
            strides[i] = e * rng.choice([1, 1, 2])
            e = shapes[i] * strides[i]
        leaves = [(s, rng.random() < 0.5, d, rng.random() < 0.5) for s, d in zip(shapes, strides)]
        if all(ss and ds for _, ss, _, ds in leaves):
            continue
        b = rng.choice([(3, 1), (2, 1), (4, 1), ((2, 2), (1, 2)), ((2, 3), (3, 1)), (4, 2)])
        out.append({"op": "logical_product", "leaves": leaves, "tiler": [b]})
    return out


def check_compositions(cases):
    """CuTe C++'s composition R = A ∘ B must have B's size and R(i) = A(B(i)); where it does not, the
    expected value is the refusal (`"expect": "error"`, CuTe's answer kept as `"cute"`)."""
    checks = []
    for c in cases:
        shape, stride, got = values(c)
        p = c["op"] == "logical_product"
        checks.append(f"({shape!r}, {stride!r}, {c['tiler'][0]!r}, {got[0]!r}, {got[1]!r}, {p})")
    prog = ("import ast\nbad = []\nfor k, (s, d, b, gs, gd, p) in enumerate([" + ",".join(checks) + "]):\n"
            "    a, b = Layout(s, d), Layout(*b)\n"
            "    got = Layout(ast.literal_eval(gs), ast.literal_eval(gd))\n"
            "    want = [r(i) for r in [logical_product(a, b)] for i in range(size(r))] if p else [a(b(i)) for i in range(size(b))]\n"
            "    if size(got) != len(want) or any(got(i) != w for i, w in enumerate(want)):\n"
            "        bad.append(k)\n"
            "print(bad)")
    bad = json.loads(run_pycute(prog))
    for k in bad:
        cases[k]["cute"], cases[k]["expect"] = cases[k]["expect"], "error"


def coalesce_mixed(modes):
    """CuTe C++'s coalesce of flat (s, static?, d, static?) modes: static runs merge, a static 1 goes."""
    out = []
    for s, ss, d, ds in modes:
        if ss and s == 1:
            continue
        if out and ss and ds and out[-1][1] and out[-1][3] and out[-1][0] * out[-1][2] == d:
            out[-1] = (out[-1][0] * s, True, out[-1][2], True)
        else:
            out.append((s, ss, d, ds))
    leaf = lambda v, st: f"_{v}" if st else str(v)
    if not out:
        return "_1:_0"
    if len(out) == 1:
        return leaf(out[0][0], out[0][1]) + ":" + leaf(out[0][2], out[0][3])
    return ("(" + ",".join(leaf(s, ss) for s, ss, _, _ in out) + "):("
            + ",".join(leaf(d, ds) for _, _, d, ds in out) + ")")


def model_right_inverse(leaves):
    """The chain from stride 1 among the static strides while the extent is static, then at run time
    among all strides; the unused modes `1:0`, one for each leaf left that the chain may still take
    (a dynamic or positive stride) where it stopped at a dynamic extent or a stride left is dynamic,
    else none; coalesced."""
    pos, p, ps = [], 1, True
    for s, ss, _, _ in leaves:
        pos.append((p, ps))
        p, ps = p * s, ps and ss
    used, out, e, es = [False] * len(leaves), [], 1, True
    while es:
        i = next((i for i, (_, _, d, ds) in enumerate(leaves) if not used[i] and ds and d == e), None)
        if i is None:
            break
        s, ss, d, _ = leaves[i]
        used[i] = True
        out.append((s, ss, pos[i][0], pos[i][1]))
        e, es = s * d, ss
    left = [(d, ds) for i, (_, _, d, ds) in enumerate(leaves) if not used[i]]
    more = len(out) + (sum(1 for d, ds in left if not ds or d > 0)
                       if not es or any(not ds for _, ds in left) else 0)
    while True:
        i = next((i for i, (_, _, d, _) in enumerate(leaves) if not used[i] and d == e), None)
        if i is None:
            break
        s, _, d, _ = leaves[i]
        used[i] = True
        out.append((s, False, pos[i][0], False))
        e = s * d
    return coalesce_mixed(out + [(1, False, 0, False)] * (more - len(out)))


def model_left_inverse(leaves):
    """`(d_0, d_1/d_0, .., s_last) : (0, p_0, .., p_last)` over the modes sorted by stride: static where
    the strides are (then stride 0 left out), else r + 1 dynamic modes after `_0`, the modes of extent 1
    or stride 0 left out and `1:0` trailing; coalesced."""
    static_order = all(ds for _, _, _, ds in leaves)
    pos, p, ps = [], 1, True
    for s, ss, _, _ in leaves:
        pos.append((p, ps))
        p, ps = p * s, ps and ss
    modes = sorted(((s, ss, d, pos[i]) for i, (s, ss, d, _) in enumerate(leaves)
                    if d != 0 and (static_order or s > 1)), key=lambda m: m[2])
    st = static_order
    out = [(modes[0][2], st, 0, True)] if modes else [next(((s, ss and st) for s, ss, d, _ in leaves if d == 0),
                                                           (1, True)) + (0, True)]
    for i, (s, ss, d, (p, ps)) in enumerate(modes):
        out.append((modes[i + 1][2] // d, st, p, ps and st) if i + 1 < len(modes) else (s, ss and st, p, ps and st))
    if not static_order:
        out += [(1, False, 0, False)] * (len(leaves) + 1 - len(out))
    return coalesce_mixed(out)


def check_left_with_pycute(cases):
    """Each expected left inverse Q has Q(L(k)) = k and pycute's value at every L(k)."""
    checks = []
    for c in cases:
        shape, stride, got = values(c)
        checks.append(f"({shape!r}, {stride!r}, {got[0]!r}, {got[1]!r})")
    prog = ("import ast\nbad = []\nfor s, d, gs, gd in [" + ",".join(checks) + "]:\n"
            "    l, want = Layout(s, d), left_inverse(Layout(s, d))\n"
            "    got = Layout(ast.literal_eval(gs), ast.literal_eval(gd))\n"
            "    if any(got(l(k)) != k or want(l(k)) != k for k in range(size(l))):\n"
            "        bad.append((s, d, gs + ':' + gd, str(want)))\n"
            "print(bad)")
    bad = run_pycute(prog)
    assert bad.strip() == "[]", "expected left inverses that differ from pycute: " + bad


def tiler_product_cases(seed=43, count=30):
    """The layouts of `product_cases` by a tiler of 1 to rank(A) static entries (mode by mode)."""
    rng = random.Random(seed)
    entries = [1, 2, 3, 4, (2, 1), (4, 2), ((2, 2), (1, 2))]
    return [dict(c, tiler=[rng.choice(entries) for _ in range(rng.choice(range(1, len(c["leaves"]) + 1)))],
                 by="tiler")
            for c in product_cases(seed=seed, count=count)]


def rank_product_cases(seed=47, count=24):
    """Rank-2 layouts with static strides (CuTe C++ complements dynamic strides at rank 1 only) and
    dynamic extents, by static layouts of rank 1 to 3: one operand or the other is padded."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        shapes, strides, e = [rng.choice([2, 3, 4, 8]) for _ in range(2)], [0, 0], 1
        for i in rng.sample(range(2), 2):
            strides[i] = e * rng.choice([1, 1, 2])
            e = shapes[i] * strides[i]
        leaves = [(s, rng.random() < 0.4, d, True) for s, d in zip(shapes, strides)]
        if all(ss for _, ss, _, _ in leaves):
            continue
        b = rng.choice([(3, 1), (4, 2), ((2, 2), (1, 2)), ((2, 3), (3, 1)), ((2, 2, 2), (1, 2, 4)),
                        ((3, 2, 2), (2, 1, 6))])
        out.append({"op": "blocked_product", "leaves": leaves, "tiler": [b]})
    return out


def oracle_products():
    """The regroupings of the logical product, then the blocked and raked products: the layouts of
    `product_cases` (another seed), each by its static layout, in one C++ program per group with the
    all-static operands beside; then the four products by a tiler (`tiler_product_cases`, `"by":
    "tiler"`), then the blocked and raked products of `rank_product_cases`. A program CuTe C++ refuses statically is left out (for the blocked and raked products
    also a rank-1 block by a leaf, which CuTe C++'s zip does not compile). The dynamic answer must be the
    all-static answer's function (same size, same offsets, checked with pycute), else the expected value
    is the refusal (`"expect": "error"`, CuTe's answer kept as `"cute"`)."""
    out, pairs = [], []
    groups = [(PRODUCTS, product_cases(seed=41, count=40)), (RANK_PRODUCTS, product_cases(seed=41, count=40)),
              (["logical_product"] + PRODUCTS, tiler_product_cases()), (RANK_PRODUCTS, rank_product_cases())]
    for ops, cs in groups:
        for c in cs:
            dyn = cpp(dict(c, op="logical_product")).split("auto a = ")[1].split(";")[0]
            shape = ",".join(cpp_int(s, True) for s, _, _, _ in c["leaves"])
            stride = ",".join(cpp_int(d, True) for _, _, d, _ in c["leaves"])
            b = ("make_tile(" + ",".join(cpp_entry(e) for e in c["tiler"]) + ")" if "by" in c
                 else cpp_entry(c["tiler"][0]))
            body = (f"{{ auto a = {dyn}; auto s = make_layout(make_shape({shape}), make_stride({stride})); "
                    f"auto b = {b}; "
                    + " ".join(f'print({op}(a, b)); printf("\\n"); print({op}(s, b)); printf("\\n");'
                               for op in ops) + " }")
            run = subprocess.run([tool_cpp(), body], capture_output=True, text=True)
            if run.returncode != 0:
                continue
            lines = [x.strip() for x in run.stdout.split("\n")]
            for k, op in enumerate(ops):
                out.append(dict(c, op=op, expect=lines[2 * k]))
                pairs.append((lines[2 * k], lines[2 * k + 1]))
    checks = ",".join(repr((d.replace("_", ""), s.replace("_", ""))) for d, s in pairs)
    prog = ("import ast\nbad = []\n"
            "def lay(t):\n    s, d = t.split(':')\n    return Layout(ast.literal_eval(s), ast.literal_eval(d))\n"
            "for k, (d, s) in enumerate([" + checks + "]):\n"
            "    got, want = lay(d), lay(s)\n"
            "    if size(got) != size(want) or any(got(i) != want(i) for i in range(size(want))):\n"
            "        bad.append(k)\n"
            "print(bad)")
    bad = json.loads(run_pycute(prog))
    for k in bad:
        out[k]["cute"], out[k]["expect"] = out[k]["expect"], "error"
    with open(PRODUCT_DATA, "w") as f:
        for c in out:
            f.write(json.dumps(c) + "\n")


DYNAMIC_B_DATA = os.path.join(ROOT, "tests", "golden", "mixed", "product_dynamic_b.jsonl")
# The right operands of the products by a layout B with dynamic leaves: rank 1 to 3, nested, strides 0,
# 1 and n (compact or with holes).
LAYOUTS_DYNAMIC_B = [(3, 1), (4, 2), (5, 0), (2, 3), ((2, 3), (1, 2)), ((2, 3), (3, 1)), ((2, 2), (0, 1)),
                     ((4, 2), (2, 1)), ((2, 2, 2), (1, 2, 4)), ((3, 2, 2), (2, 1, 6)), ((2, 3, 2), (0, 2, 1)),
                     (((2, 2), 3), ((1, 2), 4)), ((2, (2, 3)), (6, (1, 2))), ((3, (2, 2)), (4, (0, 1)))]
ALL_PRODUCTS = ["logical_product"] + PRODUCTS + RANK_PRODUCTS


def dynamic_b_product_cases(seed=71, count=28):
    """Layouts A of rank 1 to 3 (complementable: strides chain, sometimes with a gap), all static or with
    dynamic extents (dynamic strides at rank 1 only: CuTe C++ complements dynamic strides at rank 1
    only), by a layout B of `LAYOUTS_DYNAMIC_B` whose leaves are static or dynamic (`"b_static"`: a
    [shape static?, stride static?] pair per leaf of B, one dynamic at least; a stride 0 is static:
    CuTe C++ divides by a dynamic one)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rank, e = rng.choice([1, 2, 2, 3]), 1
        strides, shapes = [0] * rank, [rng.choice([2, 3, 4, 8]) for _ in range(rank)]
        for i in rng.sample(range(rank), rank):
            strides[i] = e * rng.choice([1, 1, 2])
            e = shapes[i] * strides[i]
        static_a = rng.random() < 0.25
        leaves = [(s, static_a or rng.random() < 0.4, d, static_a or rank > 1 or rng.random() < 0.4)
                  for s, d in zip(shapes, strides)]
        b = LAYOUTS_DYNAMIC_B[len(out) % len(LAYOUTS_DYNAMIC_B)] if len(out) < len(LAYOUTS_DYNAMIC_B) \
            else rng.choice(LAYOUTS_DYNAMIC_B)
        flags = [[rng.random() < 0.5, rng.random() < 0.5 or d == 0]  # a stride 0 static (README)
                 for d in flat(b[1])]
        if all(ss and ds for ss, ds in flags):
            continue
        out.append({"op": "logical_product", "leaves": leaves, "tiler": [b], "b_static": flags})
    return out


def oracle_dynamic_b_products():
    """The six products of `dynamic_b_product_cases`, each in a C++ program of its own with the
    all-static operands beside (a product CuTe C++ refuses statically is left out). The dynamic answer
    must be the all-static answer's function (same size, same offsets, checked with pycute), else the
    expected value is the refusal (`"expect": "error"`, CuTe's answer kept as `"cute"`). The programs
    print a first line of their own, skipped."""
    out, pairs = [], []
    for c in dynamic_b_product_cases():
        dyn = cpp(c).split("auto a = ")[1].split(";")[0]
        shape = ",".join(cpp_int(s, True) for s, _, _, _ in c["leaves"])
        stride = ",".join(cpp_int(d, True) for _, _, d, _ in c["leaves"])
        for op in ALL_PRODUCTS:
            body = (f'print("x\\n"); {{ auto a = {dyn}; auto s = make_layout(make_shape({shape}), '
                    f'make_stride({stride})); auto b = {cpp_entry(c["tiler"][0], c["b_static"])}; '
                    f'auto t = {cpp_entry(c["tiler"][0])}; '
                    f'print({op}(a, b)); printf("\\n"); print({op}(s, t)); printf("\\n"); }}')
            run = subprocess.run([tool_cpp(), body], capture_output=True, text=True)
            if run.returncode != 0:
                continue
            lines = [x.strip() for x in run.stdout.split("\n")]
            lines = lines[lines.index("x") + 1:]
            out.append(dict(c, op=op, expect=lines[0]))
            pairs.append((lines[0], lines[1]))
    checks = ",".join(repr((d.replace("_", ""), s.replace("_", ""))) for d, s in pairs)
    prog = ("import ast\nbad = []\n"
            "def lay(t):\n    s, d = t.split(':')\n    return Layout(ast.literal_eval(s), ast.literal_eval(d))\n"
            "for k, (d, s) in enumerate([" + checks + "]):\n"
            "    got, want = lay(d), lay(s)\n"
            "    if size(got) != size(want) or any(got(i) != want(i) for i in range(size(want))):\n"
            "        bad.append(k)\n"
            "print(bad)")
    for k in json.loads(run_pycute(prog)):
        out[k]["cute"], out[k]["expect"] = out[k]["expect"], "error"
    with open(DYNAMIC_B_DATA, "w") as f:
        f.write("".join(json.dumps(c) + "\n" for c in out))


TILING_DATA = os.path.join(ROOT, "tests", "golden", "mixed", "tiling.jsonl")


def nested_leaves(rng, rank, nest):
    """A layout of `rank` modes as (shape, stride) trees of `[value, static]` leaves; mode 0 is a pair
    of leaves when `nest` (the extent of its second leaf dynamic or static, its stride the first's span)."""
    modes, e = [], 1
    for i in range(rank):
        if nest and i == 0:
            s0, s1 = rng.choice([2, 4]), rng.choice([3, 5, 8])
            modes.append(([[s0, True], [s1, rng.random() < 0.5]], [[1, True], [s0, rng.random() < 0.5]]))
            e = s0 * s1
        else:
            s = rng.choice([2, 3, 5, 6, 8, 12])
            d = rng.choice([e, e, e + rng.choice([1, 4]), 0, 2])
            modes.append(([s, rng.random() < 0.5], [d, rng.random() < 0.5]))
            e = s * max(d, 1)
    return modes


def is_leaf(x):
    return len(x) == 2 and isinstance(x[1], bool)


def slice_cases(seed=43, count=40):
    """Layouts of rank 2-3 (mode 0 nested in half) sliced by a coordinate of `_` and integers, one of each at least."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        modes = nested_leaves(rng, rng.choice([2, 3]), rng.random() < 0.5)
        coord = []
        for sh, _ in modes:
            entries = sh if not is_leaf(sh) else [sh]
            picks = ["_" if rng.random() < 0.5 else rng.randrange(v) for v, _ in entries]
            coord.append(picks if not is_leaf(sh) and rng.random() < 0.6 else
                         ("_" if rng.random() < 0.5 else rng.randrange(size_of(sh))))
        flat = json.dumps(coord)
        if all_static(modes) or "_" not in flat or not any(ch.isdigit() for ch in flat):
            continue
        out.append({"op": "slice", "modes": modes, "coord": coord})
    return out


def size_of(sh):
    return sh[0] if is_leaf(sh) else size_prod([x[0] for x in sh])


def size_prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def all_static(modes):
    leaves = [x for sh, d in modes for t in (sh, d) for x in ([t] if is_leaf(t) else t)]
    return all(st for _, st in leaves)


THREADS = [((2, 2), (1, 2)), ((2, 2), (2, 1)), ((4, 2), (2, 1)), ((2, 4), (1, 2)), ((4, 8), (8, 1))]


def tiling_cases(seed=47, count=40):
    """Flat rank-2 layouts with non-negative strides: `local_tile` by a static rank-2 tile at a tile
    coordinate of the grid (the last, partial tile among them), `local_partition` by a static thread layout."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        modes = nested_leaves(rng, 2, False)
        if all_static(modes):
            continue
        if len(out) % 2 == 0:
            tile = [rng.choice([1, 2, 4, 8]) for _ in modes]
            grid = [-(-sh[0] // t) for (sh, _), t in zip(modes, tile)]
            out.append({"op": "local_tile", "modes": modes, "tiler": tile,
                        "coord": [rng.choice([0, g - 1, rng.randrange(g)]) for g in grid]})
        else:
            thr = rng.choice(THREADS)
            out.append({"op": "local_partition", "modes": modes, "threads": thr,
                        "idx": rng.randrange(size_prod(thr[0]))})
    return out


def cpp_tree(t):
    return cpp_int(t[0], t[1]) if is_leaf(t) else "make_shape(" + ",".join(cpp_tree(x) for x in t) + ")"


def cpp_coord(c):
    if c == "_":
        return "_"
    if isinstance(c, int):
        return f"int({c})"
    return "make_coord(" + ",".join(cpp_coord(x) for x in c) + ")"


def cpp_tiling(case):
    shape = ",".join(cpp_tree(sh) for sh, _ in case["modes"])
    stride = ",".join(cpp_tree(d) for _, d in case["modes"])
    a = f"auto a = make_layout(make_shape({shape}), make_stride({stride}));"
    if case["op"] == "slice":
        r = f"auto r = slice_and_offset({cpp_coord(case['coord'])}, a); print(get<0>(r)); printf(\" %d\\n\", int(get<1>(r)));"
    else:
        if case["op"] == "local_tile":
            call = (f"local_tile(t, make_tile({','.join(cpp_int(x, True) for x in case['tiler'])}), "
                    f"make_coord({','.join(f'int({x})' for x in case['coord'])}))")
        else:
            call = f"local_partition(t, {cpp_entry(case['threads'])}, int({case['idx']}))"
        r = (f"auto t = make_tensor(make_inttuple_iter(0), a); auto r = {call}; print(r.layout()); "
             f"printf(\" %d\\n\", int(*r.data()));")
    return "{ " + a + " " + r + " }"


def untree(t):
    """A tree of `[value, static]` leaves as plain values."""
    return t[0] if is_leaf(t) else tuple(untree(x) for x in t)


def check_tilings(cases):
    """Each expected slice, tile or partition `offset + R` has the size CuTe's grid gives it and holds the
    offsets of `a` at the coordinates it names (slice: the `_` modes, in order; tile and partition: the
    elements inside `a`'s shape, those past its edge are predicated); where not, the expected value is
    the refusal."""
    checks = []
    for c in cases:
        shape = tuple(untree(sh) for sh, _ in c["modes"])
        stride = tuple(untree(d) for _, d in c["modes"])
        got, off = c["expect"].replace("_", "").split(" ")
        gs, gd = got.split(":")
        arg = {"slice": c.get("coord"), "local_tile": (c.get("tiler"), c.get("coord")),
               "local_partition": (c.get("threads"), c.get("idx"))}[c["op"]]
        checks.append(f"({shape!r}, {stride!r}, {c['op']!r}, {json.dumps(arg)}, {gs!r}, {gd!r}, {off})")
    prog = r"""import ast, itertools
def norm(c):
    return None if c == '_' else (tuple(norm(x) for x in c) if isinstance(c, list) else c)
def fill(c, s, free):
    if c is None:
        return free.pop(0) if not isinstance(s, tuple) else tuple(fill(None, x, free) for x in s)
    if isinstance(c, tuple):
        return tuple(fill(x, y, free) for x, y in zip(c, s))
    return c
def blanks(c, s):
    if c is None:
        return [s] if not isinstance(s, tuple) else [y for x in s for y in blanks(None, x)]
    return [y for x, z in zip(c, s) for y in blanks(x, z)] if isinstance(c, tuple) else []
bad = []
for k, (s, d, op, arg, gs, gd, off) in enumerate([""" + ",".join(checks) + r"""]):
    a = Layout(s, d)
    got = Layout(ast.literal_eval(gs), ast.literal_eval(gd))
    rs = [off + got(i) for i in range(size(got))]
    if op == 'slice':
        c = norm(arg)
        ext = blanks(c, s)
        want = [a(fill(c, s, list(idx2crd(i, tuple(ext))) if len(ext) > 1 else [i])) for i in range(size(got))]
        ok = size(got) == product(tuple(ext)) and rs == want
    elif op == 'local_tile':
        t, c = arg
        ok = size(got) == t[0] * t[1]
        for i in range(t[0]):
            for j in range(t[1]):
                x, y = c[0] * t[0] + i, c[1] * t[1] + j
                if x < s[0] and y < s[1] and off + got((i, j)) != a((x, y)):
                    ok = False
    else:
        (ts, td), idx = arg
        thr = Layout(tuple(ts), tuple(td))
        tc = next(c for c in itertools.product(range(ts[0]), range(ts[1])) if thr(c) == idx)
        n = [-(-s[m] // ts[m]) for m in range(2)]
        ok = size(got) == n[0] * n[1]
        for i in range(n[0]):
            for j in range(n[1]):
                x, y = tc[0] + ts[0] * i, tc[1] + ts[1] * j
                if x < s[0] and y < s[1] and off + got((i, j)) != a((x, y)):
                    ok = False
    if not ok:
        bad.append(k)
print(bad)
"""
    bad = json.loads(run_pycute(prog))
    for k in bad:
        cases[k]["cute"], cases[k]["expect"] = cases[k]["expect"], "error"


def oracle_tilings():
    """Slicing, `local_tile` and `local_partition` of layouts with dynamic leaves: CuTe C++'s layout and
    offset (`*data()` of a tensor over an integer iterator), each checked by `check_tilings`."""
    cs = slice_cases() + tiling_cases()
    lines = iter(subprocess.run([tool_cpp(), "\n".join(cpp_tiling(c) for c in cs)], check=True,
                                capture_output=True, text=True).stdout.split("\n"))
    for c in cs:
        c["expect"] = next(lines).strip()
    check_tilings(cs)
    with open(TILING_DATA, "w") as f:
        for c in cs:
            f.write(json.dumps(c) + "\n")


UNARY = ["coalesce", "filter", "filter_zeros", "right_inverse", "left_inverse"]


def cpp_int(v, static):
    return f"Int<{v}>{{}}" if static else f"int({v})"


def cpp_entry(e, b_static=None):
    """A tiler entry; a layout's leaves are `int` where `b_static` (pairs per leaf) says dynamic."""
    if isinstance(e, int):
        return f"Int<{e}>{{}}"
    s, d = e
    pairs = b_static or [[True, True]] * len(flat(s))

    def tup(x, fl):
        if isinstance(x, int):
            return cpp_int(x, next(fl))
        return "make_shape(" + ",".join(tup(y, fl) for y in x) + ")"

    return f"make_layout({tup(s, iter(p[0] for p in pairs))}, {tup(d, iter(p[1] for p in pairs))})"


def cpp(case):
    shape = ",".join(cpp_int(s, ss) for s, ss, _, _ in case["leaves"])
    stride = ",".join(cpp_int(d, ds) for _, _, d, ds in case["leaves"])
    tiler = ",".join(cpp_entry(e) for e in case["tiler"])
    if case["op"] in UNARY:
        call = f'{case["op"]}(a)'
    elif case["op"] in ("composition_layout", "logical_product"):
        name = "composition" if case["op"] == "composition_layout" else case["op"]
        call = f'{name}(a, {cpp_entry(case["tiler"][0], case.get("b_static"))})'
    elif case["op"] == "complement":
        call = f'complement(a, {cpp_int(case["cotarget"], case.get("cotarget_static", False))})'
    else:
        call = f'{case["op"]}(a, make_tile({tiler}))'
    return (f'{{ auto a = make_layout(make_shape({shape}), make_stride({stride})); '
            f'print({call}); printf("\\n"); }}')


def tool_cpp():
    return os.environ.get("CUTE_CPP", os.path.join(ROOT, "..", "shared", "tools", "cute-cpp"))


def run_pycute(prog):
    """The output of the Python program `prog` run by pycute ($CUTE_PY or ../shared/tools/cute-py)."""
    tool = os.environ.get("CUTE_PY", os.path.join(ROOT, "..", "shared", "tools", "cute-py"))
    return subprocess.run([tool, prog], check=True, capture_output=True, text=True).stdout


def cpp_answers(cases, program, lines=1):
    """CuTe C++'s first `lines` output lines for each case, as `(case, lines)` pairs: all cases in one
    program (`program(c)` a `{ .. }` block printing `lines` lines), or each alone where CuTe C++ refuses
    some statically (those left out)."""
    run = subprocess.run([tool_cpp(), "\n".join(program(c) for c in cases)], capture_output=True, text=True)
    if run.returncode == 0:
        out = run.stdout.split("\n")
        return [(c, out[lines * i:lines * i + lines]) for i, c in enumerate(cases)]
    answered = []
    for c in cases:
        run = subprocess.run([tool_cpp(), program(c)], capture_output=True, text=True)
        if run.returncode == 0:
            answered.append((c, run.stdout.split("\n")[:lines]))
    return answered


def oracle():
    cs = cases() + coalesce_cases() + filter_cases() + complement_cases()
    body = "\n".join(cpp(c) for c in cs)
    extra = complement_mixed_cases()
    inverses = right_inverse_cases()
    lefts = right_inverse_cases(seed=29, count=40, op="left_inverse")
    comps = []
    for c in composition_layout_cases() + composition_dynamic_b_cases() + product_cases():  # one at a time: CuTe C++ refuses some statically (left out)
        run = subprocess.run([tool_cpp(), cpp(c)], capture_output=True, text=True)
        if run.returncode == 0:
            c["expect"] = run.stdout.split("\n")[0].strip()
            comps.append(c)
    for c in lefts:
        if not all(ds for _, _, _, ds in c["leaves"]):
            c["cute"] = "no"  # CuTe C++ does not compile a left inverse with dynamic strides
    body += "\n" + "\n".join(cpp(c) for c in extra + inverses + lefts if "cute" not in c)
    tool = tool_cpp()
    lines = subprocess.run([tool, body], check=True, capture_output=True, text=True).stdout.split("\n")
    lines = iter(lines)
    for c in cs + [c for c in extra if "cute" not in c]:
        c["expect"] = next(lines).strip()
    for c in extra:
        if "cute" in c:
            c["expect"] = text(*model_complement(c))
    for c in inverses:  # CuTe C++ stops at the first dynamic extent: its answer kept as "cute" where shorter
        cute, c["expect"] = next(lines).strip(), model_right_inverse(c["leaves"])
        if cute != c["expect"]:
            c["cute"] = cute
    for c in lefts:
        model = model_left_inverse(c["leaves"])
        if "cute" not in c:
            cute = next(lines).strip()
            assert cute == model, (c, cute, model)
        c["expect"] = model
    check_with_pycute([c for c in cs + extra + inverses if c["op"] in ("complement", "right_inverse")])
    check_left_with_pycute(lefts)
    check_compositions(comps)
    with open(DATA, "w") as f:
        for c in cs + extra + inverses + lefts + comps:
            f.write(json.dumps(c) + "\n")
    oracle_products()
    oracle_tilings()
    oracle_nested()
    oracle_dynamic_tilers()
    oracle_dynamic_tiler_products()
    oracle_by_integer()
    oracle_dynamic_b_products()


def rust_int(v, static):
    return f"int!({v})" if static else f"Dyn({v})"


def rust_entry(e):
    if isinstance(e, int):
        return str(e)

    def tup(x):
        return str(x) if isinstance(x, int) else "(" + ",".join(tup(y) for y in x) + ")"

    return f"{tup(e[0])}:{tup(e[1])}"


def rust_b(c):
    """The right operand B of a composition case: `layout!` when static, else its leaves' `Dyn`s."""
    b = c["tiler"][0]
    if "b_static" not in c:
        return f"layout!({rust_entry(b)})"
    pairs = c["b_static"]

    def tup(x, fl):
        if isinstance(x, int):
            return rust_int(x, next(fl))
        return "hlist![" + ", ".join(tup(y, fl) for y in x) + "]"

    shape, stride = tup(b[0], iter(p[0] for p in pairs)), tup(b[1], iter(p[1] for p in pairs))
    return f"Layout::try_new({shape}, {stride}).unwrap()"


def rust(out):
    lines = [
        "// Generated by tests/golden/gen_mixed.py from tests/golden/mixed/*.jsonl: do not edit.",
        "//! The divides of layouts with dynamic leaves against CuTe C++ with plain `int` leaves:",
        "//! values and which leaves are static (CuTe's `_n` form, our `{:#}`).",
        "use layout_algebra::typelevel::frunk_core::hlist;",
        "use layout_algebra::typelevel::*;",
    ]
    # One test per operation (and form of its right operand), not one function of 800 cases: LLVM
    # takes about twice as long on the one function (rustc -Z time-passes on the typelevel test).
    groups = {}
    with open(DATA) as f, open(PRODUCT_DATA) as g, open(DYNAMIC_B_DATA) as h:
        for line in list(f) + list(g) + list(h):
            c = json.loads(line)
            if "modes" in c:
                continue  # a nested case: rust_nested
            key = c["op"] + ("_by_tiler" if "by" in c else "") + ("_dynamic_b" if "b_static" in c else "")
            body = groups.setdefault(key, [])
            shape = ", ".join(rust_int(s, ss) for s, ss, _, _ in c["leaves"])
            stride = ", ".join(rust_int(d, ds) for _, _, d, ds in c["leaves"])
            tiler = ", ".join(rust_entry(e) for e in c["tiler"])
            if c["op"] in ("right_inverse", "left_inverse"):
                call, arg = f'try_{c["op"]}(a).unwrap()', ""
            elif "by" in c:  # a product by a tiler
                call, arg = f'try_{c["op"]}(a, tile!({tiler})).unwrap()', f", <{tiler}>"
            elif c["op"] in ["composition_layout", "logical_product"] + PRODUCTS + RANK_PRODUCTS:
                b = rust_entry(c["tiler"][0])
                f = "try_composition" if c["op"] == "composition_layout" else "try_" + c["op"]
                if c["expect"] == "error":
                    body.append(
                        f'    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();\n'
                        f'    if {f}(a, {rust_b(c)}).is_ok() {{\n'
                        f'        wrong.push(format!("{c["op"]}({{a:#}}, {b}) is not refused, CuTe C++: {c["cute"]}"));\n'
                        f'    }}'
                    )
                    continue
                call, arg = f"{f}(a, {rust_b(c)}).unwrap()", f", {b}"
            elif c["op"] in UNARY:
                call, arg = f'{c["op"]}(a)', ""
            elif c["op"] == "complement":
                m = rust_int(c["cotarget"], c.get("cotarget_static", False))
                call, arg = f'try_complement(a, {m}).unwrap()', f', {c["cotarget"]}'
            else:
                call, arg = f'try_{c["op"]}(a, tile!({tiler})).unwrap()', f", <{tiler}>"
            body.append(
                f'    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();\n'
                f'    let r = {call};\n'
                f'    if format!("{{r:#}}") != "{c["expect"]}" {{\n'
                f'        wrong.push(format!("{c["op"]}({{a:#}}{arg}) = {{r:#}}, CuTe C++: {c["expect"]}"));\n'
                f'    }}'
            )
    for key, body in groups.items():
        lines += ["", "#[test]", f"fn mixed_{key}_equal_cute_cpp() {{", "    let mut wrong = Vec::new();"]
        lines += body
        lines.append('    assert!(wrong.is_empty(), "{} of the cases differ:\\n{}", wrong.len(), wrong.join("\\n"));')
        lines.append("}")
    lines += rust_tilings()
    lines += rust_nested()
    lines += rust_dynamic_tilers()
    lines += rust_dynamic_tiler_products()
    lines += rust_by_integer()
    with open(os.path.join(out, "mixed_golden.rs"), "w") as f:
        f.write("\n".join(lines) + "\n")


def rust_tree(t):
    return rust_int(*t) if is_leaf(t) else "hlist![" + ", ".join(rust_tree(x) for x in t) + "]"


def rust_coord(c):
    if c == "_":
        return "__"
    if isinstance(c, int):
        return f"{c}usize"
    return "(" + ", ".join(rust_coord(x) for x in c) + ("," if len(c) == 1 else "") + ")"


def reach(text):
    """1 + the largest offset of `offset + layout` for a CuTe text `layout offset` of non-negative strides."""
    lay, off = text.replace("_", "").split(" ")
    gs, gd = lay.split(":")
    flat = lambda x: [x] if isinstance(x, int) else [y for z in x for y in flat(z)]
    parse = lambda t: flat(json.loads(t.replace("(", "[").replace(")", "]")))
    return 1 + int(off) + sum((s - 1) * d for s, d in zip(parse(gs), parse(gd)))


def rust_tilings():
    """The test of `tiling.jsonl`: slices with their offsets, tiles and partitions of a tensor over
    `0..n` with the offset of their first element."""
    lines = [
        "",
        "/// Slicing, `try_local_tile` and `try_local_partition` of layouts with dynamic leaves against CuTe C++:",
        "/// the layout (`{:#}`) and the offset of its first element.",
        "#[test]",
        "fn mixed_slicing_and_tiling_equal_cute_cpp() {",
        "    let mut wrong = Vec::new();",
    ]
    with open(TILING_DATA) as f:
        for line in f:
            c = json.loads(line)
            shape = ", ".join(rust_tree(sh) for sh, _ in c["modes"])
            stride = ", ".join(rust_tree(d) for _, d in c["modes"])
            lines.append(f"    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();")
            if c["op"] == "slice":
                k = rust_coord(c["coord"])
                lines.append(f"    let (r, o) = a.slice_and_offset({k});\n    let r = format!(\"{{r:#}} {{o}}\");")
                lines.append(f"    if r != \"{c['expect']}\" {{\n"
                             f"        wrong.push(format!(\"slice({{a:#}}, {k}) = {{r}}, CuTe C++: {c['expect']}\"));\n    }}")
            elif c["op"] == "local_tile":
                lines += rust_tensor_op(c, f"tile!({', '.join(map(str, c['tiler']))}), "
                                           f"({', '.join(f'{x}usize' for x in c['coord'])})")
            else:
                lines += rust_tensor_op(c, f"layout!({rust_entry(c['threads'])}), {c['idx']}")
    lines.append('    assert!(wrong.is_empty(), "{} of the cases differ:\\n{}", wrong.len(), wrong.join("\\n"));')
    lines.append("}")
    return lines


def rust_tensor_op(c, arg):
    """The lines that check `try_<op>(t, <arg>)` of the case `c` (its layout `a` in scope) on a tensor
    over `0..n`, `n` past every offset of `a` and of CuTe C++'s answer: refused where `"expect"` is
    `"error"`, else the layout (`{:#}`) and the offset of its first element equal to CuTe C++'s."""
    tree = lambda t: str(untree(t)).replace(" ", "")
    n = max(reach(c["expect"] if c["expect"] != "error" else c["cute"]),
            reach("(" + ",".join(tree(sh) for sh, _ in c["modes"]) + "):("
                  + ",".join(tree(d) for _, d in c["modes"]) + ") 0"))
    lines = [f"    let data: Vec<i64> = (0..{n}).collect();\n"
             f"    let t = try_{c['op']}(make_tensor(&data[..], a).unwrap(), {arg});"]
    what = f"{c['op']}({{a:#}}, {arg.replace('{', '{{').replace('}', '}}')})"
    if c["expect"] == "error":
        return lines + [f"    if t.is_ok() {{\n        wrong.push(format!(\"{what} is not refused, CuTe C++: {c['cute']}\"));\n    }}"]
    return lines + ["    let r = t.map_or_else(|e| e.to_string(), |t| format!(\"{:#} {}\", t.layout(), t[0usize]));",
                    f"    if r != \"{c['expect']}\" {{\n"
                    f"        wrong.push(format!(\"{what} = {{r}}, CuTe C++: {c['expect']}\"));\n    }}"]


def nested_divide_cases(seed=53, count=30):
    """Rank-2 layouts whose mode 0 nests a dynamic leaf (`((2,M),K)`), by a tiler of 1 or 2 entries; first
    `((M,2),K):((1,M),2M)` (M = 3) by `<4>`, where CuTe C++ returns a tile of 3 elements."""
    rng = random.Random(seed)
    m = [([[3, False], [2, True]], [[1, True], [3, False]]), ([5, False], [6, False])]
    out = [{"op": op, "modes": m, "tiler": [4]} for op in ("logical_divide", "zipped_divide", "composition")]
    while len(out) < count + 3:
        modes = nested_leaves(rng, 2, True)
        if all_static(modes[:1]):
            continue
        op = rng.choice(OPS)
        tiler = [rng.choice(ENTRIES[:8]) for _ in range(rng.choice([1, 2]))]
        out.append({"op": op, "modes": modes, "tiler": tiler})
    return out


def cpp_nested(case):
    shape = ",".join(cpp_tree(sh) for sh, _ in case["modes"])
    stride = ",".join(cpp_tree(d) for _, d in case["modes"])
    tiler = ",".join(cpp_entry(e) for e in case["tiler"])
    return (f'auto a = make_layout(make_shape({shape}), make_stride({stride})); '
            f'print({case["op"]}(a, make_tile({tiler})));')


def check_nested(cases):
    """CuTe C++'s answer must be pycute's function (the same top-level mode sizes and the same offset at
    every index); where it is not, or pycute refuses, the expected value is the refusal. A case with
    `"whole"` divides by its one tiler entry as a layout, not by mode."""
    checks = []
    for c in cases:
        shape = tuple(untree(sh) for sh, _ in c["modes"])
        stride = tuple(untree(d) for _, d in c["modes"])
        deep = lambda x: x if isinstance(x, int) else tuple(deep(y) for y in x)
        tiler = tuple(deep(e) if not isinstance(e, int) else (e, 1 if e > 1 else 0) for e in c["tiler"])
        gs, gd = c["expect"].replace("_", "").split(":")
        checks.append(f"({shape!r}, {stride!r}, {tiler!r}, {c['op']!r}, {gs!r}, {gd!r}, {'whole' in c})")
    prog = ("import ast\nbad = []\nfor k, (s, d, t, op, gs, gd, w) in enumerate([" + ",".join(checks) + "]):\n"
            "    a, tl = Layout(s, d), (Layout(*t[0]) if w else tuple(Layout(*e) for e in t))\n"
            "    got = Layout(ast.literal_eval(gs), ast.literal_eval(gd))\n"
            "    try:\n"
            "        want = (logical_divide if op == 'logical_divide' else composition if op == 'composition'\n"
            "                else zipped_divide)(a, tl)\n"
            "    except Exception:\n"
            "        bad.append(k)\n"
            "        continue\n"
            "    modes = lambda l: l.shape if isinstance(l.shape, tuple) else (l.shape,)\n"
            "    if op == 'composition':  # CuTe C++ drops the modes past the tiler\n"
            "        want = Layout(want.shape[:len(t)], want.stride[:len(t)])\n"
            "    sizes = [size(m) for m in modes(want)]\n"
            "    if op == 'tiled_divide':  # pycute has the zipped form: ((tiles), rests...)\n"
            "        sizes = [sizes[0]] + [size(m) for m in want.shape[1]]\n"
            "    if op == 'flat_divide':  # (tiles..., rests...)\n"
            "        sizes = [size(m) for part in want.shape for m in part]\n"
            "    # a rank-1 text `((2,2))` reads as `(2,2)`: the composition by one entry compares its size\n"
            "    mine = [size(got)] if op == 'composition' and len(t) == 1 else [size(m) for m in modes(got)]\n"
            "    if mine != sizes or any(got(i) != want(i) for i in range(size(want))):\n"
            "        bad.append(k)\n"
            "print(bad)")
    for k in json.loads(run_pycute(prog)):
        cases[k]["cute"], cases[k]["expect"] = cases[k]["expect"], "error"


def oracle_nested():
    """Each case alone: CuTe C++ refuses some statically (left out)."""
    out = []
    for c in nested_divide_cases():
        run = subprocess.run([tool_cpp(), cpp_nested(c)], capture_output=True, text=True)
        if run.returncode == 0:
            c["expect"] = run.stdout.split("\n")[0].strip()
            out.append(c)
    check_nested(out)
    with open(DATA) as f:  # appended to divide.jsonl (its lines with "modes"), after the flat cases
        kept = [line for line in f if '"modes"' not in line]
    with open(DATA, "w") as f:
        f.write("".join(kept) + "".join(json.dumps(c) + "\n" for c in out))


def checked_call(call, what, c):
    """The Rust lines that check `call` (a `Result`) against the case `c`: refused where CuTe C++'s
    answer breaks the operation's postcondition (`expect` is "error"), else equal to CuTe C++'s
    answer; `what` names the call in the message of a difference."""
    if c["expect"] == "error":
        return (f'    if let Ok(r) = {call} {{\n'
                f'        wrong.push(format!("{what} = {{r:#}} is not refused, CuTe C++: {c["cute"]}"));\n'
                f'    }}')
    return (f'    let r = {call}.unwrap();\n'
            f'    if format!("{{r:#}}") != "{c["expect"]}" {{\n'
            f'        wrong.push(format!("{what} = {{r:#}}, CuTe C++: {c["expect"]}"));\n'
            f'    }}')


def rust_nested():
    """The generated test of the nested cases of mixed/divide.jsonl (the lines with "modes")."""
    lines = ["", "#[test]", "fn nested_dynamic_modes_equal_cute_cpp() {", "    let mut wrong = Vec::new();"]
    with open(DATA) as f:
        for c in (json.loads(line) for line in f if '"modes"' in line):
            shape = ", ".join(rust_tree(sh) for sh, _ in c["modes"])
            stride = ", ".join(rust_tree(d) for _, d in c["modes"])
            tiler = ", ".join(rust_entry(e) for e in c["tiler"])
            f_ = "try_composition" if c["op"] == "composition" else "try_" + c["op"]
            lines.append(f'    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();')
            lines.append(checked_call(f"{f_}(a, tile!({tiler}))", f'{c["op"]}({{a:#}}, <{tiler}>)', c))
    lines.append('    assert!(wrong.is_empty(), "{} of the cases differ:\\n{}", wrong.len(), wrong.join("\\n"));')
    lines.append("}")
    return lines


TILER_DATA = os.path.join(ROOT, "tests", "golden", "mixed", "tiler.jsonl")
DIVIDES = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"]


def dynamic_tiler_cases(seed=59, count=32, whole=8):
    """Rank-2 layouts (mode 0 nested in a third) by a tiler of 1 or 2 entries with a dynamic leaf (an `int`
    tile size, or a layout entry with `int` leaves), then `whole` layouts divided by one layout `n:_1`
    with an `int` n (CuTe's `zipped_divide(a, n)`, NVIDIA/cutlass 3513). An entry is `[n, static?]` or
    `[[shape, stride], [[shape static?, stride static?] per leaf]]`."""
    rng = random.Random(seed)
    layouts = [e for e in ENTRIES if not isinstance(e, int)]
    out = []
    while len(out) < count:
        modes = nested_leaves(rng, 2, rng.random() < 0.33)
        tiler = []
        for _ in range(rng.choice([1, 2])):
            if rng.random() < 0.6:
                tiler.append([rng.choice([1, 2, 3, 4, 8, 16]), rng.random() < 0.3])
            else:
                e = rng.choice(layouts)
                tiler.append([list(e), [[rng.random() < 0.5, rng.random() < 0.5] for _ in flat(e[0])]])
        if all(is_leaf(e) and e[1] or not is_leaf(e) and all(x for p in e[1] for x in p) for e in tiler):
            continue  # at least one dynamic leaf
        out.append({"op": rng.choice(DIVIDES), "modes": modes, "tiler": tiler})
    while len(out) < count + whole:
        modes = nested_leaves(rng, 2, rng.random() < 0.5)
        n = rng.choice([2, 4, 6, 8, 12, 16, 24, 32, 48, 96, 128])
        out.append({"op": rng.choice(DIVIDES[:2]), "modes": modes, "whole": n})
    return out


def cpp_tiler_entry(e):
    if is_leaf(e):
        return cpp_int(*e)
    return cpp_entry(tuple(e[0]), e[1])


def cpp_dynamic_tiler(case):
    shape = ",".join(cpp_tree(sh) for sh, _ in case["modes"])
    stride = ",".join(cpp_tree(d) for _, d in case["modes"])
    if "whole" in case:
        b = f"int({case['whole']})"
    else:
        b = "make_tile(" + ",".join(cpp_tiler_entry(e) for e in case["tiler"]) + ")"
    return f'auto a = make_layout(make_shape({shape}), make_stride({stride})); print({case["op"]}(a, {b}));'


def oracle_dynamic_tilers():
    """All cases in one program, or each alone where CuTe C++ refuses some statically (left out);
    checked as `check_nested` checks."""
    out = []
    for c, (line,) in cpp_answers(dynamic_tiler_cases(), lambda c: "{ " + cpp_dynamic_tiler(c) + ' printf("\\n"); }'):
        c["expect"] = line.strip()
        out.append(c)
    plain = [dict(c, tiler=[[c["whole"], 1]] if "whole" in c else
                  [e[0] if is_leaf(e) else e[0] for e in c["tiler"]]) for c in out]
    check_nested(plain)
    for c, p in zip(out, plain):
        if p["expect"] == "error":
            c["cute"], c["expect"] = p["cute"], "error"
    with open(TILER_DATA, "w") as f:
        f.write("".join(json.dumps(c) + "\n" for c in out))


def rust_tiler_entry(e):
    if is_leaf(e):
        return f"layout!({e[0]})" if e[1] else f"Dyn({e[0]})"
    (shape, stride), pairs = e

    def tup(x, fl):
        if isinstance(x, int):
            return rust_int(x, next(fl))
        return "hlist![" + ", ".join(tup(y, fl) for y in x) + "]"

    return (f"Layout::try_new({tup(shape, iter(p[0] for p in pairs))}, "
            f"{tup(stride, iter(p[1] for p in pairs))}).unwrap()")


def cute_tiler_entry(e):
    """An entry in CuTe's printed form (`_n` static, `n` dynamic)."""
    if is_leaf(e):
        return ("_" if e[1] else "") + str(e[0])
    (shape, stride), pairs = e

    def tup(x, fl):
        if isinstance(x, int):
            return ("_" if next(fl) else "") + str(x)
        return "(" + ",".join(tup(y, fl) for y in x) + ")"

    return f"{tup(shape, iter(p[0] for p in pairs))}:{tup(stride, iter(p[1] for p in pairs))}"


def rust_dynamic_tilers():
    """The generated test of mixed/tiler.jsonl."""
    lines = ["", "/// The divides by tilers with dynamic entries, and by one layout `n:_1` with a dynamic n.",
             "#[test]", "fn dynamic_tilers_equal_cute_cpp() {", "    let mut wrong = Vec::new();"]
    with open(TILER_DATA) as f:
        for c in (json.loads(line) for line in f):
            shape = ", ".join(rust_tree(sh) for sh, _ in c["modes"])
            stride = ", ".join(rust_tree(d) for _, d in c["modes"])
            if "whole" in c:
                b, arg = f"Layout::try_new(Dyn({c['whole']}), _1).unwrap()", f"{c['whole']}:_1"
            else:
                b = "Tile(hlist![" + ", ".join(rust_tiler_entry(e) for e in c["tiler"]) + "])"
                arg = "<" + ",".join(cute_tiler_entry(e) for e in c["tiler"]) + ">"
            lines.append(f'    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();')
            lines.append(f"    let b = {b};")
            what = f'{c["op"]}({{a:#}}, {arg})'
            lines.append(checked_call(f'try_{c["op"]}(a, b)', what, c))
    lines.append('    assert!(wrong.is_empty(), "{} of the cases differ:\\n{}", wrong.len(), wrong.join("\\n"));')
    lines.append("}")
    return lines


TILER_PRODUCT_DATA = os.path.join(ROOT, "tests", "golden", "mixed", "tiler_product.jsonl")
PRODUCT_FORMS = ["logical_product"] + PRODUCTS


def dynamic_tiler_product_cases(seed=61, count=32):
    """Rank-2 layouts (mode 0 nested in a third; every mode complementable) by a tiler of 1 or 2 entries
    with a dynamic leaf, entries as in `dynamic_tiler_cases`: an integer `[n, static?]` or a layout
    `[[shape, stride], [[shape static?, stride static?] per leaf]]`; the four products of each. First
    `(6,4):(_1,5)` by `<2, 4:2>` (`int` leaves), where CuTe C++'s repeat of mode 1 has 3 elements for 4."""
    rng = random.Random(seed)
    layouts = [(2, 1), (3, 2), (4, 2), ((2, 2), (1, 2)), ((2, 3), (3, 1)), ((2, 2), (1, 4))]
    out = [{"modes": [([6, False], [1, True]), ([4, False], [5, False])],
            "tiler": [[2, False], [[4, 2], [[False, False]]]]}]
    while len(out) < count + 1:
        modes = nested_leaves(rng, 2, rng.random() < 0.33)
        tiler = []
        for _ in range(rng.choice([1, 2])):
            if rng.random() < 0.6:
                tiler.append([rng.choice([1, 2, 3, 4, 8]), rng.random() < 0.3])
            else:
                e = rng.choice(layouts)
                tiler.append([list(e), [[rng.random() < 0.5, rng.random() < 0.5] for _ in flat(e[0])]])
        if all(is_leaf(e) and e[1] or not is_leaf(e) and all(x for p in e[1] for x in p) for e in tiler):
            continue  # at least one dynamic leaf
        out.append({"modes": modes, "tiler": tiler})
    return out


def cpp_dynamic_tiler_products(case):
    shape = ",".join(cpp_tree(sh) for sh, _ in case["modes"])
    stride = ",".join(cpp_tree(d) for _, d in case["modes"])
    b = "make_tile(" + ",".join(cpp_tiler_entry(e) for e in case["tiler"]) + ")"
    return (f"auto a = make_layout(make_shape({shape}), make_stride({stride})); auto b = {b}; "
            + " ".join(f'print({op}(a, b)); printf("\\n");' for op in PRODUCT_FORMS))


def check_dynamic_tiler_products(cases):
    """CuTe C++'s answer must have size(A)·Π size(B_m) elements (each repeat as many as its entry:
    pycute's products do not keep that either) and be pycute's function: the logical form pycute's
    `logical_product` by the tiler's layouts (an integer n as n:1), the zipped, tiled and flat forms (one
    order of the elements: blocks, then repeats) its `zipped_product`, for the logical and zipped forms
    with the same top-level mode sizes; where it is not, or pycute refuses, the expected value is the
    refusal (`"expect": "error"`, CuTe's answer kept as `"cute"`)."""
    checks = []
    for c in cases:
        shape = tuple(untree(sh) for sh, _ in c["modes"])
        stride = tuple(untree(d) for _, d in c["modes"])
        deep = lambda x: x if isinstance(x, int) else tuple(deep(y) for y in x)
        tiler = tuple((e[0], 1) if is_leaf(e) else deep(e[0]) for e in c["tiler"])
        gs, gd = c["expect"].replace("_", "").split(":")
        checks.append(f"({shape!r}, {stride!r}, {tiler!r}, {c['op']!r}, {gs!r}, {gd!r})")
    prog = ("import ast\nfrom math import prod\nbad = []\nfor k, (s, d, t, op, gs, gd) in enumerate([" + ",".join(checks) + "]):\n"
            "    a, tl = Layout(s, d), tuple(Layout(*e) for e in t)\n"
            "    got = Layout(ast.literal_eval(gs), ast.literal_eval(gd))\n"
            "    try:\n"
            "        want = (logical_product if op == 'logical_product' else zipped_product)(a, tl)\n"
            "    except Exception:\n"
            "        bad.append(k)\n"
            "        continue\n"
            "    modes = lambda l: [size(m) for m in l.shape] if isinstance(l.shape, tuple) else [size(l)]\n"
            "    if size(got) != size(a) * prod(size(e) for e in tl):  # a repeat of B_m's size, pycute's too\n"
            "        bad.append(k)\n"
            "    elif op in ('logical_product', 'zipped_product') and modes(got) != modes(want):\n"
            "        bad.append(k)\n"
            "    elif size(got) != size(want) or any(got(i) != want(i) for i in range(size(want))):\n"
            "        bad.append(k)\n"
            "print(bad)")
    for k in json.loads(run_pycute(prog)):
        cases[k]["cute"], cases[k]["expect"] = cases[k]["expect"], "error"


def oracle_dynamic_tiler_products():
    """All cases in one program, or each alone where CuTe C++ refuses some statically (left out); each
    answer checked with pycute (`check_dynamic_tiler_products`)."""
    answered = cpp_answers(dynamic_tiler_product_cases(), lambda c: "{ " + cpp_dynamic_tiler_products(c) + " }",
                           len(PRODUCT_FORMS))
    out = [dict(c, op=op, expect=line.strip()) for c, lines in answered for op, line in zip(PRODUCT_FORMS, lines)]
    check_dynamic_tiler_products(out)
    with open(TILER_PRODUCT_DATA, "w") as f:
        f.write("".join(json.dumps(c) + "\n" for c in out))


def rust_dynamic_tiler_products():
    """The generated test of mixed/tiler_product.jsonl."""
    lines = ["", "/// The products by tilers with dynamic entries.",
             "#[test]", "fn dynamic_tiler_products_equal_cute_cpp() {", "    let mut wrong = Vec::new();"]
    with open(TILER_PRODUCT_DATA) as f:
        for c in (json.loads(line) for line in f):
            shape = ", ".join(rust_tree(sh) for sh, _ in c["modes"])
            stride = ", ".join(rust_tree(d) for _, d in c["modes"])
            b = "Tile(hlist![" + ", ".join(rust_tiler_entry(e) for e in c["tiler"]) + "])"
            arg = "<" + ",".join(cute_tiler_entry(e) for e in c["tiler"]) + ">"
            lines.append(f'    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();')
            lines.append(f"    let b = {b};")
            what = f'{c["op"]}({{a:#}}, {arg})'
            lines.append(checked_call(f'try_{c["op"]}(a, b)', what, c))
    lines.append('    assert!(wrong.is_empty(), "{} of the cases differ:\\n{}", wrong.len(), wrong.join("\\n"));')
    lines.append("}")
    return lines


BY_INTEGER_DATA = os.path.join(ROOT, "tests", "golden", "mixed", "by_integer.jsonl")
BY_INTEGER_OPS = ["composition"] + DIVIDES


def by_integer_cases(seed=67, count=40):
    """Rank-2 and rank-3 layouts (leaves static or not) by an integer B = n, `int` or (`"n_static"`)
    `Int<n>`: the composition (CuTe C++ reads n as the layout `n:_1`) and the four divides (as
    `make_layout(n)`, the whole layout divided as one mode). n is the size of a prefix of A's modes times
    1, 2 or the next extent, or one of 1, 3, 5, 6, 12, 64. First `(4,8):(9,2)` by 6 and by 12 (`int`
    leaves), where CuTe C++'s composition has 4 elements for 6."""
    rng = random.Random(seed)
    a = [(4, False, 9, False), (8, False, 2, False)]
    out = [{"leaves": a, "n": n, "n_static": False} for n in (6, 12)]
    while len(out) < count + 2:
        leaves = [(rng.choice(SHAPES), rng.random() < 0.5, rng.choice(STRIDES), rng.random() < 0.5)
                  for _ in range(rng.choice([2, 2, 3]))]
        n_static = rng.random() < 0.3
        if leaves[-1][0] == 1 and leaves[-1][1] or n_static and all(ss for _, ss, _, _ in leaves):
            continue  # a last static extent 1 (README), or static extents by a static n (decided statically)
        if rng.random() < 0.7:
            k, n = rng.randrange(len(leaves)), 1
            for s, _, _, _ in leaves[:k]:
                n *= s
            n *= rng.choice([1, 2, leaves[k][0]])
        else:
            n = rng.choice([1, 3, 5, 6, 12, 64])
        out.append({"leaves": leaves, "n": n, "n_static": n_static})
    return out


def cpp_by_integer(c):
    """The five operations of the case `c`, a line each."""
    shape = ",".join(cpp_int(s, ss) for s, ss, _, _ in c["leaves"])
    stride = ",".join(cpp_int(d, ds) for _, _, d, ds in c["leaves"])
    n = cpp_int(c["n"], c["n_static"])
    return (f"{{ auto a = make_layout(make_shape({shape}), make_stride({stride})); "
            + " ".join(f'print({op}(a, {n})); printf(\"\\n\");' for op in BY_INTEGER_OPS) + " }")


def oracle_by_integer():
    """CuTe C++'s answers, in one program (each case alone where it refuses some statically: left out),
    each checked with pycute: the composition n elements with `R(i) = A(i)`; a divide, with `L` the
    layout `(B, complement(B, size(A)))` of B = `make_layout(n)`, `size(L)` elements with `R(i) =
    A(L(i))` wherever `L(i)` lies in A (the last tile may reach past A, as in CuTe: predicated);
    where it does not hold the expected value is the refusal (`"expect": "error"`, CuTe's answer kept as
    `"cute"`)."""
    answered = cpp_answers(by_integer_cases(), cpp_by_integer, len(BY_INTEGER_OPS))
    out = [dict(c, op=op, expect=line.strip()) for c, lines in answered for op, line in zip(BY_INTEGER_OPS, lines)]
    checks = []
    for c in out:
        gs, gd = c["expect"].replace("_", "").split(":")
        checks.append(f"({tuple(x[0] for x in c['leaves'])!r}, {tuple(x[2] for x in c['leaves'])!r}, "
                      f"{c['n']}, {c['op']!r}, {gs!r}, {gd!r})")
    prog = ("import ast\nbad = []\nfor k, (s, d, n, op, gs, gd) in enumerate([" + ",".join(checks) + "]):\n"
            "    a, got = Layout(s, d), Layout(ast.literal_eval(gs), ast.literal_eval(gd))\n"
            "    if op == 'composition':\n"
            "        ok = size(got) == n and all(got(i) == a(i) for i in range(n))\n"
            "    else:\n"
            "        b = Layout(n, 1 if n > 1 else 0)\n"
            "        l = make_layout(b, complement(b, size(a)))\n"
            "        ok = size(got) == size(l) and all(got(i) == a(l(i)) for i in range(size(l)) if l(i) < size(a))\n"
            "    if not ok:\n"
            "        bad.append(k)\n"
            "print(bad)")
    for k in json.loads(run_pycute(prog)):
        out[k]["cute"], out[k]["expect"] = out[k]["expect"], "error"
    with open(BY_INTEGER_DATA, "w") as f:
        f.write("".join(json.dumps(c) + "\n" for c in out))


def rust_by_integer():
    """The generated test of mixed/by_integer.jsonl."""
    lines = ["", "/// The composition and the divides by an integer (`int!(n)` or `Dyn(n)`, CuTe C++ `Int<n>` or `int`).",
             "#[test]", "fn by_integer_equal_cute_cpp() {", "    let mut wrong = Vec::new();"]
    with open(BY_INTEGER_DATA) as f:
        for c in (json.loads(line) for line in f):
            shape = ", ".join(rust_int(s, ss) for s, ss, _, _ in c["leaves"])
            stride = ", ".join(rust_int(d, ds) for _, _, d, ds in c["leaves"])
            lines.append(f"    let a = Layout::try_new(hlist![{shape}], hlist![{stride}]).unwrap();")
            n = rust_int(c["n"], c["n_static"])
            lines.append(checked_call(f'try_{c["op"]}(a, {n})', f'{c["op"]}({{a:#}}, {n})', c))
    lines.append('    assert!(wrong.is_empty(), "{} of the cases differ:\\n{}", wrong.len(), wrong.join("\\n"));')
    lines.append("}")
    return lines


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--oracle-by-integer", action="store_true",
                    help="only mixed/by_integer.jsonl (a few minutes)")
    ap.add_argument("--oracle-dynamic-b", action="store_true",
                    help="only mixed/product_dynamic_b.jsonl (a few minutes)")
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "golden_mixed"))
    args = ap.parse_args()
    if args.oracle:
        oracle()
    elif args.oracle_by_integer:
        oracle_by_integer()
    elif args.oracle_dynamic_b:
        oracle_dynamic_b_products()
    else:
        rust(args.out)
