#!/bin/bash
# Round 15, run E: auto's pair rule per pass (12 frames per compute unit; run D's 32 never held:
# 8192-frame calls go in pipelined passes of about 2048). .device/p5 (Release). Auto against
# LDPC_CL_LATENCY_PAIRS=single, alternating, two rounds; then issue 4's figures with the CPU
# backend (16 threads) in the same run; one frame per call. test_opencl_exact through NVIDIA's driver.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
timeout 200 .device/p5/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"; LDPC_CL_LATENCY_PAIRS=$v timeout 100 .device/p5/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*with local posteriors ([0-9]+).*(in pairs of frames [0-9]+).*/  local \1, \2/' | cut -c1-150; }
for round in 1 2; do
  for v in auto single; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 2112
  done
done
echo "#### issue 4 figures: auto, CPU backend (16 threads) as baseline"
f() { echo "== $*"; LDPC_CL_PROFILE=1 timeout 150 .device/p5/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -vE "^\s*$|^ldpc bench:|^code |^frames |^decoder |^setup " | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-330; }
for it in 20 50; do
  f --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  f --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do f --code $code --iterations 20 --batch 1 --baseline none; done
