#!/usr/bin/env bash
# Instructions per runtime operation (callgrind), beside a target for each,
# with the share of memcpy/memmove among them, and size_of::<Layout>(); then the
# time per operation (criterion, median) beside pycute's for the same operation
# on the same operands (timeit, best of 5), when ../shared/tools/cute-py (or
# $CUTE_PY) is there; the pycute column is left out otherwise.
# Usage: benches/runtime_ops.sh        (needs valgrind and callgrind_annotate)
set -euo pipefail
cd "$(dirname "$0")/.."

# The bench lives in benches/ops (its own workspace, for criterion).
bin=$(cd benches/ops && cargo bench --bench runtime_ops --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
# Cargo names the executable relative to the bench package, or absolute
# when CARGO_TARGET_DIR is an absolute path.
case "$bin" in /*) ;; *) bin="benches/ops/$bin" ;; esac
[ -x "$bin" ] || { echo "could not build the runtime_ops bench" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
reps=100

# The operations and their targets (instructions per operation).
cases='compose 1000
compose_deep 2000
complement 400
coalesce 300
logical_divide 3000
zipped_divide 3000
blocked_product 3000'

echo "size_of::<Layout>() = $("$bin" size) bytes"
printf '%-16s %10s %8s %8s  %s\n' case "instr/op" target memcpy% "(callgrind, $reps repetitions, measured function only)"
fail=0
while read -r case target; do
    valgrind --tool=callgrind --toggle-collect='*runtime_ops::measured*' \
        --callgrind-out-file="$out/cg.$case" "$bin" "$case" "$reps" >/dev/null 2>"$out/log.$case"
    total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out/cg.$case")
    copy=$(callgrind_annotate --inclusive=no --threshold=100 "$out/cg.$case" 2>/dev/null |
        awk '/mem(cpy|move)/ { gsub(",", "", $1); s += $1 } END { print s + 0 }')
    per=$((total / reps))
    share=$(awk -v c="$copy" -v t="$total" 'BEGIN { printf "%.1f", t ? 100 * c / t : 0 }')
    mark=""
    if [ "$per" -gt "$target" ] || awk -v s="$share" 'BEGIN { exit !(s > 10) }'; then mark="  over"; fail=1; fi
    printf '%-16s %10s %8s %8s%s\n' "$case" "$per" "$target" "$share" "$mark"
done <<<"$cases"
[ "$fail" = 0 ] && echo "ok: every operation within its target" || echo "some operations are over their targets"

# The same operations in pycute (pycute has no blocked_product: it is timed as
# the logical product with its two modes zipped, as CuTe defines it).
pycute_op() {
    case "$1" in
    compose) echo 'a = Layout((8,8),(8,1)); b = Layout(((4,8),2),((16,1),8)); f = lambda: composition(a, b)' ;;
    compose_deep) echo 'a = Layout(((2,(2,2)),(3,(2,2)),((2,2),2),(2,2))); b = Layout((4,(2,2)),(2,(1,8))); f = lambda: composition(a, b)' ;;
    complement) echo 'a = Layout(4,2); f = lambda: complement(a, 24)' ;;
    coalesce) echo 'a = Layout(((2,(2,2)),(3,(2,2)),((2,2),2),(2,2))); f = lambda: coalesce(a)' ;;
    logical_divide) echo 'a = Layout((128,256),(1,128)); t = (Layout(4,1), Layout(8,2)); f = lambda: logical_divide(a, t)' ;;
    zipped_divide) echo 'a = Layout((128,256),(1,128)); t = (Layout(4,1), Layout(8,2)); f = lambda: zipped_divide(a, t)' ;;
    blocked_product) echo 'a = Layout((4,8),(8,1)); b = Layout((3,5),(1,3))
def f():
    p = logical_product(a, b)
    return Layout(tuple(zip(p[0].shape, p[1].shape)), tuple(zip(p[0].stride, p[1].stride)))' ;;
    esac
}
cute_py=${CUTE_PY:-$(cd .. && pwd)/shared/tools/cute-py}
echo
if [ -x "$cute_py" ]; then
    printf '%-16s %12s %12s %8s  %s\n' case "ns/op" "pycute ns" ratio "(criterion median; pycute timeit, best of 5)"
else
    printf '%-16s %12s  %s\n' case "ns/op" "(criterion median; no pycute at $cute_py, its column left out)"
fi
while read -r case _; do
    # Criterion's report line: `time:   [low unit median unit high unit]`.
    ns=$(CRITERION_HOME="$out/criterion" "$bin" criterion "$case" 2>/dev/null | awk '
        /time:/ { sub(/.*\[/, ""); v = $3; u = $4
                  f = (u == "ps") ? 0.001 : (u == "ns") ? 1 : (u == "µs" || u == "us") ? 1000 : (u == "ms") ? 1e6 : 1e9
                  printf "%.1f", v * f; exit }')
    if [ -x "$cute_py" ]; then
        py=$("$cute_py" "import timeit
$(pycute_op "$case")
timer = timeit.Timer(f)
n, _ = timer.autorange()
print('%.0f' % (min(timer.repeat(5, n)) / n * 1e9))" 2>/dev/null || echo "?")
        ratio=$(awk -v p="$py" -v r="$ns" 'BEGIN { if (p + 0 > 0 && r + 0 > 0) printf "%.0fx", p / r; else print "?" }')
        printf '%-16s %12s %12s %8s\n' "$case" "$ns" "$py" "$ratio"
    else
        printf '%-16s %12s\n' "$case" "$ns"
    fi
done <<<"$cases"
