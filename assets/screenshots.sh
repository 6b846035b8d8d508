#!/usr/bin/env bash
# Regenerates the README's two pictures of the explorer (`layout serve`):
# a thread-value layout and a bank heat map with the swizzle picker, taken
# by a headless chromium (Debian's package `chromium`) in its light scheme.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --bin layout
bin="${CARGO_TARGET_DIR:-target}/debug/layout"
out=$(mktemp)
profile=$(mktemp -d)
"$bin" serve --addr 127.0.0.1:0 >"$out" &
pid=$!
trap 'kill "$pid"; rm -rf "$out" "$profile"' EXIT
for _ in $(seq 50); do
  grep -q '^layout serve: http://' "$out" && break
  sleep 0.1
done
addr=$(sed -n 's|^layout serve: http://\(.*\)/$|\1|p' "$out")
[ -n "$addr" ] || { echo "layout serve did not start" >&2; exit 1; }
shoot() { # FILE WIDTH,HEIGHT FRAGMENT
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$profile" --virtual-time-budget=10000 --window-size="$2" \
    --screenshot="assets/$1" "http://$addr/#$3" 2>/dev/null
}
# The C fragment of SM80's 16x8 MMA: 32 threads, 4 values each, on the 16x8 tile.
shoot explorer-tv.png 1280,1250 'expr=((4,8),(2,2)):((32,1),(16,8))&tv=(16,8)'
# An f16 tile of 8 rows of 128 bytes written and read by 16-byte vectors down
# the rows: 8-way conflicts, and the swizzle that removes them.
shoot explorer-banks.png 1800,1200 'view=banks&smem=(8,64):(64,1)&elem-bytes=2&vec-bytes=16&writer=((8,4),8):((1,64),8)&reader=((8,4),8):((1,64),8)'
