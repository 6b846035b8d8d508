#!/usr/bin/env bash
# Zero-cost check of type-level layouts, plain and swizzled, and of tensor
# kernels (copy, tiled transpose, register GEMM, gather, scatter): instruction counts
# (callgrind) of indexing through static layouts against hand-written arithmetic
# on the same loops, and a comparison of the two functions' machine code.
# Usage: benches/zero_cost.sh [case..]   (needs valgrind and objdump; all cases
#        when none is named, e.g. `benches/zero_cost.sh dtile dgemm`)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(cargo bench --bench zero_cost --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "could not build the zero_cost bench" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Instructions executed by the whole run of `zero_cost $1 $2`.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1.$2" \
        "$bin" "$1" "$2" >/dev/null 2>"$out/log.$1.$2"
    sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out/cg.$1.$2"
}

# The function's instructions with addresses and jump targets removed.
asm() {
    objdump -d --no-show-raw-insn -C "$bin" |
        awk -v f="<zero_cost::$1>:" '$2 == f {on=1; next} NF == 0 {on=0} on' |
        sed -E 's/^ *[0-9a-f]+:\s*//; s/[0-9a-f]+ <[^>]*>/<target>/; s/#.*//'
}

# Register names replaced by one placeholder.
regs() { sed -E 's/%[a-z0-9]+/%r/g'; }

printf '%-8s %14s %14s %8s  %s\n' case static hand ratio "machine code"
echo "(instructions executed in the loops: run minus start-up baseline, 2000 repetitions)"
worst=0
cases=(1d 2d hier odd mixed swizzle swizzle64 tcopy transpose gemm gather scatter tswizzle dtile dgemm)
[ $# -eq 0 ] || cases=("$@")
for case in "${cases[@]}"; do
    base=$(count "$case" none)
    s=$(($(count "$case" static) - base))
    h=$(($(count "$case" hand) - base))
    ratio=$(awk -v s="$s" -v h="$h" 'BEGIN { printf "%.4f", s / h }')
    if [ -z "$(asm "static_$case")" ] || [ -z "$(asm "hand_$case")" ]; then
        code="identical (LLVM merged the two functions into one)"
    elif diff <(asm "static_$case") <(asm "hand_$case") >/dev/null; then
        code="identical ($(asm "static_$case" | wc -l) instructions)"
    elif diff <(asm "static_$case" | regs) <(asm "hand_$case" | regs) >/dev/null; then
        code="identical up to register names ($(asm "static_$case" | wc -l) instructions)"
    else
        code="differs: $(asm "static_$case" | wc -l) vs $(asm "hand_$case" | wc -l) instructions"
    fi
    # Cheaper than the hand code happens where the hand code (safe Rust with
    # run-time sizes) checks each access that the tensor proved once.
    if awk -v r="$ratio" 'BEGIN { exit !(r < 0.99) }'; then code="$code; fewer: the hand code checks each access"; fi
    printf '%-8s %14s %14s %8s  %s\n' "$case" "$s" "$h" "$ratio" "$code"
    worst=$(awk -v a="$worst" -v r="$ratio" 'BEGIN { d = r - 1; print (d > a ? d : a) }')
done
awk -v w="$worst" 'BEGIN { if (w > 0.01) { print "FAIL: a kernel costs more than 1.01 times its hand-written twin"; exit 1 } else print "ok: no kernel costs more than 1.01 times its hand-written twin" }'
