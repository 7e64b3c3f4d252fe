#!/bin/bash
# Round 12, run 15: the bound-16 and -32 global kernels also read the second check's (i + G) old
# messages a layer ahead (v6) against the committed build (v5 = 0e77700), alternating.
# Binaries: .device/v5/, .device/v6/ (Release).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "### exactness through NVIDIA's driver (v6)"
for t in exact tables fallback; do echo "-- $t"; LDPC_CL_CACHE_DIR=/tmp/cl-t timeout 200 .device/v6/test_opencl_$t 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6; done
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/$v/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -1; }
for rep in 1 2; do
  for v in v5 v6; do
    for code in dvbs2-normal-1/2 dvbs2-normal-2/3 dvbs2-normal-5/6 dvbs2-normal-9/10; do b $v --code $code --iterations 20 --batch 8192; done
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 1
    b $v --code dvbs2-short-3/5 --iterations 20 --batch 32768
  done
done
