#!/bin/bash
# Round 14, run F: the kept change (branch-free minima and hoisted sharing test in the
# local-posterior kernel only, .device/h2) against HEAD fe18480 (.device/h0), alternating;
# test_opencl_exact of h2 through NVIDIA's driver; registers of the local kernels.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
echo "== test_opencl_exact (h2)"; LDPC_CL_CACHE_DIR=/tmp/clf-h2 timeout 240 .device/h2/test_opencl_exact 2>&1 | grep -E "PASSED|FAIL|SKIPPED  \]" | tail -4
b() { v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/clf-$v timeout 120 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none --iterations 20 "$@" 2>&1 | grep -E "^opencl " | head -1 | cut -c1-120; }
for round in 1 2; do for v in h0 h2; do
  b $v --code dvbs2-short-1/2 --batch 32768
  b $v --code dvbs2-short-1/2 --batch 1
  b $v --code dvbs2-short-1/2 --batch 528
  b $v --code dvbs2-short-3/5 --batch 132
  b $v --code dvbs2-short-1/2 --batch 32768 --iterations 50
  b $v --code dvbs2-normal-1/2 --batch 8192
done; done
cd .device/tab
for v in h0 h2; do echo "== registers $v"
  python3 cuda_ptx.py $(ls -S /tmp/clf-$v/*.clbin | head -1) r.ptx layered_latency_local_d8 layered_latency_local_d16 layered_latency_d8
  ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "Compiling entry|registers" | paste - - | sed -E "s/ptxas info +: //g; s/for 'sm_90'//; s/used 1 barriers, //" | cut -c1-100
done
