#!/usr/bin/env bash
# Instructions per runtime operation (callgrind), beside the targets of issue 12,
# with the share of memcpy/memmove among them, and size_of::<Layout>().
# Usage: benches/runtime_ops.sh        (needs valgrind and callgrind_annotate)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(cargo bench --bench runtime_ops --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "could not build the runtime_ops bench" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
reps=100

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
done <<'CASES'
compose 1000
compose_deep 2000
complement 400
coalesce 300
logical_divide 3000
zipped_divide 3000
blocked_product 3000
CASES
[ "$fail" = 0 ] && echo "ok: every operation within its target" || echo "some operations are over their targets"
