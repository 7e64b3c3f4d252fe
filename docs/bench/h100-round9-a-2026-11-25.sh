#!/bin/bash
# Round 9 experiment: checks held in registers per work-item (2 = HEAD, 1, 0 = streamed through records).
# Builds: build-dev/r11/new = bd32524 with a compile-time LATENCY_HELD (default 2, identical kernels) in
# 22/23_layered_latency*.cl; build-dev/kh0, kh1 = those kernels with LATENCY_HELD 0 and 1 (that patch
# was an experiment, not kept: the committed form is one check in 22 only). Note: test_opencl_exact
# builds its decoders from an explicit config, so LDPC_CL_KERNEL_DIR does not reach it: its exactness
# lines below ran the embedded (held 2) kernels; run 3 checks the committed kernel.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
D=build-dev/r11
L=$D/new/ldpc
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for h in 2 1 0; do
  k=build-dev/kh$h; [ $h = 2 ] && k=kernels
  echo "### registers, held $h"
  timeout 120 $D/cl_kernel_info $k "-cl-std=CL1.2 -cl-nv-verbose" 2>&1 | grep -E "Compiling entry|Used [0-9]+ reg|spill" | grep -A2 "latency_d8\|latency_local_d8\|latency_d16'" | head -12
done
b() { local h=$1; shift; local k=build-dev/kh$h; [ $h = 2 ] && k=kernels
  echo "== held $h $*"; LDPC_CL_KERNEL_DIR=$k LDPC_CL_PROFILE=1 timeout 150 $L bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl|kernels|error|Error" | head -4; }
for rep in 1 2; do
  for h in 2 0 1; do b $h --code dvbs2-short-1/2 --iterations 20 --batch 32768; done
  for h in 2 0 1; do b $h --code dvbs2-normal-1/2 --iterations 20 --batch 8192; done
done
for g in 120 90 60; do
  LDPC_CL_WORK_GROUP_SIZE=$g b 0 --code dvbs2-short-1/2 --iterations 20 --batch 32768
  LDPC_CL_WORK_GROUP_SIZE=$g b 0 --code dvbs2-normal-1/2 --iterations 20 --batch 8192
done
for h in 2 0; do
  b $h --code dvbs2-short-1/2 --iterations 20 --batch 1
  b $h --code dvbs2-normal-1/2 --iterations 20 --batch 1
  b $h --code dvbs2-short-1/2 --iterations 50 --batch 32768
done
echo "### exactness, held 0, NVIDIA"
LDPC_CL_KERNEL_DIR=build-dev/kh0 timeout 200 $D/new/test_opencl_exact 2>&1 | tail -6
