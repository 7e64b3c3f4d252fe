#!/bin/bash
# Round 17, run I: pipelined calls with the first and last pass half the size of the others
# (.device/graded: passes of 2048 / 4096 / 2048 normal frames instead of 3 x 2731) against
# equal passes (.device/r17: the kernels are the same), alternating, two rounds, 20 iterations.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
b() { v=$1; shift; echo "== $v $*"
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 60 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl  |fallback|rror"; }
for round in 1 2; do
  for v in r17 graded; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
# Then, on the warm machine, one command for 50 iterations (output appended to the .txt):
# for c in "dvbs2-normal-1/2 --batch 8192" "dvbs2-short-1/2 --batch 32768"; do for v in r17 graded; do
#   LDPC_CL_CACHE_DIR=/tmp/cl-$v .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none \
#     --code $c --iterations 50; done; done
