#!/bin/bash
# Round 13, run C: loads issued unconditionally (k9: the circulant kernel, and the slot
# kernel's posterior loads in latency_read, addresses made safe by a select) against run A's
# kernels (k7), timing only through LDPC_CL_KERNEL_DIR; binary .device/v7/ldpc. PTX of k9 kept.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
b() { echo "== $*"; timeout 100 .device/v7/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl|kernels" | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-330; }
k() { v=$1; t=$2; shift 2; echo "## kernels $v tables $t"; LDPC_CL_KERNEL_DIR=.device/$v LDPC_CL_CACHE_DIR=/tmp/cl-$v LDPC_CL_LATENCY_TABLES=$t b "$@"; }
k k9 circulants --code dvbs2-short-1/2 --batch 1
cp /tmp/cl-k9/*.clbin "$OUT/k9.ptx"
for round in 1 2; do
  for vt in "k7 slots" "k9 slots" "k9 circulants"; do
    LDPC_CL_PROFILE=1 k $vt --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    k $vt --code dvbs2-normal-1/2 --iterations 20 --batch 1
  done
  for vt in "k7 auto" "k9 circulants"; do k $vt --code dvbs2-short-1/2 --iterations 20 --batch 32768; done
  for vt in "k7 slots" "k9 slots" "k9 circulants"; do k $vt --code dvbs2-normal-5/6 --iterations 20 --batch 8192; done
done
