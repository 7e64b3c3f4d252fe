#!/bin/bash
# Round 13, run F: the candidate build (.device/v9: circulant kernel with atomics only on
# shared blocks, auto's rule of cl_batch_plan.c) against the same binary with
# LDPC_CL_LATENCY_TABLES=slots (the kernels "auto" chose before round 13); test_opencl_exact
# through NVIDIA's driver first; the CPU backend (16 threads) as baseline where marked.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
echo "== test_opencl_exact (v9)"; timeout 200 .device/v9/test_opencl_exact 2>&1 | grep -E "OK|FAIL|PASS|SKIP"
b() { echo "== $*"; timeout 120 .device/v9/ldpc bench --backend opencl --seconds 2 "$@" 2>&1 | grep -E "^opencl|^cpu|^auto|kernels|^backend" | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-330; }
for tables in auto slots; do
  export LDPC_CL_LATENCY_TABLES=$tables; echo "##### tables $tables"
  LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations 20 --batch 8192 --baseline none
  b --code dvbs2-normal-3/4 --iterations 20 --batch 8192 --baseline none
  b --code dvbs2-normal-5/6 --iterations 20 --batch 8192 --baseline none
  b --code dvbs2-short-3/5 --iterations 20 --batch 32768 --baseline none
  b --code dvbs2-normal-1/2 --iterations 20 --batch 1 --baseline none
  b --code dvbs2-normal-5/6 --iterations 20 --batch 1 --baseline none
  b --code dvbs2-short-3/5 --iterations 20 --batch 1 --baseline none
done
export LDPC_CL_LATENCY_TABLES=auto; echo "##### auto against the CPU backend"
LDPC_CL_PROFILE=1 b --code dvbs2-normal-3/4 --iterations 20 --batch 8192 --threads 16 --baseline auto
LDPC_CL_PROFILE=1 b --code dvbs2-normal-3/4 --iterations 50 --batch 8192 --threads 16 --baseline auto
