#!/usr/bin/env bash
# Issue 4's figures with round 20's final build (8a92f5e, .device/r20f/ldpc):
# OpenCL throughput at 20 and 50 iterations, DVB-S2 normal and short 1/2,
# with the 16-thread CPU backend in the same run as each line's baseline;
# the same with LDPC_CL_PROFILE=1 for the split between kernels and
# transfers; one frame, layered and flooding; every DVB-S2 rate at 20
# iterations (calls of 8192 normal / 32768 short frames).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c-final
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
b() { echo "-- $*"; timeout 150 .device/r20f/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -E '^(opencl|avx|decoder|machine) ' | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for it in 20 50; do
  b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  b --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for it in 20 50; do
  LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --baseline none
  LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations $it --batch 32768 --baseline none
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  b --code $code --iterations 20 --batch 1 --baseline none
  b --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms
done
echo "== every rate, 20 iterations"
for code in normal-1/4 normal-1/3 normal-2/5 normal-1/2 normal-3/5 normal-2/3 normal-3/4 normal-4/5 normal-5/6 normal-8/9 normal-9/10 short-1/4 short-1/3 short-2/5 short-1/2 short-3/5 short-2/3 short-3/4 short-4/5 short-5/6 short-8/9; do
  batch=8192; case $code in short*) batch=32768;; esac
  printf '%s %s: ' $code $batch
  timeout 60 .device/r20f/ldpc bench --backend opencl --seconds 2 --baseline none --code dvbs2-$code --batch $batch 2>&1 | grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'
done
echo "== test_opencl_exact (r20f)"
(cd /tmp && timeout 250 $OLDPWD/.device/r20f/test_opencl_exact 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|layer_groups|threshold|tests ran" | tail -10)
