"""Running the two references: pycute in-process and CuTe C++ through batched g++ compilations."""

import os
import re
import signal
import subprocess
import sys
import tempfile

from model import E, L, SO, Tile

# ------------------------------------------------------------------ locating the references


def oracle_dir(setup):
    out = subprocess.run([setup], check=True, capture_output=True, text=True).stdout.strip()
    return out.splitlines()[-1]


# ------------------------------------------------------------------ pycute

_pycute = None


def load_pycute(cache):
    global _pycute
    sys.path.insert(0, os.path.join(cache, "cutlass"))
    import pycute  # noqa: E402
    _pycute = pycute
    return pycute


class _Timeout(Exception):
    pass


def _alarm(_sig, _frm):
    raise _Timeout()


def py_layout(x):
    if isinstance(x, L):
        return _pycute.Layout(x.shape, x.stride)
    if isinstance(x, Tile):
        return tuple(py_layout(t) for t in x)
    return x


def from_py(v):
    p = _pycute
    if isinstance(v, p.Layout):
        return L(v.shape, v.stride)
    if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], p.Layout):
        return SO(from_py(v[0]), v[1])
    return v


def run_py(fn):
    """Run fn() (a closure over pycute); return ('ok', value) or ('error', message)."""
    if fn is None:
        return ("na", "n/a")
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(5)
    try:
        v = from_py(fn(_pycute))
        return ("ok", v)
    except _Timeout:
        return ("error", "timeout (no result after 5 s)")
    except RecursionError:
        return ("error", "RecursionError")
    except AssertionError as e:
        return ("error", "AssertionError" + (": " + str(e) if str(e) else ""))
    except Exception as e:  # any failure of the reference is recorded, not fatal
        return ("error", type(e).__name__ + (": " + str(e) if str(e) else ""))
    finally:
        signal.alarm(0)


# ------------------------------------------------------------------ C++

def cx(x, st):
    """C++ expression for a value; st = static (Int<N>) or dynamic (int) integers."""
    if x is None:
        return "_"
    if isinstance(x, bool):
        raise TypeError
    if isinstance(x, int):
        return f"Int<{x}>{{}}" if st else f"{x}"
    if isinstance(x, E):
        modes = ",".join(str(m) for m in x.modes)
        return f"(E<{modes}>{{}} * {cx(x.v, st)})" if x.v != 1 else f"E<{modes}>{{}}"
    if isinstance(x, L):
        return f"make_layout({cx(x.shape, st)}, {cx(x.stride, st)})"
    if isinstance(x, Tile):
        return "make_tile(" + ", ".join(cx(t, st) for t in x) + ")"
    if isinstance(x, tuple):
        return "make_tuple(" + ", ".join(cx(t, st) for t in x) + ")"
    raise TypeError(repr(x))


HEADER = """#include <cute/layout.hpp>
#include <cute/tensor.hpp>
#include <cstdio>
#include <cstdlib>
using namespace cute;
"""


def _compile(src, cache, work, name):
    path = os.path.join(work, name + ".cpp")
    exe = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(src)
    inc = ["rt/nvidia/cuda_runtime/include", "nvcc/nvidia/cuda_nvcc/include",
           "cccl/nvidia/cuda_cccl/include", "cutlass/cutlass_library/source/include"]
    cmd = ["g++", "-std=c++17", "-O0", "-w", "-fmax-errors=0"]
    for i in inc:
        cmd += ["-I", os.path.join(cache, i)]
    cmd += [path, "-o", exe]
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode == 0, p.stderr, exe, path


def _errors_by_case(stderr, fname, first_line):
    """Attribute g++ errors to cases: each case body sits on line first_line + k."""
    errs = {}
    last = None
    pat = re.compile(re.escape(fname) + r":(\d+):")
    for line in stderr.splitlines():
        m = pat.search(line)
        if m:
            last = int(m.group(1)) - first_line
        if "error:" in line and last is not None:
            msg = line.split("error:", 1)[1].strip()
            if last not in errs:
                errs[last] = msg
            elif "static assert" in msg and "static assert" not in errs[last]:
                errs[last] = msg
    return errs


def _clean_msg(msg):
    m = re.search(r"static assertion failed(?::\s*(.*))?", msg)
    if m:
        return "static_assert: " + (m.group(1) or "").strip()
    return "compile error: " + msg[:160]


def run_cpp(bodies, cache, st, log=None):
    """Compile and run a batch of case bodies (C++ statements printing one result each).
    Returns a list of ('ok', text) / ('error', message) / ('na', 'n/a') per body."""
    results = [None] * len(bodies)
    todo = [k for k, b in enumerate(bodies) if b is not None]
    for k, b in enumerate(bodies):
        if b is None:
            results[k] = ("na", "n/a")
    with tempfile.TemporaryDirectory() as work:
        rounds = 0
        while todo:
            rounds += 1
            first = HEADER.count("\n") + 1
            lines = [f"static void c{j}() {{ {bodies[k]} }}" for j, k in enumerate(todo)]
            tail = ("typedef void (*F)();\nstatic F cases[] = {" + ",".join(f"c{j}" for j in range(len(todo)))
                    + "};\nint main(int argc, char** argv) {\n  int start = atoi(argv[1]);\n"
                    f"  for (int i = start; i < {len(todo)}; ++i) {{ printf(\"@@%d\\n\", i); fflush(stdout);"
                    " cases[i](); printf(\"\\n\"); fflush(stdout); }\n  printf(\"@@END\\n\");\n  return 0;\n}\n")
            src = HEADER + "\n".join(lines) + "\n" + tail
            ok, err, exe, path = _compile(src, cache, work, f"b{rounds}")
            if not ok:
                errs = _errors_by_case(err, path, first)
                bad = {j for j in errs if 0 <= j < len(todo)}
                if not bad:
                    raise RuntimeError("g++ failed without attributable errors:\n" + err[-3000:])
                for j in bad:
                    results[todo[j]] = ("error", _clean_msg(errs[j]))
                todo = [k for j, k in enumerate(todo) if j not in bad]
                if log:
                    log(f"    c++ ({'static' if st else 'dynamic'}): {len(bad)} rejected at compile time, recompiling")
                continue
            start = 0
            while start < len(todo):
                try:
                    p = subprocess.run([exe, str(start)], capture_output=True, text=True, timeout=60)
                    out, rc = p.stdout, p.returncode
                except subprocess.TimeoutExpired as e:
                    out, rc = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or ""), -999
                chunks = out.split("@@")
                last = None
                for ch in chunks[1:]:
                    head, _, body = ch.partition("\n")
                    if head == "END":
                        last = None
                        break
                    j = int(head)
                    last = j
                    results[todo[j]] = ("ok", body.strip())
                if rc == 0 and "@@END" in out:
                    break
                # the case that was running when the program died
                if last is None:
                    raise RuntimeError("C++ batch died before its first case")
                results[todo[last]] = ("error", "runtime failure (exit status %d)" % rc
                                       if rc != -999 else "timeout")
                start = last + 1
            todo = []
    return results
