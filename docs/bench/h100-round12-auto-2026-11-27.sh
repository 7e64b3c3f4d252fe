#!/bin/bash
# Round 12, run 14: auto's new posterior memory (bound-16 codes: local memory only in calls of at
# most 4 frames per compute unit) against ab90603's auto (local for bounds 8 and 16 at any size).
# Binaries: .device/v3/ = ab90603, .device/v5/ = the working tree (Release).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "### exactness through NVIDIA's driver (v5)"
for t in exact tables fallback; do echo "-- $t"; LDPC_CL_CACHE_DIR=/tmp/cl-t timeout 200 .device/v5/test_opencl_$t 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6; done
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/$v/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -2 | sed 's/(NVIDIA CUDA), on device; device passes by design//; s/; table upload.*//'; }
for v in v3 v5; do
  for batch in 132 528 1024 32768; do b $v --code dvbs2-short-3/5 --iterations 20 --batch $batch; done
  b $v --code dvbs2-short-3/4 --iterations 20 --batch 32768
  b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
done
