#!/bin/bash
# Run from the repository root on the GPU machine after prepare.sh, with the build of 5b3a5b6
# (LDPC_OPENCL_SPREAD_MAX_FRAMES 128) in build-dev/new.
# Issue 4: the flooding spread design against the group design; layered one-frame latency beside.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
L=build-dev/new/ldpc
b() { echo "== $*"; LDPC_CL_PROFILE=1 timeout 120 $L bench --backend opencl --baseline none --seconds 1 "$@" 2>&1 | grep -E "^opencl"; }
echo "### exactness through NVIDIA's driver"
LDPC_CL_PLATFORM=NVIDIA timeout 300 build-dev/new/test_opencl_exact 2>&1 | tail -25
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for rep in 1 2; do
 for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  for it in 20 50; do
   for batch in 1 8 32 128; do
    b --decoder fixed-flooding-oms --code $code --iterations $it --batch $batch
    LDPC_CL_DESIGN=group b --decoder fixed-flooding-oms --code $code --iterations $it --batch $batch
   done
  done
  b --code $code --iterations 20 --batch 1
 done
done
echo "### early termination (max 50), Eb/N0 1.0 and 1.5"
for e in 1.0 1.5; do
  b --decoder fixed-flooding-oms --code dvbs2-normal-1/2 --max-iter 50 --ebn0 $e --batch 1
  LDPC_CL_DESIGN=group b --decoder fixed-flooding-oms --code dvbs2-normal-1/2 --max-iter 50 --ebn0 $e --batch 1
  b --code dvbs2-normal-1/2 --max-iter 50 --ebn0 $e --batch 1
done
