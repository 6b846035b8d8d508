#!/usr/bin/env bash
# Compile-time benchmark of the type-level algebra against CuTe C++.
#
#   benches/compile_time/run.sh [N...]        (default: 0 50 200)
#   BENCH_DIVIDES=static|mixed benches/compile_time/run.sh   (the divides only, see gen.py)
#   BENCH_GROUP=GROUP BENCH_LEAVES=static|mixed benches/compile_time/run.sh
#       (one group of operations, all-static or with `Dyn` leaves: composition,
#       composition_dyn_b, complement, inverses, products, products_tiler,
#       products_dyn_tiler (the tiler's entries `Dyn` in the mixed form),
#       local_tile, local_partition, divides; see gen.py)
#   BENCH_REPS=1 ...   (one build per measurement instead of the best of 3)
#
# For each N, generates a program with N representative static layout
# operations (gen.py), builds it as a Rust crate depending on this library
# (debug `cargo build`, not incremental, dependencies prebuilt) and type-checks the
# same operations in CuTe C++ (`g++ -std=c++17 -fsyntax-only`, headers
# from ~/.cache/cute-oracle as set up by ../shared/tools/oracle-setup). Prints
# the CPU times (user + system, best of 3) and the time per operation above
# the N = 0 baseline.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${BENCH_DIR:-$root/target/compile-time-bench}
cute=${CUTE_ORACLE:-$HOME/.cache/cute-oracle}
sizes=("$@"); [ ${#sizes[@]} -eq 0 ] && sizes=(0 50 200)
reps=$(seq "${BENCH_REPS:-3}")
source "$here/common.sh"
write_manifest "$work" "$root"
best() { sort -n | head -1; }
# CPU seconds (user + system) of a command and its children: unlike wall time,
# barely moved by other work on a shared machine.
cpu() { local TIMEFORMAT='%U %S'; { time "$@" >/dev/null; } 2>&1 | awk '{ print $1 + $2 }'; }
inc=(-I "$cute/rt/nvidia/cuda_runtime/include" -I "$cute/nvcc/nvidia/cuda_nvcc/include"
     -I "$cute/cccl/nvidia/cuda_cccl/include" -I "$cute/cutlass/cutlass_library/source/include")
python3 "$here/gen.py" 0 "$work/src/main.rs" "$work/main.cpp"
# Built as the measurements build (not incremental), so that the first one does
# not rebuild the library.
(cd "$work" && CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$work/target" cargo build -q 2>/dev/null)
# The crate itself is rebuilt for every measurement: each run appends a comment.
printf '%6s %12s %12s %14s %14s\n' N rust_s cpp_s rust_ms_per_op cpp_ms_per_op
base_rs=""; base_cpp=""
for n in "${sizes[@]}"; do
  python3 "$here/gen.py" "$n" "$work/src/main.rs" "$work/main.cpp"
  rs=$(for i in $reps; do echo "// run $i" >> "$work/src/main.rs"
       cpu env -C "$work" CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$work/target" cargo build -q; done | best)
  cpp=$(for _ in $reps; do cpu g++ -std=c++17 -fsyntax-only "${inc[@]}" "$work/main.cpp"; done | best)
  if [ -z "$base_rs" ]; then base_rs=$rs; base_cpp=$cpp; fi
  if [ "$n" -gt 0 ]; then
    prs=$(echo "scale=2; 1000 * ($rs - $base_rs) / $n" | bc)
    pcpp=$(echo "scale=2; 1000 * ($cpp - $base_cpp) / $n" | bc)
  else prs=-; pcpp=-; fi
  printf '%6s %12.3f %12.3f %14s %14s\n' "$n" "$rs" "$cpp" "$prs" "$pcpp"
done
