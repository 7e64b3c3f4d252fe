#!/bin/bash
# Round 17, run B: does the record kernel (72 registers, 4 groups of 180 per SM) gain from a
# register cap that lets 5 or 6 groups share an SM (LDPC_CL_MAX_REGISTERS 64 / 56, program-wide:
# only the pair kernel runs here)? The committed kernel (.device/old) under the same caps beside
# it; alternating, normal and short 1/2 at 20 iterations; registers and spill bytes.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
b() { v=$1; cap=$2; shift 2; echo "== $v cap=$cap $*"
  LDPC_CL_MAX_REGISTERS=$cap LDPC_CL_CACHE_DIR=/tmp/cl-$v-$cap timeout 100 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl  |fallback|rror"; }
for round in 1 2; do
  for cap in 0 64 56; do
    for v in old new; do
      b $v $cap --code dvbs2-normal-1/2 --iterations 20 --batch 8192
      b $v $cap --code dvbs2-short-1/2 --iterations 20 --batch 32768
    done
  done
done
cd .device/tab
for cap in 0 64 56; do
  for v in old new; do
    python3 cuda_ptx.py $(ls -S /tmp/cl-$v-$cap/*.clbin | head -1) r.ptx layered_latency_pairs_d8
    echo "$v cap=$cap: $(ptxas -arch=sm_90 -v $( [ $cap != 0 ] && echo -maxrregcount=$cap ) r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers|[0-9]+ bytes spill stores' | tr '\n' ' ')"
  done
done
