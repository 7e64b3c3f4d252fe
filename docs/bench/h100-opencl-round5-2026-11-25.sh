#!/bin/bash
# Issue 4, round 5: the final build (latency order, auto = local posteriors where they fit),
# the figures and register caps on the local kernel (docs/OPENCL.md). Run from the
# repository root on the device machine with the build's `ldpc` and OpenCL tests under
# build-dev/new; writes $OUT/run.txt.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
NEW=build-dev/new N=dvbs2-normal-1/2 S=dvbs2-short-1/2
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,driver_version --format=csv
t() { echo "== $1"; s=$SECONDS; (cd $NEW && timeout "$2" "./$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|ERROR"); echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
b() { echo "== $*"; s=$SECONDS; LDPC_CL_PROFILE=1 timeout 120 $NEW/ldpc bench "$@" 2>&1 | grep -E "^(opencl|avx|backend)"; echo "  ($((SECONDS - s)) s)"; }
t test_opencl_latency_order 30
t test_opencl_exact 120
t test_opencl_tables 30
t test_opencl_saturated 60
echo "## the issue's figures (auto), the CPU backend in the same run"
for I in 20 50; do
  b --backend opencl --baseline none --code $N --iterations $I --batch 1 --seconds 1
  b --backend opencl --baseline none --code $S --iterations $I --batch 1 --seconds 1
  b --backend opencl --baseline none --code $N --iterations $I --batch 4096 --seconds 2
  b --backend opencl --baseline none --code $S --iterations $I --batch 16384 --seconds 2
done
b --code $N --iterations 20 --threads 16 --seconds 2 --baseline none
b --code $S --iterations 20 --threads 16 --seconds 2 --baseline none
echo "## register caps on the local kernel at throughput"
for R in 128 96; do
  LDPC_CL_MAX_REGISTERS=$R b --backend opencl --baseline none --code $S --iterations 20 --batch 16384 --seconds 1
done
