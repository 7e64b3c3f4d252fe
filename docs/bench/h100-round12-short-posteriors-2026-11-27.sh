#!/bin/bash
# Round 12, run 12: short frames after round 12: posteriors in local memory (auto's choice where
# they fit) against global memory, same build (ab90603, .device/v3/ldpc), alternating.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_LATENCY_POSTERIORS=$v timeout 100 .device/v3/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -1; }
for rep in 1 2; do
  for v in local global; do
    for code in dvbs2-short-1/2 dvbs2-short-3/5 dvbs2-short-8/9; do
      b $v --code $code --iterations 20 --batch 32768
    done
    for batch in 1 132 1024; do b $v --code dvbs2-short-1/2 --iterations 20 --batch $batch; done
  done
done
