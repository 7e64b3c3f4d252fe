#!/bin/bash
# Round 17, run C: the pair kernel's phase 2 without the frozen halves' bitselect while neither
# frame of the pair is frozen (a uniform branch outside the slot loop; every layer at fixed
# iterations), against the committed kernel: one binary (.device/r17), the kernels from
# directories (.device/k17base: committed, .device/k17c: the change), alternating, three rounds;
# test_opencl_exact through NVIDIA's driver with the change; registers and SASS size of both.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
echo "== test_opencl_exact (k17c)"
LDPC_CL_KERNEL_DIR=.device/k17c/kernels LDPC_CL_CACHE_DIR=/tmp/cl-test timeout 250 .device/r17/test_opencl_exact 2>&1 | grep -E "PASSED|FAILED|rror" | head
b() { v=$1; shift; echo "== $v $*"
  LDPC_CL_KERNEL_DIR=.device/$v/kernels LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/r17/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl  |fallback|rror"; }
for round in 1 2 3; do
  for v in k17base k17c; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
for v in k17base k17c; do
  b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
  b $v --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.1 --batch 4096
done
cd .device/tab
for v in k17base k17c; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers' | sed "s/^/$v: /"
  echo "$v SASS instructions: $(cuobjdump -sass r.cubin 2>/dev/null | grep -cE '^\s+/\*[0-9a-f]{4}\*/')"
done
