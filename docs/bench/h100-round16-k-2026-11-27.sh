#!/bin/bash
# Round 16, run K: the pair kernel without next_word: the next layer's slot words load into the
# first check's registers after the layer's writes (in flight across the closing barrier) instead
# of before the mid-layer barrier, so that they are not live in the write phase (run I's peak).
# .device/k5/kernels (kernel directory) against the committed kernel in the same binary
# (.device/q5 = 710707d); alternating, two rounds; registers.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
b() { v=$1; shift; echo "== $v $*"
  if [ $v = base ]; then unset LDPC_CL_KERNEL_DIR; else export LDPC_CL_KERNEL_DIR=.device/$v/kernels; fi
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/q5/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback|rror" | sed -E 's/.*(in pairs of frames [0-9]+).*/  \1/'; }
for round in 1 2; do
  for v in base k5; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1056
  done
done
for v in base k5; do b $v --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.1 --batch 4096; done
cd .device/tab
for v in base k5; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$v: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers')"
done
