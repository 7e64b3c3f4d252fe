#!/bin/bash
# Round 9, run 2: held 1 against 2 at small batches and 50 it; group sizes; registers.
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
  timeout 120 $D/cl_kernel_info $k "-cl-std=CL1.2 -cl-nv-verbose" > $OUT/kernel-info-h$h.txt 2>&1
  echo "### held $h"; grep -E "latency" $OUT/kernel-info-h$h.txt | head -8
  grep -E "Compiling entry|Used [0-9]+ reg" $OUT/kernel-info-h$h.txt | grep -A1 "latency" | head -16
done
b() { local h=$1; shift; local k=build-dev/kh$h; [ $h = 2 ] && k=kernels
  echo "== held $h $*"; LDPC_CL_KERNEL_DIR=$k LDPC_CL_PROFILE=1 timeout 150 $L bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for batch in 1 16 132 1024; do
    for h in 2 1; do b $h --code dvbs2-short-1/2 --iterations 20 --batch $batch; b $h --code dvbs2-normal-1/2 --iterations 20 --batch $batch; done
  done
done
for h in 2 1; do
  b $h --code dvbs2-short-1/2 --iterations 50 --batch 32768
  b $h --code dvbs2-normal-1/2 --iterations 50 --batch 8192
  b $h --code dvbs2-normal-1/2 --iterations 20 --batch 16384
  LDPC_CL_LATENCY_POSTERIORS=global b $h --code dvbs2-short-1/2 --iterations 20 --batch 32768
  b $h --code dvbs2-short-3/5 --iterations 20 --batch 32768
  b $h --code dvbs2-normal-9/10 --iterations 20 --batch 8192
done
for g in 120 90; do
  LDPC_CL_WORK_GROUP_SIZE=$g b 1 --code dvbs2-short-1/2 --iterations 20 --batch 32768
  LDPC_CL_WORK_GROUP_SIZE=$g b 1 --code dvbs2-normal-1/2 --iterations 20 --batch 8192
done
echo "### exactness, held 1, NVIDIA"
LDPC_CL_KERNEL_DIR=build-dev/kh1 timeout 200 $D/new/test_opencl_exact 2>&1 | tail -6
