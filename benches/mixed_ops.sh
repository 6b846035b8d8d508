#!/usr/bin/env bash
# Instructions per operation (callgrind) of the type level's operations on
# layouts with run-time leaves (the `mixed_*` cases of the runtime_ops bench,
# `benches/ops/benches/runtime_ops/mixed.rs`): the mixed composition,
# complement and divides. With a git revision, the same bench is
# built against that revision too (a temporary worktree holding this bench)
# and the two counts are printed side by side, with their ratio.
# Usage: benches/mixed_ops.sh [base-revision]   (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
base=${1:-}
out=$(mktemp -d)
cleanup() {
    [ -n "$base" ] && git -C "$root" worktree remove --force "$out/base" 2>/dev/null
    rm -rf "$out"
}
trap cleanup EXIT
reps=100
cases='mixed_compose mixed_complement mixed_logical_divide mixed_zipped_divide mixed_compose_tile'

# The bench's executable, built in the tree $1 (its own target directory $2).
build() {
    local bin
    bin=$(cd "$1/benches/ops" && CARGO_TARGET_DIR="$2" cargo bench --bench runtime_ops --no-run 2>&1 |
        sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
    [ -x "$bin" ] || { echo "could not build the runtime_ops bench in $1" >&2; exit 1; }
    echo "$bin"
}
# Instructions per operation of case $2 in the executable $1.
count() {
    valgrind --tool=callgrind --toggle-collect='*runtime_ops::measured*' \
        --callgrind-out-file="$out/cg" "$1" "$2" "$reps" >/dev/null 2>"$out/log"
    echo $(($(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out/cg") / reps))
}

bin=$(build "$root" "${CARGO_TARGET_DIR:-$root/target}")
if [ -n "$base" ]; then
    git worktree add --detach "$out/base" "$base" -q
    cp -r benches/ops/benches/runtime_ops.rs benches/ops/benches/runtime_ops "$out/base/benches/ops/benches/"
    base_bin=$(build "$out/base" "$out/target")
    printf '%-20s %10s %10s %7s  %s\n' case "instr/op" "$base" ratio "(callgrind, $reps repetitions, measured function only)"
else
    printf '%-20s %10s  %s\n' case "instr/op" "(callgrind, $reps repetitions, measured function only)"
fi
for case in $cases; do
    n=$(count "$bin" "$case")
    if [ -n "$base" ]; then
        b=$(count "$base_bin" "$case")
        printf '%-20s %10s %10s %7s\n' "$case" "$n" "$b" "$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.3f", n / b }')"
    else
        printf '%-20s %10s\n' "$case" "$n"
    fi
done
