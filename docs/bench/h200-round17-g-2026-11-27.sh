#!/bin/bash
# Round 17, run G: the pair kernel's magnitudes from U without the clamp to V (M = min(max(U,
# 65536 - U), 32768 + 127) - 32640, the sign from bit 15 of U: one operation fewer per slot and
# phase, on the ALU pipe that run F found busiest) against the committed kernel; one binary
# (.device/r17, c9bbabe) with the kernels from directories, alternating, three rounds;
# test_opencl_exact with each kernel embedded, through NVIDIA's driver; registers, SASS size.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
for v in base vg; do
  echo "== test_opencl_exact k17$v: $(LDPC_CL_CACHE_DIR=/tmp/cl-test-$v timeout 200 .device/k17$v/test 2>&1 | grep -E "PASSED|FAILED" | tr '\n' ' ')"
done
b() { v=$1; shift; echo "== $v $*"
  LDPC_CL_KERNEL_DIR=.device/$v/kernels LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/r17/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl  |fallback|rror"; }
for round in 1 2 3; do
  for v in k17base k17vg; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
cd .device/tab
for v in k17base k17vg; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers' | sed "s/^/$v: /"
  echo "$v SASS instructions: $(cuobjdump -sass r.cubin 2>/dev/null | grep -cE '^\s+/\*[0-9a-f]{4}\*/')"
done
