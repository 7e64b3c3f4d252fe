#!/bin/bash
# Round 12, run 7: register caps against the committed kernels. (The run also tried a small
# diagnostic, ptx_registers, that loads the cached PTX through the CUDA driver's JIT to read
# register counts; the driver refused the image (CUDA_ERROR_INVALID_IMAGE) and the tool was dropped.)
# Binary .device/v3/ldpc = ab90603 (Release).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { local v=$1; shift; echo "== cap ${v} $*"; LDPC_CL_MAX_REGISTERS=$v LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/v3/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
b 0 --code dvbs2-short-1/2 --iterations 20 --batch 64 >/dev/null
K="layered_latency_d8 layered_latency_d16 layered_latency_d32 layered_latency_local_d8 layered_latency_local_d16 layered_latency_local_d32 layered_item_d8 layered_group_per_frame flooding_spread"
for cap in 0 168 128 96; do echo "### JIT, max registers $cap"; .device/ptx_registers /tmp/cl-0/*.clbin $cap $K; done
for rep in 1 2; do
  for cap in 0 168 128; do
    b $cap --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $cap --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $cap --code dvbs2-normal-9/10 --iterations 20 --batch 8192
  done
done
