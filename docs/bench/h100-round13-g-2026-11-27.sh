#!/bin/bash
# Round 13, run G: the session's final build (.device/v10, HEAD after the iteration-end helper
# shared by the latency kernels): test_opencl_exact through NVIDIA's driver, and the headline
# cases with the CPU backend (16 threads) as each line's baseline.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "== test_opencl_exact (v10)"; timeout 200 .device/v10/test_opencl_exact 2>&1 | grep -E "OK|FAIL|PASS|SKIP"
b() { echo "== $*"; timeout 150 .device/v10/ldpc bench --backend opencl --seconds 2 "$@" 2>&1 | grep -E "^opencl|^auto|kernels|table upload" | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-330; }
LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations 20 --batch 8192 --threads 16 --baseline auto
LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations 20 --batch 32768 --threads 16 --baseline auto
LDPC_CL_PROFILE=1 b --code dvbs2-normal-5/6 --iterations 20 --batch 8192 --threads 16 --baseline auto
b --code dvbs2-normal-1/2 --iterations 20 --batch 1 --baseline none
b --code dvbs2-short-1/2 --iterations 20 --batch 1 --baseline none
