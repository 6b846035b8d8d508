#!/usr/bin/env bash
# Instructions per operation (callgrind) of the type level's operations on
# layouts with run-time leaves (`benches/ops/benches/mixed_ops.rs`): the mixed
# composition, complement and divides. With a git revision, the same bench is
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
cases='compose complement logical_divide zipped_divide compose_tile'

# The bench's executable, built in the tree $1 (its own target directory $2).
build() {
    local bin
    bin=$(cd "$1/benches/ops" && CARGO_TARGET_DIR="$2" cargo bench --bench mixed_ops --no-run 2>&1 |
        sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
    [ -x "$bin" ] || { echo "could not build the mixed_ops bench in $1" >&2; exit 1; }
    echo "$bin"
}
# Instructions per operation of case $2 in the executable $1.
count() {
    valgrind --tool=callgrind --toggle-collect='*mixed_ops::measured*' \
        --callgrind-out-file="$out/cg" "$1" "$2" "$reps" >/dev/null 2>"$out/log"
    echo $(($(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out/cg") / reps))
}

bin=$(build "$root" "${CARGO_TARGET_DIR:-$root/target}/mixed-ops")
if [ -n "$base" ]; then
    git worktree add --detach "$out/base" "$base" -q
    cp benches/ops/benches/mixed_ops.rs "$out/base/benches/ops/benches/"
    cp benches/ops/Cargo.toml "$out/base/benches/ops/"
    base_bin=$(build "$out/base" "$out/target")
    printf '%-16s %10s %10s %7s  %s\n' case "instr/op" "$base" ratio "(callgrind, $reps repetitions, measured function only)"
else
    printf '%-16s %10s  %s\n' case "instr/op" "(callgrind, $reps repetitions, measured function only)"
fi
for case in $cases; do
    n=$(count "$bin" "$case")
    if [ -n "$base" ]; then
        b=$(count "$base_bin" "$case")
        printf '%-16s %10s %10s %7s\n' "$case" "$n" "$b" "$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.3f", n / b }')"
    else
        printf '%-16s %10s\n' "$case" "$n"
    fi
done
