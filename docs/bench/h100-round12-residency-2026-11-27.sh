#!/bin/bash
# Round 12, run 8: how many latency groups an SM runs at once. Normal 1/2 frames per call in
# multiples of the H100's 132 SMs: if a call of 2 x 132 frames takes twice a call of 132, one
# group (frame) per SM runs at a time. Binary .device/v3/ldpc = ab90603 (Release).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for rep in 1 2; do
  for batch in 1 66 132 264 396 528 1056; do
    echo "== batch $batch"
    LDPC_CL_PROFILE=1 timeout 100 .device/v3/ldpc bench --backend opencl --baseline none --seconds 2 --code dvbs2-normal-1/2 --iterations 20 --batch $batch 2>&1 | grep -E "^opencl" | head -2 | sed 's/(NVIDIA CUDA), on device; device passes by design.*per call:/ per call:/'
  done
done
