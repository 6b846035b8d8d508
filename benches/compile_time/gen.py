#!/usr/bin/env python3
"""Generate N representative static layout operations, as a Rust program on the
type-level layer and as the same program in CuTe C++.

    python3 gen.py N OUT_RS OUT_CPP [SEED]

The operations cycle through coalesce, composition with a tiler, complement,
logical/zipped divide, logical/blocked product and right/left inverse, on
compact layouts of rank 2-3 with extents 2-16 chosen so that every operation is
admissible (the program must compile). BENCH_ONLY=k keeps only kind k (0-8,
in the order above) to profile one operation; BENCH_STYLE=types writes the
operands as types (`Layout::<HList![P4, P8], ..>::default()`) instead of
`layout!`/`tile!`/`int!`, to separate the macros' cost from the algebra's.
BENCH_DIVIDES=static|mixed writes only the four divides by a by-mode tiler of
rank-2 layouts: all-static (`zipped_divide(layout!(..), tile!(..))`, C++ `Int`
leaves) or with dynamic extents and leading dimension (`try_zipped_divide` of
`Layout::try_new(hlist![Dyn(m), Dyn(k)], hlist![_1, Dyn(m)])`, C++ `int`
leaves), to compare the mixed operations' compile time with the static ones'.
BENCH_GROUP=GROUP BENCH_LEAVES=static|mixed does the same for the other mixed
operations (GROUPS below; `divides` is BENCH_DIVIDES): the all-static operation
against its `try_*` form with `Dyn` (or `DivBy`) leaves where a kernel has them,
and CuTe C++ with `Int` against `int` leaves. The operands are chosen so that
CuTe C++ compiles its dynamic path too (static strides where it needs them).
"""
import os
import random
import sys

EXT = [2, 4, 8, 16]


TYPES = os.environ.get('BENCH_STYLE') == 'types'


def rs_tuple(xs):
    return 'frunk_core::HList![' + ', '.join(f'typenum::consts::P{x}' for x in xs) + ']'


def rs_layout(shape, stride):
    if TYPES:
        return f'Layout::<{rs_tuple(shape)}, {rs_tuple(stride)}>::default()'
    return f"layout!(({','.join(map(str, shape))}):({','.join(map(str, stride))}))"


def rs_tile(entries):
    if TYPES:
        items = ', '.join(f'Layout<typenum::consts::P{n}, typenum::consts::P{d}>' for n, d in entries)
        return f'Tile::<frunk_core::HList![{items}]>(Default::default())'
    return 'tile!(' + ', '.join(f'{n}:{d}' for n, d in entries) + ')'


def rs_int(n):
    return f'typenum::consts::P{n}::default()' if TYPES else f'int!({n})'


def cpp_layout(shape, stride):
    sh = ','.join(f'Int<{x}>' for x in shape)
    st = ','.join(f'Int<{x}>' for x in stride)
    return f'Layout<Shape<{sh}>,Stride<{st}>>{{}}'


def col_major(shape):
    out, acc = [], 1
    for s in shape:
        out.append(acc)
        acc *= s
    return out


def row_major(shape):
    return list(reversed(col_major(list(reversed(shape)))))


def case(rng, i, only=None):
    kind = i % 9 if only is None else only
    r = rng.choice([2, 3])
    shape = [rng.choice(EXT) for _ in range(r)]
    a_rs, a_cpp = rs_layout(shape, col_major(shape)), cpp_layout(shape, col_major(shape))
    if kind == 0:
        stride = row_major(shape)
        return f'coalesce({rs_layout(shape, stride)})', f'coalesce({cpp_layout(shape, stride)})'
    if kind == 1:
        x, y = shape[0] // 2, shape[1]
        return (f'composition({a_rs}, {rs_tile([(x, 2), (y, 1)])})',
                f'composition({a_cpp}, make_tile(Layout<Int<{x}>,Int<2>>{{}}, Layout<Int<{y}>,Int<1>>{{}}))')
    if kind == 2:
        k = rng.choice([1, 2, 4])
        stride = [1, shape[0] * k] + ([shape[0] * shape[1] * k * 2] if r == 3 else [])
        m = shape[0] * k * 4
        for s, d in zip(shape, stride):
            m = max(m, s * d)
        return (f'complement({rs_layout(shape, stride)}, {rs_int(m)})',
                f'complement({cpp_layout(shape, stride)}, Int<{m}>{{}})')
    if kind in (3, 4):
        op = 'logical_divide' if kind == 3 else 'zipped_divide'
        x, y = shape[0] // 2, max(1, shape[1] // 2)
        return (f'{op}({a_rs}, {rs_tile([(x, 1), (y, 1)])})',
                f'{op}({a_cpp}, make_tile(Layout<Int<{x}>,Int<1>>{{}}, Layout<Int<{y}>,Int<1>>{{}}))')
    if kind in (5, 6):
        op = 'logical_product' if kind == 5 else 'blocked_product'
        t = [rng.choice([2, 4]) for _ in range(2)]
        g = [rng.choice([2, 3, 4]) for _ in range(2)]
        return (f'{op}({rs_layout(t, row_major(t))}, {rs_layout(g, col_major(g))})',
                f'{op}({cpp_layout(t, row_major(t))}, {cpp_layout(g, col_major(g))})')
    op = 'right_inverse' if kind == 7 else 'left_inverse'
    return f'{op}({rs_layout(shape, row_major(shape))})', f'{op}({cpp_layout(shape, row_major(shape))})'


def divide_case(rng, i, mixed):
    op = ['logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide'][i % 4]
    m, k = rng.choice(EXT) * 8, rng.choice(EXT) * 4
    x, y = rng.choice([2, 4, 8]), rng.choice([1, 2, 4])
    tiler = f'tile!({x}, {y}:2)' if i % 3 == 0 else f'tile!({x}, {y})'
    cpp_y = f'Layout<Int<{y}>,Int<2>>{{}}' if i % 3 == 0 else f'Int<{y}>{{}}'
    if mixed:
        a = (f'Layout::try_new(frunk_core::hlist![Dyn({m}), Dyn({k})], '
             f'frunk_core::hlist![_1, Dyn({m})]).unwrap()')
        cpp_a = f'make_layout(make_shape(int({m}), int({k})), make_stride(Int<1>{{}}, int({m})))'
        return f'try_{op}({a}, {tiler}).unwrap()', f'{op}({cpp_a}, make_tile(Int<{x}>{{}}, {cpp_y}))'
    a = rs_layout([m, k], [1, m])
    return f'{op}({a}, {tiler})', f'{op}({cpp_layout([m, k], [1, m])}, make_tile(Int<{x}>{{}}, {cpp_y}))'


def c_int(v, dynamic):
    return f'int({v})' if dynamic else f'Int<{v}>{{}}'


def rs_int_leaf(v, dynamic):
    return f'Dyn({v})' if dynamic else f'int!({v})'


def mixed_layout(shape, stride, dyn_shape, dyn_stride):
    """`Layout::try_new` of `Dyn` leaves where `dyn_shape`/`dyn_stride` say so, and CuTe C++'s
    `make_layout` with `int` leaves there."""
    rs = (f"Layout::try_new(frunk_core::hlist![{', '.join(rs_int_leaf(x, dyn_shape) for x in shape)}], "
          f"frunk_core::hlist![{', '.join(rs_int_leaf(d, dyn_stride) for d in stride)}]).unwrap()")
    cpp = (f"make_layout(make_shape({','.join(c_int(x, dyn_shape) for x in shape)}), "
           f"make_stride({','.join(c_int(d, dyn_stride) for d in stride)}))")
    return rs, cpp


def operand(shape, stride, mixed, dyn_stride=True):
    """An operand `A`: all static, or dynamic extents (and strides unless `dyn_stride` is off)."""
    if mixed:
        return mixed_layout(shape, stride, True, dyn_stride)
    return rs_layout(shape, stride), cpp_layout(shape, stride)


def call(op, mixed, a, b):
    """`op(a, b)` or `try_op(a, b).unwrap()` (the Rust forms; `a`, `b` as Rust text)."""
    return f'try_{op}({a}, {b}).unwrap()' if mixed else f'{op}({a}, {b})'


def composition_case(rng, i, mixed):
    """A of dynamic extents and leading dimension composed with a static tiler or layout."""
    m, k = rng.choice(EXT) * 8, rng.choice(EXT) * 4
    x, y = rng.choice([2, 4, 8]), rng.choice([1, 2, 4])
    a, cpp_a = operand([m, k], [1, m], mixed)
    if i % 2:
        b, cpp_b = rs_layout([x, y], [1, x]), cpp_layout([x, y], [1, x])
    else:
        b, cpp_b = rs_tile([(x, 1), (y, 1)]), f'make_tile(Int<{x}>{{}}, Int<{y}>{{}})'
    return call('composition', mixed, a, b), f'composition({cpp_a}, {cpp_b})'


def composition_dyn_b_case(rng, i, mixed):
    """A static A composed with B = (x,y):(1,x) whose extent y and stride x are `Dyn`
    (and extent x every other case)."""
    m, k = rng.choice(EXT) * 8, rng.choice(EXT) * 4
    x, y = rng.choice([2, 4, 8]), rng.choice([1, 2, 4])
    a, cpp_a = rs_layout([m, k], [1, m]), cpp_layout([m, k], [1, m])
    if not mixed:
        return f'composition({a}, {rs_layout([x, y], [1, x])})', f'composition({cpp_a}, {cpp_layout([x, y], [1, x])})'
    shape = [rs_int_leaf(x, i % 2 == 0), f'Dyn({y})']
    b = f"Layout::try_new(frunk_core::hlist![{', '.join(shape)}], frunk_core::hlist![_1, Dyn({x})]).unwrap()"
    cpp_b = f'make_layout(make_shape({c_int(x, i % 2 == 0)}, int({y})), make_stride(Int<1>{{}}, int({x})))'
    return f'try_composition({a}, {b}).unwrap()', f'composition({cpp_a}, {cpp_b})'


def complement_case(rng, i, mixed):
    """complement(A, M) of a static A by a cotarget M that is `Dyn`, or every other case a
    `DivBy<size(A)>` (CuTe C++: `int`)."""
    x, y = rng.choice([2, 4, 8]), rng.choice([2, 4])
    m = x * y * rng.choice([2, 4, 8])
    a, cpp_a = rs_layout([x, y], [1, x]), cpp_layout([x, y], [1, x])
    if not mixed:
        return f'complement({a}, {rs_int(m)})', f'complement({cpp_a}, Int<{m}>{{}})'
    cot = f'div_by::<{x * y}>({m}).unwrap()' if i % 2 else f'Dyn({m})'
    return f'try_complement({a}, {cot}).unwrap()', f'complement({cpp_a}, int({m}))'


def inverse_case(rng, i, mixed):
    """right_inverse, left_inverse of a row-major A of rank 2-3 with dynamic extents (static strides:
    CuTe C++ does not compile its left inverse of dynamic strides)."""
    op = 'right_inverse' if i % 2 == 0 else 'left_inverse'
    shape = [rng.choice(EXT) for _ in range(rng.choice([2, 3]))]
    a, cpp_a = operand(shape, row_major(shape), mixed, dyn_stride=False)
    return (f'try_{op}({a}).unwrap()' if mixed else f'{op}({a})'), f'{op}({cpp_a})'


PRODUCT_OPS = ['logical_product', 'zipped_product', 'blocked_product', 'raked_product']
TILER_PRODUCT_OPS = ['logical_product', 'zipped_product', 'tiled_product', 'flat_product']


def product_case(rng, i, mixed, ops=PRODUCT_OPS, by_tiler=False, dyn_tiler=False):
    """A product of a column-major A (x,y):(1,x) with dynamic extents (static strides: CuTe C++
    complements dynamic strides at rank 1 only) by a static layout or tiler; with `dyn_tiler`, the
    tiler's entries are run-time integers where `mixed` (`tile!({n}, ..)`, C++ `int`)."""
    op = ops[i % 4]
    t = [rng.choice([2, 4, 8]) for _ in range(2)]
    g = [rng.choice([2, 3, 4]) for _ in range(2)]
    a, cpp_a = operand(t, col_major(t), mixed, dyn_stride=False)
    if by_tiler and dyn_tiler and mixed:
        g[1] = t[0] * rng.choice([1, 2])
        b, cpp_b = f'tile!({{{g[0]}}}, {{{g[1]}}}).unwrap()', f'make_tile(int({g[0]}), int({g[1]}))'
    elif by_tiler:  # mode 1 (stride x) takes a multiple of x: its complement's first mode is x
        g[1] = t[0] * rng.choice([1, 2])
        b, cpp_b = f'tile!({g[0]}, {g[1]})', f'make_tile(Int<{g[0]}>{{}}, Int<{g[1]}>{{}})'
    else:
        b, cpp_b = rs_layout(g, col_major(g)), cpp_layout(g, col_major(g))
    return call(op, mixed, a, b), f'{op}({cpp_a}, {cpp_b})'


def product_tiler_case(rng, i, mixed):
    return product_case(rng, i, mixed, TILER_PRODUCT_OPS, by_tiler=True)


def product_dyn_tiler_case(rng, i, mixed):
    return product_case(rng, i, mixed, TILER_PRODUCT_OPS, by_tiler=True, dyn_tiler=True)


DATA = 128 * 64


def local_tile_case(rng, i, mixed):
    """Tile (c0, c1) of a tensor over (M,K):(1,M), M and K dynamic, by a static tiler."""
    m, k = rng.choice(EXT) * 8, rng.choice(EXT) * 4
    x, y = rng.choice([2, 4, 8]), rng.choice([1, 2, 4])
    c = (rng.randrange(m // x), rng.randrange(k // y))
    a, cpp_a = operand([m, k], [1, m], mixed)
    t = f'make_tensor(&data[..], {a}).unwrap()'
    rs = call('local_tile', mixed, t, f'tile!({x}, {y}), ({c[0]}usize, {c[1]}usize)')
    return rs, f'local_tile(make_tensor(&data[0], {cpp_a}), make_tile(Int<{x}>{{}}, Int<{y}>{{}}), make_coord({c[0]}, {c[1]}))'


THREADS = [((4, 8), (8, 1)), ((2, 4), (1, 2)), ((8, 4), (4, 1))]


def local_partition_case(rng, i, mixed):
    """Thread idx's part of a tensor over (M,K):(1,M), M and K dynamic, by a static thread layout."""
    m, k = rng.choice(EXT) * 8, rng.choice(EXT) * 4
    (ts, td) = THREADS[i % 3]
    idx = rng.randrange(ts[0] * ts[1])
    a, cpp_a = operand([m, k], [1, m], mixed)
    t = f'make_tensor(&data[..], {a}).unwrap()'
    rs = call('local_partition', mixed, t, f'{rs_layout(ts, td)}, {idx}')
    return rs, f'local_partition(make_tensor(&data[0], {cpp_a}), {cpp_layout(ts, td)}, {idx})'


def layout_case(rng, i, mixed):
    """Only a layout (M,K):(1,M), all static or of dynamic extents and leading dimension: one of
    them is the baseline of instructions.sh, what a program has before its first operation (a
    layout with a run-time size is checked by the runtime layer, which the binary links once)."""
    m, k = rng.choice(EXT) * 8, rng.choice(EXT) * 4
    a, cpp_a = operand([m, k], [1, m], mixed)
    return a, cpp_a


GROUPS = {
    'layout': layout_case,
    'divides': divide_case,
    'composition': composition_case,
    'composition_dyn_b': composition_dyn_b_case,
    'complement': complement_case,
    'inverses': inverse_case,
    'products': product_case,
    'products_tiler': product_tiler_case,
    'products_dyn_tiler': product_dyn_tiler_case,
    'local_tile': local_tile_case,
    'local_partition': local_partition_case,
}
TENSORS = ('local_tile', 'local_partition')


def main():
    n, out_rs, out_cpp = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
    only = os.environ.get('BENCH_ONLY')
    divides = os.environ.get('BENCH_DIVIDES')
    group = os.environ.get('BENCH_GROUP')
    if divides:
        group, mixed = 'divides', divides == 'mixed'
    else:
        mixed = os.environ.get('BENCH_LEAVES', 'static') == 'mixed'
    if group:
        cases = [GROUPS[group](rng, i, mixed) for i in range(n)]
    else:
        cases = [case(rng, i, None if only is None else int(only)) for i in range(n)]
    with open(out_rs, 'w') as f:
        if n == 0:
            # The baseline still loads the library, but uses nothing from it.
            f.write('#[allow(unused_imports)]\n')
        f.write('use layout_algebra::typelevel::*;\n\n')
        f.write('fn main() {\n')
        if n > 0 and group in TENSORS:
            f.write(f'    let data = [0i32; {DATA}];\n')
        for i, (rs, _) in enumerate(cases):
            f.write(f'    let r{i} = {rs};\n    core::hint::black_box(&r{i});\n')
        f.write('}\n')
    with open(out_cpp, 'w') as f:
        f.write('#include <cute/layout.hpp>\n#include <cute/tensor.hpp>\nusing namespace cute;\n\n')
        f.write('int main() {\n')
        if n > 0 and group in TENSORS:
            f.write(f'    static int data[{DATA}];\n')
        for i, (_, cpp) in enumerate(cases):
            f.write(f'    auto r{i} = {cpp};\n    (void)r{i};\n')
        f.write('    return 0;\n}\n')


if __name__ == '__main__':
    main()
