#!/bin/bash
# Round 15, run F: the pair kernel in smaller groups (LDPC_CL_WORK_GROUP_SIZE 120 / 90: three /
# four checks per work-item, fewer warps per group so that more groups fit an SM at 87 registers)
# against the default 180; and the kernel / transfer split per call of issue 4's figures
# (LDPC_CL_PROFILE=1), which run E's output cut off. .device/p5 (592128a, Release).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { g=$1; shift; echo "== group $g $*"; LDPC_CL_WORK_GROUP_SIZE=$g timeout 100 .device/p5/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*(in pairs of frames [0-9]+).*(per call.*)/  \1; \2/' | cut -c1-150; }
for round in 1 2; do
  for g in 0 120 90; do
    b $g --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $g --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
for it in 20 50; do
  LDPC_CL_PROFILE=1 b 0 --code dvbs2-normal-1/2 --iterations $it --batch 8192
  LDPC_CL_PROFILE=1 b 0 --code dvbs2-short-1/2 --iterations $it --batch 32768
done
