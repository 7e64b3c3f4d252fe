#!/bin/bash
# Round 17, run H: run G's kernel (magnitudes straight from U, 94 registers uncapped) under a
# program-wide register cap of 80 and 72 (LDPC_CL_MAX_REGISTERS; only the pair kernel runs in
# these calls) against the committed kernel uncapped; alternating, two rounds; spills.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
b() { v=$1; cap=$2; shift 2; echo "== $v cap=$cap $*"
  LDPC_CL_MAX_REGISTERS=$cap LDPC_CL_KERNEL_DIR=.device/$v/kernels LDPC_CL_CACHE_DIR=/tmp/cl-$v-$cap timeout 100 .device/r17/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl  |fallback|rror"; }
for round in 1 2; do
  for vc in "k17base 0" "k17vg 80" "k17vg 72"; do
    b $vc --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $vc --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
cd .device/tab
for vc in "k17base 0" "k17vg 80" "k17vg 72"; do
  set -- $vc
  python3 cuda_ptx.py $(ls -S /tmp/cl-$1-$2/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$1 cap=$2: $(ptxas -arch=sm_90 -v $( [ $2 != 0 ] && echo -maxrregcount=$2 ) r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers|[0-9]+ bytes spill stores' | tr '\n' ' ')"
done
