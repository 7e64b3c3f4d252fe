#!/bin/bash
# Round 16, run B: run A's new kernel 22 (global posteriors) held 85 registers against 80 and
# lost 0.93-0.97x; .device/q2 keeps WORD_AT for its slot words only (posteriors addressed as
# before), against the old kernels (.device/q0/kernels, HEAD 706d190) in the same binary, with
# pairs off, at degree bounds 8 / 16 / 32 (normal 1/2, 2/3, 9/10). Then auto's pair threshold
# at 2-4 frames per compute unit (run A: pairs 1.21-1.38x at 8 per unit, 0.84x at 2). Then
# issue 4's figures of this build with the CPU backend (16 threads) in the same run, profiled.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
LDPC_CL_CACHE_DIR=/tmp/cl-new timeout 240 .device/q2/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"
  if [ $v = old ]; then export LDPC_CL_KERNEL_DIR=.device/q0/kernels; else unset LDPC_CL_KERNEL_DIR; fi
  LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 100 .device/q2/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*(latency with .*pairs of frames [0-9]+).*/  \1/'; }
export LDPC_CL_LATENCY_PAIRS=single
for round in 1 2; do
  for v in old new; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-2/3 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 4096
  done
done
unset LDPC_CL_KERNEL_DIR
for round in 1 2; do
  for p in single pairs; do
    for c in "dvbs2-normal-1/2 --batch 528" "dvbs2-short-1/2 --batch 528" "dvbs2-normal-1/2 --batch 396" "dvbs2-short-1/2 --batch 396"; do
      LDPC_CL_LATENCY_PAIRS=$p b new --iterations 20 --code $c
    done
  done
done
unset LDPC_CL_LATENCY_PAIRS
echo "#### issue 4 figures: auto, CPU backend (16 threads) as baseline, profiled"
f() { echo "== $*"; LDPC_CL_CACHE_DIR=/tmp/cl-new LDPC_CL_PROFILE=1 timeout 150 .device/q2/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -vE "^\s*$|^ldpc bench:|^code |^frames |^decoder |^setup " | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for it in 20 50; do
  f --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  f --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do f --code $code --iterations 20 --batch 1 --baseline none; done
