#!/bin/bash
# Round 14, run H: the slot kernel's message and slot-word addresses stepped by a per-check
# pointer instead of rebuilt per slot (kernel directory .device/kP, timing only) against the
# embedded kernels of the same binary (.device/h2), alternating; registers of both.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
b() { v=$1; shift; echo "== $v $*"; timeout 120 .device/h2/ldpc bench --backend opencl --seconds 2 --baseline none --iterations 20 "$@" 2>&1 | grep -E "^opencl " | head -1 | cut -c1-120; }
for round in 1 2; do for v in h2 kP; do
  export LDPC_CL_CACHE_DIR=/tmp/clh-$v; if [ $v = kP ]; then export LDPC_CL_KERNEL_DIR=.device/kP; else unset LDPC_CL_KERNEL_DIR; fi
  b $v --code dvbs2-normal-1/2 --batch 8192
  b $v --code dvbs2-normal-1/2 --batch 8192 --iterations 50
  b $v --code dvbs2-normal-1/2 --batch 1
  LDPC_CL_LATENCY_TABLES=slots b $v --code dvbs2-normal-2/3 --batch 8192
done; done
cd .device/tab
for v in h2 kP; do echo "== registers $v"
  python3 cuda_ptx.py $(ls -S /tmp/clh-$v/*.clbin | head -1) r.ptx layered_latency_d8 layered_latency_d16 layered_latency_local_d8
  ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "Compiling entry|registers" | paste - - | sed -E "s/ptxas info +: //g; s/for 'sm_90'//; s/used 1 barriers, //" | cut -c1-100
done
