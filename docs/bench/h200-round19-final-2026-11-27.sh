#!/usr/bin/env bash
# Issue 4's figures with round 19's final build (10397a8, .device/r19d/ldpc):
# OpenCL throughput at 20 and 50 iterations, DVB-S2 normal and short 1/2,
# with the 16-thread CPU backend in the same run as each line's baseline;
# the same with LDPC_CL_PROFILE=1 for the split between kernels and
# transfers; one frame, layered and flooding; the table upload.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c-final
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
b() { echo "-- $*"; timeout 150 .device/r19d/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -E '^(opencl|avx|decoder|machine) ' | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for it in 20 50; do
  b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  b --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for it in 20 50; do
  LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --baseline none
  LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations $it --batch 32768 --baseline none
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  b --code $code --iterations 20 --batch 1 --baseline none
  b --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms
done
