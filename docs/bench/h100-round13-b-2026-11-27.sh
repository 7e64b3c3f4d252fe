#!/bin/bash
# Round 13, run B: why the circulant kernel of run A is slower. Its PTX (NVIDIA's program
# binary from the cache) for run A's kernel (k7) and for k8 (the posterior positions kept
# from phase 1 to phase 2, the circulant size a constant), and k8 timed against the slot
# tables. Binary .device/v7/ldpc; kernels through LDPC_CL_KERNEL_DIR (timing only).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
b() { echo "== $*"; timeout 100 .device/v7/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl|kernels" | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for v in k7 k8; do
  LDPC_CL_KERNEL_DIR=.device/$v LDPC_CL_CACHE_DIR=/tmp/cl-$v LDPC_CL_LATENCY_TABLES=circulants b --code dvbs2-normal-1/2 --iterations 20 --batch 1
  cp /tmp/cl-$v/*.clbin "$OUT/$v.ptx"
done
for round in 1 2; do
  LDPC_CL_CACHE_DIR=/tmp/cl-k7 LDPC_CL_KERNEL_DIR=.device/k7 LDPC_CL_LATENCY_TABLES=slots LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations 20 --batch 8192
  LDPC_CL_CACHE_DIR=/tmp/cl-k8 LDPC_CL_KERNEL_DIR=.device/k8 LDPC_CL_LATENCY_TABLES=circulants LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations 20 --batch 8192
  LDPC_CL_CACHE_DIR=/tmp/cl-k7 LDPC_CL_KERNEL_DIR=.device/k7 LDPC_CL_LATENCY_TABLES=slots b --code dvbs2-normal-1/2 --iterations 20 --batch 1
  LDPC_CL_CACHE_DIR=/tmp/cl-k8 LDPC_CL_KERNEL_DIR=.device/k8 LDPC_CL_LATENCY_TABLES=circulants b --code dvbs2-normal-1/2 --iterations 20 --batch 1
  LDPC_CL_CACHE_DIR=/tmp/cl-k8 LDPC_CL_KERNEL_DIR=.device/k8 LDPC_CL_LATENCY_TABLES=circulants b --code dvbs2-short-1/2 --iterations 20 --batch 32768
done
