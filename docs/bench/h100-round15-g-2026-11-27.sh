#!/bin/bash
# Round 15, run G: HEAD's build (.device/p6, Release) through NVIDIA's driver (test_opencl_exact),
# and smaller pipelined passes (LDPC_CL_PIPELINE_FRAMES 1584 / 1056 against the default 2112 =
# 16 per compute unit): with the pair kernel from 12 frames per unit, more passes could hide more
# of a call's first upload and last read-back (normal 1/2, 8192 frames; short calls of 32768 already
# go in the most passes, 8). Alternating, two rounds, kernel/transfer split.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
timeout 200 .device/p6/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { f=$1; shift; echo "== pipeline $f $*"; LDPC_CL_PIPELINE_FRAMES=$f LDPC_CL_PROFILE=1 timeout 100 .device/p6/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*(in pairs of frames [0-9]+).*(pipelined.*)/  \1; \2/' | cut -c1-190; }
for round in 1 2; do
  for f in 0 1584 1056; do
    b $f --code dvbs2-normal-1/2 --iterations 20 --batch 8192
  done
done
