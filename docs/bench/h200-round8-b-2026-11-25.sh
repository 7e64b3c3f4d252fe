#!/bin/bash
# Issue 4 round 8, run 2: pipelined passes with uploads and read-backs on their own queues.
# build-dev/r8/old = eed8a00 (before round 8), build-dev/r9/new = this commit (RelWithDebInfo).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
N=build-dev/r9/new O=build-dev/r8/old S=dvbs2-short-1/2 L=dvbs2-normal-1/2 OFF=4294967295
t() { echo "== $1"; s=$SECONDS; (cd $N && timeout "$2" "./$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|ERROR"); echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
g() { echo "== pipeline=$1 ${*:2}"; LDPC_CL_PIPELINE_FRAMES=$1 timeout 100 $N/ldpc bench --backend opencl --baseline none --seconds 2 "${@:2}" 2>&1 | grep -E "^opencl|pipelined|rror" | sed 's/.*; up to/  up to/'; }
o() { echo "== old ${*}"; timeout 100 $O/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl|rror"; }
t test_opencl_exact 200
t test_opencl_tables 100
t test_opencl_fallback 100
for r in 1 2; do
  g 0 --code $S --iterations 20 --batch 32768
  g $OFF --code $S --iterations 20 --batch 32768
done
LDPC_CL_PROFILE=1 g 0 --code $S --iterations 20 --batch 32768
g 0 --code $S --iterations 20 --batch 65536
g 0 --code $L --iterations 20 --batch 16384
g $OFF --code $L --iterations 20 --batch 16384
g 2048 --code $L --iterations 20 --batch 8192
g $OFF --code $L --iterations 20 --batch 8192
g 0 --code $S --iterations 50 --batch 32768
g 0 --code $L --iterations 50 --batch 16384
echo "## one frame per call: latency before (old) and after"
for code in $S $L; do
  o --code $code --iterations 20 --batch 1
  g 0 --code $code --iterations 20 --batch 1
  o --code $code --iterations 20 --batch 1 --decoder fixed-flooding-oms
  g 0 --code $code --iterations 20 --batch 1 --decoder fixed-flooding-oms
done
