#!/usr/bin/env bash
# benches/README.md's compile-time table of the mixed operations: for each group of
# gen.py, ms per operation at N (default 50) of the all-static operations
# against their `try_*` forms with `Dyn` leaves, and of CuTe C++ with `Int`
# against `int` leaves (run.sh's CPU seconds above the N = 0 baseline, best of
# BENCH_REPS builds, default 3), and the Rust forms again from the second
# operation on ((N ops - 1 op) / (N - 1): without what the first operation
# pays once per binary), printed as a Markdown table.
#
#   benches/compile_time/table.sh [N [GROUP...]]    (default: 50, every group)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
n=${1:-50}
[ $# -gt 0 ] && shift
groups=("$@")
source "$here/common.sh"
[ ${#groups[@]} -eq 0 ] && groups=("${all_groups[@]}")
# "rust_ms cpp_ms rust_ms_2nd_on" of one group at N.
ms() {
  BENCH_GROUP=$1 BENCH_LEAVES=$2 "$here/run.sh" 0 1 "$n" | awk -v n="$n" '
    $1 == 1 { one = $2 }
    $1 == n { printf "%s %s %.3f\n", $4, $5, 1000 * ($2 - one) / (n - 1) }'
}
echo "| group (N = $n) | static | mixed | mixed / static | C++ \`Int\` | C++ \`int\` | static, 2nd on | mixed, 2nd on | mixed / static |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for g in "${groups[@]}"; do
  read -r s cs s2 < <(ms "$g" static)
  read -r m cm m2 < <(ms "$g" mixed)
  printf '| %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.1f | %.1f | %.2f |\n' "$g" "$s" "$m" \
    "$(echo "scale=4; $m / $s" | bc)" "$cs" "$cm" "$s2" "$m2" "$(echo "scale=4; $m2 / $s2" | bc)"
done
