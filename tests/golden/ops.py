"""The operations: for each, its calculator syntax, its pycute call, its CuTe C++ statement, the
generator's own implementation (ref.py) and an optional postcondition check."""

import ref
from model import L, Tile, cosize, depth, equiv_strict, fmt, is_tuple, lrank, size
from oracles import cx, py_layout


def call(name, *args):
    return name + "(" + ", ".join(fmt(a) for a in args) + ")"


def pr(expr):
    return f"print({expr});"


class Op:
    def __init__(self, name, family, expr, py, cpp, refn, check=None):
        self.name = name
        self.family = family
        self.expr = expr
        self.py = py
        self.cpp = cpp
        self.ref = refn
        self.check = check


OPS = {}


def op(name, family, expr, py, cpp, refn, check=None):
    OPS[name] = Op(name, family, expr, py, cpp, refn, check)


def std_expr(name):
    return lambda args: call(name, *args)


def py_tiler(b):
    if isinstance(b, (L, Tile)):
        return py_layout(b)
    return b


def cpp_tiler(b, st):
    # an integer tiler is a shape; CuTe takes Int<n> / int directly
    return cx(b, st)


# ---------------------------------------------------------------- composition

op("composition", "composition", std_expr("composition"),
   lambda a: (lambda p: p.composition(py_layout(a[0]), py_tiler(a[1]))),
   lambda a, st: pr(f"composition({cx(a[0], st)}, {cpp_tiler(a[1], st)})"),
   lambda a: ref.composition(a[0], a[1]),
   lambda a, r: ref.check_composition_any(a[0], a[1], r))

# ---------------------------------------------------------------- complement


def _cpl_expr(a):
    return call("complement", a[0]) if len(a) == 1 else call("complement", a[0], a[1])


def _cpl_py(a):
    if len(a) == 1:
        return lambda p: p.complement(py_layout(a[0]))
    if is_tuple(a[1]):
        return None
    return lambda p: p.complement(py_layout(a[0]), a[1])


def _cpl_cpp(a, st):
    if len(a) == 1:
        return pr(f"complement({cx(a[0], st)})")
    return pr(f"complement({cx(a[0], st)}, {cx(a[1], st)})")


op("complement", "complement", _cpl_expr, _cpl_py, _cpl_cpp,
   lambda a: ref.complement(a[0], a[1] if len(a) > 1 else None),
   lambda a, r: ref.check_complement(a[0], a[1] if len(a) > 1 else None, r))

# ---------------------------------------------------------------- coalesce / filter


def _coal_expr(a):
    return call("coalesce", *a)


def _coal_py(a):
    if len(a) == 1:
        return lambda p: p.coalesce(py_layout(a[0]))
    return lambda p: p.coalesce(py_layout(a[0]), a[1])


def _coal_cpp(a, st):
    if len(a) == 1:
        return pr(f"coalesce({cx(a[0], st)})")
    return pr(f"coalesce({cx(a[0], st)}, {cx(a[1], True)})")


op("coalesce", "coalesce", _coal_expr, _coal_py, _coal_cpp,
   lambda a: ref.coalesce(a[0], a[1] if len(a) > 1 else None))
op("filter", "coalesce", std_expr("filter"),
   lambda a: (lambda p: p.filter(py_layout(a[0]))),
   lambda a, st: pr(f"filter({cx(a[0], st)})"),
   lambda a: ref.filter_(a[0]))
op("filter_zeros", "coalesce", std_expr("filter_zeros"), lambda a: None,
   lambda a, st: pr(f"filter_zeros({cx(a[0], st)})"),
   lambda a: ref.filter_zeros(a[0]))

# ---------------------------------------------------------------- inverses

op("right_inverse", "inverse", std_expr("right_inverse"),
   lambda a: (lambda p: p.right_inverse(py_layout(a[0]))),
   lambda a, st: pr(f"right_inverse({cx(a[0], st)})"),
   lambda a: ref.right_inverse(a[0]))
op("left_inverse", "inverse", std_expr("left_inverse"),
   lambda a: (lambda p: p.left_inverse(py_layout(a[0]))),
   lambda a, st: pr(f"left_inverse({cx(a[0], st)})"),
   lambda a: ref.left_inverse(a[0]),
   lambda a, r: ref.check_left_inverse(a[0], r))
op("max_common_layout", "inverse", std_expr("max_common_layout"), lambda a: None,
   lambda a, st: pr(f"max_common_layout({cx(a[0], st)}, {cx(a[1], st)})"),
   lambda a: ref.max_common_layout(a[0], a[1]))
op("max_common_vector", "inverse", std_expr("max_common_vector"), lambda a: None,
   lambda a, st: pr(f"max_common_vector({cx(a[0], st)}, {cx(a[1], st)})"),
   lambda a: ref.max_common_vector(a[0], a[1]))

# ---------------------------------------------------------------- divide / product


def strict_check(refn):
    """Same value as the own implementation, nesting included (for the rank-sensitive products,
    where C++ nests an operand with an integral shape differently from one with a rank-1 tuple)."""
    def check(a, r):
        want = refn(a)
        if equiv_strict(r, want):
            return None
        return f"differs from the own value {fmt(want)} (shape nesting or function)"
    return check


def _binop(name, family, pyname, refn, strict=False):
    def py(a):
        if pyname is None:
            return None
        return lambda p: getattr(p, pyname)(py_layout(a[0]), py_tiler(a[1]))
    op(name, family, std_expr(name), py,
       lambda a, st: pr(f"{name}({cx(a[0], st)}, {cpp_tiler(a[1], st)})"),
       lambda a: refn(a[0], a[1]),
       strict_check(lambda a: refn(a[0], a[1])) if strict else None)


_binop("logical_divide", "divide", "logical_divide", ref.logical_divide)
_binop("zipped_divide", "divide", "zipped_divide", ref.zipped_divide)
_binop("tiled_divide", "divide", "tiled_divide", ref.tiled_divide)
_binop("flat_divide", "divide", None, ref.flat_divide)
_binop("logical_product", "product", "logical_product", ref.logical_product)
_binop("zipped_product", "product", "zipped_product", ref.zipped_product)
_binop("tiled_product", "product", "tiled_product", ref.tiled_product)
_binop("flat_product", "product", None, ref.flat_product)
_binop("blocked_product", "product", None, ref.blocked_product, True)
_binop("raked_product", "product", None, ref.raked_product, True)

op("tile_to_shape", "product", std_expr("tile_to_shape"), lambda a: None,
   lambda a, st: pr(f"tile_to_shape({cx(a[0], st)}, {cx(a[1], st)})"),
   lambda a: ref.tile_to_shape(a[0], a[1]),
   strict_check(lambda a: ref.tile_to_shape(a[0], a[1])))

# ---------------------------------------------------------------- recast

op("upcast", "recast", std_expr("upcast"), lambda a: None,
   lambda a, st: pr(f"upcast<{a[1]}>({cx(a[0], st)})"),
   lambda a: ref.upcast(a[0], a[1]))
op("downcast", "recast", std_expr("downcast"), lambda a: None,
   lambda a, st: pr(f"downcast<{a[1]}>({cx(a[0], st)})"),
   lambda a: ref.downcast(a[0], a[1]))

# ---------------------------------------------------------------- queries

op("size", "query", std_expr("size"), lambda a: (lambda p: p.size(py_layout(a[0]))),
   lambda a, st: pr(f"size({cx(a[0], st)})"), lambda a: size(a[0]))
op("cosize", "query", std_expr("cosize"), lambda a: (lambda p: p.cosize(py_layout(a[0]))),
   lambda a, st: pr(f"cosize({cx(a[0], st)})"), lambda a: cosize(a[0]))
op("rank", "query", std_expr("rank"), lambda a: (lambda p: len(py_layout(a[0]))),
   lambda a, st: pr(f"rank({cx(a[0], st)})"), lambda a: lrank(a[0]))
op("depth", "query", std_expr("depth"), lambda a: None,
   lambda a, st: pr(f"depth({cx(a[0], st)})"), lambda a: depth(a[0].shape))

# ---------------------------------------------------------------- int tuples

op("shape_div", "int_tuple", std_expr("shape_div"), lambda a: (lambda p: p.shape_div(a[0], a[1])),
   lambda a, st: pr(f"shape_div({cx(a[0], st)}, {cx(a[1], st)})"), lambda a: ref.shape_div(a[0], a[1]))
op("ceil_div", "int_tuple", std_expr("ceil_div"), lambda a: None,
   lambda a, st: pr(f"ceil_div({cx(a[0], st)}, {cx(a[1], st)})"), lambda a: ref.ceil_div(a[0], a[1]))
op("prefix_product", "int_tuple", std_expr("prefix_product"),
   lambda a: (lambda p: p.prefix_product(a[0])),
   lambda a, st: pr(f"compact_col_major({cx(a[0], st)})"), lambda a: ref.prefix_product(a[0]))
op("inner_product", "int_tuple", std_expr("inner_product"),
   lambda a: (lambda p: p.inner_product(a[0], a[1])),
   lambda a, st: pr(f"inner_product({cx(a[0], st)}, {cx(a[1], st)})"),
   lambda a: ref.inner_product(a[0], a[1]))
op("elem_scale", "int_tuple", std_expr("elem_scale"), lambda a: (lambda p: p.elem_scale(a[0], a[1])),
   lambda a, st: pr(f"elem_scale({cx(a[0], st)}, {cx(a[1], st)})"),
   lambda a: ref.elem_scale(a[0], a[1]))


def _i2c_py(a):
    if len(a) == 2:
        return lambda p: p.idx2crd(a[0], a[1])
    return lambda p: p.idx2crd(a[0], a[1], a[2])


def _i2c_cpp(a, st):
    return pr("idx2crd(" + ", ".join(cx(x, st) for x in a) + ")")


op("idx2crd", "int_tuple", std_expr("idx2crd"), _i2c_py, _i2c_cpp,
   lambda a: ref.idx2crd_checked(a[0], a[1]) if len(a) == 2 else ref.idx2crd_strided(a[0], a[1], a[2]))
op("crd2idx", "int_tuple", std_expr("crd2idx"),
   lambda a: (lambda p: p.crd2idx(a[0], a[1].shape, a[1].stride)),
   lambda a, st: pr(f"crd2idx({cx(a[0], st)}, {cx(a[1].shape, st)}, {cx(a[1].stride, st)})"),
   lambda a: ref.crd2idx_checked(a[0], a[1]))
op("crd2crd", "int_tuple", std_expr("crd2crd"),
   lambda a: (lambda p: p.crd2crd(a[0], a[2], a[1])),
   lambda a, st: pr(f"crd2crd({cx(a[0], st)}, {cx(a[1], st)}, {cx(a[2], st)})"),
   lambda a: ref.crd2crd(a[0], a[1], a[2]))

# ---------------------------------------------------------------- slicing and evaluation

op("slice", "slice", std_expr("slice"),
   lambda a: (lambda p: py_layout(a[1])(a[0])),
   lambda a, st: pr(f"slice({cx(a[0], st)}, {cx(a[1], st)})"),
   lambda a: ref.slice_(a[0], a[1]))
op("slice_and_offset", "slice", std_expr("slice_and_offset"),
   lambda a: (lambda p: p.slice_and_offset(a[0], py_layout(a[1]))),
   lambda a, st: (f"auto r = slice_and_offset({cx(a[0], st)}, {cx(a[1], st)}); "
                  "print(get<0>(r)); printf(\" + \"); print(get<1>(r));"),
   lambda a: ref.slice_and_offset(a[0], a[1]))


def _eval_expr(a):
    return fmt(a[0]) + "(" + ", ".join(fmt(c) for c in a[1]) + ")"


op("eval", "slice", _eval_expr,
   lambda a: (lambda p: py_layout(a[0])(*a[1])),
   lambda a, st: pr(f"{cx(a[0], st)}(" + ", ".join(cx(c, st) for c in a[1]) + ")"),
   lambda a: ref.evaluate(a[0], a[1][0] if len(a[1]) == 1 else tuple(a[1])))


# ---------------------------------------------------------------- restructuring


def _rop(name, expr, py, cpp, refn):
    # no postcondition beyond the definition: a reference value is checked for equivalence with the
    # own value (same function and shape up to size-1 modes and rank-1 wrappers), so C++'s
    # representation wins where it is the same layout (e.g. the stride of a size-1 mode)
    op(name, "restructure", expr, py, cpp, refn)


def _tmpl(args):
    return ",".join(str(i) for i in args)


_rop("select", lambda a: call("select", a[0], *a[1]), lambda a: None,
     lambda a, st: pr(f"select<{_tmpl(a[1])}>({cx(a[0], st)})"), lambda a: ref.select(a[0], a[1]))
_rop("take", std_expr("take"), lambda a: None,
     lambda a, st: pr(f"take<{a[1]},{a[2]}>({cx(a[0], st)})"), lambda a: ref.take(a[0], a[1], a[2]))
_rop("group_modes", std_expr("group_modes"), lambda a: None,
     lambda a, st: pr(f"group<{a[1]},{a[2]}>({cx(a[0], st)})"), lambda a: ref.group_modes(a[0], a[1], a[2]))
_rop("flatten", std_expr("flatten"), lambda a: None,
     lambda a, st: pr(f"flatten({cx(a[0], st)})"), lambda a: ref.flatten_layout(a[0]))
_rop("append", std_expr("append"), lambda a: None,
     lambda a, st: pr(f"append({cx(a[0], st)}, {cx(a[1], st)})"), lambda a: ref.append_layout(a[0], a[1]))
_rop("prepend", std_expr("prepend"), lambda a: None,
     lambda a, st: pr(f"prepend({cx(a[0], st)}, {cx(a[1], st)})"), lambda a: ref.prepend_layout(a[0], a[1]))
_rop("replace", std_expr("replace"), lambda a: None,
     lambda a, st: pr(f"replace<{a[1]}>({cx(a[0], st)}, {cx(a[2], st)})"),
     lambda a: ref.replace_mode(a[0], a[1], a[2]))


def _py_get(a):
    def f(p):
        x = py_layout(a[0])
        for i in a[1]:
            x = x[i]
        return x
    return f


_rop("get", lambda a: call("get", a[0], *a[1]), _py_get,
     lambda a, st: pr(f"get<{_tmpl(a[1])}>({cx(a[0], st)})"), lambda a: ref.get_path(a[0], a[1]))
_rop("make_layout", lambda a: call("make_layout", *a),
     lambda a: (lambda p: p.make_layout(*[py_layout(x) for x in a])),
     lambda a, st: pr("make_layout(" + ", ".join(cx(x, st) for x in a) + ")"), lambda a: ref.make_layout(*a))
_rop("make_identity_layout", std_expr("make_identity_layout"), lambda a: None,
     lambda a, st: pr(f"make_identity_layout({cx(a[0], st)})"), lambda a: ref.identity_layout(a[0]))


def _step(t, st):
    if isinstance(t, tuple):
        return "make_step(" + ", ".join(_step(x, st) for x in t) + ")"
    return cx(t, st)


_rop("make_ordered_layout", std_expr("make_ordered_layout"), lambda a: None,
     lambda a, st: pr(f"make_ordered_layout({cx(a[0], st)}, {_step(a[1], st)})"),
     lambda a: ref.ordered_layout(a[0], a[1]))
op("dice", "slice", std_expr("dice"), lambda a: None,
     lambda a, st: pr(f"dice({cx(a[0], st)}, {cx(a[1], st)})"), lambda a: ref.dice(a[0], a[1]))
op("nullspace", "inverse", std_expr("nullspace"), lambda a: None,
     lambda a, st: pr(f"nullspace({cx(a[0], st)})"), lambda a: ref.nullspace(a[0]))

# C++ element types of a given width in bits
CPP_TYPES = {1: "uint1b_t", 2: "uint2b_t", 4: "uint4b_t", 8: "uint8_t", 16: "uint16_t", 32: "uint32_t",
             64: "uint64_t", 24: "cute::array<uint8_t,3>", 48: "cute::array<uint16_t,3>",
             96: "cute::array<uint32_t,3>", 128: "uint128_t"}


def _recast_cpp(a, st):
    if a[1] not in CPP_TYPES or a[2] not in CPP_TYPES:
        return None
    return pr(f"recast_layout<{CPP_TYPES[a[1]]},{CPP_TYPES[a[2]]}>({cx(a[0], st)})")


op("recast_layout", "recast", std_expr("recast_layout"), lambda a: None, _recast_cpp,
   lambda a: ref.recast_layout(a[0], a[1], a[2]))
