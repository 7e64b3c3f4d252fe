#!/bin/bash
# Issue 4 round 8 (pipelined passes) and issue 3 (saturated checks in registers) on the lent H100 machine.
# Run from the repository root; build-dev/r8/old = eed8a00, build-dev/r8/new = this commit (RelWithDebInfo).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
N=build-dev/r8/new O=build-dev/r8/old S=dvbs2-short-1/2 L=dvbs2-normal-1/2
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; lscpu | grep -E "Model name|^CPU\(s\)"
t() { echo "== $1"; s=$SECONDS; (cd $N && timeout "$2" "./$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|ERROR"); echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
g() { echo "== pipeline=$1 ${*:2}"; LDPC_CL_PIPELINE_FRAMES=$1 timeout 100 $N/ldpc bench --backend opencl --baseline none --seconds 2 "${@:2}" 2>&1 | grep -E "^opencl|pipelined|rror" | sed 's/.*; up to/  up to/'; }
c() { echo "== $*"; taskset -c 0,1 timeout 60 "$@" --baseline none --seconds 3 2>&1 | grep -E "^(avx|sse)"; }
t test_opencl_exact 200
OFF=4294967295
g 0 --code $S --iterations 20 --batch 32768
g $OFF --code $S --iterations 20 --batch 32768
g 0 --code $S --iterations 20 --batch 32768
g $OFF --code $S --iterations 20 --batch 32768
g 2048 --code $S --iterations 20 --batch 32768
g 8192 --code $S --iterations 20 --batch 32768
g 0 --code $S --iterations 20 --batch 65536
g $OFF --code $S --iterations 20 --batch 65536
g 0 --code $L --iterations 20 --batch 8192
g $OFF --code $L --iterations 20 --batch 8192
g 0 --code $L --iterations 20 --batch 16384
g $OFF --code $L --iterations 20 --batch 16384
g 0 --code $S --iterations 50 --batch 32768
g $OFF --code $S --iterations 50 --batch 32768
g 0 --code $S --iterations 20 --batch 32768 --decoder fixed-layered-oms,posterior=8
g $OFF --code $S --iterations 20 --batch 32768 --decoder fixed-layered-oms,posterior=8
echo "## CPU, two cores (taskset -c 0,1), posterior=8, old/new alternating"
t test_simd_backends 200
P8="--decoder fixed-layered-oms,posterior=8"
for r in 1 2; do
  for code in $L $S; do
    for th in 1 2; do
      c $O/ldpc bench --code $code $P8 --threads $th
      c $N/ldpc bench --code $code $P8 --threads $th
      c $N/ldpc bench --code $code $P8 --threads $th --backend avx2
    done
  done
done
