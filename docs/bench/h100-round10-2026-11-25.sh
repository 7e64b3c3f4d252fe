#!/bin/bash
# Round 10, run 4: biased 16-bit posteriors in global memory (r13) against round 9's int posteriors (r12), alternating.
# Builds: build-dev/r12/new = d640519, round 9 (int posteriors, one check in registers),
# build-dev/r13/new = 809d810 (biased 16-bit posteriors in global memory); Release.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "### exactness through NVIDIA's driver (r13)"
for t in exact tables fallback saturated; do echo "-- $t"; timeout 300 build-dev/r13/new/test_opencl_$t 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6; done
b() { local v=$1; shift; echo "== $v $*"; timeout 150 build-dev/$v/new/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in r12 r13; do
    for batch in 1 1024 8192; do b $v --code dvbs2-normal-1/2 --iterations 20 --batch $batch; done
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 1
    LDPC_CL_LATENCY_POSTERIORS=global b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
echo "### profiled"
for v in r12 r13; do LDPC_CL_PROFILE=1 b $v --code dvbs2-normal-1/2 --iterations 20 --batch 16384; done
