#!/usr/bin/env bash
# Issue 4's figures on 2026-11-28 (build 50fd98a, .device/s23/ldpc, Release;
# kernels unchanged since round 20, the host's table upload reading the
# code's layer-ordered edges since 50c859d): OpenCL throughput at 20 and 50
# iterations, DVB-S2 normal and short 1/2, each line against the 16-thread
# CPU backend in the same process (its default decoder, then its saturated
# one); the split between kernels and transfers (LDPC_CL_PROFILE=1); one
# frame, layered and flooding; and the OpenCL exactness, table and fallback
# tests through NVIDIA's driver. (The output's first run cut lines at 240
# characters, which lost the profiled split; its PROFILE_ONLY=1 rerun, on
# the same kind of card, has the whole lines.)
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c-s23
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
lscpu | grep -E 'Model name|^CPU\(s\)'
b() { echo "-- $*"; timeout 150 .device/s23/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -E '^(opencl|avx|decoder|baseline|machine|device|upload|table)|upload' ; }
if [ -z "${PROFILE_ONLY:-}" ]; then
for it in 20 50; do
  for spec in "dvbs2-normal-1/2 8192" "dvbs2-short-1/2 32768"; do
    set -- $spec
    b --code $1 --iterations $it --batch $2 --threads 16 --baseline auto
    b --code $1 --iterations $it --batch $2 --threads 16 --baseline avx512bw --baseline-decoder fixed-layered-oms,posterior=8
  done
done
fi
for it in 20 50; do
  LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --baseline none
  LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations $it --batch 32768 --baseline none
done
[ -n "${PROFILE_ONLY:-}" ] && exit 0
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  b --code $code --iterations 20 --batch 1 --baseline none
  b --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms
  b --code $code --iterations 40 --batch 1 --baseline none --decoder fixed-flooding-oms
done
for t in test_opencl_exact test_opencl_tables test_opencl_saturated test_opencl_fallback; do
  echo "== $t"
  (cd /tmp && timeout 250 $OLDPWD/.device/s23/$t 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|tests ran" | tail -6)
done
