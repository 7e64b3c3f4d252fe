#!/bin/bash
# Round 14, run E: which half of run D's change raised the slot kernel's registers (80 -> 133)?
# Timing-only kernel directories with the h1 binary: kA = the slot kernel's write loop as before
# (branch-free minima kept), kC = the slot kernel's minima with the old branches (write loops
# hoisted); h0 (HEAD) and h1 (run D) beside them; ptxas -v of every latency kernel of each.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
b() { v=$1; shift; echo "== $v $*"; timeout 120 "$@" 2>&1 | grep -E "^opencl " | head -1 | cut -c1-120; }
run() { v=$1; bin=$2; dir=$3
  export LDPC_CL_CACHE_DIR=/tmp/cle-$v
  if [ -n "$dir" ]; then export LDPC_CL_KERNEL_DIR=$dir; else unset LDPC_CL_KERNEL_DIR; fi
  B=".device/$bin/ldpc bench --backend opencl --seconds 2 --baseline none --iterations 20"
  b $v $B --code dvbs2-normal-1/2 --batch 8192
  b $v $B --code dvbs2-normal-5/6 --batch 8192
  b $v $B --code dvbs2-short-1/2 --batch 32768
  b $v $B --code dvbs2-normal-1/2 --batch 1
}
for round in 1 2; do run h0 h0 ""; run h1 h1 ""; run kA h1 .device/kA; run kC h1 .device/kC; done
cd .device/tab
for v in h0 h1 kA kC; do
  echo "== registers $v"
  python3 cuda_ptx.py $(ls -S /tmp/cle-$v/*.clbin | head -1) r.ptx layered_latency_d8 layered_latency_d16 layered_latency_d32 layered_latency_local_d8 layered_latency_local_d16 layered_latency_local_d32 layered_circulant_d8 layered_circulant_d16 layered_circulant_d32 layered_group_per_frame
  ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "Compiling entry|registers" | paste - - | sed -E "s/ptxas info +: //g; s/for 'sm_90'//; s/used 1 barriers, //" | cut -c1-110
done
