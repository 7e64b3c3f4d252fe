#!/usr/bin/env bash
# Round 19 run E on the GPU machine: the final build (r19c: circulant twins
# in groups of one layer only up to one frame per compute unit) against the
# build before the twins (r19), alternating; and, timing only, the
# local-posterior kernels of bounds 8 and 16 in groups of 360 (k360l through
# LDPC_CL_KERNEL_DIR with run C's ldpc360 host, which takes a kernel's
# compiled group size as its largest); test_opencl_exact of the final build.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local v=$1; shift
  if [ $v = k360l ]; then LDPC_CL_CACHE_DIR=/tmp/c-$v LDPC_CL_KERNEL_DIR=.device/r19/k360l timeout 90 .device/r19/ldpc360 bench --backend opencl --baseline none --seconds 2 "$@" 2>&1
  else LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 90 .device/$v/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1; fi; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms median", $8, "ms p99"}'; }
run r19c --code dvbs2-normal-1/2 --batch 1 | grep -oE 'in groups of one layer [0-9]+\)'
run k360l --code dvbs2-short-1/2 --batch 1 | grep -oE 'latency with local posteriors [0-9]+'
python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-k360l/*.clbin | head -1) /tmp/r.ptx layered_latency_local_d8 layered_latency_local_d16 &&
  ptxas -arch=sm_90 -v /tmp/r.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill'
for r in 1 2; do
  for v in r19 r19c; do
    for args in "dvbs2-normal-1/2 1" "dvbs2-normal-1/2 132" "dvbs2-normal-1/2 264" "dvbs2-short-1/2 32768"; do
      set -- $args
      printf '%s %s %s round %s: ' $1 $2 $v $r; run $v --code $1 --batch $2 | line
    done
  done
  for v in r19c k360l; do
    for args in "dvbs2-short-1/2 1" "dvbs2-short-3/5 1" "dvbs2-short-1/2 132" "dvbs2-short-1/2 528"; do
      set -- $args
      printf '%s %s %s round %s: ' $1 $2 $v $r; run $v --code $1 --batch $2 | line
    done
  done
done
echo "== test_opencl_exact (r19c)"
(cd /tmp && timeout 200 $OLDPWD/.device/r19c/test_opencl_exact 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|layer_groups" | tail -8)
