#!/bin/bash
# Round 13, run H: run G's build (.device/v10, with latency_iteration_end) against run F's
# (.device/v9, without), alternating on one machine: is run G's slower kernel time the build
# or the machine?
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
b() { v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl +[0-9]|kernels" | sed 's/.*per call:/per call:/' | cut -c1-200; }
for round in 1 2; do
  for v in v9 v10; do
    LDPC_CL_PROFILE=1 b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-normal-5/6 --iterations 20 --batch 8192
  done
done
