#!/bin/bash
# Issue 4: host copy threads at throughput (LDPC_CL_COPY_THREADS), H100 host. Writes $OUT/run.txt.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
L=build-dev/after/ldpc # built from cf0bbe0
b() { echo "== $*"; LDPC_CL_PROFILE=1 timeout 120 $L bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl"; }
for rep in 1 2; do
  for T in 4 8 16; do
    LDPC_CL_COPY_THREADS=$T b --code dvbs2-short-1/2 --iterations 20 --batch 16384
    LDPC_CL_COPY_THREADS=$T b --code dvbs2-normal-1/2 --iterations 20 --batch 4096
  done
done
