#!/usr/bin/env bash
# Issue 4 on 2026-11-28 (thirteenth session, an H200, build c31d52e + cl_limits,
# .device/s24/, Release; kernels unchanged since round 20): the device's
# memory limits that bound a decoder keeping its frames in global memory
# (docs/bench/cl-limits/cl_limits.c, and clinfo's limits), then the
# figures of the final build: OpenCL throughput at 20 and 50 iterations
# against the 16-thread CPU backend in the same process, the split between
# kernels and transfers, one frame layered and flooding, the OpenCL tests
# through NVIDIA's driver. PART=1 or PART=2 runs one half (each fits a
# device call), PART=limits the device's limits alone (rerun with the
# corrected cl_limits: the first run's L2 sweep re-read one word per
# work-item and its chase re-walked the same lines, both into caches).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c-s24
b() { echo "-- $*"; timeout 150 .device/s24/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -E '^(opencl|avx|decoder|baseline|machine|device|upload|table)|upload' ; }
if [ "${PART:-1}" = 1 ] || [ "${PART:-1}" = limits ]; then
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
  lscpu | grep -E 'Model name|^CPU\(s\)'
  clinfo 2>/dev/null | grep -E 'Device Name|Max compute units|Max clock|Local memory size|Max work group size|Global memory cache size|Global Memory cache line|Max memory allocation' | sort -u
  .device/s24/cl_limits NVIDIA
fi
if [ "${PART:-1}" = 1 ]; then
  for it in 20 50; do
    b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
    b --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
  done
elif [ "${PART:-1}" = 2 ]; then
  for it in 20 50; do
    LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --baseline none
    LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations $it --batch 32768 --baseline none
  done
  for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
    b --code $code --iterations 20 --batch 1 --baseline none
    b --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms
    b --code $code --iterations 40 --batch 1 --baseline none --decoder fixed-flooding-oms
  done
  for t in test_opencl_exact test_opencl_tables test_opencl_saturated test_opencl_fallback; do
    echo "== $t"
    (cd /tmp && timeout 250 $OLDPWD/.device/s24/$t 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|tests ran" | tail -6)
  done
fi
# PART=arithmetic: the pair kernel's arithmetic alone, in registers
# (pair_arithmetic.c of commit 1b1cb3d, since part of
# docs/bench/cl-limits/cl_limits.c), as a throughput ceiling.
if [ "${PART:-1}" = arithmetic ]; then
  .device/s24/pair_arithmetic NVIDIA
fi
