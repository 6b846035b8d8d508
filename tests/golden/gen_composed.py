"""Golden data for ComposedLayout (Swizzle outer) algebra from CuTe C++: the printed result and the
value at every point of its domain. Writes tests/golden/swizzle/composed.jsonl, one object per case:
{"outer": [B,M,S], "inner": "<layout>", "op": "<op>", "arg": "<layout or tiler>", "print": "...", "values": [...]}
Run: python3 tests/golden/gen_composed.py
"""
import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SETUP = os.path.join(HERE, "../../../../shared/tools/oracle-setup")
if not os.path.exists(SETUP):
    SETUP = os.path.join(HERE, "../../../shared/tools/oracle-setup")

# (swizzle, inner (ours, C++), op, arg (ours, C++))
INNERS = [("(8,64):(64,1)", "Layout<Shape<_8,_64>,Stride<_64,_1>>{}"),
          ("(8,8):(8,1)", "Layout<Shape<_8,_8>,Stride<_8,_1>>{}"),
          ("(16,32):(32,1)", "Layout<Shape<_16,_32>,Stride<_32,_1>>{}"),
          ("(32,8):(1,32)", "Layout<Shape<_32,_8>,Stride<_1,_32>>{}")]
SWIZZLES = [(3, 4, 3), (3, 3, 3), (2, 4, 3), (1, 3, 3), (2, 3, -3)]
ARGS = [("4:1", "Layout<_4,_1>{}"), ("8:2", "Layout<_8,_2>{}"),
        ("<2:1,4:1>", "make_tile(Layout<_2,_1>{}, Layout<_4,_1>{})"),
        ("<4:1,8:1>", "make_tile(Layout<_4,_1>{}, Layout<_8,_1>{})")]
# Slices: CuTe C++'s slice_and_offset(coord, Sw o 0 o L), which keeps the swizzle, or decays it to a
# plain layout, and returns the rest of the offset apart.
COORDS = [("(_,0)", "make_coord(_, Int<0>{})"), ("(_,3)", "make_coord(_, Int<3>{})"),
          ("(_,7)", "make_coord(_, Int<7>{})"), ("(0,_)", "make_coord(Int<0>{}, _)"),
          ("(2,_)", "make_coord(Int<2>{}, _)"), ("(5,_)", "make_coord(Int<5>{}, _)"),
          ("(7,_)", "make_coord(Int<7>{}, _)"), ("(_,_)", "make_coord(_, _)")]
OPS = ["composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
       "logical_product", "zipped_product", "tiled_product", "flat_product"]


def main():
    cases, body = [], []
    for sw in SWIZZLES:
        for inner, cinner in INNERS:
            for op in OPS:
                for arg, carg in ARGS:
                    if "product" in op and "<" not in arg:
                        continue
                    cases.append({"outer": list(sw), "inner": inner, "op": op, "arg": arg})
                    body.append(
                        f'{{ auto c = composition(Swizzle<{sw[0]},{sw[1]},{sw[2]}>{{}}, {cinner}); auto r = {op}(c, {carg}); '
                        f'print(r); for (int i = 0; i < size(r); ++i) printf(" %d", (int)r(i)); printf("\\n"); }}')
    for sw in SWIZZLES:
        for inner, cinner in INNERS:
            for coord, ccoord in COORDS:
                cases.append({"outer": list(sw), "inner": inner, "op": "slice_and_offset", "arg": coord})
                body.append(
                    f'{{ auto c = composition(Swizzle<{sw[0]},{sw[1]},{sw[2]}>{{}}, {cinner}); '
                    f'auto so = slice_and_offset({ccoord}, c); auto r = get<0>(so); '
                    f'print(r); printf(" + "); print(get<1>(so)); printf(" |"); '
                    f'for (int i = 0; i < size(r); ++i) printf(" %d", (int)r(i)); printf("\\n"); }}')
    cache = subprocess.run([SETUP], check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    src = ("#include <cute/layout.hpp>\n#include <cute/swizzle_layout.hpp>\n#include <cstdio>\nusing namespace cute;\n"
           "int main() {\n" + "\n".join(body) + "\nreturn 0; }\n")
    inc = ["rt/nvidia/cuda_runtime/include", "nvcc/nvidia/cuda_nvcc/include", "cccl/nvidia/cuda_cccl/include",
           "cutlass/cutlass_library/source/include"]
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "m.cpp"), "w").write(src)
        subprocess.run(["g++", "-std=c++17", "-O1", *[f"-I{os.path.join(cache, i)}" for i in inc],
                        os.path.join(d, "m.cpp"), "-o", os.path.join(d, "m")], check=True)
        lines = subprocess.run([os.path.join(d, "m")], check=True, capture_output=True, text=True).stdout.splitlines()
    with open(os.path.join(HERE, "swizzle", "composed.jsonl"), "w") as f:
        for c, line in zip(cases, lines):
            if c["op"] == "slice_and_offset":
                # "<result> + <offset> | values": the result a layout or "Sw<..> o _0 o <layout>".
                printed, values = line.split(" |")
                c["print"] = printed.replace("_", "")
                c["values"] = [int(v) for v in values.split()]
            else:
                # The print has spaces ("Sw<..> o _0 o <layout>"); the values follow it.
                parts = line.split(" ")
                c["print"] = " ".join(parts[:5]).replace("_", "")
                c["values"] = [int(v) for v in parts[5:]]
            f.write(json.dumps(c) + "\n")
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    main()
