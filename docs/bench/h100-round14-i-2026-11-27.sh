#!/bin/bash
# Round 14, run I: would the local-posterior kernel (dvbs2-short-1/2) gain from a third group
# per SM? At 133 registers two groups of 180 fit an SM; at 112 or fewer, three. OpenCL caps
# registers only for a whole program (LDPC_CL_MAX_REGISTERS = -cl-nv-maxrregcount), so this is
# an experiment on short frames alone, same binary (.device/h2 = round 14's build).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
b() { echo "== cap ${LDPC_CL_MAX_REGISTERS:-none} $*"; timeout 120 .device/h2/ldpc bench --backend opencl --seconds 2 --baseline none --iterations 20 "$@" 2>&1 | grep -E "^opencl " | head -1 | cut -c1-120; }
for cap in none 112 96 none; do
  if [ $cap = none ]; then unset LDPC_CL_MAX_REGISTERS; else export LDPC_CL_MAX_REGISTERS=$cap; fi
  export LDPC_CL_CACHE_DIR=/tmp/cli-$cap
  b --code dvbs2-short-1/2 --batch 32768
  b --code dvbs2-short-1/2 --batch 1
done
cd .device/tab
for cap in 112 96; do echo "== ptxas, cap $cap"
  python3 cuda_ptx.py $(ls -S /tmp/cli-$cap/*.clbin | head -1) r.ptx layered_latency_local_d8
  grep -m1 maxnreg r.ptx; ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "registers|spill" | tr '\n' ' '; echo
done
