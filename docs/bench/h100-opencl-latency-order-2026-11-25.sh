#!/bin/bash
# Issue 4, round 5: posteriors in the latency order (docs/OPENCL.md). Run from the
# repository root on the device machine with two builds of `ldpc` (and the new build's
# OpenCL tests) under build-dev/new and build-dev/head; writes $OUT/run.txt.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
NEW=build-dev/new HEAD=build-dev/head N=dvbs2-normal-1/2 S=dvbs2-short-1/2
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,driver_version --format=csv
t() { echo "== $1"; s=$SECONDS; (cd $NEW && timeout "$2" "./$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|ERROR|neighbours"); echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
b() { echo "== $*"; s=$SECONDS; LDPC_CL_PROFILE=1 timeout 120 "$@" 2>&1 | grep -vE "^\s*$"; echo "  ($((SECONDS - s)) s)"; }
echo "## exactness through NVIDIA's driver (new build)"
t test_opencl_latency_order 30
t test_opencl_exact 120
t test_opencl_tables 30
t test_opencl_fallback 30
t test_opencl_saturated 60
echo "## same run, alternating: new = latency order, head = code order (3d2a278)"
for rep in 1 2; do
  for B in $NEW $HEAD; do
    b $B/ldpc bench --backend opencl --code $N --iterations 20 --batch 1 --seconds 1 --baseline none
    b $B/ldpc bench --backend opencl --code $S --iterations 20 --batch 1 --seconds 1 --baseline none
    b $B/ldpc bench --backend opencl --code $N --iterations 20 --batch 4096 --seconds 2 --baseline none
    b $B/ldpc bench --backend opencl --code $S --iterations 20 --batch 16384 --seconds 2 --baseline none
  done
done
for B in $NEW $HEAD; do
  b $B/ldpc bench --backend opencl --code $N --iterations 50 --batch 4096 --seconds 2 --baseline none
  b $B/ldpc bench --backend opencl --code $S --iterations 50 --batch 16384 --seconds 2 --baseline none
done
echo "## new build: local posteriors and register caps at throughput"
LDPC_CL_LATENCY_POSTERIORS=local b $NEW/ldpc bench --backend opencl --code $S --iterations 20 --batch 16384 --seconds 2 --baseline none
LDPC_CL_LATENCY_POSTERIORS=global b $NEW/ldpc bench --backend opencl --code $S --iterations 20 --batch 1 --seconds 1 --baseline none
LDPC_CL_MAX_REGISTERS=128 b $NEW/ldpc bench --backend opencl --code $N --iterations 20 --batch 4096 --seconds 2 --baseline none
echo "## CPU backend in the same run"
b $NEW/ldpc bench --code $N --iterations 20 --threads 16 --seconds 2 --baseline none
