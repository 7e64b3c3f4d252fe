#!/bin/bash
# Round 16, run A: the one-frame latency kernels (22 global posteriors, 23 local posteriors,
# 24 circulant tables) addressing posteriors and slot words as a base plus a 32-bit byte offset
# (WORD_AT / HALF_AT, 00_fixed_point.cl), as the pair kernel has since round 15's run H.
# One binary (.device/q1, the new build); the old kernels (HEAD 706d190) from a kernel directory
# (.device/q0/kernels, LDPC_CL_KERNEL_DIR). Alternating, two rounds. Then auto's pair threshold
# re-measured with the 79-register pair kernel (LDPC_CL_LATENCY_PAIRS=pairs|single) at calls of
# 1056 and 2112 frames. test_opencl_exact of q1 through NVIDIA's driver; registers of the kernels.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
LDPC_CL_CACHE_DIR=/tmp/cl-new timeout 240 .device/q1/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"
  if [ $v = old ]; then export LDPC_CL_KERNEL_DIR=.device/q0/kernels; else unset LDPC_CL_KERNEL_DIR; fi
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/q1/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*(in pairs of frames [0-9]+).*/  \1/'; }
for round in 1 2; do
  for v in old new; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 1
    LDPC_CL_LATENCY_PAIRS=single b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    LDPC_CL_LATENCY_PAIRS=single b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
unset LDPC_CL_KERNEL_DIR
for round in 1 2; do
  for p in single pairs; do
    for c in "dvbs2-normal-1/2 --batch 1056" "dvbs2-short-1/2 --batch 1056" "dvbs2-normal-1/2 --batch 2112" "dvbs2-short-1/2 --batch 264"; do
      LDPC_CL_LATENCY_PAIRS=$p b new --iterations 20 --code $c
    done
  done
done
cd .device/tab
for v in old new; do
  python3 cuda_ptx.py $(ls -S /tmp/cl-$v/*.clbin | head -1) r.ptx layered_latency_d8 layered_latency_local_d8 layered_circulant_d8 layered_latency_pairs_d8
  echo "$v:"; ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "Compiling entry|Used [0-9]+ registers" | sed -E 's/.*entry function .(\w+).*/\1/; s/.*(Used [0-9]+ registers).*/  \1/'
done
