#!/bin/bash
# Round 16, run M: run F on the H200 that run L came on (the machine), NOT
# profiled (run E showed LDPC_CL_PROFILE=1, which runs C and D had on, costs the pipelined calls
# 7-14 %); .device/q6 = 5afea89 (bench timing decode calls only). Two repetitions.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv
f() { echo "== $*"; timeout 150 .device/q6/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -vE "^\s*$|^ldpc bench:|^code |^decoder |^frames |^setup " | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
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
