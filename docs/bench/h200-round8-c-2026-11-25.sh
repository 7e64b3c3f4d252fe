#!/bin/bash
# Issue 4 round 8, run 3: transfer queues only for pipelined passes; default pipelined pass 16 x compute units.
# build-dev/r8/old = eed8a00 (before round 8), build-dev/r10/new = this commit (RelWithDebInfo).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
N=build-dev/r10/new O=build-dev/r8/old S=dvbs2-short-1/2 L=dvbs2-normal-1/2 OFF=4294967295
t() { echo "== $1"; s=$SECONDS; (cd $N && timeout "$2" "./$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|ERROR"); echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
g() { echo "== pipeline=$1 ${*:2}"; LDPC_CL_PIPELINE_FRAMES=$1 timeout 100 $N/ldpc bench --backend opencl --baseline none --seconds 2 "${@:2}" 2>&1 | grep -E "^opencl|pipelined|rror" | sed 's/.*; up to/  up to/'; }
o() { echo "== old ${*}"; timeout 100 $O/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl  |rror"; }
c() { echo "== $*"; taskset -c 0,1 timeout 60 "$@" --baseline none --seconds 3 2>&1 | grep -E "^(avx|sse)"; }
nvidia-smi --query-gpu=name --format=csv,noheader
t test_opencl_exact 200
for r in 1 2; do
  o --code $S --iterations 20 --batch 1 --decoder fixed-flooding-oms
  g 0 --code $S --iterations 20 --batch 1 --decoder fixed-flooding-oms
  o --code $S --iterations 20 --batch 1
  g 0 --code $S --iterations 20 --batch 1
done
for r in 1 2; do
  g 0 --code $S --iterations 20 --batch 32768
  o --code $S --iterations 20 --batch 32768
done
g 0 --code $S --iterations 20 --batch 8192
g $OFF --code $S --iterations 20 --batch 8192
g 0 --code $L --iterations 20 --batch 8192
o --code $L --iterations 20 --batch 8192
g 0 --code $L --iterations 50 --batch 8192
o --code $L --iterations 50 --batch 8192
o --code $S --iterations 50 --batch 32768
g 0 --code $S --iterations 50 --batch 32768
echo "## CPU, two cores, posterior=8, old/new"
P8="--decoder fixed-layered-oms,posterior=8"
for r in 1 2; do
  c $O/ldpc bench --code $L $P8 --threads 1
  c $N/ldpc bench --code $L $P8 --threads 1
  c $O/ldpc bench --code $S $P8 --threads 2
  c $N/ldpc bench --code $S $P8 --threads 2
done
