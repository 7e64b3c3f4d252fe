#!/bin/bash
# Issue 4, round 5: group sizes and local posteriors at throughput, after the latency order
# (docs/OPENCL.md). Run from the repository root on the device machine with the build's
# `ldpc` and OpenCL tests under build-dev/new; writes $OUT/run.txt.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
NEW=build-dev/new N=dvbs2-normal-1/2 S=dvbs2-short-1/2
t() { echo "== $1"; s=$SECONDS; (cd $NEW && timeout "$2" "./$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|ERROR|neighbours"); echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
b() { echo "== $*"; s=$SECONDS; LDPC_CL_PROFILE=1 timeout 120 $NEW/ldpc bench --backend opencl --baseline none "$@" 2>&1 | grep -E "^opencl"; echo "  ($((SECONDS - s)) s)"; }
t test_opencl_latency_order 30
t test_opencl_exact 120
echo "## work-group size at throughput (LDPC_CL_WORK_GROUP_SIZE; 180 = auto on the H100)"
for G in 180 90 60 45 36; do
  echo "# G=$G"
  LDPC_CL_WORK_GROUP_SIZE=$G b --code $N --iterations 20 --batch 4096 --seconds 1
  LDPC_CL_WORK_GROUP_SIZE=$G LDPC_CL_LATENCY_POSTERIORS=global b --code $S --iterations 20 --batch 16384 --seconds 1
  LDPC_CL_WORK_GROUP_SIZE=$G LDPC_CL_LATENCY_POSTERIORS=local b --code $S --iterations 20 --batch 16384 --seconds 1
done
echo "## local against global posteriors by batch size (auto group size)"
for F in 1 132 256 1024 4096; do
  for M in local global; do
    LDPC_CL_LATENCY_POSTERIORS=$M b --code $S --iterations 20 --batch $F --seconds 1
  done
done
for C in dvbs2-short-3/5 dvbs2-short-8/9; do
  for F in 1 16384; do
    for M in local global; do
      LDPC_CL_LATENCY_POSTERIORS=$M b --code $C --iterations 20 --batch $F --seconds 1
    done
  done
done
