#!/bin/bash
# Round 13, run E: atomics only on shared variables in the slot kernel (.device/v8, the
# candidate build) against every change of a sharing layer atomic (.device/v7 with
# LDPC_CL_LATENCY_TABLES=slots: the same slot tables and block order), and the circulant
# prototype k10 (v7, LDPC_CL_KERNEL_DIR) beside them. test_opencl_exact (v8) through
# NVIDIA's driver first.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
echo "== test_opencl_exact (v8)"; LDPC_CL_CACHE_DIR=/tmp/cl-v8 timeout 200 .device/v8/test_opencl_exact 2>&1 | grep -E "OK|FAIL|PASS|SKIP"
b() { echo "== $*"; timeout 100 $bin bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl|kernels" | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-330; }
v7() { echo "## v7 slots (atomic layers)"; bin=.device/v7/ldpc LDPC_CL_CACHE_DIR=/tmp/cl-v7 LDPC_CL_LATENCY_TABLES=slots b "$@"; }
v8() { echo "## v8 (atomic shared variables)"; bin=.device/v8/ldpc LDPC_CL_CACHE_DIR=/tmp/cl-v8 b "$@"; }
k10() { echo "## v7 + k10 circulants"; bin=.device/v7/ldpc LDPC_CL_KERNEL_DIR=.device/k10 LDPC_CL_CACHE_DIR=/tmp/cl-k10 LDPC_CL_LATENCY_TABLES=circulants b "$@"; }
for round in 1 2; do
  for v in v7 v8 k10; do
    LDPC_CL_PROFILE=1 $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    $v --code dvbs2-normal-3/4 --iterations 20 --batch 8192
    $v --code dvbs2-normal-5/6 --iterations 20 --batch 8192
    $v --code dvbs2-short-3/5 --iterations 20 --batch 32768
    $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
  done
done
