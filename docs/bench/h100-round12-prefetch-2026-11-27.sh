#!/bin/bash
# Round 12, run 2: the global latency kernel with the first check's old messages
# loaded a layer ahead (v1) against the committed kernel (base = 02b44cc), alternating.
# Binaries: .device/bin/ldpc = 02b44cc; .device/v1/ = the prefetch build (Release).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "### exactness through NVIDIA's driver (v1)"
for t in exact tables fallback saturated; do echo "-- $t"; LDPC_CL_CACHE_DIR=/tmp/cl-t timeout 200 .device/v1/test_opencl_$t 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6; done
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/$v/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in bin v1; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-2/3 --iterations 20 --batch 8192
  done
done
