#!/bin/bash
# Round 16, run E: a timing prototype of four frames per work-group (two pairs per group, the
# pair kernel's arithmetic twice per slot word; kernel directory .device/k1/kernels, its
# 28_layered_latency_pairs.cl replaced; frames % 4 == 0 only) against the committed pair kernel,
# same binary (.device/q3), LDPC_CL_LATENCY_PAIRS=pairs, alternating, two rounds; early
# termination cases to compare average iterations and FER; registers of both.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_LATENCY_PAIRS=pairs PATH=/usr/local/cuda/bin:$PATH
b() { v=$1; shift; echo "== $v $*"
  if [ $v = quads ]; then export LDPC_CL_KERNEL_DIR=.device/k1/kernels; else unset LDPC_CL_KERNEL_DIR; fi
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/q3/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback|rror" | sed -E 's/.*(in pairs of frames [0-9]+).*/  \1/'; }
for round in 1 2; do
  for v in pairs quads; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 2112
  done
done
for v in pairs quads; do
  b $v --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.1 --batch 4096
  b $v --code dvbs2-normal-1/2 --max-iter 30 --ebn0 1.0 --batch 4096
done
cd .device/tab
for v in pairs quads; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$v: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers')"
done
