#!/bin/bash
# Round 11, run 6: check records holding the rule's outputs, one word for degree <= 8 (r15), against round 10 (r13: byte per edge).
# Builds: build-dev/r13/new = 809d810 (round 10), build-dev/r15/new = 4602810 on the branch
# experiment/check-records (records hold the rule's outputs; one word for degree <= 8). Not kept on main.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
echo "### exactness through NVIDIA's driver (r15)"
timeout 100 build-dev/r15/new/test_opencl_exact 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6
b() { local v=$1; shift; echo "== $v $*"; timeout 60 build-dev/$v/new/ldpc bench --backend opencl --baseline none --seconds 1 "$@" 2>&1 | grep -E "^opencl  " | head -1; }
for v in r13 r15; do
  b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
  b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
  b $v --code dvbs2-short-1/2 --iterations 20 --batch 16384
  b $v --code dvbs2-short-1/2 --iterations 20 --batch 1
  b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
  b $v --code dvbs2-short-3/5 --iterations 20 --batch 16384
  b $v --code dvbs2-normal-2/3 --iterations 20 --batch 8192
done
