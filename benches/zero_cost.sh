#!/usr/bin/env bash
# Zero-cost check of type-level layouts, plain and swizzled, of tensor kernels
# (copy, tiled transpose, register GEMM, gather, scatter, partitions of
# run-time-strided tiles by thread-value layouts, thread grids and a tiled
# MMA), and of the MMA atoms: instruction counts (callgrind) of indexing
# through static layouts against hand-written arithmetic on the same loops,
# and a comparison of the two functions' machine code. The GEMM twins multiply-add as the library does
# in the build (fused where it enables FMA). `atom` is the AVX2 + FMA atom
# (16x6) against the same loop in intrinsics, skipped where the CPU (under
# valgrind) lacks those; `atom512`, the AVX-512 atom (32x8), is not run
# (valgrind cannot execute AVX-512): its `k` loop's machine code is compared,
# and the check fails if it has more instructions than the hand-written one's.
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
        "$bin" "$1" "$2" >"$out/out.$1.$2" 2>"$out/log.$1.$2"
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

# The function's innermost loop that issues fused multiply-adds (an atom's
# `k` loop: from a backward jump's target to the jump), as `asm` prints it.
kloop() {
    objdump -d --no-show-raw-insn -C "$bin" |
        awk -v f="<zero_cost::$1>:" '$2 == f {on=1; next} NF == 0 {on=0} on' |
        awk 'function hex(s,  i, n) {
                 n = 0
                 for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
                 return n
             }
             { n++; text[n] = $0; at[n] = hex(substr($1, 1, length($1) - 1))
               if ($2 ~ /^j/ && $3 ~ /^[0-9a-f]+$/ && hex($3) <= at[n]) back[n] = hex($3) }
             END {
                 best = 0
                 for (j in back) {
                     j += 0; len = 0; fma = 0
                     for (i = 1; i <= j; i++) if (at[i] >= back[j]) { len++; if (text[i] ~ /vfmadd/) fma = 1 }
                     if (fma && (best == 0 || len < bestlen)) { best = j; bestlen = len }
                 }
                 for (i = 1; i <= best; i++) if (at[i] >= back[best]) print text[i]
             }' |
        sed -E 's/^ *[0-9a-f]+:\s*//; s/[0-9a-f]+ <[^>]*>/<target>/; s/#.*//'
}

# A loop's size and its counts of the kernel's instructions.
tally() {
    awk '{ n++; c[$1]++ }
         END { printf "%d instructions: %d vfmadd231ps, %d vbroadcastss, %d vmovups", n, c["vfmadd231ps"], c["vbroadcastss"], c["vmovups"] }'
}

# The `k` loops of `$1` and `$2` compared.
loops() {
    local s h
    s=$(kloop "$1")
    h=$(kloop "$2")
    if [ -z "$s" ] || [ -z "$h" ]; then
        echo "k loop not found"
    elif [ "$s" = "$h" ]; then
        echo "k loop identical ($(tally <<<"$s"))"
    elif [ "$(regs <<<"$s")" = "$(regs <<<"$h")" ]; then
        echo "k loop identical up to register names ($(tally <<<"$s"))"
    else
        echo "k loop differs: static ($(tally <<<"$s")), hand ($(tally <<<"$h"))"
    fi
}

printf '%-8s %14s %14s %8s  %s\n' case static hand ratio "machine code"
echo "(instructions executed in the loops: run minus start-up baseline, 2000 repetitions)"
worst=0
longer=0
cases=(1d 2d hier odd mixed swizzle swizzle64 tcopy transpose gemm gather scatter tswizzle dtile etile tvpart lpart mmapart tvcopy dgemm atom atom512)
[ $# -eq 0 ] || cases=("$@")
for case in "${cases[@]}"; do
    if [ "$case" = atom512 ]; then
        # valgrind cannot execute AVX-512: the machine code alone, the
        # library's `k` loop no longer than the hand-written one's.
        code=$(loops static_atom512 hand_atom512)
        sl=$(kloop static_atom512 | wc -l)
        hl=$(kloop hand_atom512 | wc -l)
        if [ "$sl" -eq 0 ] || [ "$sl" -gt "$hl" ]; then longer=1; fi
        printf '%-8s %14s %14s %8s  %s\n' "$case" - - - "not run (no AVX-512 under valgrind); $code"
        continue
    fi
    base=$(count "$case" none)
    if grep -q '^skipped' "$out/out.$case.none"; then
        printf '%-8s %14s %14s %8s  %s\n' "$case" - - - "$(cat "$out/out.$case.none")"
        continue
    fi
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
    [ "$case" != atom ] || code="$code; $(loops static_atom hand_atom)"
    printf '%-8s %14s %14s %8s  %s\n' "$case" "$s" "$h" "$ratio" "$code"
    worst=$(awk -v a="$worst" -v r="$ratio" 'BEGIN { d = r - 1; print (d > a ? d : a) }')
done
[ "$longer" -eq 0 ] || echo "FAIL: the AVX-512 atom's k loop has more instructions than the hand-written one's"
awk -v w="$worst" -v l="$longer" 'BEGIN { if (w > 0.01) { print "FAIL: a kernel costs more than 1.01 times its hand-written twin"; exit 1 } else if (l) exit 1; else print "ok: no kernel costs more than 1.01 times its hand-written twin" }'
