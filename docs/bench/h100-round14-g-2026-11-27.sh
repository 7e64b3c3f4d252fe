#!/bin/bash
# Issue 4's figures with round 14's build (11c4fb0's code; later commits are docs only),
# run G:  OpenCL throughput at 20 and 50 iterations for DVB-S2 normal and short frames, the time
# split between kernels and transfers (LDPC_CL_PROFILE=1), the CPU backend in the same run as
# each line's baseline (16 threads), one-frame latency (layered latency design; flooding spread),
# and the table upload. Binary .device/h2/ldpc (Release). Ran on whichever card came (see the nvidia-smi line).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { echo "== $*"; timeout 150 .device/h2/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -vE "^\s*$" | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for it in 20 50; do
  LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  b --code $code --iterations 20 --batch 1 --baseline none
  b --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms
done
