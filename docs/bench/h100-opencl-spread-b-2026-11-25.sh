#!/bin/bash
# Run from the repository root on the GPU machine after prepare.sh. build-dev/new: 5b3a5b6 with the
# spread limit at 128 frames (one work-group of frame_statistics per frame); build-dev/spread2: 19a0137.
# Issue 4, run 2: the spread design with the spread statistics kernel (profile on/off, 40 it),
# the layered latency design beside; then the 64-bit-offset build at large item batches.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
b() { L=$1; shift; echo "== $L $*"; timeout 120 build-dev/$L/ldpc bench --backend opencl --baseline none --seconds 1 "$@" 2>&1 | grep -E "^opencl"; }
p() { L=$1; shift; echo "== profiled $L $*"; LDPC_CL_PROFILE=1 timeout 120 build-dev/$L/ldpc bench --backend opencl --baseline none --seconds 1 "$@" 2>&1 | grep -E "^opencl"; }
echo "### exactness (spread2 build)"
timeout 300 build-dev/spread2/test_opencl_exact 2>&1 | tail -4
for rep in 1 2; do
  for L in new spread2; do
    for it in 20 40; do
      b $L --decoder fixed-flooding-oms --code dvbs2-normal-1/2 --iterations $it --batch 1
      p $L --decoder fixed-flooding-oms --code dvbs2-normal-1/2 --iterations $it --batch 1
    done
    b $L --decoder fixed-flooding-oms --code dvbs2-short-1/2 --iterations 20 --batch 1
    b $L --code dvbs2-normal-1/2 --iterations 20 --batch 1
    p $L --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $L --code dvbs2-short-1/2 --iterations 20 --batch 1
    b $L --decoder fixed-flooding-oms --code dvbs2-normal-1/2 --max-iter 50 --ebn0 1.5 --batch 1
  done
done
echo "### spread work-group size (LDPC_CL_WORK_GROUP_SIZE; default NVIDIA item group 128)"
for g in 64 256 512; do
  LDPC_CL_WORK_GROUP_SIZE=$g p spread2 --decoder fixed-flooding-oms --code dvbs2-normal-1/2 --iterations 20 --batch 1
  LDPC_CL_WORK_GROUP_SIZE=$g p spread2 --decoder fixed-flooding-oms --code dvbs2-normal-1/2 --iterations 20 --batch 32
done
