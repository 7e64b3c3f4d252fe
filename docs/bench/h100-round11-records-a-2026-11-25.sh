#!/bin/bash
# Round 11, run 5: check records instead of per-edge message bytes (r14) against round 10 (r13), alternating.
# Builds: build-dev/r13/new = 809d810 (round 10), build-dev/r14/new = 41b4261 (check records: minima,
# one or two words per check); Release. 41b4261 was reverted (docs/OPENCL.md, round 11); the code is
# kept on the branch experiment/check-records.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "### exactness through NVIDIA's driver (r14)"
for t in exact tables saturated; do echo "-- $t"; timeout 300 build-dev/r14/new/test_opencl_$t 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6; done
b() { local v=$1; shift; echo "== $v $*"; timeout 150 build-dev/$v/new/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in r13 r14; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-short-3/5 --iterations 20 --batch 16384
  done
done
echo "### profiled"
for v in r13 r14; do LDPC_CL_PROFILE=1 b $v --code dvbs2-normal-1/2 --iterations 20 --batch 16384; done
