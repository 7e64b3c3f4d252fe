#!/bin/bash
# Round 13, run I: does a register cap (LDPC_CL_MAX_REGISTERS, -cl-nv-maxrregcount for the
# whole program) let the circulant kernel beat the slot kernel on normal 1/2 batches, where
# auto keeps the slot kernel (0.96x)? Final build's kernels (.device/v9 = HEAD's code).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
b() { cap=$1; t=$2; shift 2; echo "== cap $cap tables $t $*"; LDPC_CL_MAX_REGISTERS=$cap LDPC_CL_LATENCY_TABLES=$t LDPC_CL_CACHE_DIR=/tmp/cl-$cap timeout 100 .device/v9/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl +[0-9]|kernels" | sed 's/.*per call:/per call:/' | cut -c1-200; }
b 0 slots --code dvbs2-normal-1/2 --iterations 20 --batch 8192
for cap in 0 64 96 128; do
  LDPC_CL_PROFILE=1 b $cap circulants --code dvbs2-normal-1/2 --iterations 20 --batch 8192
  b $cap circulants --code dvbs2-normal-1/2 --iterations 20 --batch 1
done
b 0 slots --code dvbs2-normal-1/2 --iterations 20 --batch 8192
