#!/usr/bin/env bash
# Round 19 run F on the GPU machine: the final build (r19d: also the
# local-posterior kernel of bound 8 in groups of one layer, up to one frame
# per compute unit) against the build before the twins (r19), alternating;
# test_opencl_exact of the final build through NVIDIA's driver.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local v=$1; shift; LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 90 .device/$v/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms median", $8, "ms p99"}'; }
run r19d --code dvbs2-short-1/2 --batch 1 | grep -oE 'local posteriors [0-9]+.*in groups of one layer [0-9]+\)'
python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-r19d/*.clbin | head -1) /tmp/r.ptx layered_latency_local_d8_layer layered_latency_local_d8 &&
  ptxas -arch=sm_90 -v /tmp/r.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill'
for r in 1 2; do
  for v in r19 r19d; do
    for args in "dvbs2-short-1/2 1" "dvbs2-short-1/2 132" "dvbs2-short-1/2 264" "dvbs2-short-3/5 1" "dvbs2-normal-1/2 1" "dvbs2-normal-1/2 132"; do
      set -- $args
      printf '%s %s %s round %s: ' $1 $2 $v $r; run $v --code $1 --batch $2 | line
    done
    printf 'dvbs2-short-1/2 1 early termination 2.5 dB %s round %s: ' $v $r; run $v --code dvbs2-short-1/2 --batch 1 --max-iter 50 --ebn0 2.5 | grep -E '^opencl ' | awk '{print $7, "ms median", $9, "it"}'
  done
done
echo "== test_opencl_exact (r19d)"
(cd /tmp && timeout 200 $OLDPWD/.device/r19d/test_opencl_exact 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|layer_groups" | tail -8)
