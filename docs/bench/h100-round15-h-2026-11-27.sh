#!/bin/bash
# Round 15, run H: the pair kernel addressing its posteriors, messages and slot words as a base
# plus a 32-bit byte offset (PAIR_WORD / PAIR_MESSAGE), .device/p7, against run G's build
# (.device/p6, 64-bit index arithmetic), both with auto (pairs); alternating, two rounds;
# test_opencl_exact of p7 through NVIDIA's driver; registers and SASS size of both pair kernels.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
LDPC_CL_CACHE_DIR=/tmp/cl-p7 timeout 200 .device/p7/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*(in pairs of frames [0-9]+).*/  \1/' | cut -c1-150; }
for round in 1 2; do
  for v in p6 p7; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
  done
done
cd .device/tab
for v in p6 p7; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$v: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers'), $(cuobjdump -sass r.cubin | grep -cE '/\*[0-9a-f]{4}\*/') SASS instructions"
done
