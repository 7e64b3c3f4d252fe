#!/bin/bash
# Round 16, run D: run C's figures again (asked for an H200, the issue's machine; the warm H100 ran it): issue 4's throughput cases
# with the CPU backend (16 threads) as baseline in the same run, profiled for the kernel /
# transfer split; one frame per call unprofiled (profiling events cost the host about 15 µs per
# launch, which the spread design's launch per iteration feels), two repetitions each.
# .device/q3 = ce473ef, Release. test_opencl_exact through NVIDIA's driver first.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv
timeout 240 .device/q3/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
f() { echo "== $*"; timeout 150 .device/q3/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -vE "^\s*$|^ldpc bench:|^code |^decoder |^frames |^machine " | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for it in 20 50; do
  LDPC_CL_PROFILE=1 f --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  LDPC_CL_PROFILE=1 f --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for rep in 1 2; do
  for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
    f --code $code --iterations 20 --batch 1 --baseline none | grep '^opencl   '
    f --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms | grep '^opencl   '
    f --code $code --iterations 40 --batch 1 --baseline none --decoder fixed-flooding-oms | grep '^opencl   '
  done
done
