#!/bin/bash
# Round 17, run A (on an H200): the pair kernel with check records (two 32-bit words per check and pair of
# frames: sent magnitudes rule(min1), rule(min2); per slot sign and got-min2 bits) in place of a
# 16-bit message word per slot, against the committed kernel (.device/old, HEAD b6aa57c),
# alternating, two rounds; test_opencl_exact through NVIDIA's driver; registers of both.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
echo "== test_opencl_exact (new)"
LDPC_CL_CACHE_DIR=/tmp/cl-test timeout 250 .device/new/test_opencl_exact 2>&1 | grep -E "PASSED|FAILED|SKIPPED|rror" | head
b() { v=$1; shift; echo "== $v $*"
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |fallback|rror"; }
for round in 1 2; do
  for v in old new; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 2112
  done
done
for v in old new; do
  b $v --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.1 --batch 4096
done
cd .device/tab
for v in old new; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$v: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers')"
done
