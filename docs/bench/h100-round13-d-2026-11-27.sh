#!/bin/bash
# Round 13, run D: circulant kernel prototypes (timing only, LDPC_CL_KERNEL_DIR; binary
# .device/v7/ldpc) against the production slot kernel (k7 slots; short frames: k7 auto, local
# posteriors). k9 = run C's circulant kernel; k10 = k9 with atomics only on the block edges
# whose block the layer reaches twice (flags computed in the kernel at start); k11 = k10
# with the barrier between a layer's reads and writes only in layers that share a variable.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
b() { echo "== $*"; timeout 100 .device/v7/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl|kernels" | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-330; }
k() { v=$1; t=$2; shift 2; echo "## kernels $v tables $t"; LDPC_CL_KERNEL_DIR=.device/$v LDPC_CL_CACHE_DIR=/tmp/cl-$v LDPC_CL_LATENCY_TABLES=$t b "$@"; }
for round in 1 2; do
  for vt in "k7 slots" "k9 circulants" "k10 circulants" "k11 circulants"; do
    LDPC_CL_PROFILE=1 k $vt --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    k $vt --code dvbs2-normal-5/6 --iterations 20 --batch 8192
    k $vt --code dvbs2-normal-1/2 --iterations 20 --batch 1
  done
  for vt in "k7 auto" "k11 circulants"; do k $vt --code dvbs2-short-1/2 --iterations 20 --batch 32768; done
done
