#!/usr/bin/env python3
"""Generate the golden cases in tests/golden/data/ from the two references, pycute and CuTe C++.

Usage: python3 tests/golden/generate.py [--oracle-setup PATH] [--family NAME ...] [--seed N]

Runs only when someone regenerates; the project's tests read the committed data. See README.md.
"""

import argparse
import json
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases as casegen  # noqa: E402
import oracles  # noqa: E402
from model import GErr, L, SO, equiv, flatten, has_basis, fmt, normalize, parse_value  # noqa: E402
from ops import OPS  # noqa: E402

FAMILIES = ["input", "composition", "complement", "coalesce", "inverse", "divide", "product", "recast",
            "query", "int_tuple", "slice", "restructure"]

# Cases where the runtime (the project's evaluator) differs from a golden value that CuTe C++ gives
# and that is right: they are left out of the data (the tests would fail) and listed in
# DISAGREEMENTS.md until the runtime or the decision changes. expr -> (golden, runtime, reason).
RUNTIME_KNOWN = {
}

DEFAULT_SETUP = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "tools", "oracle-setup"))


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def ref_eval(o, args):
    try:
        return ("ok", o.ref(args))
    except GErr as e:
        return ("err", e)
    except (TypeError, AttributeError):
        if any(has_basis(x) for x in args):
            return ("err", GErr("basis_stride", f"{o.name} is implemented here for integer strides only"))
        raise


def valid(o, args, refres, v):
    """None when v is an acceptable value, else the reason it is not."""
    lay = v.layout if isinstance(v, SO) else v
    if isinstance(lay, L) and any(not isinstance(x, int) or x <= 0 for x in flatten(lay.shape)):
        return f"non-positive extent in {fmt(lay)}"
    if o.check is not None:
        try:
            return o.check(args, v)
        except GErr as e:
            return f"cannot be checked: {e.msg}"
        except (TypeError, ZeroDivisionError, AttributeError, IndexError) as e:
            return f"malformed result ({type(e).__name__})"
    if refres[0] != "ok":
        return "no reference value"
    try:
        return None if equiv(v, refres[1]) else f"differs from the reference definition's value {fmt(refres[1])}"
    except (TypeError, ZeroDivisionError, AttributeError, IndexError, GErr) as e:
        return f"malformed result ({type(e).__name__})"


def parse_cpp(res):
    if res[0] != "ok":
        return res
    try:
        return ("ok", parse_value(res[1]))
    except (ValueError, IndexError) as e:
        return ("error", f"unparseable output {res[1]!r} ({e})")


def describe(name, res, golden_err, golden_val, o, args, refres):
    """Status of one reference relative to the golden value: (tag, text)."""
    if res[0] == "na":
        return "n/a", f"{name}: n/a"
    if res[0] == "error":
        if golden_err:
            return "rejects", f"{name} also rejects ({res[1]})"
        return "error", f"{name} fails ({res[1]})"
    v = res[1]
    if golden_err:
        why = valid(o, args, refres, v) if o.check is not None else None
        if o.check is not None and why is None:
            return "accepts-valid", f"{name} returns {fmt(v)} (which passes the postcondition check)"
        return "accepts", f"{name} returns {fmt(v)}" + (f" which is wrong: {why}" if why else "")
    if fmt(v) == fmt(golden_val):
        return "same", f"{name} agrees"
    why = valid(o, args, refres, v)
    if why is None:
        if equiv(v, golden_val) if isinstance(v, (L, SO)) else v == golden_val:
            return "repr", f"{name} returns {fmt(v)}, the same function in another representation"
        return "other-valid", f"{name} returns {fmt(v)}, also valid"
    return "wrong", f"{name} returns {fmt(v)}, wrong: {why}"


def decide(o, args, py, cpp):
    refres = ref_eval(o, args)
    cands = []
    for name, res in (("C++", cpp), ("pycute", py)):
        if res[0] == "ok":
            cands.append((name, res[1]))
    if refres[0] == "err":
        e = refres[1]
        if e.kind == "basis_stride" and cpp[0] == "ok":
            return ("val", cpp[1], "C++", "basis strides: the value is CuTe C++'s (only C++ supports them)")
        return ("err", e.kind, "paper", e.msg)
    for name, v in cands:
        if valid(o, args, refres, v) is None:
            return ("val", v, name, None)
    v = refres[1]
    why = valid(o, args, refres, v) if o.check is not None else None
    if why is not None:
        return ("val", v, "own implementation", "no reference value satisfies the postcondition, the own "
                f"implementation's neither ({why}); kept as the algorithm's value")
    return ("val", v, "own implementation", None)


def run_input(datadir):
    """Malformed input: no reference can take it, the golden value is the runtime's error."""
    with open(os.path.join(datadir, "input.jsonl"), "w") as f:
        for expr, kind, why in casegen.INPUT_ERRORS:
            row = {"expr": expr, "error": kind, "py": "n/a", "cpp": "n/a",
                   "why": f"[pycute n/a, C++ n/a] malformed input ({why}); the references cannot express it"}
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    log(f"input: {len(casegen.INPUT_ERRORS)} rows")


def run_family(family, cache, seed, datadir):
    if family == "input":
        return run_input(datadir)
    t0 = time.time()
    cs = casegen.generate(family, seed)
    # dedupe by expression, keep order
    seen, uniq = set(), []
    for c in cs:
        e = OPS[c[0]].expr(c[1])
        if e not in seen:
            seen.add(e)
            uniq.append(c)
    cs = uniq
    log(f"{family}: {len(cs)} cases")
    pys = [oracles.run_py(None if any(has_basis(x) for x in a) else OPS[n].py(a)) for n, a in cs]
    bodies = [OPS[n].cpp(a, True) for n, a in cs]
    cpp_raw = []
    B = 150
    for i in range(0, len(bodies), B):
        cpp_raw += oracles.run_cpp(bodies[i:i + B], cache, True, log)
        log(f"  c++ static {min(i + B, len(bodies))}/{len(bodies)}")
    # dynamic values for what static values rejected at compile time
    dyn_idx = [k for k, r in enumerate(cpp_raw) if r[0] == "error" and r[1].startswith(("static_assert", "compile"))]
    dyn = {}
    dbodies = [OPS[cs[k][0]].cpp(cs[k][1], False) for k in dyn_idx]
    for i in range(0, len(dbodies), B):
        part = oracles.run_cpp(dbodies[i:i + B], cache, False, log)
        for k, r in zip(dyn_idx[i:i + B], part):
            dyn[k] = r
    rows, dis = [], []
    for k, (n, a) in enumerate(cs):
        o = OPS[n]
        py = pys[k]
        cpp = parse_cpp(cpp_raw[k])
        kind, gv, src, note = decide(o, a, py, cpp)
        golden_err = kind == "err"
        refres = ref_eval(o, a)
        pst = describe("pycute", py, golden_err, gv, o, a, refres)
        cst = describe("C++", cpp, golden_err, gv, o, a, refres)
        row = {"expr": o.expr(a)}
        if golden_err:
            row["error"] = gv
        else:
            row["expect"] = fmt(gv)
        row["py"] = fmt(py[1]) if py[0] == "ok" else ("n/a" if py[0] == "na" else "error: " + py[1])
        row["cpp"] = (normalize(cpp_raw[k][1]) if cpp[0] == "ok"
                      else ("n/a" if cpp[0] == "na" else "error: " + cpp[1]))
        if k in dyn:
            d = parse_cpp(dyn[k])
            row["cpp_dynamic"] = normalize(dyn[k][1]) if d[0] == "ok" else "error: " + d[1]
        agree_tags = {"same", "n/a", "rejects"}
        if pst[0] not in agree_tags or cst[0] not in agree_tags or note:
            if golden_err:
                head = f"error {gv} ({note})"
            else:
                head = f"{src} wins" + (f" ({note})" if note else "")
            row["why"] = f"[pycute {pst[0]}, C++ {cst[0]}] " + head + "; " + pst[1] + "; " + cst[1]
            if k in dyn:
                row["why"] += "; C++ with dynamic values: " + row["cpp_dynamic"]
            dis.append((n, pst[0], cst[0], row))
        if row["expr"] in RUNTIME_KNOWN:
            continue
        rows.append(row)
    os.makedirs(datadir, exist_ok=True)
    with open(os.path.join(datadir, family + ".jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    log(f"{family}: {len(rows)} rows, {len(dis)} disagreements, {time.time() - t0:.0f} s")


def write_disagreements(datadir, out):
    lines = ["# Where the references disagree with each other or with the golden value",
             "",
             "Generated by `generate.py` (do not edit). For every case where pycute or CuTe C++ does not",
             "give the golden value (or gives it in another representation), the chosen value and the",
             "reason. Status words: `same` agrees; `repr` same function and shape, other representation",
             "(e.g. the stride of a size-1 mode, or a rank-1 wrapper); `other-valid` a different value that",
             "also passes the postcondition; `wrong` breaks the postcondition / the paper's definition;",
             "`error` fails where the golden value exists; `accepts` returns a value where the golden",
             "value is an error (`accepts-valid`: that value passes the postcondition check, the paper's",
             "admissibility conditions still reject it); `rejects` errors as well; `n/a` not provided.",
             ""]
    summary = []
    body = []
    for fam in FAMILIES:
        p = os.path.join(datadir, fam + ".jsonl")
        if not os.path.exists(p):
            continue
        groups = {}
        with open(p) as f:
            for line in f:
                d = json.loads(line)
                if "why" not in d:
                    continue
                m = re.match(r"\[pycute (\S+), C\+\+ (\S+)\]", d["why"])
                opm = re.match(r"([a-z_0-9]+)\(", d["expr"])
                opn = opm.group(1) if opm else "eval"
                if {m.group(1), m.group(2)} <= {"same", "n/a", "rejects"}:
                    continue
                groups.setdefault((opn, m.group(1), m.group(2)), []).append(d)
        body.append(f"## {fam}\n")
        for (opn, ps, cs_), items in sorted(groups.items()):
            summary.append(f"| {fam} | {opn} | {ps} | {cs_} | {len(items)} |")
            body.append(f"### {opn}: pycute {ps}, C++ {cs_} ({len(items)} cases)\n")
            body.append("| expr | golden | pycute | C++ | why |")
            body.append("|---|---|---|---|---|")
            for d in items:
                g = d.get("expect", "error " + str(d.get("error")))
                cell = lambda s: str(s).replace("|", "\\|")  # noqa: E731
                body.append(f"| `{cell(d['expr'])}` | `{cell(g)}` | `{cell(d['py'])}` | `{cell(d['cpp'])}` | "
                            f"{cell(d['why'])} |")
            body.append("")
    lines += ["## Runtime disagreements (left out of the data)", "",
              "CuTe C++ gives the golden value and is right; the runtime returns something else, so",
              "these cases are not in `data/` (`RUNTIME_KNOWN` in generate.py).", "",
              "| expr | golden (C++) | runtime | why |", "|---|---|---|---|"]
    lines += [f"| `{e}` | `{g}` | `{r}` | {w} |" for e, (g, r, w) in RUNTIME_KNOWN.items()] + [""]
    lines += ["## Summary", "", "| family | op | pycute | C++ | cases |", "|---|---|---|---|---|"]
    lines += summary + [""] + body
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oracle-setup", default=os.environ.get("CUTE_ORACLE_SETUP", DEFAULT_SETUP),
                    help="path of the oracle-setup script (default: $CUTE_ORACLE_SETUP or %(default)s)")
    ap.add_argument("--family", action="append", choices=FAMILIES,
                    help="generate only this family (repeatable); default all")
    ap.add_argument("--seed", type=int, default=20260301)
    ap.add_argument("--data", default=os.path.join(HERE, "data"))
    args = ap.parse_args()
    cache = oracles.oracle_dir(args.oracle_setup)
    oracles.load_pycute(cache)
    for fam in args.family or FAMILIES:
        run_family(fam, cache, args.seed, args.data)
    write_disagreements(args.data, os.path.join(HERE, "DISAGREEMENTS.md"))


if __name__ == "__main__":
    main()
