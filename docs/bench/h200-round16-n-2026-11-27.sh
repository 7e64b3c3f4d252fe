#!/bin/bash
# Round 16, run N (review): the pair kernel with its message computation in one helper
# (pair_new_message, shared by pair_write's two loops) and posterior_biased in the setup
# kernel, .device/q7, against the committed kernels (.device/k6/kernels, 6bdc394) in the same
# binary; alternating, two rounds; registers; test_opencl_exact of q7 through NVIDIA's driver.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
LDPC_CL_CACHE_DIR=/tmp/cl-new timeout 240 .device/q7/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"
  if [ $v = old ]; then export LDPC_CL_KERNEL_DIR=.device/k6/kernels; else unset LDPC_CL_KERNEL_DIR; fi
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/q7/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |fallback|rror" | grep -v 'on device'; }
for round in 1 2; do
  for v in old new; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
cd .device/tab
for v in old new; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$v: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers'), $(cuobjdump -sass r.cubin | grep -cE '/\*[0-9a-f]{4}\*/') SASS instructions"
done
