#!/usr/bin/env bash
# The compile-time table of the mixed operations in instructions instead of CPU
# seconds: for each group of gen.py, the instructions that rustc (every
# thread) and then the linker execute (callgrind) to build N all-static
# operations against their `try_*` forms with `Dyn` leaves, as a Markdown
# table in millions per operation: above the empty program, and from the
# second operation on ((N ops - 1 op) / (N - 1)), which leaves out what only
# the first operation pays, once per binary (a mixed operation's first call
# links the runtime layer's object files). The same input gives the same count
# within about 0.1 %, whatever else runs on the machine (table.sh's CPU
# seconds move by ±15 % between windows), so two versions of the library can
# be compared one after the other. The last three columns count the N
# operations above a program that has one layout of their kind (gen.py's
# group `layout`: a static layout, or one with run-time sizes, which
# `Layout::try_new` checks in the runtime layer: its binary links the
# library's object files once, as the first mixed operation's does).
#
#   benches/compile_time/instructions.sh [N [GROUP...]]   (default: 50, every group)
#
# Needs valgrind and the system linker rustc uses (`cc`). Builds the generated
# crate as run.sh does (debug, not incremental), in $BENCH_DIR (default
# target/compile-time-instructions).
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
callgrind() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
# Instructions of rustc plus the linker on the crate gen.py writes for group
# $1, leaves $2, $3 operations.
count() {
  BENCH_GROUP=$1 BENCH_LEAVES=$2 python3 "$here/gen.py" "$3" "$work/src/main.rs" /dev/null
  # cargo prints the rustc command it runs; it is run again under callgrind,
  # without linking, then once more keeping its object files to print the
  # link command, which is run under callgrind with its children (cc, ld).
  local cmd rustc args link d
  cmd=$(build -v 2>&1 | sed -n 's/^ *Running `\(.*--crate-name compile_time_bench.*\)`$/\1/p')
  [ -n "$cmd" ] || { echo "instructions.sh: no rustc command for $1 $2 $3" >&2; exit 1; }
  cmd="$(echo "$cmd" | sed -E 's/--out-dir [^ ]+//') --out-dir '$work/out'"
  rustc=$(cd "$work" && eval callgrind "$cmd" -C linker=true)
  args=$(cd "$work" && eval "$cmd" -C save-temps --print link-args 2>/dev/null | grep '^LC_ALL=')
  d=$(mktemp -d)
  (cd "$work" && eval valgrind --tool=callgrind --trace-children=yes \
    --callgrind-out-file="$d/cg.%p" env "$args" >/dev/null 2>&1)
  link=$(awk '/^(summary|totals):/ { s += $2 } END { print s }' "$d"/cg.*)
  echo $((rustc + link))
  rm -rf "$d" "$work/out"/*
}
build -q 2>/dev/null || true  # the dependencies, once
empty=$(count "${groups[0]}" static 0)
static_layout=$(count layout static 1); mixed_layout=$(count layout mixed 1)
per() { echo "scale=3; ($1 - $2) / $3 / 1000000" | bc; }
ratio() { echo "scale=4; ($1 - $2) / ($3 - $4)" | bc; }
echo "| group (N = $n) | static | mixed | mixed / static | static, 2nd on | mixed, 2nd on | mixed / static | static, after a layout | mixed, after a layout | mixed / static |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for g in "${groups[@]}"; do
  s1=$(count "$g" static 1); s=$(count "$g" static "$n")
  m1=$(count "$g" mixed 1); m=$(count "$g" mixed "$n")
  printf '| %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |\n' "$g" \
    "$(per "$s" "$empty" "$n")" "$(per "$m" "$empty" "$n")" "$(ratio "$m" "$empty" "$s" "$empty")" \
    "$(per "$s" "$s1" $((n - 1)))" "$(per "$m" "$m1" $((n - 1)))" "$(ratio "$m" "$m1" "$s" "$s1")" \
    "$(per "$s" "$static_layout" "$n")" "$(per "$m" "$mixed_layout" "$n")" \
    "$(ratio "$m" "$mixed_layout" "$s" "$static_layout")"
done
