#!/bin/bash
# Round 12, run 5: what NVIDIA's OpenCL makes of the layer barriers, and a timing-only variant.
# Binary .device/v3/ldpc = ab90603 (Release). Kernel directories (LDPC_CL_KERNEL_DIR):
#   base        kernels/ at ab90603
#   localfence  22_layered_latency.cl's two layer barriers with CLK_LOCAL_MEM_FENCE instead of
#               CLK_GLOBAL_MEM_FENCE (not what OpenCL 1.2 guarantees for global memory)
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v LDPC_CL_KERNEL_DIR=.device/kv2/$v timeout 100 .device/v3/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in base localfence; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
  done
done
echo "### the program binaries (PTX): barriers and fences of the latency kernels"
for v in base localfence; do
  f=$(ls /tmp/cl-$v/*.clbin | head -1); cp "$f" "$OUT/$v.ptx.bin"
  echo "-- $v: $(wc -c < "$f") bytes"
  strings "$f" | awk '/entry layered_latency_d8\(/{p=1} p&&/^}/{exit} p' | grep -nE "membar|bar\.sync|barrier|fence" | head -12
done
