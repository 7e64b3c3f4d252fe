#!/bin/bash
# Round 12, run 11: a check's messages together (bound bytes per check, one vector load and
# store; the first check's loaded a layer ahead in every kernel) against ab90603 (v3: slot layout,
# byte loads; a layer ahead only at bounds 16 and 32), alternating.
# Binaries: .device/v3/ = ab90603, .device/v4/ = the packed build (Release).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "### exactness through NVIDIA's driver (v4)"
for t in exact tables fallback saturated; do echo "-- $t"; LDPC_CL_CACHE_DIR=/tmp/cl-t timeout 200 .device/v4/test_opencl_$t 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6; done
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/$v/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in v3 v4; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-2/3 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
    LDPC_CL_LATENCY_POSTERIORS=global b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
