#!/bin/bash
# Round 16, run H: the pair kernel with one round trip fewer per layer without shared variables
# (a work-item reads and writes its checks without waiting for the others; its second check's slot
# words load with the first check's inputs), .device/q4, against the committed kernels
# (.device/k2/kernels, c5ea458) from a kernel directory in the same binary; alternating, two
# rounds; test_opencl_exact of q4 through NVIDIA's driver; registers of both.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
LDPC_CL_CACHE_DIR=/tmp/cl-new timeout 240 .device/q4/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"
  if [ $v = old ]; then export LDPC_CL_KERNEL_DIR=.device/k2/kernels; else unset LDPC_CL_KERNEL_DIR; fi
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/q4/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback|rror" | sed -E 's/.*(in pairs of frames [0-9]+).*/  \1/'; }
for round in 1 2; do
  for v in old new; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1056
  done
done
for v in old new; do b $v --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.1 --batch 4096; done
cd .device/tab
for v in old new; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$v: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers')"
done
