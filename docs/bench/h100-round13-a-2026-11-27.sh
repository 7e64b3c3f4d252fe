#!/bin/bash
# Round 13, run A: the circulant tables (kernels/24_layered_circulant.cl) against the slot tables
# (kernels/22_layered_latency.cl) in one binary (.device/v7/ldpc, Release), alternating by
# LDPC_CL_LATENCY_TABLES; test_opencl_exact through NVIDIA's driver first.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "== test_opencl_exact"; timeout 240 .device/v7/test_opencl_exact 2>&1 | tail -25
b() { echo "== $*"; timeout 100 .device/v7/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -vE "^\s*$" | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for tables in slots circulants slots circulants; do
  export LDPC_CL_LATENCY_TABLES=$tables
  LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations 20 --batch 8192
  b --code dvbs2-short-1/2 --iterations 20 --batch 32768
  b --code dvbs2-normal-3/4 --iterations 20 --batch 8192
  b --code dvbs2-normal-5/6 --iterations 20 --batch 8192
  b --code dvbs2-normal-1/2 --iterations 20 --batch 1
  b --code dvbs2-short-1/2 --iterations 20 --batch 1
done
