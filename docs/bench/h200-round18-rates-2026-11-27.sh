#!/usr/bin/env bash
# Every DVB-S2 rate through OpenCL on the GPU machine, 20 fixed iterations,
# the default decoder, auto's design (round 18's build).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c18
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for size in normal short; do
  batch=8192; [ $size = short ] && batch=32768
  for rate in 1/4 1/3 2/5 1/2 3/5 2/3 3/4 4/5 5/6 8/9 9/10; do
    code=dvbs2-$size-$rate
    out=$(timeout 60 .device/r18/ldpc bench --backend opencl --code $code --batch $batch --seconds 1 --baseline none 2>&1)
    line=$(echo "$out" | grep -E '^opencl ' | head -1)
    design=$(echo "$out" | grep -oE 'latency/group/item/spread [0-9/]+ \(latency with local posteriors [0-9]+, with circulant tables [0-9]+, in pairs of frames [0-9]+\)' | head -1)
    echo "$code $batch | $line | $design"
  done
done
