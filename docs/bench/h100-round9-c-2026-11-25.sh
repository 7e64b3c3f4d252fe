#!/bin/bash
# Round 9, run 3: the committed one-check latency kernel (r12) against the previous build (r11, two checks), alternating.
# Builds: build-dev/r11/new = bd32524 (two checks in registers), build-dev/r12/new = d640519 (one check in
# the global-posterior latency kernel); Release, built on the development VM.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "### exactness through NVIDIA's driver (new build)"
for t in exact tables fallback; do timeout 300 build-dev/r12/new/test_opencl_$t 2>&1 | grep -E "PASSED|FAILED|SKIPPED  \]" | head -6; done
b() { local v=$1; shift; echo "== $v $*"; timeout 150 build-dev/$v/new/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in r11 r12; do
    for batch in 1 16 1024 8192; do b $v --code dvbs2-normal-1/2 --iterations 20 --batch $batch; done
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
  done
done
echo "### profiled, new build"
LDPC_CL_PROFILE=1 b r12 --code dvbs2-normal-1/2 --iterations 20 --batch 8192
LDPC_CL_PROFILE=1 b r12 --code dvbs2-normal-1/2 --iterations 20 --batch 16384
LDPC_CL_PROFILE=1 b r12 --code dvbs2-normal-1/2 --iterations 50 --batch 8192
echo "### register caps, new build"
for c in 128 96 80; do LDPC_CL_MAX_REGISTERS=$c LDPC_CL_PROFILE=1 b r12 --code dvbs2-normal-1/2 --iterations 20 --batch 8192; done
echo "### one frame, early termination at 1.5 dB (max 50)"
for v in r11 r12; do b $v --code dvbs2-normal-1/2 --max-iter 50 --ebn0 1.5 --batch 1; done
echo "### CPU backend, same run (16 threads)"
timeout 60 build-dev/r12/new/ldpc bench --code dvbs2-normal-1/2 --iterations 20 --threads 16 --seconds 3 --baseline none 2>&1 | grep -E "^auto|^avx|machine"
