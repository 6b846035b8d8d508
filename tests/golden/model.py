"""Plain-Python model of CuTe layouts used by the golden-data generator.

IntTuples are Python ints and tuples; a layout is `L(shape, stride)`; a tiler is a `Tile` (a tuple
subclass) whose entries are layouts, integers (n = n:1) or nested tilers; `None` inside a coordinate
is CuTe's underscore `_`. A scaled-basis stride is an `E(value, modes)` (printed `v@m_k@...@m_0`,
innermost mode first, as CuTe prints `ScaledBasis<v, m_0, ..., m_k>`).

Evaluation follows CuTe C++: an integer index is split colexicographically and the last mode of a
tuple is not wrapped (so a layout is extended beyond its size by its last leaf). Division and modulo
of negative values truncate toward zero as in C++.
"""

import re


class GErr(Exception):
    """An error the golden value records: kind is one of the runtime's ErrorKind names."""

    def __init__(self, kind, msg):
        super().__init__(msg)
        self.kind = kind
        self.msg = msg


class L:
    __slots__ = ("shape", "stride")

    def __init__(self, shape, stride=None):
        if stride is None:
            stride = prefix_product(shape)
        self.shape = shape
        self.stride = stride

    def __eq__(self, other):
        return isinstance(other, L) and self.shape == other.shape and self.stride == other.stride

    def __hash__(self):
        return hash((self.shape, self.stride))

    def __repr__(self):
        return fmt(self)


class Tile(tuple):
    """A tiler <T0, T1, ...>."""


class E:
    """A scaled basis stride v@modes (modes outermost first, like CuTe's E<m0,m1,...>)."""

    __slots__ = ("v", "modes")

    def __init__(self, v, modes):
        self.v = v
        self.modes = tuple(modes)

    def __eq__(self, other):
        return isinstance(other, E) and self.v == other.v and self.modes == other.modes

    def __hash__(self):
        return hash((self.v, self.modes))


class SO:
    """Result of slice_and_offset: a layout and an offset."""

    __slots__ = ("layout", "offset")

    def __init__(self, layout, offset):
        self.layout = layout
        self.offset = offset

    def __eq__(self, other):
        return isinstance(other, SO) and self.layout == other.layout and self.offset == other.offset


# ---------------------------------------------------------------- formatting

def fmt(x):
    if x is None:
        return "_"
    if isinstance(x, bool):
        raise TypeError("bool")
    if isinstance(x, int):
        return str(x)
    if isinstance(x, E):
        return str(x.v) + "".join("@" + str(m) for m in reversed(x.modes))
    if isinstance(x, L):
        return fmt(x.shape) + ":" + fmt(x.stride)
    if isinstance(x, Tile):
        return "<" + ", ".join(fmt(t) for t in x) + ">"
    if isinstance(x, SO):
        return fmt(x.layout) + " + " + fmt(x.offset)
    if isinstance(x, tuple):
        return "(" + ",".join(fmt(t) for t in x) + ")"
    raise TypeError(repr(x))


# ---------------------------------------------------------------- parsing of reference output

_TOK = re.compile(r"\s*(-?\d+|[()<>,:@+_])")


def normalize(text):
    """Normalize a reference's printing: no spaces, no underscores, rank-1 `(4,)` -> `(4)`."""
    t = text.strip().replace(" ", "").replace("\n", "")
    t = re.sub(r"_(?=-?\d)", "", t)
    t = t.replace(",)", ")")
    return t.replace("+", " + ")


def parse_value(text):
    """Parse normalized output: layout, layout + offset, integer, int tuple."""
    t = normalize(text)
    if "+" in t:
        lhs, rhs = t.rsplit(" + ", 1)
        return SO(parse_value(lhs), parse_value(rhs))
    t = t.replace(" ", "")
    toks = _TOK.findall(t)
    if "".join(toks) != t:
        raise ValueError("cannot parse " + text)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None

    def take(tok=None):
        tk = peek()
        if tok is not None and tk != tok:
            raise ValueError(f"expected {tok} in {text}")
        pos[0] += 1
        return tk

    def elem():
        tk = peek()
        if tk == "(":
            take("(")
            items = []
            if peek() == ")":
                take(")")
                return ()
            while True:
                items.append(elem())
                if peek() == ",":
                    take(",")
                    continue
                take(")")
                return tuple(items)
        v = int(take())
        modes = []
        while peek() == "@":
            take("@")
            modes.append(int(take()))
        if modes:
            return E(v, tuple(reversed(modes)))
        return v

    a = elem()
    if peek() == ":":
        take(":")
        b = elem()
        res = L(a, b)
    else:
        res = a
    if peek() is not None:
        raise ValueError("trailing text in " + text)
    return res


# ---------------------------------------------------------------- int tuples

def is_tuple(x):
    return isinstance(x, tuple)


def flatten(t):
    if is_tuple(t):
        out = []
        for a in t:
            out.extend(flatten(a))
        return out
    return [t]


def product(t):
    if is_tuple(t):
        r = 1
        for a in t:
            r *= product(a)
        return r
    return t


def rank(t):
    return len(t) if is_tuple(t) else 1


def depth(t):
    if is_tuple(t):
        return 1 + max((depth(a) for a in t), default=0)
    return 0


def prefix_product(t, init=1):
    if is_tuple(t):
        out = []
        for a in t:
            out.append(prefix_product(a, init))
            init *= product(a)
        return tuple(out)
    return init


def congruent(a, b):
    if is_tuple(a) and is_tuple(b):
        return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))
    return not is_tuple(a) and not is_tuple(b)


def tdiv(a, b):
    """C++ integer division (truncation toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def tmod(a, b):
    return a - tdiv(a, b) * b


def sign(x):
    return (x > 0) - (x < 0)


def ceil_div_int(a, b):
    return tdiv(a + b - 1, b)


def idx2crd(i, shape):
    """C++ idx2crd: colexicographic, last mode of every tuple not wrapped."""
    if is_tuple(shape):
        out = []
        for k, s in enumerate(shape):
            if k == len(shape) - 1:
                out.append(idx2crd(i, s))
            else:
                n = product(s)
                out.append(idx2crd(tmod(i, n), s))
                i = tdiv(i, n)
        return tuple(out)
    return i


def crd2idx(c, shape, stride):
    """C++ crd2idx (strides may be ints; int coordinate into a tuple is split colexicographically)."""
    if is_tuple(c):
        if not is_tuple(shape):
            raise GErr("not_congruent", f"coordinate {fmt(c)} has more modes than shape {fmt(shape)}")
        if len(c) != len(shape):
            raise GErr("rank_mismatch", f"coordinate {fmt(c)} and shape {fmt(shape)} have different ranks")
        return sum(crd2idx(x, s, d) for x, s, d in zip(c, shape, stride))
    if c is None:
        c = 0
    if is_tuple(shape):
        r = 0
        for k in range(len(shape) - 1):
            n = product(shape[k])
            r += crd2idx(tmod(c, n), shape[k], stride[k])
            c = tdiv(c, n)
        return r + crd2idx(c, shape[-1], stride[-1])
    if isinstance(stride, E):
        raise GErr("basis_stride", "basis stride")
    return c * stride


def has_basis(x):
    if isinstance(x, L):
        return has_basis(x.stride)
    if is_tuple(x):
        return any(has_basis(a) for a in x)
    return isinstance(x, E)


# ---------------------------------------------------------------- layouts

def size(x):
    return product(x.shape) if isinstance(x, L) else product(x)


def ev(layout, i):
    """Value of a layout at integer index or coordinate i (C++ semantics, extension past the size)."""
    return crd2idx(i, layout.shape, layout.stride)


def values(layout):
    return [ev(layout, i) for i in range(size(layout))]


def lrank(a):
    return rank(a.shape)


def mode(a, i):
    if is_tuple(a.shape):
        return L(a.shape[i], a.stride[i])
    if i != 0:
        raise GErr("rank_mismatch", "mode index beyond rank")
    return a


def modes(a):
    return [mode(a, i) for i in range(lrank(a))]


def make_layout(*ls):
    return L(tuple(x.shape for x in ls), tuple(x.stride for x in ls))


def leaves(a):
    return list(zip(flatten(a.shape), flatten(a.stride)))


def cosize(a):
    """C++ cosize: 1 + sum (s-1)|d| over the leaves."""
    return 1 + sum((s - 1) * abs(d) for s, d in leaves(a))


def from_flat(pairs):
    """Layout from a flat list of (shape, stride); a single mode is integral, none is 1:0."""
    if not pairs:
        return L(1, 0)
    if len(pairs) == 1:
        return L(pairs[0][0], pairs[0][1])
    return L(tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))


def norm_shape(t):
    """Shape with size-1 leaves dropped and singleton tuples unwrapped (for equivalence tests)."""
    if is_tuple(t):
        items = [norm_shape(a) for a in t]
        items = [a for a in items if a != 1]
        if not items:
            return 1
        if len(items) == 1:
            return items[0]
        return tuple(items)
    return t


def equiv(x, y):
    """Same value up to representation: layouts with the same size, the same function on their
    domain and the same shape once size-1 modes and singleton wrappers are removed."""
    if isinstance(x, L) and isinstance(y, L):
        if has_basis(x) or has_basis(y):
            return x == y
        return (size(x) == size(y) and norm_shape(x.shape) == norm_shape(y.shape)
                and values(x) == values(y))
    if isinstance(x, SO) and isinstance(y, SO):
        return equiv(x.layout, y.layout) and x.offset == y.offset
    return x == y


def compatible(a, b):
    """a is compatible with b (a ≼ b): b refines a."""
    if not is_tuple(a):
        return product(b) == a
    return is_tuple(b) and len(a) == len(b) and all(compatible(x, y) for x, y in zip(a, b))



def keep_shape(t):
    """Shape with size-1 leaves dropped but the nesting (also rank-1 wrappers) kept."""
    if is_tuple(t):
        return tuple(keep_shape(a) for a in t if a != 1)
    return t


def equiv_strict(x, y):
    """Like equiv, but the nesting of the shape must match too (rank-1 wrappers count)."""
    return (isinstance(x, L) and isinstance(y, L) and size(x) == size(y)
            and keep_shape(x.shape) == keep_shape(y.shape) and values(x) == values(y))
