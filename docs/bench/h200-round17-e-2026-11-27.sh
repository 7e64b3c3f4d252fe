#!/bin/bash
# Round 17, run E: issue 4's figures with round 17's kernel (.device/r17 = c9bbabe), on an H200, not
# profiled, the 16-thread CPU backend in the same run; two repetitions; then one profiled call
# of each size for the split between kernels and transfers (LDPC_CL_PROFILE=1).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv
f() { echo "== $*"; timeout 150 .device/r17/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -vE "^\s*$|^ldpc bench:|^code |^decoder |^frames |^setup " | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for it in 20 50; do
    f --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
    f --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
  done
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  f --code $code --iterations 20 --batch 1 --baseline none | grep '^opencl  '
  f --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms | grep '^opencl  '
done
for code in "dvbs2-normal-1/2 --batch 8192" "dvbs2-short-1/2 --batch 32768"; do
  LDPC_CL_PROFILE=1 f --code $code --iterations 20 --baseline none | grep -E "^opencl"
done
