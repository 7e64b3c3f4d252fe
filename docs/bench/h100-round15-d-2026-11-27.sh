#!/bin/bash
# Round 15, run D: the pair kernel as committed (.device/p4, Release; auto takes it from 32 frames
# per compute unit), against the one-frame kernels (LDPC_CL_LATENCY_PAIRS=single), a timing
# variant without the next layer's slot words read ahead (kernel directory .device/kw: fewer
# registers), and a program-wide register cap of 80; two rounds. Then issue 4's figures with the
# CPU backend (16 threads) in the same run. test_opencl_exact through NVIDIA's driver; registers.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
LDPC_CL_CACHE_DIR=/tmp/cl timeout 200 .device/p4/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"; timeout 100 .device/p4/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*with local posteriors ([0-9]+).*(in pairs of frames [0-9]+).*/  local \1, \2/' | cut -c1-150; }
for round in 1 2; do
  for code in "dvbs2-normal-1/2 --batch 8192" "dvbs2-short-1/2 --batch 32768"; do
    LDPC_CL_CACHE_DIR=/tmp/cl b auto --code $code --iterations 20
    LDPC_CL_CACHE_DIR=/tmp/cl-kw LDPC_CL_KERNEL_DIR=.device/kw b kw --code $code --iterations 20
    LDPC_CL_CACHE_DIR=/tmp/cl-r80 LDPC_CL_MAX_REGISTERS=80 b r80 --code $code --iterations 20
    LDPC_CL_CACHE_DIR=/tmp/cl LDPC_CL_LATENCY_PAIRS=single b single --code $code --iterations 20
  done
  LDPC_CL_CACHE_DIR=/tmp/cl b auto --code dvbs2-normal-1/2 --iterations 20 --batch 4224
  LDPC_CL_CACHE_DIR=/tmp/cl LDPC_CL_LATENCY_PAIRS=single b single --code dvbs2-normal-1/2 --iterations 20 --batch 4224
done
cd .device/tab
for c in cl cl-kw; do
  python3 cuda_ptx.py $(ls -S /tmp/$c/*.clbin | head -1) r.ptx layered_latency_pairs_d8
  echo "$c: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers')"
done
cd ../..
echo "#### issue 4 figures: auto, CPU backend (16 threads) as baseline"
f() { echo "== $*"; LDPC_CL_CACHE_DIR=/tmp/cl LDPC_CL_PROFILE=1 timeout 150 .device/p4/ldpc bench --backend opencl --seconds 3 --threads 16 --baseline auto "$@" 2>&1 | grep -vE "^\s*$" | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-400; }
for it in 20 50; do
  f --code dvbs2-normal-1/2 --iterations $it --batch 8192
  f --code dvbs2-short-1/2 --iterations $it --batch 32768
done
