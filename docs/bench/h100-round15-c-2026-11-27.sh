#!/bin/bash
# Round 15, run C: the pair kernel re-reading old messages only where a layer shares a variable or
# a half is frozen (.device/p3, Release). Pairs against the one-frame slot kernel (normal 1/2),
# and pairs with global posteriors against the local-posterior kernel that auto runs for short
# frames; two rounds alternating; test_opencl_exact through NVIDIA's driver; registers.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
timeout 200 .device/p3/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $LDPC_CL_LATENCY_POSTERIORS $*"; LDPC_CL_LATENCY_PAIRS=$v timeout 100 .device/p3/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*with local posteriors ([0-9]+).*(in pairs of frames [0-9]+).*/  local \1, \2/' | cut -c1-150; }
for round in 1 2; do
  for v in pairs single; do
    LDPC_CL_PROFILE=1 b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1056
  done
  for it in 20 50; do
    LDPC_CL_LATENCY_POSTERIORS=global b pairs --code dvbs2-short-1/2 --iterations $it --batch 32768
    b single --code dvbs2-short-1/2 --iterations $it --batch 32768
  done
  for f in 132 1056 4224; do
    LDPC_CL_LATENCY_POSTERIORS=global b pairs --code dvbs2-short-1/2 --iterations 20 --batch $f
    b single --code dvbs2-short-1/2 --iterations 20 --batch $f
  done
done
cd .device/tab
python3 cuda_ptx.py $(ls -S /tmp/cl/*.clbin | head -1) r.ptx layered_latency_d8 layered_latency_pairs_d8
ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "Compiling entry|registers" | paste - - | sed -E "s/ptxas info +: //g; s/for 'sm_90'//; s/used 1 barriers, //" | cut -c1-110
