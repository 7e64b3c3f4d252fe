#!/bin/bash
# Round 12, run 10: two frames per latency group sharing the slot words (timing-only prototype).
# Binary .device/v3/ldpc = ab90603 (Release). Kernel directories (LDPC_CL_KERNEL_DIR):
#   noatomic  kernels/ at ab90603 with every layer treated as sharing no variable (wrong on shared
#             variables; run 1's "noatomic")
#   pair      the same arithmetic, but group g decodes frames 2g and 2g + 1 with one set of slot
#             words (groups g >= frames / 2 exit at once); fixed iterations only, no syndrome
# Both wrong on shared variables in the same way, so their times compare.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_PROFILE=1 LDPC_CL_CACHE_DIR=/tmp/cl-$v LDPC_CL_KERNEL_DIR=.device/kv4/$v timeout 100 .device/v3/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -2 | sed 's/(NVIDIA CUDA), on device; device passes by design.*per call:/ per call:/'; }
for rep in 1 2; do
  for v in noatomic pair; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 264
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
    LDPC_CL_LATENCY_POSTERIORS=global b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
