"""Golden data for Swizzle<B,M,S> application, from CuTe C++ (and pycute where it terminates).

Writes tests/golden/swizzle/apply.jsonl: one line per swizzle,
{"swizzle": "Sw<B,M,S>", "b": B, "m": M, "s": S, "x": [...], "expect": [...], "cpp_print": "...", "py": [...] | "n/a"}
`expect` is CuTe C++'s `Swizzle<B,M,S>{}(x)` at every x, `cpp_print` what `print(Swizzle<B,M,S>{})` prints.
pycute is skipped for B = 0 (its Swizzle<0,M,0> recurses forever). Kept apart from data/ because the
calculator's golden test reads every file there.

Run: python3 tests/golden/gen_swizzle.py  (needs ../shared/tools/oracle-setup's cache)
"""
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SETUP = os.path.join(HERE, "../../../../shared/tools/oracle-setup")
if not os.path.exists(SETUP):
    SETUP = os.path.join(HERE, "../../../shared/tools/oracle-setup")


def swizzles():
    for b in range(0, 5):
        for m in range(0, 6):
            for a in range(b, b + 4):
                for s in sorted({a, -a}):
                    if b == 0 and a > 0:
                        continue
                    yield b, m, s


def points(rng, b, m, s):
    top = m + abs(s) + b
    xs = set(range(0, min(64, 1 << top)))
    xs |= {rng.randrange(0, 1 << (top + 2)) for _ in range(40)}
    xs |= {(1 << k) for k in range(top + 2)} | {(1 << k) - 1 for k in range(1, top + 2)}
    return sorted(xs)


def main():
    rng = random.Random(20261124)
    cases = [(b, m, s, points(rng, b, m, s)) for b, m, s in swizzles()]
    cache = subprocess.run([SETUP], check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    body = []
    for b, m, s, xs in cases:
        body.append(f'{{ Swizzle<{b},{m},{s}> sw; print(sw); for (long long x : {{{",".join(f"{x}LL" for x in xs)}}}) printf(" %lld", (long long)sw(x)); printf("\\n"); }}')
    src = "#include <cute/swizzle.hpp>\n#include <cute/util/print.hpp>\n#include <cstdio>\nusing namespace cute;\nint main() {\n" + "\n".join(body) + "\nreturn 0; }\n"
    inc = ["rt/nvidia/cuda_runtime/include", "nvcc/nvidia/cuda_nvcc/include", "cccl/nvidia/cuda_cccl/include",
           "cutlass/cutlass_library/source/include"]
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "m.cpp"), "w").write(src)
        subprocess.run(["g++", "-std=c++17", "-O1", *[f"-I{os.path.join(cache, i)}" for i in inc],
                        os.path.join(d, "m.cpp"), "-o", os.path.join(d, "m")], check=True)
        lines = subprocess.run([os.path.join(d, "m")], check=True, capture_output=True, text=True).stdout.splitlines()
    sys.path.insert(0, os.path.join(cache, "cutlass"))
    import pycute
    out = []
    for (b, m, s, xs), line in zip(cases, lines):
        printed, *vals = line.split()
        py = "n/a" if b == 0 else [pycute.Swizzle(b, m, s)(x) for x in xs]
        out.append(json.dumps({"swizzle": f"Sw<{b},{m},{s}>", "b": b, "m": m, "s": s, "x": xs,
                               "expect": [int(v) for v in vals], "cpp_print": printed, "py": py}))
    path = os.path.join(HERE, "swizzle", "apply.jsonl")
    open(path, "w").write("\n".join(out) + "\n")
    print(f"{len(out)} swizzles, {sum(len(c[3]) for c in cases)} points -> {path}")


if __name__ == "__main__":
    main()
