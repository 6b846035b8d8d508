#!/usr/bin/env bash
# The compile-time table of the mixed operations in rustc's instructions
# instead of CPU seconds: for each group of gen.py, the instructions rustc
# executes (callgrind, every thread; linking left out with `-C linker=true`)
# to build N all-static operations against their `try_*` forms with `Dyn`
# leaves, above the empty program, per operation, as a Markdown table. The
# same input gives the same count within about 0.1 %, whatever else runs on
# the machine (table.sh's CPU seconds move by ±15 % between windows), so two
# versions of the library can be compared one after the other.
#
#   benches/compile_time/instructions.sh [N [GROUP...]]   (default: 50, every group)
#
# Needs valgrind. Builds the generated crate as run.sh does (debug, not
# incremental), in $BENCH_DIR (default target/compile-time-instructions).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${BENCH_DIR:-$root/target/compile-time-instructions}
n=${1:-50}
[ $# -gt 0 ] && shift
groups=("$@")
source "$here/common.sh"
[ ${#groups[@]} -eq 0 ] && groups=("${all_groups[@]}")
write_manifest "$work" "$root"
mkdir -p "$work/out"
build() { env -C "$work" CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$work/target" cargo build "$@"; }
# Instructions of rustc on the crate gen.py writes for group $1, leaves $2, $3 operations.
count() {
  BENCH_GROUP=$1 BENCH_LEAVES=$2 python3 "$here/gen.py" "$3" "$work/src/main.rs" /dev/null
  # cargo prints the rustc command it runs; it is run again under callgrind.
  local cmd
  cmd=$(build -v 2>&1 | sed -n 's/^ *Running `\(.*--crate-name compile_time_bench.*\)`$/\1/p')
  [ -n "$cmd" ] || { echo "instructions.sh: no rustc command for $1 $2 $3" >&2; exit 1; }
  cmd=$(echo "$cmd" | sed -E 's/--out-dir [^ ]+//')
  (cd "$work" && eval valgrind --tool=callgrind --callgrind-out-file=/dev/null "$cmd" \
    -C linker=true --out-dir "$work/out" 2>&1) | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
build -q 2>/dev/null || true  # the dependencies, once
empty=$(count "${groups[0]}" static 0)
echo "| group (N = $n) | static | mixed | mixed / static |"
echo "| --- | ---: | ---: | ---: |"
for g in "${groups[@]}"; do
  s=$(count "$g" static "$n")
  m=$(count "$g" mixed "$n")
  printf '| %s | %.1f | %.1f | %.2f |\n' "$g" \
    "$(echo "scale=3; ($s - $empty) / $n / 1000000" | bc)" \
    "$(echo "scale=3; ($m - $empty) / $n / 1000000" | bc)" \
    "$(echo "scale=4; ($m - $empty) / ($s - $empty)" | bc)"
done
