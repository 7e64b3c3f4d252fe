#!/bin/bash
# Issue 4: one frame per work-item for posterior=8 (docs/OPENCL.md). Run from the repo root
# on the device machine; writes $OUT/run.txt.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
B=build-gpu-cl2
S=fixed-layered-oms,posterior=8 D=fixed-layered-oms N=dvbs2-normal-1/2 H=dvbs2-short-1/2
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,driver_version --format=csv
t() { echo "== $1"; s=$SECONDS; timeout "$2" "$B/$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|skipped|ERROR"; echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
h() { echo "\$ LDPC_CL_PROFILE=1 $*"; LDPC_CL_PROFILE=1 timeout 30 "$@"; }
echo "## exactness (NVIDIA): the new kernel"
t test_opencl_saturated 60
echo "## throughput, same run: new = this build, packed = HEAD c2ce5bf, 16-bit = default decoder"
for rep in 1 2; do
  h $B/saturated_gpu_bench $H $S 16384 20 5
  h $B/head/saturated_gpu_bench $H $S 16384 20 5
  h $B/saturated_gpu_bench $H $D 16384 20 5
  h $B/saturated_gpu_bench $N $S 4096 20 5
  h $B/head/saturated_gpu_bench $N $S 4096 20 5
  h $B/saturated_gpu_bench $N $D 4096 20 5
done
echo "## exactness (NVIDIA): the 16-bit designs and tables (shared host code)"
t test_opencl_exact 45
t test_opencl_tables 15
t test_opencl_fallback 15
