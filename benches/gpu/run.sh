#!/usr/bin/env bash
# Measure shared-memory wavefronts and bank conflicts of every pattern in
# benches/gpu/patterns.csv under Nsight Compute and write them as CSV.
# Usage (from anywhere): benches/gpu/run.sh [OUTPUT_DIR]   (default: $OUT, else benches/gpu/out)
# Writes OUTPUT_DIR/measured.csv (name,op,width,wavefronts,bank_conflicts), the raw
# ncu CSV (ncu_raw.csv), device info (device.txt) and the probe's LDS/STS instructions (sass.txt). Needs nvcc, ncu, python3; no network.
# NVCC_ARCH overrides the target (default sm_90, an H100).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-$here/out}}
mkdir -p "$out"
arch=${NVCC_ARCH:-sm_90}
nvcc -O3 -arch="$arch" -o "$out/probe" "$here/probe.cu"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv > "$out/device.txt" 2>&1 || true
ncu --version >> "$out/device.txt" 2>&1 || true
nvcc --version | tail -n 2 >> "$out/device.txt" 2>&1 || true
# The shared-memory instructions the probe really issues (one LDS/STS per kernel).
cuobjdump -sass "$out/probe" | grep -E "Function|LDS|STS" > "$out/sass.txt" || true
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
ncu --clock-control none --csv --metrics "$metrics" "$out/probe" "$here/patterns.csv" > "$out/ncu_raw.csv"
python3 "$here/collect.py" "$here/patterns.csv" "$out/ncu_raw.csv" > "$out/measured.csv"
echo "wrote $out/measured.csv ($(($(wc -l < "$out/measured.csv") - 1)) patterns)"
echo "commit it as benches/gpu/measured.csv; cargo test --test runtime swizzle_gpu compares the model with it"
