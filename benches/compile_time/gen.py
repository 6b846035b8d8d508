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


def main():
    n, out_rs, out_cpp = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
    only = os.environ.get('BENCH_ONLY')
    divides = os.environ.get('BENCH_DIVIDES')
    if divides:
        cases = [divide_case(rng, i, divides == 'mixed') for i in range(n)]
    else:
        cases = [case(rng, i, None if only is None else int(only)) for i in range(n)]
    with open(out_rs, 'w') as f:
        if n == 0:
            # The baseline still loads the library, but uses nothing from it.
            f.write('#[allow(unused_imports)]\n')
        f.write('use layout_algebra::typelevel::*;\n\n')
        f.write('fn main() {\n')
        for i, (rs, _) in enumerate(cases):
            f.write(f'    let r{i} = {rs};\n    core::hint::black_box(&r{i});\n')
        f.write('}\n')
    with open(out_cpp, 'w') as f:
        f.write('#include <cute/layout.hpp>\n#include <cute/tensor.hpp>\nusing namespace cute;\n\n')
        f.write('int main() {\n')
        for i, (_, cpp) in enumerate(cases):
            f.write(f'    auto r{i} = {cpp};\n    (void)r{i};\n')
        f.write('    return 0;\n}\n')


if __name__ == '__main__':
    main()
