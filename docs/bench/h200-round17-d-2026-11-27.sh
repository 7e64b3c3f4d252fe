#!/bin/bash
# Round 17, run D: three further pair-kernel variants against the committed one (c9bbabe, run C's
# change): vd = the old message words not kept through the barrier (read again in the rare
# sharing or frozen cases), vf = fewer operations per slot (the sign bytes by prmt's sign
# replication, the posterior's spread from the message halves before packing), ve = both.
# One binary (.device/r17, c9bbabe) with the kernels from directories, alternating, two rounds;
# test_opencl_exact built with each variant's kernel embedded (.device/k17*/test), through
# NVIDIA's driver; registers and SASS size.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
for v in base vd ve vf; do
  echo "== test_opencl_exact k17$v: $(LDPC_CL_CACHE_DIR=/tmp/cl-test-$v timeout 200 .device/k17$v/test 2>&1 | grep -E "PASSED|FAILED" | tr '\n' ' ')"
done
b() { v=$1; shift; echo "== $v $*"
  LDPC_CL_KERNEL_DIR=.device/$v/kernels LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/r17/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl  |fallback|rror"; }
for round in 1 2; do
  for v in k17base k17vd k17ve k17vf; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
cd .device/tab
for v in k17base k17vd k17ve k17vf; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers' | sed "s/^/$v: /"
  echo "$v SASS instructions: $(cuobjdump -sass r.cubin 2>/dev/null | grep -cE '^\s+/\*[0-9a-f]{4}\*/')"
done
