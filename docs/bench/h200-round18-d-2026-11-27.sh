#!/usr/bin/env bash
# Round 18 run D: the pair kernel of bound 16 in small passes (2, 4, 8 frames
# per compute unit on the H200's 132), against the one-frame circulant kernel
# (LDPC_CL_LATENCY_PAIRS=single), alternating; 20 iterations.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl-p16
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for code in dvbs2-normal-3/4 dvbs2-normal-2/3 dvbs2-short-3/4; do
  for batch in 264 528 1056; do
    for r in 1 2; do
      for pairs in pairs single; do
        v=$(LDPC_CL_LATENCY_PAIRS=$pairs timeout 60 .device/p16/ldpc bench --backend opencl --code $code --batch $batch --seconds 1 --baseline none 2>&1 | grep -E '^opencl ' | head -1 | awk '{print $4}')
        echo "$code $batch $pairs round $r: $v Mb/s"
      done
    done
  done
done
